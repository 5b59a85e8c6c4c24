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

import itertools
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


#: up to this many faces, every other order of the names is tried; above, every swap and
#: every turn of three (7 faces: 5040 orders, a fraction of a second once per calibration)
EVERY_ORDER_UP_TO = 7


def _names_in_order(m: np.ndarray, names: list[str], refs) -> None:
    """Refuse names given in another order than the dice are read (or a grey and a black
    die swapped): every colour would be fitted onto another's and each die then named
    wrong without a question. Names are out of order when another order of them fits
    the faces better. (A first check, each fitted face nearest its own name's stock
    reference, refused right names under a warm lamp; a second, single swaps only, took
    names turned by three, black to grey to blue, in dim light.) In very dim light a
    wrong order can truly fit better: the message asks for more light too."""
    given = _misfit(m, names, refs)
    for other in _other_orders(names):
        if _misfit(m, other, refs) < given:
            faces = [i for i in range(len(names)) if other[i] != names[i]]
            said = ", ".join(str(i + 1) for i in faces[:-1]) + f" and {faces[-1] + 1}"
            looks = ", ".join(other[i] for i in faces)
            given_names = ", ".join(names[i] for i in faces)
            raise ValueError(
                f"faces {said} look {looks}, not {given_names}: give the names in reading"
                " order (top to bottom, then left to right), and light the dice well"
            )


def _other_orders(names: list[str]):
    """Every other order of the names (distinct ones), or for many faces every swap of
    two and every turn of three."""
    if len(names) <= EVERY_ORDER_UP_TO:
        seen = {tuple(names)}
        for order in itertools.permutations(names):
            if order not in seen:
                seen.add(order)
                yield list(order)
        return
    n = len(names)
    for k in (2, 3):
        for places in itertools.combinations(range(n), k):
            for turned in itertools.permutations(places):
                if turned == places or (k == 3 and any(a == b for a, b in zip(turned, places))):
                    continue
                other = names.copy()
                for a, b in zip(places, turned):
                    other[a] = names[b]
                if other != names:
                    yield other


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
