"""Colour names and the one-step white-balance calibration."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vision
from vision import calibrate as calibration_file
from vision import synth
from vision.calibrate import calibrate
from vision.colour_table import SHARPEN, resolved
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


def dim_dice(dice, light=0.7):
    img, labels = render(dice, size=(320, 240), background=(70, 70, 75), seed=4)
    return (img.astype(np.float32) * light).astype(np.uint8), labels


def test_white_and_marbled_dice_in_dim_light_are_not_grey():
    # their median lightness falls to grey's, but their pips are dark or yellow, not white
    dice = [
        Die(4, "white", (70, 70), 56, 20, marble=0.9, pip=(30, 205, 235)),
        Die(2, "ivory", (200, 70), 56, 40, marble=0.7, pip=(30, 205, 235)),
        Die(5, "white", (70, 170), 56, 10, marble=0.9),
        Die(6, "white", (200, 170), 56, 0, marble=0.8, pip=(30, 205, 235)),
    ]
    readings = vision.read(dim_dice(dice)[0])
    assert sorted(r.value for r in readings) == [2, 4, 5, 6]
    assert [r.colour for r in readings] == [None] * 4


def test_grey_dice_stay_grey_in_dim_light_and_at_45_degrees_on_a_dark_table():
    dice = [Die(v, "grey", (60 + 100 * (v - 1), 120), 56, 45) for v in (1, 2, 3)]
    readings = vision.read(dim_dice(dice)[0])
    assert sorted((r.colour, r.value) for r in readings) == [("grey", 1), ("grey", 2), ("grey", 3)]


def test_calibration_refuses_names_out_of_reading_order():
    """Names in another order than the dice are read fitted every colour onto another's
    and named each die of the frame as wrongly given, silently: it must say so."""
    img, labels = six_dice(cast=(0.7, 0.95, 1.25))
    in_order = sorted(labels, key=lambda d: (d["centre"][1], d["centre"][0]))
    known = [lab["colour"] for lab in in_order]
    assert calibrate(img, known)  # in reading order: fine
    swapped = [{"grey": "black", "black": "grey"}.get(c, c) for c in known]
    for wrong in (known[1:] + known[:1], swapped):
        with pytest.raises(ValueError, match="reading order"):
            calibrate(img, wrong)


@pytest.mark.parametrize("cast", [(0.64, 0.71, 1.09), (0.4, 0.75, 1.0), (0.3, 0.45, 0.55)])
def test_a_right_calibration_under_a_warm_lamp_is_taken_and_names_every_die(cast):
    """A warm, a tungsten and a dim warm lamp: the fit in Lab leaves the yellow face
    nearer the stock orange, and a check of each face against the stock references
    refused these right names as out of order; the calibration names every die right."""
    img, labels = six_dice(cast=cast)
    in_order = sorted(labels, key=lambda d: (d["centre"][1], d["centre"][0]))
    known = [lab["colour"] for lab in in_order]
    cal = calibrate(img, known)
    assert [r.colour for r in vision.read(img, calibration=cal)] == known


def test_calibration_says_how_many_dice_it_saw_against_the_names_given():
    img, labels = six_dice()
    with pytest.raises(ValueError, match="shows 6 dice but 5 names were given"):
        calibrate(img, NAMES[:5])
    with pytest.raises(ValueError, match="shows no dice but 6 names were given"):
        calibrate(np.full((240, 320, 3), 90, np.uint8), NAMES)


def test_a_frame_with_no_colour_in_it_names_no_colours():
    """A greyscale photo (or a monochrome camera) shows every face without hue: a red or
    a blue die was named "grey" or "black", surely; no colour can be told there. With a
    Charidice table the game is then told so ("could not be told") and asks."""
    import cv2

    img, _ = render([Die(3, "blue", (90, 120), 60, 10), Die(5, "magenta", (230, 120), 60, 5),
                     Die(2, "grey", (90, 300), 60, 0), Die(4, "black", (230, 300), 60, 20)],
                    size=(320, 400), seed=4, noise=2)
    assert [r.colour for r in vision.read(img)] == ["blue", "magenta", "grey", "black"]
    grey = cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    readings = vision.read(grey)
    assert [r.value for r in readings] == [3, 5, 2, 4]
    assert [r.colour for r in readings] == [None] * 4
    table = vision.Expect.of(colours=[(v, c) for c in vision.COLOURS
                                      for v in range(1, 7)])
    assert [r.flag for r in vision.read(grey, table)] == [
        f"the colour of this {v} could not be told" for v in (3, 5, 2, 4)]


def test_calibration_refuses_unknown_names_clearly():
    img, _labels = six_dice()
    with pytest.raises(ValueError, match="unknown: blu"):
        calibrate(img, ["blu"] + NAMES[1:])


def six_ones(seed=4, light="warm", tray=(35, 30, 150)):
    """The setup frame: the six dice showing their 1s, on a red felt under a lamp."""
    at = synth.table(seed, light, tray=tray)
    return at, synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)


def test_setup_calibration_needs_no_names_and_names_every_die_after():
    at, (img, labels) = six_ones()
    cal = calibrate(img)
    assert sorted(name for name, _x in cal.seen) == sorted(NAMES)
    throw, labels = synth.charidice_scene(11, at, dice=range(6))
    got = vision.read(throw, synth.charidice_expect(range(6)), calibration=cal)
    assert sorted((r.value, r.colour) for r in got) == sorted(
        (lab["value"], lab["colour"]) for lab in labels)
    assert not any(r.needs_confirmation for r in got)


def test_setup_calibration_learns_no_colour_from_a_frame_that_is_not_six_colours():
    """Die 5 shows its 6, a second yellow, and no die is black: the two yellows cannot be
    told apart, so the frame is taken in part at most; the six colours are then a wrong
    premise, and the orange die, which they would name black, is not learnt either."""
    at = synth.table(3, "neutral")
    two_yellow, labels = synth.charidice_scene(3, at, dice=[0, 1, 2, 3, 4, 5],
                                               values=[1, 1, 1, 1, 1, 6])
    assert sorted(lab["colour"] for lab in labels) == sorted(
        ["magenta", "blue", "orange", "grey", "yellow", "yellow"])
    assert sorted(calibrate(two_yellow).colours()) == ["blue", "grey", "magenta"]
    five, _ = synth.charidice_scene(3, at, dice=range(5), values=[1] * 5)
    with pytest.raises(ValueError, match="shows 5 dice: show the camera the six dice"):
        calibrate(five)


def test_a_calibration_is_kept_on_disk_and_a_damaged_file_is_refused_clearly(tmp_path):
    cal = calibrate(six_ones()[1][0])
    path = tmp_path / "state" / "colours.json"
    assert calibration_file.load(path) is None  # none yet: play uncalibrated
    calibration_file.save(cal, path)
    assert calibration_file.load(path) == cal
    for bad in ("{", "[]", '{"version": 1, "colours": {"pink": [0, 0, 0]}}',
                '{"version": 1, "colours": {"blue": [0, 0]}}', '{"version": 9}'):
        path.write_text(bad)
        with pytest.raises(ValueError, match=r"colours.json cannot be read .*calibrate again"):
            calibration_file.load(path)


def test_two_dice_of_one_value_that_look_alike_share_the_colours_the_table_allows():
    """Both 4s look orange; only one die carries the orange 4: the surer stays orange,
    the other takes its next colour, and is asked about when that is unsure. How sure
    is the likeliest way's share, sharpened (colour_table.SHARPEN)."""
    allowed = set(synth.charidice_faces(range(6)))
    odds = [{"orange": 0.95, "yellow": 0.05}, {"orange": 0.6, "yellow": 0.4}]
    (a, pa), (b, pb) = resolved([4, 4], odds, allowed)
    assert (a, b) == ("orange", "yellow") and pa == pb > vision.CONFIRM_BELOW
    assert pa == pytest.approx((0.38 / (0.38 + 0.03)) ** SHARPEN)
    odds = [{"orange": 0.9, "yellow": 0.1}, {"orange": 0.6, "yellow": 0.4}]  # 86% alike
    assert resolved([4, 4], odds, allowed)[0][1] < vision.CONFIRM_BELOW
    alike = [{"orange": 0.6, "yellow": 0.4}] * 2  # nothing tells which is which: both asked
    assert [p for _c, p in resolved([4, 4], alike, allowed)] == [0.5**SHARPEN] * 2
    # a die between two colours alone is asked about; on its own value it is not forced
    (c, pc), = resolved([2], [{"orange": 0.55, "yellow": 0.45}], allowed)
    assert c == "orange" and pc < vision.CONFIRM_BELOW
    # the faces the thrown dice carry: a colour no thrown die has on its 3 is ruled out
    only = set(synth.charidice_faces([0]))  # die 0's 3 is orange
    assert resolved([3], [{"yellow": 0.7, "orange": 0.3}], only) == [("orange", 1.0)]


