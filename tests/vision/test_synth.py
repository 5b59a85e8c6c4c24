"""Synthetic scenes: seeded, labelled, and the training-only variety (vision.synth)."""

import numpy as np

from vision import synth


def test_a_seed_always_gives_the_same_scene():
    a, la = synth.scene(42, touching=True, side_faces=True, distractors=("coin",))
    b, lb = synth.scene(42, touching=True, side_faces=True, distractors=("coin",))
    assert np.array_equal(a, b) and la == lb


def test_labels_give_value_colour_and_a_box_around_the_centre():
    _img, labels = synth.scene(3, n=5, values=range(1, 8))
    assert len(labels) == 5
    for lab in labels:
        x0, y0, x1, y1 = lab["bbox"]
        cx, cy = lab["centre"]
        assert x0 < cx < x1 and y0 < cy < y1
        assert 1 <= lab["value"] <= 7
        assert lab["colour"] is None or lab["colour"] in synth.CHARIDICE_FACES


def test_extra_variety_brings_dark_hobby_dice_and_glare():
    faces, glare = set(), 0
    for seed in range(40):
        rng = np.random.default_rng(seed)
        die = synth.Die(3, str(rng.choice(list(synth.DARK_FACES))), (50, 50), 40, 0)
        varied = synth.varied(die, rng, extra=True)
        faces.add(varied.face)
        glare += varied.glare > 0
        assert varied.pip is None or varied.pip in synth.DARK_PIP_COLOURS
    assert glare and len(faces) > 3
    plain = [synth.varied(synth.Die(3, "white", (50, 50), 40, 0), np.random.default_rng(s))
             for s in range(40)]
    assert not any(d.glare for d in plain)  # the benchmark's scenes have none


def test_glare_brightens_part_of_the_face_only():
    die = synth.Die(4, "navy", (50, 50), 40, 0, glare=0.7)
    plain = synth._face_patch(4, "navy", 120, 1.0, synth.Die(4, "navy", (50, 50), 40, 0),
                              np.random.default_rng(1))
    shiny = synth._face_patch(4, "navy", 120, 1.0, die, np.random.default_rng(1))
    brighter = shiny.astype(int).sum(2) - plain.astype(int).sum(2)
    assert brighter.max() > 150 and (brighter > 30).mean() < 0.5


def test_faint_pips_are_part_face_part_pip():
    rng = np.random.default_rng(4)
    die = synth.Die(1, "navy", (50, 50), 40, 0, faint=0.6)
    patch = synth._face_patch(1, "navy", 120, 1.0, die, rng)
    centre = patch[55:65, 55:65].reshape(-1, 3).mean(0)
    face, pip = (np.array(c, float) for c in synth.face_colours("navy"))
    a = float(np.dot(centre - face, pip - face) / np.dot(pip - face, pip - face))
    assert 0.3 < a < 0.95  # neither the face's colour nor the pip's



def test_glare_never_outshines_a_white_pip():
    """Training glare (soft spots and streaks) washes pips out but never hides them, so
    the labels stay true: a white pip stays lighter than any glare on the face around it."""
    for seed in range(80):
        die = synth.Die(3, "red", (50, 50), 40, 0, glare=0.7)
        shiny = synth._face_patch(3, "red", 120, 1.0, die, np.random.default_rng(seed))
        plain = synth._face_patch(3, "red", 120, 1.0, synth.Die(3, "red", (50, 50), 40, 0),
                                  np.random.default_rng(seed))
        shiny, face = shiny.astype(int).sum(2), plain.astype(int).sum(2) < 400
        pips = [(int(60 + u * 57), int(60 + v * 57)) for u, v in synth.PIP_LAYOUT[3]]
        assert all(shiny[y, x] > np.percentile(shiny[face], 99) for x, y in pips), seed


def test_the_six_charidice_dice_carry_every_face_once_and_their_ones_are_six_colours():
    faces = synth.charidice_faces(range(6))
    assert len(faces) == len(set(faces)) == 36
    assert {synth.charidice_face(d, 1) for d in range(6)} == set(synth.COLOURS)
    assert all(len({synth.charidice_face(d, v) for v in range(1, 7)}) == 6 for d in range(6))


def test_a_charidice_throw_is_labelled_with_each_die_and_its_face():
    at = synth.table(7, "warm")
    img, labels = synth.charidice_scene(8, at, dice=[1, 4], values=[3, 6])
    assert img.shape == (480, 640, 3)
    assert [(lab["die"], lab["value"], lab["colour"]) for lab in labels] == [
        (1, 3, synth.charidice_face(1, 3)), (4, 6, synth.charidice_face(4, 6))]
    expect = synth.charidice_expect([1, 4])
    assert expect.count == 2 and len(expect.colours) == 12


def test_hard_tables_vary_the_pips_the_felt_and_the_light_more():
    """Hard tables: dark pips on the light colours too on some makers' dice, felts of any
    colour, lamps further off; the plain tables stay as they were (yellow's pips only)."""
    hard = [synth.table(s, hard=True) for s in range(2000, 2040)]
    schemes = {frozenset(n for n, _f, p in at.paints if sum(p) < 300) for at in hard}
    assert {frozenset(sch) for sch in synth.PIP_SCHEMES} == schemes
    assert len({at.tray for at in hard}) == len(hard)
    assert min(at.lamp[0] for at in hard if at.light == "warm") < 0.5
    plain = [synth.table(s) for s in range(2000, 2040)]
    assert {frozenset(n for n, _f, p in at.paints if sum(p) < 300) for at in plain} == {
        frozenset({"yellow"})}


def test_some_hard_tables_have_a_camera_whose_colour_matrix_crushes_a_channel():
    """Half the hard tables' cameras boost saturation after overlapping channels, in
    linear light, clipped at 0: white stays white, a blue's red goes to 0, a magenta
    fades; the plain tables have none."""
    hard = [synth.table(s, hard=True) for s in range(2000, 2040)]
    assert 10 <= sum(at.camera is not None for at in hard) <= 30
    assert all(synth.table(s).camera is None for s in range(2000, 2040))
    m = synth.camera_matrix(0.5, 0.2)
    assert np.allclose(m @ np.ones(3), 1)
    at = next(at for at in hard if at.camera is not None)
    from dataclasses import replace

    lit = replace(at, lamp=(1.0, 1.0, 1.0), awb=0.0, camera=(0.5, 0.0)).light_fn(0.0)
    blue, magenta, white = (np.array([[c]], np.float32) for c in
                            ((190, 90, 25), (150, 30, 200), (245, 245, 245)))
    assert lit(blue)[0, 0, 2] == 0 and np.allclose(lit(white), white, atol=0.5)
    faded = replace(at, lamp=(1.0, 1.0, 1.0), awb=0.0, camera=(0.0, 0.3)).light_fn(0.0)
    assert faded(magenta)[0, 0, 1] > 2 * magenta[0, 0, 1]
