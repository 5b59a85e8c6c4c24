"""The Risk 'n' Roll 2000 scoring table, row by row, and every way to set dice aside."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from companion.rules import risknroll
from companion.rules.risknroll import SCORING, score, scoring_sets


def test_the_table_is_the_printed_table():
    assert SCORING["single"] == {1: 10, 5: 50}
    assert SCORING["of_a_kind"] == {3: 300, 4: 400, 5: 500, 6: 2000}
    assert SCORING["three_pairs"] == SCORING["two_trios"] == SCORING["straight"] == 500
    assert SCORING["deuce"] == 20
    assert risknroll.TARGET == {"normal": 2000, "double_millennium": 4000}


@pytest.mark.parametrize(
    "dice, points",
    [
        # 1's and 5's
        ((1,), 10),
        ((5,), 50),
        ((1, 1), 20),
        ((5, 5), 100),
        ((1, 5), 60),
        ((1, 1, 5, 5), 120),
        # 3 or More Dice on One Roll, whatever the face
        *[((f,) * 3, 300) for f in range(1, 7)],
        *[((f,) * 4, 400) for f in range(1, 7)],
        *[((f,) * 5, 500) for f in range(1, 7)],
        # All 6 Dice
        *[((f,) * 6, 2000) for f in range(1, 7)],
        ((2, 2, 3, 3, 4, 4), 500),  # 3 pair
        ((2, 2, 2, 3, 3, 3), 500),  # 2 trios
        ((1, 2, 3, 4, 5, 6), 500),  # 1-2-3-4-5-6
        # combinations together in one set-aside
        ((1, 1, 1, 5), 350),
        ((1, 5, 5, 5), 310),
        ((1, 4, 4, 4, 5), 360),
        ((5, 5, 5, 5, 1), 410),
        ((2, 2, 2, 2, 2, 1), 510),
        ((1, 1, 1, 1, 1, 5), 550),
        ((3, 3, 3, 1, 5, 5), 410),  # six dice, no six-dice combination
    ],
)
def test_every_row_of_the_table(dice, points):
    assert score(dice) == points


@pytest.mark.parametrize(
    "dice",
    [(), (2,), (3, 3), (1, 2), (4, 4, 6, 6), (2, 2, 3, 3), (1, 2, 3, 4, 5), (1, 1, 1, 6)],
)
def test_a_set_with_a_die_that_does_not_score_scores_nothing(dice):
    assert score(dice) is None


def test_dice_order_does_not_matter():
    assert score((5, 1, 1, 1)) == score((1, 1, 1, 5)) == 350


def test_ruling_four_of_a_kind_and_a_pair_are_three_pairs():
    assert score((2, 2, 2, 2, 3, 3)) == 500
    assert score((5, 5, 5, 5, 1, 1)) == 500  # better than 400 + 20
    assert score((1, 1, 1, 1, 5, 5)) == 500


def test_ruling_two_trios_score_the_printed_500_even_with_1s_and_5s():
    assert score((1, 1, 1, 5, 5, 5)) == 500  # not 300 + 300
    assert score((2, 2, 2, 6, 6, 6)) == 500


def test_house_rule_two_trios_as_two_three_of_a_kinds(monkeypatch):
    monkeypatch.setitem(SCORING, "kinds_per_set", 2)
    assert score((1, 1, 1, 5, 5, 5)) == 600
    assert score((2, 2, 2, 6, 6, 6)) == 600
    assert ((2, 2, 2, 6, 6, 6), 600) in scoring_sets((2, 2, 2, 6, 6, 6))


def test_under_deuces_a_2_scores_20_and_2s_combine_as_usual():
    assert score((2,), deuces=True) == 20
    assert score((2, 2), deuces=True) == 40
    assert score((1, 2, 5), deuces=True) == 80
    assert score((2, 2, 2), deuces=True) == 300
    assert score((2, 2, 2, 2), deuces=True) == 400
    assert score((2, 2, 2, 2, 5), deuces=True) == 450
    assert score((2,) * 6, deuces=True) == 2000
    assert score((2, 2, 3, 3, 4, 4), deuces=True) == 500
    assert score((2, 2, 3)) is None and score((2, 2, 3), deuces=True) is None


def test_scoring_sets_are_every_scoring_choice_best_first():
    assert scoring_sets((1, 1, 5, 2, 3, 4)) == (
        ((1, 1, 5), 70),
        ((1, 5), 60),
        ((5,), 50),
        ((1, 1), 20),
        ((1,), 10),
    )
    straight = dict(scoring_sets((6, 5, 4, 3, 2, 1)))
    assert straight == {(1, 2, 3, 4, 5, 6): 500, (1, 5): 60, (5,): 50, (1,): 10}
    assert scoring_sets((2, 2, 3, 4, 6, 6)) == ()


def _by_position(roll):
    """The scoring sets found the slow way: every subset of dice positions."""
    found = {}
    for size in range(1, len(roll) + 1):
        for picked in combinations(roll, size):
            points = score(picked)
            if points is not None:
                found[tuple(sorted(picked))] = points
    return found


@pytest.mark.parametrize("count", range(1, 7))
def test_scoring_sets_miss_nothing_and_invent_nothing(count):
    for roll in combinations_with_replacement(range(1, 7), count):
        sets = scoring_sets(roll)
        assert dict(sets) == _by_position(roll)
        assert len(sets) == len(dict(sets))
        assert [p for _, p in sets] == sorted((p for _, p in sets), reverse=True)
        for dice, _ in sets:
            assert not Counter(dice) - Counter(roll)


def test_six_dice_score_nothing_only_without_1s_and_5s():
    rolls = [r for r in combinations_with_replacement(range(1, 7), 6) if not scoring_sets(r)]
    assert rolls and all(not {1, 5} & set(r) for r in rolls)
    with_deuces = [r for r in rolls if scoring_sets(r, deuces=True)]
    assert with_deuces == rolls  # a 2 is always among them: Deuces never bellies up on six
