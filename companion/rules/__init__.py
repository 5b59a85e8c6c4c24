"""The rules core: pure game states, one module per game, found by name.

Nothing here does I/O, reads a clock or rolls dice; see `core` for the vocabulary.
Each game is registered once, in `REGISTERED`: its rules, and by module name (the rules
import nothing of the project) its advisor and its screens; `check_parts` finds them
all when the companion starts, so a part missing is an error then, not a feature gone.
"""

import importlib.util
from dataclasses import dataclass

from . import charidice, risknroll, sixseven, two_sixteen
from .core import (
    CHANCE,
    TERMINAL,
    Action,
    Checked,
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
    check_action,
    check_by,
    tuples,
)


@dataclass(frozen=True)
class Parts:
    """A game and where its other parts live, by module name.

    `advice`: the module whose `advise(state)` ranks its options (companion.advice);
    `screens`: its own screen module (companion.ui.games), or None for a game the
    shared screens draw whole; `sheet`: its score sheet for the web page
    (companion.web.sheets), or None for the totals only. Each is said, never left out:
    None is a choice."""

    game: Game
    advice: str | None
    screens: str | None
    sheet: str | None


REGISTERED: tuple[Parts, ...] = (
    Parts(two_sixteen.GAME, "companion.advice.two_sixteen", "companion.ui.games.two_sixteen",
          "companion.web.sheets.two_sixteen"),
    Parts(charidice.GAME, "companion.advice.charidice", "companion.ui.games.charidice",
          "companion.web.sheets.charidice"),
    Parts(risknroll.GAME, "companion.advice.risknroll", "companion.ui.games.risknroll",
          "companion.web.sheets.risknroll"),
    Parts(sixseven.GAME, "companion.advice.sixseven", "companion.ui.games.sixseven",
          "companion.web.sheets.sixseven"),
)
"""Every game, once."""
GAMES: dict[str, Game] = {parts.game.name: parts.game for parts in REGISTERED}
PARTS: dict[str, Parts] = {parts.game.name: parts for parts in REGISTERED}


def check_parts() -> None:
    """ImportError naming every part a registration names that cannot be found. Only
    found, not imported: an advisor's tables load on first use."""
    missing = []
    for parts in REGISTERED:
        for what, module in (("advisor", parts.advice), ("screens", parts.screens),
                             ("score sheet", parts.sheet)):
            try:
                found = module is None or importlib.util.find_spec(module) is not None
            except ImportError:
                found = False
            if not found:
                missing.append(f"{parts.game.title}'s {what} {module}")
    if missing:
        raise ImportError(f"Not installed: {', '.join(missing)}; reinstall the companion.")


def get(name: str) -> Game:
    """The game registered as `name`, or IllegalAction listing the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise IllegalAction(f"Unknown game {name!r}; games: {', '.join(sorted(GAMES))}.") from None


def title_of(name: str) -> str:
    """The title of the game stored as `name`, or the name itself where this companion
    does not know the game (history, the web page, a store from elsewhere)."""
    return GAMES[name].title if name in GAMES else name


__all__ = [
    "CHANCE",
    "GAMES",
    "PARTS",
    "REGISTERED",
    "TERMINAL",
    "Action",
    "Checked",
    "Draw",
    "Game",
    "IllegalAction",
    "Option",
    "Parts",
    "RulesChanged",
    "State",
    "Throw",
    "View",
    "actor",
    "chance_label",
    "check_action",
    "check_by",
    "check_parts",
    "get",
    "title_of",
    "tuples",
]
