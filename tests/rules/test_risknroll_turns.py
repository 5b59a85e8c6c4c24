"""Turns after the first: a belly up or No Harm keeps what was banked before, the next
turn starts with everything reset, and the options chosen hold through a replay.

Every test of a single turn starts the player at 0, where `total = points` and
`total += points` agree; these start from banked totals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rnr_script import action, at, belly_up, new, play

from companion.rules import CHANCE, TERMINAL, Action, Draw, IllegalAction, Throw, View
from companion.rules.risknroll import GAME

ROLL_OUT = ("throw 1 2 3 4 5 6", "keep 1 2 3 4 5 6 roll")  # 500, then all six again


def test_a_belly_up_keeps_the_total_banked_in_earlier_turns():
    state = play(new(2, action_cards=False), "throw 1 5 5 3 4 6", "keep 1 5 5 bank",
                 "throw 5 2 3 4 6 6", "keep 5 bank")
    assert state.totals == (110, 50)
    state = play(state, "throw 1 2 3 4 6 6", "keep 1 roll", belly_up(5))
    assert state.totals == (110, 50) and state.message == "Belly up! P1 loses 10"
    state = play(state, belly_up())
    assert state.totals == (110, 50) and state.message == "Belly up! No points"


def test_no_harm_adds_the_turn_to_the_total_banked_before():
    state = play(new(2), "draw Bonus Time 300", "decline", "throw 5 2 3 4 6 6", "keep 5 bank",
                 "draw Deuces", "decline", belly_up())
    assert state.totals == (50, 0)
    state = play(state, "draw No Harm/No Foul", "play", "throw 1 2 3 4 6 6", "keep 1 roll",
                 belly_up(5))
    assert state.totals == (60, 0)
    assert state.message == "No Harm: P1 keeps 10"


@pytest.mark.parametrize("cards", [True, False])
def test_the_next_turn_starts_afresh_after_a_roll_out_and_a_card(cards):
    """Dice back to six, nothing aside, no roll-out counted, no card in play or earned."""
    start = new(2, action_cards=cards)
    steps = ["draw Bonus Time 300", "play"] if cards else []
    steps += ["throw 1 1 1 5 5 1", "keep 1 1 1 1 5 5 roll", "throw 1 2 3 4 6 6", "keep 1 bank"]
    state = play(start, *steps)
    assert state.seat == 1 and state.totals == ((810 if cards else 510), 0)
    assert state == replace(start, seat=1, totals=state.totals, deck=state.deck,
                            message=state.message)
    thrown = play(state, *(["draw Deuces", "decline"] if cards else []))
    assert thrown.chance() == Throw(6, why="P2: throw 6 dice")


def test_the_next_turn_after_a_keep_and_roll_throws_six_dice_again():
    state = play(new(2, action_cards=False), "throw 1 5 2 3 4 6", "keep 1 5 roll", belly_up(4))
    assert state.seat == 1 and state.dice_left == 6 and state.aside == () and state.roll == ()
    assert state.turn_points == 0 and state.chance() == Throw(6, why="P2: throw 6 dice")


def test_the_table_throws_in_the_throw_phase_not_the_player():
    state = new(2, action_cards=False)
    assert state.phase == "throw" and state.current_player() == CHANCE
    assert play(new(2), "draw Deuces").current_player() == 0


def test_a_keep_under_deuces_is_labelled_with_the_points_the_deuces_score():
    state = play(new(2), "draw Deuces", "play", "throw 1 2 2 3 4 6")
    assert state.label(action("keep 2 2 roll")) == "2 2 +40 roll 4"
    assert state.label(action("keep 1 2 2 bank")) == "1 2 2 +50 bank"


def test_a_double_millennium_game_replays_to_4000_not_2000():
    options = {"double_millennium": True, "action_cards": False}
    state, steps = new(2, **options), []
    while not state.is_over():  # six 1s: 2000 and a roll out, then bank 10 more
        for step in ("throw 1 1 1 1 1 1", "keep 1 1 1 1 1 1 roll", "throw 1 2 3 4 6 6",
                     "keep 1 bank"):
            steps.append(action(step))
            state = state.apply(steps[-1])
    assert state.totals == (4020, 4020) and state.current_player() == TERMINAL
    assert GAME.replay(2, options, steps) == state
    with pytest.raises(IllegalAction, match="The game is over."):  # it ends at 2000
        GAME.replay(2, {"action_cards": False}, steps)


# --- what the screens are told -----------------------------------------------------------


def _plus_minus_to_target():
    return play(new(3), "draw Plus/Minus", "play", "throw 1 1 1 5 5 1",
                "keep 1 1 1 1 5 5 roll", "throw 5 2 3 4 6 6", "keep 5 bank")


def test_a_target_is_labelled_with_the_points_and_the_player_who_loses_them():
    state = _plus_minus_to_target()
    assert state.phase == "target"
    assert [state.label(a) for a in state.legal_actions()] == ["-200 to P2", "-200 to P3"]


def test_a_wrong_target_is_refused_saying_what_to_do():
    state = _plus_minus_to_target()
    for player, message in ((0, "You cannot take 200 points from yourself: choose an "
                                "opponent."),
                            (5, "Target: player must be a seat from P1 to P3, not 5."),
                            (True, "Target: player must be a seat from P1 to P3, not true.")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(Action("target", player=player))
        assert str(refused.value) == message
    with pytest.raises(IllegalAction, match="^Choose which opponent loses 200 points.$"):
        state.apply(Action("keep", dice=(5,), then="bank"))


def test_while_the_target_is_chosen_the_screen_shows_the_dice_aside_not_the_last_throw():
    """The bank has taken the throw's 5; its other dice are not on the screen again."""
    assert _plus_minus_to_target().view() == View(
        dice=(), aside=(5,), lines=("This turn 550", "Plus/Minus"),
        message="P1 banks 750 (+200 bonus)")


