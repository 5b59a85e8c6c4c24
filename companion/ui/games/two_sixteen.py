"""216 on the screens: Objective cards grouped by colour and drawn as their dice symbols.

A player names a card just revealed by its colour (gray, orange, green, purple: what
the card shows) and then by the picture on it, never by a name to remember. The picture
is the card's dice symbols (`two_sixteen_cards`), which the session puts in the Screen
from the game's own cards (`card_picture`): the screens keep no catalogue of their own.
A die with pips for an exact number, "?" for any, "≥4" or "≤3" for a bound; between two
dice "=" (the same number), "≠" (a different one) or "opp" (the opposite face: of a 6,
drawn a 1 with no mark; of "≥4", "opp" and "≤3"); then the
conditions on the whole roll: "Σ10" or "Σ≥15" for a sum, "no" and the dice of numbers
that must not show, "all≠", "straight", "pair+opp".

Pages (game menu, "Offer and hand"): the Offer two cards a page, each drawn with its
name and its General Score + Served Game Bonus (`table` rows: name, scores, symbols);
then the Help cards of the player on turn (none shown for the solo AI, which holds none).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import ImageDraw

from companion.rules import Action, Draw
from companion.rules.two_sixteen import AI, TwoSixteenState
from companion.rules.two_sixteen_cards import (
    COLOURS,
    in_drawing_order,
    opposite,
    split_symbols,
)
from companion.ui import dice, text
from companion.ui.fonts import BODY, SMALL
from companion.ui.model import Screen

GAP = 3
LINE = 10
"""Pixels between two symbols with nothing between them."""
MARKS = {"=": "=", "!": "≠", "o": "opp"}
"""What stands between two dice for "the same as", "different from", "opposite of"."""
CONDITIONS = {"all-different": "all≠", "straight": "straight", "pair+opp": "pair+opp"}
PAGES_LABEL = "Offer and hand"
LEGEND = (
    ("100% 6pt", "Chance to claim a card this turn; points expected"),
    ("36% 2pt+0.6H", "Help cards expected: 0.6 taken this turn"),
    ("100% 6pt-1H", "Help cards expected: one spent this turn"),
    ("win 16% 41% 4pt", "Near the end: first the chance to win the game"),
    ("Sum 7 +10+5", "Claim Sum 7: General Score 10, Served Game Bonus 5"),
    ("+Help", "A Help card instead of the Served Game Bonus"),
    ("Roll the 1 2 again", "Roll again the dice showing 1 and 2"),
    ("5/216", "Solo tie: the 216 rolls of which 5 fulfil the card"),
)
"""Every figure of the menus and what it means: the game menu's legend pages."""
CARDS_A_PAGE = 2
"""Offer cards on a page: two, drawn at full size, as 128x32 holds them."""


def menu_group(state: TwoSixteenState, action: Action) -> tuple[str, ...]:
    """Where a choice goes in the decision menu (companion.session.menus): the cards to
    claim under "Claim", the rerolls under "Roll again", the Help cards under "Help
    cards", each card's plays together (a Wild's fifteen, by the die it changes)."""
    if action.kind == "claim":
        return ("Claim",)
    if action.kind == "reroll":
        return ("Roll again",)
    if action.kind == "help" and action.get("to") is not None:  # a die changed: by the die
        return ("Help cards", action["card"], f"{action['card']}: {action['die']} to")
    if action.kind == "help":
        return ("Help cards", action["card"])
    return ()


def card_groups(state: TwoSixteenState, draw: Draw) -> list[tuple[str, list[tuple[str, int]]]]:
    """The Objective cards a Draw can give, by colour in the rulebook's order, the
    colours those of the game's own cards; no groups for the Help deck (six cards, one
    menu)."""
    if draw.deck != "Objective":
        return []
    colours = {name: state.card(name).colour for name, _ in draw.cards}
    return [(colour.capitalize(), [(name, n) for name, n in draw.cards
                                   if colours[name] == colour])
            for colour in COLOURS]


def card_picture(state: TwoSixteenState, name: str) -> str:
    """Objective card `name` of this game's cards as `draw_card` draws it: its symbols."""
    return state.card(name).symbols


