"""Everything the game page shows, computed from the table and the engine's view.

What a viewer sees comes from ``engine.view(state, viewer)``: other seats' current-round turns
are hidden there (R4.2), so nothing built here can leak them. The whole state is kept only for
the viewer's own turn (their pending follow-ups, the tiles they may try), out of a template's
reach.

A page builds what every part of it shows (the seats, their scores, the wheel) at once, and the
viewer's turn (the engine's legal placements, the tile being tried, the viewer's wide county)
and the next table waiting for them only when a template asks for them: the table panel a poll
sends after a neighbour's move shows neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from django.utils import timezone

import engine
from games.access import TableAccess
from games.engine_bridge import load_state
from games.models import GameStatus, Seat
from games.page.county import CountyGrid, PieceView, bonus_view, county_grid, piece_view
from games.page.county_cache import county_points
from games.page.live import Token, token_for
from games.page.offer import Offer, offer_for
from games.page.turn import (
    Draft,
    DraftLinks,
    Preview,
    draft_links,
    make_draft,
    preview,
    tile_in_slot,
)
from games.ratings.rate import counts, left_out


@dataclass(frozen=True)
class PlayerPanel:
    """One seat as the viewer sees it."""

    seat: Seat
    position: int
    is_me: bool
    done: bool
    score: engine.ScoreBreakdown
    barrel: int
    whiskey_points: int
    holds_marker: bool
    area: int
    county: CountyGrid
    rank: int | None = None
    #: why the autopilot plays the seat now ("absent", "on vacation"); "" in a replay, which
    #: shows the table as it stood then, not as it stands
    away: str = ""
    #: the seat's turn, as far as it has gone this round, was played by the autopilot
    autopiloted: bool = False
    #: the autopilot played the seat's last round though its person is still at the table
    streak_note: bool = False


@dataclass(frozen=True)
class TurnView:
    """The viewer's own turn: what to do now and, for a tile, the draft being tried."""

    kind: engine.PendingKind
    count: int
    choices: tuple[tuple[int, PieceView] | None, ...] = ()
    draft: Draft | None = None
    preview: Preview | None = None
    links: DraftLinks | None = None
    bonus: PieceView | None = None
    targets: frozenset[tuple[int, int]] = frozenset()
    fields: dict[str, object] = field(default_factory=dict)
    # For a tile: what the browser needs to try the tiles itself (games.page.offer).
    offer: Offer | None = None


@dataclass(frozen=True)
class GamePage:
    access: TableAccess
    shown: engine.GameState
    players: tuple[PlayerPanel, ...]
    owners: dict[int, str]
    my_area: int | None
    waiting_for: tuple[str, ...]
    deadline: datetime | None
    token: Token
    #: The whole state, for the viewer's own turn only (a template cannot read ``_`` names).
    _state: engine.GameState = field(repr=False)
    #: The tile being tried, as the address asks for it (games.page.turn.make_draft).
    _asked: dict[str, int | None] = field(default_factory=dict, repr=False)

    @cached_property
    def me(self) -> PlayerPanel | None:
        return next((p for p in self.players if p.is_me), None)

    @property
    def _playing(self) -> bool:
        return self.access.game.status == GameStatus.PLAYING

    @cached_property
    def has_turn(self) -> bool:
        """Whether the viewer has something to do now (cheaper than building ``turn``)."""
        me = self.access.position
        if not self._playing or me is None:
            return False
        return engine.pending(self._state, me).kind is not engine.PendingKind.NONE

    @cached_property
    def turn(self) -> TurnView | None:
        """The viewer's own turn: what to do now and, for a tile, the draft being tried."""
        if not self.has_turn:
            return None
        mine = self.access.mine
        assert mine is not None
        return _turn(self._state, mine.position, self._asked, mine.step)

    @cached_property
    def my_county(self) -> CountyGrid | None:
        """The viewer's county, drawn wide enough for the tile being tried."""
        me = self.access.position
        return None if me is None else _my_county(self.shown, me, self.turn)

    @cached_property
    def next_table(self) -> int | None:
        """The table waiting longest for the viewer elsewhere, once they are done here."""
        mine = self.access.mine
        if not self._playing or mine is None or self.has_turn:
            return None
        return _next_table(mine)

    @cached_property
    def rated(self) -> bool:
        """At a finished table: whether it moves ratings."""
        return _rated(self.access)

    @cached_property
    def unrated(self) -> frozenset[int]:
        """At a finished table that moves ratings: the seats of people it leaves out."""
        return _unrated(self.access)

    @cached_property
    def can_undo(self) -> bool:
        """The viewer is done and may take their turn back (games.services.undo): others still
        play."""
        return self._playing and self.me is not None and _may_undo(self._state, self.me)

    @property
    def finished(self) -> bool:
        return self.access.game.status == GameStatus.FINISHED

    @property
    def towers_step(self) -> bool:
        """The final step (R6.1): players place the towers their ruin runs earned."""
        return self.shown.phase is engine.Phase.TOWERS

    @property
    def last_round(self) -> bool:
        return self.shown.round >= self.shown.rounds_total

    @property
    def advancing(self) -> bool:
        """Everyone is done and the worker is about to deal the next round (or the towers)."""
        game = self.access.game
        return game.status == GameStatus.PLAYING and game.round_complete

    @property
    def ranking(self) -> list[PlayerPanel]:
        return sorted(self.players, key=lambda p: (p.rank or 99, p.position))

    @property
    def left_out(self) -> list[PlayerPanel]:
        """The people the ratings leave out for this table (on vacation too often)."""
        return [p for p in self.players if p.position in self.unrated]

    @property
    def winners(self) -> list[PlayerPanel]:
        """Everyone ranked first (equal totals share the rank, R6.3)."""
        return [p for p in self.players if p.rank == 1]


