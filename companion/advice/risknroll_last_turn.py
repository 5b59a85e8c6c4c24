"""The last turn of a Risk 'n' Roll game: each option's chance to win.

The last seat's turn in the final round ends the game (R23), so what counts is not how
many points the turn banks but whether the player ends level with or ahead of everyone
(R25: a tie shares the win). Expected points (`risknroll_tables`) are the wrong measure
there: with a winning bank in hand, a roll worth more points on average can only lose
the game. Here the turn is the same Markov decision process with a reward of 1 for
ending level or ahead and 0 otherwise, solved for the chance to win under the play
that makes it largest.

Every bank at or past what wins is worth 1, so only turn totals below that are solved,
backward over the total as in the turn tables. Past it a position's chance no longer
depends on the total (a roll-out's forced throw can still belly up), and is solved over
the dice alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.rules.risknroll import CARDS_BY_NAME, DICE, RiskNRollState, floored

from .risknroll_tables import UNIT, TurnRules, throws


def is_last_turn(state: RiskNRollState) -> bool:
    """True on the turn that ends the game whatever it scores: the last seat's, in the
    final round."""
    return state.final_round and state.seat == state.players - 1


@dataclass(frozen=True)
class Stakes:
    """What the turn must add to the player's score to end level with the best
    opponent: on a bank with no bonus earned, on a bank with one earned (The Plague
    then takes its amount off every opponent, Plus/Minus off the one the player picks:
    the leader), and on a belly up (no card takes anything off anyone then)."""

    bank: int
    bank_earned: int
    bust: int

    @classmethod
    def of(cls, totals: tuple[int, ...], seat: int, card: str | None) -> Stakes:
        """The stakes of `seat`'s turn with `card` in play (None: no card)."""
        others = sorted((t for s, t in enumerate(totals) if s != seat), reverse=True)
        effect = CARDS_BY_NAME[card] if card else None
        if effect is not None and effect.effect == "plague":
            earned_others = [floored(t - effect.amount) for t in others]
        elif effect is not None and effect.effect == "plus_minus":
            earned_others = [floored(others[0] - effect.amount)] + others[1:]
        else:
            earned_others = others
        own = totals[seat]
        plain = others[0] - own
        return cls(bank=plain, bank_earned=max(earned_others) - own, bust=plain)


class WinTable:
    """The chance to win, under the play that makes it largest, at every position of
    one last turn: its card's rules and its stakes."""

    def __init__(self, rules: TurnRules, stakes: Stakes):
        self.rules = rules
        self.stakes = stakes
        th = self.throws = throws(rules.deuces)
        # whether a roll-out has earned the card's due: it changes the player's bank
        # (a bonus) or the opponents' scores (The Plague, Plus/Minus)
        tracked = rules.bonus or stakes.bank_earned != stakes.bank
        self.columns = (False, True) if tracked else (False,)
        rolled_out = np.array([len(self.columns) - 1] * len(self.columns))
        self.top = self._top()
        size = self.top + int(th.gain.max()) + 1
        units = np.arange(size)
        banks = np.array([[self.bank_wins(t * UNIT, e) for e in self.columns] for t in units])
        busts = np.array([self.bust_wins(t * UNIT) for t in units], dtype=float)[:, None]
        self.chance = np.zeros((size, DICE + 1, len(self.columns)))
        self.chance[self.top:] = self._past_top(rolled_out, busts[-1, 0])
        after = np.zeros((size, DICE, len(self.columns)))  # after a keep, by dice left
        after[:, 1:] = np.maximum(self.chance[:, 1:DICE], banks[:, None, :])
        after[:, 0] = self.chance[:, DICE][:, rolled_out]
        flat = after.reshape(size * DICE, len(self.columns))
        base = th.gain * DICE + th.left
        bust = th.bust[1:, None]
        for t in range(self.top - 1, -1, -1):
            best = np.maximum.reduceat(flat[t * DICE + base], th.starts, axis=0)
            row = th.prob @ best + bust * busts[t]
            self.chance[t, 1:] = row
            after[t, 1:] = np.maximum(row[: DICE - 1], banks[t])
            after[t, 0] = row[DICE - 1, rolled_out]

    def bank_wins(self, points: int, earned: bool) -> bool:
        need = self.stakes.bank_earned if earned else self.stakes.bank
        return self.rules.bank(points, earned) >= need

    def bust_wins(self, points: int) -> bool:
        return self.rules.on_bust(points) >= self.stakes.bust

    def _top(self) -> int:
        """The turn total (units) from which every bank wins and a belly up no longer
        depends on the total."""
        r, s = self.rules, self.stakes
        needs = [(s.bank_earned - r.bonus) if e else s.bank for e in self.columns]
        points = max(0, *(math.ceil(n / r.multiplier) for n in needs))
        if r.keeps_on_bust:
            points = max(points, s.bust)
        return math.ceil(points / UNIT)

    def _past_top(self, rolled_out: np.ndarray, bust_wins: float) -> np.ndarray:
        """(DICE + 1, columns): the chance about to throw, past the top. A throw that
        scores wins at once unless its every choice is a roll-out, which throws six
        dice again."""
        th = self.throws
        leaves_dice = np.maximum.reduceat((th.left > 0).astype(float), th.starts)
        chance = np.ones((DICE + 1, len(self.columns)))
        for _ in range(1000):
            again = chance[DICE][rolled_out]
            outcome = np.maximum(leaves_dice[:, None], again[None, :])
            new = np.vstack([np.zeros(len(self.columns)), th.prob @ outcome
                             + th.bust[1:, None] * bust_wins])
            if np.max(np.abs(new - chance)) < 1e-12:
                return new
            chance = new
        raise ArithmeticError("the chance past the top did not converge")

    # -- queries ------------------------------------------------------------------------

    def throw_chance(self, points: int, dice: int, earned: bool) -> float:
        """The chance to win when about to throw `dice` dice with `points` turn points."""
        units = min(points // UNIT, self.top)
        return float(self.chance[units, dice, int(earned and len(self.columns) == 2)])

    def keep_chance(self, points: int, dice_left: int, earned: bool, then: str) -> float:
        """The chance to win after setting dice aside to reach `points` turn points, then
        banking or rolling on (`dice_left` 0: a roll-out, six dice thrown again)."""
        if then == "bank":
            return float(self.bank_wins(points, earned))
        if dice_left == 0:
            return self.throw_chance(points, DICE, True)
        return self.throw_chance(points, dice_left, earned)


@lru_cache(maxsize=16)
def win_table(rules: TurnRules, stakes: Stakes) -> WinTable:
    """The table of one last turn; the turn's positions share it."""
    return WinTable(rules, stakes)
