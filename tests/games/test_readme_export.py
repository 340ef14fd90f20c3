"""The README's example of re-scoring an export runs as written, on a real export."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.games.playing import play_to_end

README = Path(__file__).resolve().parents[2] / "README.md"


def _export_example() -> str:
    section = README.read_text().split("## Game exports", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return code


def test_the_readme_example_replays_and_re_scores_an_export(
    client: Client, host: User, started: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = play_to_end(started, random.Random(21))
    client.force_login(host)
    (tmp_path / "export.json").write_bytes(client.get(f"/games/{finished.pk}/export.json").content)
    monkeypatch.chdir(tmp_path)
    exec(compile(_export_example(), "README.md", "exec"), {})  # raises if any score differs
