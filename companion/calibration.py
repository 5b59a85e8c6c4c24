"""The table's colour calibration: taken from one camera frame, kept on disk for the
next games, redone on request.

A game whose screen module declares `CALIBRATE = (prompt, colours, value)` (Charidice:
the six dice showing their 1s) gets "Calibrate colours" on the setup options screen and
in the game menu. `take` is the one call into the vision side (`vision.calibrate`); `Kept` is
the file beside the store, written whole or not at all by vision; a damaged file is
reported and ignored, never fatal. A setup frame whose dice cannot all be told apart
may be taken in part (`unlearnt`: the colours it did not learn, which the reader then
names as uncalibrated, asking when unsure); one whose colours cannot be told at all
(`Untold`) may be taken again from the dice laid in a row in the declared order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

FILE = "calibration.json"
"""The calibration's file name, beside the game store."""


class Untold(ValueError):
    """The frame showed the dice, but which is which colour could not be told: the
    players may lay them in a row in the order of `colours` instead (`take(..., row=True)`)."""


def take(frame, colours: Sequence[str], row: bool = False) -> Any:
    """A calibration from a frame showing one die of each of `colours`: all six colours
    in any order (the reader tells them apart; Untold where it cannot), fewer, or all
    with `row`, in the reader's order (a row, left to right). ValueError saying what the
    frame shows."""
    from vision.calibrate import ColoursUntold, calibrate
    from vision.reading import COLOURS

    if row or sorted(colours) != sorted(COLOURS):
        return calibrate(frame, list(colours))
    try:
        return calibrate(frame)
    except ColoursUntold as why:
        raise Untold(str(why)) from why


def unlearnt(calibration, colours: Sequence[str]) -> tuple[str, ...]:
    """The colours of `colours` the calibration did not learn (the frame taken in part)."""
    learnt = set(calibration.colours())
    return tuple(dict.fromkeys(c for c in colours if c not in learnt))


class Kept:
    """The calibration file beside the store (`beside`: the store's path)."""

    def __init__(self, beside: str | Path):
        self.path = Path(beside).with_name(FILE)

    def load(self) -> tuple[Any, str]:
        """(calibration or None, "" or why the file was ignored)."""
        from vision.calibrate import load

        try:
            return load(self.path), ""
        except ValueError as why:
            return None, f"Colour calibration ignored: {why}"

    def save(self, calibration) -> None:
        from vision.calibrate import save

        save(calibration, self.path)
