"""The terminal stand-in draws the OLED pixel-exact in the largest drawing that fits:
half-blocks in a big terminal, braille in an ordinary 80x24 one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from hardware.display import (
    DimmingDisplay,
    TerminalDisplay,
    from_braille,
    to_braille,
    to_halfblocks,
)

GOLDEN = sorted((Path(__file__).parents[1] / "ui" / "golden").glob("*.png"))


class FakeTTY(io.StringIO):
    def isatty(self):
        return True


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("1").tobytes() == b.convert("1").tobytes()


def test_braille_dots_are_the_pixels_of_their_cell():
    img = Image.new("1", (4, 4))
    for xy in [(0, 0), (1, 1), (0, 3), (3, 2)]:   # dots 1, 5, 7 of the first cell; 6 of the next
        img.putpixel(xy, 1)
    assert to_braille(img) == "\u2851\u2820"


def test_a_blank_cell_is_blank_braille_not_a_space():
    assert to_braille(Image.new("1", (4, 8))) == "\u2800\u2800\n\u2800\u2800"
    assert same(from_braille("  \n\u2800 "), Image.new("1", (4, 8)))


@pytest.mark.parametrize("png", GOLDEN, ids=lambda p: p.stem)
def test_every_screen_read_back_from_its_braille_cells_is_its_png(png):
    image = Image.open(png).convert("1")
    text = to_braille(image)
    lines = text.split("\n")
    assert len(lines) == image.height // 4 and {len(line) for line in lines} == {64}
    assert same(from_braille(text), image)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(1, 6), st.randoms(use_true_random=False))
def test_braille_round_trip(cells, rows, rnd):
    img = Image.new("1", (2 * cells, 4 * rows))
    for x in range(img.width):
        for y in range(img.height):
            img.putpixel((x, y), rnd.random() < 0.5)
    assert same(from_braille(to_braille(img)), img)


def test_an_odd_edge_reads_as_unlit():
    img = Image.new("1", (3, 5), 1)
    back = from_braille(to_braille(img))
    assert back.size == (4, 8)
    assert same(back.crop((0, 0, 3, 5)), img)
    assert not any(back.getpixel((3, y)) for y in range(8))


def sample() -> Image.Image:
    img = Image.new("1", (128, 64))
    img.paste(1, (10, 10, 50, 30))
    img.putpixel((127, 63), 1)
    return img


def terminal(monkeypatch, columns: int, rows: int, below: int = 5) -> TerminalDisplay:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(rows))
    display = TerminalDisplay(FakeTTY())
    display.below = below
    return display


def last_frame(display: TerminalDisplay) -> str:
    return display.stream.getvalue().split("\x1b[H")[-1].rstrip("\n")


@pytest.mark.parametrize("columns, rows, drawing", [
    (80, 24, "braille"), (128, 36, "braille"), (127, 37, "braille"),
    (128, 37, "halfblocks"), (200, 60, "halfblocks"),
])
def test_the_drawing_is_the_largest_that_fits_with_the_rows_below(
    monkeypatch, columns, rows, drawing
):
    display = terminal(monkeypatch, columns, rows)
    display.show(sample())
    expected = to_braille(sample()) if drawing == "braille" else to_halfblocks(sample())
    assert last_frame(display) == expected
    assert display.cells() == ((64, 16) if drawing == "braille" else (128, 32))


def test_a_resized_terminal_gets_the_last_frame_again_in_the_drawing_that_now_fits(
    monkeypatch
):
    display = terminal(monkeypatch, 80, 24)
    display.show(sample())
    assert display.redraw_if_resized() is False        # same size: nothing to do
    monkeypatch.setenv("COLUMNS", "140")
    monkeypatch.setenv("LINES", "45")
    assert display.redraw_if_resized() is True
    text = display.stream.getvalue()
    assert text.count("\x1b[2J") == 2                  # cleared: no stale braille left
    assert last_frame(display) == to_halfblocks(sample())
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    assert display.redraw_if_resized() is True
    assert same(from_braille(last_frame(display)), sample())


def test_a_dark_screen_stays_dark_when_redrawn(monkeypatch):
    now = [0.0]
    inner = terminal(monkeypatch, 80, 24)
    display = DimmingDisplay(inner, blank_after=10, dim_after=0, clock=lambda: now[0])
    display.show(sample())
    now[0] = 11
    assert display.tick() == "blank"
    monkeypatch.setenv("COLUMNS", "140")
    monkeypatch.setenv("LINES", "45")
    assert inner.redraw_if_resized() is True
    assert last_frame(inner) == to_halfblocks(Image.new("1", (128, 64)))


def test_a_log_gets_half_blocks_whatever_the_size(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    display = TerminalDisplay(io.StringIO())
    display.show(sample())
    assert display.stream.getvalue() == to_halfblocks(sample()) + "\n\n"
    assert display.redraw_if_resized() is False
