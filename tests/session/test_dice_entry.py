"""The dice entry model alone: a Throw in, moves, the throw Action out."""

from __future__ import annotations

import pytest

from companion.dice_entry import DiceEntry, NotSet
from companion.dice_input import Reading
from companion.rules import Action, IllegalAction, Throw
from tests.fake_games import DICE

SIX = Throw(6)
TWO_TO_SEVEN = Throw(2, faces=(2, 3, 4, 5, 6, 7))


def test_hand_entry_shows_blanks_but_at_the_cursor_and_starts_each_die_from_the_last():
    entry = DiceEntry.by_hand(SIX)
    assert entry.shown() == (1, 0, 0, 0, 0, 0) and entry.shown(cursor=False) == (0,) * 6
    entry.step(1)
    entry.next()
    assert entry.shown() == (2, 2, 0, 0, 0, 0) and entry.cursor == 1


def test_stray_oks_never_finish_and_point_at_the_die_to_set():
    entry = DiceEntry.by_hand(SIX)
    with pytest.raises(NotSet, match="Set die 1 first"):
        entry.finish()
    for _ in range(5):
        entry.next()
    assert entry.finish() == Action("throw", dice=(1,) * 6)  # every die visited


def test_faces_wrap_around_the_throws_faces():
    entry = DiceEntry.by_hand(TWO_TO_SEVEN)
    entry.step(-1)
    assert entry.shown()[0] == 7
    entry.next()
    entry.step(-1)
    assert entry.finish() == Action("throw", dice=(6, 7))


def test_back_walks_to_the_first_die_then_leaves():
    entry = DiceEntry.by_hand(SIX)
    entry.next()
    assert entry.back() and entry.cursor == 0 and not entry.back()


def test_a_sure_possible_reading_is_sure_and_sorted():
    entry = DiceEntry.of_reading(SIX, Reading((6, 5, 4, 3, 2, 1), (0.9,) * 6), 0.6)
    assert entry.sure and entry.values == (1, 2, 3, 4, 5, 6)
    assert entry.read.order == (5, 4, 3, 2, 1, 0)
    assert entry.finish() == Action("throw", dice=(1, 2, 3, 4, 5, 6))


def test_an_impossible_or_short_reading_says_the_cores_sentence_and_is_flagged():
    seven = DiceEntry.of_reading(SIX, Reading((7, 5, 4, 3, 2, 1), (0.99,) * 6), 0.6)
    assert not seven.possible and seven.why == "A die cannot show 7: faces are 1 to 6."
    assert seven.flagged == {5} and seven.values[5] == 6 and 5 not in seven.touched
    short = DiceEntry.of_reading(SIX, Reading((3, 3, 4, 4), (0.9,) * 4), 0.6)
    assert short.why == "Expected 6 dice, got 4." and short.shown(cursor=False)[4:] == (0, 0)
    assert short.cursor == 4 and short.blank == {4, 5}


def test_more_dice_seen_than_thrown_leaves_every_die_to_set():
    entry = DiceEntry.of_reading(Throw(2), Reading((1, 2, 3), (0.9,) * 3), 0.6)
    assert not entry.possible and entry.touched == set() and entry.flagged == {0, 1}


def test_unsure_dice_are_counted_in_the_why():
    entry = DiceEntry.of_reading(SIX, Reading((2, 2, 6, 3, 1, 5), (.9, .9, .4, .9, .9, .2)), .6)
    assert entry.possible and not entry.sure and entry.why == "2 dice unsure: check"
    assert entry.flagged == {4, 5}


def test_a_coloured_die_entered_by_hand_steps_through_every_face_of_the_dice_thrown():
    """Players cannot tell which die is which: each die entered is named by its face."""
    throw = Throw(2, colours=(DICE[1], DICE[4]))
    entry = DiceEntry.by_hand(throw)
    seen = []
    for _ in range(12):
        seen.append(entry.faces[0])
        entry.step(1)
    assert sorted(seen) == sorted(DICE[1] + DICE[4]) and entry.colours() == (seen[0][1], "")
    assert entry.faces[0] == seen[0]  # twelve steps come round
    entry.faces[0] = DICE[4][2]  # the 2nd die of the table entered first
    entry.next()
    assert entry.faces[1] == DICE[4][2]  # starts from the face before
    entry.step(1)
    while entry.faces[1] not in DICE[1]:
        entry.step(1)
    action = entry.finish()
    assert throw.pairs(action) == tuple(sorted(entry.faces))
    assert action["dice"] == tuple(v for v, _ in sorted(entry.faces))


def test_two_faces_of_one_die_entered_by_hand_are_refused_with_the_cores_sentence():
    throw = Throw(2, colours=(DICE[1], DICE[4]))
    entry = DiceEntry.by_hand(throw)
    entry.faces[0], entry.faces[1] = DICE[1][0], DICE[1][3]
    entry.touched = {0, 1}
    (v1, c1), (v2, c2) = sorted((DICE[1][0], DICE[1][3]))
    same = f"{c1.capitalize()} {v1} and {c2} {v2} are on the same die"
    with pytest.raises(IllegalAction, match=same):
        entry.finish()


def test_coloured_faces_that_cannot_show_together_say_the_cores_sentence():
    """Entered by hand each die shows only its own faces; a reading can still put one
    face on two dice: the die left over is to set, the core says why."""
    throw = Throw(2, colours=(DICE[0], DICE[1]))
    face = DICE[0][0]
    entry = DiceEntry.of_reading(throw, Reading((face[0],) * 2, (0.9,) * 2, (face[1],) * 2), 0.6)
    assert entry.why == f"Two dice cannot both show {face[1]} {face[0]}."
    assert not entry.possible and entry.flagged == {1} and entry.faces[1] in DICE[1]
    with pytest.raises(NotSet, match="Set die 2 first"):
        entry.finish()


def test_a_coloured_reading_matches_each_face_to_a_die_that_carries_it():
    throw = Throw(3, colours=(DICE[0], DICE[3], DICE[4]))
    faces = [DICE[4][0], DICE[0][5], DICE[3][2]]
    reading = Reading(tuple(v for v, _ in faces), (0.9,) * 3, tuple(c for _, c in faces))
    entry = DiceEntry.of_reading(throw, reading, 0.6)
    assert entry.sure and entry.faces == sorted(faces)
    assert all(face in slot for face, slot in zip(entry.faces, entry.options))


def test_a_coloured_reading_without_a_colour_is_left_to_set():
    throw = Throw(2, colours=(DICE[0], DICE[1]))
    reading = Reading((DICE[0][0][0], DICE[1][0][0]), (0.9, 0.9), (DICE[0][0][1], None))
    entry = DiceEntry.of_reading(throw, reading, 0.6)
    assert not entry.possible and entry.why == "Give the colour of each of the 2 dice."
    assert len(entry.flagged) == 1 and all(f in s for f, s in zip(entry.faces, entry.options))
