"""216 advice: ways to fulfil now, exact reroll odds by brute force, options ranked."""

from __future__ import annotations

import re
import sys
from itertools import product
from pathlib import Path

import pytest

from companion.advice import best_action, for_state, percent, ranked, two_sixteen
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
    assert advice[0].best and re.fullmatch(r"\d+% \d+pt([+-][\d.]+H)?", advice[0].detail)
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


def test_a_help_card_is_shown_as_a_card_not_folded_into_the_points():
    # the Wild makes High pair (6 points); the card spent is "-1H", not 3 points off
    state = at(play(started(), "throw 1 2 4"), offer=("High pair", "Triple 6", "Sum 18", "Sum 3"),
               hands=(("Wild",), ()))
    advice = {a.action: a for a in for_state(state)}
    wild = advice[Action("help", card="Wild", die=1, to=4)]
    assert wild.detail.startswith("100% ") and wild.detail.endswith(" 6pt-1H")


def test_with_every_help_card_in_hands_none_is_counted_for_giving_up():
    # Ruling T6: nothing to take. Changing a die that fulfils nothing only spends a card,
    # so ending the turn comes first; a sure 2-point claim beats a reroll that can fail.
    hands = (("+1/-1",), ())
    empty = {"help_deck": (), "help_discards": ()}
    second = at(play(started(), "throw 4 4 4", "reroll 4 4 4", "throw 4 4 6"), hands=hands,
                offer=("Triple 6", "Sum 3", "Sum 18", "Triple 1"), **empty)
    advice = for_state(second)
    assert advice[0].action == Action("pass") and advice[0].value == 0
    assert all(a.value == -HELP_POINTS for a in advice[1:])
    first = at(play(started(), "throw 1 2 4"), hands=(("Reroll 1",), ()),
               offer=("No 6", "Triple 6", "Sum 18", "Triple 1"), **empty)
    assert best_action(first) == Action("claim", card="No 6", bonus="points")
    rolls = [a for a in for_state(first) if a.action.kind == "reroll"]
    assert rolls[0].value < CARDS["No 6"].general + CARDS["No 6"].bonus
    with_cards_left = for_state(at(first, help_deck=("Wild",)))
    assert [a for a in with_cards_left if a.action.kind == "reroll"][0].value > HELP_POINTS


def test_equal_values_are_ranked_by_the_stated_rule_not_by_rounding_noise():
    options = [(Action("pass"), "a", 0.1 + 0.2, None, (0.78,)),
               (Action("reroll", dice=(1,)), "b", 0.3, None, (1.0,)),
               (Action("reroll", dice=(2,)), "c", 0.3 - 1e-12, None, (1.0,))]
    advice = ranked(options)
    assert [a.label for a in advice] == ["b", "c", "a"] and all(a.best for a in advice)


def test_the_last_turn_of_the_round_plays_for_the_win():
    # P2 on 91 against 105, last to play: a Straight claimed now ends on 102 and loses;
    # the Reroll 3 card keeps two rolls at Triple 6 or Sum 17 (the Help card is worth
    # nothing once the game ends). The expectation advice claimed the Straight.
    state = at(play(started(), "throw 1 2 3"), seat=1, totals=(105, 91),
               offer=("Triple 6", "Sum 17", "Straight", "No 6"),
               hands=((), ("Opposite", "Reroll 3")))
    advice = for_state(state)
    assert advice[0].action == Action("help", card="Reroll 3") and advice[0].best
    assert advice[0].detail.startswith("win ") and 0 < advice[0].value < 1
    by_action = {a.action: a for a in advice}
    again = by_action[Action("reroll", dice=(1, 2, 3))]
    assert advice[0].value > again.value > 0
    claim = by_action[Action("claim", card="Straight", bonus="points")]
    assert claim.value == 0 and claim.detail.startswith("win 0% ")
    assert two_sixteen.advise(state, "points")[0].action.kind == "claim"


def test_reaching_the_target_first_beats_a_help_card_that_falls_short():
    # P1 on 97: No 6 served with its point bonus reaches 100, and P2 (on 80) then needs
    # 21 in one turn; with the Help card instead P1 stops on 99 and P2 needs 20.
    state = at(play(started(), "throw 1 2 4"), totals=(97, 80),
               offer=("No 6", "Triple 6", "Sum 18", "Triple 1"))
    advice = {a.action: a for a in for_state(state)}
    points, card = (advice[Action("claim", card="No 6", bonus=b)] for b in ("points", "help"))
    assert points.best and points.value > card.value
    assert best_action(state) == Action("claim", card="No 6", bonus="points")


def test_far_from_the_target_the_advice_is_the_expectation():
    state = play(started(), "throw 1 6 6")
    assert two_sixteen.advise(state) == two_sixteen.advise(state, "points")
    with pytest.raises(ValueError, match="no aim"):
        two_sixteen.advise(state, "fun")


def test_a_sure_chance_summed_over_throws_shows_as_sure_not_as_nearly():
    assert percent(sum([1 / 6] * 6)) == "100%" and percent(0.9999) == ">99%"
    assert percent(1e-12) == "0%" and percent(0.004) == "<1%" and percent(0.5) == "50%"