def test_a_die_painted_between_two_colours_is_asked_about_not_named():
    dice = [Die(2, "orange", (80, 120), 56, 10, paint=((110, 60, 215), (245, 245, 245))),
            Die(5, "blue", (220, 120), 56, 30)]  # between orange, magenta and red
    img, _ = render(dice, size=(320, 240), background=(60, 110, 40), seed=5)
    readings = vision.read(img, synth.charidice_expect(range(6)))
    assert [r.needs_confirmation for r in readings] == [True, False]


def test_two_dice_are_never_named_two_faces_of_one_die_where_the_game_tells_the_dice():
    """An orange 3 and a grey 4 are faces of one die (synth's die 0): where the game tells
    each thrown die's faces (Expect.dice), the less likely of the two takes its next
    colour, as two dice of one value do; told the faces only, both keep their names."""
    dice = [synth.charidice_faces([d]) for d in range(6)]
    allowed = set(synth.charidice_faces(range(6)))
    assert {(3, "orange"), (4, "grey")} <= set(dice[0])
    odds = [{"orange": 0.9, "magenta": 0.1}, {"grey": 0.6, "yellow": 0.4}]
    assert [c for c, _p in resolved([3, 4], odds, allowed)] == ["orange", "grey"]
    (a, pa), (b, pb) = resolved([3, 4], odds, allowed, dice)
    assert (a, b) == ("orange", "yellow")
    assert pa == pytest.approx((0.36 / 0.46) ** SHARPEN)  # of orange-yellow, magenta-
    assert pb == pytest.approx((0.40 / 0.46) ** SHARPEN)  # grey and magenta-yellow
    # two dice alike, one die's faces: the two are both asked
    (_a, pa), (_b, pb) = resolved([3, 4], [{"orange": 0.5, "magenta": 0.5},
                                           {"grey": 0.5, "yellow": 0.5}], allowed, dice)
    assert max(pa, pb) < vision.CONFIRM_BELOW


