"""Drive a Charidice state through a short script of table events.

    play(new(3), "throw M1 M2 M3 M4 M6 B6", "score colour M2 M3 M4 M6")

Dice are named as the labels name them: the colour's letter (M B O G Y K) and the
number. Steps: "throw ..." (the dice not kept), "keep ..." (nothing: throw all six),
"score colour ..." or "score different ...", and "gift P2" (asked out of turn).
"""

from __future__ import annotations

from companion.rules import Action
from companion.rules.charidice import GAME, TAGS, CharidiceState

COLOUR_OF = {tag: colour for colour, tag in TAGS.items()}


def new(players: int = 3) -> CharidiceState:
    return GAME.new(players)


def faces(text: str) -> list[tuple[int, str]]:
    return [(int(die[1:]), COLOUR_OF[die[0]]) for die in text.split()]


def dice_args(text: str) -> dict:
    pairs = faces(text)
    return {"dice": tuple(v for v, _ in pairs), "colours": tuple(c for _, c in pairs)}


def action(step: str) -> Action:
    word, _, rest = step.partition(" ")
    if word in ("throw", "keep"):
        return Action(word, **dice_args(rest))
    if word == "score":
        way, _, dice = rest.partition(" ")
        return Action("score", way=way, **dice_args(dice))
    if word == "gift":
        return Action("gift", by=int(rest.removeprefix("P")) - 1)
    raise ValueError(f"unknown step {step!r}")


def play(state: CharidiceState, *steps: str) -> CharidiceState:
    for step in steps:
        state = state.apply(action(step))
    return state


def turn(state: CharidiceState, dice: str, score: str) -> CharidiceState:
    """One whole turn: the first throw, then scored at once."""
    return play(state, f"throw {dice}", f"score {score}")
