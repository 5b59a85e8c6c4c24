"""The training data's recoloured real dice, faint centre pips and glints
(vision/train/data.py: `recoloured`, `faint_centre`, `glint`).

The training code needs torch, but its data module does not, so its image work is
tested here with the companion's own dependencies.
"""

import importlib.util
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import synth

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "train_data", REPO / "vision" / "train" / "data.py"
)
data = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = data  # its dataclasses look their module up
_spec.loader.exec_module(data)

SIZE = 48.0
CENTRE = 80.0


def one_die(face: str, value: int = 5) -> np.ndarray:
    img, _labels = synth.render(
        [synth.Die(value, face, (CENTRE, CENTRE), SIZE, 20.0)],
        size=(160, 160),
        background=(150, 190, 210),
        seed=3,
        shadow=False,
        jpeg=None,
        noise=1.0,
    )
    return img


def ring(img: np.ndarray) -> np.ndarray:
    """The face's middle ring, clear of the 5's pips and the edges."""
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    r = np.hypot(xx - CENTRE, yy - CENTRE)
    return img[(r > 0.08 * SIZE) & (r < 0.18 * SIZE)].astype(float)


def centre_pip(img: np.ndarray) -> np.ndarray:
    c = int(CENTRE)
    return img[c - 1 : c + 2, c - 1 : c + 2].reshape(9, -1).astype(float)


def test_the_mask_covers_the_die_and_not_the_table():
    img = one_die("white")
    mask = data.face_mask(img, CENTRE, CENTRE, SIZE)
    assert mask is not None
    assert 0.8 < mask.sum() / SIZE**2 < 1.3
    assert mask[int(CENTRE), int(CENTRE)] > 0.99
    assert mask[:10, :10].max() < 0.01  # a table corner


@pytest.mark.parametrize("seed", range(6))
def test_a_white_die_is_recoloured_with_its_pips_and_table_kept(seed):
    img = one_die("white")
    out = data.recoloured(img, CENTRE, CENTRE, SIZE, np.random.default_rng(seed))
    assert np.abs(ring(out).mean(0) - ring(img).mean(0)).max() > 20  # a new face colour
    assert np.array_equal(out[:10, :10], img[:10, :10])  # the table as it was
    grey = cv2.cvtColor(out, cv2.COLOR_BGR2GRAY)
    assert abs(centre_pip(grey).mean() - ring(grey).mean()) > 40  # the pips still stand out


def test_dice_that_already_have_light_pips_are_left_alone():
    img = one_die("black")
    out = data.recoloured(img, CENTRE, CENTRE, SIZE, np.random.default_rng(0))
    assert np.array_equal(out, img)


@pytest.mark.parametrize("name, changed", [("matteop65/images/a.jpg", True), ("synth/7", False)])
def test_only_photographed_dice_are_recoloured(name, changed):
    """Synthetic scenes draw dark and coloured dice themselves."""
    die = np.array([[CENTRE, CENTRE, SIZE, 1.0, 5]], np.float32)  # cx, cy, size, known, value
    scene = data.Scene(one_die("white"), die, name)
    plain, _ = data.face_sample(scene, np.random.default_rng(1), True, 0, recolour=0.0)
    tried, label = data.face_sample(scene, np.random.default_rng(1), True, 0, recolour=1.0)
    assert label == 5
    assert (not np.array_equal(plain, tried)) == changed


@pytest.mark.parametrize("face, value", [("white", 2), ("black", 4)])
def test_a_two_or_four_gets_a_faint_centre_pip_in_its_pips_tone(face, value):
    """Dark pips on a light die and light pips on a dark one: the centre moves part of the
    way from the face towards the pips, and nothing away from the middle changes."""
    img = one_die(face, value)
    out = data.faint_centre(img, CENTRE, CENTRE, SIZE, np.random.default_rng(0))
    grey, was = (cv2.cvtColor(a, cv2.COLOR_BGR2GRAY).astype(float) for a in (out, img))
    c = int(CENTRE)
    face_tone = np.median(was[c - 3 : c + 4, c - 3 : c + 4])
    pip_tone = 0 if face == "white" else 255
    moved = (grey[c, c] - face_tone) / (pip_tone - face_tone)
    assert 0.15 < moved < 0.8  # faint: towards the pips, never a whole pip
    assert np.array_equal(out[:, : c - 12], img[:, : c - 12])