@given(st.lists(st.tuples(st.integers(1, 6), st.lists(st.floats(0.0, 1.0), min_size=7,
                                                       max_size=7)), min_size=1, max_size=6),
       st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True))
@settings(max_examples=60, deadline=None)
def test_the_colour_table_never_names_one_face_twice_nor_one_the_thrown_dice_lack(dice, thrown):
    allowed = set(synth.charidice_faces(thrown))
    keys = [None, *vision.COLOURS]
    odds = []
    for _v, raw in dice:
        total = sum(raw) or 1.0
        odds.append({k: (p / total if sum(raw) else 1 / 7) for k, p in zip(keys, raw)})
    got = resolved([v for v, _ in dice], odds, allowed)
    named = [(v, c) for (v, _), (c, _p) in zip(dice, got) if c is not None]
    assert all(0.0 <= p <= 1.0 + 1e-9 for _c, p in got)
    assert len(named) == len(set(named)) and set(named) <= allowed
    # told each thrown die's faces: no die named twice either
    faces = [synth.charidice_faces([d]) for d in thrown]
    got = resolved([v for v, _ in dice], odds, allowed, faces)
    on = [next(k for k, f in enumerate(faces) if (v, c) in f)
          for (v, _), (c, _p) in zip(dice, got) if c is not None]
    assert all(0.0 <= p <= 1.0 + 1e-9 for _c, p in got) and len(on) == len(set(on))


