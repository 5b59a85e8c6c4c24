"""Dice half entered, kept across a quit: a file beside the store, `PATH.entry`.

The store holds steps, and dice being entered are not a step yet; but a player who
quits the simulator (`q`) or stops the service mid-entry expects the dice set so far
back at the next start ("a button pressed at the wrong time loses nothing"). The file
names the game and how many steps it had, so it is taken up only by the same throw;
it is read once and removed, and one that does not fit is ignored.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.dice_entry import DiceEntry
from companion.rules import Throw


def path_beside(store: str | Path) -> Path:
    return Path(f"{store}.entry")


def keep(store: str | Path, game: int, steps: int, entry: DiceEntry) -> None:
    """Write the entry of the throw awaited after `steps` steps of `game`, whole or not
    at all (a temporary file renamed)."""
    path = path_beside(store)
    data = {"game": game, "steps": steps, "entry": entry.to_json()}
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(json.dumps(data))
    os.replace(temporary, path)


def take(store: str | Path, game: int, steps: int, throw: Throw | None) -> DiceEntry | None:
    """The entry kept for this throw (game `game` after `steps` steps), or None (also
    when no throw is awaited); the file is removed either way: it is taken up once."""
    path = path_beside(store)
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    finally:
        path.unlink(missing_ok=True)
    try:
        if throw is None or (data["game"], data["steps"]) != (game, steps):
            return None
        return DiceEntry.from_json(throw, data["entry"])
    except (KeyError, TypeError, ValueError, IndexError):
        return None
