"""Real games for the store's tests: Risk 'n' Roll (or another game) played to the end by
seeded chance."""

from __future__ import annotations

import random

from companion import rules
from companion.store import Store


def play(store: Store, seed: int, names=("Ann", "Bob", "Cy"), steps: int | None = None,
         game_name: str = "risknroll", options: dict | None = None):
    """Play a seeded game, storing every action as the session would; return (id, state).

    With `steps`, stop after that many actions and leave the game unfinished.
    """
    rng = random.Random(seed)
    game = rules.get(game_name)
    options = options or {}
    state = game.new(len(names), options)
    game_id = store.new_game(game_name, len(names), options, names, version=game.version)
    while not state.is_over() and (steps is None or steps > 0):
        chance = state.chance()
        action = chance.sample(rng) if chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        store.append(game_id, action.to_json())
        steps = None if steps is None else steps - 1
    if state.is_over():
        store.finish(game_id, state.scores(), state.winners())
    return game_id, state
