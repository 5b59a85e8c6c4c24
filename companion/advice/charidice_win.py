"""Charidice: the chance to win the game from the end of a turn, in the final round.

A turn ends in points scored p and a donation g to the player on the left (doubled
under the greatest of gifts, for both sheets). Who wins depends on both, and on the
charity bonus the donations race for, so near the end a keep is ranked by the chance
to win it leads to, not by its points:
- on the game's last turn nothing comes after, so the chance is exact: 1, 0, or a
  share of a tie;
- otherwise every turn still to play is taken to score and donate what a turn does
  under the expectation advice on average (`TURN_POINTS`, `TURN_GIVEN`: mean and
  spread, fitted over seeded games), independently; each player's final score is then
  a normal variable, the top donor gets the charity bonus (by the same race over the
  donations), and the chance to win is that of ending ahead of each other player.
`Standing.grid()` gives the chance for every (p, g) at once, which the advisor's
solver looks up for every final position of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.rules.charidice import CHARITY, GIFT, ROUNDS, CharidiceState

MOST_POINTS = 6 * 6 + 60
"""Six 6s each of another colour: the most a turn can score."""
MOST_GIVEN = 6 * 12
"""Six 6s not scored (a 6 donated counts double): the most a turn can donate."""
TURN_POINTS = (31.2, 15.0)
"""What a turn scores (points and bonus) under the expectation advice: mean, spread."""
TURN_GIVEN = (7.9, 5.8)
"""What a turn donates under the expectation advice: mean, spread."""


@dataclass(frozen=True)
class Standing:
    """The game as the seat on turn sees it: scores and donations so far, the turns
    each seat still plays after this one, and whether this turn's gift is doubled."""

    scores: tuple[int, ...]
    donated: tuple[int, ...]
    turns: tuple[int, ...]
    seat: int
    gift: int

    @classmethod
    def of(cls, state: CharidiceState) -> Standing:
        turns = tuple(ROUNDS - state.round + (seat > state.seat) for seat in range(state.players))
        return cls(state.scores(), state.donated(), turns, state.seat,
                   GIFT if state.gift else 1)

    def grid(self) -> np.ndarray:
        """(MOST_POINTS + 1, MOST_GIVEN + 1): the chance to win once this turn scores p
        and donates g (before any gift's doubling)."""
        p = np.arange(MOST_POINTS + 1, dtype=float)[:, None]
        g = np.arange(MOST_GIVEN + 1, dtype=float)[None, :] * self.gift
        players = len(self.scores)
        left = (self.seat + 1) % players
        zero = np.zeros((len(p), g.shape[1]))
        mean_p, spread_p = TURN_POINTS
        mean_g, spread_g = TURN_GIVEN
        scores, donated, spread, gives_spread = [], [], [], []
        for j in range(players):
            right = (j - 1) % players
            score = zero + self.scores[j] + self.turns[j] * mean_p + self.turns[right] * mean_g
            score = score + (p if j == self.seat else 0) + (g if j == left else 0)
            scores.append(score)
            donated.append(zero + self.donated[j] + self.turns[j] * mean_g
                           + (g if j == self.seat else 0))
            spread.append(self.turns[j] * spread_p ** 2 + self.turns[right] * spread_g ** 2)
            gives_spread.append(self.turns[j] * spread_g ** 2)
        top = np.max(donated, axis=0)
        charity = np.where(top > CHARITY[2], CHARITY[1], np.where(top > 0, CHARITY[0], 0))
        chance = zero
        for c in range(players):  # who gets the charity bonus
            gets = _lead_chance(donated, gives_spread, c)
            if not np.any(gets):
                continue
            # everyone level with the top donor shares it, none when nobody gave (C11, C12)
            finals = [s + charity * (donated[j] == donated[c]) for j, s in enumerate(scores)]
            chance = chance + gets * _lead_chance(finals, spread, self.seat)
        return chance


def _lead_chance(values: list, spreads: list, i: int) -> np.ndarray:
    """The chance that value i ends ahead of each other one (level: half), each ending
    normal with these variances, the comparisons taken as independent. With nothing
    left to play this is exact for two players."""
    chance = np.ones_like(values[i])
    for j, value in enumerate(values):
        if j != i:
            chance = chance * _phi(values[i] - value, spreads[i] + spreads[j])
    return chance


def _phi(difference: np.ndarray, variance: float) -> np.ndarray:
    """P(difference + noise > 0) for noise of this variance; a tie counts half."""
    if variance <= 0:
        return np.where(difference > 0, 1.0, np.where(difference == 0, 0.5, 0.0))
    x = difference / np.sqrt(2 * variance)
    t = 1 / (1 + 0.3275911 * np.abs(x))  # Abramowitz and Stegun 7.1.26, error < 2e-7
    erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (
        -1.453152027 + t * 1.061405429)))) * np.exp(-x * x)
    return 0.5 * (1 + np.sign(x) * erf)
