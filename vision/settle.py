"""Settle detector: one reading per throw, once the dice have stopped.

Feed frames in order with `update(frame)`; it returns a `SettleEvent` when a throw has
settled (the scene has been still for `still_frames` frames and two reads taken on
still frames agree), else None. `state` is "rolling" while anything moves or a hand
(a large skin-coloured area) is in view, "settling" while still but not yet agreed,
"settled" after the event, until the next movement starts a new throw.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class SettleEvent:
    readings: list
    frame_index: int


def _small_gray(frame: np.ndarray, width: int = 160) -> np.ndarray:
    h, w = frame.shape[:2]
    g = cv2.cvtColor(
        cv2.resize(frame, (width, max(1, h * width // w)), interpolation=cv2.INTER_AREA),
        cv2.COLOR_BGR2GRAY,
    )
    return cv2.GaussianBlur(g, (3, 3), 0)


def hand_in_view(frame: np.ndarray, min_fraction: float = 0.03) -> bool:
    """A large skin-coloured area (YCrCb skin box) means a hand is over the tray."""
    small = cv2.resize(
        frame, (160, max(1, frame.shape[0] * 160 // frame.shape[1])), interpolation=cv2.INTER_AREA
    )
    ycc = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    mask = cv2.inRange(ycc, (40, 138, 77), (240, 173, 127))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    if n <= 1:
        return False
    return stats[1:, cv2.CC_STAT_AREA].max() >= min_fraction * mask.size


class Settle:
    def __init__(
        self,
        read=None,
        still_frames: int = 5,
        motion_threshold: float = 12.0,
        moving_fraction: float = 0.002,
        hand=hand_in_view,
    ):
        if read is None:
            from . import read
        self.read = read
        self.still_frames = still_frames
        self.motion_threshold = motion_threshold
        self.moving_fraction = moving_fraction
        self.hand = hand
        self.state = "rolling"
        self._prev = None
        self._still = 0
        self._last_read = None
        self._index = -1

    def moving(self, frame: np.ndarray) -> bool:
        g = _small_gray(frame)
        prev, self._prev = self._prev, g
        if prev is None or prev.shape != g.shape:
            return True
        diff = cv2.absdiff(g, prev)
        return float((diff > self.motion_threshold).mean()) > self.moving_fraction

    def update(self, frame: np.ndarray) -> SettleEvent | None:
        self._index += 1
        moving = self.moving(frame)
        if moving or (self.hand is not None and self.hand(frame)):
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
        key = sorted((r.value, r.colour) for r in readings)
        if self._last_read is not None and key == self._last_read:
            self.state = "settled"
            return SettleEvent(readings=readings, frame_index=self._index)
        self._last_read = key
        return None
