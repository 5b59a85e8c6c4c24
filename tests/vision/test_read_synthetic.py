"""The reader on synthetic scenes, one condition at a time (vision.synth)."""

from __future__ import annotations

import numpy as np
import pytest

import vision
from vision.reading import CONFIRM_BELOW
from vision.score import match, resized
from vision.synth import Die, render

SIZE = (320, 240)
GREEN = (60, 110, 40)


def read_scene(dice, **kw):
    kw.setdefault("size", SIZE)
    kw.setdefault("background", GREEN)
    img, labels = render(dice, **kw)
    return vision.read(img), labels


def assert_exact(readings, labels, colour=True):
    t = match(readings, labels, colour=colour)
    got = [(r.value, r.colour) for r in readings]
    want = [(lab["value"], lab["colour"]) for lab in labels]
    assert t.exact, f"read {got}, expected {want}"


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("face", ["white", "black", "yellow"])
def test_pips_one_to_six_light_and_dark_dice(value, face):
    readings, labels = read_scene([Die(value, face, (160, 120), 56, 30)], seed=value)
    assert_exact(readings, labels)


def test_seven_pips_dark_die():
    readings, labels = read_scene([Die(7, "black", (160, 120), 56, 0)], seed=7)
    assert_exact(readings, labels)


def test_seven_pips_white_die():
    readings, labels = read_scene([Die(7, "white", (160, 120), 56, 30)], seed=7)
    assert_exact(readings, labels)


@pytest.mark.parametrize("angle", [0, 17, 45, 72])
def test_any_rotation(angle):
    readings, labels = read_scene([Die(5, "white", (160, 120), 56, angle)], seed=angle)
    assert_exact(readings, labels)


@pytest.mark.parametrize("face", ["magenta", "blue", "orange", "grey", "yellow", "black"])
def test_charidice_colours(face):
    readings, labels = read_scene([Die(3, face, (160, 120), 56, 20)], seed=3)
    assert_exact(readings, labels, colour=True)
    assert readings[0].colour == face


def test_grey_and_black_side_by_side():
    dice = [Die(4, "grey", (100, 120), 56, 10), Die(4, "black", (220, 120), 56, 10)]
    readings, labels = read_scene(dice, seed=11)
    assert_exact(readings, labels, colour=True)


def test_touching_dice_of_different_colours():
    dice = [Die(3, "white", (130, 120), 56, 0), Die(5, "blue", (130 + 58, 120), 56, 0)]
    readings, labels = read_scene(dice, seed=5)
    assert_exact(readings, labels)


def test_blur_jpeg_gradient_and_shadow():
    dice = [Die(4, "white", (100, 120), 56, 25), Die(2, "orange", (220, 120), 56, 60)]
    readings, labels = read_scene(dice, seed=9, blur=0.8, jpeg=70, gradient=0.25, noise=5)
    assert_exact(readings, labels)


@pytest.mark.parametrize("kind", ["coin", "card", "hand", "shadow"])
def test_not_dice_give_no_reading(kind):
    for seed in range(3):
        readings, _labels = read_scene([], seed=seed, distractors=(kind,))
        assert readings == [], f"{kind} (seed {seed}) read as {readings}"


def test_empty_tray_gives_nothing():
    img = np.full((240, 320, 3), (60, 110, 40), np.uint8)
    assert vision.read(img) == []


def test_side_face_is_not_read_as_a_die():
    readings, labels = read_scene([Die(2, "white", (160, 120), 56, 0, side=2)], seed=4)
    assert_exact(readings, labels)


def test_reading_order_is_rows_then_left_to_right():
    # the right die of the top row sits a little lower than the left die of the next row's top
    dice = [
        Die(2, "white", (250, 70), 50, 0),
        Die(3, "white", (80, 60), 50, 0),
        Die(4, "white", (160, 175), 50, 0),
        Die(5, "white", (60, 185), 50, 0),
    ]
    readings, _ = read_scene(dice, seed=6)
    assert [r.value for r in readings] == [3, 2, 5, 4]


def test_reading_fields():
    readings, _ = read_scene([Die(6, "white", (160, 120), 56, 0)], seed=2)
    (r,) = readings
    x0, y0, x1, y1 = r.bbox
    assert x0 < 160 < x1 and y0 < 120 < y1
    assert 0.0 <= r.confidence <= 1.0
    assert r.to_json()["value"] == 6


