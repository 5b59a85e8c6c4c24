"""Each game's score sheet for the page, found by game name, as `companion.ui.games`
finds its screens: the page and the server stay generic.

A sheet module (`companion/web/sheets/<module>.py`) has `sheet(state, names) -> str`:
the HTML of every player's sheet as the game keeps it on paper, escaped with
`companion.web.html`. A game without one gets `scores`: the totals.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from companion.rules import PARTS
from companion.web.html import name_of, table

SHEETS: dict[str, str] = {name: p.sheet for name, p in PARTS.items() if p.sheet}
"""Game name -> its sheet module, imported on first use, as each game's registration
names it (`companion.rules.REGISTERED`)."""


def sheet(state, names: Sequence[str]) -> str:
    """The sheet of `state`'s game (its own module's, else the totals)."""
    module = SHEETS.get(state.game)
    if module is None:
        return scores(state, names)
    return importlib.import_module(module).sheet(state, names)


def scores(state, names: Sequence[str]) -> str:
    """Every player's score, the one whose turn it is marked."""
    turn = state.turn()
    rows = [(name_of(names, p), s) for p, s in enumerate(state.scores())]
    return table(("Player", "Score"), rows, marked=[turn] if turn is not None else ())