def test_a_blank_face_gets_no_faint_pip():
    """Where the pips cannot be told from the face there is no tone to paint with."""
    img = np.full((160, 160, 3), 120, np.uint8)
    assert data.faint_centre(img, CENTRE, CENTRE, SIZE, np.random.default_rng(0)) is None


@pytest.mark.parametrize(
    "name, value, becomes",
    [("matteop65/images/a.jpg", 2, 3), ("matteop65/images/a.jpg", 4, 5),
     ("matteop65/images/a.jpg", 6, 6), ("synth/7", 2, 2)],
)
def test_only_photographed_twos_and_fours_get_a_faint_pip(name, value, becomes):
    """A painted 2 is a 3 and a painted 4 a 5; other counts have no empty centre, and the
    synthetic scenes draw faint pips themselves."""
    die = np.array([[CENTRE, CENTRE, SIZE, 1.0, value]], np.float32)
    scene = data.Scene(one_die("white", value), die, name)
    plain, _ = data.face_sample(scene, np.random.default_rng(1), True, 0)
    tried, label = data.face_sample(scene, np.random.default_rng(1), True, 0, faint=1.0)
    assert label == becomes
    assert (not np.array_equal(plain, tried)) == (becomes != value)


@pytest.mark.parametrize("seed", range(4))
def test_a_glint_is_a_thin_light_streak_near_the_centre(seed):
    """Unlike a pip it is long and narrow: the changed pixels spread along one axis."""
    img = one_die("black", 4)
    out = data.glint(img, CENTRE, CENTRE, SIZE, np.random.default_rng(seed))
    grey, was = (cv2.cvtColor(a, cv2.COLOR_BGR2GRAY).astype(float) for a in (out, img))
    ys, xs = np.nonzero(grey - was > 15)
    assert len(xs) > 10 and (grey - was).min() >= -1  # lighter only
    spread = np.sqrt(np.linalg.eigvalsh(np.cov(np.stack([xs, ys]))))
    assert spread[1] > 3 * spread[0]
    assert np.hypot(xs.mean() - CENTRE, ys.mean() - CENTRE) < 0.15 * SIZE


@pytest.mark.parametrize("name, changed", [("matteop65/images/a.jpg", True), ("synth/7", False)])
def test_a_glinted_photographed_die_keeps_its_count(name, changed):
    die = np.array([[CENTRE, CENTRE, SIZE, 1.0, 4]], np.float32)
    scene = data.Scene(one_die("black", 4), die, name)
    plain, _ = data.face_sample(scene, np.random.default_rng(1), True, 0)
    tried, label = data.face_sample(scene, np.random.default_rng(1), True, 0, glints=1.0)
    assert label == 4
    assert (not np.array_equal(plain, tried)) == changed


def test_close_ups_hold_one_or_two_whole_huge_dice(monkeypatch):
    """The training scenes for the quarter-size look: dice 180-420 px, their centres well
    inside the frame, two never overlapping; and about one synthetic scene in twenty.
    Rendering a huge die takes a while: eight scenes, both frame shapes (2, 3 and 25 are
    640x640), the largest dice (1: 408 px, 8: 417 px) and the smallest (25: 180 px)."""
    pairs = 0
    for seed in [*range(4), 8, 22, 25, 43]:  # 22, 25 and 43 draw two dice
        scene = data.close_up(seed, np.random.default_rng(seed), ())
        h, w = scene.image.shape[:2]
        dice = scene.dice
        assert len(dice) in (1, 2)
        assert all(180 <= s <= 420 * 2**0.5 for s in dice[:, 2])  # upright box of a turned die
        for x, y, box in dice[:, :3]:  # most of the face in view: a die's side >= box / 1.42
            assert min(w / 2, 0.38 * box) <= x <= max(w / 2, w - 0.38 * box)
            assert min(h / 2, 0.38 * box) <= y <= max(h / 2, h - 0.38 * box)
        if len(dice) == 2:
            pairs += 1
            assert abs(dice[0, 0] - dice[1, 0]) > dice[:, 2].max()
    assert pairs == 3
    drawn = []  # (counted, not rendered)
    monkeypatch.setattr(data, "close_up", lambda *a: drawn.append(a))
    monkeypatch.setattr(synth, "scene", lambda *a, **k: (np.zeros((8, 8, 3), np.uint8), []))
    for seed in range(100):
        data.synthetic(seed)
    assert 1 <= len(drawn) <= 12


