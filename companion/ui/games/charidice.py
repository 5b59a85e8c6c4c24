"""Charidice's own screens: the score sheets, and a game over that names the charity bonus.

Pages (game menu, "Score sheets"): the totals of every player first (points, received,
donated: the race for the charity bonus, and the total), then each player's sheet as
the gamepad prints it, a row a round with its four boxes (scored, bonus, received,
donated) and the "2x" box crossed once the greatest of gifts was asked. Up/Down flip.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules import Action
from companion.rules.charidice import (
    BONUS,
    DICE,
    DONATED,
    RECEIVED,
    SCORED,
    TAGS,
    CharidiceState,
    faces_of,
)
from companion.rules.core import dice_count
from companion.ui import text
from companion.ui.fonts import BODY, SMALL
from companion.ui.model import Screen
from companion.ui.scores import draw_standings

PAGES_LABEL = "Score sheets"
ROW = 7
"""Pixels a row of a sheet takes: the 6-pixel digits of the narrow face and a gap, so
seven rounds, the total and the heading fit 64 pixels."""
FIRST = 28
"""Pixels of the first column (round or name); the numbers share the rest."""
SHEET_HEADS = ("Pts", "Bon", "Got", "Gave")
TOTAL_HEADS = ("Pts", "Got", "Gave", "Tot")
"""Capitals: no descender reaches the dotted rule under the heading."""
ASKING = {"gift": "gift"}
"""What a seat may do out of turn, as the throw screen's hint says it."""
LEGEND = (
    ("26pt give 8", "A keep: 26 points expected this turn, 8 given to the left"),
    ("win 81%", "Last round: the chance to win the game"),
    ("ask now / wait", "Greatest of gifts: whether asking now pays"),
    ("G2 O4 M5: 11, give 5", "A score: 11 points with the bonus, 5 to the left"),
    ("M3 O4", "A die: its colour's letter, then its number"),
    (" ".join(TAGS[colour] for colour in sorted(TAGS)), ", ".join(sorted(TAGS)).capitalize()),
)
"""Every figure of the menus and what it means: the game menu's legend pages."""
ONES = tuple(die[0][1] for die in DICE)
"""The colour of each die's 1: six dice showing their 1s show every colour once."""
CALIBRATE = ("Show the six dice, 1s up, apart", ONES, 1)
"""The colour calibration (companion.calibration): what to show the camera, the colours
it shows (all six, once each: the reader tells which die is which; where it cannot, the
order the players lay them in a row), and the value each die shows."""


def menu_group(state: CharidiceState, action: Action) -> tuple[str, ...]:
    """Where a choice goes in the decision menu (companion.session.menus): the scores
    under "Score", the keeps under "Keep", each by how many dice it takes."""
    if action.kind not in ("score", "keep"):
        return ()
    dice = len(faces_of(action) or ())
    if action.kind == "keep" and not dice:
        return ("Keep",)  # throw all six again
    return (action.kind.capitalize(), f"{action.kind.capitalize()} {dice_count(dice)}")


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"P{seat + 1}"


def _played(state: CharidiceState, seat: int, round_: int) -> bool:
    return round_ < state.round or (round_ == state.round and seat < state.seat)


def pages(state: CharidiceState, names: Sequence[str]) -> tuple[Screen, ...]:
    """The totals, then one sheet a player (the active player's first)."""
    charity = state.charity or (0,) * state.players
    totals = tuple(
        (_name(names, p), sum(r[SCORED] + r[BONUS] for r in rows),
         sum(r[RECEIVED] for r in rows), sum(r[DONATED] for r in rows), score)
        for p, (rows, score) in enumerate(zip(state.sheet, state.scores())))
    if state.is_over():
        note = state.view().lines[0]
        for p in range(state.players):
            note = note.replace(f"P{p + 1}", _name(names, p))
    else:
        given = state.donated()
        most = [_name(names, p) for p, d in enumerate(given) if d == max(given) and d]
        note = f"Most given: {', '.join(most)}" if most else "Nobody has given yet"
    seats = [(state.seat + k) % state.players for k in range(state.players)]
    return (
        Screen("charidice:totals", title="Totals", table=totals, note=note),
        *(Screen("charidice:sheet", title=_sheet_title(_name(names, p), state.gift_used[p],
                                                       charity[p]),
                 table=_sheet(state, p)) for p in seats),
    )


def _sheet_title(name: str, gift: bool, charity: int) -> str:
    """"Ann 2x +20": the name, the "2x" box crossed, the charity bonus received."""
    return name + (" 2x" if gift else "") + (f" +{charity}" if charity else "")


