"""Random legal play for any game, and actions a player or a camera might send instead."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from companion.rules import Action, Game, State

MOST_STEPS = 20_000
"""A game that runs longer than this has stopped ending."""
OUT_OF_TURN = 0.3
"""How often an action another seat may take out of turn is taken when one is legal."""


def pick(state: State, rng: random.Random) -> Action:
    """A random next action: sometimes one taken out of turn, else the chance outcome
    (sampled) or a decision of the current player."""
    legal = state.legal_actions()
    out_of_turn = [a for a in legal if a.get("by") is not None]
    if out_of_turn and rng.random() < OUT_OF_TURN:
        return rng.choice(out_of_turn)
    chance = state.chance()
    if chance is not None:
        return chance.sample(rng)
    return rng.choice([a for a in legal if a.get("by") is None])


def random_game(game: Game, players: int, options: dict, seed: int
                ) -> tuple[list[State], list[Action]]:
    """Every state and action of one game played by random legal choices."""
    rng = random.Random(seed)
    state = game.new(players, options)
    states, taken = [state], []
    while not state.is_over():
        assert len(taken) < MOST_STEPS, "the game does not end"
        action = pick(state, rng)
        state = state.apply(action)
        states.append(state)
        taken.append(action)
    return states, taken


def played(game: Game, players: int, options: dict, seed: int
           ) -> tuple[tuple[State, ...], tuple[Action, ...]]:
    """`random_game`, played once per test session for tests that look at the same game."""
    states, taken = _played(game, players, json.dumps(options, sort_keys=True), seed)
    return states, taken


@cache
def _played(game: Game, players: int, options: str, seed: int):
    states, taken = random_game(game, players, json.loads(options), seed)
    return tuple(states), tuple(taken)


def _wrong(value: Any, typed: bool) -> Iterator[Any]:
    """Values an argument might wrongly hold instead of `value`; with `typed`, only values
    of its own type."""
    if isinstance(value, bool):
        yield not value
        if not typed:
            yield int(value)
    elif isinstance(value, int):
        yield from (value + 7, -1)
        if not typed:
            yield str(value)
    elif isinstance(value, str):
        yield from (value + "x", "")
        if not typed:
            yield 3
    elif isinstance(value, tuple):
        yield value[:-1]
        yield (*value, value[-1] if value else 9)
        if value and isinstance(value[0], int):
            yield (0, *value[1:])
            yield (max(value) + 6, *value[1:])
        if not typed:
            yield 5
    elif not typed:
        yield 1


def near_misses(state: State, rng: random.Random, samples: int = 3, typed: bool = False
                ) -> Iterator[Action]:
    """Actions close to legal ones: an argument wrong or missing, a kind unknown, a chance
    outcome the dice or the deck cannot give, an action by a seat that may not act. With
    `typed`, every argument keeps its type (for the fake games, which trust it)."""
    yield Action("")
    yield Action("nonsense", dice=(1, 2))
    models = list(state.legal_actions())
    chance = state.chance()
    if chance is not None:
        models.append(chance.sample(rng))
    for model in rng.sample(models, min(samples, len(models))):
        args = dict(model.args)
        yield Action(model.kind + "s", **args)
        yield Action(model.kind, **args, extra=1)
        for key, value in args.items():
            if not typed:
                yield Action(model.kind, **{k: v for k, v in args.items() if k != key})
            for wrong in _wrong(value, typed):
                yield Action(model.kind, **{**args, key: wrong})
        for by in (*range(state.players), state.players, -1, *(() if typed else ("P1", True))):
            if args.get("by") != by:
                yield Action(model.kind, **{**args, "by": by})