def test_a_face_like_no_colour_is_asked_about_not_named():
    """A face far from every colour's reference (a saturated cyan under the lamp) has
    "no colour" likeliest, so a Charidice game asks; one near a colour keeps its name."""
    from types import SimpleNamespace

    from vision import colour

    def face(bgr, pips=(245, 245, 245)):
        return SimpleNamespace(face_bgr=np.array(bgr, float), pip_bgr=np.array(pips, float),
                               light_pips=True, pip_contrast=100.0)

    cyan = colour.odds(face((230, 200, 20)), None, colour.references())
    assert colour.best(cyan) is None and cyan[None] > 0.5
    blue = colour.odds(face(CHARIDICE_FACES["blue"][0]), None, colour.references())
    assert colour.best(blue) == "blue" and blue["blue"] > 0.95


def test_pips_of_the_other_lightness_weigh_little_until_a_calibration_saw_them():
    """The rulebook does not say which pips a grey, orange or magenta die carries: dark
    ones weigh little against those colours uncalibrated, fully once a calibration saw
    that these dice's grey carries white ones."""
    from vision import colour

    assert colour.pips_against("grey", light_pips=False) == colour.PIPS_OPEN
    assert colour.pips_against("yellow", light_pips=True) == colour.PIPS_AGAINST
    assert colour.pips_against("blue", light_pips=True) == 0.0
    assert colour.pips_against("grey", False, {"grey": False}) == colour.PIPS_AGAINST
    assert colour.pips_against("grey", False, {"grey": True}) == 0.0


def test_a_calibration_keeps_the_pips_it_saw_and_older_files_still_load(tmp_path):
    cal = calibrate(six_ones()[1][0])
    assert cal.dark_pips() == {n: n == "yellow" for n in NAMES}
    path = tmp_path / "colours.json"
    calibration_file.save(cal, path)
    assert calibration_file.load(path) == cal
    older = {"version": 1, "colours": {n: list(x) for n, x in cal.seen}}
    path.write_text(__import__("json").dumps(older))
    assert calibration_file.load(path).dark_pips() == {}
    path.write_text('{"version": 1, "colours": {"blue": [0, 0, 0]}, "dark pips": ["grey"]}')
    with pytest.raises(ValueError, match="dark pips must name colours it has"):
        calibration_file.load(path)


def test_a_setup_frame_of_dice_with_dark_pips_on_light_colours_under_a_cast_is_taken():
    """A maker's dice with dark pips on grey, orange and yellow, on a hard table (a
    lamp far off the camera's balance, a felt of any colour; development seed): the
    setup frame names every die, and a throw is read with the colours it saw."""
    def dark_pipped(at):
        return {name for name, _face, pip in at.paints if sum(pip) < 300}

    seed = next(s for s in range(2000, 2100)
                if dark_pipped(synth.table(s, "cool", hard=True)) == {"yellow", "grey", "orange"})
    at = synth.table(seed, "cool", hard=True)
    img, labels = synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)
    cal = calibrate(img)
    assert cal.dark_pips() == {n: n in ("yellow", "grey", "orange") for n in NAMES}
    throw, labels = synth.charidice_scene(seed + 1, at, dice=range(6))
    got = vision.read(throw, synth.charidice_expect(range(6)), calibration=cal)
    want = {(lab["value"], lab["colour"]) for lab in labels}
    assert all((r.value, r.colour) in want for r in got if not r.needs_confirmation)


