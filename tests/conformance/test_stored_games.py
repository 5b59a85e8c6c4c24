"""Every game is stored step by step in a real store and replayed from it step by step:
what the store gives back is what was played, under the options it was played with."""

from __future__ import annotations

import pytest
from conformance_games import params
from random_play import played

from companion import rules
from companion.rules import Action
from companion.store import Store

EVERY_STEP_UP_TO = 150
"""Replayed from the store after each of the first steps, then after every STRIDE-th (at
most LATER times) and the last: a replay at every step of a long game (216 to 500 points
runs to thousands of steps) is quadratic, and the first steps already pass through every
phase."""
STRIDE = 50
LATER = 20


def replayed_here(n: int, last: int) -> bool:
    stride = max(STRIDE, (last - EVERY_STEP_UP_TO) // LATER)
    return n <= EVERY_STEP_UP_TO or n % stride == 0 or n == last


@pytest.mark.parametrize("case", params())
def test_the_store_replays_every_game_to_the_state_of_every_step(tmp_path, case):
    game = case.game
    players = game.min_players
    states, taken = played(game, players, case.options, seed=3)
    with Store(tmp_path / "companion.db") as store:
        names = [f"P{seat + 1}" for seat in range(players)]
        game_id = store.new_game(game.name, players, game.check_options(case.options), names,
                                 version=game.version)
        for n, (action, state) in enumerate(zip(taken, states[1:]), 1):
            assert store.append(game_id, action.to_json()) == n
            if not replayed_here(n, len(taken)):
                continue
            record = store.load(game_id)
            stored = rules.get(record.game)
            stored.check_stored(record.version, record.id)
            actions = [Action.from_json(a) for a in record.actions]
            assert stored.replay(record.players, record.options, actions) == state
        store.finish(game_id, states[-1].scores(), states[-1].winners())
        assert store.history()[0].scores == states[-1].scores()