def test_empty_trays_for_training_hold_no_die_and_a_coin_apart_from_the_benchmarks(monkeypatch):
    """Negatives for the look for dice filling the frame: never the benchmark's empty
    trays (seeds 50,000-50,399) nor its other scenes."""
    assert data.EMPTY_SEED0 > 1_000_000 + 100_000  # past the synthetic pool, too
    for i in range(3):
        scene = data.empty_tray(data.EMPTY_SEED0 + i)
        assert len(scene.dice) == 0
        assert scene.image.shape == (480, 640, 3)
    drawn, scene = [], synth.scene
    monkeypatch.setattr(synth, "scene", lambda *a, **k: drawn.append(k) or scene(*a, **k))
    for i in range(20):
        data.empty_tray(data.EMPTY_SEED0 + i)
    assert all(k["n"] == 0 and "coin" in k["distractors"] for k in drawn)
    assert len({k["distractors"] for k in drawn}) > 1



def finder_scales(monkeypatch, scene, n=40):
    """The scales the finder's n samples of `scene` are drawn at, and the samples."""
    scales, resize = [], cv2.resize
    monkeypatch.setattr(cv2, "resize", lambda img, size, fx=0, fy=0, **k: scales.append(fx)
                        or resize(img, size, fx=fx, fy=fy, **k))
    rng = np.random.default_rng(0)
    samples = [data.finder_sample(scene, rng) for _ in range(n)]
    return scales, samples


def test_the_finder_sees_an_empty_tray_as_no_die_half_the_time_at_the_huge_looks_size(
    monkeypatch,
):
    """Empty trays (`--empty`) are pure negatives for the finder, and about half their
    samples are drawn at a quarter size (0.125 of a 640-px frame), where the look for
    dice filling the frame took coins for a huge die; the rest at the usual 0.35-0.73."""
    scales, samples = finder_scales(monkeypatch, data.empty_tray(data.EMPTY_SEED0))
    assert all(t[0].max() == 0 and t[4].sum() == 0 for _x, t in samples)
    quarter = [s for s in scales if s < 0.2]
    assert 10 <= len(quarter) <= 30
    assert all(0.09 < s < 0.16 for s in quarter) and all(0.34 < s < 0.73 for s in scales
                                                           if s >= 0.2)


def test_only_trays_of_dice_filling_the_frame_are_seen_at_a_quarter_size(monkeypatch):
    image = np.full((480, 640, 3), 90, np.uint8)
    huge = data.Scene(image, np.array([[320, 240, 250, 1, 3]], np.float32), "synth/huge")
    mixed = data.Scene(image, np.array([[320, 240, 40, 1, 3], [200, 100, 250, 1, 3]],
                                       np.float32), "synth/mixed")
    scales, samples = finder_scales(monkeypatch, huge)
    assert any(s < 0.2 for s in scales) and any(s > 0.3 for s in scales)
    quarter = [t for s, (_x, t) in zip(scales, samples) if s < 0.2]
    assert all(t[4].sum() == 1 for t in quarter)  # the die is in view, its centre marked
    scales = finder_scales(monkeypatch, mixed)[0]
    assert len(scales) == 40 and all(s > 0.3 for s in scales)


