"""Charidice's sheets as the gamepad prints them: for every player a row a round with
its four boxes (points, bonus, received, donated), the "2x" box crossed once the
greatest of gifts was asked, the charity bonus and the total; the totals first.

A box is written once its round is played (received: once the player on the right
has given), as on paper: the boxes still empty stay empty.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.charidice import BONUS, DONATED, RECEIVED, ROUNDS, SCORED, CharidiceState
from companion.ui.games.charidice import written
from companion.web.html import esc, name_of, table

HEADS = ("Round", "Points", "Bonus", "Got", "Gave")
"""The paper's four boxes: points, bonus, received (got) and donated (gave)."""


def sheet(state: CharidiceState, names: Sequence[str]) -> str:
    turn = state.turn()
    charity = state.charity or (0,) * state.players
    totals = []
    for p, (rows, score) in enumerate(zip(state.sheet, state.scores())):
        totals.append((name_of(names, p), sum(r[SCORED] + r[BONUS] for r in rows),
                       sum(r[RECEIVED] for r in rows), sum(r[DONATED] for r in rows),
                       charity[p], score))
    parts = [table(("Player", "Points", "Got", "Gave", "Charity", "Total"), totals,
                   caption="Totals", marked=[turn] if turn is not None else ())]
    parts.append('<div class="sheets">')
    for p in range(state.players):
        parts.append(_one(state, names, p, charity[p], p == turn))
    parts.append("</div>")
    return "".join(parts)


def _one(state: CharidiceState, names: Sequence[str], seat: int, charity: int,
         active: bool) -> str:
    rows, sums = written(state, seat)
    now = [state.round - 1] if active and state.round <= ROUNDS else []
    crossed = state.gift_used[seat]
    caption = (f'{esc(name_of(names, seat))} <span class="box{" crossed" if crossed else ""}"'
               f' title="greatest of gifts{" asked" if crossed else ""}">2x</span>')
    body = table(HEADS, rows, marked=now, foot=("Sum", *sums))
    extra = f"<p>Charity bonus: {charity}</p>" if charity else ""
    total = state.scores()[seat]
    cls = "card active" if active else "card"
    return (f'<div class="{cls}"><h3>{caption}</h3>{body}{extra}'
            f'<p class="total">Total {total}</p></div>')
