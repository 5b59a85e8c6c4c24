"""Charidice advice: each keep by the expected points of the turn, each score by its points.

Exact over the throws left, given the dice table the game is played with (its state's
`table`: the shipped `DICE` or a player's own copy): a turn's state is the face each of
the six dice shows, 6^6 = 46,656 of them. `tables(dice)` holds, for every state
and throws left, the best expected points and the donation that best play leads to;
the expectation over any dice kept comes from one array indexed by the face of each
die, or "thrown" (7^6 entries): an average over each die's faces, one die at a time.
The tables are built once per distinct dice table (`DICES` tables kept); the shipped
table's are built ahead at boot (`prepare`).

Best play maximises the active player's own points of the turn (scored + bonus);
between scores worth the same it donates less, and between a score and a keep worth
the same it scores. The greatest of gifts is another seat's request: never ranked.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import combinations

import numpy as np

from companion.rules import Action, actor
from companion.rules.charidice import (
    COLOUR_BONUS,
    COLOURS,
    DICE,
    GIFT,
    NUMBER_BONUS,
    ROUNDS,
    THROWS,
    CharidiceState,
    Face,
    donation,
    faces_of,
    points,
)

from . import Advice, percent, ranked
from .charidice_win import MOST_GIVEN, MOST_POINTS, TURN_GIVEN, Standing

AIMS = ("win", "points")
"""What the advice plays for: the win in the last REACH rounds (else points), or the
expected points of the turn always (the advice before the win was counted, kept for
`companion bench advice --tourney` to measure against)."""
REACH = 1
"""The last rounds, counted back from the 7th, in which the advice plays for the win."""
FREE = 6
NONE = MOST_POINTS + 1
"""The points of a score that is not legal: a row of the win grid worth -1."""
"""The index of a die that is thrown, not kept, in the expectation arrays."""
N = len(DICE)
DICES = 4
"""How many dice tables' advice tables are kept: the shipped one and a few players' own."""
Dice = tuple[tuple[Face, ...], ...]
"""Each die's six (value, colour) faces: a game's `state.table.dice`."""


@dataclass(frozen=True)
class Tables:
    """For 0, 1 and 2 throws left (index): expected points and donations by partial dice.

    `points[t]` and `given[t]` are (7,)*6 arrays: the face index of each die kept, or
    FREE for a die about to be thrown, under best play with t more decisions to make
    after that throw. The donations are before any greatest of gifts."""

    points: tuple[np.ndarray, ...]
    given: tuple[np.ndarray, ...]

    dice: Dice

    def keep(self, kept, throws_left: int) -> tuple[float, float]:
        """Expected (points, donation) of keeping `kept` with `throws_left` throws to come."""
        at, t = _at(self.dice, kept), throws_left - 1
        return float(self.points[t][at]), float(self.given[t][at])


def _faces_grid(dice: Dice) -> tuple[np.ndarray, np.ndarray]:
    """Value and colour index of each die in every state: two (6, 46656) arrays."""
    digits = np.indices((6,) * N).reshape(N, -1)
    values = np.array([[v for v, _ in die] for die in dice])
    colours = np.array([[COLOURS.index(c) for _, c in die] for die in dice])
    rows = np.arange(N)[:, None]
    return values[rows, digits], colours[rows, digits]


def _weight(values: np.ndarray) -> np.ndarray:
    """What dice are worth to the player on the left (5s and 6s doubled)."""
    return np.array([donation([(v, "")]) for v in range(7)])[values]


@cache
def _best_colour() -> tuple[np.ndarray, np.ndarray]:
    """For each set of numbers one colour shows (a bitmask): the best score of that
    colour alone, and the weight its dice take from the donation; -1 if there is none."""
    best_points, best_weight = np.full(64, -1), np.zeros(64, dtype=int)
    for mask in range(64):
        values = [v for v in range(1, 7) if mask >> (v - 1) & 1]
        for n in range(4, len(values) + 1):
            for chosen in combinations(values, n):
                pts = sum(points("colour", tuple((v, "blue") for v in chosen)))
                weight = donation((v, "") for v in chosen)
                if (pts, weight) > (best_points[mask], best_weight[mask]):
                    best_points[mask], best_weight[mask] = pts, weight
    return best_points, best_weight


def candidates(dice: Dice) -> tuple[np.ndarray, np.ndarray]:
    """The scores that can be the best by points in every state after the last throw:
    (points, donation), each (candidates, 46656), -1 points where there is none: one
    die of each colour, the highest; each number four, five or six times; each
    colour's best."""
    values, colours = _faces_grid(dice)
    weights = _weight(values)
    total = weights.sum(axis=0)
    candidates = []  # (points, weight of the dice scored)
    tops = np.stack([np.where(colours == c, values, 0).max(axis=0) for c in range(6)])
    candidates.append((tops.sum(axis=0), _weight(tops).sum(axis=0)))  # one of each colour
    for v in range(1, 7):
        count = (values == v).sum(axis=0)
        for n, bonus in NUMBER_BONUS.items():
            weight = np.full(count.shape, n * donation([(v, "")]))
            candidates.append((np.where(count >= n, n * v + bonus, -1), weight))
    best_points, best_weight = _best_colour()
    for c in range(6):
        mask = np.where(colours == c, 1 << (values - 1), 0).sum(axis=0)
        candidates.append((best_points[mask], best_weight[mask]))
    pts = np.stack([p for p, _ in candidates])
    given = total - np.stack([w for _, w in candidates])
    return pts, given


