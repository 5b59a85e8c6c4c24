"""Each game's own screens, found by game name, so the session and render stay generic.

A game screen module (`companion/ui/games/<module>.py`) may define any of these hooks;
the session and `companion.ui.render` call them only through `for_game`:

- `card_groups(state, draw) -> list[(label, [(card, copies left)])]`: how the cards a
  Draw can give are grouped, so that the session names a card group first, then the card;
- `card_picture(state, name) -> str`: card `name` of the game in `state` as plain text
  its `draw_card` draws (216: the card's dice symbols), carried in the "cards" Screen's
  `table`: the screen draws the game's own cards, not whichever were read last;
- `draw_card(canvas, box, picture) -> bool`: a card drawn in `box` as what it does from
  its `card_picture`, False for a picture it cannot draw (the name is shown instead);
- `pages(state, names) -> tuple[Screen, ...]` with `PAGES_LABEL`: the game's own pages,
  opened from the game menu item named PAGES_LABEL and flipped with Up/Down;
- `LAYOUTS: dict[str, layout]`: extra screen kinds, rendered as "<game>:<kind>";
- `KINDS: dict[str, str]`: a session screen kind the game draws its own way, e.g.
  {"over": "sixseven:over"}: the same Screen fields, the game's layout;
- `menu_group(state, action) -> tuple[str, ...]`: where an option goes in the decision
  menu, as group labels ("Keep", "Keep 3 dice"; () for the top list): see
  `companion.session.menus`;
- `ASKING: dict[str, str]`: what an out-of-turn action of a kind lets a seat do, as
  the throw screen's hint says it ({"gift": "gift"}: "Hold Select: gift (Bo)");
  without it the hint says "act".
"""

from __future__ import annotations

import importlib
from types import ModuleType

from companion.rules import PARTS

SCREENS: dict[str, str] = {name: p.screens for name, p in PARTS.items() if p.screens}
"""Game name -> its screen module, imported on first use, as each game's registration
names it (`companion.rules.REGISTERED`)."""


def for_game(name: str) -> ModuleType | None:
    """The screen module of game `name`; None for a game without one."""
    module = SCREENS.get(name)
    return None if module is None else importlib.import_module(module)
