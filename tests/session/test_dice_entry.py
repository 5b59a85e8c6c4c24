"""The dice entry model alone: a Throw in, button presses, the throw Action out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice_entry import LEAVE, DiceEntry, NotSet, _match
from companion.dice_input import Reading
from companion.rules import Action, Throw
from companion.rules.charidice import DICE as CHARIDICE
from tests.fake_games import DICE

SIX = Throw(6)
TWO_TO_SEVEN = Throw(2, faces=(2, 3, 4, 5, 6, 7))
ALL_SIX = Throw(6, colours=CHARIDICE)


def press(entry: DiceEntry, *buttons: str):
    result = None
    for button in buttons:
        result = entry.press(button)
    return result


def test_a_fresh_entry_shows_no_value_and_stray_oks_store_nothing():
    entry = DiceEntry.by_hand(SIX)
    assert entry.shown() == (0,) * 6
    assert press(entry, "ok", "ok", "ok") is None and entry.touched == set()
    assert entry.note == "Set die 1 first (Up/Down)" and entry.cursor == 0


def test_the_value_cursor_stays_so_a_pair_costs_one_ok():
    entry = DiceEntry.by_hand(SIX)
    press(entry, "up", "up", "ok")
    assert entry.shown() == (2, 2, 0, 0, 0, 0) and entry.cursor == 1
    assert entry.hint == "Up/Down value, OK next"


@pytest.mark.parametrize("throw, presses", [
    ((1, 1, 2, 3, 5, 6), ["up", "ok", "ok", "up", "ok", "up", "ok", "up", "up", "ok",
                          "up", "ok"]),
    ((6, 6, 6, 6, 6, 6), ["down", "ok", "ok", "ok", "ok", "ok", "ok"]),
    ((1, 2, 3, 4, 5, 6), ["up", "ok", "up", "ok", "up", "ok", "up", "ok", "up", "ok",
                          "up", "ok"]),
])
def test_six_plain_dice_take_at_most_twelve_presses(throw, presses):
    entry = DiceEntry.by_hand(SIX)
    assert len(presses) <= 12
    assert press(entry, *presses) == Action("throw", dice=throw)


def test_faces_wrap_around_the_throws_faces_and_down_starts_at_the_top():
    entry = DiceEntry.by_hand(TWO_TO_SEVEN)
    press(entry, "down")
    assert entry.shown()[0] == 7
    press(entry, "up")
    assert entry.shown()[0] == 2
    assert press(entry, "down", "ok", "down", "ok") == Action("throw", dice=(6, 7))


def test_back_walks_to_the_die_before_then_leaves():
    entry = DiceEntry.by_hand(SIX)
    press(entry, "up", "up", "ok", "up")
    assert press(entry, "back") is None and entry.cursor == 0 and entry.shown()[:2] == (2, 3)
    press(entry, "up", "ok")  # die 1 now 3; on to die 2, still as it was left
    assert entry.cursor == 1 and entry.shown()[:2] == (3, 3)
    assert press(entry, "back", "back") == LEAVE


@pytest.mark.parametrize("faces, presses", [
    # six 1s: the value once, then each die starts in the next colour of that value
    ([die[0] for die in CHARIDICE], ["up", "ok", "ok", "ok", "ok", "ok", "ok"]),
    ([(1, "blue"), (1, "grey"), (3, "yellow"), (4, "blue"), (6, "black"), (6, "yellow")],
     ["up", "up", "ok", "ok", "select", "up", "select", "ok", "ok", "select", "up", "ok",
      "ok"]),
    # past 3's last colour left, the next die starts at the 4 after it
    ([(3, "blue"), (3, "yellow"), (4, "yellow"), (5, "black"), (5, "grey"), (6, "magenta")],
     ["up", "up", "select", "select", "ok", "up", "up", "up", "ok", "select", "down", "ok",
      "ok", "ok", "up", "ok"]),
])
def test_charidice_dice_are_entered_by_number_then_the_colours_left(faces, presses):
    entry = DiceEntry.by_hand(ALL_SIX)
    action = press(entry, *presses)
    assert len(presses) <= 20 and ALL_SIX.pairs(action) == tuple(sorted(faces))


def test_the_next_die_starts_at_the_face_after_the_one_set():
    """Dice entered from the lowest up: the next die shows the same number in the next
    colour left, and past that number's last colour the next number's first, so Up
    walks on through the faces (a pair, or the next number, without Select)."""
    entry = DiceEntry.by_hand(ALL_SIX)
    press(entry, "up", "ok")  # black 1 (the fourth die)
    assert entry.faces[:2] == [(1, "black"), (1, "blue")]
    entry = DiceEntry.by_hand(ALL_SIX)
    press(entry, "select", "up", "up")
    assert entry.faces[0] == (1, "yellow")  # the last colour of 1
    press(entry, "ok")
    assert entry.faces[1] == (2, "black")
    press(entry, "down", "ok")  # back past 2's first colour: yellow 1 is taken
    assert entry.faces[1] == (1, "orange")
    assert entry.faces[2] == (2, "blue")  # black 2 is on orange 1's die


@settings(max_examples=30, deadline=None)
@given(st.tuples(*(st.sampled_from(die) for die in CHARIDICE)))
def test_dice_entered_from_the_lowest_up_need_up_and_ok_only(thrown):
    """Each die starts at the first face it may show after the one set, so Up walks on
    to the next face to enter without going round the end (no Down, no Select)."""
    entry = DiceEntry.by_hand(ALL_SIX)
    result, before = None, None
    for face in sorted(thrown):
        shown = entry.faces[entry.cursor]
        if before is not None:
            assert shown == min(o for o in entry.options_at(entry.cursor) if o > before)
        while shown != face:
            entry.press("up")
            assert entry.faces[entry.cursor] > (shown or (0, ""))  # never round the end
            shown = entry.faces[entry.cursor]
        result, before = entry.press("ok"), face
    assert ALL_SIX.pairs(result) == tuple(sorted(thrown))


def test_select_steps_the_number_and_up_down_only_the_colours_still_possible():
    entry = DiceEntry.by_hand(ALL_SIX)
    press(entry, "select")
    assert entry.faces[0][0] == 1 and entry.hint == "Select no., Up/Down colour, OK next"
    press(entry, "select")
    assert entry.faces[0][0] == 2
    assert entry.colours_of(0, 2) == tuple(sorted(c for die in CHARIDICE for v, c in die
                                                  if v == 2))
    grey_2 = next(face for face in (die[1] for die in CHARIDICE) if face[1] == "grey")
    entry.faces[0] = grey_2
    press(entry, "ok")
    die = next(d for d in CHARIDICE if grey_2 in d)
    assert not set(die) & set(entry.options_at(1))  # its die is taken: none of its faces
    assert len(entry.colours_of(1, 2)) == 5


def test_the_last_die_needs_no_colour_its_value_has_one_left():
    entry = DiceEntry.by_hand(ALL_SIX)
    press(entry, "up", *["ok"] * 5)  # five 1s, five dice taken
    assert entry.cursor == 5 and all(len(entry.colours_of(5, v)) == 1 for v in range(1, 7))
    assert entry.hint == "Select no., Up/Down colour, OK done"
    action = press(entry, "select", "ok")  # a 2: its colour is the last die's
    assert ALL_SIX.pairs(action)[-1][0] == 2


def test_a_die_with_one_face_left_is_filled_in_by_itself():
    """Once the faces set have taken every die but one, and that die can show one face
    only (here a die marked on one side), it is filled in and the OK stores the throw."""
    throw = Throw(3, colours=(((1, "blue"), (2, "grey")), ((1, "grey"), (2, "blue")),
                              ((6, "black"),)))
    entry = DiceEntry.by_hand(throw)
    press(entry, "select", "select", "down")  # 2 blue
    assert entry.faces[0] == (2, "blue") and press(entry, "ok") is None
    assert entry.faces[1] == (2, "grey")  # the value cursor stays, in the next colour
    press(entry, "down")
    assert entry.faces[1] == (1, "blue") and entry.faces[2] is None
    action = press(entry, "ok")
    assert throw.pairs(action) == ((1, "blue"), (2, "blue"), (6, "black"))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["up", "down", "select", "ok", "back"]), max_size=60),
       st.sampled_from([ALL_SIX, Throw(3, colours=(DICE[1], DICE[4], DICE[5])),
                        Throw(2, colours=(DICE[0], DICE[0]))]))
def test_no_presses_can_enter_a_clash(buttons, throw):
    """Whatever is pressed, the faces set always have a die each, and an OK that
    completes the throw gives one the core accepts: a clash is never offered."""
    entry = DiceEntry.by_hand(throw)
    for button in buttons:
        result = entry.press(button)
        set_faces = [entry.faces[j] for j in entry.touched]
        assert None not in _match(throw.colours, set_faces)
        if result == LEAVE:
            return
        if isinstance(result, Action):
            throw.check(result)
            return


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
    assert short.cursor == 4 and short.values[4:] == (0, 0)
    with pytest.raises(NotSet, match="Set die 5 first"):
        short.finish()


def test_one_misread_die_is_corrected_in_a_few_presses():
    entry = DiceEntry.of_reading(SIX, Reading((2, 2, 6, 3, 1, 5), (.9, .9, .9, .9, .9, .2)), .6)
    assert entry.cursor == 4 and entry.values[4] == 5  # the unsure 5, shown 2 1 2 3 5 6
    assert entry.hint == "Up/Down value, Select next die, OK done"
    assert press(entry, "up", "ok") == Action("throw", dice=(1, 2, 2, 3, 6, 6))


def test_more_dice_seen_than_thrown_leaves_every_die_to_set():
    entry = DiceEntry.of_reading(Throw(2), Reading((1, 2, 3), (0.9,) * 3), 0.6)
    assert not entry.possible and entry.touched == set() and entry.flagged == {0, 1}
    assert press(entry, "ok") is None and entry.cursor == 1 and entry.flagged == {1}
    assert press(entry, "ok") == Action("throw", dice=(1, 2))


def test_unsure_dice_are_counted_in_the_why():
    entry = DiceEntry.of_reading(SIX, Reading((2, 2, 6, 3, 1, 5), (.9, .9, .4, .9, .9, .2)), .6)
    assert entry.possible and not entry.sure and entry.why == "2 dice unsure: check"
    assert entry.flagged == {4, 5}


def test_coloured_faces_read_on_one_die_leave_the_other_to_set_among_its_own_faces():
    """A reading can put one face on two dice: the die left over is to set, among the
    faces of the die no other face took; the core's sentence says why."""
    throw = Throw(2, colours=(DICE[0], DICE[1]))
    face = DICE[0][0]
    entry = DiceEntry.of_reading(throw, Reading((face[0],) * 2, (0.9,) * 2, (face[1],) * 2), 0.6)
    assert entry.why == f"Two dice cannot both show {face[1]} {face[0]}."
    assert not entry.possible and entry.flagged == {1} and entry.faces[1] in DICE[1]
    assert set(entry.options_at(1)) == set(DICE[1])
    action = press(entry, "ok")
    assert throw.pairs(action) == tuple(sorted((face, entry.faces[1])))


def test_a_coloured_reading_matches_each_face_to_a_die_that_carries_it():
    throw = Throw(3, colours=(DICE[0], DICE[3], DICE[4]))
    faces = [DICE[4][0], DICE[0][5], DICE[3][2]]
    reading = Reading(tuple(v for v, _ in faces), (0.9,) * 3, tuple(c for _, c in faces))
    entry = DiceEntry.of_reading(throw, reading, 0.6)
    assert entry.sure and entry.faces == sorted(faces)


def test_a_coloured_reading_without_a_colour_is_left_to_set():
    throw = Throw(2, colours=(DICE[0], DICE[1]))
    reading = Reading((DICE[0][0][0], DICE[1][0][0]), (0.9, 0.9), (DICE[0][0][1], None))
    entry = DiceEntry.of_reading(throw, reading, 0.6)
    assert not entry.possible and entry.why == "Give the colour of each of the 2 dice."
    assert len(entry.flagged) == 1
    (i,) = entry.flagged
    assert entry.faces[i] in entry.options_at(i)
