"""The 24 Action Cards: the deck, the draw, playing or declining, each card's effect."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rnr_script import at, belly_up, new, play

from companion.rules import Action, Draw, IllegalAction, risknroll
from companion.rules.risknroll import ACTION_CARDS, CARDS_BY_NAME, ROLL_OUT_CARDS

ROLL_OUT = ("throw 1 2 3 4 5 6", "keep 1 2 3 4 5 6 roll")  # 500, then all six again
BONUS_CARDS = ["Bonus Time 300", "Bonus Time 250", "Bonus Time 200", "Bonus Time 150"]


def test_the_deck_is_the_printed_deck():
    copies = {c.name: c.copies for c in ACTION_CARDS}
    assert copies == {
        "Plus/Minus": 3,
        "No Harm/No Foul": 4,
        "Bonus Time 300": 2,
        "Bonus Time 250": 1,
        "Bonus Time 200": 2,
        "Bonus Time 150": 1,
        "Double Time": 4,
        "The Plague": 3,
        "Deuces": 4,
    }
    assert sum(copies.values()) == 24
    bonuses = Counter(
        c.amount for c in ACTION_CARDS for _ in range(c.copies) if c.effect == "bonus"
    )
    assert bonuses == {300: 2, 250: 1, 200: 2, 150: 1}
    assert CARDS_BY_NAME["Plus/Minus"].amount == CARDS_BY_NAME["The Plague"].amount == 200
    assert set(ROLL_OUT_CARDS) == {"plus_minus", "bonus", "plague"}


# --- the draw ----------------------------------------------------------------------------


def test_each_turn_begins_with_a_draw_from_the_cards_left():
    state = new(2)
    chance = state.chance()
    assert isinstance(chance, Draw) and dict(chance.cards)["Deuces"] == 4
    state = play(state, "draw Deuces")
    assert state.phase == "card" and state.card == "Deuces"
    assert dict(play(state, "decline", belly_up()).chance().cards)["Deuces"] == 3


def test_a_card_whose_copies_are_all_drawn_is_refused():
    state = new(2)
    for _ in range(3):
        state = play(state, "draw The Plague", "decline", belly_up())
    assert dict(state.chance().cards)["The Plague"] == 0
    with pytest.raises(IllegalAction, match="Every The Plague card has already been drawn"):
        play(state, "draw The Plague")
    with pytest.raises(IllegalAction, match="no card 'Joker'"):
        play(state, "draw Joker")


def test_the_deck_refills_only_when_empty_at_a_draw():
    state = new(2)
    deck = [c.name for c in ACTION_CARDS for _ in range(c.copies)]
    random.Random(4).shuffle(deck)
    for name in deck:
        state = play(state, f"draw {name}", "decline", belly_up())
    assert not any(state.deck)
    assert dict(state.chance().cards) == {c.name: c.copies for c in ACTION_CARDS}
    state = play(state, "draw Deuces")
    left = dict(zip(CARDS_BY_NAME, state.deck))
    assert left["Deuces"] == 3 and sum(left.values()) == 23


def test_sampling_draws_only_cards_left():
    state = at(new(2), deck=tuple(1 if c.name == "Double Time" else 0 for c in ACTION_CARDS))
    rng = random.Random(1)
    assert {state.chance().sample(rng)["card"] for _ in range(20)} == {"Double Time"}


def test_without_cards_no_card_is_drawn():
    state = new(2, action_cards=False)
    assert state.phase == "throw" and state.chance().count == 6
    state = play(state, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.phase == "throw" and state.card is None and state.totals == (10, 0)


# --- playing or declining ---------------------------------------------------------------


def test_the_player_may_decline_any_card():
    state = play(new(2), "draw Double Time")
    assert set(state.legal_actions()) == {Action("card", play=p) for p in (True, False)}
    state = play(state, "decline", "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (10, 0)


def test_a_card_is_shown_declined_only_once_declined():
    state = play(new(2), "draw Deuces")
    assert state.view().lines == ("This turn 0",)  # the message "P1 drew Deuces" says it
    assert play(state, "play").view().lines == ("This turn 0", "Deuces")
    assert play(state, "decline").view().lines == ("This turn 0", "Declined Deuces")


@pytest.mark.parametrize(
    "seat, card, choice, message",
    [(0, "The Plague", "play", "P1 plays The Plague"),
     (1, "Bonus Time 250", "decline", "P2 declines Bonus Time 250")],
)
def test_the_screen_says_who_played_or_declined_which_card(seat, card, choice, message):
    state = play(at(new(3), seat=seat), f"draw {card}", choice)
    assert state.view().message == message
    assert state.phase == "throw" and state.chance().why == f"P{seat + 1}: throw 6 dice"


def test_a_declined_card_is_discarded_at_the_end_of_the_turn():
    state = play(new(2), "draw Deuces", "decline", "throw 1 2 2 3 4 6")
    assert state.card == "Deuces" and not state.card_in_play
    assert "Declined Deuces" in state.view().lines
    state = play(state, "keep 1 bank")
    assert state.card is None and state.phase == "draw"


# --- each card ---------------------------------------------------------------------------


def test_plus_minus_rolled_out_adds_200_and_takes_200_from_one_opponent():
    state = at(new(3), totals=(0, 300, 300))
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.phase == "target" and state.totals == (710, 300, 300)
    assert {a["player"] for a in state.legal_actions()} == {1, 2}
    with pytest.raises(IllegalAction, match="You cannot take 200 points from yourself"):
        play(state, "target P1")
    state = play(state, "target P3")
    assert state.totals == (710, 300, 100) and state.seat == 1 and state.phase == "draw"


def test_plus_minus_without_rolling_out_does_nothing():
    state = play(new(2), "draw Plus/Minus", "play", "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (10, 0) and state.phase == "draw"


def test_plus_minus_is_void_after_a_belly_up():
    state = at(new(2), totals=(0, 300))
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, belly_up())
    assert state.totals == (0, 300) and state.seat == 1


def test_a_reward_is_paid_once_even_after_two_roll_outs():
    state = at(new(2), totals=(0, 300))
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, *ROLL_OUT, "throw 5 2 2 3 4 6")
    state = play(state, "keep 5 bank", "target P2")
    assert state.totals == (500 + 500 + 50 + 200, 100)


def test_no_harm_no_foul_keeps_the_turn_points_on_a_belly_up():
    state = play(new(2), "draw No Harm/No Foul", "play", "throw 1 5 2 3 4 6", "keep 1 5 roll")
    state = play(state, belly_up(4))
    assert state.totals == (60, 0) and state.seat == 1
    assert state.message == "No Harm: P1 keeps 60"


def test_no_harm_no_foul_on_a_first_throw_that_scores_nothing_keeps_nothing():
    state = play(new(2), "draw No Harm/No Foul", "play", "throw 2 2 3 3 4 6")
    assert state.totals == (0, 0) and state.seat == 1
    assert state.message == "No points: P1 had none to keep"  # not "keeps 0"


def test_no_harm_no_foul_keeps_the_points_after_rolling_out():
    state = play(new(2), "draw No Harm/No Foul", "play", *ROLL_OUT, belly_up())
    assert state.totals == (500, 0)


def test_no_harm_no_foul_declined_is_an_ordinary_belly_up():
    state = play(new(2), "draw No Harm/No Foul", "decline", "throw 1 5 2 3 4 6", "keep 1 5 roll")
    assert play(state, belly_up(4)).totals == (0, 0)


@pytest.mark.parametrize("name", BONUS_CARDS)
def test_bonus_time_adds_its_bonus_after_rolling_out(name):
    state = play(new(2), f"draw {name}", "play", *ROLL_OUT, "throw 5 2 2 3 4 6", "keep 5 bank")
    assert state.totals == (550 + CARDS_BY_NAME[name].amount, 0)


@pytest.mark.parametrize("name", BONUS_CARDS)
def test_bonus_time_is_void_after_a_belly_up(name):
    state = play(new(2), f"draw {name}", "play", *ROLL_OUT, belly_up())
    assert state.totals == (0, 0)


def test_bonus_time_without_rolling_out_adds_nothing():
    state = play(new(2), "draw Bonus Time 300", "play", "throw 5 2 2 3 4 6", "keep 5 bank")
    assert state.totals == (50, 0)


def test_double_time_doubles_the_banked_turn():
    state = play(new(2), "draw Double Time", "play", "throw 1 1 1 5 2 3", "keep 1 1 1 5 roll")
    state = play(state, "throw 5 2", "keep 5 bank")
    assert state.totals == (2 * (350 + 50), 0)
    assert "doubled" in state.message


def test_double_time_after_a_roll_out_doubles_everything_banked():
    state = play(new(2), "draw Double Time", "play", *ROLL_OUT, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (1020, 0)


def test_double_time_belly_up_loses_the_turn():
    state = play(new(2), "draw Double Time", "play", "throw 1 2 2 3 4 6", "keep 1 roll")
    assert play(state, belly_up(5)).totals == (0, 0)


def test_double_time_declined_is_not_doubled():
    state = play(new(2), "draw Double Time", "decline", "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (10, 0)


def test_the_plague_takes_200_from_every_other_player_after_rolling_out():
    state = at(new(4), totals=(0, 1000, 150, 250))
    state = play(state, "draw The Plague", "play", *ROLL_OUT, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (510, 800, 0, 50) and state.seat == 1
    assert state.message.endswith("; others -200 (to 0: P3)")  # R16: what was lost


@pytest.mark.parametrize(
    "floor, totals, after, message",
    [
        (0, (0, 1000, 1000), (510, 800, 800), "P1 banks 510; others -200"),
        (0, (0, 100, 150, 1000), (510, 0, 0, 800), "P1 banks 510; others -200 (to 0: P2, P3)"),
        (None, (0, 100, 0), (510, -100, -200), "P1 banks 510; others -200"),  # house rule
    ],
)
def test_the_plague_message_names_the_bank_and_only_those_the_floor_kept_from_losing_200(
        monkeypatch, floor, totals, after, message):
    """R16: the pad shows what was lost; with no floor (house rule) everyone loses 200."""
    monkeypatch.setattr(risknroll, "SCORE_FLOOR", floor)
    state = play(at(new(len(totals)), totals=totals), "draw The Plague", "play", *ROLL_OUT,
                 "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == after and state.view().message == message
    assert state.seat == 1 and state.phase == "draw"


def test_the_plague_is_void_after_a_belly_up():
    state = at(new(3), totals=(0, 1000, 1000))
    state = play(state, "draw The Plague", "play", *ROLL_OUT, belly_up())
    assert state.totals == (0, 1000, 1000)


def test_the_plague_without_rolling_out_harms_nobody():
    state = at(new(3), totals=(0, 1000, 1000))
    state = play(state, "draw The Plague", "play", "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (10, 1000, 1000)


def test_deuces_makes_2s_score_20():
    state = play(new(2), "draw Deuces", "play", "throw 2 3 3 4 6 6")
    assert state.phase == "choose"  # not a belly up: the 2 scores
    assert {a["dice"] for a in state.legal_actions()} == {(2,)}
    state = play(state, "keep 2 roll", "throw 2 2 2 3 4")
    state = play(state, "keep 2 2 2 bank")
    assert state.totals == (320, 0)


def test_deuces_declined_2s_do_not_score():
    state = play(new(2), "draw Deuces", "decline", "throw 2 3 3 4 6 6")
    assert state.totals == (0, 0) and state.seat == 1


def test_deuces_2s_count_towards_rolling_out():
    state = play(new(2), "draw Deuces", "play", "throw 1 2 5 2 3 4", "keep 1 2 2 5 roll")
    state = play(state, "throw 2 5", "keep 2 5 roll")
    assert state.phase == "throw" and state.dice_left == 6 and state.turn_points == 170


def test_scores_may_go_negative_when_the_floor_is_removed(monkeypatch):
    monkeypatch.setattr(risknroll, "SCORE_FLOOR", None)
    state = at(new(3), totals=(0, 100, 0))
    state = play(state, "draw The Plague", "play", *ROLL_OUT, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (510, -100, -200)


# -- rules the review found untested (each checked against the rulebook and rulings) ------

def test_a_bonus_that_reaches_the_target_starts_the_final_round():
    """R23: "A bank that brings anyone to 2000 or more (a Bonus Time or Plus/Minus bonus
    included) starts it"; 1200 + 510 alone would not."""
    state = at(new(3), totals=(1200, 0, 0))
    state = play(state, "draw Bonus Time 300", "play", *ROLL_OUT, "throw 1 2 2 3 4 6",
                 "keep 1 bank")
    assert state.totals == (2010, 0, 0) and state.final_round and state.seat == 1


