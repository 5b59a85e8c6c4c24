"""One-step white-balance calibration for face colours.

Show the camera a frame of known faces (e.g. one die of each Charidice colour), read
it, and give the true colour of each reading: `Calibration.fit(measured, names)`
finds a per-channel gain and offset in Lab a/b (and a gain on L) mapping the measured
face colours onto the references, by least squares. `apply(lab)` corrects a colour.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Calibration:
    gain: tuple[float, float, float] = (1.0, 1.0, 1.0)
    offset: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def apply(self, lab) -> np.ndarray:
        lab = np.asarray(lab, np.float32)
        return lab * np.asarray(self.gain, np.float32) + np.asarray(self.offset, np.float32)

    @classmethod
    def fit(cls, measured, names) -> Calibration:
        from .colour import references

        refs = references()
        m = np.asarray(measured, np.float64).reshape(-1, 3)
        t = np.array([refs[n] for n in names], np.float64)
        gain, offset = [], []
        for c in range(3):
            if len(m) >= 2 and np.ptp(m[:, c]) > 1e-3:
                A = np.stack([m[:, c], np.ones(len(m))], 1)
                (g, o), *_ = np.linalg.lstsq(A, t[:, c], rcond=None)
            else:
                g, o = 1.0, float((t[:, c] - m[:, c]).mean())
            gain.append(float(g))
            offset.append(float(o))
        return cls(tuple(gain), tuple(offset))


def calibrate(frame: np.ndarray, known: list[str]) -> Calibration:
    """Calibrate from a frame whose dice, in reading order (top to bottom, then left to
    right, as `vision.read` returns them), have the given colour names."""
    from .reader import read_faces

    faces = read_faces(frame)
    if len(faces) != len(known):
        raise ValueError(f"calibration frame shows {len(faces)} dice, expected {len(known)}")
    return Calibration.fit([f.colour_lab for f in faces], known)
