"""The players' names: the seats' defaults, the names carried to the next game, and
seat numbers ("P2") said with names."""

from __future__ import annotations

import re
from collections.abc import Sequence


def default_names(players: int, given: Sequence[str] = (),
                  game: Sequence[str] = ()) -> tuple[str, ...]:
    """The given names for the first seats; for a seat not named (or named only P<n>), the
    game's own name for it (`Game.default_names`: 216 solo's "AI"), else P<n>."""

    def name(seat: int) -> str:
        default = f"P{seat + 1}"
        mine = given[seat] if seat < len(given) else ""
        if mine and mine != default:
            return mine
        return (game[seat] if seat < len(game) else "") or default

    return tuple(name(seat) for seat in range(players))


def given_names(names: Sequence[str], game: Sequence[str]) -> tuple[str, ...]:
    """`names` without the game's own ("" in their place): what the players named, to
    carry to the next game, where the game's own names may differ."""
    return tuple("" if seat < len(game) and game[seat] == name else name
                 for seat, name in enumerate(names))


def with_names(text: str, names: Sequence[str]) -> str:
    """The rules say P1, P2...: the players' names instead, where there are names."""

    def name(match: re.Match) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return re.sub(r"\bP(\d+)\b", name, text)
