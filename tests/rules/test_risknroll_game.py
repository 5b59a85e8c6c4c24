"""A Risk 'n' Roll 2000 game: turns, hold or roll, belly up, rolling out, the end."""

from __future__ import annotations

import json

import pytest
from rnr_script import action, at, belly_up, new, play

from companion import rules
from companion.rules import CHANCE, TERMINAL, Action, IllegalAction, Throw
from companion.rules.risknroll import GAME


def no_cards(players: int = 3, **options):
    return new(players, action_cards=False, **options)


# --- setting up ----------------------------------------------------------------------


def test_the_game_is_registered_with_its_options():
    assert rules.get("risknroll") is GAME
    assert {o.name: o.default for o in GAME.options} == {
        "double_millennium": False,
        "action_cards": True,
    }


@pytest.mark.parametrize("players", [2, 5, 8])
def test_two_to_eight_players_start_at_zero_with_a_draw(players):
    state = new(players)
    assert state.totals == (0,) * players and state.seat == 0 and state.target == 2000
    assert state.phase == "draw" and state.current_player() == CHANCE


@pytest.mark.parametrize("players", [0, 1, 9])
def test_other_numbers_of_players_are_refused(players):
    with pytest.raises(IllegalAction, match="2 to 8 players"):
        new(players)


# --- a turn -----------------------------------------------------------------------------


def test_a_turn_draw_play_throw_set_aside_and_hold():
    state = play(new(2), "draw Deuces", "play")
    assert state.chance() == Throw(6, why="P1: throw 6 dice")
    state = play(state, "throw 1 5 5 3 4 6")
    assert state.current_player() == 0 and state.phase == "choose"
    assert Action("keep", dice=(1, 5, 5), then="bank") in state.legal_actions()
    state = play(state, "keep 1 5 5 bank")
    assert state.totals == (110, 0) and state.seat == 1 and state.phase == "draw"
    assert state.message == "P1 banks 110"


def test_roll_em_throws_only_the_dice_not_set_aside():
    state = play(no_cards(), "throw 1 5 5 3 4 6", "keep 1 5 roll")
    assert state.chance().count == 4 and state.turn_points == 60 and state.aside == (1, 5)
    with pytest.raises(IllegalAction, match="Expected 4 dice, got 6."):
        play(state, "throw 1 1 1 1 1 1")
    state = play(state, "throw 1 1 1 6", "keep 1 1 1 bank")
    assert state.totals == (360, 0, 0)


def test_every_scoring_set_may_be_held_or_rolled_on():
    state = play(no_cards(), "throw 1 1 5 2 3 4")
    kept = {(a["dice"], a["then"]) for a in state.legal_actions()}
    sets = [(1,), (1, 1), (5,), (1, 5), (1, 1, 5)]
    assert kept == {(d, then) for d in sets for then in ("bank", "roll")}


def test_a_belly_up_loses_the_turn_points_and_passes_the_dice():
    state = play(no_cards(), "throw 1 5 5 3 4 6", "keep 1 5 5 roll", belly_up(3))
    assert state.totals == (0, 0, 0) and state.seat == 1
    assert state.message == "Belly up! P1 loses 110"


def test_a_belly_up_on_the_first_throw_scores_nothing():
    state = play(no_cards(), belly_up())
    assert state.totals == (0, 0, 0) and state.seat == 1
    assert state.message == "Belly up! No points"


def test_the_order_of_dice_in_a_set_aside_does_not_matter():
    state = play(no_cards(), "throw 1 5 5 3 4 6")
    assert state.apply(action("keep 5 1 5 bank")) == state.apply(action("keep 1 5 5 bank"))


# --- rolling out ----------------------------------------------------------------------------


def test_rolling_out_over_several_throws_forces_a_throw_of_all_six():
    state = play(no_cards(), "throw 1 2 3 4 6 6", "keep 1 roll", "throw 5 5 5 2 3")
    state = play(state, "keep 5 5 5 roll", "throw 1 5")
    assert {(a["dice"], a["then"]) for a in state.legal_actions() if len(a["dice"]) == 2} == {
        ((1, 5), "roll")
    }
    state = play(state, "keep 1 5 roll")
    assert state.phase == "throw" and state.chance().count == 6 and state.aside == ()
    assert state.turn_points == 370 and state.rolled_out == 1
    assert state.chance().why == "P1 rolled out: throw all 6 again"
    after = play(state, "throw 5 2 2 3 4 6", "keep 5 bank")
    assert after.totals == (420, 0, 0)


