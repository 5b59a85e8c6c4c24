"""vision.synth_camera: a real camera's ways on a rendered frame (a development tool)."""

import numpy as np

from vision import synth
from vision.synth_camera import Camera, perturbed


def _frame(seed=2010):
    at = synth.table(seed, "warm", hard=True)
    return synth.charidice_scene(seed + 1, at)


def test_one_camera_per_seed_and_the_same_frame_twice():
    img, labels = _frame()
    cam = Camera.drawn(2010)
    assert cam == Camera.drawn(2010) and cam != Camera.drawn(2020)
    a, b = perturbed(img, labels, cam, 2011), perturbed(img, labels, cam, 2011)
    assert a.shape == img.shape and a.dtype == np.uint8
    assert np.array_equal(a, b)
    assert np.abs(a.astype(int) - img.astype(int)).mean() > 3  # it does change the frame


def test_a_white_stays_near_white_through_the_matrix():
    for seed in range(0, 200, 10):
        m = np.asarray(Camera.drawn(seed).matrix)
        assert np.allclose(m.sum(axis=1), 1.0)


def test_the_renderer_draws_as_before():
    """The camera is applied after the fact: a seed's frame is the renderer's own."""
    img, _labels = _frame()
    again, _ = synth.charidice_scene(2011, synth.table(2010, "warm", hard=True))
    assert np.array_equal(img, again)


def test_the_benchmark_reads_tables_through_it():
    from benchmarks.charidice_colours import RENDERERS, through_camera

    _lights, make_table, scene = through_camera(RENDERERS["hard"])
    at = make_table(2010, "warm")
    img, labels = scene(2011, at)
    plain, plain_labels = _frame()
    assert labels == plain_labels
    assert np.array_equal(img, perturbed(plain, plain_labels, Camera.drawn(2010), 2011))
