"""Calibrating the camera to the table's light and dice colours, from one frame.

Offered where the game's screen module declares `CALIBRATE = (prompt, colours, value)`:
on the setup options screen and in the game menu. OK takes one frame from the dice source and
calibrates (`companion.calibration.take`); the result goes to the camera's reads at
once and to the file beside the store for the next games. A frame taken in part says
which colours were not learnt, or, where it learnt fewer than it left, which it learnt
(the others are named as uncalibrated, asked when unsure); one
whose pips a lamp tinted far past white says it holds under that lamp only.
A frame whose colours could not be told apart (`calibration.Untold`: the same lamp
would confuse them again) turns the screen to a row: the dice drawn showing `value`
in the order the game declares, each with its colour's letter, to lay so, left to right;
OK calibrates from them named in that order, Select goes back to the dice anywhere.
A frame taken in part is in use at once (and kept) and turns the screen to the row too,
offered for all the colours ("4 of 6 learnt"): OK takes the row in its place, Back goes
on with the part learnt, saying which colours it did not learn.
Back returns to the screen it was opened from; the game in play is not changed.
Asked before a game whose dice a camera reads with no calibration in use (`needed`):
there Back starts the game uncalibrated, and a calibration taken starts it too.
"""

from __future__ import annotations

import logging

from companion import calibration
from companion.ui import games
from companion.ui.model import Screen

from .mode import Host, Mode

LABEL = "Calibrate colours"
ROW = "Lay them in this row"
ROW_HINT = "Lay them so. OK: look\nSelect: apart, Back: {}"
PART_HINT = "{} of {} learnt. OK: look\nSelect: apart, Back: {}"
"""The row's hint where the frame was taken in part (that part in use): in the hint, not
the title, so that 128x32, which shows no title over the dice, still says it."""
log = logging.getLogger(__name__)


def taken_in_part(colours: tuple[str, ...], missing: tuple[str, ...]
                  ) -> tuple[str, str] | None:
    """(what a frame taken in part learnt, and which colours are asked when unsure), None
    where it learnt them all. The shorter list is named, so that the smallest screen shows
    it whole: "Calibrated all but orange, yellow" where a few were left out, "Calibrated
    only black" where fewer were learnt than left (a setup told its black alone)."""
    if not missing:
        return None
    learnt = tuple(c for c in colours if c not in missing)
    if len(learnt) < len(missing):
        return f"Calibrated only {', '.join(learnt)}", "the rest asked when unsure"
    return f"Calibrated all but {', '.join(missing)}", "asked when unsure"


def taken_said(part: tuple[str, str] | None, lamp_only: bool, kept: bool) -> str:
    """What the player is told of a calibration put in use: what it learnt, whether it holds
    under this lamp only, and whether it is kept for the next games. Said in a few
    seconds' note, so whole on the smallest screen whatever colours a part left: a part
    under one lamp drops "asked when unsure" (the row offered said how many were learnt),
    and a calibration the file could not take says "not saved" (the reason is logged)."""
    if part is None:
        done = "Colours calibrated" + " for this lamp only" * lamp_only
        return f"{done}, kept for the next games" if kept else f"{done}, not saved"
    done = f"{part[0]} for this lamp only" if lamp_only else f"{part[0]} ({part[1]})"
    return f"{done}, kept" if kept else f"{done}, not saved"


def wanted(game: str) -> tuple[str, tuple[str, ...], int] | None:
    """(what to show the camera, the colours it shows in reading order, the value each
    die shows), or None for a game that needs no calibration."""
    return getattr(games.for_game(game), "CALIBRATE", None)


def needed(table: Host, game: str) -> bool:
    """Whether to ask for a calibration before `game` starts: its dice want one, a camera
    reads them, and none is in use (never taken, or its file ignored)."""
    return (wanted(game) is not None and getattr(table.dice, "frame", None) is not None
            and getattr(table.dice, "calibration", None) is None)


def _game(table: Host) -> str:
    return table.state.game if table.state is not None else table.chosen.game


class Calibrate(Mode):
    """The calibration screen over `back` (the setup options, or any mode of a game,
    a reading in progress stopped: the throw waits)."""

    name = "calibrate"
    LEADS_TO = ("setup_options", "decide", "throw", "confirm", "enter", "draw_group",
                "draw", "over")

    def __init__(self, table: Host, back: Mode, back_does: str = "return"):
        super().__init__(table)
        self.back = back.settled()
        self.back_does = back_does  # what Back (and a calibration taken) leads to, said
        self.row = False  # the dice laid in a row in the game's order, named so
        self.part = ""  # a frame taken in part is in use: what Back says of it
        self.learnt = 0  # ... and how many of the game's colours it learnt

    def on(self, button: str) -> Mode:
        table = self.table
        if button == "back":
            if self.part:
                table.say(self.part, 4.0)
            return self.back.again()
        if button == "select" and self.row:
            self.row = False
            return self
        if button != "ok":
            table.say(f"OK: look at the dice, Back: {self.back_does}")
            return self
        take_frame = getattr(table.dice, "frame", None)
        if take_frame is None:
            table.say("No camera: virtual dice need no calibration")
            return self.back.again()
        frame = take_frame()
        if frame is None:
            table.say("No picture from the camera: OK to try again")
            return self
        _, colours, _value = wanted(_game(table))
        try:
            taken = (calibration.take(frame, colours, row=True) if self.row
                     else calibration.take(frame, colours))
        except calibration.Untold as why:
            log.info("colours not told apart: %s", why)
            self.row = True
            table.say("Colours not told apart: lay the dice in this row", 4.0)
            return self
        except ValueError as why:  # the reader's short form where it has one
            log.warning("calibration refused: %s", why)
            table.say(getattr(why, "short", str(why)), 4.0)
            return self
        except Exception:  # a reader bug must not stop the game
            log.exception("the colour calibration failed")
            table.say("Calibration failed: see the log")
            return self
        table.dice.calibration = taken
        missing = calibration.unlearnt(taken, colours)
        part = taken_in_part(colours, missing)
        was_row, self.row, self.part = self.row, False, ""
        kept = True
        if table.calibration is not None:
            try:
                table.calibration.save(taken)
            except OSError as why:  # in use for this session all the same
                log.warning("the calibration was not saved: %s", why)
                kept = False
        said = taken_said(part, taken.lamp_only, kept)
        if missing and not was_row:  # taken in part: the row offered for all, not forced
            self.row, self.part, self.learnt = True, said, len(colours) - len(missing)
            table.say(part[0], 4.0)
            return self
        table.say(said, 4.0)
        return self.back.again()

    def screen(self, note: str) -> Screen:
        prompt, colours, value = wanted(_game(self.table))
        if self.row:
            return Screen(kind="enter", entry=(value,) * len(colours),
                          colours=colours, cursor=-1, note=note, title=ROW,
                          hint=(PART_HINT.format(self.learnt, len(colours), self.back_does)
                                if self.part
                                else ROW_HINT.format(self.back_does)))
        return Screen(kind="throw", title=LABEL, note=note,
                      hint=f"{prompt}\nOK: look, Back: {self.back_does}")
