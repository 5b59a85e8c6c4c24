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
from functools import cache, lru_cache

import numpy as np

from companion.rules import Action, Throw
from companion.rules.sixseven import (
    BOARD,
    CARD_NAMES,
    FACES,
    GAME,
    ONE_ROLL,
    RANK,
    ROUNDS,
    SET_TO,
    SIX_SEVEN,
    SIX_SEVEN_VP,
    At,
    SixSevenState,
    position_vp,
)

from . import Advice, percent, ranked, sixseven_win

ODDS_LABEL = "67% dbl% VP"
"""Over the odds column: the chance to end the turn on 67, of a double SIX SEVEN (the
game won), and the VP expected; for the card taken, those of the next turn with it."""
DETAILS_ARE_ODDS = True
"""Every option's detail is in the columns ODDS_LABEL names: the label is shown."""

AIMS = ("win", "points")
"""What the advice plays for: the win in the 7th round (else VP), or the expected VP
of the turn always (the advice before the win was counted, kept for `companion bench
advice --tourney` to measure against)."""
WIN_VP = 10.0
"""What a double SIX SEVEN is counted as worth in VP when options are ranked: more than
any round can bring (3 + 2), as it ends the game."""


@dataclass(frozen=True)
class Odds:
    """Under best play from here: expected VP, chance to end on 67, chance of a double."""

    value: float
    six_seven: float
    double: float


DICE = tuple(sorted({tuple(sorted((a, b))) for a in FACES for b in FACES}))
INDEX = {dice: i for i, dice in enumerate(DICE)}


def hand_key(hand) -> tuple[str, ...]:
    """One name for a hand, whatever order its cards were listed in."""
    return tuple(sorted(hand, key=CARD_NAMES.index))


@cache
def _throw(kept: tuple[int, ...], chased: bool) -> tuple[float, float, np.ndarray]:
    """A throw of the dice not kept: (VP gained at once, chance of a double SIX SEVEN,
    chance of each pair of dice to decide on next)."""
    moves = np.zeros(len(DICE))
    for outcome, p in Throw(2 - len(kept), faces=FACES).outcomes():
        moves[INDEX[tuple(sorted(kept + outcome))]] += p
    six_seven = float(moves[INDEX[SIX_SEVEN]])
    if chased:  # after the chase a 67 wins at once: nothing left to decide
        moves[INDEX[SIX_SEVEN]] = 0.0
        return 0.0, six_seven, moves
    return SIX_SEVEN_VP * six_seven, 0.0, moves


