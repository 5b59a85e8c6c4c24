"""The Risk 'n' Roll turn tables against an exact recursion, the rulebook, and theory."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import numpy as np
import pytest
from plain_recursion import brute_force

from companion.advice.risknroll_tables import (
    ALL_RULES,
    CAP,
    PLAIN,
    TurnRules,
    TurnTable,
    bust_chance,
    table,
    turn_rules,
)
from companion.rules.risknroll import ACTION_CARDS, CARDS_BY_NAME

SMALL_CAP = 400  # points: keeps the plain recursion below quick


CASES = {
    "no card": (PLAIN, lambda t, e: t, False),
    "Deuces": (TurnRules(deuces=True), lambda t, e: t, False),
    "Double Time": (TurnRules(multiplier=2), lambda t, e: 2 * t, False),
    "Bonus Time 150": (TurnRules(bonus=150), lambda t, e: t + (150 if e else 0), True),
}


@pytest.mark.parametrize("case", CASES)
def test_the_tables_match_a_plain_recursion(case):
    rules, bank, earns = CASES[case]
    exact = brute_force(bank, lambda t: 0, earns, rules.deuces, SMALL_CAP)
    tables = TurnTable([rules], cap=SMALL_CAP)
    for points in range(0, SMALL_CAP + 1, 10):
        for n in range(1, 7):
            for earned in rules.earned_states():
                assert tables.throw_value(points, n, rules, earned) == pytest.approx(
                    exact(points, n, earned), rel=1e-12, abs=1e-9
                ), (points, n, earned)


def scores_anything(dice: tuple[int, ...], deuces: bool) -> bool:
    """The rulebook's combinations, written out again: singles, kinds, all-six sets."""
    counts = Counter(dice)
    if counts[1] or counts[5] or (deuces and counts[2]) or max(counts.values()) >= 3:
        return True
    if len(dice) == 6:
        return sorted(counts.values()) == [2, 2, 2] or len(counts) == 6
    return False


@pytest.mark.parametrize("deuces", [False, True])
@pytest.mark.parametrize("n", range(1, 7))
def test_bust_chance_counts_every_throw(n, deuces):
    throws = list(product(range(1, 7), repeat=n))
    busts = sum(not scores_anything(dice, deuces) for dice in throws)
    assert bust_chance(n, deuces) == pytest.approx(busts / len(throws))


def test_six_dice_bust_only_on_two_pairs_and_two_singles_of_2_3_4_6():
    # two of {2,3,4,6} paired, the other two once each: 6 * 6!/(2!2!) = 1080 throws
    assert bust_chance(6) == pytest.approx(1080 / 6**6)
    assert bust_chance(6, deuces=True) == 0.0


def test_every_card_has_rules_and_the_plague_leaves_the_own_score_alone():
    assert {turn_rules(card.name) for card in ACTION_CARDS} | {PLAIN} == set(ALL_RULES)
    assert turn_rules("The Plague") == turn_rules(None) == PLAIN
    assert turn_rules("Plus/Minus") == turn_rules("Bonus Time 200")
    assert turn_rules("Double Time").bank(300, earned=False) == 600
    assert turn_rules("Bonus Time 250").bank(300, earned=True) == 550
    assert turn_rules("No Harm/No Foul").on_bust(300) == 300


def test_double_time_doubles_every_value():
    plain, double = table(False), TurnRules(multiplier=2)
    for points in (0, 100, 350, 1200):
        for n in range(1, 7):
            assert plain.throw_value(points, n, double, False) == pytest.approx(
                2 * plain.throw_value(points, n, PLAIN, False)
            )


def test_an_earned_bonus_plays_like_a_head_start():
    # banking t + 300 and busting to 0 is the plain game from t + 300
    plain, bonus = table(False), TurnRules(bonus=300)
    for points in (0, 50, 500, 1500):
        for n in range(1, 7):
            assert plain.throw_value(points, n, bonus, True) == pytest.approx(
                plain.throw_value(points + 300, n, PLAIN, False)
            )


