"""Dice entered by hand, or a camera reading to accept or correct: the buttons and screens
over `companion.dice_entry.DiceEntry`, which knows the dice and nothing of buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.dice_entry import DiceEntry, NotSet, Read, Reading
from companion.rules import Action, IllegalAction, Throw
from companion.rules.core import dice_count
from companion.ui.model import MenuItem, Screen

from .choices import Choices

if TYPE_CHECKING:
    from companion.table import Table

LONG_NOTE_SECONDS = 4.0


def start_entry(table: Table, throw: Throw, note: str = "") -> None:
    table._entry = DiceEntry.by_hand(throw)
    table.mode = "enter"
    if note:
        table._say(note, LONG_NOTE_SECONDS)


def read(table: Table, throw: Throw, reading: Reading) -> None:
    """A reading applied when sure and possible, else shown to accept or correct."""
    entry = DiceEntry.of_reading(throw, reading, table.confidence)
    if entry.sure:
        apply_read(table, entry.read, entry.values, entry.finish(), "read")
        return
    table._entry = entry
    items = [("Accept", "accept")] if entry.possible else []
    items += [("Correct", "correct"), ("Read again", "again")]
    table._choices = Choices([MenuItem(label) for label, _ in items], [v for _, v in items])
    table.mode = "confirm"
    table._note_until = 0.0  # the reason to check outranks older news


def on_confirm(table: Table, button: str) -> None:
    from .play import on_throw

    entry = table._entry
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button == "back":
        table._entry = None
        table.mode = "throw"
        table._say("Reading discarded")
    elif table._choices.value == "accept":
        apply_read(table, entry.read, entry.values, entry.finish(), "accepted")
    elif table._choices.value == "correct":
        table.mode = "enter"
    else:
        table._entry = None
        table.mode = "throw"
        on_throw(table, "ok")


def on_enter(table: Table, button: str) -> None:
    entry = table._entry
    if button in ("up", "down"):
        entry.step(1 if button == "up" else -1)
    elif button == "select":
        entry.next()
    elif button == "back":
        if not entry.back():
            table.mode = "throw"
            table._entry = None
            table._say("Entry cancelled")
    else:
        try:
            action = entry.finish()
        except (NotSet, IllegalAction) as why:
            table._say(str(why))
            return
        if entry.read is None:
            table._apply(action)
        else:
            apply_read(table, entry.read, entry.values, action, "corrected")


def apply_read(table: Table, camera: Read, values: Sequence[int], action: Action,
               how: str) -> None:
    """Apply a throw the camera read (`values` as the players let them stand, in the
    order shown), then keep its frame labelled with them, if photos are kept."""
    if not table._apply(action):
        return
    if table.photos is None or camera.seen is None:
        return
    from vision.kept_photos import labelled

    dice = labelled(list(camera.values), camera.boxes(), list(values))
    if dice is not None:
        if how == "corrected" and tuple(values) == camera.values:
            how = "accepted"  # "Correct" chosen, nothing changed
        table.photos.keep(camera.seen.frame, dice, game=table.game_id,
                          step=len(table._actions) - 1, how=how)


def screen_confirm(table: Table, note: str) -> Screen:
    entry = table._entry
    return table._game_screen("confirm", "Camera read", note or entry.why,
                              entry=entry.shown(cursor=False),
                              colours=entry.colours(cursor=False),
                              flagged=tuple(sorted(entry.flagged)), menu=table._choices.menu())


def screen_enter(table: Table, note: str) -> Screen:
    entry = table._entry
    return table._game_screen("enter", f"Enter {dice_count(entry.throw.count)}", note,
                              entry=entry.shown(), colours=entry.colours(),
                              cursor=entry.cursor, flagged=tuple(sorted(entry.flagged)))
