"""Bots: opponents, and the autopilot for players who miss a deadline.

The site calls exactly this:

- ``BOTS``: the bots by name: ``"random"`` (any legal move, for tests) and the four levels the
  site offers, each clearly stronger than the one before (``make bench`` measures the margins):

  - ``"easy"``: the best immediate score gain among the placements it notices (a few of them);
  - ``"medium"``: the best immediate score gain among all placements;
  - ``"hard"``: also values what the display can still become in the rounds left;
  - ``"expert"``: ``hard``'s best tiles judged by the round after them, over the wheel's five
    possible next offers (the autopilot: it plays a missing person's turn as well as it can).
- :func:`choose`: the next action of a seat.
- :func:`play_turn`: every action a seat has pending now (a tile and its follow-ups, or its
  towers), with the new state, so each action can be logged.

A bot decides on the seat's own view of the game (:func:`engine.view`), so it never uses what
that seat may not see, and its choices depend only on ``(state, seat, seed)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine import Action, GameState, PendingKind, apply, pending, view
from engine.bots.base import Bot, decision_rng
from engine.bots.expert import ExpertBot
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from engine.bots.strong import StrongBot

BOTS: Mapping[str, Bot] = MappingProxyType(
    {
        "random": RandomBot(),
        "easy": GreedyBot(name="easy", sight=0.1),
        "medium": GreedyBot(name="medium"),
        "hard": StrongBot(name="hard", shortlist=6),
        "expert": ExpertBot(),
    }
)


def _bot(name: str) -> Bot:
    try:
        return BOTS[name]
    except KeyError:
        known = ", ".join(BOTS)
        raise ValueError(f"There is no bot called {name!r}; the bots are {known}.") from None


def choose(name: str, state: GameState, seat: int, seed: int) -> Action:
    """The next action of ``seat``, chosen by the bot called ``name``.

    The seat must have something pending. The bot sees only the seat's view of ``state``.

    >>> from engine import new_game, apply
    >>> g = new_game(3, 2)
    >>> action = choose("easy", g, 0, seed=1)
    >>> action == choose("easy", g, 0, seed=1)
    True
    >>> apply(g, 0, action)[0].seats[0].taken is not None
    True
    """
    bot = _bot(name)
    seen = view(state, seat)
    if pending(seen, seat).kind is PendingKind.NONE:
        raise ValueError(f"Seat {seat} has nothing to do.")
    return bot.decide(seen, seat, decision_rng(seed, seen, seat))


def play_turn(name: str, state: GameState, seat: int, seed: int) -> tuple[GameState, list[Action]]:
    """Play everything ``seat`` has pending: a tile and its follow-ups, or its towers.

    Returns the new state and the actions in the order they were applied.

    >>> from engine import new_game, pending
    >>> g = new_game(3, 2)
    >>> after, actions = play_turn("random", g, 1, seed=5)
    >>> pending(after, 1).kind.value, str(actions[0])[0]
    ('none', 't')
    """
    _bot(name)
    actions: list[Action] = []
    while pending(state, seat).kind is not PendingKind.NONE:
        action = choose(name, state, seat, seed)
        state, _ = apply(state, seat, action)
        actions.append(action)
    return state, actions


__all__ = ["BOTS", "Bot", "choose", "play_turn"]
