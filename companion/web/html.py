"""Small pieces of HTML the page is made of: escaped text, tables, dice drawn as SVG.

Everything a player or the store named passes through `esc`; nothing here writes a
style attribute or a script (the page's Content-Security-Policy allows neither): the
look is in static/page.css, by class.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((12, 12),),
    2: ((7, 7), (17, 17)),
    3: ((7, 7), (12, 12), (17, 17)),
    4: ((7, 7), (17, 7), (7, 17), (17, 17)),
    5: ((7, 7), (17, 7), (12, 12), (7, 17), (17, 17)),
    6: ((7, 6), (17, 6), (7, 12), (17, 12), (7, 18), (17, 18)),
    7: ((7, 6), (17, 6), (7, 12), (12, 12), (17, 12), (7, 18), (17, 18)),
}
"""Pip centres on a 24x24 die, for the faces 1 to 7 (67's dice show 2 to 7)."""


def esc(value) -> str:
    return escape(str(value), quote=True)


def die(value: int, colour: str | None = None, title: str = "") -> str:
    """One die face as an inline SVG; a coloured die (Charidice) gets its colour's class.
    A value with no pips drawn (a "≥4" slot of a card) is written on the die."""
    cls = f"die c-{esc(colour)}" if colour else "die"
    label = esc(title or (f"{colour} {value}" if colour else value))
    pips = PIPS.get(value) if isinstance(value, int) else None
    inside = ("".join(f'<circle cx="{x}" cy="{y}" r="2.3"/>' for x, y in pips) if pips
              else f'<text x="12" y="16.5" text-anchor="middle">{esc(value)}</text>')
    return (f'<svg class="{cls}" viewBox="0 0 24 24" role="img" aria-label="{label}">'
            f'<title>{label}</title><rect x="1" y="1" width="22" height="22" rx="4"/>'
            f'{inside}</svg>')


def dice(values: Iterable[int], colours: Sequence[str | None] | None = None) -> str:
    values = list(values)
    colours = list(colours) if colours is not None else [None] * len(values)
    return '<span class="dice">' + "".join(die(v, c) for v, c in zip(values, colours)) + "</span>"


def table(heads: Sequence[str], rows: Iterable[Sequence], caption: str = "",
          classes: str = "sheet", marked: Iterable[int] = (), foot: Sequence | None = None
          ) -> str:
    """A table: `rows` of cells (text, or `Raw` HTML); rows whose index is in `marked`
    get the class "now" (the round or the player whose turn it is)."""
    marked = set(marked)
    parts = [f'<table class="{esc(classes)}">']
    if caption:
        parts.append(f"<caption>{esc(caption)}</caption>")
    parts.append("<thead><tr>" + "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
                 + "</tr></thead><tbody>")
    for i, row in enumerate(rows):
        cls = ' class="now"' if i in marked else ""
        parts.append(f"<tr{cls}>" + "".join(_cell(c, k) for k, c in enumerate(row)) + "</tr>")
    parts.append("</tbody>")
    if foot is not None:
        parts.append("<tfoot><tr>" + "".join(_cell(c, k) for k, c in enumerate(foot))
                     + "</tr></tfoot>")
    parts.append("</table>")
    return "".join(parts)


class Raw(str):
    """HTML made here (dice, a mark): put in a cell as it is."""


def _cell(value, column: int) -> str:
    tag = "th" if column == 0 else "td"
    scope = ' scope="row"' if column == 0 else ""
    text = value if isinstance(value, Raw) else esc(value)
    num = ' class="n"' if isinstance(value, int) and not isinstance(value, bool) else ""
    return f"<{tag}{scope}{num}>{text}</{tag}>"


def section(title: str, body: str, classes: str = "") -> str:
    cls = f' class="{esc(classes)}"' if classes else ""
    return f"<section{cls}><h2>{esc(title)}</h2>{body}</section>"


def name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"P{seat + 1}"