def test_hard_charidice_tables_for_the_finder_are_setups_and_throws_of_known_dice(monkeypatch):
    """`--charidice`: hard tables under every light, apart from every benchmark's and test's
    seeds (the hard development tables are 2000+, held out 900,000+), each die labelled."""
    assert data.CHARIDICE_SEED0 >= 7_000_000
    tables, table = [], synth.table
    monkeypatch.setattr(synth, "table", lambda *a, **k: tables.append((a, k)) or table(*a, **k))
    scenes = [data.charidice(i) for i in range(10)]
    assert all(k == {"hard": True} and a[0] >= data.CHARIDICE_SEED0 for a, k in tables)
    assert {a[1] for a, _k in tables} == set(synth.LIGHTS)
    for i, sc in enumerate(scenes):
        assert sc.name.startswith("synth/") and np.all(sc.dice[:, 3] == 1)
        if i % 2 == 0:  # a setup frame: the six dice showing 1
            assert sc.dice[:, 4].tolist() == [1] * 6
        else:
            assert 2 <= len(sc.dice) <= 6 and set(sc.dice[:, 4]) <= {1, 2, 3, 4, 5, 6}


def _scenes(set_name: str, n: int, values=(3,)) -> list:
    dice = np.array([[10.0, 10.0, 8.0, 1.0, v] for v in values])
    img = np.zeros((4, 4, 3), np.uint8)
    return [data.Scene(img, dice, f"{set_name}/{i}.jpg") for i in range(n)]


def test_a_weighed_photo_set_is_picked_that_many_times_as_often():
    """`--weigh nell=2`: training picks a set uniformly from this list, so a set listed
    twice gets twice a set's samples (naming a set twice in --photos would not: its photos
    join the one set); each set keeps its own photos and countable dice."""
    scenes = _scenes("matteo", 5) + _scenes("nell", 2, values=(4, data.IGNORE)) + _scenes("aws", 3)
    sets = data.by_set(scenes, {"nell": 2})
    names = [g[0].name.split("/")[0] for g, _dice in sets]
    assert sorted(names) == ["aws", "matteo", "nell", "nell"]
    for g, dice in sets:
        assert len({sc.name.split("/")[0] for sc in g}) == 1
        assert all(sc.dice[k, 4] != data.IGNORE for sc, k in dice)
    assert [len(g) for g, _ in data.by_set(scenes + _scenes("nell", 2))] == [5, 4, 3]


@pytest.mark.parametrize("weigh", [{"nel": 2}, {"nell": 0}])
def test_a_weight_for_no_set_or_below_one_is_refused(weigh):
    with pytest.raises(ValueError):
        data.by_set(_scenes("nell", 2), weigh)


def test_a_side_face_sample_lies_just_below_a_photographed_die_and_on_no_other():
    """`--side`: a no-die sample where an oblique camera sees a die's side face, 0.55-0.9
    of its size straight down (within 30 degrees), never on another die, never in a
    synthetic scene (its labels are top faces it drew itself)."""
    dice = np.array([[100.0, 100.0, 40.0, 1.0, 5], [300.0, 100.0, 40.0, 1.0, 2]], np.float32)
    scene = data.Scene(np.zeros((400, 400, 3), np.uint8), dice, "matteop65/images/a.jpg")
    rng = np.random.default_rng(0)
    for _ in range(200):
        cx, cy, size = data.side_face(scene, rng)
        k = int(np.argmin(np.hypot(dice[:, 0] - cx, dice[:, 1] - cy)))
        dx, dy = cx - dice[k, 0], cy - dice[k, 1]
        assert 0.55 * 40 <= np.hypot(dx, dy) <= 0.9 * 40 and size == 40.0
        assert dy > 0 and abs(np.degrees(np.arctan2(dx, dy))) <= 30.001
    stacked = np.array([[100.0, 100.0, 40.0, 1.0, 5], [100.0, 130.0, 40.0, 1.0, 2]], np.float32)
    below_another = data.Scene(scene.image, stacked, "nell/images/b.jpg")
    picks = [data.side_face(below_another, np.random.default_rng(s)) for s in range(50)]
    kept = [p for p in picks if p is not None]
    assert kept and len(kept) < len(picks)
    assert all(np.min(np.hypot(stacked[:, 0] - p[0], stacked[:, 1] - p[1])) >= 22 for p in kept)
    assert data.side_face(data.Scene(scene.image, dice, "synth/3"), rng) is None
    _crop, label = data.face_sample(scene, np.random.default_rng(1), False, side=1.0)
    assert label == 0


