"""One-step calibration of face colours to the camera, the light and the dice at hand.

Show the camera a frame of known faces (e.g. one die of each Charidice colour), read
it, and give the true colour of each reading. `Calibration.fit(measured, names)` does
two things with them:

- It remembers what each colour shown looks like here (`seen`, the mean measured Lab
  per name). Those faces then stand in for the colour's reference, so a deep blue die
  that reads darker than the reference blue is still blue, not black.
- It fits a per-channel gain and offset in Lab mapping the measured colours onto the
  references, by least squares (`apply`), for the colours not shown (a white balance
  shift). A gain outside GAIN_RANGE, as when the faces shown are all about as light
  (a blue and a black die), says the fit is ill-posed: that channel gets an offset only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: a fitted channel gain outside this is not a white balance but an ill-posed fit
GAIN_RANGE = (0.5, 2.0)


@dataclass(frozen=True)
class Calibration:
    gain: tuple[float, float, float] = (1.0, 1.0, 1.0)
    offset: tuple[float, float, float] = (0.0, 0.0, 0.0)
    seen: tuple[tuple[str, tuple[float, float, float]], ...] = ()  # (name, measured Lab)

    def apply(self, lab) -> np.ndarray:
        lab = np.asarray(lab, np.float32)
        return lab * np.asarray(self.gain, np.float32) + np.asarray(self.offset, np.float32)

    def references(self, refs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """The colour references in calibrated space: the faces shown replace theirs."""
        return {**refs, **{name: self.apply(lab) for name, lab in self.seen}}

    @classmethod
    def fit(cls, measured, names) -> Calibration:
        from .colour import references

        refs = references()
        unknown = sorted(set(names) - set(refs))
        if unknown or not len(names):
            raise ValueError(
                f"calibration needs faces named from {', '.join(refs)}"
                + (f"; unknown: {', '.join(unknown)}" if unknown else "; none given")
            )
        m = np.asarray(measured, np.float64).reshape(-1, 3)
        if len(m) != len(names):
            raise ValueError(f"{len(m)} faces measured but {len(names)} names given")
        _names_in_order(m, list(names), refs)
        gain, offset = _fitted(m, np.array([refs[n] for n in names], np.float64))
        seen = tuple(
            (n, tuple(float(v) for v in m[[i for i, k in enumerate(names) if k == n]].mean(0)))
            for n in dict.fromkeys(names)
        )
        return cls(tuple(gain), tuple(offset), seen)


def _fitted(m: np.ndarray, t: np.ndarray) -> tuple[list[float], list[float]]:
    """Per-channel gain and offset mapping the measured colours m onto the references t
    by least squares; an offset only where the gain is ill-posed (GAIN_RANGE)."""
    gain, offset = [], []
    for c in range(3):
        g = 0.0  # unfitted: falls back to an offset only, below
        if len(m) >= 2 and np.ptp(m[:, c]) > 1e-3:
            A = np.stack([m[:, c], np.ones(len(m))], 1)
            (g, o), *_ = np.linalg.lstsq(A, t[:, c], rcond=None)
        if not GAIN_RANGE[0] <= g <= GAIN_RANGE[1]:
            g, o = 1.0, float((t[:, c] - m[:, c]).mean())
        gain.append(float(g))
        offset.append(float(o))
    return gain, offset


def _misfit(m: np.ndarray, names: list[str], refs) -> float:
    """How far the faces, white-balanced by the fit for these names, lie from their
    names' references (weighted as colour.name_of weighs lightness)."""
    from .colour import LIGHTNESS_WEIGHT

    t = np.array([refs[n] for n in names], np.float64)
    gain, offset = _fitted(m, t)
    return float(np.sum((m * gain + offset - t) ** 2 * [LIGHTNESS_WEIGHT, 1.0, 1.0]))


def _names_in_order(m: np.ndarray, names: list[str], refs) -> None:
    """Refuse names given in another order than the dice are read (or a grey and a black
    die swapped): every colour would be fitted onto another's and each die then named
    wrong without a question. Names are out of order when swapping two faces' names
    fits better than the names as given. (A first check, each fitted face nearest its own
    name's reference, refused right calibrations under a warm lamp: a fit in Lab can
    leave yellow nearer orange, though the faces shown then stand in for both.)"""
    given = _misfit(m, names, refs)
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            if names[i] == names[j]:
                continue
            swapped = names.copy()
            swapped[i], swapped[j] = names[j], names[i]
            if _misfit(m, swapped, refs) < given:
                raise ValueError(
                    f"faces {i + 1} and {j + 1} look {names[j]} and {names[i]}, not"
                    f" {names[i]} and {names[j]}: give the names in reading order (top to"
                    " bottom, then left to right)"
                )


def calibrate(frame: np.ndarray, known: list[str]) -> Calibration:
    """Calibrate from a frame whose dice, in reading order (top to bottom, then left to
    right, as `vision.read` returns them), have the given colour names."""
    from .reader import read_faces

    faces = read_faces(frame)
    if len(faces) != len(known):
        seen = {0: "no dice", 1: "1 die"}.get(len(faces), f"{len(faces)} dice")
        given = "1 name was" if len(known) == 1 else f"{len(known)} names were"
        raise ValueError(f"calibration frame shows {seen} but {given} given"
                         " (one per die, in reading order)")
    return Calibration.fit([f.colour_lab for f in faces], known)
