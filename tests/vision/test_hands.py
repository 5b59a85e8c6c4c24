"""A hand over the tray, told from a tray, or a table around it, of the colour of skin."""

import math

import cv2
import numpy as np
import pytest

from vision.hands import HandWatch, hand_in_view, small
from vision.settle import Settle
from vision.synth import Die, hand, render


def rgb(r, g, b):
    return (b, g, r)


#: trays and tables the colour of skin: wood, cork, leather, beige and maroon felt
SKIN_COLOURED = {"light oak": rgb(193, 154, 107), "oak": rgb(160, 110, 70),
                 "walnut": rgb(101, 67, 33), "pine": rgb(222, 184, 135),
                 "mahogany": rgb(110, 50, 35), "leather": rgb(139, 90, 43),
                 "cork": rgb(200, 160, 110), "beige felt": rgb(210, 190, 150),
                 "maroon felt": rgb(110, 40, 45)}
OTHER_TRAYS = {"green felt": rgb(40, 110, 60), "blue felt": rgb(30, 60, 120),
               "red felt": rgb(150, 30, 30), "grey": rgb(75, 70, 70),
               "white": rgb(235, 235, 230), "black": rgb(20, 20, 20)}
SKIN_TONES = {"very light": rgb(255, 219, 172), "light": rgb(241, 194, 125),
              "medium": rgb(224, 172, 105), "olive": rgb(198, 134, 66),
              "brown": rgb(141, 85, 36), "dark": rgb(96, 55, 30)}


def tray_scene(tray, seed=0, grain=0.0):
    """Four dice on a tray of this colour, with wood grain of +-`grain` lightness."""
    rng = np.random.default_rng(seed)
    dice = [Die(int(rng.integers(1, 7)), "white", (120 + 130 * i, 240 + 60 * (i % 2)), 52,
                float(rng.uniform(0, 90))) for i in range(4)]
    img, _ = render(dice, background=tray, seed=seed, noise=3.0)
    if grain:
        y = np.arange(480)[:, None] + 6 * np.sin(np.arange(640)[None, :] / 40.0)
        streaks = np.sin(y / 5.0) + 0.5 * np.sin(y / 13.0)
        img = np.clip(img * (1 + grain * streaks[..., None] / 1.5), 0, 255).astype(np.uint8)
    return img


def with_hand(img, skin, seed=0):
    """A palm and four fingers (about 10% of the view) in this skin tone."""
    rng = np.random.default_rng(seed)
    img = img.copy()
    centre = (rng.uniform(200, 440), rng.uniform(150, 330))
    hand(img, centre, skin, rng.uniform(0, 180), [rng.uniform(0, 2 * math.pi) for _ in range(4)])
    return cv2.GaussianBlur(img, (3, 3), 0)


def watch(frames) -> list[bool]:
    """A HandWatch's answers over frames shown in order."""
    w = HandWatch()
    return [w(small(f)) for f in frames]


@pytest.mark.parametrize("tray", SKIN_COLOURED)
def test_a_tray_the_colour_of_skin_is_not_a_hand_and_its_dice_are_read(tray):
    """Every skin-coloured pixel taken for a hand, dice on a wooden table were never read."""
    for grain in (0.0, 0.5):
        still = tray_scene(SKIN_COLOURED[tray], grain=grain)
        assert not hand_in_view(still)
        s = Settle(read=lambda f: [], still_frames=2)
        events = [s.update(still) for _ in range(6)]
        assert sum(e is not None for e in events) == 1 and s.state == "settled"


@pytest.mark.parametrize("tray", OTHER_TRAYS)
def test_hands_of_every_skin_tone_are_seen_on_a_tray_of_another_colour(tray):
    bare = tray_scene(OTHER_TRAYS[tray], seed=1)
    assert not hand_in_view(bare)
    for seed, skin in enumerate(SKIN_TONES.values()):
        assert hand_in_view(with_hand(bare, skin, seed)), skin


def test_on_a_wooden_tray_a_hand_of_another_tone_is_still_seen():
    """Only skin close to the tray's own colour is taken for the tray."""
    oak = tray_scene(SKIN_COLOURED["oak"])
    assert hand_in_view(with_hand(oak, SKIN_TONES["medium"]))
    assert not hand_in_view(with_hand(oak, rgb(165, 112, 72)))  # the oak's own colour


@pytest.mark.parametrize("band", ["top", "left", "all round", "slanting"])
def test_a_wooden_table_along_whole_edges_of_the_view_is_not_a_hand(band):
    """The camera sees the table beyond a felt tray; an arm reaching in over it is seen."""
    img = tray_scene(OTHER_TRAYS["green felt"])
    oak = SKIN_COLOURED["oak"]
    if band == "top":
        img[:96] = oak
    elif band == "left":
        img[:, :96] = oak
    elif band == "all round":
        img[:48], img[-48:], img[:, :48], img[:, -48:] = oak, oak, oak, oak
    else:
        cv2.fillConvexPoly(img, np.array([[0, 0], [640, 0], [640, 110], [0, 70]]), oak)
    assert not hand_in_view(img)
    assert hand_in_view(with_hand(img, SKIN_TONES["medium"], seed=2))


def test_the_table_in_the_corners_around_a_round_tray_is_learned_as_table():
    """One frame alone cannot tell a corner of table from a hand; a throw's frames can:
    the corners are there all along, a hand comes in."""
    img = np.full((480, 640, 3), SKIN_COLOURED["walnut"], np.uint8)
    cv2.circle(img, (320, 240), 250, OTHER_TRAYS["green felt"], -1, cv2.LINE_AA)
    assert hand_in_view(img)  # table in the four corners, a third of the view
    seen = watch([img] * 30 + [with_hand(img, SKIN_TONES["light"])] * 30)
    assert not any(seen[10:30]) and all(seen[30:])
    s = Settle(read=lambda f: [], still_frames=2)
    events = [s.update(img) for _ in range(20)]
    assert sum(e is not None for e in events) == 1


def test_a_hand_that_comes_in_stays_a_hand_however_long_it_rests():
    bare = tray_scene(OTHER_TRAYS["grey"])
    hand = with_hand(bare, SKIN_TONES["brown"])
    seen = watch([bare] * 3 + [hand] * 300)
    assert not any(seen[:3]) and all(seen[3:])
    assert all(watch([hand] * 30))  # there from the first frame, reaching no edge
    seen = watch([hand] * 5 + [bare] * 10 + [hand] * 50)  # there at first, gone, back
    assert not any(seen[5:15]) and all(seen[15:])


def test_only_skin_colour_reaching_two_edges_from_the_first_frames_is_learned_as_table():
    """Table in a corner reaches two edges of the view; a hand, arm and all, one."""
    bare = tray_scene(OTHER_TRAYS["blue felt"])
    arm = bare.copy()
    cv2.line(arm, (0, 240), (250, 240), SKIN_TONES["olive"], 60)  # an arm from the left
    corner = bare.copy()
    cv2.fillConvexPoly(corner, np.array([[0, 0], [200, 0], [0, 200]]), SKIN_TONES["olive"])
    assert hand_in_view(arm) and hand_in_view(corner)
    assert all(watch([arm] * 30))
    assert watch([corner] * 30) == [True] * 9 + [False] * 21
