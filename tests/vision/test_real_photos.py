"""Accuracy on the held-out (validation) photographs of each real set, and that
confidence means something there. Skips when ../shared/dice-photos is absent.

The validation images are every label row not marked "split": "train" (the third
source's: a fifth of its bursts, vision.photo_sets.burst_split); the nets never
trained on them (vision/train/data.py samples training rows only).
"""

import cv2
import numpy as np
import pytest

import vision
from companion.commands.bench_vision import photos_dir
from vision.photo_sets import load_labels, photo_sets
from vision.reading import CONFIRM_BELOW
from vision.score import Tally, match, resized

SETS = {p.name: p for p in photo_sets(photos_dir())}
DICE_RIGHT, IMAGES_EXACT = 99.0, 97.0  # the targets, in %
#: the first two sources, whose boxes are the top face's and whose targets are the issue's
TWO_SOURCES = ("matteop65-Dice_Detection_Recognition", "nell-byler-dice_detection")
#: the third source: whole-die boxes, steep oblique shots, dice 13-317 px wide
THIRD = "aws-dice-workshop"
#: what the shipped nets reach on its held-back fifth (163 dice told apart), less a
#: margin: measured 88.34% right, 0.00 silent errors per 100 dice (docs/vision.md)
THIRD_RIGHT, THIRD_SILENT = 85.0, 1.25

pytestmark = pytest.mark.skipif(not SETS, reason=f"no dice photos under {photos_dir()}")


@pytest.fixture(scope="module")
def validation_reads():
    """{set: {image: the readings of the photo as taken}}: each held-out photo read once
    for every test of this file that needs it."""
    return {name: {row["image"]: vision.read(cv2.imread(str(path / row["image"]),
                                                        cv2.IMREAD_COLOR))
                   for row in load_labels(path, "validation")}
            for name, path in SETS.items()}


@pytest.fixture(scope="module")
def validation(validation_reads):
    """{set: (Tally, [(confidence, right?) per reading matched to a die])}"""
    out = {}
    for name, path in SETS.items():
        total, confident = Tally(), []
        for row in load_labels(path, "validation"):
            readings = validation_reads[name][row["image"]]
            total.add(match(readings, row["dice"]))
            for r in readings:
                alone = match([r], row["dice"])
                confident.append((r.confidence, alone.right == 1))
        out[name] = (total, confident)
    return out


def two_sources():
    return [(name, SETS[name]) for name in TWO_SOURCES if name in SETS]


def figures(t: Tally):
    return 100.0 * t.right / max(t.dice, 1), 100.0 * t.exact / max(t.images, 1)


@pytest.mark.parametrize("name", TWO_SOURCES)
def test_validation_dice_meet_the_target(name, validation):
    """At least 99% of the held-out dice read right on each set (measured: matteop65
    100%, nell-byler 99.48%)."""
    if name not in validation:
        pytest.skip(f"{name} absent")
    dice, _images = figures(validation[name][0])
    assert dice >= DICE_RIGHT, dice


def test_the_third_source_is_read_as_measured(validation):
    """The third source's held-back bursts: dice it cannot tell are asked or missed,
    seldom taken wrongly. Its dice marked unclear count neither way (vision.score)."""
    if THIRD not in validation:
        pytest.skip(f"{THIRD} absent")
    t = validation[THIRD][0]
    assert t.dice == 163
    assert 100 * t.right / t.dice >= THIRD_RIGHT, t
    assert 100 * t.silent / t.dice <= THIRD_SILENT, t


@pytest.mark.parametrize("name", ["matteop65-Dice_Detection_Recognition"])
def test_validation_images_meet_the_target(name, validation):
    if name not in validation:
        pytest.skip(f"{name} absent")
    _dice, images = figures(validation[name][0])
    assert images >= IMAGES_EXACT, images


@pytest.mark.parametrize("name", ["nell-byler-dice_detection"])
@pytest.mark.xfail(strict=True, reason="nell-byler: 30 of 31 images (96.77%), see docs/vision.md")
def test_validation_images_target_not_yet_reached(name, validation):
    if name not in validation:
        pytest.skip(f"{name} absent")
    _dice, images = figures(validation[name][0])
    assert images >= IMAGES_EXACT, images


def test_confident_readings_are_right(validation):
    """At or above CONFIRM_BELOW a held-out reading is right at least 98% of the time
    (measured 99.7%, 336 of 337). Here the few readings below it were right too; that confidence
    singles out the doubtful readings is tested where misreadings are common, on
    degraded synthetic frames (test_read_synthetic.py)."""
    pairs = [p for name, (_t, c) in validation.items() for p in c if name in TWO_SOURCES]
    sure = [ok for conf, ok in pairs if conf >= CONFIRM_BELOW]
    assert sum(sure) / len(sure) >= 0.98


