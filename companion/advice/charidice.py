"""Charidice advice: each keep by the expected points of the turn, each score by its points.

Exact over the throws left, given the dice table (`DICE`): a turn's state is the face
each of the six dice shows, 6^6 = 46,656 of them. `tables()` holds, for every state
and throws left, the best expected points and the donation that best play leads to;
the expectation over any dice kept comes from one array indexed by the face of each
die, or "thrown" (7^6 entries): an average over each die's faces, one die at a time.

Best play maximises the active player's own points of the turn (scored + bonus);
between scores worth the same it donates less, and between a score and a keep worth
the same it scores. The greatest of gifts is another seat's request: never ranked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations

import numpy as np

from companion.rules import actor
from companion.rules.charidice import (
    COLOURS,
    DICE,
    DIE_OF,
    GIFT,
    NUMBER_BONUS,
    THROWS,
    CharidiceState,
    donation,
    faces_of,
    points,
)

from . import Advice, ranked

FREE = 6
"""The index of a die that is thrown, not kept, in the expectation arrays."""
N = len(DICE)


@dataclass(frozen=True)
class Tables:
    """For 0, 1 and 2 throws left (index): expected points and donations by partial dice.

    `points[t]` and `given[t]` are (7,)*6 arrays: the face index of each die kept, or
    FREE for a die about to be thrown, under best play with t more decisions to make
    after that throw. The donations are before any greatest of gifts."""

    points: tuple[np.ndarray, ...]
    given: tuple[np.ndarray, ...]

    def keep(self, kept, throws_left: int) -> tuple[float, float]:
        """Expected (points, donation) of keeping `kept` with `throws_left` throws to come."""
        index = [FREE] * N
        for face in kept:
            index[DIE_OF[face]] = DICE[DIE_OF[face]].index(face)
        at = tuple(index)
        t = throws_left - 1
        return float(self.points[t][at]), float(self.given[t][at])


def _faces_grid() -> tuple[np.ndarray, np.ndarray]:
    """Value and colour index of each die in every state: two (6, 46656) arrays."""
    digits = np.indices((6,) * N).reshape(N, -1)
    values = np.array([[v for v, _ in die] for die in DICE])
    colours = np.array([[COLOURS.index(c) for _, c in die] for die in DICE])
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


def final_scores() -> tuple[np.ndarray, np.ndarray]:
    """The best score of every state after the last throw and what it donates, (46656,)."""
    values, colours = _faces_grid()
    weights = _weight(values)
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
    key = pts * 1000 + np.stack([w for _, w in candidates])
    choice = key.argmax(axis=0)
    columns = np.arange(pts.shape[1])
    scored = np.stack([w for _, w in candidates])[choice, columns]
    return pts[choice, columns].astype(float), (weights.sum(axis=0) - scored).astype(float)


def _expected(table: np.ndarray) -> np.ndarray:
    """(6,)*6 -> (7,)*6: FREE on an axis is the average over that die's faces."""
    for axis in range(N):
        table = np.concatenate([table, table.mean(axis=axis, keepdims=True)], axis=axis)
    return table


def _decide(now: np.ndarray, given: np.ndarray, later: np.ndarray, later_given: np.ndarray):
    """Best play at a decision: score `now`, or keep any 0 to 5 dice and take `later`."""
    digits = np.indices((6,) * N).reshape(N, -1)
    options, gifts = [now.ravel()], [given.ravel()]
    for mask in range(2**N - 1):
        at = tuple(digits[d] if mask >> d & 1 else np.full(digits.shape[1], FREE) for d in range(N))
        options.append(later[at])
        gifts.append(later_given[at])
    options, gifts = np.stack(options), np.stack(gifts)
    choice = options.argmax(axis=0)  # the first best: scoring before keeping
    columns = np.arange(options.shape[1])
    shape = (6,) * N
    return options[choice, columns].reshape(shape), gifts[choice, columns].reshape(shape)


@cache
def tables() -> Tables:
    """Every table, built once (see `companion bench advice` for the time it takes)."""
    pts, given = (a.reshape((6,) * N) for a in final_scores())
    exp_points, exp_given = [_expected(pts)], [_expected(given)]
    for _ in range(THROWS - 1):
        pts, given = _decide(pts, given, exp_points[-1], exp_given[-1])
        exp_points.append(_expected(pts))
        exp_given.append(_expected(given))
    return Tables(tuple(exp_points), tuple(exp_given))


def advise(state: CharidiceState) -> list[Advice]:
    """The active player's options, best first; [] while the table throws."""
    if state.is_over() or not state.roll:
        return []
    gift = GIFT if state.gift else 1
    throws_left = THROWS - state.throws
    options, details = [], {}
    for action in state.legal_actions():
        if actor(state, action) != state.current_player():
            continue
        kept = faces_of(action)
        if action.kind == "score":
            value = float(sum(points(action["way"], kept)))
            details[action] = ""  # the label says the points and the gift
        else:
            value, given = tables().keep(kept, throws_left)
            details[action] = f"E {value:.0f} give {given * gift:.0f}"
        options.append((action, state.label(action), value, None))
    return [replace(a, detail=details[a.action]) for a in ranked(_scores_first(options))]


def _scores_first(options: list) -> list:
    """A score before a keep worth the same, for `ranked` keeps ties in this order."""
    return sorted(options, key=lambda option: option[0].kind != "score")

