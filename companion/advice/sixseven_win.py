"""67 Six Seven: the chance to win the game from the end of a colour's turn, in the
7th round (the last: no skill cards are left on the table).

The game is then decided by this round's ranking and the SIX SEVENs thrown in it: for
each space the turn can end on, with or without a SIX SEVEN this turn, the chance that
the seat ends with the most VP. The colours still to play this round finish as
`sixseven.later_results()` models them (a turn without cards played for the best
space, independently), a later 67 bringing its 2 VP; every combination of their
results is weighed. A tie on VP goes to the seat owning the colour with the most VP
(ruling S13); where that ties too the token on top would decide, which the model does
not follow: it counts a shared win.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from companion.rules.sixseven import BOARD, RANK, SIX_SEVEN_VP, SixSevenState, position_vp

Leaves = tuple[tuple[float, ...], tuple[float, ...]]


def leaves(state: SixSevenState, later: tuple[float, ...]) -> Leaves:
    """(without a SIX SEVEN this turn, with one): the chance to win for each space of
    BOARD the colour on turn ends on; `later` is the chance of each space for a colour
    still to play (by RANK). A 67 placed always comes with its SIX SEVEN."""
    colours, me = state.colours, state.colour
    placed = list(state.board)
    to_play = [(state.start + state.placed + k) % colours
               for k in range(1, colours - len(placed))]
    spaces = [i for i, p in enumerate(later) if p > 0]
    every = list(product(spaces, repeat=len(to_play)))  # the later colours' spaces
    combos = np.array(every, dtype=int).reshape(len(every), len(to_play))
    chance = np.prod(np.array(later)[combos], axis=1)
    seat = np.array([state.seat_of(c) for c in range(colours)])
    order = [c for _, c in placed] + [me] + to_play
    position_points = np.array([position_vp(p, colours) for p in range(colours)])
    mine = state.seat_of(me)
    result = []
    for bonus in (0, SIX_SEVEN_VP):
        row = []
        for space in range(len(BOARD)):
            ranks = np.hstack([np.tile([RANK[r] for r, _ in placed] + [space],
                                       (len(combos), 1)), combos])
            keys = ranks * 16 - np.arange(len(order))  # a later token is ahead
            positions = (keys[:, None, :] < keys[:, :, None]).sum(axis=2)
            vp = np.tile(np.array(state.vp, dtype=float), (len(combos), 1))
            vp[:, order] += position_points[positions]
            vp[:, me] += bonus
            vp[:, to_play] += SIX_SEVEN_VP * (combos == RANK[67])
            totals = np.stack([vp[:, seat == s].sum(axis=1) for s in range(state.players)],
                              axis=1)
            # S13: among the seats tied on VP, the one owning the colour with the most VP
            best = np.stack([vp[:, seat == s].max(axis=1) for s in range(state.players)],
                            axis=1)
            tied = totals == totals.max(axis=1)[:, None]
            best = np.where(tied, best, -1)
            ahead = best == best.max(axis=1)[:, None]
            share = ahead[:, mine] / ahead.sum(axis=1)
            row.append(float(chance @ share))
        result.append(tuple(row))
    without, with_one = result
    return tuple(with_one[i] if BOARD[i] == 67 else without[i] for i in range(len(BOARD))), with_one