@pytest.mark.parametrize("k", [2.0, 0.6])
def test_photos_resized_read_as_well(k, validation_reads):
    """The held-out photos enlarged 2x (a phone's resolution: read shrunk back to 640 px,
    and closer) or shrunk to 0.6 (a camera further away: nell-byler's dice about 24 px,
    pips 2-4 px, read enlarged, and closer) are read as well. Measured: the same dice
    right, no false reading; at 0.6, 95.3% of nell-byler's when only dice the finder
    sized under 26 px were enlarged. Here every third held-out photo, against the same
    photos as taken (all of them: `benchmarks/vision_robustness.py`, `small_dice.py`)."""
    for name, path in two_sources():
        total, as_taken = Tally(), Tally()
        for row in load_labels(path, "validation")[::3]:
            img = cv2.imread(str(path / row["image"]), cv2.IMREAD_COLOR)
            changed, labels = resized(img, row["dice"], k)
            total.add(match(vision.read(changed), labels))
            as_taken.add(match(validation_reads[name][row["image"]], row["dice"]))
        assert total.right >= as_taken.right - 1 and total.false == 0, (name, total)


def close_up_windows(img, dice, k):
    """The photo enlarged k times, cut into 640x480 windows; those holding whole dice and
    no part of one, with their labels moved into the window."""
    big = cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
    h, w = big.shape[:2]
    for y0 in range(0, max(1, h - 480 + 1), 480):
        for x0 in range(0, max(1, w - 640 + 1), 640):
            whole, cut = [], False
            for d in dice:
                x1, y1, x2, y2 = d["bbox"]
                b = [x1 * k - x0, y1 * k - y0, x2 * k - x0, y2 * k - y0]
                if b[0] >= 0 and b[1] >= 0 and b[2] <= 640 and b[3] <= 480:
                    whole.append({**d, "bbox": b})
                elif b[2] > 0 and b[3] > 0 and b[0] < 640 and b[1] < 480:
                    cut = True
            if whole and not cut:
                yield big[y0 : y0 + 480, x0 : x0 + 640], whole


def test_close_up_photos_read_as_well():
    """A camera close by: the held-out photos enlarged 2.5x (dice 90-150 px wide, found at
    half size) and cut into 640x480 windows holding whole dice. Measured: matteop65 75 of
    77 dice (two big 1s missed: a lone small die looks like a big 1 at half size, so a
    die read inside a big 1 wins, and their pip passed for one), nell-byler all 40, no
    false reading (without the half-size look: 13 of 77 and 39 of 40, with 81 false)."""
    for _name, path in two_sources():
        total = Tally()
        for row in load_labels(path, "validation"):
            img = cv2.imread(str(path / row["image"]), cv2.IMREAD_COLOR)
            for window, labels in close_up_windows(img, row["dice"], 2.5):
                total.add(match(vision.read(window), labels))
        assert total.right / total.dice >= 0.97 and total.false <= 0.02 * total.images, total


def on_a_whole_table(img, dice, k=2.0, table=3.0):
    """The photo enlarged k times (a phone's resolution) in a corner of a table `table`
    times wider, in the photo's median colour: dice of 40 px become 80 px in a frame
    about 3,800 px wide, 13 px when it is read at 640."""
    big = cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
    h, w = big.shape[:2]
    side = int(table * max(h, w))
    out = np.empty((side, side, 3), np.uint8)
    out[:] = np.median(img.reshape(-1, 3), axis=0)
    out[:h, :w] = big
    return out, [{**d, "bbox": [v * k for v in d["bbox"]]} for d in dice]


def test_a_phone_photo_of_a_whole_table_is_read_closer():
    """Dice 13 px wide at 640 are missed or read in groups there; the reader reads the
    photo twice and four times as close too, and keeps the read with most sure dice.
    Measured on all 31 nell-byler held-out photos so changed: 189 of 191 dice, no false
    reading (read at 640 only: 17, with 9 false; benchmarks/small_dice.py); here the
    first four."""
    path = SETS.get("nell-byler-dice_detection")
    if path is None:
        pytest.skip("nell-byler absent")
    total = Tally()
    for row in load_labels(path, "validation")[:4]:
        frame, labels = on_a_whole_table(cv2.imread(str(path / row["image"])), row["dice"])
        total.add(match(vision.read(frame), labels))
    assert total.right >= 0.95 * total.dice and total.false == 0, total
