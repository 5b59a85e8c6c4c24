"""Per-player statistics over the finished games: games, wins, best score, by game.

Players are told apart by the names they gave (a name is a player, whatever seat).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion import rules


@dataclass(frozen=True)
class Line:
    name: str
    games: int
    wins: int
    best: int
    by_game: tuple[tuple[str, int], ...]  # (game title, games played), most played first


def players(records: Iterable) -> list[Line]:
    """One line a player name over finished games with scores, most games first."""
    seen: dict[str, dict] = {}
    for record in records:
        if not record.finished or not record.scores:
            continue
        title = rules.title_of(record.game)
        for seat, name in enumerate(record.names):
            if seat >= len(record.scores):
                continue
            line = seen.setdefault(name, {"games": 0, "wins": 0, "best": None, "by": {}})
            line["games"] += 1
            line["wins"] += seat in (record.winners or ())
            score = record.scores[seat]
            line["best"] = score if line["best"] is None else max(line["best"], score)
            line["by"][title] = line["by"].get(title, 0) + 1
    lines = [Line(name, v["games"], v["wins"], v["best"],
                  tuple(sorted(v["by"].items(), key=lambda kv: (-kv[1], kv[0]))))
             for name, v in seen.items()]
    return sorted(lines, key=lambda x: (-x.games, -x.wins, x.name))