def test_a_face_whose_weakest_channel_the_camera_crushed_is_named_its_colour():
    """A camera's colour matrix clips a strong paint's weakest channel to 0: as a value
    (floored at 1) it put such a face 2-3 log units beyond its colour, "no colour"; as
    bounds (between colour.FLOOR and what a matrix clips) it counts only where the
    colour's reference lies outside them. A face dark in every channel is measured as
    it is."""
    from types import SimpleNamespace

    from vision import colour

    def face(bgr, dark=False):
        return SimpleNamespace(face_bgr=np.array(bgr, float), light_pips=not dark,
                               pip_bgr=np.array((25,) * 3 if dark else (245,) * 3, float),
                               pip_contrast=-100.0 if dark else 100.0)

    white = np.array((245.0, 245.0, 245.0))
    for name, bgr in (("blue", (190, 90, 2)), ("orange", (2, 120, 240)),
                      ("yellow", (1, 205, 235)), ("magenta", (150, 2, 200))):
        p = colour.odds(face(bgr, dark=name == "yellow"), white, colour.references(),
                        plain=False)
        assert colour.best(p) == name and p[name] > 0.9, (name, p)
    refs = colour.references()
    m = colour.measure((190, 90, 2), white)  # its red: from the floor to what clips
    assert [bool(c) for c in m.high > m.low] == [False, False, True]
    assert m.distance2(refs["blue"], colour.SPREAD) < 0.1
    assert m.distance2(refs["grey"], colour.SPREAD) > colour.NONE_BEYOND
    dim_black = colour.measure((9, 8, 8), white)
    assert np.array_equal(dim_black.high, dim_black.low)


def camera_setup(seed0=2000):
    """A hard development table whose camera's colour matrix crushes channels, and its
    setup frame (the six 1s)."""
    seed = next(s for s in range(seed0, seed0 + 400, 10)
                if (at := synth.table(s, "neutral", hard=True)).camera is not None
                and at.camera[0] > 0.4)
    at = synth.table(seed, "neutral", hard=True)
    return at, synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)


def test_a_setup_frame_with_crushed_channels_is_taken_and_two_colours_swapped_are_not():
    from vision.reader import read_faces

    at, (img, labels) = camera_setup()
    in_order = [min(labels, key=lambda lab: np.hypot(lab["centre"][0] - f.centre[0],
                                                     lab["centre"][1] - f.centre[1]))["colour"]
                for f in read_faces(img)]
    cal = calibrate(img)
    assert sorted(name for name, _x in cal.seen) == sorted(NAMES)
    assert calibrate(img, in_order) == cal
    for a, b in (("orange", "yellow"), ("blue", "magenta"), ("grey", "black")):
        swapped = [{a: b, b: a}.get(c, c) for c in in_order]
        with pytest.raises(ValueError, match="reading order"):
            calibrate(img, swapped)


def test_a_setup_frame_where_no_pip_looks_white_is_taken_for_its_lamp_only():
    """A cast so strong that no white pip looks white (a lamp with no red in it): taken
    against the camera's balance, such a setup was taken with blue and magenta swapped,
    so it was refused; measured over its light pips, tinted as they are, every die is
    named right, and what is learnt is kept for that lamp only. A frame with no light
    pip at all is still refused: nothing in it stands for white."""
    from dataclasses import replace

    from vision.colour import light_of
    from vision.reader import read_faces

    img, labels = six_dice(cast=(1.0, 1.0, 0.12))
    taken = calibrate(img)
    faces = calibration_file.setup_faces(img)
    names = calibration_file.setup_names(faces, light_of(img))
    assert names == [min(labels, key=lambda lab: np.hypot(lab["centre"][0] - f.centre[0],
                                                          lab["centre"][1] - f.centre[1]))
                     ["colour"] for f in faces]
    assert taken.lamp_only and sorted(taken.colours()) == sorted(NAMES)
    dark = [replace(f, light_pips=False) for f in read_faces(img)]
    with pytest.raises(ValueError, match="look white"):
        calibration_file.setup_white(dark, light_of(img))
