"""Text that always fits its box: shrink to a smaller face, then cut with an ellipsis.

A label never runs off the edge of the display or under its neighbour silently;
whatever does not fit ends in "…" so a player can tell something was left out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from PIL import ImageDraw

from .fonts import Face, cap_height, descent, load

ELLIPSIS = "…"

_CUT: ContextVar[list[str] | None] = ContextVar("_CUT", default=None)
"""While `recording_cuts`: the texts drawn cut, in the order drawn."""


@contextmanager
def recording_cuts() -> Iterator[list[str]]:
    """The texts drawn cut meanwhile (by screens and menus alike): a test of what
    players can read, not a part of drawing."""
    token = _CUT.set([])
    try:
        yield _CUT.get()
    finally:
        _CUT.reset(token)


def record_cut(words: str) -> None:
    """Say that `words` was drawn cut, where `recording_cuts` listens."""
    cut = _CUT.get()
    if cut is not None:
        cut.append(words)


_ONE_LINE = str.maketrans("\n\r\t\v\f", "     ")
"""Line breaks and tabs drawn as spaces: every call here draws a single line."""


@lru_cache(maxsize=4096)  # the same labels, names and facts come back frame after frame
def width(face: Face, text: str) -> int:
    """Pixels `text` takes in `face`: its advance, or where its ink ends if further (a
    glyph drawn without anti-aliasing can reach a pixel past its advance)."""
    text = text.translate(_ONE_LINE)
    font = load(face)
    advance = math.ceil(font.getlength(text))
    mask, (left, _) = font.getmask2(text, mode="1", anchor="ls")
    ink = mask.getbbox()
    return max(advance, left + ink[2]) if ink else advance


def ellipsize(face: Face, text: str, room: int) -> str:
    """`text`, or its longest start followed by "…", no wider than `room`; never cut
    inside a number."""
    if width(face, text) <= room:
        return text
    fits, too_long = 0, len(text)  # longest start found to fit with "…", shortest that does not
    while too_long - fits > 1:
        cut = (fits + too_long) // 2
        if width(face, text[:cut].rstrip() + ELLIPSIS) <= room:
            fits = cut
        else:
            too_long = cut
    # a number cut short reads as another number ("Turn 78…" for 780): a cut between two
    # digits goes back to the start of their word
    if 0 < fits < len(text) and text[fits - 1].isdigit() and text[fits].isdigit():
        while fits > 0 and not text[fits - 1].isspace():
            fits -= 1
    if text[:fits].strip():
        return text[:fits].rstrip() + ELLIPSIS
    return ELLIPSIS if width(face, ELLIPSIS) <= room else ""


def fit(text: str, room: int, faces: Sequence[Face]) -> tuple[Face, str]:
    """The first face in which `text` fits `room`, else the last face with `text` cut."""
    for face in faces:
        if width(face, text) <= room:
            return face, text
    return faces[-1], ellipsize(faces[-1], text, room)


def clause_lines(face: Face, text: str, room: int) -> list[str] | None:
    """`text` as whole clauses packed into lines no wider than `room`, or None.

    Clauses end at new lines, double spaces and commas, so "OK: read camera  Select:
    enter by hand" breaks between its two instructions rather than inside one. None
    when a clause is wider than `room` by itself.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        parts = re.split(r"(\s{2,}|(?<=,)\s+)", paragraph.strip())
        line = parts[0]
        for clause in parts[2::2]:  # parts[1::2] are the gaps: kept as " " after a comma
            joined = line + (" " if line.endswith(",") else "  ") + clause
            if width(face, joined) <= room:
                line = joined
            else:
                lines.append(line)
                line = clause
        lines.append(line)
    return None if any(width(face, line) > room for line in lines) else lines


def wrap(face: Face, text: str, room: int) -> list[str]:
    """`text` broken into lines no wider than `room`, at spaces where possible (a
    character wider than `room` by itself gets a line of its own)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if width(face, candidate) <= room:
                line = candidate
                continue
            if line:
                lines.append(line)
            # a word longer than the box: break it, down to one character a line (a cut
            # before the first character would take nothing and never end)
            while len(word) > 1 and width(face, word) > room:
                cut = len(word) - 1
                while cut > 1 and width(face, word[:cut]) > room:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def wrap_within(face: Face, text: str, room: int, most: int) -> list[str]:
    """`text` wrapped (`wrap`) on at most `most` lines, the last cut with "…" where it
    needs more: news under the standings, whole where two lines hold it."""
    lines = wrap(face, text, room)
    if len(lines) <= most:
        return lines
    return [*lines[:most - 1], ellipsize(face, " ".join(lines[most - 1:]), room)]


def line_height(face: Face) -> int:
    """A line box for `face`: a pixel above the capitals, then capitals and descenders."""
    return 1 + cap_height(face) + descent(face)


def baseline(face: Face, top: int, height: int) -> int:
    """The baseline that centres `face` in a line box, at least a pixel below its top.

    In a box too short for capitals and descenders the descenders lose their last
    row rather than the capitals touching the top (an inverted bar stays readable).
    """
    ink = cap_height(face) + descent(face)
    return top + max(1, (height - ink + 1) // 2) + cap_height(face)


def draw(
    canvas: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    face: Face,
    fill: int = 1,
    anchor: str = "ls",
) -> None:
    """`text` at `xy` (by default the left end of its baseline), never in a default font.

    `anchor` is Pillow's: l/m/r then a vertical part (s for the baseline).
    """
    canvas.text(xy, text.translate(_ONE_LINE), fill=fill, font=load(face), anchor=anchor)
