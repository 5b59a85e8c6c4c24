"""Drive a 216 state through a short script of table events.

    play(new(2), *offer("Sum 7", "Triple 6", "No 6", "Straight"), "throw 1 2 4",
         "claim Sum 7 points", "draw Sum 10")

Each step is what happens at the table: a card drawn, dice thrown, a card claimed
(with its Served bonus: points or help), a Help card played, dice rolled again, a
pass, the AI's card chosen.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules import Action, two_sixteen
from companion.rules.two_sixteen import TwoSixteenState

OFFER = ("Sum 7", "Triple 6", "No 6", "Straight")
"""An Offer for the examples: Sum 7 (General 10, bonus 5), Triple 6 (20, 10),
No 6 (2, 1), Straight (7, 4)."""


def new(players: int = 2, **options) -> TwoSixteenState:
    return two_sixteen.GAME.new(players, options)


def action(step: str) -> Action:
    word, _, rest = step.partition(" ")
    if word == "draw":
        return Action("draw", card=rest)
    if word in ("throw", "reroll"):
        return Action(word, dice=tuple(int(d) for d in rest.split()))
    if word == "claim":
        name, _, bonus = rest.rpartition(" ")
        if bonus in ("points", "help"):
            return Action("claim", card=name, bonus=bonus)
        return Action("claim", card=rest)
    if word == "help":
        if rest == "Reroll 3":
            return Action("help", card=rest)
        if rest.startswith("Reroll 1 "):
            return Action("help", card="Reroll 1", die=int(rest.split()[-1]))
        card, die, to = rest.split()
        return Action("help", card=card, die=int(die), to=int(to))
    if word == "pass":
        return Action("pass")
    if word == "choose":
        return Action("choose", card=rest)
    raise ValueError(f"unknown step {step!r}")


def play(state: TwoSixteenState, *steps: str) -> TwoSixteenState:
    for step in steps:
        state = state.apply(action(step))
    return state


def offer(*names: str) -> list[str]:
    """The four draws that reveal an Offer."""
    return [f"draw {name}" for name in names or OFFER]


def started(players: int = 2, **options) -> TwoSixteenState:
    """A game with the example Offer on the table, before P1's first roll."""
    return play(new(players, **options), *offer())


def at(state: TwoSixteenState, **fields) -> TwoSixteenState:
    """A hand-set position, e.g. at(started(), hands=(("Wild",), ()))."""
    return replace(state, **fields)
