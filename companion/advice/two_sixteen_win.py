"""216: the chance to win the game from the end of a turn, when the end is in reach.

The game ends at the end of a round in which someone reached the target, won by the
one highest total (a tie at the top plays another round). So what a turn is worth
near the end is not its points but where it leaves the player against the others:
- the players after this one in the round each play one turn, going for what beats the
  best total (at least the target): they get it with the chance `CHASE[need]`, the
  share of turns that add at least `need` points under play that aims for exactly
  that, fitted over turns of real games (benchmarks/two_sixteen_chase.py); otherwise
  they add what a turn short of it adds on average (`TURN`, the points a turn adds
  under the expectation advice, fitted the same way);
- at the round's end, the one highest total at or past the target wins; otherwise
  the game goes on, and each player's chance is that of a normal race: a total plus
  HELP_POINTS a Help card in hand, a turn adding TURN's mean and spread, over the
  rounds the leader still needs.
These are approximations (stated in docs/advice.md); `companion bench advice
--tourney` measures what they win against the expectation advice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.rules.two_sixteen import TwoSixteenState

MOST = 30
"""The most points one turn can add (a Triple or Sum 3/18 served with its bonus)."""
HELP_POINTS = 3.0
"""What a Help card in hand is worth, in points, to a game that goes on."""

CHASE = (
    1.0000, 0.7246, 0.7246, 0.7154, 0.6798, 0.6683, 0.6237, 0.5979,
    0.5596, 0.4488, 0.4187, 0.3523, 0.2910, 0.2195, 0.1832, 0.1772,
    0.1445, 0.0785, 0.0697, 0.0653, 0.0653, 0.0112, 0.0112, 0.0112,
    0.0112, 0.0029, 0.0029, 0.0029, 0.0029, 0.0029, 0.0029,
)
"""CHASE[x]: the chance a turn adds at least x points (0 to MOST) when played for that
(benchmarks/two_sixteen_chase.py: 300 turn starts of 400 seeded games)."""
TURN = {
    0: 0.3080, 2: 0.0289, 3: 0.0336, 4: 0.0213, 5: 0.0174, 6: 0.0117, 7: 0.0320,
    8: 0.1050, 9: 0.0325, 10: 0.0709, 11: 0.0651, 12: 0.0659, 13: 0.0424, 14: 0.0062,
    15: 0.0355, 16: 0.0566, 17: 0.0086, 18: 0.0032, 20: 0.0455, 24: 0.0062, 30: 0.0036,
}
"""Points a turn adds -> its chance, under the expectation advice (9784 turns of the
same games: 7.42 points on average)."""


def _turn_moments() -> tuple[float, float]:
    mean = sum(g * p for g, p in TURN.items())
    return mean, math.sqrt(sum((g - mean) ** 2 * p for g, p in TURN.items()))


MEAN, SPREAD = _turn_moments()


def chase(need: int) -> float:
    """The chance a turn adds at least `need` points, played for it."""
    if need <= 0:
        return 1.0
    return CHASE[need] if need <= MOST else 0.0


def short_of(need: int) -> float:
    """What a turn that adds fewer than `need` points adds on average."""
    below = [(g, p) for g, p in TURN.items() if g < need]
    weight = sum(p for _, p in below)
    return sum(g * p for g, p in below) / weight if weight else 0.0


def in_reach(state: TwoSixteenState) -> bool:
    """True when this round can end the game: someone is at the target already, or
    someone still to play in it (the seat on turn included) can reach it."""
    return (max(state.totals) >= state.target
            or max(state.totals[state.seat:]) + MOST >= state.target)


@dataclass(frozen=True)
class Standing:
    """Where the game stands for the seat on turn: the totals, the Help cards in hand,
    the target, and who still plays in this round (the seats after it)."""

    totals: tuple[int, ...]
    hands: tuple[int, ...]
    seat: int
    target: int

    @classmethod
    def of(cls, state: TwoSixteenState) -> Standing:
        return cls(state.totals, tuple(map(len, state.hands)), state.seat, state.target)

    def chance(self, points: int, spent: int, taken: int) -> float:
        """The chance to win once this turn adds `points`, spends `spent` Help cards and
        takes `taken`."""
        totals = list(self.totals)
        totals[self.seat] += points
        hands = list(self.hands)
        hands[self.seat] += taken - spent
        return self._rest(tuple(totals), tuple(hands), self.seat + 1)

    def _rest(self, totals: tuple, hands: tuple, seat: int) -> float:
        """The chance once the seats before `seat` have played this round."""
        if seat == len(totals):
            return self._round_end(totals, hands)
        best = max(t for s, t in enumerate(totals) if s != seat)
        need = max(self.target, best + 1) - totals[seat]
        p = chase(need)
        won = self._rest(_plus(totals, seat, max(need, 0)), hands, seat + 1) if p > 0 else 0.0
        if p >= 1:
            return won
        short = self._rest(_plus(totals, seat, short_of(need)), hands, seat + 1)
        return p * won + (1 - p) * short

    def _round_end(self, totals: tuple, hands: tuple) -> float:
        top = max(totals)
        if top >= self.target and totals[self.seat] < top:
            return 0.0
        if top >= self.target and totals.count(top) == 1:
            return 1.0
        return self._race(totals, hands)

    def _race(self, totals: tuple, hands: tuple) -> float:
        """The game goes on: each player's chance to lead at the end, by a normal race."""
        worth = [t + HELP_POINTS * h for t, h in zip(totals, hands)]
        rounds = max(1.0, (self.target - max(totals)) / MEAN)
        scale = SPREAD * math.sqrt(2 * rounds)
        lead = [math.prod(_phi((w - v) / scale) for j, v in enumerate(worth) if j != i)
                for i, w in enumerate(worth)]
        return lead[self.seat] / sum(lead)


def _plus(totals: tuple, seat: int, points: float) -> tuple:
    return totals[:seat] + (totals[seat] + points,) + totals[seat + 1:]


def _phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))