def final_scores(dice: Dice) -> tuple[np.ndarray, np.ndarray]:
    """The best score of every state after the last throw and what it donates, (46656,):
    the most points, and between equal points the least donation."""
    pts, given = candidates(dice)
    choice = (pts * 1000 - given).argmax(axis=0)
    columns = np.arange(pts.shape[1])
    return pts[choice, columns].astype(float), given[choice, columns].astype(float)


def _expected(table: np.ndarray) -> np.ndarray:
    """(6,)*6 -> (7,)*6: FREE on an axis is the average over that die's faces."""
    for axis in range(N):
        table = np.concatenate([table, table.mean(axis=axis, keepdims=True)], axis=axis)
    return table


@lru_cache(maxsize=DICES)
def every_score(dice: Dice) -> np.ndarray:
    """Every legal score in every state after the last throw, (85, 46656): for each set
    of dice (a bitmask over the six) scored as dice each of a different colour, and for
    each of four dice or more scored as one colour, the flat index of (points, donation
    before any gift) in a (NONE + 1, MOST_GIVEN + 1) grid; where the score is not legal,
    a point in the grid's row NONE."""
    values, colours = _faces_grid(dice)
    weights = _weight(values)
    total = weights.sum(axis=0)
    found = []
    for way in ("different", "colour"):
        for mask in range(1, 2**N):
            chosen = [d for d in range(N) if mask >> d & 1]
            n = len(chosen)
            if way == "colour" and n < 4:
                continue
            v, c = values[chosen], colours[chosen]
            if way == "different":
                legal = np.bitwise_or.reduce(1 << c, axis=0) == (1 << c).sum(axis=0)
                same = (v == v[0]).all(axis=0)
                pts = v.sum(axis=0) + np.where(same, NUMBER_BONUS.get(n, 0), 0)
            else:
                legal = (c == c[0]).all(axis=0)
                straight = v.max(axis=0) - v.min(axis=0) == n - 1
                pts = v.sum(axis=0) + np.where(straight, COLOUR_BONUS.get((n, True), 0),
                                               COLOUR_BONUS.get((n, False), 0))
            given = total - weights[chosen].sum(axis=0)
            found.append(np.where(legal, pts, NONE) * (MOST_GIVEN + 1) + given)
    return np.stack(found).astype(np.int16)


