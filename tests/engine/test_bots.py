"""Bots play only legal moves, decide alike for the same seed, see only their own seat, and the
stronger ones make the moves a good player would."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.bots
from engine import (
    Action,
    BogSiteFormed,
    Cell,
    CellKind,
    Display,
    EndRound,
    GameState,
    Landscape,
    PendingKind,
    Phase,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    UndoTurn,
    WhiskeyAdvanced,
    apply,
    legal_cells,
    legal_placements,
    legal_sheep_cells,
    new_game,
    pending,
    round_complete,
    score,
    view,
)
from engine.bots import BOTS, choose, play_turn
from engine.bots.base import tile_moves
from engine.bots.bitboard import TILE_SHAPES, TOWER_SHAPE, Bitboard, flocks_with_a_sheep
from engine.effects import largest_flock, towers_earned
from engine.geometry import frontier
from engine.scoring import hometown_surroundings
from engine.state import hometown_display

from .helpers import ENGINE_SETTINGS, display, game, playout, with_seat

BOTS_DIR = Path(engine.bots.__file__).parent
GRAIN_PASTURE, DISTILLERIES, GRAIN_ROW, MEADOWS_OVER_RUIN = 4, 2, 20, 16


def _is_legal(state: GameState, seat: int, action: Action) -> bool:
    """The action is one of those the public queries list for the seat's pending step."""
    p = pending(state, seat)
    if isinstance(action, PlaceTile):
        return p.kind is PendingKind.TILE and (
            action.orientation,
            action.x,
            action.y,
        ) in legal_placements(state, seat, action.slot)
    at = (action.x, action.y) if not isinstance(action, EndRound | UndoTurn) else None
    if isinstance(action, PlaceSheep):
        return p.kind is PendingKind.SHEEP and at in legal_sheep_cells(state, seat)
    if isinstance(action, PlaceBonus):
        return p.kind is PendingKind.BONUS and at in legal_cells(state, seat)
    if isinstance(action, PlaceTower):
        return p.kind is PendingKind.TOWER and at in legal_cells(state, seat)
    return False


def _play_checked(seed: int, bots: list[str]) -> GameState:
    """A whole game in which every action a bot chooses is checked against the queries."""
    state = new_game(seed, len(bots))
    while state.phase is not Phase.FINISHED:
        for seat, name in enumerate(bots):
            while pending(state, seat).kind is not PendingKind.NONE:
                action = choose(name, state, seat, seed + seat)
                assert _is_legal(state, seat, action), (name, str(action))
                state, _ = apply(state, seat, action)
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
    return state


def test_the_site_finds_every_bot_by_name() -> None:
    assert set(BOTS) == {"random", "easy", "medium", "hard", "expert"}
    assert all(bot.name == name for name, bot in BOTS.items())
    with pytest.raises(ValueError, match="no bot called 'clever'"):
        choose("clever", new_game(1, 2), 0, seed=1)


@pytest.mark.parametrize(
    ("players", "bots"),
    [
        (2, ["expert", "random"]),
        (3, ["easy", "medium", "random"]),
        (5, ["random", "easy", "random", "medium", "hard"]),
    ],
)
def test_bots_play_whole_games_with_legal_moves_only(players: int, bots: list[str]) -> None:
    """Tiles, sheep, bonus tiles and towers: every choice is one the queries allow."""
    final = _play_checked(players * 11, bots)
    assert final.phase is Phase.FINISHED
    assert final.round == final.rounds_total


@settings(ENGINE_SETTINGS, max_examples=25)
@given(
    st.integers(0, 10_000),
    st.integers(2, 5),
    st.floats(0, 1),
    st.sampled_from(sorted(BOTS)),
    st.integers(0, 10_000),
)
def test_a_bot_chooses_a_legal_action_in_any_position(
    seed: int, players: int, when: float, name: str, bot_seed: int
) -> None:
    """From anywhere in a random game, also mid-turn and in the tower step."""
    _, log = playout(seed, players, random.Random(seed))
    state = new_game(seed, players)
    for seat, action in log[: int(when * (len(log) - 1))]:
        state, _ = apply(state, seat, action)
    waiting = [s for s in range(players) if pending(state, s).kind is not PendingKind.NONE]
    assert waiting or round_complete(state)
    for seat in waiting:
        assert _is_legal(state, seat, choose(name, state, seat, bot_seed))


