"""Every game the conformance suite plays: each registered game under each of its option
settings, and the fake games of tests/rules/test_core_fit.py (a Charidice-like game of
coloured dice with a gift asked out of turn, a 216-like Offer of four drawn from a deck
of 70 with a decision by a seat not on turn), registered for the test only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from test_core_fit import CHARITY, SOLO

from companion import rules
from companion.rules import Game

FAKE_GAMES: tuple[Game, ...] = (CHARITY, SOLO)

TURN_FIELDS: dict[str, tuple[str, ...]] = {
    "risknroll": ("phase", "card", "card_in_play", "earned", "turn_points", "dice_left",
                  "roll", "aside", "rolled_out"),
    "216": ("dice", "kept", "throwing", "rolls", "helped", "fresh", "refill_after_help"),
    "sixseven": ("dice", "kept", "chased"),
    "charidice": ("throws", "kept", "roll", "gift"),
    "charity": ("throws", "kept", "roll", "gift"),
    "solo": (),  # the automatic opponent takes its card as its turn begins
}
"""The fields of each game's state (`to_json()`) that belong to one turn: when the turn
passes to another seat they hold again what they held when the game began. A new game
names its own here (the suite says so if it does not)."""


@dataclass(frozen=True)
class Case:
    """One game under one setting of its options."""

    game: Game
    options: dict[str, Any]

    @property
    def id(self) -> str:
        chosen = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game.name}[{chosen or 'defaults'}]"

    @property
    def fake(self) -> bool:
        return self.game in FAKE_GAMES


def option_settings(game: Game) -> list[dict[str, Any]]:
    """The defaults, then each option at each of its other values (the rest at defaults),
    then every option at a value other than its default at once."""
    settings: list[dict[str, Any]] = [{}]
    for option in game.options:
        settings += [{option.name: value} for value in option.choices if value != option.default]
    if len(game.options) > 1:
        settings.append({o.name: next(v for v in o.choices if v != o.default)
                         for o in game.options})
    return settings


def cases() -> list[Case]:
    every = [*rules.GAMES.values(), *FAKE_GAMES]
    return [Case(game, options) for game in every for options in option_settings(game)]


def params(select=lambda case: True) -> list:
    """The cases as pytest parameters, named by game and options."""
    return [pytest.param(case, id=case.id) for case in cases() if select(case)]