def test_no_harm_never_banks_and_is_worth_the_total_plus_a_fixed_gain():
    no_harm = turn_rules("No Harm/No Foul")
    tables = table(False)
    for n in range(1, 7):
        gain = tables.throw_value(0, n, no_harm, False)
        assert gain > 0  # so rolling on always beats banking
        for points in (10, 500, CAP, CAP + 5000):
            assert tables.throw_value(points, n, no_harm, False) == pytest.approx(points + gain)


def test_rolling_on_at_the_start_of_a_turn_and_banking_a_big_total():
    plain = table(False)
    assert plain.throw_value(0, 6, PLAIN, False) > 0
    assert plain.keep_value(50, 5, PLAIN, False, "roll") > plain.keep_value(
        50, 5, PLAIN, False, "bank"
    )
    assert plain.keep_value(2000, 1, PLAIN, False, "bank") > plain.keep_value(
        2000, 1, PLAIN, False, "roll"
    )


@pytest.mark.parametrize("deuces", [False, True])
def test_the_cap_moves_no_value_below_the_double_millennium_target(deuces):
    rules = [r for r in ALL_RULES if r.deuces == deuces]
    higher = TurnTable(rules, cap=2 * CAP)
    below = 4000 // 10 + 1
    assert np.abs(higher.throw[:below] - table(deuces).throw[:below]).max() < 1e-6


def test_past_the_table_a_forced_throw_still_risks_the_total():
    plain = table(False)
    far = 10 * len(plain.throw) + 1000
    assert plain.throw_value(far, 6, PLAIN, False) == pytest.approx((1 - bust_chance(6)) * far)
    assert plain.keep_value(far, 3, PLAIN, False, "bank") == far


def test_a_roll_out_throws_six_dice_again_with_the_bonus_earned():
    """dice_left 0 is a roll-out: the value is that of six fresh dice, bonus earned."""
    tables, bonus = table(False), turn_rules("Bonus Time 250")
    for points in (50, 300, 1200):
        rolled_out = tables.keep_value(points, 0, bonus, False, "roll")
        assert rolled_out == tables.throw_value(points, 6, bonus, True)
        assert rolled_out > tables.throw_value(points, 6, bonus, False)
        assert tables.keep_value(points, 0, bonus, True, "bank") == points + 250
        assert tables.keep_value(points, 2, bonus, False, "bank") == points


def test_a_bonus_counts_only_once_earned_and_a_bust_keeps_nothing_without_no_harm():
    bonus = turn_rules("Bonus Time 250")
    assert bonus.bank(300, earned=False) == 300
    assert bonus.earned_states() == (False, True) and PLAIN.earned_states() == (False,)
    assert PLAIN.on_bust(300) == bonus.on_bust(300) == 0


@pytest.mark.parametrize("rules", [
    {"keeps_on_bust": True, "multiplier": 2},
    {"keeps_on_bust": True, "bonus": 200},
    {"keeps_on_bust": True, "multiplier": 2, "bonus": 200},
])
def test_no_harm_changes_nothing_else_of_the_bank(rules):
    with pytest.raises(ValueError) as refused:
        TurnRules(**rules)
    assert str(refused.value) == "a card that keeps the turn on a bust may not change the bank too"


def test_one_table_is_of_one_scoring_and_a_card_needs_a_turn_model(monkeypatch):
    with pytest.raises(ValueError) as refused:
        TurnTable([PLAIN, TurnRules(deuces=True)], cap=SMALL_CAP)
    assert str(refused.value) == "one table holds rules of one scoring only"
    monkeypatch.setitem(CARDS_BY_NAME, "Joker", replace(CARDS_BY_NAME["Double Time"],
                                                        effect="joker"))
    with pytest.raises(ValueError) as refused:
        turn_rules("Joker")
    assert str(refused.value) == "no turn model for the card effect 'joker'"


@pytest.mark.parametrize("deuces", [False, True])
def test_every_total_past_the_cap_is_one_forced_throw_in_the_table_and_beyond_it(deuces):
    """The rows between the cap and the table's end, and the first total past it."""
    tables, plain = table(deuces), TurnRules(deuces=deuces)
    for units in range(tables.top + 1, len(tables.throw) + 2):
        for n in range(1, 7):
            assert tables.throw_value(units * 10, n, plain, False) == pytest.approx(
                (1 - bust_chance(n, deuces)) * units * 10, rel=1e-12
            ), (units, n)
