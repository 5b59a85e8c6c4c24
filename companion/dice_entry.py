"""Dice entered by hand, or a camera reading confirmed: a pure model driven by the Throw.

As hardware/buttons.py keeps `ButtonLogic` apart from the GPIO adapter, this module
keeps the dice being set apart from the session's buttons and screens: it knows the
`Throw` (how many dice, the faces 1-6 or 2-7, and for coloured dice the (value, colour)
faces each die carries) and nothing else. Hand entry and the camera's reading meet here:
both become slots, one per die thrown, each with the faces it may show, and end in the
throw `Action`, checked with `Throw.check`.

Each slot steps (Up/Down) through its own faces: every face for plain dice; for coloured
dice entered by hand, every face of the dice thrown (players cannot tell which physical
die is "die 3" of the table: Charidice's dice differ only in which colour each number
has, so a die is named by the face it shows), and for a reading being confirmed, the
faces of the die each read face was matched to (the camera says where each die lies, so
a misread face is corrected among the faces of the die left over). A coloured die never
shows a face no die thrown carries; faces that cannot show together (two on one die)
are refused at OK with the core's sentence. A die counts as set only once the player
set it, passed it or moved to it (or the camera read it surely): stray OKs never store
a die nobody set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.dice_input import Reading
from companion.rules import Action, IllegalAction, Throw
from companion.rules.core import dice_count

Face = tuple[int, str | None]
"""A die's face as entered: its value and its colour (None for plain dice)."""


class NotSet(ValueError):
    """OK came before every die was set; the message says which to set."""


@dataclass(frozen=True)
class Read:
    """A camera reading, dice in the order shown (by face): to keep its frame labelled."""

    values: tuple[int, ...]
    seen: Any  # companion.dice_input.Seen, boxes in the reader's order
    order: tuple[int, ...]  # order[i]: the reader's index of the die shown i-th

    def boxes(self) -> list:
        return [self.seen.boxes[k] for k in self.order]


def _sort_key(face: Face) -> tuple[int, str]:
    return face[0], face[1] or ""


def _nearest(options: Sequence[Face], face: Face) -> Face:
    """The face of `options` nearest a read face: the same value and colour, else the
    nearest value (the same colour first)."""
    return min(options, key=lambda o: (abs(o[0] - face[0]), o[1] != face[1]))


def _match(dice: Sequence[Sequence[Face]], faces: Sequence[Face]) -> list[int | None]:
    """A die for each face among the dice that carry it, as many faces placed as can be
    (augmenting paths); None for a face no free die carries."""
    owner: dict[int, int] = {}

    def place(k: int, seen: set[int]) -> bool:
        for d, carried in enumerate(dice):
            if faces[k] in carried and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = k
                    return True
        return False

    for k in range(len(faces)):
        place(k, set())
    die_of: list[int | None] = [None] * len(faces)
    for d, k in owner.items():
        die_of[k] = d
    return die_of


