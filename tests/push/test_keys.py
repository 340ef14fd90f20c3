"""The site's VAPID keys: made by a command, written once for ``make run``, and usable."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from django.core.management import call_command
from py_vapid import Vapid

from games.notifications.push.keys import b64url, new_keys


def test_a_new_pair_signs_and_its_public_key_is_the_one_browsers_take() -> None:
    private, public = new_keys()
    signer = Vapid.from_string(private_key=private)
    headers = signer.sign({"sub": "mailto:a@example.com", "aud": "https://push.example.com"})
    assert headers["Authorization"].endswith(f"k={public}")
    assert len(public) == len(b64url(bytes(65))) and len(private) == len(b64url(bytes(32)))


def test_make_run_writes_its_keys_once_and_keeps_them(tmp_path: Path) -> None:
    target = tmp_path / "var" / "vapid.env"
    call_command("push_keys", env_file=target, stdout=StringIO())
    first = target.read_text()
    assert first.startswith("VAPID_PUBLIC_KEY=") and "\nVAPID_PRIVATE_KEY=" in first
    assert target.stat().st_mode & 0o077 == 0  # only its owner reads the private key
    said = StringIO()
    call_command("push_keys", env_file=target, stdout=said)
    assert target.read_text() == first and "its keys are kept" in said.getvalue()
