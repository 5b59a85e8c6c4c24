"""When a colour the odds call sure is asked all the same (vision.colour_doubt)."""

import numpy as np

from vision import colour, colour_doubt


def test_a_cast_all_faces_share_is_found_and_drawn_towards_none():
    refs = colour.references()
    names = ["blue", "orange", "yellow", "black"]
    spread = dict(zip(refs, colour.spreads(list(refs))))
    cast = np.array([0.3, -0.2, 0.1])
    x = np.array([refs[n] for n in names]) + cast
    shift = colour_doubt.frame_shift(x, names + [None], refs, spread)
    assert np.all(np.sign(shift) == np.sign(cast)) and np.all(np.abs(shift) < np.abs(cast))
    assert np.allclose(colour_doubt.frame_shift(x, [None] * 4, refs, spread), 0)


def test_a_die_named_otherwise_once_the_cast_is_out_is_asked():
    first = [("grey", 0.95), ("blue", 0.9), (None, 0.2)]
    second = [("black", 0.97), ("blue", 0.7), (None, 0.4)]
    assert colour_doubt.agreed(first, second) == [
        ("grey", colour_doubt.DISAGREE), ("blue", 0.7), (None, 0.2)]


def test_a_grey_die_on_a_strong_felt_or_a_die_on_its_own_colour_is_asked_unless_very_sure():
    refs = colour.references()
    purple = np.array([0.5, 0.6, -1.0])  # a purple felt over the frame's white
    got = colour_doubt.felt_doubted([("grey", 0.8), ("grey", 0.95), ("orange", 0.8)],
                                    [purple] * 3, refs, colour.SPREAD)
    assert got == [("grey", colour_doubt.DISAGREE), ("grey", 0.95), ("orange", 0.8)]
    own = colour_doubt.felt_doubted([("orange", 0.8)], [refs["orange"]], refs, colour.SPREAD)
    assert own == [("orange", colour_doubt.DISAGREE)]
    assert colour_doubt.felt_doubted([("grey", 0.8)], [None], refs, colour.SPREAD) == [
        ("grey", 0.8)]


def test_a_crushed_channel_with_no_white_in_view_is_asked():
    """With no white in view the frame's cast is unknown, and a channel it crushed may be
    the light's doing (a green felt's magenta cast took a black die's green): the die is
    asked, however sure its colour; a die whose channels are all measured is not."""
    from types import SimpleNamespace

    from vision import synth

    def face(bgr):  # pips tinted by the light: no white in view
        return SimpleNamespace(face_bgr=np.array(bgr, float), pip_bgr=np.array((250.0,) * 2
                               + (60.0,)), light_pips=True, pip_contrast=100.0)

    faces = [face((190, 90, 2)), face((190, 90, 25))]
    assert colour.frame_white(faces) is None and colour.measured(faces[0], None).crushed()
    got = colour_doubt.weighed(faces, [2, 5], set(synth.charidice_faces(range(6))))
    assert got[0][1] <= colour_doubt.DISAGREE < got[1][1]
