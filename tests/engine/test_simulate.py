"""The simulation program prints its table and writes the documented dump of final displays."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from engine import HOMETOWNS, CellKind, Landscape
from engine.simulate import (
    CATEGORIES,
    heads_up_margins,
    main,
    margin_interval,
    run,
    seat_bots,
    summary,
)

SEAT_KEYS = {"seat", "bot", "hometown", "whiskey", "marker", "score", "rank", "cells"}
CELL_KEYS = {"x", "y", "landscape", "value", "sheep", "kind"}


def _simulate(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def test_two_tiny_games_print_the_table_and_dump_every_documented_field(tmp_path: Path) -> None:
    dump = tmp_path / "final.jsonl"
    printed = _simulate(
        "--players", "2", "--games", "2", "--bots", "medium,random", "--seed", "3",
        "--dump-final", str(dump),
    )  # fmt: skip
    first, header, *rows, margin = printed.splitlines()
    assert "2 games of 2 players" in first and "games per second" in first
    assert header.split() == ["bot", "seats", *CATEGORIES, "wins"]
    assert [r.split()[:2] for r in rows] == [["medium", "2"], ["random", "2"]]
    assert all(r.count("±") == len(CATEGORIES) and r.endswith("%") for r in rows)
    assert re.fullmatch(
        r"medium - random: [+-]\d+\.\d points a game, 95% interval ± \d+\.\d", margin
    )

    lines = dump.read_text().splitlines()
    assert len(lines) == 2
    for number, line in enumerate(lines):
        record = json.loads(line)
        assert set(record) == {"game", "seed", "players", "rounds", "seats"}
        assert (record["game"], record["players"], record["rounds"]) == (number, 2, 12)
        seats = record["seats"]
        assert [s["bot"] for s in seats] == seat_bots(["medium", "random"], number)
        for i, seat in enumerate(seats):
            assert set(seat) == SEAT_KEYS and seat["seat"] == i
            assert set(seat["score"]) == set(CATEGORIES)
            assert seat["score"]["total"] == sum(seat["score"][c] for c in CATEGORIES[:-1])
            assert 0 <= seat["whiskey"] <= 12 and 0 <= seat["hometown"] < len(HOMETOWNS)
            assert seat["marker"] == (seat["score"]["marker"] == 5)
            assert seat["rank"] == 1 + sum(
                o["score"]["total"] > seat["score"]["total"] for o in seats
            )
            cells = seat["cells"]
            assert all(set(c) == CELL_KEYS for c in cells)
            assert [(c["y"], c["x"]) for c in cells] == sorted((c["y"], c["x"]) for c in cells)
            assert {c["kind"] for c in cells} <= {k.value for k in CellKind}
            assert {c["landscape"] for c in cells} <= {k.value for k in Landscape}
            assert sum(c["kind"] == "hometown" for c in cells) == 9
            assert sum(c["value"] for c in cells) == seat["score"]["stones"]
            assert all(c["landscape"] == "meadow" for c in cells if c["sheep"])


def test_shared_first_places_share_the_win() -> None:
    def seat(bot: str, total: int, rank: int) -> dict[str, object]:
        return {"bot": bot, "rank": rank, "score": dict.fromkeys(CATEGORIES, 0) | {"total": total}}

    records = [
        {"seats": [seat("hard", 90, 1), seat("medium", 90, 1), seat("random", 20, 3)]},
        {"seats": [seat("hard", 95, 1), seat("medium", 80, 2), seat("random", 20, 3)]},
    ]
    rates = {row["bot"]: row["win_rate"] for row in summary(records)}
    assert rates == {"hard": 0.75, "medium": 0.25, "random": 0.0}


def test_a_heads_up_margin_is_the_first_bots_total_minus_the_seconds() -> None:
    """Whichever seat each bot had in each game."""
    records = list(run(["medium", "random"], 4, seed=2))
    margins = heads_up_margins(records, "medium", "random")
    for record, margin in zip(records, margins, strict=True):
        totals = [s["score"]["total"] for s in record["seats"]]
        first = [s["bot"] for s in record["seats"]].index("medium")
        assert margin == totals[first] - totals[1 - first]
    mean, half = margin_interval(margins)
    assert mean == sum(margins) / 4 and mean - half > 0  # medium beats random clearly


def test_games_do_not_depend_on_how_many_processes_play_them() -> None:
    alone = list(run(["random", "random"], 2, seed=5, jobs=1))
    shared = list(run(["random", "random"], 2, seed=5, jobs=2))
    assert alone == shared
    assert alone[0]["seed"] != alone[1]["seed"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "3", "--bots", "medium,random"], "names 2 bots for 3 players"),
        (["--players", "2", "--bots", "medium,clever"], "unknown bot 'clever'"),
        (["--players", "6", "--bots", "random," * 5 + "random"], "2 to 5 players"),
    ],
)
def test_bad_arguments_stop_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
