"""Presses buttons at a Table forever, game after game: the process the resume test kills.

    python play_forever.py STORE SEED [GAME]

Prints "playing" once the Table is up, then never stops by itself. The presses are
seeded and mostly OK (virtual dice, virtual cards, the advised choice), with other
choices, hand entries and undos mixed in, so a kill can land in any kind of step.
"""

from __future__ import annotations

import random
import sys

from companion.dice_input import VirtualDice
from companion.store import Store
from companion.table import Setup, Table
from hardware.buttons import ButtonEvent
from hardware.camera import VirtualRoller

PRESSES = [("ok", False)] * 6 + [("down", False), ("select", False), ("up", False),
                                  ("back", False), ("back", True)]


def main(path: str, seed: int, game: str = "risknroll") -> None:
    rng = random.Random(seed)
    table = Table(Store(path), Setup(game, 2, start="options"),
                  dice=VirtualDice(VirtualRoller(seed)), deck_rng=random.Random(seed))
    print("playing", flush=True)
    while True:
        table.handle(ButtonEvent(*rng.choice(PRESSES)))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), *sys.argv[3:])
