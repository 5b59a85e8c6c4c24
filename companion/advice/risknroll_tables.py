"""Expected turn scores for Risk 'n' Roll 2000, by backward induction over the turn total.

A turn is a small Markov decision process, as in the published Farkle analyses
(Neller and Presser, "Optimal Play of Farkle"): before each throw the position is
(turn points t, dice to throw n, whether a roll-out bonus has been earned). The
throw is chance; the player then sets a scoring set aside and banks or rolls on.
Every set aside adds at least 10 points, so t strictly grows along a turn and the
values are filled in from the highest t downwards in one pass, even though rolling
out starts the dice again at six.

t is counted in units of 10 points (every score is a multiple of 10) up to CAP.
Past the cap the player is assumed to bank after one more throw (see `_beyond`);
CAP is far above any turn total a game of 2000 or 4000 reaches, so that assumption
moves no value below the target by a measurable amount.

Each Action Card reaches the player's own score in one of four ways (`TurnRules`).
All the rules that share a scoring (with or without Deuces) are solved together,
one column each, so a table costs one pass over t whatever the number of cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from companion.rules.core import Throw
from companion.rules.risknroll import ACTION_CARDS, CARDS_BY_NAME, DICE, scoring_sets

UNIT = 10
"""Points per step of the turn total: every score in the game is a multiple of 10."""
CAP = 10_000
"""Turn total (points) up to which every position is solved exactly."""


@dataclass(frozen=True)
class TurnRules:
    """How the card in play changes the player's own turn score.

    `multiplier` scales the banked points (Double Time), `bonus` is added on banking
    once earned by rolling out (Bonus Time, Plus/Minus), `keeps_on_bust` keeps the
    turn points when a throw scores nothing (No Harm/No Foul), `deuces` makes 2s score.
    """

    deuces: bool = False
    multiplier: int = 1
    bonus: int = 0
    keeps_on_bust: bool = False

    def __post_init__(self):
        if self.keeps_on_bust and (self.multiplier != 1 or self.bonus):
            raise ValueError("a card that keeps the turn on a bust may not change the bank too")

    def bank(self, points: int, earned: bool) -> int:
        """What the player's score gains by banking `points` turn points."""
        return self.multiplier * points + (self.bonus if earned else 0)

    def on_bust(self, points: int) -> int:
        """What the player's score gains when a throw scores nothing."""
        return points if self.keeps_on_bust else 0

    def earned_states(self) -> tuple[bool, ...]:
        """The values of the earned flag that change anything under these rules."""
        return (False, True) if self.bonus else (False,)


PLAIN = TurnRules()
_RULES_BY_EFFECT = {
    "plague": lambda card: PLAIN,  # its -200 falls on the opponents, not on the player
    "deuces": lambda card: TurnRules(deuces=True),
    "double_time": lambda card: TurnRules(multiplier=2),
    "bonus": lambda card: TurnRules(bonus=card.amount),
    "plus_minus": lambda card: TurnRules(bonus=card.amount),
    "no_harm": lambda card: TurnRules(keeps_on_bust=True),
}


def turn_rules(card: str | None) -> TurnRules:
    """The own-score rules of the Action Card `card` in play (None: no card)."""
    if card is None:
        return PLAIN
    action_card = CARDS_BY_NAME[card]
    try:
        return _RULES_BY_EFFECT[action_card.effect](action_card)
    except KeyError:
        raise ValueError(f"no turn model for the card effect {action_card.effect!r}") from None


ALL_RULES: tuple[TurnRules, ...] = tuple(
    dict.fromkeys([PLAIN] + [turn_rules(card.name) for card in ACTION_CARDS])
)
"""Every distinct own-score rule a turn can be played under."""


# --- the throws ------------------------------------------------------------------------


@dataclass(frozen=True)
class Throws:
    """Every throw of 1 to 6 dice under one scoring, laid out for vectorised lookups.

    Scoring outcomes are numbered across all dice counts; the choices of outcome i
    (distinct pairs of units gained and dice left, 0 left meaning a roll-out) are
    `gain[starts[i]:starts[i + 1]]` and `left[...]`.
    """

    bust: np.ndarray  # (DICE + 1,) chance that n dice score nothing; bust[0] unused
    prob: np.ndarray  # (DICE, outcomes) chance of each scoring outcome, row n - 1
    gain: np.ndarray  # (choices,) units of 10 points the choice adds
    left: np.ndarray  # (choices,) dice left to throw after it
    starts: np.ndarray  # (outcomes,) index of each outcome's first choice


