"""The table's colour calibration: taken from one camera frame, kept on disk for the
next games, redone on request.

A game whose screen module declares `CALIBRATE = (prompt, colours)` (Charidice: the six
dice showing their 1s, in a row, the colours in the order asked) gets "Calibrate
colours" on the setup options screen and in the game menu. `take` is the one call into
the vision side (`vision.calibrate`): adapt it there when that side changes. `Kept`
is the file beside the store; a damaged file is reported and ignored, never fatal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

FILE = "calibration.json"
"""The calibration's file name, beside the game store."""


def take(frame, colours: Sequence[str]) -> Any:
    """A calibration from a frame showing one die of each colour of `colours`, in the
    reader's order (a row, left to right); ValueError saying what the frame shows."""
    from vision.calibrate import calibrate

    return calibrate(frame, list(colours))


def to_json(calibration) -> dict[str, Any]:
    return {"gain": list(calibration.gain), "offset": list(calibration.offset),
            "seen": [[name, list(lab)] for name, lab in calibration.seen]}


def from_json(data: dict[str, Any]):
    """The calibration a file holds; ValueError (or TypeError, KeyError) if it is not one."""
    from vision.calibrate import Calibration

    def three(values) -> tuple[float, float, float]:
        numbers = tuple(float(v) for v in values)
        if len(numbers) != 3:
            raise ValueError("three numbers expected")
        return numbers

    return Calibration(three(data["gain"]), three(data["offset"]),
                       tuple((str(name), three(lab)) for name, lab in data["seen"]))


class Kept:
    """The calibration file beside the store (`beside`: the store's path)."""

    def __init__(self, beside: str | Path):
        self.path = Path(beside).with_name(FILE)

    def load(self) -> tuple[Any, str]:
        """(calibration or None, "" or why the file was ignored)."""
        if not self.path.exists():
            return None, ""
        try:
            return from_json(json.loads(self.path.read_text(encoding="utf-8"))), ""
        except (OSError, ValueError, TypeError, KeyError) as why:
            return None, f"Colour calibration {self.path} ignored ({why}): calibrate again"

    def save(self, calibration) -> None:
        """Written whole, then moved over the old one: a pulled plug leaves one of them."""
        part = self.path.with_suffix(".part")
        part.write_text(json.dumps(to_json(calibration)), encoding="utf-8")
        part.replace(self.path)
