"""The tourney's pairing: the same dice for both seatings, so equal advice splits every pair."""

from __future__ import annotations

import pytest

from companion.advice.tourney import aimed, games_with_aims, play, share, tourney


def test_the_games_whose_advice_plays_to_win_are_measured():
    assert "216" in games_with_aims()


def test_a_pair_of_equal_advisers_splits_every_pair_on_the_same_dice():
    result = tourney("216", 3, new="points", old="points")
    assert (result.rate, result.low, result.high, result.differed) == (0.5, 0.5, 0.5, 0)
    assert "50.0% (95% interval 50.0% to 50.0%) of 6 games in 3 pairs" in result.line()


def test_a_game_is_the_same_for_the_same_seed_and_different_for_another():
    seats = (aimed("216", "win"), aimed("216", "points"))
    assert play("216", seats, 7) == play("216", seats, 7)
    assert len({play("216", seats, seed) for seed in range(6)}) == 2  # both seats win some


@pytest.mark.parametrize("winners, seat, score", [((0,), 0, 1.0), ((1,), 0, 0.0),
                                                  ((0, 1), 1, 0.5)])
def test_a_shared_win_counts_half(winners, seat, score):
    assert share(winners, seat) == score
