"""Drive a Risk 'n' Roll 2000 state through a short script of table events.

    play(new(2), "draw Deuces", "play", "throw 1 2 2 3 4 6", "keep 1 2 2 bank")

Each step is what happens at the table: a card drawn, played or declined, dice
thrown, dice set aside then bank or roll, an opponent picked for Plus/Minus.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules import Action, risknroll
from companion.rules.risknroll import RiskNRollState

NO_POINTS = {6: "2 2 3 4 6 6", 5: "2 3 4 6 6", 4: "2 3 4 6", 3: "2 3 4", 2: "3 4", 1: "6"}
"""A throw of n dice that scores nothing (without Deuces)."""


def new(players: int = 2, **options) -> RiskNRollState:
    return risknroll.GAME.new(players, options)


def action(step: str) -> Action:
    word, _, rest = step.partition(" ")
    if word == "draw":
        return Action("draw", card=rest)
    if word in ("play", "decline"):
        return Action("card", play=word == "play")
    if word == "throw":
        return Action("throw", dice=tuple(int(d) for d in rest.split()))
    if word == "keep":
        *dice, then = rest.split()
        return Action("keep", dice=tuple(int(d) for d in dice), then=then)
    if word == "target":
        return Action("target", player=int(rest.removeprefix("P")) - 1)
    raise ValueError(f"unknown step {step!r}")


def play(state: RiskNRollState, *steps: str) -> RiskNRollState:
    for step in steps:
        state = state.apply(action(step))
    return state


def belly_up(dice: int = 6) -> str:
    return f"throw {NO_POINTS[dice]}"


def at(state: RiskNRollState, **fields) -> RiskNRollState:
    """A hand-set position, e.g. at(new(3), totals=(1950, 0, 0))."""
    return replace(state, **fields)