def draw_card(canvas: ImageDraw.ImageDraw, box: tuple[int, int, int, int], picture: str) -> bool:
    """An Objective card from its symbols `picture` ("? =1 ? no=1 no=6", `card_picture`),
    centred in `box`; False for anything that is not a card's symbols."""
    glyphs = card_glyphs(picture)
    if glyphs is None:
        return False
    x0, y0, x1, y1 = box
    size = next((s for s in (dice.LARGE, dice.MEDIUM) if s <= y1 - y0 + 1), dice.SMALL_DIE)
    parts = _parts(glyphs, size)
    if _width(parts) > x1 - x0 + 1 and picture.split()[:3] == ["?", "?", "?"]:
        parts = parts[6:]  # three "?" dice say nothing: leave them out, and the gap after
    x = x0 + max(0, (x1 - x0 + 1 - _width(parts)) // 2)
    top = y0 + (y1 - y0 + 1 - size) // 2
    for kind, value, w in parts:
        _draw_part(canvas, x, top, size, kind, value)
        x += w
    return True


def card_glyphs(picture: str) -> list[tuple[str, str]] | None:
    """A card's picture from its symbols (`card_picture`), left to right: what the OLED
    and the web score sheet both draw. ("pips", "6") a die showing 6; ("text", "?") or
    ("text", "≥4") a die with a sign on it; ("mark", "=") what stands between two things,
    "" a plain gap; ("words", "Σ≥15") a condition on the whole roll. A die always stands
    after the die it refers to, as the card means the same in any order of its dice
    (`in_drawing_order`: "? =3 6" is drawn [?] [6]=[6]). None for anything that is not
    a card's symbols."""
    symbols = split_symbols(picture)
    if symbols is None:
        return None
    slots, conditions = symbols
    glyphs: list[tuple[str, str]] = []
    for i, (kind, value, mark) in enumerate(_dice(in_drawing_order(slots))):
        if i:
            glyphs.append(("mark", mark))
        glyphs.append((kind, value))
    absent = False
    for token in conditions:
        if token.startswith("no="):  # "no" once, then the dice that must not show
            glyphs += [("mark", "" if absent else "no"), ("pips", token[3:])]
            absent = True
        else:
            glyphs += [("mark", ""), ("words", CONDITIONS.get(token) or _sum(token))]
    return glyphs


def _dice(slots: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """Each die's picture ("pips", "6"), ("text", "≥4"), ("text", "?") and the mark
    before it ("" for the first die and for dice with no relation to an earlier one);
    `slots` in drawing order, each die referring to an earlier one."""
    shown: list[tuple[str, str, str]] = []
    same = list(range(len(slots)))  # each die's class of dice shown equal
    for i, token in enumerate(slots):
        if token[0] in "o=!":
            j = int(token[1:]) - 1
            kind, value, _ = shown[j]
            mark = MARKS[token[0]] + ("" if same[j] == same[i - 1] else str(j + 1))
            if token[0] == "=":
                same[i] = same[j]
                shown.append((kind, value, mark))
            elif token[0] == "o" and kind == "pips":
                shown.append(("pips", str(opposite(int(value))), ""))
            elif token[0] == "o" and value[0] in "≥≤":  # opposite ≥4 is ≤3: the bound turned
                turned = "≤" if value[0] == "≥" else "≥"
                shown.append(("text", f"{turned}{opposite(int(value[1:]))}", mark))
            else:
                shown.append(("text", "?", mark))
        elif token.isdigit():
            shown.append(("pips", token, ""))
        else:
            shown.append(("text", token.replace(">=", "≥").replace("<=", "≤"), ""))
    return shown


def _parts(glyphs: list[tuple[str, str]], size: int) -> list[tuple[str, str, int]]:
    """What to draw left to right: (kind, value, width), spaces included; a plain gap
    before a condition in words twice as wide as one between dice."""
    parts = []
    for k, (kind, value) in enumerate(glyphs):
        if kind == "mark" and value:
            width = text.width(SMALL, value) + 2 * GAP
        elif kind == "mark":
            width = 2 * GAP if glyphs[k + 1][0] == "words" else GAP
        else:
            width = text.width(BODY, value) if kind == "words" else size
        parts.append((kind, value, width))
    return parts


def _sum(token: str) -> str:
    """"sum>=15" as "Σ≥15"."""
    return "Σ" + token[3:].replace(">=", "≥").replace("<=", "≤").lstrip("=")


def _width(parts) -> int:
    return sum(w for _, _, w in parts)


def _draw_part(canvas, x: int, top: int, size: int, kind: str, value: str) -> None:
    if kind == "pips":
        dice.draw_die(canvas, x, top, int(value), size)
    elif kind == "text":
        dice.draw_die(canvas, x, top, 0, size)
        if value != "?":  # a bound: the die's "?" cleared, the bound written in it
            canvas.rectangle((x + 1, top + 1, x + size - 2, top + size - 2), fill=0)
            base = text.baseline(SMALL, top, size)
            text.draw(canvas, (x + size // 2, base), value, SMALL, anchor="ms")
    elif kind == "mark" and value:
        text.draw(canvas, (x + GAP, text.baseline(SMALL, top, size)), value, SMALL)
    elif kind == "words":
        text.draw(canvas, (x, text.baseline(BODY, top, size)), value, BODY)


# --- the pages: the Offer, the hand ------------------------------------------------------


def pages(state: TwoSixteenState, names: Sequence[str]) -> tuple[Screen, ...]:
    """The Offer (two cards a page) and the Help cards of the player on turn."""
    offer = [(name, f"{state.card(name).general}+{state.card(name).bonus}",
              card_picture(state, name)) for name in state.offer]
    chunks = [tuple(offer[k:k + CARDS_A_PAGE]) for k in range(0, len(offer), CARDS_A_PAGE)]
    shown = [Screen("216:offer", title=_offer_title(k, len(chunks), len(offer)), table=chunk)
             for k, chunk in enumerate(chunks or [()])]
    seat = state.seat
    who = names[seat] if seat < len(names) and names[seat] else f"P{seat + 1}"
    if state.solo and seat == AI:
        return (*shown, Screen("216:hand", title=f"{who}: no Help cards",
                               note="The AI plays no Help cards"))
    usable = Counter(state.usable())
    fresh = Counter(state.fresh)
    rows = tuple((name, n, fresh[name]) for name, n in (usable + fresh).items())
    return (*shown, Screen("216:hand", title=f"{who}: Help cards", table=rows,
                           note="" if rows else "No Help cards yet"))


def _offer_title(page: int, pages: int, cards: int) -> str:
    if cards <= CARDS_A_PAGE:
        return f"Offer ({cards} of 4)" if cards < 4 else "Offer"
    first = page * CARDS_A_PAGE + 1
    return f"Offer {first}-{min(first + CARDS_A_PAGE - 1, cards)} of {cards}"


def _offer(canvas: ImageDraw.ImageDraw, w: int, h: int, screen: Screen) -> None:
    """Each card of the page drawn, its scores at the right; its name under it (128x64)."""
    compact = h < 48
    y = 0
    if not compact:
        _centred(canvas, 0, w, screen.title, BODY)
        y = LINE + 1
    row = (h - y) // CARDS_A_PAGE
    for name, scores, picture in screen.table:
        room = w - text.width(SMALL, "20+10") - GAP
        top = y + (0 if compact else 1)
        draw_card(canvas, (0, top, room - 1, top + dice.LARGE - 1), picture)
        text.draw(canvas, (w, text.baseline(SMALL, top, dice.LARGE)), scores, SMALL, anchor="rs")
        if not compact:
            under = top + dice.LARGE + 1
            _centred(canvas, under, room, name, SMALL)
        y += row
    if not screen.table:
        _centred(canvas, y, w, "No cards yet", BODY)


def _hand(canvas: ImageDraw.ImageDraw, w: int, h: int, screen: Screen) -> None:
    """The Help cards held, two to a row: "+1/-1 x2"; a card taken this turn has a "*":
    it can be played from the turn after."""
    compact = h < 48
    step, face = (8, SMALL) if compact else (LINE, BODY)
    _centred(canvas, 0, w, screen.title, face, step)
    for k, (name, n, fresh) in enumerate(screen.table):
        top = step + (0 if compact else 1) + (k // 2) * step
        said = name + (f" x{n}" if n > 1 else "") + ("*" if fresh else "")
        text.draw(canvas, (k % 2 * (w // 2), text.baseline(face, top, step)), said, face)
    note = screen.note or ("*: taken now, play it next turn"
                           if any(fresh for _, _, fresh in screen.table) else "")
    if note and not (compact and screen.table):
        _centred(canvas, h - LINE, w, note, SMALL)


def _centred(canvas, y: int, w: int, words: str, face, height: int = LINE) -> None:
    shown = text.ellipsize(face, words, w)
    text.draw(canvas, (w // 2, text.baseline(face, y, height)), shown, face, anchor="ms")


LAYOUTS = {"offer": _offer, "hand": _hand}
"""This game's own screen kinds, rendered as "216:offer" and "216:hand"."""
