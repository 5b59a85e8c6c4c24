"""Dice with a numeral or a maker's mark for a face as the face net's negatives
(vision/train/marks.py, `data.marked`, `data.face_source`; training's `--marks`).

Loaded as tests/vision/test_training_data.py loads the data module: no torch needed.
"""

import importlib.util
import sys
from pathlib import Path

import numpy as np

from vision import synth_failures
from vision.net import CROP
from vision.train import marks

_spec = importlib.util.spec_from_file_location(
    "train_data_marks", Path(__file__).resolve().parents[2] / "vision" / "train" / "data.py"
)
data = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = data
_spec.loader.exec_module(data)


def test_marked_dice_are_class_0_and_crop_as_dice_do():
    labels = []
    for i in range(3):
        scene = data.marked(marks.SEED0 + i)
        assert 1 <= len(scene.dice) <= 4
        assert scene.name.startswith("marks/")
        assert (scene.dice[:, 4] == 0).all()
        for k in range(len(scene.dice)):
            x, label = data.face_sample(scene, np.random.default_rng(k), True, k)
            assert x.shape == (3, CROP, CROP)
            labels.append(label)
    assert labels == [0] * len(labels)


def test_each_mark_is_some_ink_on_the_face_and_marks_differ():
    masks = [marks.mark(64, np.random.default_rng(s)) for s in range(40)]
    for m in masks:
        assert m.shape == (64, 64)
        assert 0.02 < (m > 0.5).mean() < 0.5  # a mark, not a blank or a painted-over face
    kinds = {tuple((m > 0.5).ravel()) for m in masks}
    assert len(kinds) == len(masks)


def test_marked_faces_differ_from_seed_to_seed():
    crops = []
    for i in range(4):
        scene = data.marked(marks.SEED0 + i)
        crops.append(data.face_sample(scene, np.random.default_rng(0), True, 0)[0])
    assert all(np.abs(crops[i] - crops[j]).mean() > 0.1 for i in range(4) for j in range(i))


def test_seeds_are_apart_from_the_failure_scenes():
    """The failure scenes judge the reader and are never trained on: kind k's scene i is
    seed + 1000 k + i from DEVELOPMENT and REPORTING."""
    for start in (synth_failures.DEVELOPMENT, synth_failures.REPORTING):
        end = start + 1000 * len(synth_failures.KINDS)
        assert marks.SEED0 >= end or marks.SEED0 + 100_000 <= start


def test_the_marks_share_sets_how_many_negatives_are_marked_dice():
    plain = data.Scene(np.zeros((8, 8, 3), np.uint8), np.zeros((0, 5), np.float32), "synth/1")
    die = data.Scene(np.zeros((8, 8, 3), np.uint8), np.zeros((1, 5), np.float32), "synth/2")
    mark = data.Scene(np.zeros((8, 8, 3), np.uint8), np.zeros((1, 5), np.float32), "marks/3")

    def mix(share):
        rng = np.random.default_rng(5)
        pick = data.face_source
        picks = [pick([plain], [(die, 0)], [(mark, 0)], rng, share) for _ in range(4000)]
        return {what: sum(sc is s and (k is None) == (what == "place") for sc, k in picks)
                for what, s in (("die", die), ("marked", mark), ("place", plain))}

    none, some, every = mix(0.0), mix(0.15), mix(1.0)
    assert none["marked"] == 0 and every["place"] == 0
    assert 0.7 < none["die"] / 4000 < 0.8  # the dice's share stays a quarter's complement
    assert 0.1 < some["marked"] / (some["marked"] + some["place"]) < 0.2
    assert 0.7 < every["die"] / 4000 < 0.8
