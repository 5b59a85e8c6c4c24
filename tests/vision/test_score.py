"""How the benchmarks score readings against labelled dice (vision.score)."""

from __future__ import annotations

from vision.reading import DieReading
from vision.score import match, pairs, right_or_not


def die(value, x, y, colour=None, side=20):
    return {"value": value, "bbox": [x, y, x + side, y + side], "colour": colour}


def reading(value, x, y, colour=None, side=20):
    return DieReading(value, colour, (x, y, x + side, y + side), 0.9)


LABELS = [die(3, 0, 0, "blue"), die(5, 100, 0, "black")]


def test_each_reading_is_paired_with_the_nearest_die_once():
    readings = [reading(5, 104, 2), reading(3, 2, 1), reading(3, 1, 0)]
    assert pairs(readings, LABELS) == {0: 1, 2: 0}  # the nearer of two readings of a die


def test_a_reading_far_from_every_die_is_false_and_a_die_without_one_missed():
    t = match([reading(3, 0, 0), reading(1, 300, 300)], LABELS)
    assert (t.right, t.wrong_value, t.false, t.missed, t.exact) == (1, 0, 1, 1, 0)


def test_right_or_not_tells_each_reading_apart():
    readings = [reading(3, 0, 0), reading(4, 100, 0), reading(1, 300, 300)]
    assert right_or_not(readings, LABELS) == [True, False, False]
    t = match(readings, LABELS)
    assert (t.right, t.wrong_value, t.false) == (1, 1, 1)


def test_colour_counts_only_when_asked_for():
    readings = [reading(3, 0, 0, "grey"), reading(5, 100, 0, "black")]
    assert right_or_not(readings, LABELS) == [True, True]
    assert right_or_not(readings, LABELS, colour=True) == [False, True]
    assert match(readings, LABELS).exact and not match(readings, LABELS, colour=True).exact


def test_a_silent_error_is_a_wrong_reading_not_asked_about():
    """Wrong values and readings of no die count as silent errors unless the player is
    asked (confidence under the threshold, or a flag); a missed die does not."""
    def at(value, x, y, confidence, flag=""):
        return DieReading(value, None, (x, y, x + 20, y + 20), confidence, flag)

    readings = [at(3, 0, 0, 0.9), at(4, 100, 0, 0.9), at(1, 300, 300, 0.9)]
    t = match(readings, LABELS)
    assert (t.silent, t.sure_right) == (2, 1)
    asked = [at(3, 0, 0, 0.5), at(4, 100, 0, 0.59), at(1, 300, 300, 0.9, "odd")]
    t = match(asked, LABELS)
    assert (t.silent, t.sure_right, t.right) == (0, 0, 1)
    t = match([at(3, 0, 0, 0.9)], LABELS)
    assert (t.missed, t.silent, t.sure_right) == (1, 0, 1)


def test_a_die_labelled_unclear_counts_neither_way():
    """A label with value None (its labeller could not tell the die) is an ignore region:
    a reading there is neither right, wrong nor false, and the region is no missed die."""
    labels = [die(3, 0, 0), {"value": None, "bbox": [100, 0, 120, 20]}]
    t = match([reading(3, 0, 0), reading(6, 102, 1)], labels)
    assert (t.dice, t.right, t.wrong_value, t.false, t.missed, t.silent) == (1, 1, 0, 0, 0, 0)
    assert t.exact
    t = match([reading(3, 0, 0)], labels)
    assert (t.dice, t.missed, t.exact) == (1, 0, 1)
    t = match([reading(3, 0, 0), reading(6, 300, 300)], labels)
    assert (t.false, t.silent) == (1, 1)
