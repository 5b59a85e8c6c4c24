"""Every mode of the session, by name: what tests, the demo and the docs call them.

Each is a `mode.Mode` whose `on(button)` returns the next mode. Long presses are the
same everywhere (`companion.table.Table.handle`): a long Back undoes the last stored
step, a long Select opens the game menu (`game_menu`) over any mode of a game. Besides
the mode each new state needs (`play.mode_for`: "decide", "throw", "draw_group" or
"draw", "over"), which any stored step leads to, a mode's buttons lead only to the
modes of its `LEADS_TO` (a test drives every game to check it).
"""

from __future__ import annotations

from .calibrate import Calibrate
from .draw import NameCard, NameGroup
from .entry import Confirm, Enter
from .game_menu import Abandon, GameMenu, PhonePage
from .mode import Mode
from .pages import Facts, Legend, Pages
from .play import Decide, Over, Reading, ThrowDice
from .setup import SetupGame, SetupOptions, SetupPlayers

MODES: dict[str, type[Mode]] = {mode.name: mode for mode in (
    SetupGame, SetupPlayers, SetupOptions, Decide, ThrowDice, Reading, Confirm, Enter,
    NameGroup, NameCard, Over, Pages, Facts, Legend, Calibrate, GameMenu, Abandon, PhonePage)}

STATE_MODES = ("decide", "throw", "draw_group", "draw", "over")
"""The modes a new game state may need (`play.mode_for`)."""
