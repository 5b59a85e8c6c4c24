"""Screens: a `Screen` in, a one-bit image of the display's size out.

`render` is a pure function: the same Screen and size always give the same pixels,
which is what the golden images in tests/ui/golden/ hold it to. Each kind has one
layout that adapts to the display's height: 128x64 shows everything, 128x32 (the
short SSD1306) keeps what a player needs to act: fewer lines, one or two menu
items. docs/screens.md describes every layout and which Screen fields it reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from companion.rules import View

from . import dice, games, qr, text
from .fonts import BIG, BODY, SMALL, TITLE, Face
from .menu import DETAIL_GAP, LINE, compact_rows, draw_menu
from .model import Menu, Screen
from .scores import draw_header, draw_standings

COMPACT_BELOW = 48
CARD_PICTURE = 18
"""The height of the band a card is drawn in on the "cards" screen (128x64)."""
"""Displays shorter than this (128x32) get the compact layouts."""
FACT_SEPARATOR = " · "

DEFAULT_HINTS = {
    "throw": "OK: read camera\nSelect: enter by hand",
    "enter": "Up/Down value, OK next",
    "over": "Select: new game",
}
"""What the buttons do on screens where that never changes; `Screen.hint` overrides."""

Canvas = ImageDraw.ImageDraw

def render(screen: Screen, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """The display image (mode "1") for `screen` at `size` (width, height)."""
    layout = _layout(screen.kind)
    image = Image.new("1", size, 0)
    layout(ImageDraw.Draw(image), size[0], size[1], screen)
    # Pillow 13 keeps a mode "1" pixel drawn with fill=1 as 1; through packed bits every
    # lit pixel reads 255, as displays and image viewers expect.
    return Image.frombytes("1", size, image.tobytes())


def _layout(kind: str) -> Callable[[Canvas, int, int, Screen], None]:
    """The layout of a kind: a shared one, or a game's own ("sixseven:board") from its
    screen module's LAYOUTS."""
    game, sep, own = kind.partition(":")
    module = games.for_game(game) if sep else None
    layouts = getattr(module, "LAYOUTS", {}) if sep else _LAYOUTS
    try:
        return layouts[own if sep else kind]
    except KeyError:
        raise ValueError(
            f"unknown screen kind {kind!r}; kinds: {', '.join(_LAYOUTS)} and a game's "
            "own as GAME:KIND"
        ) from None


def cut_texts(screen: Screen, size: tuple[int, int] = (128, 64)) -> list[str]:
    """The texts (titles, notes, hints, facts, menu labels and figures) that `render`
    shows cut with "…" at `size`: a test of what players can read, not a part of drawing."""
    with text.recording_cuts() as cut:
        render(screen, size)
    return list(cut)


# --- pieces every layout uses --------------------------------------------------------