@pytest.mark.parametrize("k", [3.0, 6.0])
def test_a_phone_size_photo_reads_like_the_camera_frame(k):
    """A 1920x1440 or 3840x2880 photo of the same scene: read shrunk to 640 px wide."""
    from vision import synth

    for seed in range(500, 505):
        img, labels = resized(*synth.scene(seed, values=range(1, 7)), k)
        assert_exact(vision.read(img), labels, colour=False)


def test_small_far_away_dice_are_read_enlarged():
    """Dice 12-16 px wide (a camera too high): the frame is read again enlarged. Without
    that, 83% of these dice were read; with it, 96%."""
    from vision import synth
    from vision.score import Tally

    t = Tally()
    for seed in range(700, 730):
        img, labels = synth.scene(seed, values=range(1, 7), die_size=(12, 16))
        t.add(match(vision.read(img), labels))
    assert t.right / t.dice >= 0.90 and t.false == 0, t


def test_close_up_big_dice_are_read():
    """Dice 110-180 px wide in a 640x480 frame (a camera close by) are found at half size:
    all 81 of 60 scenes read right. Without that look 32 were, with 11 false readings on
    pips. Here the first 20 scenes."""
    from companion.commands.bench_vision import close_up_scenes, score_scenes

    t = score_scenes(close_up_scenes(20))
    assert t.right / t.dice >= 0.98 and t.false == 0, t


def test_dice_filling_the_frame_are_read():
    """A die 200-420 px wide in a 640x480 frame (a camera very close) is found by the
    quarter-size look (docs/vision.md, "Dice filling the frame"): measured 39 of 40
    right, 1 missed, none read where there is no die; without that look, 9 of 40. Here
    the first 8, each look once (the 40: `companion bench vision`)."""
    from companion.commands.bench_vision import filling_scenes, score_scenes

    t = score_scenes(filling_scenes(8))
    assert t.right / t.dice >= 0.9 and t.false == 0, t


def test_an_empty_tray_with_things_on_it_gives_no_sure_reading():
    """Coins, cards, hands and shadows on a tray with no dice, 640x480: the looks for
    huge dice see big things there too, and the face net was trained on what they find.
    Measured on 400 such scenes: 4 doubtful readings, none sure (the face net trained
    before that look: 21, 8 of them sure); here the first 50."""
    from companion.commands.bench_vision import empty_trays

    sure = [(seed, r) for seed, (img, _labels) in enumerate(empty_trays(50))
            for r in vision.read(img) if r.confidence >= CONFIRM_BELOW]
    assert sure == []


def test_confidence_singles_out_the_doubtful_readings():
    """Blurred (sigma 3) and JPEG-20 frames of 30-40 px dice, where about one die in eighteen
    is misread: readings at or above CONFIRM_BELOW stay right, the wrong ones are among
    those the player is asked to confirm. Measured: by the face net alone, 146 of 146
    sure readings right, 54 of 66 asked ones; with the second witness, which cannot
    count many of these blurred pips, 77 of 77 sure, 123 of 135 asked (on 3 Dec 2026: 84
    of 84 sure, 116 of 128 asked). Here the first 30 scenes and the four later ones with
    a misread die asked (30041, 30045, 30047, 30059): 50 sure, all 12 misread dice."""
    import cv2

    from vision import synth

    sure, doubt = [], []
    for seed in [*range(30000, 30030), 30041, 30045, 30047, 30059]:
        img, labels = synth.scene(seed, values=range(1, 7), die_size=(30, 40))
        img = cv2.GaussianBlur(img, (0, 0), 3.0)
        img = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 20])[1], 1)
        for r in vision.read(img):
            (sure if r.confidence >= CONFIRM_BELOW else doubt).append(match([r], labels).right)
    assert len(sure) >= 30 and sum(sure) / len(sure) >= 0.98, (sum(sure), len(sure))
    assert doubt.count(0) >= 8, (sum(doubt), len(doubt))


def test_synthetic_mix_is_read():
    """The benchmark's synthetic mix (every condition, 1..7 pips, distractors), its first
    50 scenes: every die right, value and colour, or one wrong, and no false reading
    (measured 158 of 158). The issue's target over all 1000 (99.9% of dice, measured
    99.97%: 1 of 3549 values misread) is `companion bench vision`'s "synthetic" line."""
    from companion.commands.bench_vision import score_synthetic

    t = score_synthetic(50)
    assert t.dice > 150 and t.right >= t.dice - 1 and t.false == 0, t


def test_read_rejects_non_images():
    with pytest.raises(ValueError):
        vision.read(None)
