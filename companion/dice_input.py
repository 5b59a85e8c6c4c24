"""Where a throw's dice come from: a virtual roller, or camera frames through the reader.

Both answer the session's `DiceSource` protocol (see companion.table): `start(throw)`
when the player says the dice are down, then `poll()` until it returns a `Reading`.
A camera source reads frames one `poll()` at a time, so the main loop keeps answering
the buttons while the dice settle; the virtual roller answers at once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.rules import Throw

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Seen:
    """The camera frame a throw was read from, and each die's box in it (x0, y0, x1, y1),
    in the order of the result's dice: what a kept photo is made of."""

    frame: Any
    boxes: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class Reading:
    """What a dice source read of one throw: per die in the reader's order, a value, a
    confidence (0..1) and, for coloured dice, a colour (None where it could not be
    told); or `error`, why none were read. A camera's reading also says where it saw
    them (`seen`). The one type for a reading, from the source to the dice entry."""

    values: tuple[int, ...] = ()
    confidence: tuple[float, ...] = ()
    colours: tuple[str | None, ...] | None = None
    seen: Seen | None = None
    error: str = ""

    def faces(self) -> list[tuple[int, str | None]]:
        """(value, colour) per die: the colour None for plain dice."""
        colours = self.colours if self.colours is not None else (None,) * len(self.values)
        return list(zip(self.values, colours))


#: a frame whose brightest 0.5% is darker than this (of 255) shows nothing to read: the
#: lamp off, the lens covered. The photos here, dimmed to a fifth, still reach 36-39
DARK_BELOW = 32


def too_dark(frame) -> bool:
    """Whether even the brightest part of the frame is dark (a coarse look: every 8th
    pixel of every 8th row, which can miss a lone die's pips on black felt: so it only
    explains a frame in which nothing was read, and never keeps one from being read;
    light coming back after it starts the settle detector afresh)."""
    import numpy as np

    return float(np.percentile(frame[::8, ::8], 99.5)) < DARK_BELOW


class VirtualDice:
    """Dice thrown by a seeded random source (`hardware.camera.VirtualRoller`); each
    coloured die shows one of its own faces, as `Throw.sample` throws it."""

    verb = "roll"

    def __init__(self, roller):
        self.roller = roller
        self._result: Reading | None = None

    def start(self, throw: Throw) -> None:
        if throw.colours is None:
            dice = self.roller.throw(throw.count, throw.faces)
            self._result = Reading(tuple(dice), (1.0,) * len(dice))
            return
        faces = self.roller.throw_faces(throw.colours)
        self._result = Reading(tuple(v for v, _ in faces), (1.0,) * len(faces),
                                  colours=tuple(c for _, c in faces))

    def poll(self) -> Reading | None:
        result, self._result = self._result, None
        return result

    def cancel(self) -> None:
        self._result = None


