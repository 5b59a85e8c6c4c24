"""Advice against advice: paired two-player games, the win rate with its 95% interval.

Each pair of games is played on the same dice twice, the new advice in the first seat
and then in the second, so that luck cancels and only the choices that differ count.
Chance is drawn from a stream seeded by the pair, the turn and the draw's place in it,
so the dice stay the same through the turns after two games' choices differ. A game
won counts 1 for its winner, a shared win 1/2 to each; a pair's score is the new
advice's mean over its two games, and the interval is the normal one over pairs.

The advisors that play to win take `aim`: "win" (the advice as shipped) or "points"
(the expectation advice it replaced), so both are measured in the same code.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from companion.rules import GAMES, State

from . import ADVISORS


@dataclass(frozen=True)
class Seat:
    """A seat played by `game`'s advisor for `aim`: its choices on its turn, and its
    requests out of turn (Charidice's greatest of gifts) where the advisor advises them
    (`asks(state, aim)`)."""

    game: str
    aim: str

    def choose(self, state: State):
        advice = self._advisor().advise(state, self.aim)
        return advice[0].action if advice else state.legal_actions()[0]

    def request(self, state: State, seat: int):
        """The request `seat` makes now, or None."""
        asks = getattr(self._advisor(), "asks", None)
        if asks is None or not asks(state, self.aim):
            return None
        return next((a for a in state.legal_actions() if a.get("by") == seat), None)

    def _advisor(self):
        return importlib.import_module(ADVISORS[self.game])


def aimed(game: str, aim: str) -> Seat:
    """`game`'s advisor playing for `aim`."""
    return Seat(game, aim)


def games_with_aims() -> tuple[str, ...]:
    """The games whose advisor can play for points or for the win."""
    return tuple(game for game, module in ADVISORS.items()
                 if hasattr(importlib.import_module(module), "AIMS"))


def play(game: str, seats: tuple[Seat, ...], seed: int) -> tuple[int, ...]:
    """The winners of one game of `game`, seat i played by `seats[i]`, chance seeded."""
    state = GAMES[game].new(len(seats))
    turn, turns, draws = state.turn(), 0, 0
    while not state.is_over():
        if state.turn() != turn:
            turn, turns, draws = state.turn(), turns + 1, 0
        request = _requested(state, seats)
        chance = state.chance()
        if request is not None:
            state = state.apply(request)
        elif chance is not None:
            draws += 1
            state = state.apply(chance.sample(random.Random(f"{seed} {turns} {draws}")))
        else:
            state = state.apply(seats[state.current_player()].choose(state))
    return state.winners()


def _requested(state: State, seats: tuple[Seat, ...]):
    """A request another seat makes before the seat on turn decides, or None."""
    for seat, player in enumerate(seats):
        if seat != state.current_player():
            request = player.request(state, seat)
            if request is not None:
                return request
    return None


def share(winners: tuple[int, ...], seat: int) -> float:
    return 1 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True)
class Result:
    """The new advice's mean score over pairs, its 95% interval, and the pairs played."""

    game: str
    pairs: int
    rate: float
    low: float
    high: float
    differed: int

    def line(self) -> str:
        return (f"{self.game}: new advice wins {self.rate:.1%} "
                f"(95% interval {self.low:.1%} to {self.high:.1%}) of {2 * self.pairs} games"
                f" in {self.pairs} pairs; {self.differed} pairs did not split 1-1")


def tourney(game: str, pairs: int, new: str = "win", old: str = "points",
            first_seed: int = 0, every: Callable[[Result], None] | None = None) -> Result:
    """`pairs` pairs of two-player games of `game`, the `new` aim against the `old`;
    `every`, if given, sees the result so far after each 100 pairs."""
    a, b = aimed(game, new), aimed(game, old)
    scores = []
    for seed in range(first_seed, first_seed + pairs):
        first = share(play(game, (a, b), seed), 0)
        second = share(play(game, (b, a), seed), 1)
        scores.append((first + second) / 2)
        if every is not None and len(scores) % 100 == 0 and len(scores) < pairs:
            every(_result(game, scores))
    return _result(game, scores)


def _result(game: str, scores: list[float]) -> Result:
    pairs = len(scores)
    mean = sum(scores) / pairs
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, pairs - 1))
    half = 1.96 * spread / math.sqrt(pairs)
    return Result(game, pairs, mean, mean - half, mean + half,
                  sum(1 for s in scores if s != 0.5))