def test_a_roll_out_may_not_be_banked():
    state = play(no_cards(), "throw 1 2 3 4 5 6")
    assert Action("keep", dice=(1, 2, 3, 4, 5, 6), then="bank") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="You rolled out: you must throw all 6 dice again."):
        play(state, "keep 1 2 3 4 5 6 bank")


def test_a_belly_up_on_the_throw_after_rolling_out_loses_everything():
    state = play(no_cards(), "throw 1 1 1 1 1 1", "keep 1 1 1 1 1 1 roll", belly_up())
    assert state.totals == (0, 0, 0)


def test_a_player_may_keep_fewer_dice_to_avoid_rolling_out():
    state = play(no_cards(), "throw 1 2 3 4 6 6", "keep 1 roll", "throw 5 5 5 2 3")
    state = play(state, "keep 5 5 5 roll", "throw 1 5", "keep 5 bank")
    assert state.totals == (360, 0, 0)


def test_the_six_dice_combinations_roll_out():
    for throw in ("2 2 3 3 4 4", "2 2 2 3 3 3", "1 2 3 4 5 6", "4 4 4 4 4 4"):
        dice = " ".join(sorted(throw.split()))
        state = play(no_cards(), f"throw {throw}", f"keep {dice} roll")
        assert state.dice_left == 6 and state.rolled_out == 1, throw


# --- the end of the game ------------------------------------------------------------------


def bank_10(state):
    return play(state, "throw 1 2 2 3 4 6", "keep 1 bank")


def test_reaching_2000_gives_everyone_after_the_first_player_one_more_turn():
    state = bank_10(at(no_cards(3), totals=(1990, 0, 0)))
    assert state.final_round and state.seat == 1 and not state.is_over()
    state = play(state, belly_up())
    assert state.seat == 2 and not state.is_over()
    state = play(state, belly_up())
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.winners() == (0,) and state.scores() == (2000, 0, 0)


def test_when_the_second_player_reaches_2000_only_the_last_player_follows():
    state = bank_10(at(no_cards(3), seat=1, totals=(0, 1990, 0)))
    assert state.seat == 2 and state.final_round
    state = play(state, belly_up())
    assert state.is_over() and state.winners() == (1,)


def test_when_the_last_player_reaches_2000_the_game_ends_at_once():
    state = bank_10(at(no_cards(3), seat=2, totals=(1500, 1500, 1990)))
    assert state.is_over() and state.winners() == (2,)


def test_below_the_target_the_rotation_comes_back_to_the_first_player():
    state = bank_10(at(no_cards(3), seat=2, totals=(1500, 1500, 1980)))
    assert not state.is_over() and state.seat == 0 and not state.final_round


def test_the_last_round_can_be_won_by_overtaking():
    state = bank_10(at(no_cards(3), totals=(1990, 0, 1800)))
    state = play(state, belly_up(), "throw 1 1 1 2 3 4", "keep 1 1 1 bank")
    assert state.is_over() and state.scores() == (2000, 0, 2100) and state.winners() == (2,)


def test_a_tie_on_the_highest_score_is_shared():
    state = bank_10(at(no_cards(3), totals=(1990, 0, 1990)))
    state = bank_10(play(state, belly_up()))
    assert state.is_over() and state.winners() == (0, 2)


