"""Calibrating the camera to the table's light and dice colours, from one frame.

Offered where the game's screen module declares `CALIBRATE = (prompt, colours)`: on the
setup options screen and in the game menu. OK takes one frame from the dice source and
calibrates (`companion.calibration.take`); the result goes to the camera's reads at
once and to the file beside the store for the next games. Back returns to the screen
it was opened from; the game in play is not changed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion import calibration
from companion.ui import games
from companion.ui.model import Screen

if TYPE_CHECKING:
    from companion.table import Table

LABEL = "Calibrate colours"
log = logging.getLogger(__name__)


def wanted(game: str) -> tuple[str, tuple[str, ...]] | None:
    """(what to show the camera, the colours it shows in reading order), or None for a
    game that needs no calibration."""
    return getattr(games.for_game(game), "CALIBRATE", None)


def open_calibration(table: Table) -> None:
    """Show the calibration screen; a reading in progress is stopped (the throw waits)."""
    if table.mode == "reading":
        table.dice.cancel()
        table.mode = "throw"
    table._calibrate_from = table.mode
    table.mode = "calibrate"


def _back(table: Table) -> None:
    from .setup import to_setup

    if table._calibrate_from == "setup_options":
        to_setup(table, "options")
    else:
        table.mode = table._calibrate_from


def _game(table: Table) -> str:
    return table.state.game if table.state is not None else table._chosen_game


def on_calibrate(table: Table, button: str) -> None:
    if button == "back":
        _back(table)
        return
    if button != "ok":
        table._say("OK: look at the dice, Back: return")
        return
    take_frame = getattr(table.dice, "frame", None)
    if take_frame is None:
        _back(table)
        table._say("No camera: virtual dice need no calibration")
        return
    frame = take_frame()
    if frame is None:
        table._say("No picture from the camera: OK to try again")
        return
    _, colours = wanted(_game(table))
    try:
        taken = calibration.take(frame, colours)
    except ValueError as why:
        table._say(str(why), 4.0)
        return
    except Exception:  # a reader bug must not stop the game
        log.exception("the colour calibration failed")
        table._say("Calibration failed: see the log")
        return
    table.dice.calibration = taken
    said = "Colours calibrated, kept for the next games"
    if table.calibration is not None:
        try:
            table.calibration.save(taken)
        except OSError as why:
            said = f"Colours calibrated for this session only: {why}"
    _back(table)
    table._say(said, 4.0)


def screen_calibrate(table: Table, note: str) -> Screen:
    prompt, _ = wanted(_game(table))
    return Screen(kind="throw", title=LABEL, note=note or f"{prompt}\nOK: look, Back: return")
