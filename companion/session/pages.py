"""A game's own pages (its board, its score sheet), opened from the game menu.

A game whose screen module (`companion.ui.games.for_game`) has `pages(state, names)` and
`PAGES_LABEL` gets a game menu item of that name. Up/Down flip the pages, any other
button goes back to the screen they were opened from; nothing here changes the game.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from companion.ui import games
from companion.ui.model import Screen

if TYPE_CHECKING:
    from companion.table import Table


def label(table: Table) -> str:
    """The game menu item opening the pages; "" for a game without pages."""
    module = games.for_game(table.state.game)
    return getattr(module, "PAGES_LABEL", "") if hasattr(module, "pages") else ""


def open_pages(table: Table) -> None:
    """Show the first page; a reading in progress is stopped (the throw waits)."""
    if table.mode == "reading":
        table.dice.cancel()
        table.mode = "throw"
    if table.mode != "pages":
        table._pages_from = table.mode
    table.mode, table._page = "pages", 0


def _pages(table: Table) -> tuple[Screen, ...]:
    return games.for_game(table.state.game).pages(table.state, table.names)


def on_pages(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._page = (table._page + (-1 if button == "up" else 1)) % len(_pages(table))
    else:
        table.mode = table._pages_from


def screen_pages(table: Table, note: str) -> Screen:
    pages = _pages(table)
    page = pages[min(table._page, len(pages) - 1)]
    return dataclasses.replace(page, note=note) if note else page
