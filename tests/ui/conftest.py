"""What the screens' tests share: every string a screen draws."""

from __future__ import annotations

import pytest

from companion.ui import text


@pytest.fixture
def drawn_words(monkeypatch) -> list[str]:
    """Every string drawn through text.draw from here on, in order."""
    words: list[str] = []
    original = text.draw

    def record(canvas, xy, shown, face, fill=1, anchor="ls"):
        words.append(shown)
        original(canvas, xy, shown, face, fill, anchor)

    monkeypatch.setattr(text, "draw", record)
    return words
