"""67 Six Seven's results board (this round's results in rank order, with the VP each
place is worth), the VP track (the token on top of a tie marked), and the skill cards
on offer and in every hand: the tables of the game's own pages, as the OLED shows them."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.sixseven import SixSevenState
from companion.ui.games.sixseven import colour_name, pages
from companion.web.html import esc, table


def sheet(state: SixSevenState, names: Sequence[str]) -> str:
    board, track, *cards = pages(state, names)
    parts = []
    if board.table:
        parts.append(table(("Place", "Result", "Colour", "VP"), board.table,
                           caption=board.title))
    else:
        parts.append(f"<h3>{esc(board.title)}</h3><p>{esc(board.note)}</p>")
    now = colour_name(state, names, state.colour) if state.turn() is not None else None
    marked = [k for k, row in enumerate(track.table) if row[0] == now]
    parts.append(table(("Colour", "VP", "On top"), track.table, caption="VP track",
                       marked=marked))
    holders = [(row[0], ", ".join(str(c) for c in row[1:]) or "none")
               for page in cards for row in page.table]
    parts.append(table(("Who", "Skill cards"), holders, caption="Skill cards"))
    return "".join(parts)