@cache
def throws(deuces: bool) -> Throws:
    bust = np.zeros(DICE + 1)
    columns: list[tuple[int, float]] = []  # (dice thrown, probability) per scoring outcome
    gain: list[int] = []
    left: list[int] = []
    starts: list[int] = []
    for n in range(1, DICE + 1):
        for dice, p in Throw(n).outcomes():
            sets = scoring_sets(dice, deuces)
            if not sets:
                bust[n] += p
                continue
            choices = sorted({(points // UNIT, n - len(kept)) for kept, points in sets})
            starts.append(len(gain))
            columns.append((n, p))
            gain.extend(g for g, _ in choices)
            left.extend(k for _, k in choices)
    prob = np.zeros((DICE, len(columns)))
    for i, (n, p) in enumerate(columns):
        prob[n - 1, i] = p
    return Throws(bust, prob, np.array(gain), np.array(left), np.array(starts))


def bust_chance(dice: int, deuces: bool = False) -> float:
    """The chance that a throw of `dice` dice scores nothing."""
    return float(throws(deuces).bust[dice])


# --- the table ---------------------------------------------------------------------------


class TurnTable:
    """Expected final turn score under best play, for every position of a turn.

    One column per (rules, earned) pair of `rules`, which must share their scoring.
    `throw_value` is the value of being about to throw; `keep_value` the value of a
    scoring set just put aside, then banked or rolled on.
    """

    def __init__(self, rules: Sequence[TurnRules], cap: int = CAP):
        if len({r.deuces for r in rules}) != 1:
            raise ValueError("one table holds rules of one scoring only")
        self.deuces = rules[0].deuces
        self.throws = throws(self.deuces)
        self.columns = [(r, e) for r in dict.fromkeys(rules) for e in r.earned_states()]
        self._index = {column: j for j, column in enumerate(self.columns)}
        self._rolled_out = np.array([self._column(r, True) for r, _ in self.columns])
        self._multiplier = np.array([r.multiplier for r, _ in self.columns], dtype=float)
        self._bonus_now = np.array([r.bonus if e else 0 for r, e in self.columns], dtype=float)
        self._keeps = np.array([r.keeps_on_bust for r, _ in self.columns], dtype=float)
        self._gain_forever = self._solve_gain_forever()
        self.top = cap // UNIT
        self._build()

    def _column(self, rules: TurnRules, earned: bool) -> int:
        return self._index[(rules, earned and bool(rules.bonus))]

    def _bank(self, units: np.ndarray) -> np.ndarray:
        """(len(units), columns): banking at each turn total."""
        return np.outer(units * UNIT, self._multiplier) + self._bonus_now

    def _solve_gain_forever(self) -> np.ndarray:
        """(DICE + 1,): points a player who never banks adds before the first bust.

        The value of No Harm/No Foul beyond the turn total (t + gain[n]): such a
        player loses nothing by rolling on. Value iteration over the dice left only.
        """
        th = self.throws
        gain = np.zeros(DICE + 1)
        for _ in range(10_000):
            after = gain[th.left]
            after[th.left == 0] = gain[DICE]
            best = np.maximum.reduceat(th.gain * UNIT + after, th.starts)
            new = np.concatenate(([0.0], th.prob @ best))
            if np.max(np.abs(new - gain)) < 1e-9:
                return new
            gain = new
        raise ArithmeticError("the never-bank gain did not converge")

    def _beyond(self, units: np.ndarray) -> np.ndarray:
        """(len(units), DICE + 1, columns): throw values past the cap.

        The player banks after one more scoring throw; No Harm/No Foul is exact
        (the turn total plus the never-bank gain).
        """
        bank = self._bank(units)[:, None, :]
        scores = (1.0 - self.throws.bust)[None, :, None]
        forever = (units * UNIT)[:, None, None] + self._gain_forever[None, :, None]
        return np.where(self._keeps > 0, forever, scores * bank)

    def _build(self) -> None:
        th = self.throws
        size = self.top + int(th.gain.max()) + 1
        columns = len(self.columns)
        self.throw = np.zeros((size, DICE + 1, columns))
        after = np.zeros((size, DICE, columns))  # after a keep, by dice left (0: rolled out)
        beyond = np.arange(self.top + 1, size)
        self.throw[beyond] = self._beyond(beyond)
        bank = self._bank(np.arange(size))
        after[:, 1:] = np.maximum(self.throw[:, 1:DICE], bank[:, None, :])
        after[:, 0] = self.throw[:, DICE][:, self._rolled_out]
        flat = after.reshape(size * DICE, columns)
        base = th.gain * DICE + th.left
        bust = th.bust[1:, None]
        for t in range(self.top, -1, -1):
            best = np.maximum.reduceat(flat[t * DICE + base], th.starts, axis=0)
            row = th.prob @ best + bust * (self._keeps * (t * UNIT))
            self.throw[t, 1:] = row
            after[t, 1:] = np.maximum(row[: DICE - 1], bank[t])
            after[t, 0] = row[DICE - 1, self._rolled_out]

    # -- queries ------------------------------------------------------------------------

    def throw_value(self, points: int, dice: int, rules: TurnRules, earned: bool) -> float:
        """Expected turn score, under best play, when about to throw `dice` dice."""
        units = points // UNIT
        j = self._column(rules, earned)
        if units < len(self.throw):
            return float(self.throw[units, dice, j])
        return float(self._beyond(np.array([units]))[0, dice, j])

    def keep_value(
        self, points: int, dice_left: int, rules: TurnRules, earned: bool, then: str
    ) -> float:
        """Expected turn score after setting dice aside to reach `points` turn points.

        `dice_left` 0 is a roll-out: six dice must be thrown again, and a roll-out
        bonus is earned.
        """
        if then == "bank":
            return float(rules.bank(points, earned))
        if dice_left == 0:
            return self.throw_value(points, DICE, rules, True)
        return self.throw_value(points, dice_left, rules, earned)


@cache
def table(deuces: bool) -> TurnTable:
    """The table of every card's rules under one scoring, built on first use."""
    return TurnTable([r for r in ALL_RULES if r.deuces == deuces])
