"""Text fitting: nothing wider than its room, and a cut always shows as "…"."""

from __future__ import annotations

import re
from unittest.mock import patch

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from companion.ui import text
from companion.ui.fonts import BODY, SMALL, TITLE

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789+-%:,'/", max_size=80)


@settings(max_examples=60, deadline=None)
@given(words, st.integers(min_value=0, max_value=128))
def test_ellipsize_fits_and_says_when_it_cut(words, room):
    shown = text.ellipsize(BODY, words, room)
    assert text.width(BODY, shown) <= room or shown == ""
    if shown != words:
        assert shown.endswith(text.ELLIPSIS) or shown == ""
        assert words.startswith(shown.removesuffix(text.ELLIPSIS).rstrip())


def test_fit_prefers_the_first_face_that_holds_the_whole_text():
    room = text.width(SMALL, "Risk 'n' Roll 2000, 3 players")
    assert text.fit("Risk 'n' Roll 2000, 3 players", room, (TITLE, SMALL)) == (
        SMALL,
        "Risk 'n' Roll 2000, 3 players",
    )
    face, shown = text.fit("Risk 'n' Roll 2000, 3 players", 60, (TITLE, SMALL))
    assert face == SMALL and shown.endswith(text.ELLIPSIS)


@settings(max_examples=60, deadline=None)
@given(words, st.integers(min_value=20, max_value=128))
def test_wrapped_lines_fit_and_keep_every_word(words, room):
    lines = text.wrap(BODY, words, room)
    assert all(text.width(BODY, line) <= room for line in lines)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")


class Budget:
    """`text.width` that gives up after `calls` calls: a wrap that never ends fails the
    test instead of hanging the run."""

    def __init__(self, calls: int):
        self.left = calls
        self.width = text.width

    def __call__(self, face, words):
        self.left -= 1
        assert self.left >= 0, "wrap does not end"
        return self.width(face, words)


@settings(max_examples=60, deadline=None)
@given(words, st.integers(min_value=-2, max_value=8), st.sampled_from([BODY, SMALL, TITLE]))
@example("W", 0, BODY)
def test_wrap_ends_in_any_room_however_small(words, room, face):
    """A box narrower than a character (a 10x10 display) hung `wrap`: a character too
    wide for the room now gets a line of its own."""
    with patch.object(text, "width", Budget(20_000)):
        lines = text.wrap(face, words, room)
    assert all(text.width(face, line) <= room or len(line) <= 1 for line in lines)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")


def test_clauses_stay_whole_on_their_lines():
    assert text.clause_lines(BODY, "OK: read camera  Select: enter by hand", 128) == [
        "OK: read camera",
        "Select: enter by hand",
    ]
    assert text.clause_lines(BODY, "Up/Down value, Select next, OK done", 128) == [
        "Up/Down value, Select next,",
        "OK done",
    ]
    assert text.clause_lines(BODY, "one clause far too long to fit in thirty pixels", 30) is None


@pytest.mark.parametrize("words", ["Bob drew No Harm/No Foul", "Ann drew No Harm/No Foul",
                                   "Turn 350", "Cy keeps 510", "rn"])
@pytest.mark.parametrize("face", [BODY, SMALL])
def test_the_width_covers_every_pixel_drawn(words, face):
    """Drawn without anti-aliasing a glyph can ink past its advance: "Bob drew No Harm/No
    Foul" advances 128 pixels in BODY but inks 129, and lost its last letter, with no
    "…", on the 128-pixel display."""
    image = Image.new("1", (200, 16), 0)
    text.draw(ImageDraw.Draw(image), (0, 12), words, face)
    inked = [x for x in range(200) if any(image.getpixel((x, y)) for y in range(16))]
    assert inked[-1] < text.width(face, words)


def test_anchors_place_the_text_end_where_asked():
    image = Image.new("1", (128, 16), 0)
    text.draw(ImageDraw.Draw(image), (127, 12), "Turn 350", SMALL, anchor="rs")
    inked = [x for x in range(128) if any(image.getpixel((x, y)) for y in range(16))]
    assert 127 - text.width(SMALL, "Turn 350") <= inked[0] and inked[-1] <= 127


def test_a_number_is_never_cut_short():
    """"Turn 78…" for a turn of 780 reads as 78: a number goes whole, or not at all."""
    assert text.ellipsize(BODY, "Turn 780, 6 dice", 42) == "Turn…"  # "Turn 78…" fits
    assert text.ellipsize(BODY, "Turn 780, 6 dice", 44) == "Turn 780…"
    assert text.ellipsize(BODY, "P3 loses 450 points", 50) == "P3 loses…"  # "P3 loses 4…"
    assert text.ellipsize(BODY, "Bob drew No Harm/No Foul", 100) == "Bob drew No Harm/No…"


@given(words=st.lists(st.sampled_from(["Turn", "780,", "6", "dice", "P2", "loses", "450",
                                       "Final", "round:", "2000+", "·"]), min_size=1),
       room=st.integers(10, 128))
def test_what_is_left_of_a_cut_number_is_the_whole_number(words, room):
    cut = text.ellipsize(SMALL, " ".join(words), room)
    numbers = {n for word in words for n in re.findall(r"\d+", word)}
    assert set(re.findall(r"\d+", cut)) <= numbers