def test_a_bot_refuses_to_move_for_a_seat_with_nothing_to_do() -> None:
    state, _ = play_turn("random", new_game(2, 2), 0, seed=1)
    with pytest.raises(ValueError, match="Seat 0 has nothing to do"):
        choose("hard", state, 0, seed=1)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_decides_the_same_for_the_same_seed(name: str) -> None:
    state = _middle_of_a_game()
    assert choose(name, state, 1, seed=7) == choose(name, state, 1, seed=7)
    assert play_turn(name, state, 1, seed=7) == play_turn(name, state, 1, seed=7)


def test_the_random_bot_varies_with_its_seed() -> None:
    state = new_game(3, 2)
    assert len({choose("random", state, 0, seed=s) for s in range(6)}) > 1


@pytest.mark.parametrize("name", sorted(BOTS))
def test_play_turn_plays_the_tile_and_every_follow_up(name: str) -> None:
    state = _middle_of_a_game()
    for seat in range(state.players):
        after, actions = play_turn(name, state, seat, seed=seat)
        assert pending(after, seat).kind is PendingKind.NONE
        assert isinstance(actions[0], PlaceTile)
        replayed = state
        for action in actions:  # the actions, in order, are the turn
            replayed, _ = apply(replayed, seat, action)
        assert replayed == after


def test_play_turn_places_every_tower_in_the_tower_step() -> None:
    state = new_game(21, 2)
    while state.phase is Phase.PLAYING:
        for seat in range(2):
            state, _ = play_turn("medium", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())
    towers = [s.towers_pending for s in state.seats]
    assert sum(towers) > 0
    for seat in range(2):
        state, actions = play_turn("expert", state, seat, seed=seat)
        assert len(actions) == towers[seat]
        assert all(isinstance(a, PlaceTower) for a in actions)
    assert state.phase is Phase.FINISHED


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_decides_on_what_its_seat_may_see(name: str) -> None:
    """The same choice on the real state, on the seat's view, and whatever the others did
    this round (R4.2) or whatever the bag holds in secret."""
    before = _middle_of_a_game()
    others_played = before
    for seat in (1, 2):
        others_played, _ = play_turn("random", others_played, seat, seed=seat)
    chosen = choose(name, before, 0, seed=3)
    assert choose(name, view(before, 0), 0, seed=3) == chosen
    assert choose(name, others_played, 0, seed=3) == chosen
    assert choose(name, view(others_played, 0), 0, seed=3) == chosen


def test_medium_takes_the_whiskey_pair() -> None:
    """A grain field beside the distillery is the only difference between the placements."""
    state = game(displays={0: display("D")}, area_tiles={0: (GRAIN_PASTURE, None)})
    for seed in range(4):
        after, _ = apply(state, 0, choose("medium", state, 0, seed))
        assert after.seats[0].barrel == 1


def test_medium_takes_the_tile_that_scores_more_now() -> None:
    state = game(displays={0: display("D")}, area_tiles={0: (DISTILLERIES, GRAIN_PASTURE)})
    action = choose("medium", state, 0, seed=1)
    assert isinstance(action, PlaceTile) and action.slot == 1


def test_easy_misses_placements_that_medium_finds() -> None:
    """A beginner's level: it notices only some placements, so it gains less at once."""
    state = _middle_of_a_game()
    gains = {}
    for name in ("easy", "medium"):
        gains[name] = [
            score(play_turn(name, state, seat, seed)[0], seat).total - score(state, seat).total
            for seat in range(3)
            for seed in range(4)
        ]
    assert all(e <= m for e, m in zip(gains["easy"], gains["medium"], strict=True))
    assert sum(gains["easy"]) < sum(gains["medium"])


def test_hard_completes_a_ruin_run_that_medium_ignores() -> None:
    """Both placements score the same now; only the third ruin in a row earns a tower (R5.5)."""
    state = game(displays={0: display("MMMM/MMMM/RR..")}, area_tiles={0: (MEADOWS_OVER_RUIN, None)})
    for seed in range(3):
        hard, _ = apply(state, 0, choose("hard", state, 0, seed))
        medium, _ = apply(state, 0, choose("medium", state, 0, seed))
        assert towers_earned(hard.seats[0].display.cells) == 1
        assert score(hard, 0).area == score(medium, 0).area == 12


def test_hard_grows_the_rectangle() -> None:
    """A row of four along the long side of a 2×4 block makes a 3×4 rectangle."""
    state = game(displays={0: display("MMMM/MMMM")}, area_tiles={0: (GRAIN_ROW, None)})
    for seed in range(3):
        after, _ = apply(state, 0, choose("hard", state, 0, seed))
        assert score(after, 0).area == 12