def _whole_die_photo():
    """A 5 with its side face drawn below it and a 3, as a camera in front of the table
    sees them, with whole-die boxes (top and side face) as aws-dice-workshop labels them."""
    img, _labels = synth.render(
        [synth.Die(5, "white", (100.0, 90.0), 44.0, 10.0, side=2),
         synth.Die(3, "white", (220.0, 140.0), 44.0, -15.0)],
        size=(320, 240), seed=3, shadow=False, jpeg=None, noise=1.0,
    )
    row = {"image": "images/a.png", "split": "train", "dice": [
        {"value": 5, "bbox": [76, 66, 124, 136]},  # the 5's top face at (100, 90), 70 px tall
        {"value": 6, "bbox": [196, 116, 244, 164]},  # the 3, labelled 6
        {"value": 4, "bbox": [20, 180, 64, 224]},  # bare table
        {"value": None, "bbox": [260, 20, 300, 60]},
    ]}
    return img, row


def test_a_whole_die_box_s_top_face_goes_where_the_nets_read_its_value():
    """`--tops`: the fixed place (WHOLE_DIE_TOP) of a tall box lies low, on the side face;
    the top face is put where the shipped nets read the box's value, and a box where they
    read it nowhere (another value there, or bare table) is no sample at all."""
    img, row = _whole_die_photo()
    fixed = data._photo_dice(row, "aws-dice-workshop")
    assert fixed[0, 1] - 90.0 > 0.15 * 44
    nets = (REPO / "vision" / "dice_finder.onnx", REPO / "vision" / "dice_faces.onnx")
    placed = data.found_tops(img, row, fixed, *nets)
    assert np.hypot(placed[0, 0] - 100.0, placed[0, 1] - 90.0) < 0.1 * 44
    assert 0.8 * 44 < placed[0, 2] < 1.4 * 44 and placed[0, 4] == 5
    assert list(placed[1:, 4]) == [data.IGNORE] * 3
    np.testing.assert_array_equal(placed[1:, :4], fixed[1:, :4])
    row["dice"][1]["value"] = 3
    told = data.found_tops(img, row, data._photo_dice(row, "aws-dice-workshop"), *nets)
    assert told[1, 4] == 3 and np.hypot(told[1, 0] - 220.0, told[1, 1] - 140.0) < 0.1 * 44


def test_a_die_seen_obliquely_is_no_sample_with_oblique():
    """`--oblique`: the 5, its side face in view below its top (the top 0.25 of its size
    above its box's centre), is ignored at 0.2 and kept at 0.3; the 3 seen from above
    (its top at its box's centre) is kept at either."""
    img, row = _whole_die_photo()
    row["dice"][1]["value"] = 3
    fixed = data._photo_dice(row, "aws-dice-workshop")
    nets = (REPO / "vision" / "dice_finder.onnx", REPO / "vision" / "dice_faces.onnx")
    placed = data.found_tops(img, row, fixed, *nets)
    assert list(placed[:2, 4]) == [5, 3]
    for oblique, kept in ((0.2, [data.IGNORE, 3]), (0.3, [5, 3])):
        got = data.found_tops(img, row, fixed, *nets, oblique=oblique)
        assert list(got[:2, 4]) == kept
        np.testing.assert_array_equal(got[1], placed[1])


def test_only_whole_die_boxes_are_placed_by_the_nets(tmp_path):
    """load_photos(tops=...) moves aws-dice-workshop's dice only; the other sets' boxes
    are top faces already, and without `tops` nothing moves."""
    img, row = _whole_die_photo()
    for name in ("aws-dice-workshop", "nell-byler-dice_detection"):
        (tmp_path / name / "images").mkdir(parents=True)
        cv2.imwrite(str(tmp_path / name / "images" / "a.png"), img)
        (tmp_path / name / "labels.jsonl").write_text(json.dumps(row) + "\n")
    nets = (REPO / "vision" / "dice_finder.onnx", REPO / "vision" / "dice_faces.onnx")
    for name, moved in (("aws-dice-workshop", True), ("nell-byler-dice_detection", False)):
        (plain,) = data.load_photos(tmp_path / name, True)
        (placed,) = data.load_photos(tmp_path / name, True, nets)
        assert (not np.array_equal(plain.dice, placed.dice)) == moved
