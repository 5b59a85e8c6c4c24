"""The calibration from dice laid in a row and named (vision.calibrate with `known`): the
players' way out of a setup whose colours could not be told apart."""

import math

import numpy as np
import pytest

from vision import calibrate as cal
from vision import colour, synth
from vision.reader import Face, read_faces, reading_order

ORDER = ("blue", "grey", "orange", "black", "yellow", "magenta")
"""A game's row order (Charidice's CALIBRATE colours)."""


def face(x: float, y: float, size: float = 40.0) -> Face:
    return Face(1, (x, y), size, 0.9, np.zeros(3), np.zeros(3), True, 50.0)


def at(faces) -> list[tuple[float, float]]:
    return [f.centre for f in faces]


def row(tilt_degrees: float, wobble, step: float = 64.0) -> list[Face]:
    """Six faces laid left to right, the row `tilt_degrees` off level, each die `wobble`
    (sizes) off the line."""
    t = math.tan(math.radians(tilt_degrees))
    return [face(100 + i * step, 200 + i * step * t + w * 40) for i, w in enumerate(wobble)]


@pytest.mark.parametrize("tilt, wobble", [(-8, (0.1, -0.2, 0.2, 0, 0.2, -0.1)),
                                          (-4, (0, 0, 0, 0, 0, 0)),
                                          (0, (0, 0.3, -0.3, 0.3, -0.3, 0))])
def test_a_crooked_row_is_named_left_to_right(tilt, wobble):
    """Reading order starts a new row half a die lower than a row's first: a row rising
    to the right, or one whose dice lie a little off its line, breaks there, and the
    names given left to right would go to other dice. Dice lying in one row are named
    left to right."""
    laid = row(tilt, wobble)
    assert at(reading_order(laid)) != at(laid)  # the reader's own order breaks the row
    assert at(cal.named_order(reading_order(laid))) == at(laid)


def test_dice_in_two_rows_or_a_column_keep_the_reading_order():
    """Two rows of three: top row first; a crooked column: top to bottom."""
    two_rows = [face(100 + 70 * i, 100 + 4 * i) for i in range(3)] + [
        face(100 + 70 * i, 200 - 4 * i) for i in range(3)]
    assert at(cal.named_order(reading_order(two_rows))) == at(two_rows)
    column = [face(300 + (-1) ** i * 8, 60 + 64 * i) for i in range(6)]
    assert at(cal.named_order(reading_order(column))) == at(column)


def row_frame(seed: int, light: str, order=ORDER):
    """A hard development table's dice laid in a row, 1s up, in `order` of colours."""
    at = synth.table(seed, light, hard=True)
    laid = [next(d for d in range(6) if synth.charidice_face(d, 1) == c) for c in order]
    return synth.charidice_scene(seed, at, dice=laid, values=[1] * 6, row=True)


def test_a_setup_whose_colours_are_not_told_is_taken_from_the_row_and_a_wrong_row_refused():
    """A cool lamp and a camera's matrix: the six dice anywhere could be magenta and blue
    either way (refused with three as the least, ColoursUntold: the players can name
    them; taken with the black and the grey alone since setup27). Laid in a row in
    the game's order and named so, each colour is learnt from its own die; laid with
    two neighbours exchanged, the order named fits clearly worse than another: refused,
    not learnt swapped."""
    at = synth.table(4010, "cool", hard=True)
    setup, _labels = synth.charidice_scene(4010, at, dice=range(6), values=[1] * 6)
    faces = cal.setup_faces(setup)
    x = cal.measured(faces, colour.light_of(setup))
    with pytest.raises(cal.ColoursUntold, match="either way"):
        cal._six_colours(x, [f.light_pips for f in faces])
    assert sorted(cal.calibrate(setup).colours()) == ["black", "grey"]
    frame, labels = row_frame(4010, "cool")
    faces = cal.named_order(read_faces(frame))
    near = [min(labels, key=lambda lab: math.dist(lab["centre"], f.centre))["colour"]
            for f in faces]
    assert near == list(ORDER)
    assert sorted(cal.calibrate(frame, list(ORDER)).colours()) == sorted(ORDER)
    for k in (1, 3):
        wrong = list(ORDER)
        wrong[k], wrong[k + 1] = wrong[k + 1], wrong[k]
        frame, _labels = row_frame(4010, "cool", wrong)
        with pytest.raises(ValueError, match="reading order") as refused:
            cal.calibrate(frame, list(ORDER))
        # the players are told which dice were exchanged, the same on every try
        assert str(refused.value).startswith(f"dice {k + 1}, {k + 2} look {wrong[k]}, "
                                             f"{wrong[k + 1]}, not {ORDER[k]}, {ORDER[k + 1]}")
        assert refused.value.short == (f"Dice {k + 1}, {k + 2} look {wrong[k]}, "
                                       f"{wrong[k + 1]}: lay the row in order")


def test_a_frame_without_the_dice_is_no_colours_untold():
    """No dice in view: the players must show them, no row of names would help."""
    with pytest.raises(ValueError, match="no dice") as refused:
        cal.calibrate(np.full((240, 320, 3), 90, np.uint8))
    assert not isinstance(refused.value, cal.ColoursUntold)