def test_a_keep_of_deuces_with_a_wrong_then_is_told_to_bank_or_roll():
    state = play(new(2), "draw Deuces", "play", "throw 1 2 2 3 4 6")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("keep", dice=(2, 2), then="hold"))
    assert str(refused.value) == 'Keep: then must be "roll" or "bank", not "hold".'


def test_the_view_says_the_last_turn_the_short_card_name_and_the_message():
    state = play(new(2), "draw No Harm/No Foul")
    assert state.view().lines == ("This turn 0",)  # the card said once, by the news:
    assert state.view().message == "P1 drew No Harm/No Foul"
    assert play(state, "play").view().lines == ("This turn 0", "No Harm")  # then a fact
    last = replace(new(2, action_cards=False), final_round=True, seat=1)
    assert last.view().lines == ("Final turn 0",)
    over = play(last, "throw 1 5 2 3 4 6", "keep 1 5 bank")
    assert over.is_over() and over.view().lines == ("This turn 0",)
    assert over.view().message == "P2 banks 60"


def test_the_draw_is_titled_with_the_player_whose_turn_it_is():
    draw = at(new(3), seat=1).chance()
    assert isinstance(draw, Draw) and draw.deck == "Action Card"
    assert draw.why == "P2: draw an Action Card"


@pytest.mark.parametrize(
    "steps, count, why",
    [
        ((), 6, "P2: throw 6 dice"),
        (("throw 1 5 2 3 4 6", "keep 1 5 roll"), 4, "P2: throw 4 dice"),  # points, no roll-out
        (("throw 1 1 5 5 2 3", "keep 1 1 5 5 roll", "throw 1 3", "keep 1 roll"), 1,
         "P2: throw 1 die"),
        (ROLL_OUT, 6, "P2 rolled out: throw all 6 again"),
        ((*ROLL_OUT, "throw 5 2 2 3 4 6", "keep 5 roll"), 5, "P2: throw 5 dice"),  # after it
    ],
)
def test_each_throw_is_titled_with_the_player_and_the_dice_to_throw(steps, count, why):
    state = play(at(new(3, action_cards=False), seat=1), *steps)
    assert state.chance() == Throw(count, why=why)


def test_the_screen_message_follows_the_turn_and_clears_once_the_dice_score():
    """What the table says after each step of a Double Time turn with a roll-out."""
    state = play(new(2), "draw Double Time", "play")
    assert state.view().message == "P1 plays Double Time"
    steps = [
        ("throw 1 1 1 5 2 3", ""),
        ("keep 1 1 1 5 roll", ""),
        ("throw 5 5", ""),
        ("keep 5 5 roll", "All 6 dice scored: 450 so far"),
        ("throw 1 2 2 3 4 6", ""),
        ("keep 1 bank", "P1 banks 920 (doubled)"),
    ]
    for step, message in steps:
        state = play(state, step)
        assert state.view().message == message, step
    assert state.totals == (920, 0) and state.seat == 1


def test_between_throws_the_stored_state_holds_no_throw_only_the_dice_aside():
    """The dice thrown are picked up again: what is stored is only what is set aside."""
    state = play(new(2, action_cards=False), "throw 1 5 2 3 4 6", "keep 1 5 roll")
    stored = state.to_json()
    assert (stored["roll"], stored["aside"], stored["dice_left"]) == ((), (1, 5), 4)
    state = play(state, "throw 1 1 1 5", "keep 1 1 1 5 roll")  # a roll-out
    stored = state.to_json()
    assert (stored["roll"], stored["aside"], stored["dice_left"]) == ((), (), 6)
    assert stored["turn_points"] == 410 and stored["rolled_out"] == 1
