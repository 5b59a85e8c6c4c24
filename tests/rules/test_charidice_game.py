"""Charidice by the rulebook: its examples exactly, both families and every bonus,
donations to the left, the greatest of gifts, the charity bonus, and refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cd_script import action, faces, new, play, turn

from companion.rules import CHANCE, TERMINAL, Action, IllegalAction, View, actor
from companion.rules.charidice import (
    COLOUR_BONUS,
    DICE,
    NUMBER_BONUS,
    ROUNDS,
    TAGS,
    CharidiceState,
    points,
)
from companion.ui import menu, text
from companion.ui.fonts import SMALL

LENA = "throw M1 M2 M3 M4 M6 B6"
FLORIAN = "throw B2 O2 G2 Y2 K6 G6"
ALL_SIX = ("B1 G1 K2 M3 O5 Y6", "different B1 G1 K2 M3 O5 Y6")
"""A turn that scores all six dice, 18 points, and so donates nothing."""


def options(state: CharidiceState) -> dict[str, str]:
    """Every legal score as its label, by the dice it scores ("colour M2 M3 M4 M6")."""
    found = {}
    for a in state.legal_actions():
        if a.kind == "score":
            dice = " ".join(f"{TAGS[c]}{v}" for v, c in zip(a["dice"], a["colours"]))
            found[f"{a['way']} {dice}"] = state.label(a)
    return found


# --- the rulebook's examples -------------------------------------------------------------


def test_example_1_lena_scores_30_and_donates_13_or_35_and_24():
    lena = play(new(3), LENA)
    listed = options(lena)
    assert listed["colour M2 M3 M4 M6"] == "Magenta 2346: 30, give 13"
    assert listed["colour M1 M2 M3 M4"] == "Magenta 1234: 35, give 24"
    after = play(lena, "score colour M2 M3 M4 M6")
    assert after.sheet[0][0] == (15, 15, 0, 13)  # scored, bonus, received, donated
    assert after.sheet[1][0] == (0, 0, 13, 0)  # Marko, on her left: 1 + 6 x 2
    assert after.scores() == (30, 13, 0)
    other = play(lena, "score colour M1 M2 M3 M4")
    assert other.sheet[0][0] == (10, 25, 0, 24) and other.scores() == (35, 24, 0)


def test_example_2_florian_scores_23_and_donates_24_or_18_and_2():
    florian = play(new(3), FLORIAN)
    listed = options(florian)
    assert listed["different B2 G2 O2 Y2"] == "B2 G2 O2 Y2: 23, give 24"
    assert listed["different B2 O2 Y2 K6 G6"] == "B2 O2 Y2 K6 G6: 18, give 2"
    assert play(florian, "score different B2 O2 Y2 K6 G6").sheet[0][0] == (18, 0, 0, 2)
    assert play(florian, "score different B2 O2 G2 Y2").sheet[0][0] == (8, 15, 0, 24)


def test_the_greatest_gift_of_a_2_and_a_5_is_worth_24():
    state = play(new(3), "gift P2", "throw M1 M2 M3 M4 O2 Y5", "score colour M1 M2 M3 M4")
    assert state.sheet[1][0][2] == 24 and state.sheet[0][0][3] == 24  # both write it doubled
    assert state.gift_used == (False, True, False)


def test_marko_scores_126_plus_75_plus_22_and_the_charity_bonus_243():
    # Marko's sheet as the example totals it; he donated the most, not above 60.
    rows = ((126, 75, 22, 40),) + ((0, 0, 0, 0),) * (ROUNDS - 1)
    others = ((0, 0, 0, 30),) + ((0, 0, 0, 0),) * (ROUNDS - 1)
    last = replace(new(2), sheet=(rows, others), round=ROUNDS, seat=1)
    over = turn(last, *ALL_SIX)
    assert over.is_over() and over.charity == (20, 0)
    assert over.scores()[0] == 126 + 75 + 22 + 20 == 243


# --- both families and every bonus ---------------------------------------------------


@pytest.mark.parametrize("dice, way, scored, bonus", [
    ("M2 M3 M4 M6", "colour", 15, COLOUR_BONUS[4, False]),
    ("M1 M2 M3 M4", "colour", 10, COLOUR_BONUS[4, True]),
    ("M1 M2 M3 M4 M5", "colour", 15, COLOUR_BONUS[5, True]),
    ("M1 M2 M3 M4 M5 M6", "colour", 21, COLOUR_BONUS[6, True]),
    ("M1 M2 M3 M4 M6", "colour", 16, 0),  # five of a colour, no straight (C5)
    ("M1 M2 M3 M5 M6", "colour", 17, 0),
    ("B2 O2 G2 Y2", "different", 8, NUMBER_BONUS[4]),
    ("B5 O5 G5 Y5 K5", "different", 25, NUMBER_BONUS[5]),
    ("M6 B6 O6 G6 Y6 K6", "different", 36, NUMBER_BONUS[6]),
    ("B2 O2 Y2 K6 G6", "different", 18, 0),  # a bonus only for exactly its dice (C4)
    ("B2 O2 G2", "different", 6, 0),
    ("K6", "different", 6, 0),
])
def test_points_and_bonus_of_each_family(dice, way, scored, bonus):
    assert points(way, tuple(sorted(faces(dice)))) == (scored, bonus)
    assert (15, 25, 40, 50, 15, 30, 60) == (*COLOUR_BONUS.values(), *NUMBER_BONUS.values())


@pytest.mark.parametrize("dice, way", [
    ("M1 M2 M3", "colour"),  # three of a colour
    ("M1 M2 M3 B4", "colour"),  # mixed colours
    ("B2 O2 G2 G6", "different"),  # grey twice
    ("", "different"),
    ("M1 M2 M3 M4", "rainbow"),
])
def test_dice_that_are_no_combination_score_nothing(dice, way):
    assert points(way, tuple(sorted(faces(dice)))) is None


def test_every_legal_score_is_listed_with_its_points_and_its_donation():
    state = play(new(3), LENA)
    scores = [a for a in state.legal_actions() if a.kind == "score"]
    # one colour: 5 fours and the five; different: magenta or none x blue 6 or none, less none
    assert len(scores) == 5 + 1 + (6 * 2 - 1)
    for a in scores:
        scored = tuple(zip(a["dice"], a["colours"]))
        total = sum(points(a["way"], scored))
        rest = [f for f in faces("M1 M2 M3 M4 M6 B6") if f not in scored]
        given = sum(v * 2 if v >= 5 else v for v, _ in rest)
        assert state.label(a).endswith(f": {total}, give {given}")
    assert [sum(points(a["way"], tuple(zip(a["dice"], a["colours"])))) for a in scores] == sorted(
        (sum(points(a["way"], tuple(zip(a["dice"], a["colours"])))) for a in scores), reverse=True
    )


def test_scoring_all_six_dice_gives_nothing_and_says_no_gift():
    state = play(new(2), "throw M1 M2 M3 M4 M5 M6")
    assert state.label(action("score colour M1 M2 M3 M4 M5 M6")) == "Magenta 123456: 71"
    assert play(state, "score colour M1 M2 M3 M4 M5 M6").scores() == (71, 0)


def test_labels_fit_a_line_of_the_oled_menu_beside_the_star_and_scroll_bar():
    room = 128 - menu.STAR_WIDTH - menu.SCROLL_WIDTH - 2
    widest = play(new(3), "gift P2", "throw M6 B6 O6 G6 Y6 O5")
    assert widest.label(action("score different M6 B6 O6 G6 Y6")) == (
        "B6 G6 M6 O6 Y6: 60, give 20")
    for state in (widest, play(new(3), LENA), play(new(3), "throw B1 G1 K2 M3 O5 Y6")):
        for a in state.legal_actions():
            assert text.width(SMALL, state.label(a)) <= room, state.label(a)
    assert text.width(SMALL, "Y2 O5 B6 G6 M6: 25, give 48") <= room  # 6s doubled, then gift


# --- donations ---------------------------------------------------------------------------


def test_fives_and_sixes_donated_count_double_for_the_player_on_the_left():
    state = turn(new(3), "M1 M2 M3 M4 Y5 B6", "colour M1 M2 M3 M4")
    assert state.sheet[1][0][2] == 5 * 2 + 6 * 2
    state = turn(state, "M1 M2 M3 M4 O3 Y4", "colour M1 M2 M3 M4")
    assert state.sheet[2][0][2] == 3 + 4
    state = turn(state, "M1 M2 M3 M4 O3 Y4", "colour M1 M2 M3 M4")
    assert state.sheet[0][0] == (10, 25, 7, 22)  # the last seat donates to the first
    assert state.round == 2 and state.seat == 0


# --- the turn: three throws, keeping any dice -------------------------------------------


def test_kept_dice_stay_aside_and_only_the_others_are_thrown():
    state = play(new(3), LENA, "keep M1 M2 M3 M4")
    throw = state.chance()
    assert state.current_player() == CHANCE and throw.count == 2 and throw.why == "P1: throw 2 dice"
    assert state.view().aside_colours == ("magenta",) * 4 and state.view().aside == (1, 2, 3, 4)
    with pytest.raises(IllegalAction, match="No die thrown has the face magenta 2"):
        play(state, "throw M2 B6")
    state = play(state, "throw M5 O3")
    assert state.view().dice == (3, 5) and state.view().colours == ("orange", "magenta")
    assert options(state)["colour M1 M2 M3 M4 M5"] == "Magenta 12345: 55, give 3"


def test_dice_kept_after_the_first_throw_may_be_thrown_again_at_the_third():
    state = play(new(3), LENA, "keep M1 M2 M3 M4", "throw M5 O3", "keep M5 O3")
    assert state.chance().count == 4 and state.throws == 2
    state = play(state, "throw O1 K1 Y1 M1")
    assert state.throws == 3 and {a.kind for a in state.legal_actions()} == {"score"}
    with pytest.raises(IllegalAction, match="That was throw 3 of 3: score now."):
        play(state, "keep O3")


def test_keeping_nothing_throws_all_six_again_and_keeping_six_is_refused():
    state = play(new(3), LENA)
    assert state.label(action("keep")) == "Throw all 6 again"
    assert play(state, "keep").chance().count == 6
    with pytest.raises(IllegalAction, match="Keep at most 5 dice; to keep all 6, score."):
        play(state, "keep M1 M2 M3 M4 M6 B6")


def test_a_turn_may_end_after_the_first_throw():
    assert turn(new(3), LENA[6:], "colour M1 M2 M3 M4").seat == 1


# --- the greatest of gifts ---------------------------------------------------------------


@pytest.mark.parametrize("steps", [
    (), (LENA,), (LENA, "keep"), (LENA, "keep", "throw M1 M2 M3 M4 M6 B6"),
    (LENA, "keep", "throw M1 M2 M3 M4 M6 B6", "keep M1"),
])
def test_the_gift_may_be_asked_from_the_start_of_the_turn_until_the_third_throw(steps):
    state = play(new(3), *steps)
    assert state.legal_actions()[-1] == Action("gift", by=1)
    asked = state.apply(Action("gift", by=1))
    assert asked.current_player() == state.current_player() and asked.turn() == 0
    assert asked.legal_actions() == state.legal_actions()[:-1]
    assert actor(state, Action("gift", by=1)) == 1
    assert asked.view().message == "P2 asks P1 for the greatest of gifts"


def test_the_gift_window_closes_at_the_third_throw():
    state = play(new(3), LENA, "keep", "throw M1 M2 M3 M4 M6 B6", "keep", LENA)
    assert Action("gift", by=1) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Too late"):
        play(state, "gift P2")


def test_only_the_player_on_the_left_may_ask_and_only_once_a_game():
    with pytest.raises(IllegalAction, match="Only P2, on the active player's left"):
        play(new(3), "gift P3")
    with pytest.raises(IllegalAction, match="P2 may not do that now."):
        play(new(3), LENA).apply(Action("keep", dice=(), colours=(), by=1))
    with pytest.raises(IllegalAction, match="^Gift needs by: a seat from P1 to P3.$"):
        new(3).apply(Action("gift"))
    with pytest.raises(IllegalAction, match="^Gift takes no extra: it takes by.$"):
        new(3).apply(Action("gift", by=1, extra=1))  # it said "Too late"
    with pytest.raises(IllegalAction, match="^Name the player who acts: a seat from 1 to 3.$"):
        new(3).apply(Action("gift", by=3))  # check_by first: there is no P4 to be told about
    state = play(new(3), "gift P2", LENA, "score colour M1 M2 M3 M4")  # P2 is on turn
    state = turn(state, "M1 M2 M3 M4 M6 B6", "colour M1 M2 M3 M4")
    state = turn(state, "M1 M2 M3 M4 M6 B6", "colour M1 M2 M3 M4")
    assert state.seat == 0 and state.legal_actions() == ()
    with pytest.raises(IllegalAction, match="P2 has already asked for the greatest of gifts"):
        play(state, "gift P2")
    assert play(state, LENA, "score colour M1 M2 M3 M4").sheet[1][1][2] == 24  # not doubled


def test_the_gift_also_doubles_the_donors_donated_box():
    state = play(new(2), "gift P2", LENA, "score colour M2 M3 M4 M6")
    assert state.sheet[0][0] == (15, 15, 0, 26) and state.sheet[1][0] == (0, 0, 26, 0)
    assert state.donated() == (26, 0)


# --- the end: charity bonus, shared victory ---------------------------------------------


def at_last_turn(donated: tuple[int, ...], scored: tuple[int, ...]) -> CharidiceState:
    rows = tuple(((s, 0, 0, d),) + ((0, 0, 0, 0),) * (ROUNDS - 1)
                 for s, d in zip(scored, donated))
    return replace(new(len(donated)), sheet=rows, round=ROUNDS, seat=len(donated) - 1)



@pytest.mark.parametrize("donated, charity", [
    ((40, 30, 10), (20, 0, 0)),
    ((60, 59, 0), (20, 0, 0)),  # 60 is not more than 60
    ((61, 59, 0), (30, 0, 0)),
    ((45, 45, 12), (20, 20, 0)),  # tied donors both receive it
    ((70, 10, 70), (30, 0, 30)),
    ((0, 0, 0), (0, 0, 0)),  # nobody donated: no bonus (C12)
])
def test_the_charity_bonus_goes_to_every_biggest_donor_30_above_60(donated, charity):
    over = turn(at_last_turn(donated, (100, 100, 100)), *ALL_SIX)
    assert over.is_over() and over.charity == charity
    assert over.current_player() == TERMINAL and over.turn() is None and over.chance() is None
    assert over.scores()[0] == 100 + charity[0]


def test_the_game_ends_after_7_rounds_and_tied_players_share_the_victory():
    state = new(2)
    for _ in range(ROUNDS * 2 - 1):
        state = turn(state, *ALL_SIX)
        assert not state.is_over() and state.winners() == ()
    state = turn(state, *ALL_SIX)
    assert state.is_over() and state.scores() == (18 * 7, 18 * 7) and state.winners() == (0, 1)
    with pytest.raises(IllegalAction, match="The game is over."):
        state.apply(Action("throw", dice=(1,), colours=("blue",)))


# --- refusals: a sentence, and the state unchanged ----------------------------------------


@pytest.mark.parametrize("steps, bad, message", [
    ((), "throw M1 M2 M3 M4 M5 M5", "Two dice cannot both show magenta 5."),
    ((), "throw M1 M2", "Expected 6 dice, got 2."),
    ((), "keep M1", "Throw 6 dice first."),
    ((LENA,), "score colour M1 M2 M3", "Scoring one colour takes at least 4 dice of it."),
    ((LENA,), "score colour M1 M2 M3 B6", "Dice scored as one colour must all be that colour."),
    ((LENA,), "score different M1 M2",
     "Dice scored as different colours must each be another colour."),
    ((LENA,), "score different", "Score at least one die."),
    ((LENA,), "score rainbow M1",
     'Score: way must be "colour" or "different", not "rainbow".'),
    ((LENA,), "keep Y3", "Yellow 3 is not among the dice."),
    ((LENA,), "keep M1 M1", "Name each die once."),
    ((LENA,), "throw M1 M2 M3 M4 M6 B6", "Keep dice to throw, or score."),
    ((LENA, "keep", LENA, "keep", LENA), "throw M1 M2 M3 M4 M6 B6",
     "That was the last throw: score."),
])
def test_bad_input_is_refused_with_a_sentence_and_the_state_is_unchanged(steps, bad, message):
    state = play(new(3), *steps)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        play(state, bad)
    assert str(refused.value) == message  # the whole sentence, as the player reads it
    assert state.to_json() == before


@pytest.mark.parametrize("bad, said", [
    (Action("keep", dice=(1, 2), colours=("magenta",)),
     "Name each die by its number and its colour."),
    (Action("keep", dice=("1",), colours=("magenta",)),
     'Keep: dice must be a list of 0 to 6 numbers from 1 to 6, not ["1"].'),
    (Action("score", way="colour", dice=(1, 2, 3, 4), colours=(1, 2, 3, 4)),
     "Score: colours must be a list of 0 to 6 of magenta, blue, orange, grey, yellow, black,"
     " not [1, 2, 3, 4]."),
    (Action("keep", dice=1, colours="magenta"),
     "Keep: dice must be a list of 0 to 6 numbers from 1 to 6, not 1."),
    (Action("keep", dice=(True,), colours=("magenta",)),  # it was taken as a 1
     "Keep: dice must be a list of 0 to 6 numbers from 1 to 6, not [true]."),
    (Action("score", way="different", dice=(True,), colours=("magenta",)),  # a TypeError
     "Score: dice must be a list of 0 to 6 numbers from 1 to 6, not [true]."),
    (Action("keep", dice=(), colours=(), then="roll"),
     "Keep takes no then: it takes dice, colours."),
    (Action("score", way="different", dice=(1,), colours=("magenta",), extra=1),
     "Score takes no extra: it takes way, dice, colours."),
])
def test_malformed_dice_are_refused_with_a_sentence(bad, said):
    state = play(new(3), LENA)
    with pytest.raises(IllegalAction) as refused:
        state.apply(bad)
    assert str(refused.value) == said


def test_an_impossible_reading_of_two_faces_on_one_die_is_refused():
    # every colour carries every number once: no two dice show the same face
    assert len({face for die in DICE for face in die}) == 36
    with pytest.raises(IllegalAction, match="Orange 5 and black 6 are on the same die."):
        play(new(3), "throw M5 B5 O5 G5 Y5 K6")


def test_a_throw_a_keep_and_a_gift_are_labelled_as_the_screen_and_the_log_say_them():
    state = play(new(3), LENA)
    assert state.label(Action("throw", dice=(3, 1), colours=("blue", "magenta"))) == (
        "Threw magenta 1 blue 3")
    assert state.label(action("keep M1 B2")) == "Keep M1 B2"
    assert state.label(action("gift P2")) == "P2 asks greatest gift"


# --- what the screen and the log are told, in full ---------------------------------------


def test_the_view_says_the_round_and_the_throw_and_each_throw_or_keep_clears_the_news():
    start = new(3)
    assert start.view() == View(dice=(), colours=(), aside=(), aside_colours=(),
                                lines=("Round 1/7, throw 0/3",), message="")
    asked = play(start, "gift P2")
    assert asked.view() == View(dice=(), colours=(), aside=(), aside_colours=(),
                                lines=("Round 1/7, throw 0/3",),
                                message="P2 asks P1 for the greatest of gifts")
    thrown = play(asked, LENA)  # the throw's label says it: no news left over
    assert thrown.view() == View(
        dice=(1, 2, 3, 4, 6, 6), colours=("magenta",) * 4 + ("blue", "magenta"),
        aside=(), aside_colours=(), lines=("Round 1/7, throw 1/3", "Gift asked by P2"),
        message="")
    asked_late = play(start, LENA, "gift P2")  # asked at the decision, then dice kept
    assert asked_late.view().message == "P2 asks P1 for the greatest of gifts"
    assert asked_late.view().lines == ("Round 1/7, throw 1/3",)  # the request said once
    kept = play(asked_late, "keep M1 M2 M3 M4")
    assert kept.view() == View(dice=(), colours=(), aside=(1, 2, 3, 4),
                               aside_colours=("magenta",) * 4,
                               lines=("Round 1/7, throw 1/3", "Gift asked by P2"), message="")
    assert play(kept, "throw M5 O3").view().message == ""


def test_the_gift_asked_in_a_later_seats_turn_names_the_asker_and_the_active_player():
    state = turn(new(3), *ALL_SIX)  # P2's turn: P3 on the left asks
    asked = play(state, "gift P3")
    assert asked.view().message == "P3 asks P2 for the greatest of gifts"
    assert asked.view().lines == ("Round 1/7, throw 0/3",)  # said once, as the news


def test_each_score_is_said_with_its_bonus_and_the_player_on_the_left_who_receives_it():
    state = play(new(3), LENA, "score colour M2 M3 M4 M6")
    assert state.view().message == "P1 scores 15 + bonus 15, gives P2 13"
    assert state.view().lines == ("Round 1/7, throw 0/3",)
    state = play(state, FLORIAN, "score different B2 O2 Y2 K6 G6")  # no bonus: none said
    assert state.view().message == "P2 scores 18, gives P3 2"
    state = play(state, FLORIAN, "score different B2 O2 G2 Y2")
    assert state.view().message == "P3 scores 8 + bonus 15, gives P1 24"  # round to the first
    assert state.view().lines == ("Round 2/7, throw 0/3",)


@pytest.mark.parametrize("donated, said, verdict", [
    ((40, 30, 10), "; charity bonus 20 to P1", "Charity bonus 20: P1"),
    ((45, 45, 12), "; charity bonus 20 to P1, P2", "Charity bonus 20: P1, P2"),
    ((70, 10, 70), "; charity bonus 30 to P1, P3", "Charity bonus 30: P1, P3"),
    ((10, 0, 61), "; charity bonus 30 to P3", "Charity bonus 30: P3"),
    ((0, 0, 0), "; nobody donated", "Nobody donated"),
])
def test_the_last_score_and_the_game_over_name_who_got_the_charity_bonus(donated, said, verdict):
    over = turn(at_last_turn(donated, (100, 100, 100)), *ALL_SIX)
    assert over.view() == View(dice=(), colours=(), aside=(), aside_colours=(),
                               lines=(verdict,), message="P3 scores 18, gives P1 0" + said)
