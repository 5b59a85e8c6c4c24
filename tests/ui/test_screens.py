"""Every screen kind at 128x64 and 128x32, pixel for pixel against tests/ui/golden/.

UPDATE_GOLDEN=1 pytest tests/ui rewrites the goldens (look at them before committing:
`python -m companion.ui.gallery OUTDIR` writes them 4x). On a mismatch the test
writes the actual image and a 4x diff (red: only in the golden, green: only in the
new image) to a temporary folder and names both files in its failure message.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from companion.rules import View
from companion.session.pages import STAR_PAGE
from companion.ui import gallery, games, text
from companion.ui.examples import SCREENS, SIZES
from companion.ui.fonts import cap_height
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import render

GOLDEN = Path(__file__).with_name("golden")
KINDS = re.findall(r"^\s+(\w+)\s{2,}\S", Screen.__doc__, flags=re.MULTILINE)
CASES = [(name, size) for name in SCREENS for size in SIZES]


def diff_image(expected: Image.Image, actual: Image.Image, scale: int = 4) -> Image.Image:
    """White where both are lit, red only in the golden, green only in the new image."""
    width = max(expected.width, actual.width)
    height = max(expected.height, actual.height)
    out = Image.new("RGB", (width, height))
    old, new, px = expected.load(), actual.load(), out.load()
    for y in range(height):
        for x in range(width):
            a = x < expected.width and y < expected.height and old[x, y]
            b = x < actual.width and y < actual.height and new[x, y]
            px[x, y] = (255, 255, 255) if a and b else (255, 0, 0) if a else (0, 255, 0) if b else 0
    return out.resize((width * scale, height * scale), Image.Resampling.NEAREST)


@pytest.mark.parametrize("name,size", CASES, ids=[gallery.golden_name(n, s) for n, s in CASES])
def test_screen_matches_its_golden(name, size, tmp_path):
    actual = render(SCREENS[name], size)
    path = GOLDEN / gallery.golden_name(name, size)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        actual.save(path)
        return
    assert path.exists(), f"no golden {path}: run UPDATE_GOLDEN=1 pytest tests/ui and look at it"
    expected = Image.open(path).convert("1")
    if expected.size == actual.size and expected.tobytes() == actual.tobytes():
        return
    actual_path = tmp_path / f"actual-{path.name}"
    diff_path = tmp_path / f"diff-4x-{path.name}"
    actual.save(actual_path)
    diff_image(expected, actual).save(diff_path)
    pytest.fail(f"{path.name} differs from its golden; actual: {actual_path}, diff: {diff_path}")


FINGERPRINTS = """
import hashlib, json
from companion.ui.examples import SCREENS, SIZES
from companion.ui.render import render
print(json.dumps({f"{name} {w}x{h}": hashlib.sha256(render(screen, (w, h)).tobytes()).hexdigest()
                  for name, screen in SCREENS.items() for w, h in SIZES}))
"""
"""Every example's image, as a digest, rendered by a new interpreter."""


def test_every_example_renders_as_in_a_fresh_process():
    """What earlier tests left behind (a card file read, a registry filled, a font or a
    cache loaded) changes no screen: a new interpreter that imports only the examples
    and the renderer draws each one as this process does after whatever ran before (the
    216 cards were once drawn from the last card file read: as dice in the suite, as
    their names in a file run alone)."""
    fresh = json.loads(subprocess.run(
        [sys.executable, "-c", FINGERPRINTS], capture_output=True, text=True, check=True,
        cwd=Path(__file__).parents[2]).stdout)
    here = {f"{name} {w}x{h}": hashlib.sha256(render(screen, (w, h)).tobytes()).hexdigest()
            for name, screen in SCREENS.items() for w, h in SIZES}
    assert fresh.keys() == here.keys()
    assert [key for key in here if fresh[key] != here[key]] == []


def test_every_golden_belongs_to_an_example():
    expected = {gallery.golden_name(name, size) for name, size in CASES}
    assert {p.name for p in GOLDEN.glob("*.png")} <= expected


def test_the_examples_cover_every_kind_the_model_names_and_every_games_own():
    assert set(KINDS) == {"setup", "turn", "throw", "confirm", "enter", "card", "cards", "over",
                         "message", "qr"}
    kinds = {screen.kind for screen in SCREENS.values()}
    assert {kind for kind in kinds if ":" not in kind} == set(KINDS)
    own = {f"{game}:{kind}" for game in games.SCREENS
           for kind in getattr(games.for_game(game), "LAYOUTS", {})}
    assert {kind for kind in kinds if ":" in kind} == own


@pytest.mark.parametrize("size", SIZES)
def test_render_is_a_pure_function(size):
    for screen in SCREENS.values():
        first, second = render(screen, size), render(screen, size)
        assert first.mode == "1" and first.size == size
        assert first.tobytes() == second.tobytes()


def test_lit_pixels_read_255():
    image = render(SCREENS["turn"])
    assert {image.getpixel((x, y)) for x in range(128) for y in range(64)} == {0, 255}


