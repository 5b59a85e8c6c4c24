"""A demo game played through the real session and screens, every frame kept.

The Table is driven as a player would drive the box: OK to throw or draw, Select to
take the highlighted option, which is the advice's best since menus are ranked best
first. Dice and cards come from one seeded random source, consumed exactly as
`Throw.sample` and `Draw.sample` consume it, so the game is the same one that
`companion demo` plays without frames.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.dice_input import VirtualDice
from companion.rules import Action
from companion.store import Store
from companion.table import Setup, Table
from companion.ui.render import render
from hardware.buttons import ButtonEvent
from hardware.camera import VirtualRoller
from hardware.display import PngDisplay

PRESS = {"throw": "ok", "draw_group": "ok", "draw": "ok", "decide": "select",
         "setup_options": "select"}
"""The button a player following the advice presses on each screen."""


def play_with_frames(
    game: str, players: int, seed: int, options: dict, frames: str | Path,
    size: tuple[int, int] = (128, 64),
) -> list[Action]:
    """Play one game to the end, writing each frame to `frames`; return its actions."""
    roller = VirtualRoller(seed)
    display = PngDisplay(frames, size=size, gif=True)
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "demo.db") as store:
        table = Table(
            store,
            Setup(game, players, options=options, start="options"),
            dice=VirtualDice(roller),
            deck_rng=roller.rng,  # one random source for dice and cards, as in self_play
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
