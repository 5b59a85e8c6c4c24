"""Settle detector: one reading per throw, once the dice have stopped.

Feed frames in order with `update(frame)`; it returns a `SettleEvent` when a throw has
settled (the scene has been still for `still_frames` frames and two reads taken on
still frames agree die by die, `same_dice`), else None. `state` is "rolling" while
anything moves or a hand is in view (vision/hands.py), "settling" while still but not
yet agreed, "settled" after the event, until the next movement starts a new throw. `why` says
what the last frame showed ("moving", "hand", "still", "reads differ"; "" before the
first), so a reader that gives up can tell the player what kept it from reading.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .hands import HandWatch, small


def same_dice(a: list, b: list) -> bool:
    """Whether two reads of still dice agree die by die: as many dice, and each die of
    either read has one of the other read within half its size, of its value and colour.
    The same values on other dice are no agreement: a 2 and a 3 read, then a 3 and a 2 in
    their places, is each die read two ways."""
    def each_found(a, b):
        for r in a:
            x0, y0, x1, y1 = r.bbox
            nearest = min(b, key=lambda o: math.dist(o.centre, r.centre), default=None)
            if (nearest is None or math.dist(nearest.centre, r.centre) > max(x1 - x0, y1 - y0) / 2
                    or (nearest.value, nearest.colour) != (r.value, r.colour)):
                return False
        return True

    return len(a) == len(b) and each_found(a, b) and each_found(b, a)


@dataclass(frozen=True)
class SettleEvent:
    readings: list
    frame_index: int


class Settle:
    def __init__(
        self,
        read=None,
        still_frames: int = 5,
        motion_threshold: float = 12.0,
        moving_fraction: float = 0.002,
        hand=None,
    ):
        """`hand(small_frame)`: whether a hand is in view, shown every frame in order
        (default: a `HandWatch` of this throw's frames)."""
        if read is None:
            from . import read
        self.read = read
        self.still_frames = still_frames
        self.motion_threshold = motion_threshold
        self.moving_fraction = moving_fraction
        self.hand = hand if hand is not None else HandWatch()
        self.state = "rolling"
        self.why = ""
        self._prev = None
        self._still = 0
        self._last_read = None
        self._index = -1

    def moving(self, small_frame: np.ndarray) -> bool:
        """Whether more than `moving_fraction` of the view changed by more than
        `motion_threshold` grey levels since the last frame, once each row's brightening
        or dimming is taken out: a lamp's flicker, a webcam's exposure, and the bands a
        rolling shutter makes of a flickering lamp, row by row."""
        g = cv2.GaussianBlur(cv2.cvtColor(small_frame, cv2.COLOR_BGR2GRAY), (3, 3), 0)
        prev, self._prev = self._prev, g
        if prev is None or prev.shape != g.shape:
            return True
        g, prev = g.astype(np.float32), prev.astype(np.float32)
        gain = (g.mean(axis=1, keepdims=True) + 1.0) / (prev.mean(axis=1, keepdims=True) + 1.0)
        diff = cv2.absdiff(g, prev * gain)
        return float((diff > self.motion_threshold).mean()) > self.moving_fraction

    def update(self, frame: np.ndarray) -> SettleEvent | None:
        self._index += 1
        seen = small(frame)
        hand = self.hand(seen)  # every frame: what is there all along is table
        if self.moving(seen):
            self.why = "moving"
        elif hand:
            self.why = "hand"
        else:
            self.why = "still"
        if self.why != "still":
            self.state = "rolling"
            self._still = 0
            self._last_read = None
            return None
        if self.state == "settled":
            return None  # same throw: no second event
        self._still += 1
        self.state = "settling"
        if self._still < self.still_frames:
            return None
        readings = self.read(frame)
        if self._last_read is not None and same_dice(readings, self._last_read):
            self.state = "settled"
            return SettleEvent(readings=readings, frame_index=self._index)
        if self._last_read is not None:
            self.why = "reads differ"
        self._last_read = readings
        return None
