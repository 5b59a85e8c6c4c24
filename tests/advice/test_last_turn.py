"""The last turn's chances to win: the vectorised table against a plain recursion over
whole throws, and its stakes against the rules engine's own verdict on the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from plain_recursion import brute_force

from companion.advice.risknroll_last_turn import Stakes, WinTable, is_last_turn
from companion.advice.risknroll_tables import turn_rules
from companion.rules import Action
from companion.rules.risknroll import ACTION_CARDS, GAME

CARDS = [None] + list(dict.fromkeys(card.name for card in ACTION_CARDS))
TOTALS = (2000, 1850, 1790)  # the last seat is 210 behind, 60 behind the second


@pytest.mark.parametrize("card", [None, "Deuces", "Double Time", "Bonus Time 150",
                                  "No Harm/No Foul", "The Plague", "Plus/Minus"])
def test_the_chances_match_a_plain_recursion(card):
    """To 1e-5: the recursion's assumption past its cap (bank after one more scoring
    throw, where a forced roll-out can still belly up, or under No Harm/No Foul win
    anyway) moves its values by up to 1.4e-6; with the cap 2100 points higher, by 1e-11."""
    rules = turn_rules(card)
    wins = WinTable(rules, Stakes.of(TOTALS, 2, card))
    exact = brute_force(
        lambda points, earned: float(wins.bank_wins(points, earned)),
        lambda points: float(wins.bust_wins(points)),
        len(wins.columns) == 2, rules.deuces, cap=wins.top * 10 + 1000,
    )
    for points in range(0, wins.top * 10 + 100, 10):
        for n in range(1, 7):
            for earned in wins.columns:
                assert wins.throw_chance(points, n, earned) == pytest.approx(
                    exact(points, n, earned), abs=1e-5), (points, n, earned)


def test_the_stakes_of_each_card():
    assert Stakes.of(TOTALS, 2, None) == Stakes(bank=210, bank_earned=210, bust=210)
    # The Plague: every opponent 200 down; Plus/Minus: the leader 200 down, below the second
    assert Stakes.of(TOTALS, 2, "The Plague") == Stakes(210, 10, 210)
    assert Stakes.of(TOTALS, 2, "Plus/Minus") == Stakes(210, 60, 210)
    assert Stakes.of((150, 100, 0), 2, "The Plague").bank_earned == 0  # not below zero


def test_only_the_last_seats_turn_in_the_final_round_is_the_last():
    state = replace(GAME.new(3), seat=2)
    assert not is_last_turn(state) and is_last_turn(replace(state, final_round=True))
    assert not is_last_turn(replace(state, seat=1, final_round=True))


@example(card=None, totals=TOTALS, points=210, earned=False)  # a tie shares the win
@example(card=None, totals=TOTALS, points=200, earned=False)
@example(card="The Plague", totals=TOTALS, points=10, earned=True)  # level with 1800
@example(card="Plus/Minus", totals=(2000, 1850, 1500), points=150, earned=True)
@given(
    card=st.sampled_from(CARDS),
    totals=st.tuples(*[st.integers(0, 300).map(lambda u: 10 * u)] * 3),
    points=st.integers(1, 150).map(lambda u: 10 * u),
    earned=st.booleans(),
)
def test_a_bank_wins_exactly_when_the_rules_engine_says_so(card, totals, points, earned):
    """Stakes and bank_wins against the game played to its end: the bank (and a
    Plus/Minus taken off the leader), then the engine's winners (a tie shares the win)."""
    state = GAME.new(3, {"action_cards": card is not None})
    if card:
        state = state.apply(Action("draw", card=card)).apply(Action("card", play=True))
    state = replace(state, totals=totals, seat=2, final_round=True, turn_points=points - 50,
                    dice_left=2, earned=earned).apply(Action("throw", dice=(3, 5)))
    after = state.apply(Action("keep", dice=(5,), then="bank"))
    if after.phase == "target":
        after = after.apply(max(after.legal_actions(),
                                key=lambda target: after.totals[target["player"]]))
    assert after.is_over()
    wins = WinTable(turn_rules(card), Stakes.of(totals, 2, card))
    assert wins.bank_wins(points, earned) == (2 in after.winners())