def _sheet(state: CharidiceState, seat: int) -> tuple[tuple, ...]:
    """A row a round ("" for a box not written yet), then the total of each box."""
    rows, sums = written(state, seat)
    return (*rows, ("Tot", *sums))


def written(state: CharidiceState, seat: int) -> tuple[list[tuple], list[int]]:
    """The boxes of `seat`'s sheet as written so far, a row a round (its number, points,
    bonus, received, donated; "" for a box not written yet), and each box's sum: the
    OLED's sheet pages and the web page's sheets."""
    donor = (seat - 1) % state.players
    rows = []
    for r, row in enumerate(state.sheet[seat], start=1):
        played = _played(state, seat, r)
        got = row[RECEIVED] if _played(state, donor, r) else ""  # once the right has given
        rows.append((str(r), *((row[SCORED], row[BONUS]) if played else ("", "")), got,
                     row[DONATED] if played else ""))
    sums = [sum(row[k] for row in state.sheet[seat]) for k in (SCORED, BONUS, RECEIVED, DONATED)]
    return rows, sums


# --- the layouts ---------------------------------------------------------------------


def _grid(canvas, w: int, h: int, heads: Sequence[str], rows: Sequence[Sequence],
          first_head: str) -> int:
    """A heading row, then rows: the first cell from the left, the others right-aligned
    in equal columns; as many rows as fit, the last ones kept (the totals). Returns the
    y below the last row."""
    cell = (w - FIRST) // len(heads)
    fit = max(1, (h - ROW) // ROW)
    if len(rows) > fit:
        rows = rows[len(rows) - fit:]
    text.draw(canvas, (0, ROW - 1), text.ellipsize(SMALL, first_head, FIRST + cell - 18),
              SMALL)
    for k, head in enumerate(heads):
        text.draw(canvas, (FIRST + (k + 1) * cell - 1, ROW - 1), head, SMALL, anchor="rs")
    canvas.point([(i, ROW) for i in range(0, w, 2)], fill=1)
    y = ROW
    for row in rows:
        y += ROW
        text.draw(canvas, (0, y), text.ellipsize(SMALL, str(row[0]), FIRST - 2), SMALL)
        for k, value in enumerate(row[1:]):
            text.draw(canvas, (FIRST + (k + 1) * cell - 1, y), str(value), SMALL, anchor="rs")
    return y


def _sheet_layout(canvas, w: int, h: int, screen: Screen) -> None:
    """A player's sheet: the name (and "2x" once the gift was asked) over the four boxes,
    a row a round; 128x32 keeps the last rounds and the total."""
    rows = list(screen.table)
    if h < 48:  # the rounds written so far, then the total
        written = [r for r in rows[:-1] if any(c != "" for c in r[1:])]
        rows = [*written, rows[-1]]
    _grid(canvas, w, h, SHEET_HEADS, rows, screen.title)


def _totals(canvas, w: int, h: int, screen: Screen) -> None:
    """Every player's points, received, donated and total; the charity bonus below."""
    note = screen.note if h >= 48 else ""
    bottom = h - (ROW + 2 if note else 0)
    _grid(canvas, w, bottom, TOTAL_HEADS, screen.table, screen.title)
    if note:
        text.draw(canvas, (w // 2, h - 1), text.ellipsize(SMALL, note, w), SMALL, anchor="ms")


def _over(canvas, w: int, h: int, screen: Screen) -> None:
    """Game over: who got the charity bonus, then the standings (it is counted in them)."""
    verdict = screen.view.lines[0] if screen.view and screen.view.lines else ""
    compact = h < 48
    top = 0
    if not compact:
        text.draw(canvas, (w // 2, 9), "Game over", BODY, anchor="ms")
        top = 11
    if verdict:
        text.draw(canvas, (w // 2, top + ROW), text.ellipsize(SMALL, verdict, w), SMALL,
                  anchor="ms")
        top += ROW + 2
    # the last throw's news without its "; charity bonus 30 to Ann": the verdict says it
    news = screen.note.split("; ")[0]
    hint = "" if compact else news or "Select: new game"
    lines = text.wrap_within(SMALL, hint, w, 2) if hint else []
    bottom = h - 9 * len(lines)
    draw_standings(canvas, 0, top, w, bottom - top, screen.names, screen.scores,
                   screen.winners)
    for row, line in enumerate(lines):
        text.draw(canvas, (w // 2, bottom + 8 + 9 * row), line, SMALL, anchor="ms")


LAYOUTS = {"sheet": _sheet_layout, "totals": _totals, "over": _over}
KINDS = {"over": "charidice:over"}
"""The session's game over drawn here: it names the charity bonus."""