class CameraDice:
    """Frames from a camera, read by `vision.read` once the dice lie still.

    A live camera (`live=True`) waits for `vision.Settle`: still frames and two equal
    reads. A frame the same to the last byte as the one before it, in this throw or
    the last, is no new picture but a frozen camera (a live sensor's noise differs
    every frame): it would look perfectly still, and read the last throw's dice again.
    A dark frame (the lamp off, the lens covered) is read as any other, but a reading
    of nothing there is no throw of no dice: the camera keeps looking, "Too dark".
    A folder of photos (one photo per throw) reads the next frame at once. A
    die the reader marks (`needs_confirmation`) counts as unsure, so the player checks
    it. No answer within `timeout` seconds, or a failed camera, is an error that says
    what was in the way (a hand in view, dice still moving): the session then asks for
    the dice by hand.
    """

    verb = "read"

    def __init__(self, camera, live: bool = True, read: Callable | None = None,
                 timeout: float = 10.0, clock: Callable[[], float] = time.monotonic):
        self.camera = camera
        self.live = live
        self._read = read
        self.timeout = timeout
        self._clock = clock
        self._throw: Throw | None = None
        self._settle = None
        self._deadline = 0.0
        self._last_frame = None  # kept from throw to throw: a frozen camera repeats it
        self._in_the_way = ""  # "frozen" or "dark", while no frame can be read for it
        self._settle_saw_dark = False  # its hand watch learnt the table in the dark
        self.calibration = None  # the table's colour calibration (companion.calibration)
        self.game = None
        """The game being played (its id, set by companion.table): what its confirmed
        throws taught (`learn`) is for it alone."""
        self._learnt = None  # vision.learnt_colours.Learnt of `_learnt_for`
        self._learnt_for = None  # (the game, the calibration it learnt over)
        self.kept_learnt = None
        """Where what a game's play taught is kept across a restart (a
        companion.calibration.KeptLearnt, set by companion.table; None: memory only)."""
        self._looked_for = None  # the (game, calibration) last looked for in `kept_learnt`
        self.seen_by: Callable[[Reading], None] | None = None
        """Told every reading with its frame (the web page's last photo, companion.web)."""

    def frame(self):
        """One frame from the camera as it is now (None if it gave none): what a colour
        calibration is taken from."""
        from hardware.camera import CameraFailed

        try:
            return self.camera.read()
        except CameraFailed as why:
            log.warning("camera failed: %s", why)
            return None

    def learn(self, frame, boxes, names, answered=None, step: int | None = None) -> None:
        """A Charidice throw read from `frame` and confirmed: each die's box and its
        colour as the players let it stand (None: not known), the dice the players were
        asked about and answered (`answered`, indices; None: all) learnt for the rest of
        the game (`vision.learnt_colours`): its later throws are read with the
        calibration learnt (`in_use`), until the throw's stored step (`step`) is undone
        (`forget`). Never a throw typed by hand: it has no frame.
        What the game learnt is then kept on disk (`kept_learnt`), if it can be (said in
        the log if not: the game goes on with it in memory)."""
        from vision.learnt_colours import Learnt

        if self._learning() is None:
            self._learnt = Learnt(self.calibration)
            self._learnt_for = (self.game, self.calibration)
        self._learnt.add_frame(frame, boxes, names, answered, step=step)
        self._keep()

    def forget(self, game, step: int) -> None:
        """Stored step `step` of `game` undone: what its throw taught (`learn`) is
        forgotten, as if it had never been learnt, and the game's learning kept on disk
        again. Nothing for another game, or a step that taught nothing (typed by hand)."""
        if game is None or game != self.game:
            return
        learnt = self._learning()
        if learnt is not None and learnt.forget(step):
            log.info("colours learnt from step %s of game %s forgotten (undone)", step, game)
            self._keep()

    def _keep(self) -> None:
        """What the game learnt, kept on disk (`kept_learnt`), if it can be (said in the
        log if not: the game goes on with it in memory)."""
        if self.kept_learnt is not None and self.game is not None:
            try:
                self.kept_learnt.save(self.game, self._learnt)
            except OSError as why:
                log.warning("colours learnt in play not kept on disk: %s", why)

    def _learning(self):
        """What this game's confirmed throws taught over the calibration in use, or None
        (none yet, another game's, or one over a calibration since replaced): in memory,
        else, once per game and calibration, as kept on disk before a restart."""
        if self._learnt is not None and self._learnt_for is not None:
            game, base = self._learnt_for
            if game == self.game and base is self.calibration:
                return self._learnt
        return self._kept_learning()

    def _kept_learning(self):
        """What this game's play taught over the calibration in use, as kept on disk
        (`kept_learnt`), looked for once per game and calibration; None where there is
        none (or it could not be taken up: said in the log, the game goes on)."""
        if self.kept_learnt is None or self.game is None:
            return None
        looked = self._looked_for
        if looked is not None and looked[0] == self.game and looked[1] is self.calibration:
            return None
        self._looked_for = (self.game, self.calibration)
        try:
            learnt = self.kept_learnt.load(self.game, self.calibration)
        except Exception:  # never a crash: the game goes on from the calibration
            log.exception("the colours learnt in play could not be taken up")
            return None
        if learnt is not None:
            self._learnt, self._learnt_for = learnt, (self.game, self.calibration)
        return learnt

    def in_use(self):
        """The calibration a throw is read with: the table's, and the colours this game's
        confirmed throws taught (`learn`)."""
        learnt = self._learning()
        return self.calibration if learnt is None else learnt.calibration()

    def start(self, throw: Throw) -> None:
        self._throw = throw
        self._deadline = self._clock() + self.timeout
        self._in_the_way = ""
        if self.live:
            self._new_settle()

    def _new_settle(self) -> None:
        """A settle detector for the frames from now on (its hand watch learns the table
        from its first frames)."""
        import vision

        self._settle = vision.Settle(read=self._read_throw)
        self._settle_saw_dark = False

    def poll(self) -> Reading | None:
        if self._throw is None:
            return None
        from hardware.camera import CameraFailed, CameraInUse, CameraMissing

        try:
            frame = self.camera.read()
        except CameraFailed as why:  # the driver's words go to the log: on the OLED
            log.warning("camera failed: %s", why)  # they crowded out "enter the dice"
            error = ("Camera busy" if isinstance(why, CameraInUse) else
                     "No camera" if isinstance(why, CameraMissing) else "Camera failed")
            return self._finish(Reading(error=error))
        if frame is None:
            return self._give_up_if_late()
        try:
            if self.live:
                if self._same_as_last(frame):  # no new picture: nothing to read in it
                    self._in_the_way = "dark" if too_dark(frame) else "frozen"
                    return self._give_up_if_late()
                dark = too_dark(frame)
                if self._in_the_way == "frozen" or (self._in_the_way == "dark" and not dark):
                    self._in_the_way = ""
                if self._settle_saw_dark and not dark:  # the lamp on: a watch that learnt
                    self._new_settle()  # the table in the dark takes the lit wood for a hand
                self._settle_saw_dark |= dark
                settled = self._settle.update(frame)
                if settled is None:
                    return self._give_up_if_late()
                readings = settled.readings  # read from this very frame
                if not readings and dark:  # the lamp off: keep looking
                    self._in_the_way = "dark"
                    self._new_settle()
                    return self._give_up_if_late()
            else:
                readings = self._read_throw(frame)
        except Exception:  # a reader bug must not stop the game: enter by hand
            log.exception("the dice reader failed")
            return self._finish(Reading(error="Dice reader failed"))
        return self._finish(Reading(
            tuple(r.value for r in readings),
            tuple(0.0 if r.needs_confirmation else r.confidence for r in readings),
            seen=Seen(frame, tuple(tuple(r.bbox) for r in readings)),
            colours=None if self._throw.colours is None else tuple(r.colour for r in readings),
        ))

    def cancel(self) -> None:
        self._throw = None

    @property
    def waiting_for(self) -> str:
        """What a live camera is waiting for the players to clear, to show while it waits
        ("" while nothing but the dice's own settling is in the way)."""
        if self._throw is None or self._settle is None:
            return ""
        if self._in_the_way == "dark":
            return self.KEPT_FROM_READING["dark"]
        return self.KEPT_FROM_READING["hand"] if self._settle.why == "hand" else ""

    def _same_as_last(self, frame) -> bool:
        """Whether the frame repeats the last one read, to the last byte, in every 4th
        pixel of every 4th row (a frozen camera repeats them all, and a live sensor's
        noise changes nearly all: the whole frame cost 0.6 ms here, 2.3 on a Pi 4, every
        frame). The sample is kept as a copy: a driver may refill the same array."""
        import numpy as np

        sample = np.array(frame[::4, ::4], copy=True)
        last, self._last_frame = self._last_frame, sample
        return last is not None and last.shape == sample.shape and np.array_equal(last, sample)

    def _read_throw(self, frame) -> list:
        from vision import Expect

        if self._read is None:
            import vision

            # a live camera's frames are read once, whatever their size; photos standing
            # in for the camera are also read closer, as `companion read` reads them
            self._read = partial(vision.read, closer=not self.live)
        throw = self._throw
        faces = None if throw.colours is None else {f for die in throw.colours for f in die}
        expect = Expect.of(count=throw.count, values=throw.faces, colours=faces,
                           dice=throw.colours)
        calibration = self.in_use()
        if calibration is not None and faces is not None:
            return self._read(frame, expect, calibration=calibration)
        return self._read(frame, expect)

    #: what kept a live camera from reading, as the player is told it (`vision.Settle.why`)
    KEPT_FROM_READING = {"": "No picture", "moving": "Still moving", "hand": "Hand in view",
                         "reads differ": "Reads differ", "frozen": "Camera frozen",
                         "dark": "Too dark"}

    def _give_up_if_late(self) -> Reading | None:
        if self._clock() < self._deadline:
            return None
        why = self._in_the_way or (self._settle.why if self._settle is not None else "")
        return self._finish(Reading(error=self.KEPT_FROM_READING.get(why, "No dice read")))

    def _finish(self, result: Reading) -> Reading:
        self._throw = None
        if result.seen is not None and self.seen_by is not None:
            self.seen_by(result)
        return result
