"""216 advice: ways to fulfil now, exact reroll odds by brute force, options ranked."""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

import pytest

from companion.advice import best_action, for_state
from companion.advice.two_sixteen import HELP_POINTS, fulfilments, reroll_odds
from companion.rules import Action
from companion.rules.two_sixteen import CARDS, help_results

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from two_sixteen_script import at, play, started  # noqa: E402


def fixable(dice, hand, name) -> bool:
    """Brute force: can some order of playing some of `hand` (each on any die, any
    result) make `dice` fulfil `name`?"""
    if CARDS[name].matches(dice):
        return True
    for i, card in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        for d in range(3):
            for to in help_results(card, dice[d]):
                if fixable(dice[:d] + (to,) + dice[d + 1:], rest, name):
                    return True
    return False


def test_every_way_to_fulfil_now_with_the_fewest_help_cards():
    state = at(play(started(), "throw 1 1 3"), hands=(("+2/-2", "Wild", "Reroll 3"), ()))
    assert fulfilments(state) == [
        ("Sum 7", (Action("help", card="+2/-2", die=1, to=3),)),  # the +2/-2, not the Wild
        ("No 6", ()),
        ("Straight", (Action("help", card="Wild", die=1, to=2),)),
    ]  # Triple 6 would need three dice changed


@pytest.mark.parametrize("dice", [(1, 1, 3), (2, 5, 6), (4, 4, 4)])
def test_reroll_odds_equal_brute_force_over_every_throw(dice):
    hand = ("+1/-1", "Opposite")
    state = at(play(started(), "throw " + " ".join(map(str, dice))), hands=(hand, ()))
    for odds in reroll_odds(state):
        kept = list(dice)
        for die in odds.reroll:
            kept.remove(die)
        throws = [tuple(kept) + t for t in product(range(1, 7), repeat=len(odds.reroll))]
        for name, plain, helped in odds.cards:
            assert plain == pytest.approx(sum(CARDS[name].matches(t) for t in throws) / len(throws))
            assert helped == pytest.approx(
                sum(fixable(t, hand, name) for t in throws) / len(throws))
    values = [odds.value for odds in reroll_odds(state)]
    assert values == sorted(values, reverse=True)


def test_a_served_triple_6_is_the_best_claim_and_says_so():
    state = play(started(), "throw 6 6 6")
    advice = for_state(state)
    assert advice[0].action == Action("claim", card="Triple 6", bonus="points")
    assert advice[0].value == 30 and advice[0].detail == "100% 30pt" and advice[0].bust is None


def test_with_nothing_fulfilled_the_rerolls_are_ranked_by_expected_points():
    state = play(started(), "throw 1 6 6")
    advice = for_state(state)
    assert {a.action.kind for a in advice} == {"reroll"}
    assert advice[0].best and advice[0].detail.endswith("pt") and "%" in advice[0].detail
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)


def test_after_the_second_roll_a_poor_card_is_given_up_for_a_help_card():
    state = play(started(), "throw 1 1 3", "reroll 1 1", "throw 1 1")
    advice = {a.action: a for a in for_state(state)}
    assert advice[Action("pass")].value == HELP_POINTS
    assert advice[Action("claim", card="No 6")].value == CARDS["No 6"].general
    assert best_action(state) == Action("pass")


def test_solo_tie_lets_the_ai_take_the_card_you_are_least_likely_to_fulfil():
    state = play(started(solo=True), "throw 1 6 6")
    state = at(state, offer=("Sum 10", "Sum 9", "Triple 6", "Sum 7"), phase="choose", seat=1)
    advice = for_state(state)
    assert advice[0].action == Action("choose", card="Sum 9") and advice[0].detail == "25/216"
