"""Drive a 67 Six Seven state through a short script of table events.

    play(new(3), "reveal To 6", "reveal ±1", "throw 2 6", "reroll 2", "throw 7")

Each step is what happens at the table: a skill card revealed, dice thrown, a result
placed, dice rerolled, a skill card played ("card ±1 3 4", "card To 6 3", "card
Reroll 2") or taken by the last place.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules import Action, sixseven
from companion.rules.sixseven import SixSevenState

REVEAL = ("reveal Reroll 1", "reveal To 7")
"""The two cards of a round, where the test does not care which."""


def new(players: int = 3) -> SixSevenState:
    return sixseven.GAME.new(players)


def action(step: str) -> Action:
    word, _, rest = step.partition(" ")
    numbers = tuple(int(d) for d in rest.split() if d.isdigit())
    if word == "reveal":
        return Action("draw", card=rest)
    if word == "throw":
        return Action("throw", dice=numbers)
    if word == "place":
        return Action("place", result=int(rest))
    if word == "reroll":
        return Action("reroll", dice=numbers)
    if word == "take":
        return Action("take", card=rest)
    if word == "card":
        words = rest.split()
        split = 2 if words[0] in ("To", "Reroll") else 1
        numbers = tuple(int(d) for d in words[split:])
        return Action("skill", card=" ".join(words[:split]), **dict(zip(("die", "to"), numbers)))
    raise ValueError(f"unknown step {step!r}")


def play(state: SixSevenState, *steps: str) -> SixSevenState:
    for step in steps:
        state = state.apply(action(step))
    return state


def turns(state: SixSevenState, *results: int) -> SixSevenState:
    """Each colour in turn throws and places a result without rerolling (two dice that
    are different and not 6 or 7, or doubles kept)."""
    for result in results:
        tens, units = divmod(result, 10)
        state = play(state, f"throw {tens} {units}", f"place {result}")
    return state


def at(state: SixSevenState, **fields) -> SixSevenState:
    """A hand-set position, e.g. at(new(3), hands=(("To 6",), (), ()))."""
    return replace(state, **fields)
