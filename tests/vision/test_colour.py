"""Colour names and the one-step white-balance calibration."""

import numpy as np

import vision
from vision.calibrate import Calibration, calibrate
from vision.synth import CHARIDICE_FACES, Die, render

NAMES = list(CHARIDICE_FACES)


def six_dice(cast=(1.0, 1.0, 1.0)):
    dice = [
        Die(v + 1, name, (60 + 100 * (i % 3), 60 + 120 * (i // 3)), 50, 10)
        for i, (name, v) in enumerate(zip(NAMES, range(6)))
    ]
    img, labels = render(dice, size=(320, 240), background=(60, 110, 40), seed=2)
    img = np.clip(img.astype(np.float32) * np.array(cast, np.float32), 0, 255).astype(np.uint8)
    return img, labels


def test_colours_without_cast():
    img, labels = six_dice()
    got = sorted((r.colour, r.value) for r in vision.read(img))
    assert got == sorted((lab["colour"], lab["value"]) for lab in labels)


def test_calibration_recovers_colours_under_a_strong_cast():
    # a warm cast: blue channel down, red up
    img, labels = six_dice(cast=(0.7, 0.95, 1.25))
    want = sorted((lab["colour"], lab["value"]) for lab in labels)
    known = [
        c
        for c, _ in sorted(
            ((lab["colour"], (lab["centre"][1], lab["centre"][0])) for lab in labels),
            key=lambda t: t[1],
        )
    ]
    cal = calibrate(img, known)
    got = sorted((r.colour, r.value) for r in vision.read(img, calibration=cal))
    assert got == want


def test_identity_calibration():
    c = Calibration()
    assert np.allclose(c.apply([10, 20, 30]), [10, 20, 30])
