"""Menus as the table shows them, built away from a table: what benchmarks/menu_presses.py
counts the presses of and tests/session/test_legend.py reads the figures of, over random
positions of each game (the same positions for both, seeded)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion import advice
from companion.rules import Game, State


class Offstage:
    """What `play.decision_menu` and `game_menu.entries` ask of a table: the advice,
    seats unnamed (P1, P2, ...), and the phone page served (so its entry is there)."""

    names: tuple[str, ...] = ()
    web_address = "http://10.0.0.2:8067/TOKEN/"

    @staticmethod
    def advice(state: State) -> list:
        return advice.for_state(state)

    @staticmethod
    def named(text: str) -> str:
        return text


def positions(game: Game, rng: random.Random, games: int, most: int = 400,
              chance: bool = False) -> Iterator[State]:
    """The decision states of `games` random games of `game` at its fewest players (at
    most `most` steps each: each decision a random legal option, chance sampled), and
    with `chance` the throws and draws too."""
    for _ in range(games):
        state = game.new(game.min_players, {})
        for _ in range(most):
            if state.is_over():
                break
            awaited = state.chance()
            if awaited is not None:
                if chance:
                    yield state
                state = state.apply(awaited.sample(rng))
                continue
            yield state
            state = state.apply(rng.choice(state.legal_actions()))