@dataclass
class DiceEntry:
    """The dice of one throw being set: a face per slot, the cursor, what is set."""

    throw: Throw
    options: list[tuple[Face, ...]]  # the faces each slot may show, in Up order
    faces: list[Face]
    cursor: int = 0
    flagged: set[int] = field(default_factory=set)  # to be looked at: "?" under the die
    touched: set[int] = field(default_factory=set)  # set by the player, or read surely
    blank: set[int] = field(default_factory=set)  # no value yet: shown as "?" off the cursor
    moved: bool = False  # the player brought the cursor to this die (Select, Back)
    why: str = ""  # why a reading is to be checked
    read: Read | None = None  # the camera reading being checked (None: entered by hand)
    possible: bool = False  # the reading as it stands is a legal throw: Accept it
    sure: bool = False  # ... and every die was read surely: no need to ask

    # -- made from a throw, or from a reading ------------------------------------------

    @classmethod
    def by_hand(cls, throw: Throw) -> DiceEntry:
        options = _options(throw)
        return cls(throw, options, [o[0] for o in options], blank=set(range(throw.count)))

    @classmethod
    def of_reading(cls, throw: Throw, reading: Reading, confidence: float) -> DiceEntry:
        """A reading to apply if `sure`, else to accept or correct.

        Dice read with less than `confidence` are flagged. A missing die (shown "?") and
        an impossible face (shown as the nearest face its die carries) must be set by the
        player before OK stores the throw, and so must every die when more dice were seen
        than thrown: which of them were thrown is not known. A coloured face is matched
        to a die that carries it; the dice left over take the faces no die could."""
        read = reading.faces()
        order = tuple(sorted(range(len(read)), key=lambda k: _sort_key(read[k])))
        shown = [read[k] for k in order]
        camera = Read(tuple(v for v, _ in shown), reading.seen, order)
        unsure = {i for i, k in enumerate(order) if reading.confidence[k] < confidence}
        taken = shown[: throw.count]
        if throw.colours is None:
            dice = [0] * throw.count
            per_die = [tuple((v, None) for v in throw.faces)]
        else:
            per_die = [tuple(sorted(faces)) for faces in throw.colours]
            matched = _match(per_die, taken)
            free = [d for d in range(throw.count) if d not in matched]
            dice = [d if d is not None else free.pop(0) for d in matched]
            dice += free
        options = [per_die[d] for d in dice]
        faces, unset, blank = [], set(), set()
        for i, slot in enumerate(options):
            if i >= len(taken):
                faces.append(slot[0])
                blank.add(i)
            elif taken[i] in slot:
                faces.append(taken[i])
            else:
                faces.append(_nearest(slot, taken[i]))
                unset.add(i)
        if len(read) > throw.count:
            unset.update(range(throw.count))
        flagged = set(unsure) | unset | blank
        action = _action(shown, throw)
        try:
            throw.check(action)
            why, possible = "", True
        except IllegalAction as refused:
            why, possible = str(refused), False
        if possible and unsure:
            why = f"{dice_count(len(unsure))} unsure: check"
        return cls(throw, options, faces, min(flagged, default=0), flagged,
                   set(range(throw.count)) - unset - blank, blank, why=why, read=camera,
                   possible=possible, sure=possible and not unsure)

    # -- what the screen shows ---------------------------------------------------------

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(v for v, _ in self.faces)

    def shown(self, cursor: bool = True) -> tuple[int, ...]:
        """The values to draw: 0 (a "?") for a die with no value yet, but at the cursor."""
        return tuple(0 if self._hidden(i, cursor) else v for i, (v, _) in enumerate(self.faces))

    def colours(self, cursor: bool = True) -> tuple[str, ...]:
        """The colour of each die shown ("" for none yet); () for plain dice."""
        if self.throw.colours is None:
            return ()
        return tuple("" if self._hidden(i, cursor) else c for i, (_, c) in enumerate(self.faces))

    def _hidden(self, i: int, cursor: bool) -> bool:
        return i in self.blank and not (cursor and i == self.cursor)

    # -- the player's moves --------------------------------------------------------------

    def step(self, by: int) -> None:
        """Up (+1) or Down (-1): the die at the cursor shows its next face."""
        i = self.cursor
        slot = self.options[i]
        self.faces[i] = slot[(slot.index(self.faces[i]) + by) % len(slot)]
        self._set(i)

    def next(self) -> None:
        """Select: the die at the cursor is checked; the next one starts as it is."""
        i = self.cursor
        self._set(i)
        self.cursor, self.moved = (i + 1) % len(self.faces), True
        if self.cursor in self.blank:  # dice entered in order: start from this one
            self._start_from(self.cursor, i)

    def back(self) -> bool:
        """Back: the die before; False at the first die (the entry is left)."""
        if self.cursor == 0:
            return False
        self.cursor, self.moved = self.cursor - 1, True
        return True

    def finish(self) -> Action:
        """OK: the throw action, once every die is set and the faces can show together.

        The cursor's die counts as set if the player brought the cursor there or changed
        it; one the cursor was put on (at the start, or by an OK too soon) does not.
        Raises NotSet (the cursor moved to the first die to set) or IllegalAction (the
        core's sentence: faces no dice thrown can show at once)."""
        i = self.cursor
        if self.moved:
            self._set(i)
        unset = sorted(set(range(len(self.faces))) - self.touched)
        if unset:
            j = unset[0]
            if j != i and j in self.blank and j > 0 and j - 1 not in self.blank:
                self._start_from(j, j - 1)  # as Select would start it
            self.cursor, self.moved = j, False
            raise NotSet(f"Set die {j + 1} first (Up/Down, Select)")
        action = _action(self.faces, self.throw)
        self.throw.check(action)
        return action

    def _set(self, i: int) -> None:
        self.touched.add(i)
        self.flagged.discard(i)
        self.blank.discard(i)

    def _start_from(self, j: int, i: int) -> None:
        self.faces[j] = _nearest(self.options[j], self.faces[i])


def _options(throw: Throw) -> list[tuple[Face, ...]]:
    """The faces each die entered by hand may show: any face of the dice thrown."""
    if throw.colours is None:
        return [tuple((v, None) for v in throw.faces)] * throw.count
    return [tuple(sorted({face for die in throw.colours for face in die}))] * throw.count


def _action(faces: Sequence[Face], throw: Throw) -> Action:
    """The throw action of these faces, sorted by (value, colour)."""
    ordered = sorted(faces, key=_sort_key)
    dice = tuple(v for v, _ in ordered)
    if throw.colours is None:
        return Action("throw", dice=dice)
    return Action("throw", dice=dice, colours=tuple(c for _, c in ordered))
