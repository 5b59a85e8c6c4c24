"""Naming a card drawn from a physical deck, in as few presses as the game allows.

A Draw lists only the cards that can come up (not those in the Offer or a hand), each
with its copies left. A game whose screen module gives `card_groups(draw)` (see
`companion.ui.games`) is named in two steps: the group first (a colour, say), then the
card, Back returning to the groups; the card is shown as the game draws it (screen kind
"cards"). Any other game names the card from one menu. With a virtual deck
(`Table.deck_rng`) OK draws one at either step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules import Action, Draw
from companion.ui.games import for_game
from companion.ui.model import MenuItem, Screen

from .choices import Choices
from .play import askers

if TYPE_CHECKING:
    from companion.table import Table

Group = tuple[str, list[tuple[str, int]]]


def start(table: Table, draw: Draw) -> str:
    """Make the first menu for naming a card of `draw`; return its mode."""
    hook = getattr(for_game(table._game.name), "card_groups", None)
    groups = [(label, [(name, n) for name, n in cards if n > 0])
              for label, cards in (hook(draw) if hook else ())]
    table._card_groups = [(label, cards) for label, cards in groups if cards]
    if not table._card_groups:
        table._choices = _cards([(name, n) for name, n in draw.cards if n > 0])
        return "draw"
    table._choices = Choices(
        [MenuItem(label, f"{sum(n for _, n in cards)} left")
         for label, cards in table._card_groups],
        list(range(len(table._card_groups))),
    )
    return "draw_group"


def _cards(cards: list[tuple[str, int]]) -> Choices:
    return Choices([MenuItem(name, f"{n} left") for name, n in cards],
                   [Action("draw", card=name) for name, _ in cards])


def on_group(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button == "select" or (button == "ok" and table.deck_rng is None):
        group = table._choices.value
        table._choices = _cards(table._card_groups[group][1])
        table._card_group = group
        table.mode = "draw"
    elif button == "ok":
        table._apply(table.state.chance().sample(table.deck_rng))
    else:
        table._say("Hold Back to undo")


def on_card(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button == "select" or (button == "ok" and table.deck_rng is None):
        table._apply(table._choices.value)
    elif button == "ok":
        table._apply(table.state.chance().sample(table.deck_rng))
    elif table._card_groups:  # Back: to the groups, the one left highlighted
        start(table, table.state.chance())
        table._choices.selected = table._card_group
        table.mode = "draw_group"
    else:
        table._say("Hold Back to undo")


def _hint(table: Table, what: str) -> str:
    """What the buttons do: name the `what` ("a group", "this card"), or draw one."""
    hint = (f"OK: draw one, Select: {what}" if table.deck_rng
            else "Select the card's group" if what == "a group" else "Select the card drawn")
    asking = askers(table)
    return f"{hint}\n{asking}" if asking else hint


def _title(table: Table) -> str:
    draw = table.state.chance()
    return table._named(draw.why) or f"Draw: {draw.deck}"


def screen_group(table: Table, note: str) -> Screen:
    return table._game_screen("card", _title(table), note, hint=_hint(table, "a group"),
                              menu=table._choices.menu())


def screen_card(table: Table, note: str) -> Screen:
    if not table._card_groups:
        return table._game_screen("card", _title(table), note, hint=_hint(table, "this card"),
                                  menu=table._choices.menu())
    group = table._card_groups[table._card_group][0]
    return table._game_screen("cards", f"{group}: {_title(table)}", note,
                              hint="Select: this card, Back: groups",
                              menu=table._choices.menu(), game=table._game.name)