@pytest.mark.parametrize("seed", [4, 9])
def test_the_quick_judgement_of_a_placement_agrees_with_apply(seed: int) -> None:
    """Rectangle, flock, whiskey steps, bog sites, sheep gained and the score change (hometown
    surroundings and stones included), without building the new state, all the way to the end."""
    state = new_game(seed, 3)
    while state.phase is Phase.PLAYING:
        for seat in range(3):
            bits = Bitboard(state, seat)
            before = score(state, seat).total
            for move in tile_moves(state, seat)[::5]:
                quick = bits.quick(TILE_SHAPES[move.tile.id][move.orientation], move.x, move.y)
                after, events = apply(state, seat, move.action)
                now = score(after, seat)
                steps = sum(e.steps for e in events if isinstance(e, WhiskeyAdvanced))
                sites = sum(e.count for e in events if isinstance(e, BogSiteFormed))
                assert (quick.area, quick.flock, quick.steps, quick.sites, quick.sheep) == (
                    now.area,
                    now.flock,
                    steps,
                    sites,
                    after.seats[seat].sheep_pending,
                )
                estimates = 0.8 * quick.sheep + bits.bonus_value * min(sites, bits.stack)
                assert quick.gain - estimates == pytest.approx(now.total - before)
                new = set(after.seats[seat].display) - set(state.seats[seat].display)
                old = state.seats[seat].display
                filled = set(after.seats[seat].display)
                beside = [n for xy in new for n in frontier({xy})]
                assert quick.contacts == sum(1 for n in beside if n in old)
                assert quick.holes == sum(
                    1 for n in beside if n not in filled and frontier({n}) <= filled
                )
                assert bits.touching(
                    TILE_SHAPES[move.tile.id][move.orientation], move.x, move.y
                ) == sum(any(n in old for n in frontier({xy})) for xy in new)
            state, _ = play_turn("medium", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())


@pytest.mark.parametrize("seed", [2, 6])
def test_the_flock_a_sheep_would_make_agrees_with_apply(seed: int) -> None:
    """R5.4: the largest flock after a sheep on each empty meadow, as placing it makes it."""
    state = new_game(seed, 2)
    checked = 0
    while state.phase is Phase.PLAYING:
        for seat in range(2):
            meadows = legal_sheep_cells(state, seat)
            cells = state.seats[seat].display.cells
            truth = [largest_flock({**cells, xy: replace(cells[xy], sheep=True)}) for xy in meadows]
            assert flocks_with_a_sheep(cells, meadows) == truth
            checked += len(meadows)
            state, _ = play_turn("medium", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())
    assert checked > 20


@pytest.mark.parametrize("layout", [0, 7])
def test_the_quick_judgement_counts_the_hometown_surroundings_completed(layout: int) -> None:
    """R6.2.6: the last empty cell around the hometown, filled by a tower, scores 5 more."""
    town = hometown_display(layout).cells
    *ring, last = sorted(hometown_surroundings(town))
    around = Display({**town, **{xy: Cell(Landscape.MEADOW) for xy in ring}})
    state = game(displays={0: around})
    quick = Bitboard(state, 0).quick(TOWER_SHAPE, *last)
    tower = Cell(Landscape.TOWER, kind=CellKind.TOWER)
    after = with_seat(state, 0, display=around.with_cells([(last, tower)]))
    assert score(after, 0).exploration - score(state, 0).exploration == 5
    assert quick.gain == score(after, 0).total - score(state, 0).total
    assert quick.ring == 1


@pytest.mark.parametrize("path", sorted(BOTS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_bot_sources_stay_pure(path: Path) -> None:
    """No clock, files, output or global random: a bot's randomness is the generator it gets."""
    text = path.read_text()
    for forbidden in (
        r"^\s*(import|from)\s+(django|os|time|datetime|pathlib|io|socket|requests)\b",
        r"\brandom\.(random|randint|randrange|choice|shuffle|sample|seed)\(",
        r"\bopen\(",
        r"\bprint\(",
    ):
        assert not re.search(forbidden, text, re.MULTILINE), (path.name, forbidden)
    assert len(text.splitlines()) < 600, path.name


def _middle_of_a_game() -> GameState:
    """Round 5 of a three-player game, before anyone's turn."""
    state = new_game(17, 3)
    while state.round < 5:
        for seat in range(3):
            state, _ = play_turn("medium", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())
    return state
