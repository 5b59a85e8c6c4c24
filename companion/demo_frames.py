"""A demo game played through the real session and screens, every frame kept.

The Table is driven as a player would drive the box: OK to throw or draw, Select to
take the highlighted option, which is the advice's best since menus are ranked best
first. Dice and cards come from one seeded random source, consumed exactly as
`Throw.sample` and `Draw.sample` consume it, so the game is the same one that
`companion demo` plays without frames.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from companion.dice_input import VirtualDice
from companion.rules import Action
from companion.store import Store
from companion.table import Setup, Table
from companion.ui.render import render
from hardware.buttons import ButtonEvent
from hardware.display import PngDisplay

PRESS = {"throw": "ok", "draw": "ok", "decide": "select", "setup_options": "select"}
"""The button a player following the advice presses on each screen."""


class _SeededRoller:
    """Throws dice the way `Throw.sample` does, from a shared random source."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def throw(self, count: int, faces: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(self.rng.choice(faces) for _ in range(count))


def play_with_frames(
    game: str, players: int, seed: int, options: dict, frames: str | Path,
    size: tuple[int, int] = (128, 64),
) -> list[Action]:
    """Play one game to the end, writing each frame to `frames`; return its actions."""
    rng = random.Random(seed)
    display = PngDisplay(frames, size=size, gif=True)
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "demo.db") as store:
        table = Table(
            store,
            Setup(game, players, options=options, start="options"),
            dice=VirtualDice(_SeededRoller(rng)),
            deck_rng=rng,
        )
        while True:
            display.show(render(table.screen(), size))
            if table.mode == "over":
                break
            button = PRESS.get(table.mode)
            if button is None:
                raise RuntimeError(f"demo cannot play the {table.mode!r} screen")
            table.handle(ButtonEvent(button))
            while table.busy:
                table.tick()
        actions = [Action.from_json(a) for a in store.load(table.game_id).actions]
    display.close()
    return actions