def test_plus_minus_cannot_take_a_score_below_zero():
    """R16: a deduction cannot take a score below zero (tested before for The Plague)."""
    state = at(new(2), totals=(0, 120))
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, "throw 1 2 2 3 4 6",
                 "keep 1 bank", "target P2")
    assert state.totals == (710, 0)
    assert state.message.endswith("; P2 -120 to 0")  # not "-200", which nobody lost
    state = at(new(2), totals=(0, 0))
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, "throw 1 2 2 3 4 6",
                 "keep 1 bank", "target P2")
    assert state.totals == (710, 0) and state.message.endswith("; P2 stays at 0")


@pytest.mark.parametrize("floor, before, after", [(0, 1000, 800), (None, 100, -100)])
def test_a_plus_minus_that_takes_the_whole_200_says_so_and_names_the_opponent(
        monkeypatch, floor, before, after):
    """The whole 200 was lost: the pad says "P3 -200", not "-200 to 800"; nor, with the
    floor removed (house rule), "-200 to -100"."""
    monkeypatch.setattr(risknroll, "SCORE_FLOOR", floor)
    state = at(new(3), totals=(0, 0, before))
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, "throw 1 2 2 3 4 6",
                 "keep 1 bank", "target P3")
    assert state.totals == (710, 0, after)
    assert state.view().message == "P1 banks 710 (+200 bonus); P3 -200"
    assert state.seat == 1 and state.phase == "draw"