def test_the_last_round_stays_on_after_a_deduction_takes_the_leader_under():
    state = play(at(new(3), totals=(1990, 0, 0)), "draw Deuces", "decline")
    state = bank_10(state)
    state = play(state, "draw The Plague", "play", "throw 1 2 3 4 5 6", "keep 1 2 3 4 5 6 roll")
    state = play(state, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (1800, 510, 0) and state.final_round
    state = play(state, "draw Deuces", "decline", belly_up())
    assert state.is_over() and state.winners() == (0,)


def test_double_millennium_plays_to_4000():
    state = new(2, action_cards=False, double_millennium=True)
    assert state.target == 4000
    state = bank_10(at(state, totals=(1990, 0)))
    state = play(state, belly_up())
    assert not state.final_round and state.seat == 0
    state = bank_10(at(state, totals=(3990, 0)))
    state = play(state, belly_up())
    assert state.is_over() and state.winners() == (0,)


def test_nothing_is_allowed_once_the_game_is_over():
    state = bank_10(at(no_cards(2), seat=1, totals=(0, 1990)))
    assert state.is_over() and state.chance() is None and state.legal_actions() == ()
    with pytest.raises(IllegalAction, match="The game is over."):
        play(state, "throw 1 2 3 4 5 6")


def test_winners_are_named_only_at_the_end():
    assert new(2).winners() == ()


# --- what players are told -------------------------------------------------------------------


@pytest.mark.parametrize(
    "steps, bad, message",
    [
        ((), "keep 1 bank", "Draw a card from the Action Card deck first."),
        (("draw Deuces",), "throw 1 2 3 4 5 6", "Play or decline Deuces first."),
        (("draw Deuces", "play"), "keep 1 bank", "Throw 6 dice first."),
        (("draw Deuces", "play"), "throw 1 2 3 4 5 7",
         "Throw: dice must be a list of 1 to 6 numbers from 1 to 6, not [1, 2, 3, 4, 5, 7]."),
        (
            ("draw Deuces", "decline", "throw 1 3 3 4 6 6"),
            "keep 5 bank",
            "5 is not in the throw 1 3 3 4 6 6.",
        ),
        (
            ("draw Deuces", "decline", "throw 1 3 3 4 6 6"),
            "keep 1 7 bank",  # no die shows 7: not "1 7 is not in the throw"
            "Keep: dice must be a list of 1 to 6 numbers from 1 to 6, not [1, 7].",
        ),
        (
            ("draw Deuces", "decline", "throw 1 3 3 4 6 6"),
            "keep 0 bank",
            "Keep: dice must be a list of 1 to 6 numbers from 1 to 6, not [0].",
        ),
        (
            ("draw Deuces", "decline", "throw 1 3 3 4 6 6"),
            "keep 1 3 bank",
            "1 3 does not score: every die set aside must score.",
        ),
        (
            ("draw Deuces", "decline", "throw 1 3 3 4 6 6"),
            "keep 1 hold",
            'Keep: then must be "roll" or "bank", not "hold".',
        ),
        (
            ("draw Deuces", "decline", "throw 1 2 3 4 5 6"),
            "keep 1 2 3 4 5 6 bank",  # a roll-out may only be rolled
            "You rolled out: you must throw all 6 dice again.",
        ),
        (
            ("draw Deuces", "decline", "throw 1 3 3 4 6 6"),
            "draw Deuces",
            "Set scoring dice aside first.",
        ),
    ],
)
def test_an_illegal_action_says_why_and_changes_nothing(steps, bad, message):
    state = play(new(2), *steps)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        play(state, bad)
    assert str(refused.value) == message
    assert state.to_json() == before


def test_an_empty_set_aside_is_refused():
    state = play(no_cards(), "throw 1 3 3 4 6 6")
    with pytest.raises(IllegalAction, match=r"^Keep: dice must be a list of 1 to 6 numbers"
                                            r" from 1 to 6, not \[\].$"):
        state.apply(Action("keep", dice=(), then="bank"))


def test_a_number_for_true_or_true_for_a_number_is_refused():
    """1 == True in Python: `play=1` was taken as true and a die `true` as a 1."""
    with pytest.raises(IllegalAction, match="^Card: play must be true or false, not 1.$"):
        play(new(2), "draw Deuces").apply(Action("card", play=1))
    with pytest.raises(IllegalAction, match=r"^Keep: dice .* not \[true\].$"):
        play(no_cards(), "throw 1 3 3 4 6 6").apply(Action("keep", dice=(True,), then="bank"))
    state = play(no_cards(), "throw 1 3 3 4 6 6").apply(Action("keep", dice=(1,), then="bank"))
    assert state.totals == (10, 0, 0)


def test_labels_are_short_and_say_what_happens():
    state = play(new(2), "draw Double Time")
    assert state.label(Action("card", play=True)) == "Play Double Time"
    assert state.label(Action("card", play=False)) == "Decline card"
    state = play(state, "play", "throw 1 2 3 4 5 6")
    assert state.label(action("keep 1 5 bank")) == "1 5 +60 bank"
    assert state.label(action("keep 1 roll")) == "1 +10 roll 5"
    assert state.label(action("keep 1 2 3 4 5 6 roll")) == "1 2 3 4 5 6 +500 roll out"
    assert state.label(action("throw 6 1 2")) == "Threw 1 2 6"
    assert state.label(action("draw Deuces")) == "Drew Deuces"


def test_the_view_shows_the_throw_the_dice_aside_and_the_card():
    state = play(new(2), "draw Double Time", "play", "throw 1 5 2 3 4 6", "keep 1 roll")
    state = play(state, "throw 5 5 2 3 4")
    view = state.view()
    assert view.dice == (2, 3, 4, 5, 5) and view.aside == (1,)
    assert view.lines == ("This turn 10", "Double Time")


def test_a_state_survives_json():
    state = play(new(3), "draw Plus/Minus", "play", "throw 1 5 2 3 4 6", "keep 1 roll")
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.apply(action("throw 1 1 1 1 1")) == state.apply(
        action("throw 1 1 1 1 1")
    )
