"""The game menu (long Select) over any screen of a game: back to it, the game's own
pages where it has them, what other seats may do out of turn now, undo, a new game
(asking first whether to abandon this one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules import Action
from companion.store import StoreError
from companion.ui.model import MenuItem, Screen

from .choices import Choices
from .pages import label as pages_label
from .pages import open_pages
from .play import out_of_turn, out_of_turn_item
from .setup import to_setup

if TYPE_CHECKING:
    from companion.table import Table


def toggle(table: Table) -> None:
    if table.game_id is None:
        table._say("No game in play yet")
    elif table._overlay:
        table._overlay = None
    else:
        table._overlay = "menu"
        state = table.state
        others = [] if state.is_over() else out_of_turn(state)
        pages = pages_label(table)
        table._overlay_choices = Choices(
            [MenuItem("Back to the game"), *([MenuItem(pages)] if pages else []),
             *(out_of_turn_item(table, state, action) for action in others),
             MenuItem("Undo last step"), MenuItem("New game")],
            ["resume", *(["pages"] if pages else []), *others, "undo", "new"],
        )


def on_button(table: Table, button: str) -> None:
    choices = table._overlay_choices
    if button in ("up", "down"):
        choices.move(-1 if button == "up" else 1)
        return
    if button == "back":
        table._overlay = None
        return
    chosen = choices.value
    if isinstance(chosen, Action):
        table._overlay = None
        table._apply_out_of_turn(chosen)
    elif chosen == "resume" or chosen == "keep":
        table._overlay = None
    elif chosen == "pages":
        table._overlay = None
        open_pages(table)
    elif chosen == "undo":
        table._overlay = None
        table._undo()
    elif chosen == "new" and table.state.is_over():
        to_setup(table, "options")
    elif chosen == "new":
        table._overlay = "abandon"
        table._overlay_choices = Choices(
            [MenuItem("Keep playing"), MenuItem("Abandon, new game")], ["keep", "abandon"]
        )
    else:
        try:
            table.store.abandon(table.game_id)
        except StoreError as why:
            table._notice = str(why)
            return
        to_setup(table, "options")
        table._say("Game abandoned (kept in the store)")


def screen(table: Table, note: str) -> Screen:
    title = "Game menu" if table._overlay == "menu" else "Abandon this game?"
    return Screen(kind="setup", title=title, menu=table._overlay_choices.menu(),
                  note=note, hint="Back: to the game")
