"""67 Six Seven: the chance to win the game from the end of a colour's turn, in the
7th round (the last: no skill cards are left on the table).

The game is then decided by this round's ranking and the SIX SEVENs thrown in it: for
each space the turn can end on, with or without a SIX SEVEN this turn, the chance that
the seat ends with the most VP. The colours still to play this round finish as
`sixseven.later_results()` models them (a turn without cards played for the best
space, independently), a later 67 bringing its 2 VP; every combination of their
results is weighed (with four or more still to play, a fixed sample of 500). A tie
on VP goes to the seat owning the colour with the most VP (ruling S13); where that
ties too the token on top would decide, which the model does not follow: it counts a
shared win.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np

from companion.rules.sixseven import BOARD, RANK, SIX_SEVEN_VP, SixSevenState, position_vp

Leaves = tuple[tuple[float, ...], tuple[float, ...]]
MOST_COMBINATIONS = 1000
"""The most combinations of later results weighed one by one (three colours still to
play: 10 spaces each, 1000); with more (five or six colours), a fixed SAMPLE."""
SAMPLE = 500


@lru_cache(maxsize=4)
def sample(later: tuple[float, ...], colours: int) -> np.ndarray:
    """SAMPLE results of `colours` colours, each space drawn with its chance in `later`,
    from a fixed seed: the same sample every time."""
    draw = np.random.default_rng(0)
    return draw.choice(len(later), size=(SAMPLE, colours), p=later)


def leaves(state: SixSevenState, later: tuple[float, ...]) -> Leaves:
    """(without a SIX SEVEN this turn, with one): the chance to win for each space of
    BOARD the colour on turn ends on; `later` is the chance of each space for a colour
    still to play (by RANK). A 67 placed always comes with its SIX SEVEN."""
    colours, me = state.colours, state.colour
    placed = list(state.board)
    to_play = [(state.start + state.placed + k) % colours
               for k in range(1, colours - len(placed))]
    spaces = [i for i, p in enumerate(later) if p > 0]
    if len(spaces) ** len(to_play) <= MOST_COMBINATIONS:
        every = list(product(spaces, repeat=len(to_play)))  # the later colours' spaces
        combos = np.array(every, dtype=int).reshape(len(every), len(to_play))
        chance = np.prod(np.array(later)[combos], axis=1)
    else:  # four or more colours still to play: a fixed sample of their results
        combos = sample(later, len(to_play))
        chance = np.full(SAMPLE, 1 / SAMPLE)
    others = [c for _, c in placed] + to_play  # every colour but the one on turn
    # a space's key: its rank, then the token placed later ahead (smaller is better)
    keys = np.hstack([np.tile([RANK[r] * 16 - i for i, (r, _) in enumerate(placed)],
                              (len(combos), 1)),
                      combos * 16 - np.arange(len(placed) + 1, len(placed) + 1 + len(to_play))])
    mine = np.arange(len(BOARD)) * 16 - len(placed)  # the colour on turn, by space
    ahead_of_others = (keys[:, None, :] < keys[:, :, None]).sum(axis=2)  # (M, others)
    others_place = ahead_of_others[:, :, None] + (mine[None, None, :] < keys[:, :, None])
    my_place = (keys[:, :, None] < mine[None, None, :]).sum(axis=1)  # (M, spaces)
    points = np.array([position_vp(p, colours) for p in range(colours)], dtype=float)
    vp = np.zeros((len(combos), colours, len(BOARD))) + np.array(state.vp, float)[:, None]
    vp[:, others, :] += points[others_place]
    vp[:, me, :] += points[my_place]
    vp[:, to_play, :] += (SIX_SEVEN_VP * (combos == RANK[67]))[:, :, None]
    seat = np.array([state.seat_of(c) for c in range(colours)])
    result = []
    for bonus in (0, SIX_SEVEN_VP):
        final = vp.copy()
        final[:, me, :] += bonus
        totals = np.stack([final[:, seat == s, :].sum(axis=1) for s in range(state.players)],
                          axis=1)  # (M, seats, spaces)
        # S13: among the seats tied on VP, the one owning the colour with the most VP
        best = np.stack([final[:, seat == s, :].max(axis=1) for s in range(state.players)],
                        axis=1)
        best = np.where(totals == totals.max(axis=1, keepdims=True), best, -1)
        ahead = best == best.max(axis=1, keepdims=True)
        share = ahead[:, state.seat_of(me), :] / ahead.sum(axis=1)
        result.append(tuple(float(x) for x in chance @ share))
    without, with_one = result
    return tuple(with_one[i] if BOARD[i] == 67 else without[i] for i in range(len(BOARD))), with_one