def _line(
    canvas: Canvas,
    y: int,
    w: int,
    words: str,
    faces: Sequence[Face],
    height: int | None = None,
    align: str = "left",
    x: int = 0,
) -> None:
    """One line of text fitted to width `w` (shrunk, then cut with "…")."""
    face, shown = text.fit(words.replace("\n", "  "), w, faces)
    if shown != words.replace("\n", "  "):
        text.record_cut(words)
    base = text.baseline(face, y, height or text.line_height(face))
    at = {"left": (x, "ls"), "center": (x + w // 2, "ms"), "right": (x + w, "rs")}[align]
    text.draw(canvas, (at[0], base), shown, face, anchor=at[1])


def _paragraph(
    canvas: Canvas,
    y: int,
    w: int,
    h: int,
    words: str,
    faces: Sequence[Face],
    x: int = 0,
    middle: bool = True,
) -> None:
    """`words` wrapped and centred in the box, in the first face whose lines all fit it.

    A clause to a line when the clauses fit ("OK: read camera" / "Select: enter by
    hand"), else words wrapped at spaces. If even the last face needs more lines than
    fit, the last line shown ends in "…". With `middle`, the lines are centred vertically.
    """
    for face in faces:
        rows = (h + 1) // text.line_height(face)  # the last line may lose its top pixel
        lines = _lines(face, words, w, rows)
        if len(lines) <= rows:
            break
    step = text.line_height(face)
    rows = max(1, (h + 1) // step)
    if len(lines) > rows:
        text.record_cut(words)
        lines = lines[: rows - 1] + [text.ellipsize(face, lines[rows - 1] + text.ELLIPSIS, w)]
    top = y + (h - len(lines) * step) // 2 if middle else y
    for k, shown in enumerate(lines):
        _line(canvas, top + k * step, w, shown, (face,), step, "center", x)


def fitting_facts(lines: Sequence[str], w: int, first: bool = True) -> str:
    """The most facts, from the first, that fit `w` whole in BODY or SMALL, joined: the
    rest are dropped whole, never cut mid-word ("Round 7/7 (last)" without "· Ann", the
    turn's owner the title names). A fact is a line of the game's, or a part of one
    between FACT_SEPARATORs. When not even the first fits: all of them, to be cut with
    "…" where they have a line of their own (`first`), else none: 128x32's room beside
    six dice drops them on purpose (the dice and the menu are what a player acts on)."""
    facts = [part for line in lines for part in line.split(FACT_SEPARATOR)]
    for n in range(len(facts), 0, -1):
        line = FACT_SEPARATOR.join(facts[:n])
        if any(text.width(face, line) <= w for face in (BODY, SMALL)):
            return line
    return FACT_SEPARATOR.join(facts) if first else ""


ODDS_GAP = 2 * DETAIL_GAP + 2
"""Between the facts and the odds label on their line: two spaces' worth, so "5 to 6"
and "67% dbl% VP" do not read as one."""
BESIDE_DICE = 40
"""The room right of the dice (at 128x64) worth a line of facts: 216's three dice leave
88 pixels ("Roll 1/2 · 1-2-3"), six dice none."""
MENU_KEEPS = 2
"""The menu rows a 128x64 turn keeps when facts take more lines: a stacked selection's two."""


def packed_facts(lines: Sequence[str], rooms: Sequence[int], cut_first: bool = True) -> list[str]:
    """The facts (as `fitting_facts` splits them) packed whole, in order, into lines
    as wide as `rooms` (one line per room, as few as they need; a line left empty where
    the next fact is whole on a wider one below). A fact that fits no line whole is
    broken after a comma (else at spaces) over the lines left where they hold it, its
    last part sharing its line with the facts after it. Facts left over are dropped
    whole, but for a first fact too wide for all the lines, which is cut with "…" (with
    `cut_first`)."""
    return _packed(lines, rooms, cut_first)[0]


MORE = "▸"
"""Ends the facts a turn screen shows where it left some out: they are on the game
menu's "Facts in full" (the legend's page "More facts" says so). Not "+" (216's facts
end in one: "Sum 16+") nor "…" (a text cut)."""


def marked_facts(lines: Sequence[str], rooms: Sequence[int], cut_first: bool = True
                 ) -> list[str]:
    """`packed_facts`, with MORE ending the last line (its room kept for it, facts
    before it dropped whole where need be) when some facts are left out; alone in the
    first line when none fits."""
    mark = f" {MORE}"
    rooms = list(rooms)
    packed, left = _packed(lines, rooms, cut_first)
    while left and rooms:
        if not packed:
            return [MORE] if text.width(BODY, MORE) <= rooms[0] else []
        last = len(packed) - 1
        if text.width(BODY, packed[last] + mark) <= rooms[last]:
            return [*packed[:last], packed[last] + mark]
        rooms = [*rooms[:last], rooms[last] - text.width(BODY, mark)]
        packed, left = _packed(lines, rooms, cut_first)
    return packed


def _packed(lines: Sequence[str], rooms: Sequence[int], cut_first: bool
            ) -> tuple[list[str], list[str]]:
    """(the lines `packed_facts` gives, the facts left out of them)."""
    facts = [part for line in lines for part in line.split(FACT_SEPARATOR) if part.strip()]
    packed: list[str] = []
    while facts and len(packed) < len(rooms):
        room, line = rooms[len(packed)], ""
        while facts:
            joined = f"{line}{FACT_SEPARATOR}{facts[0]}" if line else facts[0]
            if text.width(BODY, joined) > room:
                break
            line = joined
            facts.pop(0)
        if line:
            packed.append(line)
            continue
        if any(text.width(BODY, facts[0]) <= r for r in rooms[len(packed) + 1:]):
            packed.append("")  # whole on a wider line below rather than broken
            continue
        parts = _wrapped(facts[0], rooms[len(packed):])
        if not parts:
            if cut_first and not packed:
                return [FACT_SEPARATOR.join(lines)], []
            break
        facts[0] = parts[-1]
        packed += parts[:-1]
    return packed, facts


def _wrapped(words: str, rooms: Sequence[int]) -> list[str]:
    """`words` broken after its commas, else after its commas and colons
    ("Maximilian plays Opposite:" / "5 to 2"), else at its spaces, into lines as wide as
    `rooms`, in order; [] where they do not hold it."""
    for pieces in (re.split(r"(?<=,) ", words), re.split(r"(?<=[,:]) ", words),
                   words.split()):
        lines: list[str] = []
        for piece in pieces:
            joined = f"{lines[-1]} {piece}" if lines else piece
            if lines and text.width(BODY, joined) <= rooms[len(lines) - 1]:
                lines[-1] = joined
            elif len(lines) < len(rooms) and text.width(BODY, piece) <= rooms[len(lines)]:
                lines.append(piece)
            else:
                break
        else:
            return lines
    return []


def _hint(screen: Screen) -> str:
    return screen.hint or DEFAULT_HINTS.get(screen.kind, "")


def _lines(face: Face, words: str, w: int, rows: int) -> list[str]:
    """`words` as `_paragraph` breaks them in `face`: a clause a line if they fit `rows`."""
    lines = text.clause_lines(face, words, w)
    return text.wrap(face, words, w) if lines is None or len(lines) > rows else lines


def _fits(words: str, w: int, h: int, faces: Sequence[Face]) -> bool:
    """Whether `_paragraph` shows `words` whole in a box `w` by `h`."""
    return any(len(_lines(face, words, w, (h + 1) // text.line_height(face)))
               <= (h + 1) // text.line_height(face) for face in faces)


def _rows(words: str, w: int, most: int, faces: Sequence[Face] = (BODY, SMALL)) -> int:
    """The fewest lines of height LINE that show `words` whole at width `w` (at most
    `most`): "OK: draw one, Select: this card" on one line in the narrow face."""
    return next((n for n in range(1, most) if _fits(words, w, n * LINE - 1, faces)), most)


def _title(canvas: Canvas, w: int, words: str, compact: bool) -> int:
    """The screen's title at the top; returns the height it took (0 without a title)."""
    if not words:
        return 0
    faces = (BODY, SMALL) if compact else (TITLE, BODY, SMALL)
    height = LINE if compact else text.line_height(TITLE)
    _line(canvas, 0, w, words, faces, height, "center")
    return height + 1


def _menu_rows(screen: Screen) -> int:
    return len(screen.menu.items) if screen.menu else 0


def _menu(canvas: Canvas, y: int, w: int, h: int, screen: Screen, line: int = LINE) -> None:
    if screen.menu:
        draw_menu(canvas, 0, y, w, h, screen.menu, line=line)


def _dice_band(canvas: Canvas, y: int, w: int, h: int, row: dice.Row) -> None:
    """A row of dice centred in the band (0, y, w, h), as large as fits."""
    size = dice.die_size(row, (w, h))
    left = (w - dice.row_width(row, size)) // 2
    top = y + (h - dice.row_height(row, size)) // 2
    dice.draw_row(canvas, max(0, left), top, row, size, right=w)


# --- the layouts -------------------------------------------------------------------------


def _turn(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """Scores; the throw and the dice aside; the news and the facts; the menu of choices.

    The game's message (what just happened: "Maximilian plays +2/-2: 5 to 3") stands
    until the next step, whole: under the dice, the facts after it (the odds label
    giving way where it needs the whole line), at 128x32 beside the dice; where it
    needs more lines than that, in the dice's place (they are on the table), at 128x32
    in the scores' too. A note takes the facts line (beside the odds label if it fits
    there, else alone); one too long for a line takes the dice's place too, for its
    time, never cut. Facts left out end the facts shown in MORE.
    """
    compact = h < COMPACT_BELOW
    view = screen.view or View()
    menu_rows = compact_rows(screen.menu, w) if compact else 1
    header = (9 if menu_rows == 1 else -1) if compact else LINE
    y = header + 1
    row = dice.Row(view.dice, view.aside, view.colours or (), view.aside_colours or (),
                   beside=compact)  # 128x32: the letters beside the dice, one die high
    size = dice.MEDIUM
    has_dice = bool(row.dice or row.aside)
    band = dice.row_height(row, size) if has_dice else size
    end = dice.row_width(row, size) if has_dice else w
    news = _news(view.message) if has_dice and not screen.note else []
    room = w - end - 6  # right of the dice
    odds = screen.menu.odds if screen.menu and not compact else ""
    beside_odds = w - (text.width(SMALL, odds) + ODDS_GAP if odds else 0)
    under = [screen.note] if screen.note else []  # the lines under the dice (128x64)
    first, rest = [], list(view.lines)  # the facts right of the dice, the facts after
    if not compact and not screen.note:
        if room >= BESIDE_DICE:
            first, rest = _packed(view.lines, [room], False)
        # the news, then the facts, on their line and on a second one where they need
        # it while the menu keeps two rows
        spare = max(0, (h - y - band - 1) // LINE - 1 - MENU_KEEPS)
        for width, pack in ((beside_odds, marked_facts), (w, marked_facts), (w, packed_facts)):
            under = pack([*news, *rest], [width] + [w] * spare, not news)
            if reads_whole(news, under):  # the mark gives way where the news fills the lines
                odds, beside_odds = (odds, beside_odds) if width == beside_odds else ("", w)
                break
    elif compact and not screen.note:
        first = marked_facts([*news, *view.lines], [room], cut_first=False)
    told = ""  # the message where it needs the dice's place
    if not screen.note and (news and not reads_whole(news, first + under) or not has_dice and (
            text.width(BODY, view.message) > w)):
        rows = 3 if not compact or menu_rows == 1 else 2
        told = "\n".join(news_lines(view.message, view.lines, w, rows))
    elif screen.note:
        told = screen.note if text.width(SMALL, screen.note) > (room if compact else w) else ""
    if screen.scores and header > 0 and not (compact and told):
        draw_header(canvas, 0, 0, w, screen.names, screen.scores, screen.active, header)
    if told and not compact:  # both lines, the menu after them
        _paragraph(canvas, y, w, band + 1 + LINE, told, (BODY, SMALL))
        _menu(canvas, y + band + 1 + LINE, w, h - y - band - 1 - LINE, screen)
        return
    if told:  # over the scores and the dice: a note for its time, news until the next step
        line = 9 if menu_rows == 1 or screen.note else text.line_height(BODY)
        menu_rows = 1 if screen.note else menu_rows  # a note: two lines and a row
        _paragraph(canvas, 0, w, h - menu_rows * line, told, (BODY,))
        _menu(canvas, h - menu_rows * line, w, menu_rows * line, screen, line=line)
        return
    if has_dice:
        dice.draw_row(canvas, 0, y, row, size, right=w)
    else:
        words = view.message  # where the dice would be; at 128x32 no facts follow
        marked = f"{words} {MORE}".lstrip()
        if compact and view.lines and text.width(BODY, marked) <= w:
            words = marked
        _line(canvas, y, w, words, (BODY, SMALL), band, "left")
    if compact and screen.note:
        first = [screen.note]
    for words in first:
        _line(canvas, y, room, words, (BODY,), band, "right", x=end + 6)
    if compact:
        _menu(canvas, h - 9 * menu_rows, w, 9 * menu_rows, screen, line=9)
        return
    y += band + 1
    if screen.note and text.width(SMALL, screen.note) > beside_odds:
        odds, beside_odds = "", w  # the note whole; the label is back with the facts
    for k, words in enumerate(under or [""]):
        _line(canvas, y + k * LINE, beside_odds if k == 0 else w, words, (BODY, SMALL), LINE)
    if odds:  # over the odds column, so "224 8%" says what it is
        _line(canvas, y, w, odds, (SMALL,), LINE, "right")
    y += LINE * max(1, len(under))
    _menu(canvas, y, w, h - y, screen)


def news_lines(message: str, facts: Sequence[str], w: int, rows: int) -> list[str]:
    """The lines where the message takes the dice's place: its clauses whole, then the
    facts that fit, MORE where some are left out ("Wilhelmina asks Maximilian" / "for
    the greatest of gifts ▸"); the message wrapped where `rows` do not hold it so."""
    news = _news(message)
    lines = marked_facts([*news, *facts], [w] * rows, cut_first=False)
    return lines if reads_whole(news, lines) else text.wrap(BODY, message, w)


def _news(message: str) -> list[str]:
    """The game's message as facts, a clause each ("Bo banks 300; others -200")."""
    return [clause for clause in message.split("; ") if clause.strip()]


def reads_whole(news: Sequence[str], lines: Sequence[str]) -> bool:
    """Whether every clause of `news` reads whole in `lines` (a clause broken only
    at the spaces between lines)."""
    shown = " ".join(lines)
    return all(clause in shown for clause in news)


def _throw(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """What to throw, big, and how the dice will be read; a note (news) above the hint,
    in place of the facts, never in place of the hint."""
    hint = _hint(screen)
    if h < COMPACT_BELOW:  # the whole hint matters more here than scores shown every turn
        hint = screen.note or hint  # no room for both: a note takes the hint's place
        lines = len(_lines(BODY, hint, w, 2)) if hint else 0  # two, or three if need be
        hint_h = 2 * LINE if lines <= 2 else 3 * text.line_height(BODY)
        if lines <= 2 and not _fits(screen.title, w, h - hint_h, (TITLE, BODY)):
            hint_h = lines * text.line_height(BODY)  # closer lines: the title gets two
        _paragraph(canvas, 0, w, h - hint_h, screen.title, (TITLE, BODY, SMALL))
        _paragraph(canvas, h - hint_h, w, hint_h, hint, (BODY, SMALL))
        return
    hint_top = h - (_rows(hint, w, 3) * LINE if hint else 0)  # two lines, three if need be
    if screen.note:
        facts, note_h = screen.note, _rows(screen.note, w, 3) * LINE
    else:
        # MORE where some are left out, as on the turn screen: all on Facts in full
        facts = " ".join(marked_facts(screen.view.lines, [w])) if screen.view else ""
        note_h = LINE + 1 if facts else 0
    facts_top = hint_top - note_h
    faces = (BIG, TITLE, BODY, SMALL)
    y = LINE + 1 if screen.scores else 0  # the scoreboard gives way to a long title and note
    if screen.scores and (_fits(screen.title, w, facts_top - y, faces)
                          or not _fits(screen.title, w, facts_top, faces)):
        draw_header(canvas, 0, 0, w, screen.names, screen.scores, screen.active)
    else:
        y = 0
    _paragraph(canvas, y, w, facts_top - y, screen.title, faces)
    if screen.note:
        _paragraph(canvas, facts_top, w, note_h, facts, (BODY, SMALL))
    elif facts:
        _line(canvas, facts_top, w, facts, (BODY, SMALL), LINE, "center")
    if hint:
        _paragraph(canvas, hint_top, w, h - hint_top, hint, (BODY, SMALL), middle=False)


def _confirm(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """The camera's reading, unsure dice marked, to accept or correct.

    The note says why the box asks ("Blue 2 and black 5 are on the same die."): one too
    long for its line takes the title's place, two lines, whole. Colour letters go beside
    the dice where under them the row would not fit its band (six coloured dice, some
    marked unsure)."""
    compact = h < COMPACT_BELOW
    row = dice.Row(screen.entry, colours=screen.colours, flagged=screen.flagged)
    menu_h = (9 if compact else LINE * min(_menu_rows(screen), 2)) if screen.menu else 0
    note_h = LINE if screen.note and not compact else 0
    if note_h and _rows(screen.note, w, 2) > 1:  # in the title's place: why it asks
        top, note_h = 2 * LINE, 0
        _paragraph(canvas, 0, w, top, screen.note, (BODY, SMALL))
    else:
        top = 0 if compact else _title(canvas, w, screen.title, compact)
    band = h - menu_h - note_h - top - 1
    if screen.colours and dice.row_height(row, dice.MEDIUM) > band:
        row = replace(row, beside=True)
    _dice_band(canvas, top, w, band, row)
    if note_h:
        _line(canvas, top + band, w, screen.note, (BODY, SMALL), LINE, "center")
    if compact:
        _menu(canvas, h - 9, w, 9, screen, line=9)
    else:
        _menu(canvas, h - menu_h, w, menu_h, screen)


def _enter(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """Dice entered by hand, the one being set highlighted, and which button does what."""
    compact = h < COMPACT_BELOW
    cursor = screen.cursor if 0 <= screen.cursor < len(screen.entry) else None
    # On 128x32 no caret: the filled die marks the cursor, and the hint keeps two lines.
    # 128x32: the letters beside the dice, so the hint keeps its two lines
    row = dice.Row(screen.entry, colours=screen.colours, flagged=screen.flagged, cursor=cursor,
                   marks=not compact, beside=compact)
    hint = _hint(screen)
    if compact and screen.note:  # no room for both: the note, for its time
        hint = screen.note
    hint_h = 2 * LINE if hint else 0
    if compact:
        top = 0
    elif screen.note:  # in the title's place: "Too dark: enter the dice"
        top = _rows(screen.note, w, 2) * LINE
        _paragraph(canvas, 0, w, top, screen.note, (BODY, SMALL))
    else:
        top = _title(canvas, w, screen.title, compact)
    _dice_band(canvas, top, w, h - top - hint_h, row)
    if hint:
        _paragraph(canvas, h - hint_h, w, hint_h, hint, (BODY, SMALL))


def _card(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """A drawn card: its name, what it does, and the choice (name it, play or decline)."""
    compact = h < COMPACT_BELOW
    if compact:  # title and note a line each, else the note (for its time) or the title
        if all(text.width(BODY, words) <= w for words in (screen.title, screen.note)):
            _line(canvas, 0, w, screen.title, (BODY, SMALL), LINE, "center")
            if screen.note:
                _line(canvas, LINE, w, screen.note, (BODY, SMALL), LINE, "center")
        else:
            _paragraph(canvas, 0, w, h - LINE, screen.note or screen.title, (BODY,))
        _menu(canvas, h - LINE, w, LINE, screen)
        return
    hint = screen.hint
    long_title = not _fits(screen.title, w, text.line_height(TITLE), (TITLE, BODY))
    title_h = 2 * LINE if long_title else LINE
    if screen.note and hint:  # a note too long to leave the hint a place takes it a while
        needs = title_h + (_rows(screen.note, w, 3) + _rows(hint, w, 2) + 1) * LINE + 2
        hint = hint if needs <= h else ""
    if long_title:  # "Maximilian: draw an Action Card" on two lines
        _paragraph(canvas, 0, w, title_h, screen.title, (BODY,))
        y = title_h
    else:
        y = _title(canvas, w, screen.title, bool(screen.note and hint))  # small when crowded
    if screen.note:  # as few lines as the narrow face needs, three at most, menu permitting
        menu_h = LINE * min(_menu_rows(screen), 1)  # the menu keeps a row, gets the rest
        lines = min(_rows(screen.note, w, 3), max(1, (h - y - menu_h) // LINE))
        _paragraph(canvas, y, w, lines * LINE, screen.note, (BODY, SMALL))
        y += lines * LINE + 1
    if hint:
        lines = _rows(hint, w, 2)
        _paragraph(canvas, y, w, lines * LINE, hint, (BODY, SMALL))
        y += lines * LINE + 1
    _menu(canvas, y, w, h - y, screen)


def _cards(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """A card to name, drawn as what it is (the game's `draw_card`, from the picture the
    screen's `table` gives the card's name), the names to pick from."""
    compact = h < COMPACT_BELOW
    y = 0 if compact else _title(canvas, w, screen.title, True)
    band = h - LINE - 1 if compact else CARD_PICTURE
    menu_rows = 1 if compact else 2
    menu = screen.menu or Menu(())
    selected = menu.items[menu.selected].label if 0 <= menu.selected < len(menu.items) else ""
    picture = {row[0]: row[1] for row in screen.table}.get(selected)
    drawer = getattr(games.for_game(screen.game), "draw_card", None)
    if not (drawer and picture and drawer(canvas, (0, y, w - 1, y + band - 1), picture)):
        _line(canvas, y, w, selected, (TITLE, BODY, SMALL), band, "center")
    y += band + 1
    _menu(canvas, y, w, menu_rows * LINE, screen)
    bottom = screen.note or _hint(screen)  # news while it lasts, else what to press
    if not compact and bottom:
        _line(canvas, h - LINE, w, bottom, (BODY, SMALL), LINE, "center")


def _over(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """Final standings, best first, winners crowned, and how to start again."""
    compact = h < COMPACT_BELOW
    hint = _hint(screen)
    if compact and screen.note:  # no room for both: the note, for its time, on two lines
        hint = ""
        rows = _rows(screen.note, w, 2)
        _paragraph(canvas, h - rows * LINE, w, rows * LINE, screen.note, (BODY, SMALL))
        h -= rows * LINE
    top = 0 if compact else _title(canvas, w, screen.title or "Game over", bool(screen.note))
    if screen.note and not compact:  # how it ended, under the title
        rows = _rows(screen.note, w, 2)
        _paragraph(canvas, top, w, rows * LINE, screen.note, (BODY, SMALL))
        top += rows * LINE + 1
    bottom = h - (LINE if hint else 0)
    draw_standings(canvas, 0, top, w, bottom - top, screen.names, screen.scores, screen.winners)
    if hint:
        _line(canvas, bottom, w, hint, (BODY, SMALL), LINE, "center")


def _setup(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """A title and a menu (game, players, variant), the selected option explained below."""
    compact = h < COMPACT_BELOW
    y = _title(canvas, w, screen.title, compact)
    bottom = h
    note = screen.note or screen.hint
    if note and not compact:  # below a dotted rule, so it does not pass for an item
        note_h = _rows(note, w, 3) * LINE  # a refusal ("Solo is you against...") whole
        bottom = h - note_h - 2
        canvas.point([(i, bottom) for i in range(0, w, 2)], fill=1)
        _paragraph(canvas, h - note_h, w, note_h, note, (BODY, SMALL))
    elif note and screen.menu and len(screen.menu.items) * LINE < h - y - LINE:
        # 128x32: the note in the rows a short menu leaves (the star's page said nothing)
        bottom = y + len(screen.menu.items) * LINE
        _paragraph(canvas, bottom + 1, w, h - bottom - 1, note, (BODY, SMALL))
    elif screen.note:  # 128x32, a longer menu: the note alone, for its time
        canvas.rectangle((0, 0, w - 1, h - 1), fill=0)  # over the title: three lines whole
        _paragraph(canvas, 0, w, h, screen.note, (BODY, SMALL))
        return
    _menu(canvas, y, w, bottom - y, screen)


def _message(canvas: Canvas, w: int, h: int, screen: Screen) -> None:
    """A short notice in a box, wrapped; a long one is cut with "…", never clipped."""
    compact = h < COMPACT_BELOW
    title_h = LINE if screen.title else 0
    if compact and not _fits(screen.note, w - 8, h - 3 - title_h, (BODY,)):
        # no room for the box on 128x32: the title and three lines, edge to edge
        step = text.line_height(BODY)
        if screen.title:
            _line(canvas, 0, w, screen.title, (BODY,), step, "center")
        _paragraph(canvas, step if screen.title else 0, w, h - (step if screen.title else 0),
                   screen.note, (BODY,))
        return
    canvas.rounded_rectangle((0, 0, w - 1, h - 1), radius=3, outline=1)
    inset = 4
    y = 1
    if screen.title:
        height = LINE if compact else text.line_height(TITLE)
        faces = (BODY, SMALL) if compact else (TITLE, BODY, SMALL)
        _line(canvas, y, w - 2 * inset, screen.title, faces, height, "center", x=inset)
        y += height
    _paragraph(canvas, y, w - 2 * inset, h - y - 2, screen.note, (BODY, SMALL), x=inset)


_LAYOUTS: dict[str, Callable[[Canvas, int, int, Screen], None]] = {
    "setup": _setup,
    "turn": _turn,
    "throw": _throw,
    "confirm": _confirm,
    "enter": _enter,
    "card": _card,
    "cards": _cards,
    "over": _over,
    "message": _message,
    "qr": qr.draw,
}
