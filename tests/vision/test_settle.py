"""The settle detector: rolling while moving or a hand is in view; one event per throw."""

import cv2
import numpy as np
import pytest

from companion.commands.bench_vision import photos_dir
from vision import DieReading
from vision.hands import hand_in_view
from vision.settle import Settle
from vision.synth import Die, render


def frame(x, value=4, hand=False, seed=1):
    img, _ = render(
        [Die(value, "white", (x, 120), 56, 0)],
        size=(320, 240),
        seed=seed,
        noise=0,
        distractors=("hand",) if hand else (),
    )
    return img


def test_moving_frames_give_no_event():
    s = Settle()
    events = [s.update(frame(60 + 8 * i)) for i in range(20)]
    assert events == [None] * 20
    assert s.state == "rolling"


def test_still_frames_give_exactly_one_event_per_throw():
    s = Settle(still_frames=3)
    events = []
    for i in range(6):
        events.append(s.update(frame(60 + 10 * i)))  # throw 1 rolling
    for _ in range(10):
        events.append(s.update(frame(120)))  # still
    for i in range(5):
        events.append(s.update(frame(200 - 10 * i, value=2)))  # throw 2 rolling
    for _ in range(10):
        events.append(s.update(frame(150, value=2)))
    got = [e for e in events if e is not None]
    assert len(got) == 2
    assert [r.value for r in got[0].readings] == [4]
    assert [r.value for r in got[1].readings] == [2]


def test_a_hand_that_comes_in_and_rests_keeps_it_rolling():
    s = Settle(read=lambda f: [], still_frames=2)
    clear, still_hand = frame(120), frame(120, hand=True, seed=3)
    assert hand_in_view(still_hand)
    events = [s.update(clear) for _ in range(10)]  # dice down: read at once
    assert sum(e is not None for e in events) == 1
    s = Settle(read=lambda f: [], still_frames=2)
    events = [s.update(clear) for _ in range(3)] + [s.update(still_hand) for _ in range(20)]
    assert events == [None] * 23 and s.state == "rolling" and s.why == "hand"


def test_no_hand_on_plain_tray():
    assert not hand_in_view(frame(120))


def test_disagreeing_reads_give_no_event():
    reads = iter([[1], [2], [3], [4], [5], [6], [7], [8]])

    s = Settle(read=lambda f: dice_at(*next(reads)), still_frames=1)
    still = np.zeros((240, 320, 3), np.uint8)
    assert [s.update(still) for _ in range(6)] == [None] * 6


def dice_at(*values):
    """A read of dice side by side, left to right, 40 px apart."""
    return [DieReading(v, None, (40 * i, 0, 40 * i + 30, 30), 0.9) for i, v in enumerate(values)]


def test_reads_that_put_the_same_values_on_other_dice_do_not_agree():
    """A 2 and a 3 read, then a 3 and a 2 in their places: the same values, but every
    die read otherwise the second time, so one read at least is wrong on two dice."""
    reads = iter([dice_at(2, 3), dice_at(3, 2), dice_at(3, 2)])
    s = Settle(read=lambda f: next(reads), still_frames=1)
    still = np.zeros((240, 320, 3), np.uint8)
    events = [s.update(still) for _ in range(3)]
    assert events == [None, None, None] and s.why == "reads differ"
    event = s.update(still)
    assert [r.value for r in event.readings] == [3, 2]


def test_the_same_dice_read_in_another_order_agree():
    """Two reads list the dice in another order (two dice nearly level swap places in
    reading order as the lamp flickers): die by die, where they lie, they agree."""
    a, b = dice_at(2, 3)
    reads = iter([[a, b], [b, a]])
    s = Settle(read=lambda f: next(reads), still_frames=1)
    still = np.zeros((240, 320, 3), np.uint8)
    assert s.update(still) is None and s.update(still) is None
    assert s.update(still) is not None


def test_why_says_what_kept_it_from_settling():
    reads = iter([[1], [2], [3], [3]])

    s = Settle(read=lambda f: dice_at(*next(reads)), still_frames=1)
    assert s.why == ""
    s.update(frame(60))
    assert s.why == "moving"
    s.update(frame(120))
    assert s.why == "moving"
    hand = frame(120, hand=True, seed=3)
    s.update(hand)
    assert s.why == "moving"  # the hand came in
    s.update(hand)
    assert s.why == "hand"
    s.update(frame(120))  # the hand goes
    s.update(frame(120))  # still: reads 1
    assert s.why == "still"
    s.update(frame(120))  # reads 2
    assert s.why == "reads differ"
    s.update(frame(120))  # reads 3
    assert s.update(frame(120)) is not None and s.why == "still"  # 3 again


def test_a_flickering_lamp_is_not_movement_but_a_die_nudged_3_px_is():
    """Successive frames 8% brighter and dimmer (a lamp's flicker, a webcam's exposure)."""
    base = frame(120).astype(np.float32)
    flicker = [np.clip(base * g, 0, 255).astype(np.uint8) for g in (1.08, 0.92) * 5]
    s = Settle(read=lambda f: [], still_frames=3)
    assert sum(s.update(f) is not None for f in flicker) == 1
    s.update(frame(123))
    assert s.why == "moving"


def test_the_bands_a_rolling_shutter_makes_of_a_flickering_lamp_are_not_movement():
    """Under a lamp flickering at mains frequency a rolling shutter sees bands of light
    across the rows, in another place every frame."""
    base = frame(120).astype(np.float32)
    rows = np.arange(base.shape[0])[:, None, None]
    banded = [np.clip(base * (1 + 0.08 * np.sin(2 * np.pi * rows / 60 + phase)), 0, 255)
              .astype(np.uint8) for phase in np.linspace(0, 6, 10)]
    s = Settle(read=lambda f: [], still_frames=3)
    assert sum(s.update(f) is not None for f in banded) == 1


def still_frames_of(photo, frames=6, seed=0):
    """A real photo as a live camera's still frames: sensor noise, a lamp flickering
    +-5%, and rolling-shutter bands of +-4% in another place every frame."""
    rng = np.random.default_rng(seed)
    img = photo.astype(np.float32)
    rows = np.arange(img.shape[0])[:, None, None]
    for i in range(frames):
        light = rng.uniform(0.95, 1.05) * (1 + 0.04 * np.sin(2 * np.pi * (rows / 120 + 0.37 * i)))
        noise = rng.standard_normal(img.shape, dtype=np.float32) * 3
        yield np.clip(img * light + noise, 0, 255).astype(np.uint8)


@pytest.mark.skipif(not photos_dir().is_dir(), reason=f"no dice photos under {photos_dir()}")
def test_real_tables_under_a_flickering_lamp_are_still_and_no_hand():
    """Every twelfth real photo (wooden tables, grey card, trays) as still frames settles
    at once: neither its table nor the lamp is taken for a hand or for movement (every
    fourth, 12 times under each light: docs/vision.md, "Real tables")."""
    photos = sorted(photos_dir().glob("*/images/*.jpg"))[::12]
    assert len(photos) > 30
    for path in photos:
        s = Settle(read=lambda f: [], still_frames=3)
        whys = [(s.update(f), s.why)[1] for f in still_frames_of(cv2.imread(str(path)))]
        assert whys[1:] == ["still"] * 5, (path.name, whys)