def test_an_unknown_kind_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown screen kind 'score'"):
        render(Screen("score"))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", SIZES)
def test_an_empty_screen_of_every_kind_renders(kind, size):
    assert render(Screen(kind), size).size == size


def test_no_text_is_ever_drawn_in_pillows_default_font(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("text drawn without an explicit font")

    monkeypatch.setattr(ImageDraw.ImageDraw, "getfont", refuse)
    for screen in SCREENS.values():
        for size in SIZES:
            render(screen, size)


class TextSpy:
    """Records where every string is drawn, so a test can check it stays on the display."""

    def __init__(self, draw):
        self.draw = draw
        self.drawn: list[tuple[int, int, int, str, object]] = []

    def __call__(self, canvas, xy, words, face, fill=1, anchor="ls"):
        span = text.width(face, words)
        left = xy[0] - {"l": 0, "m": span // 2, "r": span}[anchor[0]]
        self.drawn.append((left, left + span, xy[1], words, face))
        self.draw(canvas, xy, words, face, fill, anchor)

    def outside(self, size: tuple[int, int]) -> list:
        w, h = size
        return [
            d for d in self.drawn
            if d[0] < 0 or d[1] > w or d[2] - cap_height(d[4]) < 0 or d[2] > h
        ]


@pytest.fixture
def spy(monkeypatch):
    watcher = TextSpy(text.draw)
    monkeypatch.setattr(text, "draw", watcher)
    return watcher


@pytest.mark.parametrize("name,size", CASES, ids=[gallery.golden_name(n, s) for n, s in CASES])
def test_example_text_stays_on_the_display(name, size, spy):
    render(SCREENS[name], size)
    assert spy.drawn
    assert spy.outside(size) == []


@pytest.mark.parametrize("size", SIZES)
def test_what_does_not_fit_ends_in_an_ellipsis(size, spy):
    render(SCREENS["message-long"], size)
    assert spy.drawn[-1][3].endswith(text.ELLIPSIS)
    spy.drawn.clear()
    label = "-200 to Maximilian-Alexander von Hohenzollern-Sigmaringen"
    render(Screen("setup", menu=Menu((MenuItem(label),))), size)
    shown = " ".join(words for *_, words, _ in spy.drawn)  # on the rows there are
    assert shown == label
    spy.drawn.clear()
    render(Screen("setup", menu=Menu((MenuItem(" ".join([label] * 3)),))), size)
    shown = " ".join(words for *_, words, _ in spy.drawn)
    assert shown.endswith(text.ELLIPSIS) and label.startswith(shown[:20])


printable = st.text(alphabet=string.ascii_letters + string.digits + " '+-%:,/.!?\n", max_size=60)
items = st.builds(MenuItem, printable, printable, st.booleans())
COLOURS = ["magenta", "blue", "orange", "grey", "yellow", "black"]


@st.composite
def screens(draw) -> Screen:
    players = draw(st.integers(0, 8))
    return Screen(
        kind=draw(st.sampled_from(KINDS)),
        title=draw(printable),
        names=tuple(draw(st.lists(printable, min_size=players, max_size=players))),
        scores=tuple(draw(st.lists(st.integers(-500, 99999), min_size=players, max_size=players))),
        active=draw(st.none() | st.integers(0, max(0, players - 1))),
        view=draw(st.none() | st.builds(
            View,
            dice=st.lists(st.integers(0, 8), max_size=8).map(tuple),
            aside=st.lists(st.integers(1, 6), max_size=6).map(tuple),
            colours=st.none() | st.lists(st.sampled_from(COLOURS), max_size=8).map(tuple),
            lines=st.lists(printable, max_size=3).map(tuple),
            message=printable,
        )),
        menu=draw(st.none() | st.builds(Menu, st.lists(items, max_size=12).map(tuple),
                                        st.integers(-1, 13))),
        entry=tuple(draw(st.lists(st.integers(0, 8), max_size=8))),
        cursor=draw(st.integers(-1, 8)),
        flagged=tuple(draw(st.lists(st.integers(0, 7), max_size=3))),
        note=draw(printable),
        winners=tuple(draw(st.lists(st.integers(0, 7), max_size=3))),
    )


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(screen=screens(), size=st.sampled_from(SIZES))
def test_any_screen_renders_with_its_text_on_the_display(screen, size, spy):
    spy.drawn.clear()
    image = render(screen, size)
    assert image.size == size and image.mode == "1"
    assert spy.outside(size) == []


def test_the_gallery_writes_every_example_scaled_up(tmp_path):
    written = gallery.write(tmp_path, scale=2)
    assert len(written) == len(CASES)
    assert Image.open(tmp_path / "turn-128x64.png").size == (256, 128)


def test_a_setup_page_with_a_short_menu_says_its_note_at_128x32(drawn_words):
    """The star's legend page (a starred row, its meaning below) said nothing of what
    the star means at 128x32: the note goes in the rows its one-row menu leaves."""
    render(STAR_PAGE, (128, 32))
    assert STAR_PAGE.note in drawn_words
