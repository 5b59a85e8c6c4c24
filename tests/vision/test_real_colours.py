"""Colour names on real photographs: nell-byler dice that plainly are one of the
Charidice colours (blue, yellow, black), named after a calibration from one frame.

The colours were labelled by eye for this test (tests/vision/data/nell_byler_colours.jsonl:
image, the die's centre, its colour); deep blue, sky blue and translucent blue dice are
"blue", black and smoky black ones "black", yellow ones "yellow" (marbled yellow and
orange ones are left out, as are purple, teal and every other colour). The photos were
taken on two days with different dice and light, so each day is calibrated on its own,
as a table would be. Skips when ../shared/dice-photos is absent.
"""

import json
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.commands.bench_vision import photos_dir
from vision import colour, reader
from vision.calibrate import Calibration, measured

SET = photos_dir() / "nell-byler-dice_detection"
LABELS = Path(__file__).with_name("data") / "nell_byler_colours.jsonl"

pytestmark = pytest.mark.skipif(not SET.is_dir(), reason=f"no dice photos under {SET}")

#: per day, a frame with a die of each colour of that day's dice
CALIBRATION_FRAMES = {
    "20191208": "images/IMG_20191208_111423.jpg",
    "20191209": "images/IMG_20191209_100641.jpg",
}


@pytest.fixture(scope="module")
def labelled_faces():
    """image -> (the faces read, [(colour, index of the face read there)] for every
    labelled die)."""
    rows = defaultdict(list)
    for line in LABELS.read_text().splitlines():
        row = json.loads(line)
        rows[row["image"]].append(row)
    faces = {}
    for image, dice in rows.items():
        img = cv2.imread(str(SET / image))
        read = reader.read_faces(img)
        faces[image] = (read, [], colour.light_of(img))
        for die in dice:
            i = min(range(len(read)),
                    key=lambda i: np.hypot(*np.subtract(read[i].centre, die["centre"])))
            assert np.hypot(*np.subtract(read[i].centre, die["centre"])) < read[i].size / 2, die
            faces[image][1].append((die["colour"], i))
    return faces


def named(faces_of_image, calibration=None, names=False):
    """(colour, right) per labelled die (`names`: (colour, the name given)): each image's
    faces named together, as `vision.read` names them (they share the frame's white)."""
    out = []
    for faces, dice, light in faces_of_image.values():
        odds = colour.named(faces, calibration, light)
        out.extend((want, colour.best(odds[i]) if names else colour.best(odds[i]) == want)
                   for want, i in dice)
    return out


def test_calibrated_from_one_frame_all_but_one_die_are_named_right(labelled_faces):
    """None named a wrong colour but one. Measured: 145 of 147 on 20191208 (a smoky
    black die, IMG_20191208_113019, reads grey: its face is a third as light as the
    frame's white; a smoky black die with red pips, reddish and darker than any black
    seen, is named no colour: asked), 59 of 62 on 20191209 (three deep violet dice,
    blue/green twice the calibrated blue's, named no colour: asked; before the
    "no colour" odds, colour.NONE_BEYOND, all 62 were named right)."""
    for day, frame in CALIBRATION_FRAMES.items():
        faces, shown, light = labelled_faces[frame]
        x = [m.features() for m in measured(faces, light)]
        cal = Calibration(tuple(
            (name, tuple(np.mean([x[i] for c, i in shown if c == name], axis=0)))
            for name in {c for c, _ in shown}))
        others = {image: dice for image, dice in labelled_faces.items()
                  if day in image and image != frame}
        got = named(others, cal, names=True)
        wrong = [c for c, name in got if name not in (c, None)]
        asked = [c for c, name in got if name is None]
        assert sum(len(d) for _f, d, _l in others.values()) > 60, day
        assert len(wrong) <= 1 and len(asked) <= 3, (day, wrong, asked)


def test_uncalibrated_dice_unlike_a_colour_are_asked_about_not_named_wrong(labelled_faces):
    """Without calibration 123 of 125 black dice and 48 of 56 yellow ones are named
    right, and 9 of 35 blue ones: these hobby dice are navy and violet, where the stock
    blue is an azure, and the pale yellows have a blue channel twice the stock yellow's
    (docs/vision-colour.md). What is not named right is named no colour (asked), but for
    one smoky black die named grey: 17 blue dice were named black before the "no colour"
    odds (colour.NONE_BEYOND), and 18 blue, 54 yellow and 124 black right."""
    names = defaultdict(list)
    for want, name in named(labelled_faces, names=True):
        names[want].append(name)
    assert len(names["black"]) >= 100 and len(names["yellow"]) >= 50
    assert names["black"].count("black") >= 122 and names["yellow"].count("yellow") >= 46
    assert names["blue"].count("blue") >= 7
    wrong = [(want, n) for want, got in names.items() for n in got if n not in (want, None)]
    assert len(wrong) <= 1, wrong