class Layer:
    """Every option of one layer of a turn (the cards held, the lock after a chase), as
    matrices, whatever the results are worth: built once per process and hand.

    The options at the dice DICE[i] are `actions[i]`, rows first[i] to first[i + 1].
    Option o is worth `bonus[o] + wins[o] * (win, 0, 1) + places[o] @ (the results'
    worth) + sum over sub-layers of subs[key][o] @ (that layer's odds)`, plus
    `moves[o] @ (this layer's odds)` for a throw within the layer.
    """

    def __init__(self, hand: tuple[str, ...], chased: bool, chase: str = ONE_ROLL):
        template = GAME.new(3, {"chase": chase})  # colour 0 decides: only its hand matters
        hands = (hand,) + template.hands[1:]
        self.actions = [replace(template, phase=At.DECIDE, dice=d, hands=hands,
                                chased=chased).legal_actions() for d in DICE]
        self.first = [0]
        for actions in self.actions:
            self.first.append(self.first[-1] + len(actions))
        count = self.first[-1]
        self.bonus = np.zeros((count, 3))
        self.wins = np.zeros(count)
        self.places = np.zeros((count, len(BOARD)))
        self.moves = np.zeros((count, len(DICE)))
        self.subs: dict[tuple, np.ndarray] = {}
        self.result: list[int | None] = [None] * count  # what a place option places
        for i, dice in enumerate(DICE):
            for o, action in enumerate(self.actions[i], start=self.first[i]):
                self._add(o, dice, hand, chased, chase, action)

    def _add(self, o, dice, hand, chased, chase, action: Action) -> None:
        if action.kind == "place":
            result = action["result"]
            self.result[o] = result
            self.places[o, RANK[result]] = 1.0
            return
        if action.kind == "reroll":
            if dice == SIX_SEVEN and not chased:  # the chase: into the locked layer
                self._thrown(o, (), ((), True, chase))
            else:
                self._thrown(o, _minus(dice, action["dice"]), None, chased)
            return
        card = action["card"]
        left = list(hand)
        left.remove(card)
        sub = (tuple(left), chased, chase)
        if card == "Reroll 2":
            self._thrown(o, (), sub)
        elif card == "Reroll 1":
            self._thrown(o, _minus(dice, (action["die"],)), sub)
        else:
            changed = list(dice)
            changed[changed.index(action["die"])] = SET_TO.get(card, action.get("to"))
            changed = tuple(sorted(changed))
            if changed == SIX_SEVEN:
                self.bonus[o, 0] += SIX_SEVEN_VP
            self._sub(sub)[o, INDEX[changed]] = 1.0

    def _thrown(self, o, kept, sub, chased=None) -> None:
        """Option o throws the dice not kept, into `sub` (or within this layer)."""
        vp, wins, moves = _throw(kept, sub[1] if sub else chased)
        self.bonus[o, 0] += vp
        self.wins[o] += wins
        if sub is None:
            self.moves[o] = moves
        else:
            self._sub(sub)[o] = moves

    def _sub(self, key) -> np.ndarray:
        if key not in self.subs:
            self.subs[key] = np.zeros((self.first[-1], len(DICE)))
        return self.subs[key]


@lru_cache(maxsize=128)
def layer_of(hand: tuple[str, ...], chased: bool, chase: str = ONE_ROLL) -> Layer:
    """The layer of a hand, kept: a game meets few hands (bounded for a box that runs
    for months; six cards of six kinds have 64 sub-hands). `chase` is the table's
    option S5: after the chase, one roll or rerolls as usual."""
    return Layer(hand, chased, chase)


def _key(hand, chased, chase=ONE_ROLL) -> tuple[tuple[str, ...], bool, str]:
    """After the chase no card is played: every hand is the same locked layer."""
    return ((), True, chase) if chased else (hand_key(hand), False, chase)


