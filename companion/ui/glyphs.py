"""Tiny hand-drawn marks (star, crown, question, arrows) as pixel patterns.

Font symbols such as U+2605 turn into blobs at these sizes on a one-bit display;
a few pixels placed by hand stay crisp and look the same everywhere.
"""

from __future__ import annotations

from PIL import ImageDraw

Glyph = tuple[str, ...]

STAR: Glyph = (
    "..#..",
    "..#..",
    "#####",
    ".###.",
    ".#.#.",
)
"""The advice's best choice."""

CROWN: Glyph = (
    "#..#..#",
    "##.#.##",
    "#######",
    "#######",
    ".......",
    "#######",
)
"""A winner."""

QUESTION: Glyph = (
    ".###.",
    "#...#",
    "...#.",
    "..#..",
    ".....",
    "..#..",
)
"""Under a die the camera is unsure of."""

UP: Glyph = (
    "..#..",
    ".###.",
    "#####",
)
"""Points up at the die being entered."""
MORE_ABOVE: Glyph = (
    ".#.",
    "###",
)
MORE_BELOW: Glyph = (
    "###",
    ".#.",
)
"""Beside a one-row menu: more items above, below."""

LETTERS: dict[str, Glyph] = {
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "####.", "#...#", "#...#", "####."),
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", ".###."),
    "G": (".###.", "#....", "#.###", "#...#", "#...#", ".###."),
    "Y": ("#...#", "#...#", ".#.#.", "..#..", "..#..", "..#.."),
    "K": ("#...#", "#..#.", "###..", "#..#.", "#...#", "#...#"),
}
"""Capitals tagging a coloured die: in the 8-pixel face G reads as O (its bar is one
pixel), which on a throw of six dice named grey dice orange; drawn by hand, G is open."""


def size(glyph: Glyph) -> tuple[int, int]:
    return len(glyph[0]), len(glyph)


def draw(canvas: ImageDraw.ImageDraw, x: int, y: int, glyph: Glyph, fill: int = 1) -> None:
    """Set the glyph's '#' pixels with its top-left corner at (x, y)."""
    canvas.point(
        [(x + i, y + j) for j, row in enumerate(glyph) for i, c in enumerate(row) if c == "#"],
        fill=fill,
    )
