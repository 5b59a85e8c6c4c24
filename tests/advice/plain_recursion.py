"""A Risk 'n' Roll turn solved by plain memoised recursion over whole throws: the
reference the vectorised tables (expected points, chance to win) are checked against."""

from __future__ import annotations

from functools import cache

from companion.rules.core import Throw
from companion.rules.risknroll import scoring_sets


def brute_force(bank, on_bust, earns: bool, deuces: bool, cap: int):
    """Turn values by plain memoised recursion over whole throws, no vectorised tables.

    Past `cap` the player is assumed to bank after one more scoring throw, which is
    the documented boundary of the tables.
    """

    @cache
    def scores(n: int) -> float:
        return sum(p for dice, p in Throw(n).outcomes() if scoring_sets(dice, deuces))

    @cache
    def throw(points: int, n: int, earned: bool) -> float:
        if points > cap:
            return scores(n) * bank(points, earned)
        total = 0.0
        for dice, p in Throw(n).outcomes():
            sets = scoring_sets(dice, deuces)
            if not sets:
                total += p * on_bust(points)
            else:
                total += p * max(
                    after(points + gained, n - len(kept), earned) for kept, gained in sets
                )
        return total

    def after(points: int, left: int, earned: bool) -> float:
        if left == 0:
            return throw(points, 6, earned or earns)
        return max(bank(points, earned), throw(points, left, earned))

    return throw