class Turn:
    """The rest of one colour's turn, solved exactly, given `leaf` (the worth of each
    space of BOARD, by RANK), `win` (the worth of a double SIX SEVEN), `locked` (the
    worth of each space once the chase has locked the cards: `leaf` unless given) and
    `six_seven` (the worth of a SIX SEVEN thrown or made: its VP, or 0 where the leaves
    count it, as the chances to win do).

    Rerolls can come back to the same dice (doubles rerolled into doubles), so each
    layer of decisions with the same cards in hand and the same lock is a small Markov
    decision process over the 21 pairs of dice, solved by policy iteration: each
    policy's odds come from one linear solve, exact up to rounding. Cards lead to a
    layer with fewer cards, the chase to the locked layer, both solved first. Layers
    solved are kept: every query of one turn (same board) shares them (`turn_for`).
    """

    def __init__(self, leaf: tuple[float, ...], win: float = WIN_VP,
                 locked: tuple[float, ...] | None = None, six_seven: float = SIX_SEVEN_VP):
        self.leaf = self._ends(leaf)
        self.locked = self.leaf if locked is None else self._ends(locked)
        self.win = np.array([win, 0.0, 1.0])
        self.bonus = np.array([six_seven / SIX_SEVEN_VP, 1.0, 1.0])
        self.values: dict = {}  # (hand, chased) -> (3, 21) odds of each pair of dice
        self.worth: dict = {}  # (hand, chased) -> (options, 3) odds outside the layer
        self.policies: dict = {}  # (hand, chased) -> the option chosen at each pair

    @staticmethod
    def _ends(leaf: tuple[float, ...]) -> np.ndarray:
        return np.array([[v, float(r == 67), 0.0] for v, r in zip(leaf, BOARD)])

    def option(self, dice, hand, chased, action: Action, chase: str = ONE_ROLL) -> Odds:
        """The odds of one legal action at the decision (dice, hand, chased), under the
        table's `chase` option."""
        key = _key(hand, chased, chase)
        values = self.layer(*key)
        structure = layer_of(*key)
        i = INDEX[dice]
        o = structure.first[i] + structure.actions[i].index(action)
        return Odds(*(self.worth[key][o] + values @ structure.moves[o]).tolist())

    def throw(self, kept, hand, chased, chase: str = ONE_ROLL) -> Odds:
        """Odds before a throw of the dice not kept."""
        vp, wins, moves = _throw(tuple(kept), chased)
        values = self.layer(*_key(hand, chased, chase))
        return Odds(*(vp * np.array([1.0, 0.0, 0.0]) * self.bonus + wins * self.win
                      + values @ moves).tolist())

    def layer(self, hand, chased, chase: str = ONE_ROLL) -> np.ndarray:
        """(value, 67, double) of every pair of dice in this layer, under best play."""
        key = _key(hand, chased, chase)
        if key not in self.values:
            self.values[key] = self._solve(key)
        return self.values[key]

    def _solve(self, key) -> np.ndarray:
        structure = layer_of(*key)
        leaf = self.locked if key[1] else self.leaf
        worth = (structure.bonus * self.bonus + np.outer(structure.wins, self.win)
                 + structure.places @ leaf)
        for sub, weights in structure.subs.items():
            worth += weights @ self.layer(*sub).T
        self.worth[key] = worth
        first = structure.first
        now = worth[:, 0].tolist()
        policy = [max(range(first[i], first[i + 1]), key=now.__getitem__)
                  for i in range(len(DICE))]
        identity = np.eye(len(DICE))
        while True:
            values = np.linalg.solve(identity - structure.moves[policy], worth[policy])
            total = (worth[:, 0] + structure.moves @ values[:, 0]).tolist()
            better = []
            for i, chosen in enumerate(policy):
                j = max(range(first[i], first[i + 1]), key=total.__getitem__)
                better.append(j if total[j] > total[chosen] + 1e-12 else chosen)
            if better == policy:
                self.policies[key] = policy
                return values.T
            policy = better


@lru_cache(maxsize=32)
def turn_for(leaf: tuple[float, ...], win: float = WIN_VP,
             locked: tuple[float, ...] | None = None, six_seven: float = SIX_SEVEN_VP) -> Turn:
    """The Turn for results worth `leaf` (see Turn): kept, so the queries of one turn,
    and of every turn on the same board, solve each layer once."""
    return Turn(leaf, win, locked, six_seven)


def _minus(dice, rerolled) -> tuple[int, ...]:
    return tuple(sorted((Counter(dice) - Counter(rerolled)).elements()))


@cache
def later_results() -> tuple[float, ...]:
    """The chance a later colour's turn ends on each space of BOARD (by RANK): a turn
    without cards, played for the best space, a 67 placed, not chased."""
    turn = Turn(tuple(-float(rank) for rank in range(len(BOARD))), win=-1e6)
    turn.layer((), False)
    structure = layer_of((), False)
    policy = turn.policies[(), False, ONE_ROLL]  # (never chased: the option does not matter)
    ends = np.zeros((len(DICE), len(BOARD)))
    for i, o in enumerate(policy):
        if structure.result[o] is not None:
            ends[i, RANK[structure.result[o]]] = 1.0
    absorbed = np.linalg.solve(np.eye(len(DICE)) - structure.moves[policy], ends)
    return tuple(float(x) for x in _throw((), False)[2] @ absorbed)


def prepare() -> None:
    """What every query needs first, built ahead (`companion.advice.prepare_in_background`):
    the later colours' results, and their fixed samples for games of five or six colours."""
    for colours in (4, 5):
        sixseven_win.sample(later_results(), colours)


def ranking_vp(state: SixSevenState, result: int) -> float:
    """The VP a result is expected to earn in this round's ranking, given the board."""
    return _ranking_vp(state.colours, tuple(r for r, _ in state.board), result)


