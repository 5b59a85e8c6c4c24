"""67 Six Seven's own screens: the results board, the VP track, the skill cards drawn.

Pages (game menu, "Boards and cards"): the results board of the round (who placed what,
best space first, and what each position scores), the VP track (highest first, "top"
where tokens share a space: the token placed later is on top and wins a tie; not while
every token is at 0), and the skill cards (the Offer and each colour's hand, three to a
row, a longer hand going on in the next row) drawn as what they do. Colours are named
as the rules name them (P1 A, P2 B in Two-Player Mode) with the players' names.

The decision (KINDS "turn"): the dice drawn as the digits of the result they make.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from companion.rules import View
from companion.rules.sixseven import (
    CARD_NAMES,
    FACES,
    SET_TO,
    SHIFT,
    SixSevenState,
    placements,
    position_vp,
    ranking,
)
from companion.ui import dice, glyphs, text
from companion.ui.fonts import BODY, SMALL, TITLE
from companion.ui.menu import LINE, compact_rows, draw_menu
from companion.ui.model import Screen
from companion.ui.render import (
    FACT_SEPARATOR,
    MENU_KEEPS,
    MORE,
    ODDS_GAP,
    marked_facts,
    news_lines,
    packed_facts,
    reads_whole,
)
from companion.ui.scores import draw_header, draw_standings

PAGES_LABEL = "Boards and cards"
LEGEND = (
    ("67% dbl% VP", "Chance of 67, of a double SIX SEVEN, VP expected"),
    ("100 2.8 2.3", "100% to end on 67, 2.8% a double, 2.3 VP expected"),
    ("0 45 win 52%", "Last round: 52% the chance to win, not VP"),
    ("Place 65", "Place the result 65: the dice in this order"),
)
"""Every figure of the menus and what it means: the game menu's legend pages."""
ROW = 9
"""Pixels a row of a page takes (the narrow face); the title takes one more row."""
CARD_GAP = 3
CARD = (26, 14)
"""A skill card drawn in a list: room for two 10-pixel dice in its frame."""
HOLDERS_A_PAGE = 2
"""Rows of cards on a page (the Offer and the colours' hands): two, as 128x32 holds."""
CARDS_A_ROW = 3
"""Cards in a row: a hand of more goes on in the next row (and page), named again."""

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
    started = any(state.vp)  # every token still at 0: no tie worth marking yet
    track = tuple(
        (colour_name(state, names, c), state.vp[c],
         "top" if started
         and any(state.vp[o] == state.vp[c] for o in range(state.colours) if o != c)
         and all(state.moved[c] >= state.moved[o] for o in range(state.colours)
                 if state.vp[o] == state.vp[c]) else "")
        for c in track_order)
    holders = tuple(
        (who, *held[k:k + CARDS_A_ROW])
        for who, held in [("Offer", state.visible)] + [
            (colour_name(state, names, c), state.hands[c]) for c in range(state.colours)]
        for k in range(0, max(1, len(held)), CARDS_A_ROW))
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
    room = w - CARDS_A_ROW * (card_w + CARD_GAP) + CARD_GAP - 4  # CARDS_A_ROW always fit
    label_w = min(room, max((text.width(SMALL, str(row[0])) for row in shown), default=0))
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
    foot = text.wrap_within(SMALL, hint, w, 2) if hint else []  # the last throw's news whole
    bottom = h - ROW * len(foot)
    # the crowned first, whatever their VP (a double SIX SEVEN wins at once, the token
    # on top breaks a tie), then by VP: the standings keep the order given on a tie
    order = sorted(range(len(screen.scores)),
                   key=lambda s: (s not in screen.winners, -screen.scores[s], s))
    names = [screen.names[s] if s < len(screen.names) else f"P{s + 1}" for s in order]
    draw_standings(canvas, 0, top, w, bottom - top, names,
                   [screen.scores[s] for s in order],
                   [k for k, s in enumerate(order) if s in screen.winners], ranked=True)
    for row, line in enumerate(foot):
        text.draw(canvas, (w // 2, bottom + ROW - 1 + ROW * row), line, SMALL, anchor="ms")


TILE = dice.MEDIUM
"""A die of the decision drawn as its digit, as tall as the shared turn's dice."""
TO_PLAY = " to play"
"""Ends the fact saying whose turn it is ("Cy to play"): kept in sight while a note shows."""


def whose_turn_first(facts: Sequence[str]) -> list[str]:
    """The facts (split as the facts line splits them) with whose turn it is first: a
    note takes the facts' second line for its few seconds, and a player glancing at the
    box must still read whose turn it is."""
    parts = [part for line in facts for part in line.split(FACT_SEPARATOR) if part.strip()]
    return sorted(parts, key=lambda part: not part.endswith(TO_PLAY))


def _note_lines(note: str, facts: Sequence[str], w: int) -> list[str]:
    """128x32: the note over scores and dice, then the facts from whose turn it is
    ("Bo to play ▸"); a note of two lines leaves them out, marked at its end."""
    lines = text.wrap_within(BODY, note, w, 2)
    if " ".join(lines) != note:
        text.record_cut(note)
    facts = whose_turn_first(facts)
    if len(lines) == 1:
        return lines + marked_facts(facts, [w], cut_first=False)
    if facts and text.width(BODY, f"{lines[-1]} {MORE}") <= w:
        lines[-1] = f"{lines[-1]} {MORE}"
    return lines


def _turn(canvas, w: int, h: int, screen: Screen) -> None:
    """A decision: the scores; the dice as the digits of the result they make, best
    order first ("6" "5", then "or 56" when the other order may be placed too); beside
    them the news (a card played, a SIX SEVEN) or the round; over the menu, beside the
    odds label, the facts that follow, whole, on a second line where they need it (the
    menu keeping two rows): a news too long to stand beside the dice goes on there
    clause by clause ("SIX SEVEN! Ann +2 VP" / "Played ±1: 5 to 6"). A note from the
    session takes that line for its few seconds, whose turn it is staying beside the
    dice ("Bo to play ▸"). 128x32: the dice, the facts that fit whole beside them, one
    menu row (two in the scores' place where a label cannot share a row with its
    figures); a note over scores and dice, whose turn it is under it. Without dice (a
    card to take) the news stands where the dice were."""
    compact = h < 48
    view = screen.view or View()
    rows = compact_rows(screen.menu, w) if compact else 1
    header = (9 if rows == 1 else -1) if compact else LINE
    if screen.scores and header > 0:
        draw_header(canvas, 0, 0, w, screen.names, screen.scores, screen.active, header)
    y = header + 1
    news = [clause for clause in view.message.split("; ") if clause] if view.message else []
    x = _digits(canvas, 0, y, view.dice) if view.dice else 0
    room = w - x - (6 if x else 0)
    if compact:
        lines = _note_lines(screen.note, view.lines, w) if screen.note else []
        if news and not screen.note and not (room >= 20 and reads_whole(
                news, marked_facts([*news, *view.lines], [room], cut_first=False))):
            lines = news_lines(view.message, view.lines, w, 2)[:2]  # until the next step
            if not reads_whole(news, lines):
                text.record_cut(view.message)
        if lines:  # over scores and dice, whole: a note for its few seconds, news a step
            canvas.rectangle((0, 0, w - 1, h - 10), fill=0)
            top = (h - 9 - 10 * len(lines)) // 2
            for k, words in enumerate(lines):
                text.draw(canvas, (w // 2, text.baseline(BODY, top + k * 10, 10)), words, BODY,
                          anchor="ms")
            rows = 1
        elif room >= 20:
            for words in marked_facts([*news, *view.lines], [room], cut_first=False):
                text.draw(canvas, (w, text.baseline(BODY, y, TILE)), words, BODY, anchor="rs")
        if screen.menu:
            draw_menu(canvas, 0, h - 9 * rows, w, 9 * rows, screen.menu, line=9)
        return
    odds = screen.menu.odds if screen.menu and not screen.note else ""
    beside_odds = w - (text.width(SMALL, odds) + ODDS_GAP if odds else 0)
    below = y + TILE + 1
    spare = max(0, (h - below) // LINE - 1 - MENU_KEEPS)
    rooms = [room, beside_odds] + [w] * spare
    if screen.note:  # the note on the second line: beside the dice, whose turn first
        lines = marked_facts(whose_turn_first([*news, *view.lines]), [room], cut_first=False)
    else:
        lines = marked_facts([*news, *view.lines], rooms, not news)
    if not screen.note and not reads_whole(news, lines):  # the mark gives way to the news
        lines = packed_facts([*news, *view.lines], rooms, not news)
    if lines and room >= 20:
        text.draw(canvas, (w, text.baseline(BODY, y, TILE)), lines[0], BODY, anchor="rs")
    rest = [screen.note] if screen.note else lines[1:]
    y = below
    for k, words in enumerate(rest or [""]):
        face, shown = text.fit(words, beside_odds if k == 0 else w, (BODY,))
        if shown != words:
            text.record_cut(words)
        text.draw(canvas, (0, text.baseline(face, y + k * LINE, LINE)), shown, face)
    if odds:  # over the odds column, so "100 0 4.7" says what it is
        text.draw(canvas, (w, text.baseline(SMALL, y, LINE)), odds, SMALL, anchor="rs")
    if screen.menu:
        y += LINE * max(1, len(rest))
        draw_menu(canvas, 0, y, w, h - y, screen.menu)


def _digits(canvas, x: int, y: int, values: Sequence[int]) -> int:
    """The dice as framed digits in the order of the best result they make, then "or 56"
    when the other order may be placed too; returns the x after them."""
    order = [str(v) for v in values]
    other = ""
    if len(values) == 2 and set(values) <= set(FACES):
        results = placements(tuple(sorted(values)))
        order, other = list(str(results[0])), " ".join(f"or {r}" for r in results[1:])
    for digit in order:
        canvas.rectangle((x, y, x + TILE - 1, y + TILE - 1), outline=1)
        canvas.point([(x, y), (x + TILE - 1, y), (x, y + TILE - 1),
                      (x + TILE - 1, y + TILE - 1)], fill=0)
        text.draw(canvas, (x + TILE // 2, text.baseline(TITLE, y, TILE)), digit, TITLE,
                  anchor="ms")
        x += TILE + dice.GAP
    if other:
        text.draw(canvas, (x + 1, text.baseline(SMALL, y, TILE)), other, SMALL)
        x += 1 + text.width(SMALL, other)
    return x


LAYOUTS = {"board": _board, "track": _track, "cards": _cards, "over": _over,
           "turn": _turn}
KINDS = {"over": "sixseven:over", "turn": "sixseven:turn"}
"""The session's game over and decisions drawn here: the verdict names the tie-break;
the dice read as the result they make."""


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
