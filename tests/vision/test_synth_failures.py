"""Scenes of what the reader was never trained on (vision.synth_failures): seeded,
labelled like `synth.scene`, the development and reporting seeds apart."""

import numpy as np
import pytest

from vision import synth_failures


@pytest.mark.parametrize("kind", synth_failures.KINDS)
def test_every_kind_gives_the_same_labelled_scene_for_a_seed(kind):
    img, labels = synth_failures.failure_scene(kind, 12)
    again, labels_again = synth_failures.failure_scene(kind, 12)
    assert img.shape == (480, 640, 3) and img.dtype == np.uint8
    assert np.array_equal(img, again) and labels == labels_again
    assert labels
    for lab in labels:
        x0, y0, x1, y1 = lab["bbox"]
        cx, cy = lab["centre"]
        assert x0 < cx < x1 and y0 < cy < y1
        assert 1 <= lab["value"] <= 6  # the dice are a game's six-sided ones


def test_greyscale_scenes_have_no_colour_and_no_colour_labels():
    img, labels = synth_failures.failure_scene("greyscale", 3)
    assert np.array_equal(img[..., 0], img[..., 1]) and np.array_equal(img[..., 1], img[..., 2])
    assert all(lab["colour"] is None for lab in labels)


def test_the_reporting_scenes_are_not_the_development_ones():
    assert abs(synth_failures.REPORTING - synth_failures.DEVELOPMENT) >= 1000 * len(
        synth_failures.KINDS)
    dev = next(synth_failures.failure_set("coins", 1, synth_failures.DEVELOPMENT))[0]
    rep = next(synth_failures.failure_set("coins", 1))[0]
    assert not np.array_equal(dev, rep)


def test_an_unknown_kind_is_refused_with_the_kinds_named():
    with pytest.raises(ValueError, match="no failure kind 'dust'; kinds: coins, cards"):
        synth_failures.failure_scene("dust", 1)