def _ranking_vp(colours: int, placed: tuple[int, ...], result: int) -> float:
    later = colours - len(placed) - 1
    beats = sum(later_results()[: RANK[result] + 1])  # a later token on the same space is ahead
    ahead = sum(1 for other in placed if RANK[other] < RANK[result])
    return sum(
        math.comb(later, k) * beats**k * (1 - beats) ** (later - k)
        * position_vp(ahead + k, colours)
        for k in range(later + 1))


@lru_cache(maxsize=64)
def leaf_of(colours: int, placed: tuple[int, ...]) -> tuple[float, ...]:
    """What each space of BOARD earns in this round's ranking, given the results placed."""
    return tuple(_ranking_vp(colours, placed, result) for result in BOARD)


def _turn(state: SixSevenState, aim: str = "points") -> Turn:
    if aim == "win" and in_reach(state):
        without, with_one = _win_leaves(state)
        return turn_for(without, 1.0, with_one, 0.0)
    return turn_for(leaf_of(state.colours, tuple(r for r, _ in state.board)))


def in_reach(state: SixSevenState) -> bool:
    """True in the 7th round, the last: the advice plays for the win there."""
    return state.round == ROUNDS


def _win_leaves(state: SixSevenState):
    """The chances to win by space, without and with a SIX SEVEN this turn, from the VP
    before any SIX SEVEN of this turn (one is already counted at a 67 or after the chase)."""
    counted = state.chased or state.dice == SIX_SEVEN
    vp = tuple(v - SIX_SEVEN_VP * (counted and c == state.colour)
               for c, v in enumerate(state.vp))
    return _leaves(replace(state, vp=vp, dice=(), hands=(), phase=At.THROW))


@lru_cache(maxsize=32)
def _leaves(state: SixSevenState):
    return sixseven_win.leaves(state, later_results())


def advise(state: SixSevenState, aim: str = "win") -> list[Advice]:
    """The legal options of `state`, best first; [] while the table throws or reveals.
    In the 7th round (aim "win") by the chance to win the game, else by VP."""
    if aim not in AIMS:
        raise ValueError(f"no aim {aim!r}; aims: {', '.join(AIMS)}")
    if state.phase == At.DECIDE:
        turn = _turn(state, aim)
        winning = aim == "win" and in_reach(state)
        options = []
        for action in state.legal_actions():
            odds = turn.option(state.dice, state.hand, state.chased, action, state.chase)
            options.append((action, state.label(action), odds.value, None,
                            _words(odds, winning)))
        return _with_details(options)
    if state.phase == At.TAKE:
        fresh = replace(state, board=(), phase=At.DECIDE)
        options = []
        for action in state.legal_actions():
            odds = _fresh_turn(fresh, state.hand + (action["card"],), state.chase)
            options.append((action, state.label(action), odds.value, None, _words(odds)))
        return _with_details(options)
    return []


def _fresh_turn(state: SixSevenState, hand: tuple[str, ...], chase: str) -> Odds:
    """A whole turn from the first throw with `hand`, the board empty."""
    return _turn(state).throw((), hand, False, chase)


def _words(odds: Odds, winning: bool = False) -> str:
    """What the menu shows beside an option, in the columns ODDS_LABEL names: the
    chance in percent to end on 67, of a double SIX SEVEN, and the VP: "31 2.1 2.4";
    when playing for the win, the chance to win instead of the VP: "31 2.1 win 54%"."""
    last = f"win {percent(odds.value)}" if winning else f"{odds.value:.1f}"
    return f"{odds.six_seven * 100:.0f} {_percent(odds.double)} {last}"


def _percent(p: float) -> str:
    """A chance in percent, a decimal below 10 (a double is rare): "0", "2.1", "17"."""
    if p == 0:
        return "0"
    return f"{p * 100:.1f}" if p < 0.1 else f"{p * 100:.0f}"


def _with_details(options: list) -> list[Advice]:
    details = {id(action): detail for action, *_, detail in options}
    return [replace(advice, detail=details[id(advice.action)])
            for advice in ranked([option[:4] for option in options])]