@cache
def keep_index() -> np.ndarray:
    """(63, 46656): for each choice of dice to keep (a bitmask over the dice, all six
    excepted) and each state, the flat index of what is kept in a (7,)*6 array."""
    digits = np.indices((6,) * N).reshape(N, -1)
    strides = (FREE + 1) ** np.arange(N - 1, -1, -1)[:, None]
    kept = [np.where(np.array([mask >> d & 1 for d in range(N)])[:, None] == 1, digits, FREE)
            for mask in range(2**N - 1)]
    return np.stack([(k * strides).sum(axis=0) for k in kept]).astype(np.int32)


def _decide(now: np.ndarray, given: np.ndarray, later: np.ndarray, later_given: np.ndarray):
    """Best play at a decision: score `now`, or keep any 0 to 5 dice and take `later`."""
    index = keep_index()
    options = np.vstack([now.ravel()[None], later.ravel()[index]])
    gifts = np.vstack([given.ravel()[None], later_given.ravel()[index]])
    choice = options.argmax(axis=0)  # the first best: scoring before keeping
    columns = np.arange(options.shape[1])
    shape = (6,) * N
    return options[choice, columns].reshape(shape), gifts[choice, columns].reshape(shape)


def prepare(dice: Dice = DICE) -> None:
    """Build every table of this dice table once (`companion.advice.prepare_in_background`
    calls this at boot for the shipped dice, so that no press waits for them; every query
    calls it too, with its game's dice, and a query made while the tables are being built
    waits for that build rather than making its own)."""
    with _BUILDING:
        tables(dice)
        every_score(dice)


_BUILDING = threading.Lock()


@lru_cache(maxsize=DICES)
def tables(dice: Dice) -> Tables:
    """Every table of this dice table, built once (see `companion bench advice` for the
    time it takes)."""
    pts, given = (a.reshape((6,) * N) for a in final_scores(dice))
    exp_points, exp_given = [_expected(pts)], [_expected(given)]
    for _ in range(THROWS - 1):
        pts, given = _decide(pts, given, exp_points[-1], exp_given[-1])
        exp_points.append(_expected(pts))
        exp_given.append(_expected(given))
    return Tables(tuple(exp_points), tuple(exp_given), dice)


def win_tables(standing: Standing, dice: Dice) -> tuple[np.ndarray, ...]:
    """For 0 and 1 throws left after the next (index): the chance to win by partial
    dice, (7,)*6 as in `Tables`, under the play that makes it largest."""
    return _win_tables(standing, dice)


@lru_cache(maxsize=4)
def _win_tables(standing: Standing, dice: Dice) -> tuple[np.ndarray, ...]:
    grid = np.vstack([standing.grid(), np.full((1, MOST_GIVEN + 1), -1.0)])
    final = grid.ravel()[every_score(dice)].max(axis=0)
    after = [_expected(final.reshape((6,) * N))]
    for _ in range(THROWS - 2):
        best = final.copy()
        flat = after[-1].ravel()
        for index in keep_index():
            np.maximum(best, flat[index], out=best)
        after.append(_expected(best.reshape((6,) * N)))
    return tuple(after)


def _at(dice: Dice, kept) -> tuple[int, ...]:
    """The index of these kept dice in a (7,)*6 table of `dice`, FREE for every die thrown."""
    index = [FREE] * N
    for face in kept:
        die = next(d for d, faces in enumerate(dice) if face in faces)
        index[die] = dice[die].index(face)
    return tuple(index)


def in_reach(state: CharidiceState) -> bool:
    """True in the last REACH rounds: the win is played for there."""
    return state.round > ROUNDS - REACH


