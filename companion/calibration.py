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

What a game's confirmed throws taught the camera over that calibration
(`vision.learnt_colours`) is kept beside it too (`KeptLearnt`, LEARNT_FILE): a restart
into the same game reads as the game read before it.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FILE = "calibration.json"
"""The calibration's file name, beside the game store."""
LEARNT_FILE = "learnt_colours.json"
"""The file of what the game in play's throws taught, beside the game store."""


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

    def learnt(self, started: Callable[[int], str | None] | None = None) -> KeptLearnt:
        """The file of what a game's play taught, beside this one (`started`: a game's
        start time by its id, to tell it from a game of a store since set aside)."""
        return KeptLearnt(self.path, started)


class KeptLearnt:
    """What the game in play's confirmed throws taught the camera (a
    `vision.learnt_colours.Learnt`), in LEARNT_FILE beside the store (`beside`: the
    store's path, or a file beside it), so that a restart, a crash or a pulled plug goes
    on reading that game as it read before. One game is kept: the one whose throws were
    learnt last (a new game's first throw learnt replaces an older game's). It is taken
    up only by the same game (its id and its start time, `started`) over the same
    calibration (`learnt_colours.over`): a new calibration starts afresh. Written whole
    or not at all after each throw learnt; a damaged file is said in the log and
    ignored, never fatal."""

    def __init__(self, beside: str | Path,
                 started: Callable[[int], str | None] | None = None):
        self.path = Path(beside).with_name(LEARNT_FILE)
        self._started = started
        self._stamps: dict[int, str | None] = {}

    def _stamp(self, game: int) -> str | None:
        if game not in self._stamps:
            try:
                self._stamps[game] = None if self._started is None else self._started(game)
            except Exception:  # the store cannot say: the id alone
                self._stamps[game] = None
        return self._stamps[game]

    def load(self, game: int, calibration) -> Any:
        """What `game`'s play taught over `calibration` (None: there is none), or None:
        none kept, another game's or another calibration's (said in the log), or a
        file that cannot be read (said in the log as ignored)."""
        from vision import learnt_colours

        try:
            text = self.path.read_text()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as why:
            log.warning("Colours learnt in play ignored: %s cannot be read (%s)",
                        self.path, why)
            return None
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("version") != 1:
                raise ValueError("not colours learnt in play")
            if not isinstance(data.get("game"), int) or not isinstance(data.get("learnt"), dict):
                raise ValueError("no game named")
            if (data["game"], data.get("started")) != (game, self._stamp(game)):
                log.info("Colours learnt in play in %s are another game's (%s), not game"
                         " %s's: it starts from the colour calibration", self.path,
                         data["game"], game)
                return None
            if data["learnt"].get("over") != learnt_colours.over(calibration):
                log.info("Colours learnt in play in %s were learnt over another colour"
                         " calibration: game %s starts afresh from this one", self.path, game)
                return None
            learnt = learnt_colours.Learnt.from_json(data["learnt"], calibration)
        except (ValueError, TypeError, KeyError, RecursionError) as why:
            log.warning("Colours learnt in play ignored: %s is damaged (%s); the game goes"
                        " on from the colour calibration", self.path, why)
            return None
        log.info("Colours learnt in play of game %s taken up from %s (%d throws)", game,
                 self.path, learnt.taught)
        return learnt

    def save(self, game: int, learnt) -> None:
        """Keep what `game`'s play taught (replacing any other game's), whole or not at
        all: a temporary file written, flushed to the card, then renamed over the old
        one (a pulled plug leaves the old file or the new one). OSError if it cannot."""
        text = json.dumps({"version": 1, "game": game, "started": self._stamp(game),
                           "learnt": learnt.to_json()}) + "\n"
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            with open(temporary, "w") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
