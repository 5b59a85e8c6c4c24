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

Policy = Callable[[State], object]


def aimed(game: str, aim: str) -> Policy:
    """The advised action of `game`'s advisor playing for `aim`."""
    advise = importlib.import_module(ADVISORS[game]).advise

    def choose(state: State):
        advice = advise(state, aim)
        return advice[0].action if advice else state.legal_actions()[0]

    return choose


def games_with_aims() -> tuple[str, ...]:
    """The games whose advisor can play for points or for the win."""
    return tuple(game for game, module in ADVISORS.items()
                 if hasattr(importlib.import_module(module), "AIMS"))


def play(game: str, seats: tuple[Policy, ...], seed: int) -> tuple[int, ...]:
    """The winners of one game of `game`, seat i played by `seats[i]`, chance seeded."""
    state = GAMES[game].new(len(seats))
    turn, turns, draws = state.turn(), 0, 0
    while not state.is_over():
        if state.turn() != turn:
            turn, turns, draws = state.turn(), turns + 1, 0
        chance = state.chance()
        if chance is not None:
            draws += 1
            state = state.apply(chance.sample(random.Random(f"{seed} {turns} {draws}")))
        else:
            state = state.apply(seats[state.current_player()](state))
    return state.winners()


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
            first_seed: int = 0) -> Result:
    """`pairs` pairs of two-player games of `game`, the `new` aim against the `old`."""
    a, b = aimed(game, new), aimed(game, old)
    scores = []
    for seed in range(first_seed, first_seed + pairs):
        first = share(play(game, (a, b), seed), 0)
        second = share(play(game, (b, a), seed), 1)
        scores.append((first + second) / 2)
    mean = sum(scores) / pairs
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, pairs - 1))
    half = 1.96 * spread / math.sqrt(pairs)
    return Result(game, pairs, mean, mean - half, mean + half,
                  sum(1 for s in scores if s != 0.5))
