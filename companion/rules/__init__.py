"""The rules core: pure game states, one module per game, found by name.

Nothing here does I/O, reads a clock or rolls dice; see `core` for the vocabulary.
"""

from . import charidice, risknroll, sixseven, two_sixteen
from .core import (
    CHANCE,
    TERMINAL,
    Action,
    Draw,
    Game,
    IllegalAction,
    Option,
    RulesChanged,
    State,
    Throw,
    View,
    actor,
    chance_label,
    check_by,
    tuples,
)

GAMES: dict[str, Game] = {
    game.name: game
    for game in (two_sixteen.GAME, charidice.GAME, risknroll.GAME, sixseven.GAME)
}


def get(name: str) -> Game:
    """The game registered as `name`, or IllegalAction listing the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise IllegalAction(f"Unknown game {name!r}; games: {', '.join(sorted(GAMES))}.") from None


__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Action",
    "Draw",
    "Game",
    "IllegalAction",
    "Option",
    "RulesChanged",
    "State",
    "Throw",
    "View",
    "actor",
    "chance_label",
    "check_by",
    "get",
    "tuples",
]
