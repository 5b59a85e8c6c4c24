"""The setup calibration's way of telling which die is which colour (vision.calibrate),
on hard development tables (seeds 2000+): what it takes, and the swaps it refuses."""

import numpy as np
import pytest

from vision import calibrate as cal
from vision import colour, synth
from vision.reader import read_faces
from vision.reading import COLOURS


def setup(seed: int, light: str):
    """A hard development table's setup frame (the six 1s) and its labels."""
    at = synth.table(seed, light, hard=True)
    return synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)


def nearest_label(face, labels) -> str:
    return min(labels, key=lambda lab: np.hypot(lab["centre"][0] - face.centre[0],
                                                lab["centre"][1] - face.centre[1]))["colour"]


@pytest.mark.parametrize("seed, light", [(2100, "neutral"), (6110, "mixed")])
def test_a_pale_grey_1_the_face_net_turns_down_is_found_as_the_sixth_die(seed, light,
                                                                        monkeypatch):
    """Its white pip barely lighter than its face, the face net reads no die there (as
    on these tables with the nets of issue 35; made sure of here); the finder sees one,
    and six dice are known to lie there: the calibration is taken, every die its own
    colour, the grey learnt from the die found (also under a warm lamp one side and a
    cool one the other, through a camera's matrix)."""
    import vision.reader

    img, labels = setup(seed, light)
    no_grey = [f for f in read_faces(img) if nearest_label(f, labels) != "grey"]
    assert len(no_grey) == 5
    monkeypatch.setattr(vision.reader, "read_faces", lambda frame: no_grey)
    faces = cal.setup_faces(img)
    assert len(faces) == 6
    assert [nearest_label(f, labels) for f in faces] == cal.setup_names(faces)
    taken = cal.calibrate(img)
    assert sorted(name for name, _x in taken.seen) == sorted(COLOURS)
    grey = dict(taken.seen)["grey"]
    assert abs(grey[0]) < 0.3 and abs(grey[1]) < 0.3  # a grey, not the felt's colour


def test_a_way_that_beats_the_next_by_little_of_a_bad_fit_is_refused():
    """A cool lamp and a matrix crushing the blue face's red: the best way names the
    blue die magenta and the magenta blue, 8.6 squared spreads better than the right
    way (more than SETUP_MARGIN), but the best way itself costs 89: refused."""
    img, labels = setup(4290, "cool")
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    fit = cal._fit(x, [f.light_pips for f in faces])
    right = [nearest_label(f, labels) for f in faces]
    swapped = [{"blue": "magenta", "magenta": "blue"}.get(n, n) for n in right]
    assert cal.SETUP_MARGIN < fit(right) - fit(swapped) < cal.MISFIT_SHARE * fit(swapped)
    with pytest.raises(ValueError, match="either way"):
        cal.calibrate(img)


def test_an_orange_and_a_yellow_painted_alike_are_refused_not_swapped():
    """Both with dark pips, the orange face the yellower in every feature (the maker's
    paints 22% off): the swapped way fits better, by 5 squared spreads; refused, so the
    player is asked to calibrate again rather than given every orange die as yellow."""
    img, labels = setup(4900, "cool")
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    fit = cal._fit(x, [f.light_pips for f in faces])
    right = [nearest_label(f, labels) for f in faces]
    swapped = [{"orange": "yellow", "yellow": "orange"}.get(n, n) for n in right]
    assert cal.AMBIGUOUS_WITHIN < fit(right) - fit(swapped) < cal.SETUP_MARGIN
    with pytest.raises(ValueError, match="(orange and yellow|yellow and orange) either way"):
        cal.calibrate(img)


def test_the_setup_measures_each_face_against_the_white_the_reader_will_use():
    """Under a colour table the reader takes no light face with dark pips for a white
    die's (a maker's grey is one); the setup frame is measured the same way, or what it
    keeps would be measured against another white than the throws' faces."""
    img, _labels = setup(2040, "neutral")
    faces = cal.setup_faces(img)
    light = colour.light_of(img)
    assert any(not f.light_pips and f.pip_contrast <= -colour.WHITE_FACE_ABOVE_PIPS
               for f in faces)  # a light face with dark pips in view
    reader_white = colour.frame_white(faces, light, plain=False)
    want = [colour.measured(f, reader_white, clipped=False).features() for f in faces]
    got = [m.features() for m in cal.measured(faces, light)]
    assert np.allclose(got, want)
