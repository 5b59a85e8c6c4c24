"""The second renderer of Charidice tables (vision.synth_lamp): seeded, labelled, and
lit otherwise than vision.synth (spectra, light per pixel, the felt's bounce)."""

import numpy as np

from vision import synth, synth_lamp


def test_a_seed_always_gives_the_same_table_and_throw():
    a, la = synth_lamp.charidice_scene(5, synth_lamp.table(4, "led"))
    b, lb = synth_lamp.charidice_scene(5, synth_lamp.table(4, "led"))
    assert np.array_equal(a, b) and la == lb


def test_the_setup_frame_shows_the_six_ones_labelled_with_their_colours():
    img, labels = synth_lamp.charidice_scene(7, synth_lamp.table(6, "tungsten"),
                                             dice=range(6), values=[1] * 6)
    assert img.shape == (480, 640, 3) and img.dtype == np.uint8
    assert sorted(lab["colour"] for lab in labels) == sorted(synth.COLOURS)
    for lab in labels:
        x0, y0, x1, y1 = lab["bbox"]
        cx, cy = lab["centre"]
        assert x0 < cx < x1 and y0 < cy < y1 and lab["value"] == 1
        assert lab["colour"] == synth.charidice_face(lab["die"], 1)


def test_a_colour_under_a_warm_lamp_is_not_the_daylight_colour_scaled():
    """A spectrum seen through overlapping channels: the lamp's cast differs by paint,
    so no one gain per channel (vision.synth's cast) maps daylight's colours to a warm
    lamp's."""
    names = ("magenta", "blue", "orange", "yellow")
    paints = [synth_lamp.paint(np.random.default_rng(1), n, False)[0] for n in names]
    warm, day = synth_lamp.planck(2700), synth_lamp.planck(6500)
    gain = [synth_lamp.rgb(warm * p) / synth_lamp.rgb(day * p) for p in paints]
    assert np.ptp(np.log(gain), axis=0).max() > 0.1


def test_a_side_face_carries_the_felts_colour_and_the_lamp_lights_the_felt_unevenly():
    at = synth_lamp.table(3, "daylight")
    grey = dict((n, f) for n, f, _p in at.dice)["grey"]
    top = synth_lamp._lit(at, grey, (0.0, 0.0, 1.0), (320, 240), 50, 640, 480, True)
    side = synth_lamp._lit(at, grey, (1.0, 0.0, 0.0), (320, 240), 50, 640, 480, False)
    felt = synth_lamp.rgb(at.key * at.felt_r)
    tint = np.log(side / top) - np.log(side / top).mean()
    assert np.dot(tint, np.log(felt) - np.log(felt).mean()) > 0
    img, _ = synth_lamp.charidice_scene(4, at, dice=[0])
    rows = img[:, :, 1].astype(float).mean(axis=1)
    assert rows.max() - rows.min() > 5
