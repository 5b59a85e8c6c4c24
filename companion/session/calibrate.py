"""Calibrating the camera to the table's light and dice colours, from one frame.

Offered where the game's screen module declares `CALIBRATE = (prompt, colours)`: on the
setup options screen and in the game menu. OK takes one frame from the dice source and
calibrates (`companion.calibration.take`); the result goes to the camera's reads at
once and to the file beside the store for the next games. A frame taken in part says
which colours were not learnt (they are named as uncalibrated, asked when unsure); one
whose pips a lamp tinted far past white says it holds under that lamp only.
Back returns to the screen it was opened from; the game in play is not changed.
"""

from __future__ import annotations

import logging

from companion import calibration
from companion.ui import games
from companion.ui.model import Screen

from .mode import Host, Mode

LABEL = "Calibrate colours"
log = logging.getLogger(__name__)


def wanted(game: str) -> tuple[str, tuple[str, ...]] | None:
    """(what to show the camera, the colours it shows in reading order), or None for a
    game that needs no calibration."""
    return getattr(games.for_game(game), "CALIBRATE", None)


def _game(table: Host) -> str:
    return table.state.game if table.state is not None else table.chosen.game


class Calibrate(Mode):
    """The calibration screen over `back` (the setup options, or any mode of a game,
    a reading in progress stopped: the throw waits)."""

    name = "calibrate"
    LEADS_TO = ("setup_options", "decide", "throw", "confirm", "enter", "draw_group",
                "draw", "over")

    def __init__(self, table: Host, back: Mode):
        super().__init__(table)
        self.back = back.settled()

    def on(self, button: str) -> Mode:
        table = self.table
        if button == "back":
            return self.back.again()
        if button != "ok":
            table.say("OK: look at the dice, Back: return")
            return self
        take_frame = getattr(table.dice, "frame", None)
        if take_frame is None:
            table.say("No camera: virtual dice need no calibration")
            return self.back.again()
        frame = take_frame()
        if frame is None:
            table.say("No picture from the camera: OK to try again")
            return self
        _, colours = wanted(_game(table))
        try:
            taken = calibration.take(frame, colours)
        except ValueError as why:
            table.say(str(why), 4.0)
            return self
        except Exception:  # a reader bug must not stop the game
            log.exception("the colour calibration failed")
            table.say("Calibration failed: see the log")
            return self
        table.dice.calibration = taken
        missing = calibration.unlearnt(taken, colours)  # first: a small screen cuts the rest
        done = (f"Calibrated all but {', '.join(missing)} (asked when unsure)" if missing
                else "Colours calibrated")
        if taken.lamp_only:  # under another light the throws are read uncalibrated
            done += " for this lamp only"
        said = f"{done}, kept for the next games"
        if table.calibration is not None:
            try:
                table.calibration.save(taken)
            except OSError as why:
                said = f"{done}, for this session only: {why}"
        table.say(said, 4.0)
        return self.back.again()

    def screen(self, note: str) -> Screen:
        prompt, _ = wanted(_game(self.table))
        return Screen(kind="throw", title=LABEL, note=note or f"{prompt}\nOK: look, Back: return")
