"""A game's own pages (its board, its score sheet), its legend and its facts in full,
opened from the game menu.

A game whose screen module (`companion.ui.games.for_game`) has `pages(state, names)` and
`PAGES_LABEL` gets a game menu item of that name; one whose screen module has `LEGEND`
(each figure its menus show, as shown, and what it means) gets "What figures mean",
the star that marks the advice's pick, a page a figure, then the mark of facts left
out. Up/Down flip the pages, any other button goes back to the mode they were opened
from; nothing here changes the game.
"""

from __future__ import annotations

import dataclasses

from companion.ui import games
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import MORE

from .mode import Host, Mode


def label(state) -> str:
    """The game menu item opening the pages; "" for a game without pages."""
    module = games.for_game(state.game)
    return getattr(module, "PAGES_LABEL", "") if hasattr(module, "pages") else ""


LEGEND_LABEL = "What figures mean"


STAR_PAGE = Screen(kind="setup", title="The star",
                   menu=Menu((MenuItem("Best option", best=True),)),
                   note="The advice's first pick")
"""The star every game's menus draw beside the advice's pick, shown as a menu draws it
(no font has a star that reads at 8 pixels): a row of a menu, its meaning below."""


MORE_PAGE = Screen(kind="message", title="More facts",
                   note=f"{MORE} ends the facts where some had no room: all on Facts in full")
"""The mark a turn screen ends its facts with where it left some out (`render.MORE`):
what it means and where those facts are."""


def legend(game: str) -> tuple[Screen, ...]:
    """The legend pages of `game`: how to flip them, the star, a figure a page, then
    the mark of facts left out; () for a game without a LEGEND."""
    figures = getattr(games.for_game(game), "LEGEND", ())
    if not figures:
        return ()
    return (Screen(kind="message", title="Figures",
                   note="Up/Down: each figure of the menus. Back: return"), STAR_PAGE,
            *(Screen(kind="message", title=figure, note=meaning) for figure, meaning in figures),
            MORE_PAGE)


class Pages(Mode):
    """The game's pages over `back` (a reading in progress stopped: the throw waits)."""

    name = "pages"
    LEADS_TO = ("decide", "throw", "confirm", "enter", "draw_group", "draw", "over")

    def __init__(self, table: Host, back: Mode):
        super().__init__(table)
        self.back = back.settled()
        self.page = 0

    def _pages(self) -> tuple[Screen, ...]:
        return games.for_game(self.table.state.game).pages(self.table.state, self.table.names)

    def on(self, button: str) -> Mode:
        if button not in ("up", "down"):
            return self.back
        self.page = (self.page + (-1 if button == "up" else 1)) % len(self._pages())
        return self

    def screen(self, note: str) -> Screen:
        pages = self._pages()
        page = pages[min(self.page, len(pages) - 1)]
        return dataclasses.replace(page, note=note) if note else page


class Legend(Pages):
    """The game's legend pages over `back`."""

    name = "legend"

    def _pages(self) -> tuple[Screen, ...]:
        return legend(self.table.state.game)


FACTS_LABEL = "Facts in full"


def facts(table: Host, state) -> tuple[Screen, ...]:
    """The facts of `state`, a page each ("Facts 2/3": "Declined Bonus 200"), with the
    players' names; () where the game's View has none."""
    view = state.view()
    found = [table.named(words) for words in (view.message, *view.lines) if words.strip()]
    return tuple(Screen(kind="message", title=f"Facts {n}/{len(found)}", note=words)
                 for n, words in enumerate(found, 1))


class Facts(Pages):
    """The game's facts in full over `back`."""

    name = "facts"

    def _pages(self) -> tuple[Screen, ...]:
        found = facts(self.table, self.table.state)
        return found or (Screen(kind="message", title="Facts", note="No facts now"),)
