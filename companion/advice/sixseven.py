"""67 Six Seven advice: every place, reroll, skill card and chase, with its exact odds.

A turn is enumerated to its end: every throw the table can make (`Throw.outcomes()`),
every card the colour holds, the lock after a chase. Each option is given, under best
play afterwards:
- the chance the turn ends on 67 (placed on the 67 space);
- the chance of a double SIX SEVEN (the game won at once);
- the expected VP of the turn: 2 for a SIX SEVEN, plus the VP the result earns in the
  round's ranking given the results already on the board, plus WIN_VP for a double.

The ranking is exact given the board: a later colour's result beats ours when it is on
the same space or a better one (a later token is ahead), and the later colours are
modelled as each finishing a turn without cards played for the best space
(`later_results`), independently; the number of them that beat a result is binomial.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from companion.rules import Action, Throw
from companion.rules.sixseven import (
    BOARD,
    FACES,
    RANK,
    SET_TO,
    SIX_SEVEN,
    SIX_SEVEN_VP,
    SixSevenState,
    position_vp,
)

from . import Advice, ranked

ODDS_LABEL = "67% dbl% VP"
"""Over the odds column: the chance to end the turn on 67, of a double SIX SEVEN (the
game won), and the VP expected; for the card taken, those of the next turn with it."""
DETAILS_ARE_ODDS = True
"""Every option's detail is in the columns ODDS_LABEL names: the label is shown."""

WIN_VP = 10.0
"""What a double SIX SEVEN is counted as worth in VP when options are ranked: more than
any round can bring (3 + 2), as it ends the game."""


@dataclass(frozen=True)
class Odds:
    """Under best play from here: expected VP, chance to end on 67, chance of a double."""

    value: float
    six_seven: float
    double: float

    def __add__(self, other: Odds) -> Odds:
        return Odds(self.value + other.value, self.six_seven + other.six_seven,
                    self.double + other.double)

    def times(self, p: float) -> Odds:
        return Odds(self.value * p, self.six_seven * p, self.double * p)


DICE = tuple(sorted({tuple(sorted((a, b))) for a in FACES for b in FACES}))
INDEX = {dice: i for i, dice in enumerate(DICE)}


class Turn:
    """The rest of one colour's turn, solved exactly, with `leaf(result)` as a result's worth.

    Rerolls can come back to the same dice (doubles rerolled into doubles), so each
    layer of decisions with the same cards in hand and the same lock is a small Markov
    decision process over the 21 pairs of dice, solved by policy iteration: each
    policy's odds come from one linear solve, exact up to rounding. Cards lead to a
    layer with fewer cards, the chase to the locked layer, both solved first.
    """

    def __init__(self, state: SixSevenState, leaf, win: float = WIN_VP):
        self.state = state
        self.leaf = leaf
        self.won = Odds(win, 0.0, 1.0)
        self.layers: dict = {}
        self.policies: dict = {}

    def decide(self, dice, hand, chased) -> Odds:
        values = self.layer(hand, chased)
        i = INDEX[dice]
        return Odds(*(float(v) for v in values[:, i]))

    def actions(self, dice, hand, chased) -> tuple[Action, ...]:
        hands = list(self.state.hands)
        hands[self.state.colour] = hand
        return replace(self.state, phase="decide", dice=dice, hands=tuple(hands),
                       chased=chased).legal_actions()

    def option(self, dice, hand, chased, action: Action) -> Odds:
        """The odds of one legal action at the decision (dice, hand, chased)."""
        const, moves = self._step(dice, hand, chased, action)
        values = self.layer(hand, chased)
        return const + Odds(*(float(values[k] @ moves) for k in range(3)))

    def throw(self, kept, hand, chased) -> Odds:
        """Odds before a throw of the dice not kept."""
        const, moves = self._throw(kept, hand, chased, np.zeros(len(DICE)))
        values = self.layer(hand, chased)
        return const + Odds(*(float(values[k] @ moves) for k in range(3)))

    def layer(self, hand, chased) -> np.ndarray:
        """(value, 67, double) of every pair of dice in this layer, under best play."""
        key = hand, chased
        if key not in self.layers:
            self.layers[key] = self._solve(hand, chased)
        return self.layers[key]

    def _solve(self, hand, chased) -> np.ndarray:
        steps = [[self._step(d, hand, chased, a) for a in self.actions(d, hand, chased)]
                 for d in DICE]
        policy = [max(range(len(options)), key=lambda j, o=options: o[j][0].value)
                  for options in steps]
        while True:
            const = np.array([[getattr(steps[i][j][0], f) for i, j in enumerate(policy)]
                              for f in ("value", "six_seven", "double")])
            moves = np.array([steps[i][j][1] for i, j in enumerate(policy)])
            values = np.linalg.solve(np.eye(len(DICE)) - moves, const.T).T
            better = []
            for i, options in enumerate(steps):
                worth = [c.value + values[0] @ m for c, m in options]
                j = max(range(len(worth)), key=worth.__getitem__)
                better.append(j if worth[j] > worth[policy[i]] + 1e-12 else policy[i])
            if better == policy:
                self.policies[hand, chased] = [steps[i][j] for i, j in enumerate(policy)]
                return values
            policy = better

    def _step(self, dice, hand, chased, action: Action):
        """(odds gained outside this layer, chances of each pair of dice in it)."""
        moves = np.zeros(len(DICE))
        if action.kind == "place":
            result = action["result"]
            return Odds(self.leaf(result), float(result == 67), 0.0), moves
        if action.kind == "reroll":
            if dice == SIX_SEVEN and not chased:  # the chase: into the locked layer
                return self.throw((), hand, True), moves
            return self._throw(_minus(dice, action["dice"]), hand, chased, moves)
        card = action["card"]
        left = list(hand)
        left.remove(card)
        left = tuple(left)
        if card == "Reroll 2":
            return self.throw((), left, chased), moves
        if card == "Reroll 1":
            return self.throw(_minus(dice, (action["die"],)), left, chased), moves
        changed = list(dice)
        changed[changed.index(action["die"])] = SET_TO.get(card, action.get("to"))
        changed = tuple(sorted(changed))
        bonus = Odds(SIX_SEVEN_VP, 0.0, 0.0) if changed == SIX_SEVEN else Odds(0.0, 0.0, 0.0)
        return bonus + self.decide(changed, left, chased), moves

    def _throw(self, kept, hand, chased, moves):
        """A throw within this layer: odds gained at once, and where the dice land."""
        const = Odds(0.0, 0.0, 0.0)
        for outcome, p in _outcomes(2 - len(kept)):
            dice = tuple(sorted(kept + outcome))
            if dice == SIX_SEVEN:
                if chased:
                    const += self.won.times(p)
                    continue
                const += Odds(SIX_SEVEN_VP * p, 0.0, 0.0)
            moves[INDEX[dice]] += p
        return const, moves


