"""67 Six Seven's own screens: the results board, the VP track, the skill cards drawn.

Pages (game menu, "Boards and cards"): the results board of the round (who placed what,
best space first, and what each position scores), the VP track (highest first, "top"
where tokens share a space: the token placed later is on top and wins a tie), and the
skill cards (the Offer and each colour's hand) drawn as what they do. Colours are named
as the rules name them (P1 A, P2 B in Two-Player Mode) with the players' names.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from companion.rules.sixseven import (
    CARD_NAMES,
    SET_TO,
    SHIFT,
    SixSevenState,
    position_vp,
    ranking,
)
from companion.ui import dice, glyphs, text
from companion.ui.fonts import BODY, SMALL
from companion.ui.model import Screen
from companion.ui.scores import draw_standings

PAGES_LABEL = "Boards and cards"
ROW = 9
"""Pixels a row of a page takes (the narrow face); the title takes one more row."""
CARD_GAP = 3
CARD = (26, 14)
"""A skill card drawn in a list: room for two 10-pixel dice in its frame."""
HOLDERS_A_PAGE = 2
"""Rows of cards on a page (the Offer and the colours' hands): two, as 128x32 holds."""

Box = tuple[int, int, int, int]

_ARROW_UP = glyphs.UP
_ARROW_DOWN = tuple(reversed(glyphs.UP))


def colour_name(state: SixSevenState, names: Sequence[str], colour: int) -> str:
    """The rules' name of a colour ("P2 B") with the player's name ("Bo B")."""
    seat = state.seat_of(colour)
    given = names[seat] if seat < len(names) and names[seat] else f"P{seat + 1}"
    return given + state.name(colour)[len(f"P{seat + 1}"):]


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def pages(state: SixSevenState, names: Sequence[str]) -> tuple[Screen, ...]:
    """The results board, the VP track, the cards: each a Screen of this module's kinds."""
    start = colour_name(state, names, state.start)
    board = tuple(
        (_ordinal(k + 1), result, colour_name(state, names, colour),
         f"+{position_vp(k, state.colours)}")
        for k, colour in enumerate(ranking(state.board))
        for result in [next(r for r, c in state.board if c == colour)])
    track_order = sorted(range(state.colours), key=state.track_key, reverse=True)
    track = tuple(
        (colour_name(state, names, c), state.vp[c],
         "top" if any(state.vp[o] == state.vp[c] for o in range(state.colours) if o != c)
         and all(state.moved[c] >= state.moved[o] for o in range(state.colours)
                 if state.vp[o] == state.vp[c]) else "")
        for c in track_order)
    holders = (("Offer", *state.visible),) + tuple(
        (colour_name(state, names, c), *state.hands[c]) for c in range(state.colours))
    chunks = [holders[k:k + HOLDERS_A_PAGE] for k in range(0, len(holders), HOLDERS_A_PAGE)]
    return (
        Screen("sixseven:board", title=f"Round {state.round}: results", table=board,
               note=f"START: {start}" if board else "Nobody has placed yet"),
        Screen("sixseven:track", title="VP track", table=track),
        *(Screen("sixseven:cards",
                 title="Skill cards" + (f" {k + 1}/{len(chunks)}" if len(chunks) > 1 else ""),
                 table=chunk) for k, chunk in enumerate(chunks)),
    )


# --- the layouts ---------------------------------------------------------------------


def _title(canvas: ImageDraw.ImageDraw, w: int, words: str) -> int:
    text.draw(canvas, (w // 2, ROW), text.ellipsize(BODY, words, w), BODY, anchor="ms")
    canvas.point([(i, ROW + 2) for i in range(0, w, 2)], fill=1)
    return ROW + 4


def _rows(canvas, top: int, w: int, h: int, rows: Sequence[Sequence], right: int) -> None:
    """Rows of cells in columns: the first `right` columns' cells from the left, the rest
    right-aligned at the row's end; two columns of rows when one does not hold them."""
    fit = max(1, (h - top) // ROW)
    columns = 1 if len(rows) <= fit else 2
    cell_w = (w - 6 * (columns - 1)) // columns
    cells = fit * columns
    hidden = len(rows) - cells + 1 if len(rows) > cells else 0
    if hidden:  # the last cell says how many are not shown
        rows = [*rows[: cells - 1], (f"+{hidden} more",)]
    for k, row in enumerate(rows):
        col, line = divmod(k, fit)
        x, base = col * (cell_w + 6), top + (line + 1) * ROW - 2
        cells = [str(c) for c in row]
        tail = " ".join(c for c in cells[right:] if c)
        tail_w = text.width(SMALL, tail) if tail else 0
        head = " ".join(cells[:right])
        text.draw(canvas, (x, base), text.ellipsize(SMALL, head, cell_w - tail_w - 3), SMALL)
        if tail:
            text.draw(canvas, (x + cell_w, base), tail, SMALL, anchor="rs")


def _board(canvas, w: int, h: int, screen: Screen) -> None:
    """Round N: results, best first ("1st 67 Ann +3"); START's holder below."""
    top = _title(canvas, w, screen.title)
    bottom = h - (ROW if screen.note and h >= 48 else 0)
    _rows(canvas, top, w, bottom, screen.table, right=3)
    if bottom < h:
        text.draw(canvas, (w // 2, h - 2), text.ellipsize(SMALL, screen.note, w), SMALL,
                  anchor="ms")


def _track(canvas, w: int, h: int, screen: Screen) -> None:
    """The VP track, highest first; "top" marks the token on top of a shared space."""
    top = _title(canvas, w, screen.title)
    _rows(canvas, top, w, h, screen.table, right=1)


def _cards(canvas, w: int, h: int, screen: Screen) -> None:
    """A row per holder (the Offer first): the name, then each card drawn (128x32: no
    title, two rows); the last row says how many holders are not shown."""
    top = _title(canvas, w, screen.title) if h >= 48 else 0
    card_w, card_h = CARD
    step = card_h + 1
    fit = max(1, (h - top + 1) // step)
    hidden = len(screen.table) - fit + 1 if len(screen.table) > fit else 0
    shown = screen.table[: fit - 1] if hidden else screen.table
    label_w = min(w // 3, max((text.width(SMALL, str(row[0])) for row in shown), default=0))
    for k, (who, *held) in enumerate(shown):
        y = top + k * step
        base = y + card_h // 2 + 3
        text.draw(canvas, (0, base), text.ellipsize(SMALL, str(who), label_w), SMALL)
        x = label_w + 4
        if not held:
            text.draw(canvas, (x, base), "none", SMALL)
        for card in held:
            if x + card_w > w:
                text.draw(canvas, (w, base), text.ELLIPSIS, SMALL, anchor="rs")
                break
            draw_card(canvas, (x, y, x + card_w - 1, y + card_h - 1), card)
            x += card_w + CARD_GAP
    if hidden:
        text.draw(canvas, (0, top + len(shown) * step + card_h // 2 + 3),
                  f"+{hidden} more", SMALL)


def _over(canvas, w: int, h: int, screen: Screen) -> None:
    """The verdict in words over the standings (the tie-break said: "Ann wins: tied on 12
    VP, Ann's token is on top"), then the hint; 128x32: the verdict on one line."""
    verdict = screen.view.lines[0] if screen.view and screen.view.lines else "Game over"
    compact = h < 48
    lines = [text.ellipsize(SMALL, verdict, w)] if compact else text.wrap(BODY, verdict, w)
    face = SMALL if compact or len(lines) > 2 else BODY
    if face is SMALL and not compact:
        lines = text.wrap(SMALL, verdict, w)
    lines = lines[:2]
    for k, line in enumerate(lines):
        text.draw(canvas, (w // 2, (k + 1) * ROW - 1), line, face, anchor="ms")
    top = len(lines) * ROW + 1
    hint = "" if compact else screen.note or "Select: new game"
    bottom = h - (ROW if hint else 0)
    # the winner first among equal scores: the standings keep the order given on a tie
    order = sorted(range(len(screen.scores)),
                   key=lambda s: (-screen.scores[s], s not in screen.winners, s))
    names = [screen.names[s] if s < len(screen.names) else f"P{s + 1}" for s in order]
    draw_standings(canvas, 0, top, w, bottom - top, names,
                   [screen.scores[s] for s in order],
                   [k for k, s in enumerate(order) if s in screen.winners])
    if hint:
        text.draw(canvas, (w // 2, h - 1), text.ellipsize(SMALL, hint.replace("\n", "  "), w),
                  SMALL, anchor="ms")


LAYOUTS = {"board": _board, "track": _track, "cards": _cards, "over": _over}
KINDS = {"over": "sixseven:over"}
"""The session's game over drawn here: the verdict names the tie-break."""


# --- the skill cards, drawn as what they do ----------------------------------------------


def draw_card(canvas: ImageDraw.ImageDraw, box: Box, name: str) -> bool:
    """Card `name` in `box` as what it does, framed: "To 6" an arrow into a die showing
    6, "Reroll 2" two dice to throw again ("?"), "±1" arrows up and down and the 1.
    False for a name that is not a skill card."""
    if name not in CARD_NAMES:
        return False
    x0, y0, x1, y1 = box
    canvas.rectangle(box, outline=1)
    inner = min(y1 - y0 - 3, (x1 - x0 - 5) // 2)
    die = next((s for s in (dice.LARGE, dice.MEDIUM, dice.SMALL_DIE) if s <= inner), 0)
    top = y0 + (y1 - y0 + 1 - die) // 2
    mid_y = (y0 + y1) // 2
    if name in SET_TO:  # an arrow into the die the card sets
        if die:
            dice.draw_die(canvas, x1 - 1 - die, top, SET_TO[name], die)
            canvas.line((x0 + 2, mid_y, x1 - die - 4, mid_y), fill=1)
            canvas.point([(x1 - die - 5, mid_y - 1), (x1 - die - 5, mid_y + 1)], fill=1)
        else:
            _centred(canvas, box, f"→{SET_TO[name]}")
    elif name in SHIFT:  # up and down arrows, and by how much
        mid_x = (x0 + x1) // 2
        glyphs.draw(canvas, mid_x - 6, mid_y - 3, _ARROW_UP)
        glyphs.draw(canvas, mid_x - 6, mid_y + 1, _ARROW_DOWN)
        text.draw(canvas, (mid_x + 1, mid_y + 4), str(SHIFT[name]), SMALL)
    else:  # dice thrown again: a "?" on each
        count = 2 if name == "Reroll 2" else 1
        if die:
            span = count * die + (count - 1) * 2
            left = x0 + (x1 - x0 + 1 - span) // 2
            for k in range(count):
                dice.draw_die(canvas, left + k * (die + 2), top, 0, die)
        else:
            _centred(canvas, box, "?" * count)
    return True


def _centred(canvas, box: Box, words: str) -> None:
    x0, y0, x1, y1 = box
    text.draw(canvas, ((x0 + x1 + 1) // 2, y1 - 1), words, SMALL, anchor="ms")