def test_the_plague_is_paid_once_even_after_two_roll_outs():
    state = at(new(3), totals=(0, 1000, 1000))
    state = play(state, "draw The Plague", "play", *ROLL_OUT, *ROLL_OUT, "throw 1 2 2 3 4 6",
                 "keep 1 bank")
    assert state.totals == (1010, 800, 800)


@pytest.mark.parametrize("card", ["Plus/Minus", "The Plague", "Bonus Time 300"])
def test_a_declined_card_pays_nothing_after_rolling_out(card):
    state = at(new(2), totals=(0, 1000))
    state = play(state, f"draw {card}", "decline", *ROLL_OUT, "throw 1 2 2 3 4 6", "keep 1 bank")
    assert state.totals == (510, 1000) and state.phase == "draw"


def test_dice_set_aside_never_join_a_later_throw():
    """"Once you set scoring dice aside, you may not use them for the rest of your turn":
    1 1 set aside and a 1 thrown later are not three of a kind (300) but 10 more."""
    state = play(new(2, action_cards=False), "throw 1 1 2 3 4 6", "keep 1 1 roll",
                 "throw 1 2 3 4")
    assert {a["dice"] for a in state.legal_actions()} == {(1,)}
    state = play(state, "keep 1 bank")
    assert state.totals == (30, 0)


def test_the_last_seats_plus_minus_can_change_the_winner():
    """The last turn's bonus and deduction count before the winner is named."""
    state = at(new(2), totals=(2100, 1650), seat=1, final_round=True)
    state = play(state, "draw Plus/Minus", "play", *ROLL_OUT, "throw 1 2 2 3 4 6",
                 "keep 1 bank")
    assert not state.is_over() and state.phase == "target"  # 1650 + 510 + 200 = 2360
    state = play(state, "target P1")
    assert state.is_over() and state.totals == (1900, 2360) and state.winners() == (1,)


def test_double_millennium_is_played_with_the_action_cards_too():
    state = new(2, double_millennium=True)
    assert state.target == 4000 and state.phase == "draw"
    state = at(state, totals=(3700, 0))
    state = play(state, "draw Double Time", "play", "throw 1 1 1 2 3 4", "keep 1 1 1 bank")
    assert state.totals == (4300, 0) and state.final_round  # 300 doubled
