"""Each game's own screen module, found by the game's name.

The session and the shared screens never ask which game is played: they ask
`for_game(name)` for the game's screen module and call the hooks it defines (each
optional): `card_groups(draw)` groups the cards a Draw can give for naming with five
buttons; `draw_card(canvas, box, name)` draws a card as what it is. A game without a
module, or a module without a hook, gets the shared behaviour.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

SCREENS: dict[str, str] = {"216": "companion.ui.games.two_sixteen"}
"""Game name -> its screen module, imported only when first asked for."""


def for_game(name: str | None) -> ModuleType | None:
    """The screen module of game `name`, or None for a game without one."""
    module = SCREENS.get(name) if name else None
    return import_module(module) if module else None