@cache
def _outcomes(count: int) -> tuple:
    return tuple(Throw(count, faces=FACES).outcomes())


def _minus(dice, rerolled) -> tuple[int, ...]:
    return tuple(sorted((Counter(dice) - Counter(rerolled)).elements()))


@cache
def later_results() -> tuple[float, ...]:
    """The chance a later colour's turn ends on each space of BOARD (by RANK): a turn
    without cards, played for the best space, a 67 placed, not chased."""
    from companion.rules.sixseven import GAME

    turn = Turn(GAME.new(3), lambda result: -float(RANK[result]), win=-1e6)
    turn.layer((), False)
    chosen = turn.policies[(), False]
    moves = np.array([m for _, m in chosen])
    ends = np.zeros((len(DICE), len(BOARD)))
    for i, (odds, _) in enumerate(chosen):
        if not moves[i].any():  # a place: its leaf is minus the space's rank
            ends[i, int(round(-odds.value))] = 1.0
    absorbed = np.linalg.solve(np.eye(len(DICE)) - moves, ends)
    start = np.zeros(len(DICE))
    for outcome, p in _outcomes(2):
        start[INDEX[outcome]] += p
    return tuple(float(x) for x in start @ absorbed)


def ranking_vp(state: SixSevenState, result: int) -> float:
    """The VP a result is expected to earn in this round's ranking, given the board."""
    later = state.colours - len(state.board) - 1
    beats = sum(later_results()[: RANK[result] + 1])  # a later token on the same space is ahead
    ahead = sum(1 for placed, _ in state.board if RANK[placed] < RANK[result])
    return sum(
        math.comb(later, k) * beats**k * (1 - beats) ** (later - k)
        * position_vp(ahead + k, state.colours)
        for k in range(later + 1))


def advise(state: SixSevenState) -> list[Advice]:
    """The legal options of `state`, best first; [] while the table throws or reveals."""
    if state.phase == "decide":
        turn = Turn(state, cache(lambda result: ranking_vp(state, result)))
        options = []
        for action in state.legal_actions():
            odds = turn.option(state.dice, state.hand, state.chased, action)
            options.append((action, state.label(action), odds.value, None, _words(odds)))
        return _with_details(options)
    if state.phase == "take":
        fresh = replace(state, board=(), phase="decide")
        options = []
        for action in state.legal_actions():
            odds = _fresh_turn(fresh, state.hand + (action["card"],))
            options.append((action, state.label(action), odds.value, None, _words(odds)))
        return _with_details(options)
    return []


def _fresh_turn(state: SixSevenState, hand: tuple[str, ...]) -> Odds:
    """A whole turn from the first throw with `hand`, the board empty."""
    turn = Turn(state, cache(lambda result: ranking_vp(state, result)))
    return turn.throw((), tuple(sorted(hand)), False)


def _words(odds: Odds) -> str:
    """What the menu shows beside an option, in the columns ODDS_LABEL names: the
    chance in percent to end on 67, of a double SIX SEVEN, and the VP: "31 2.1 2.4"."""
    return f"{odds.six_seven * 100:.0f} {_percent(odds.double)} {odds.value:.1f}"


def _percent(p: float) -> str:
    """A chance in percent, a decimal below 10 (a double is rare): "0", "2.1", "17"."""
    if p == 0:
        return "0"
    return f"{p * 100:.1f}" if p < 0.1 else f"{p * 100:.0f}"


def _with_details(options: list) -> list[Advice]:
    details = {id(action): detail for action, *_, detail in options}
    return [replace(advice, detail=details[id(advice.action)])
            for advice in ranked([option[:4] for option in options])]