def _turn(
    state: engine.GameState, me: int, asked: dict[str, int | None], step: int
) -> TurnView | None:
    todo = engine.pending(state, me)
    if todo.kind is engine.PendingKind.NONE:
        return None
    if todo.kind is engine.PendingKind.TILE:
        choices = tuple(
            None if tile_id is None else (slot, piece_view(tile_id))
            for slot, tile_id in enumerate(todo.tiles)
        )
        offer = offer_for(state, me)
        draft = make_draft(state, me, asked)
        if draft is None:
            return TurnView(todo.kind, 1, choices, offer=offer)
        tile = tile_in_slot(state, me, draft.slot)
        assert tile is not None
        return TurnView(
            todo.kind, 1, choices, draft, preview(state, me, draft), draft_links(tile, draft),
            offer=offer,
        )  # fmt: skip
    if todo.kind is engine.PendingKind.SHEEP:
        targets = frozenset(engine.legal_sheep_cells(state, me))
    else:
        targets = frozenset(engine.legal_cells(state, me))
    bonus = bonus_view(todo.bonus.id) if todo.bonus is not None else None
    return TurnView(
        todo.kind, todo.count, bonus=bonus, targets=targets,
        fields={"act": engine.CELL_ACTIONS[todo.kind].letter, "step": step, "round": state.round},
    )  # fmt: skip


def _my_county(shown: engine.GameState, me: int, turn: TurnView | None) -> CountyGrid:
    """The viewer's county, drawn wide enough to show the tile being tried at any legal spot."""
    overlay = turn.preview.overlay if turn is not None and turn.preview is not None else {}
    reach = turn.offer.reach if turn is not None and turn.offer is not None else ()
    return county_grid(shown.seats[me].display, margin=2, extra=[*overlay, *reach])


def _next_table(mine: Seat) -> int | None:
    """Another table in play waiting on the viewer, the one with the least time left."""
    return (
        Seat.objects.filter(user=mine.user, to_play=True, game__status=GameStatus.PLAYING)
        .exclude(game_id=mine.game_id)
        .order_by("game__round_deadline")
        .values_list("game_id", flat=True)
        .first()
    )


def player_panels(
    access: TableAccess,
    shown: engine.GameState,
    me: int | None,
    then_by_autopilot: frozenset[int] | None = None,
) -> tuple[PlayerPanel, ...]:
    """Every seat as ``shown`` has it (a state the viewer may see), in seat order.

    Each county is drawn with the default margin (the game page draws the viewer's own, wider,
    from ``GamePage.my_county``). A replay gives the seats whose moves so far in the shown round
    the autopilot made (``then_by_autopilot``): its panels say that, and nothing of who is away
    now.
    """
    now = timezone.now()
    panels = []
    for s in access.seats:
        at = shown.seats[s.position]
        if then_by_autopilot is None:
            away = s.away_reason(now)
            autopiloted = bool(away) and at.turn_done
            streak_note = bool(s.autopilot_streak) and not s.absent
        else:
            away, streak_note = "", False
            autopiloted = at.turn_done and s.position in then_by_autopilot
        county = county_grid(at.display)
        # The others' points are kept beside their drawings (the page works out the key of
        # each for its mark anyway); the viewer's own county changes with each of their turns.
        points = (
            engine.county_points(at.display.cells) if s.position == me else county_points(county)
        )
        panels.append(
            PlayerPanel(
                seat=s,
                position=s.position,
                is_me=s.position == me,
                done=at.turn_done,
                score=engine.scored(points, shown.marker == s.position, at.barrel),
                barrel=at.barrel,
                whiskey_points=engine.WHISKEY_POINTS[at.barrel],
                holds_marker=shown.marker == s.position,
                area=shown.area_of(s.position),
                county=county,
                rank=s.rank,
                away=away,
                autopiloted=autopiloted,
                streak_note=streak_note,
            )
        )
    return tuple(panels)


def build_page(access: TableAccess, asked: dict[str, int | None]) -> GamePage:
    """The game page for a started or finished table, as ``access``'s viewer may see it."""
    game = access.game
    state = load_state(game)
    me = access.position
    shown = engine.view(state, me)
    owners = {shown.area_of(s.position): s.name for s in access.seats}
    playing = game.status == GameStatus.PLAYING
    # The viewer's own panel keeps the plain county: the page draws theirs from ``my_county``.
    players = player_panels(access, shown, me)
    waiting = tuple(p.seat.name for p in players if playing and not p.done and not p.is_me)
    return GamePage(
        access=access,
        shown=shown,
        players=players,
        owners=owners,
        my_area=None if me is None else shown.area_of(me),
        waiting_for=waiting,
        deadline=game.round_deadline if playing else None,
        token=token_for(game, access.mine),
        _state=state,
        _asked=asked,
    )


def _may_undo(state: engine.GameState, me: PlayerPanel) -> bool:
    """Whether to offer the viewer to take back their turn. The service has the last word (it
    reads the log); a turn the autopilot played for an absent person stands."""
    return engine.undo_refusal(state, me.position) is None and not me.autopiloted


def _rated(access: TableAccess) -> bool:
    """Whether this is a finished table that moves ratings."""
    game = access.game
    return game.status == GameStatus.FINISHED and game.rated and counts(access.seats)


def _unrated(access: TableAccess) -> frozenset[int]:
    """At a finished table that counts for ratings, the people it leaves out. One query."""
    return frozenset(left_out(access.game)) if _rated(access) else frozenset()
