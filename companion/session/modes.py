"""Every mode of the session in one table: its screen, its buttons, where it leads.

A mode's screen is `screen(table, note) -> Screen` and its buttons
`buttons(table, button)` for short presses (up, down, select, back, ok). Long presses are
the same everywhere: a long Back undoes the last stored step, a long Select opens the
game menu (`overlay`) over any mode of a game, whose item PAGES_LABEL opens the game's
own pages (`pages`) and Back returns to the mode they were opened from; "Calibrate
colours" (there and on the setup options, for a game that asks for it) opens
`calibrate`, which returns the same way. `leads_to`
documents (and a test checks) the modes a mode's buttons may move to besides the one
each new state needs (`play.mode_of`: "decide", "throw", "draw",
"draw_group" (see `draw`) or "over"), which any
stored step leads to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.ui.model import Screen

from . import calibrate, draw, entry, pages, play, setup

if TYPE_CHECKING:
    from companion.table import Table


@dataclass(frozen=True)
class Mode:
    """One mode: what it shows, what its buttons do, where they lead."""

    screen: Callable[[Table, str], Screen]
    buttons: Callable[[Table, str], None]
    leads_to: tuple[str, ...]


MODES: dict[str, Mode] = {
    "setup_game": Mode(setup.screen_game, setup.on_game, ("setup_players",)),
    "setup_players": Mode(setup.screen_players, setup.on_players, ("setup_game", "setup_options")),
    "setup_options": Mode(setup.screen_options, setup.on_options,
                          ("setup_players", "setup_options")),
    "decide": Mode(play.screen_decide, play.on_decide, ()),
    "throw": Mode(play.screen_throw, play.on_throw, ("reading", "enter")),
    "reading": Mode(play.screen_reading, play.on_reading, ("throw", "confirm", "enter")),
    "confirm": Mode(entry.screen_confirm, entry.on_confirm, ("throw", "enter", "reading")),
    "enter": Mode(entry.screen_enter, entry.on_enter, ("throw",)),
    "draw_group": Mode(draw.screen_group, draw.on_group, ("draw",)),
    "draw": Mode(draw.screen_card, draw.on_card, ("draw_group",)),
    "over": Mode(play.screen_over, play.on_over, ("setup_options",)),
    "pages": Mode(pages.screen_pages, pages.on_pages,
                  ("decide", "throw", "confirm", "enter", "draw_group", "draw", "over")),
    "calibrate": Mode(calibrate.screen_calibrate, calibrate.on_calibrate,
                      ("setup_options", "decide", "throw", "confirm", "enter", "draw_group",
                       "draw", "over")),
}
