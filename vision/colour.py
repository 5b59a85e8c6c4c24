"""Face colour names, robust to white balance through a one-step calibration."""

from __future__ import annotations

import numpy as np

# reference face colours in OpenCV 8-bit Lab (L 0..255, a/b offset 128)
REFERENCE_LAB: dict[str, tuple[float, float, float]] = {}


def _lab_of_bgr(bgr) -> np.ndarray:
    import cv2

    px = np.uint8([[list(bgr)]])
    return cv2.cvtColor(px, cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32)


def references() -> dict[str, np.ndarray]:
    if not REFERENCE_LAB:
        from .synth import CHARIDICE_FACES, PLAIN_FACES

        for name, (face, _pip) in {**CHARIDICE_FACES, **PLAIN_FACES}.items():
            REFERENCE_LAB[name] = _lab_of_bgr(face)
    return {k: np.asarray(v, np.float32) for k, v in REFERENCE_LAB.items()}


PLAIN = {"white", "ivory", "red", "green"}  # named only to keep them off the Charidice colours

#: lightness weighs this much against a and b in the distance to a reference: a die's
#: lightness follows the lamp and the camera's exposure far more than its hue does, and
#: a deep blue die is as dark as a black one. At 0.5 (until December 2026), uncalibrated,
#: 12 of 35 real blue dice were named blue (the rest black); at 0.1, 22, with every
#: black and yellow die still right (docs/vision.md, "Colour")
LIGHTNESS_WEIGHT = 0.1


def name_of(lab, calibration=None, light_pips=True) -> str | None:
    """Nearest Charidice colour name, or None for faces nearer a plain die colour.

    Grey Charidice faces carry white pips: a face as grey as that without light pips is
    a white, ivory or marbled die in dim light (its median falls to grey), so None."""
    lab = np.asarray(lab, np.float32)
    refs = references()
    if calibration is not None:
        lab = calibration.apply(lab)
        refs = calibration.references(refs)
    weights = np.array([LIGHTNESS_WEIGHT, 1.0, 1.0], np.float32)
    best = min(refs, key=lambda name: float(np.sum((lab - refs[name]) ** 2 * weights)))
    if best in PLAIN or (best == "grey" and not light_pips):
        return None
    return best
