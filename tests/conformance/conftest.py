"""The conformance suite reuses the fake games of tests/rules and the button helpers of
tests/table: their folders are put on the import path, as pytest does for their own tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
for folder in ("rules", "table"):
    if str(TESTS / folder) not in sys.path:
        sys.path.insert(0, str(TESTS / folder))


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The fake games are registered in `rules.GAMES` for each test of the suite only (the
    session and the replays from the store find games there by name)."""
    from conformance_games import FAKE_GAMES

    from companion import rules

    for game in FAKE_GAMES:
        monkeypatch.setitem(rules.GAMES, game.name, game)
