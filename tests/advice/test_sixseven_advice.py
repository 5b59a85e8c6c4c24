"""67 Six Seven advice: exact odds beside every option, checked by brute force."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.advice import ADVISORS, for_state, odds_label
from companion.advice.sixseven import WIN_VP, later_results, ranking_vp
from companion.rules import Action, Throw
from companion.rules.sixseven import FACES, GAME


def deciding(dice, hand=(), chased=False, players=4, board=()):
    state = GAME.new(players).apply(Action("draw", card="To 6")).apply(
        Action("draw", card="±1"))
    hands = (tuple(hand),) + state.hands[1:]
    return replace(state, phase="decide", dice=dice, hands=hands, chased=chased, board=board)


def brute_win(dice, sweeps=400):
    """The chance a locked turn (after the chase) reaches 67, always rerolling when it
    may: plain repeated sweeps over the situations, no linear algebra."""
    pairs = Throw(2, faces=FACES).outcomes
    singles = list(Throw(1, faces=FACES).outcomes())
    win = {d: 0.0 for d, _ in pairs()}
    for _ in range(sweeps):
        new = {}
        for d in win:
            a, b = d
            if a == b:
                new[d] = sum(p * (1.0 if o == (6, 7) else win[o]) for o, p in pairs())
            elif (6 in d) != (7 in d):
                keep = b if b in (6, 7) else a
                new[d] = sum(p * (1.0 if tuple(sorted((keep, o))) == (6, 7)
                                  else win[tuple(sorted((keep, o)))]) for (o,), p in singles)
            else:
                new[d] = 0.0
        win = new
    return win


def test_the_advisor_is_registered_and_says_what_its_figures_mean():
    assert ADVISORS["sixseven"] == "companion.advice.sixseven"
    advice = for_state(deciding((2, 3)))
    assert [a.label for a in advice] == ["Place 32", "Place 23"]
    assert all(a.detail.startswith("0 0 ") for a in advice)
    assert odds_label("sixseven", advice) == "67% dbl% VP"  # the columns of every detail


@pytest.mark.parametrize("dice", [(2, 6), (4, 7), (5, 5), (3, 4)])
def test_the_chance_of_a_double_after_the_chase_matches_brute_force(dice):
    advice = for_state(deciding(dice, chased=True))
    best = advice[0]
    double = float(best.detail.split()[1]) / 100
    assert double == pytest.approx(brute_win(dice)[dice], abs=0.006)
    # the values count each double as WIN_VP: never below what the double alone brings
    assert best.value >= WIN_VP * brute_win(dice)[dice] - 1e-9


def test_later_results_are_a_distribution_and_ranking_vp_is_exact_for_the_last_colour():
    assert sum(later_results()) == pytest.approx(1.0)
    board = ((54, 1), (54, 2), (32, 3))
    state = deciding((2, 3), board=board)
    # the last to place: its token is ahead of the equal 54s
    assert ranking_vp(state, 54) == 3 and ranking_vp(state, 43) == 1
    assert ranking_vp(state, 23) == 0


def test_a_card_that_makes_67_is_worth_its_2_vp_at_least():
    advice = {a.label: a for a in for_state(deciding((3, 7), hand=("To 6",)))}
    assert advice["Card To 6: 3 to 6"].value >= 2 + advice["Place 73"].value - 3
    assert advice["Card To 6: 3 to 6"].best
