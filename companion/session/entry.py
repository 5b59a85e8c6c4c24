"""Dice entered by hand, or a camera reading to accept or correct: the modes over
`companion.dice_entry.DiceEntry`, which knows the dice and nothing of buttons."""

from __future__ import annotations

from collections.abc import Sequence

from companion.dice_entry import LEAVE, DiceEntry, Read
from companion.dice_input import Reading
from companion.rules import Action, IllegalAction
from companion.rules.core import dice_count
from companion.ui.model import MenuItem, Screen

from .choices import Choices
from .mode import Host, Mode
from .play import ThrowDice, throw_of

LONG_NOTE_SECONDS = 4.0


class Enter(Mode):
    """Dice being set by hand (or a reading being corrected): the buttons go to the
    DiceEntry; OK stores the throw once every die is set and the throw is legal."""

    name = "enter"
    LEADS_TO = ("throw",)
    KEEPS_DICE = True

    def __init__(self, table: Host, entry: DiceEntry):
        super().__init__(table)
        self.entry = entry
        table.entry_kept = entry  # kept as it changes: Back and a quit lose nothing

    @classmethod
    def by_hand(cls, table: Host, note: str = "") -> Enter:
        """The entry of the throw awaited: the dice kept from before, else a fresh one."""
        if note:
            table.say(note, LONG_NOTE_SECONDS)
        return cls(table, table.entry_kept or DiceEntry.by_hand(throw_of(table)))

    def on(self, button: str) -> Mode:
        """Every press goes to the entry model; its answer: a throw to store, or leaving."""
        entry = self.entry
        try:
            result = entry.press(button)
        except IllegalAction as why:
            self.table.say(self.table.named(str(why)))
            return self
        if isinstance(result, Action):
            if entry.read is None:
                return self.table.apply(result) or self
            return apply_read(self.table, entry.read, entry.values, result, "corrected",
                              entry.colours()) or self
        if result == LEAVE:
            if entry.begun:  # kept on the table: Select takes them up again
                self.table.say("Dice kept: Select goes back to them")
            else:
                self.table.entry_kept = None
                self.table.say("Entry cancelled")
            return ThrowDice(self.table)
        if entry.note:
            self.table.say(entry.note)
        return self

    def screen(self, note: str) -> Screen:
        entry = self.entry
        return self.table.game_screen("enter", f"Enter {dice_count(entry.throw.count)}", note,
                                      entry=entry.shown(), colours=entry.colours(),
                                      cursor=entry.cursor, flagged=tuple(sorted(entry.flagged)),
                                      hint=entry.hint)


def read(table: Host, reading: Reading) -> Mode:
    """A reading applied when sure and possible (the mode the new state needs), else
    shown to accept or correct."""
    entry = DiceEntry.of_reading(throw_of(table), reading, table.confidence)
    if entry.sure:
        done = apply_read(table, entry.read, entry.values, entry.finish(), "read",
                          entry.colours())
        if done is not None:
            return done
    table.hush()  # the reason to check outranks older news
    return Confirm(table, entry)


class Confirm(Mode):
    """A camera reading to check: Accept (when the rules accept it), Correct (the dice
    entry over it) or Read again; Back discards it."""

    name = "confirm"
    LEADS_TO = ("throw", "enter", "reading")
    KEEPS_DICE = True

    def __init__(self, table: Host, entry: DiceEntry):
        super().__init__(table)
        self.entry = entry
        items = [("Accept", "accept")] if entry.possible else []
        items += [("Correct", "correct"), ("Read again", "again")]
        self.choices = Choices([MenuItem(label) for label, _ in items], [v for _, v in items])

    def on(self, button: str) -> Mode:
        entry, table = self.entry, self.table
        if self.choices.moved(button):
            return self
        if button == "back":
            table.say("Reading discarded")
            return ThrowDice(table)
        if self.choices.value == "accept":
            return apply_read(table, entry.read, entry.values, entry.finish(), "accepted",
                              entry.colours()) or self
        if self.choices.value == "correct":
            return Enter(table, entry)
        return ThrowDice(table).on("ok")

    def screen(self, note: str) -> Screen:
        entry = self.entry
        return self.table.game_screen("confirm", "Camera read", note or entry.why,
                                      entry=entry.shown(cursor=False),
                                      colours=entry.colours(cursor=False),
                                      flagged=tuple(sorted(entry.flagged)),
                                      menu=self.choices.menu())


def apply_read(table: Host, camera: Read, values: Sequence[int], action: Action,
               how: str, colours: Sequence[str] = ()) -> Mode | None:
    """Apply a throw the camera read (`values` and, for coloured dice, `colours` as the
    players let them stand, in the order shown), then have the camera learn its
    colours for the rest of the game (`learn_colours`) and keep its frame labelled with
    them, if photos are kept. The mode the new state needs; None when the throw was not
    stored."""
    after = table.apply(action)
    if after is not None and camera.seen is not None:
        learn_colours(table, camera, values, colours)
    if after is None or table.photos is None or camera.seen is None:
        return after
    from vision.kept_photos import labelled

    dice = labelled(list(camera.values), camera.boxes(), list(values))
    if dice is not None:
        if how == "corrected" and tuple(values) == camera.values:
            how = "accepted"  # "Correct" chosen, nothing changed
        table.photos.keep(camera.seen.frame, dice, game=table.game_id,
                          step=table.steps - 1, how=how)
    return after


def learn_colours(table: Host, camera: Read, values: Sequence[int],
                  colours: Sequence[str]) -> None:
    """A coloured throw the camera read, stored: each die's box with its colour as the
    players let it stand, the dice they were asked about (`Read.asked`) learnt by the
    camera for the rest of the game (`CameraDice.learn`, vision.learnt_colours; the sure
    dice's names count in its checks). Not where more dice were seen than thrown (which
    box is which die is not known), and not a die whose colour the players changed where
    they changed two or more, or where another die was read with its value and colour:
    the screen does not show which die is which, so the name given may be on another
    die's box. Learnt with its stored step: an undo forgets it (`CameraDice.forget`)."""
    learn = getattr(table.dice, "learn", None)
    boxes = camera.boxes()
    if (learn is None or not camera.colours or not camera.asked
            or len(colours) != len(boxes) or len(values) != len(boxes)):
        return
    read = list(zip(camera.values, camera.colours))
    changed = [i for i, c in enumerate(colours) if (c or None) != read[i][1]]
    names = [None if not c or (i in changed and (len(changed) > 1 or read.count(read[i]) > 1))
             else c for i, c in enumerate(colours)]
    if any(names[i] for i in camera.asked):
        try:
            learn(camera.seen.frame, boxes, names, set(camera.asked),
                  step=table.steps - 1)
        except Exception:  # a reader bug must not stop the game: the throw is stored
            import logging

            logging.getLogger(__name__).exception("learning the throw's colours failed")
