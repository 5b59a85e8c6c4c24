"""A screen module for the fake game SOLO (tests/fake_games.py), as a game's own screens
are written (companion/ui/games/): two pages, one of them drawn by a layout of its own.

Register it only inside a test (`registered_screens(monkeypatch)`)."""

from __future__ import annotations

from companion.ui import games
from companion.ui.model import Screen

PAGES_LABEL = "Offer and totals"


def pages(state, names) -> tuple[Screen, ...]:
    offer = Screen("solo:offer", title="Offer", table=tuple((card,) for card in state.offer))
    totals = Screen("setup", title="Totals", note=" ".join(
        f"{name} {total}" for name, total in zip(names, state.totals)))
    return offer, totals


def _offer(canvas, w, h, screen) -> None:
    """One filled bar per card of the Offer, under a frame: pixels a test can count."""
    canvas.rectangle((0, 0, w - 1, h - 1), outline=1)
    for row, _ in enumerate(screen.table):
        canvas.rectangle((2, 2 + 4 * row, w - 3, 4 + 4 * row), fill=1)


LAYOUTS = {"offer": _offer}


def registered_screens(monkeypatch) -> None:
    monkeypatch.setitem(games.SCREENS, "solo", __name__)