def advise(state: CharidiceState, aim: str = "win") -> list[Advice]:
    """The active player's options, best first; [] while the table throws."""
    if aim not in AIMS:
        raise ValueError(f"no aim {aim!r}; aims: {', '.join(AIMS)}")
    if state.is_over() or not state.roll:
        return []
    dice = state.table.dice
    prepare(dice)
    if aim == "win" and in_reach(state):
        return _for_the_win(state)
    gift = GIFT if state.gift else 1
    throws_left = THROWS - state.throws
    options, details = [], {}
    for action in _own(state):
        kept = faces_of(action)
        if action.kind == "score":
            value = float(sum(points(action["way"], kept)))
            details[action] = ""  # the label says the points and the gift
        else:
            value, given = tables(dice).keep(kept, throws_left)
            details[action] = f"{value:.0f}pt give {given * gift:.0f}"
        options.append((action, state.label(action), value, None))
    return [replace(a, detail=details[a.action]) for a in ranked(_scores_first(options))]


def asks(state: CharidiceState, aim: str = "win") -> bool:
    """Whether the player on the left should ask for the greatest of gifts now.

    Asking doubles what this turn donates to them, so it pays when this turn is
    expected to donate at least what waiting for a later turn of the same player is
    worth: the best of the turns left, each donating as a turn does on average
    (`charidice_win.TURN_GIVEN`), taken when it beats waiting (`waiting_worth`).
    The expectation advice never asked (aim "points")."""
    request = next((a for a in state.legal_actions() if a.kind == "gift"), None)
    if aim == "points" or request is None:
        return False
    return expected_gift(state) >= waiting_worth(ROUNDS - state.round)


def request_text(state: CharidiceState, action: Action) -> str:
    """Beside the greatest of gifts in a menu: "ask now" when asking pays, else "wait"."""
    return "ask now" if action.kind == "gift" and asks(state) else "wait"


def expected_gift(state: CharidiceState) -> float:
    """What the active player's turn is expected to donate from here, before doubling,
    under the expectation advice's play (about to throw: from the dice kept)."""
    dice = state.table.dice
    if not state.roll:
        prepare(dice)
        return tables(dice).keep(state.kept, THROWS - state.throws)[1]
    best = advise(state, "points")[0].action
    if best.kind == "score":
        rest = Counter(state.dice()) - Counter(faces_of(best))
        return float(donation(rest.elements()))
    return tables(dice).keep(faces_of(best), THROWS - state.throws)[1]


@cache
def waiting_worth(turns: int) -> float:
    """What keeping the greatest of gifts for the best of `turns` later turns is worth
    (the donation it would double), asking at the first turn that beats waiting."""
    if turns == 0:
        return 0.0
    later = waiting_worth(turns - 1)
    mean, spread = TURN_GIVEN
    gifts = np.linspace(0, MOST_GIVEN, 4 * MOST_GIVEN + 1)
    weights = np.exp(-0.5 * ((gifts - mean) / spread) ** 2)
    return float((np.maximum(gifts, later) * weights).sum() / weights.sum())


def _own(state: CharidiceState) -> list[Action]:
    """The active player's actions (not another seat's request for the gift)."""
    return [a for a in state.legal_actions() if actor(state, a) == state.current_player()]


def _for_the_win(state: CharidiceState) -> list[Advice]:
    """Every option by its chance to win the game; between equal chances, more points."""
    standing, dice = Standing.of(state), state.table.dice
    grid = standing.grid()
    throws_left = THROWS - state.throws
    options = []
    for action in _own(state):
        kept = faces_of(action)
        if action.kind == "score":
            scored = sum(points(action["way"], kept))
            rest = Counter(state.dice()) - Counter(kept)
            chance = float(grid[scored, donation(rest.elements())])
            value = float(scored)
        else:
            chance = float(win_tables(standing, dice)[throws_left - 1][_at(dice, kept)])
            value = tables(dice).keep(kept, throws_left)[0]
        options.append((action, state.label(action), chance, None, (value,)))
    ranking = ranked(_scores_first(options))
    return [replace(a, detail=f"win {percent(a.value)}") for a in ranking]


def _scores_first(options: list) -> list:
    """A score before a keep worth the same, for `ranked` keeps ties in this order."""
    return sorted(options, key=lambda option: option[0].kind != "score")
