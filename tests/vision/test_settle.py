"""The settle detector: rolling while moving or a hand is in view; one event per throw."""

import numpy as np

from vision.settle import Settle, hand_in_view
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


def test_hand_in_view_is_rolling():
    s = Settle(still_frames=2)
    still_hand = frame(120, hand=True, seed=3)
    assert hand_in_view(still_hand)
    events = [s.update(still_hand) for _ in range(10)]
    assert events == [None] * 10 and s.state == "rolling"


def test_no_hand_on_plain_tray():
    assert not hand_in_view(frame(120))


def test_disagreeing_reads_give_no_event():
    reads = iter([[1], [2], [3], [4], [5], [6], [7], [8]])

    class R:
        def __init__(self, v):
            self.value, self.colour = v, None

    s = Settle(read=lambda f: [R(v) for v in next(reads)], still_frames=1)
    still = np.zeros((240, 320, 3), np.uint8)
    assert [s.update(still) for _ in range(6)] == [None] * 6
