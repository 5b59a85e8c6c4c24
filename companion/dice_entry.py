"""Dice entered by hand, or a camera reading confirmed: a pure model driven by buttons.

As hardware/buttons.py keeps `ButtonLogic` apart from the GPIO adapter, this module
keeps the dice being set apart from the session's modes and screens: it knows the
`Throw` (how many dice, the faces 1-6 or 2-7, and for coloured dice the (value, colour)
faces each die carries) and the five buttons; the session's entry mode forwards each
press to `DiceEntry.press` and draws what it says (`shown`, `colours`, `cursor`,
`flagged`, `hint`, `note`). Hand entry and the camera's reading meet here: both are a
slot per die thrown, each set or not, and end in the throw `Action`.

A die is entered by what a player sees, each die starting where the die before left
the cursor (plain dice at its value: a pair costs no step; coloured dice at the next
face after it, as a face is on one die only): plain dice by Up/Down through their values;
coloured dice by hand by their number (Select) then Up/Down through the colours that
number can still have, given the dice table and the faces already set (Up/Down step
the faces in (value, colour) order); a reading being corrected by Up/Down through the
faces its die may show, Select passing to the next die. OK sets the die and moves to
the next one to set, and the last OK stores the throw. No slot ever offers a face
that would leave the faces set without a die each (a perfect matching of faces to
dice must remain), so a clash cannot be entered rather than being refused at OK; a
value with one colour left needs no colour press, and a die with one face left is
filled in by itself. A die counts as set only once a player set it (or the camera
read it surely): stray OKs on a fresh entry store nothing, as its first die shows no
value until Up or Down.
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

LEAVE = "leave"
"""What `DiceEntry.press` returns for Back at the first die: the entry is left."""


class NotSet(ValueError):
    """OK came before every die was set; the message says which to set."""


@dataclass(frozen=True)
class Read:
    """A camera reading, dice in the order shown (by face): to keep its frame labelled."""

    values: tuple[int, ...]
    seen: Any  # companion.dice_input.Seen, boxes in the reader's order
    order: tuple[int, ...]  # order[i]: the reader's index of the die shown i-th
    colours: tuple[str | None, ...] = ()  # the colours read, in the order shown (coloured dice)
    asked: tuple[int, ...] = ()  # the dice shown read unsure: the players were asked

    def boxes(self) -> list:
        return [self.seen.boxes[k] for k in self.order]


def _sort_key(face: Face) -> tuple[int, str]:
    return face[0], face[1] or ""


def _nearest(options: Sequence[Face], face: Face) -> Face:
    """The face of `options` nearest a read face: the same value and colour, else the
    nearest value (the same colour first)."""
    return min(options, key=lambda o: (abs(o[0] - face[0]), o[1] != face[1], _sort_key(o)))


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
    """The dice of one throw being set: a face per slot (None: no value yet), the
    cursor, which slots are set, and what the last press has to say."""

    throw: Throw
    faces: list[Face | None]
    cursor: int = 0
    flagged: set[int] = field(default_factory=set)  # to be looked at: "?" under the die
    touched: set[int] = field(default_factory=set)  # set by the player, or read surely
    why: str = ""  # why a reading is to be checked
    read: Read | None = None  # the camera reading being checked (None: entered by hand)
    possible: bool = False  # the reading as it stands is a legal throw: Accept it
    sure: bool = False  # ... and every die was read surely: no need to ask
    note: str = ""  # why the last press did nothing ("Set die 1 first"), else ""

    # -- made from a throw, or from a reading ------------------------------------------

    @classmethod
    def by_hand(cls, throw: Throw) -> DiceEntry:
        entry = cls(throw, [None] * throw.count)
        entry._fill_forced()
        return entry

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
        unsure = {i for i, k in enumerate(order) if reading.confidence[k] < confidence}
        camera = Read(tuple(v for v, _ in shown), reading.seen, order,
                      () if reading.colours is None else tuple(c for _, c in shown),
                      tuple(sorted(unsure)))
        taken = shown[: throw.count]
        if throw.colours is None:
            per_die = [tuple((v, None) for v in throw.faces)] * throw.count
        else:
            dice = [tuple(sorted(faces)) for faces in throw.colours]
            matched = _match(dice, taken)
            free = [d for d in range(throw.count) if d not in matched]
            per_die = [dice[d if d is not None else free.pop(0)] for d in matched]
            per_die += [dice[d] for d in free]
        faces: list[Face | None] = []
        unset = set()
        for i, slot in enumerate(per_die):
            if i >= len(taken):
                faces.append(None)
            elif taken[i] in slot:
                faces.append(taken[i])
            else:
                faces.append(_nearest(slot, taken[i]))
                unset.add(i)
        if len(read) > throw.count:
            unset.update(range(throw.count))
        blank = {i for i, face in enumerate(faces) if face is None}
        flagged = set(unsure) | unset | blank
        action = _action(shown, throw)
        try:
            throw.check(action)
            why, possible = "", True
        except IllegalAction as refused:
            why, possible = str(refused), False
        if possible and unsure:
            why = f"{dice_count(len(unsure))} unsure: check"
        entry = cls(throw, faces, min(flagged, default=0), flagged,
                    set(range(throw.count)) - unset - blank, why=why, read=camera,
                    possible=possible, sure=possible and not unsure)
        entry._start(entry.cursor)
        return entry

    # -- kept across a quit (companion.session.kept) -------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The dice as they stand, as JSON: what a quit keeps to take up at the next
        start. A reading's frame is not kept (its photo is then not kept either)."""
        read = None if self.read is None else {"values": list(self.read.values),
                                               "order": list(self.read.order)}
        return {"faces": [None if f is None else list(f) for f in self.faces],
                "cursor": self.cursor, "flagged": sorted(self.flagged),
                "touched": sorted(self.touched), "why": self.why, "read": read,
                "possible": self.possible}

    @classmethod
    def from_json(cls, throw: Throw, data: dict[str, Any]) -> DiceEntry:
        """The entry `to_json` kept, for `throw`; ValueError if it does not fit it (a
        face no die of the throw shows, a die that is not there)."""
        faces = [None if f is None else (int(f[0]), f[1]) for f in data["faces"]]
        every = ({(v, None) for v in throw.faces} if throw.colours is None
                 else {face for die in throw.colours for face in die})
        dice = range(throw.count)
        marks = [*data["flagged"], *data["touched"], data["cursor"]]
        if len(faces) != throw.count or any(f is not None and f not in every for f in faces) \
                or any(i not in dice for i in marks):
            raise ValueError("the dice kept are not of this throw")
        read = data["read"]
        camera = None if read is None else Read(tuple(read["values"]), None,
                                                tuple(read["order"]))
        return cls(throw, faces, data["cursor"], set(data["flagged"]), set(data["touched"]),
                   why=str(data["why"]), read=camera, possible=bool(data["possible"]))

    @property
    def begun(self) -> bool:
        """Some die shows a face: there is something to keep."""
        return any(face is not None for face in self.faces)

    # -- what the screen shows ---------------------------------------------------------

    @property
    def values(self) -> tuple[int, ...]:
        """Each die's value, 0 for a die with no value yet."""
        return tuple(0 if face is None else face[0] for face in self.faces)

    def shown(self, cursor: bool = True) -> tuple[int, ...]:
        """The values to draw: 0 (a "?") for a die with no value yet."""
        del cursor  # a die with no value shows "?" at the cursor too
        return self.values

    def colours(self, cursor: bool = True) -> tuple[str, ...]:
        """The colour of each die shown ("" for none yet); () for plain dice."""
        del cursor
        if self.throw.colours is None:
            return ()
        return tuple("" if face is None else face[1] or "" for face in self.faces)

    @property
    def hint(self) -> str:
        """What the buttons do at the cursor now."""
        last = set(range(len(self.faces))) - self.touched <= {self.cursor}
        ok = "OK done" if last else "OK next"
        if self.read is not None:
            return f"Up/Down value, Select next die, {ok}"
        if self.throw.colours is not None:
            return f"Select no., Up/Down colour, {ok}"
        return f"Up/Down value, {ok}"

    # -- what a slot may show ----------------------------------------------------------

    def options_at(self, i: int) -> tuple[Face, ...]:
        """The faces die `i` may show without a clash: with the faces set on the other
        dice, every face still has a die of its own (every face, for plain dice)."""
        if self.throw.colours is None:
            return tuple((v, None) for v in self.throw.faces)
        dice = self.throw.colours
        others = [self.faces[j] for j in sorted(self.touched) if j != i]
        every = sorted({face for die in dice for face in die}, key=_sort_key)
        return tuple(f for f in every if None not in _match(dice, [*others, f]))

    def values_at(self, i: int) -> tuple[int, ...]:
        """The values die `i` may show, in Up order."""
        return tuple(sorted({v for v, _ in self.options_at(i)}))

    def colours_of(self, i: int, value: int) -> tuple[str | None, ...]:
        """The colours die `i` may show with `value`, in Select order."""
        return tuple(c for v, c in self.options_at(i) if v == value)

    # -- the buttons ---------------------------------------------------------------------

    def press(self, button: str) -> Action | str | None:
        """One short press: the throw's Action when it is complete (OK), LEAVE for Back
        at the first die, else None (`note` says why when the press did nothing).
        Raises IllegalAction only if the throw itself refuses the faces (never when
        its dice table is the one the entry offers faces from)."""
        self.note = ""
        if button in ("up", "down"):
            self.step(1 if button == "up" else -1)
        elif button == "select":
            if self.throw.colours is not None and self.read is None:
                self.next_value()
            else:
                self._confirm(store=False)
        elif button == "back":
            if self.cursor == 0:
                return LEAVE
            self.cursor -= 1
            self._start(self.cursor)
        elif button == "ok":
            return self._confirm(store=True)
        return None

    def step(self, by: int) -> None:
        """Up (+1) or Down (-1): the die at the cursor shows the next face it may show."""
        self.faces[self.cursor] = stepped(self.options_at(self.cursor), self.faces[self.cursor], by)

    def next_value(self) -> None:
        """Select on a coloured die entered by hand: the next value it may show."""
        self.faces[self.cursor] = next_value(self.options_at(self.cursor), self.faces[self.cursor])

    def finish(self) -> Action:
        """The throw action of the faces as they stand (a reading accepted whole),
        checked by the throw: IllegalAction with the core's sentence if refused."""
        if any(face is None for face in self.faces):
            raise NotSet(f"Set die {self.faces.index(None) + 1} first (Up/Down)")
        action = _action(self.faces, self.throw)
        self.throw.check(action)
        return action

    # -- moving on -----------------------------------------------------------------------

    def _confirm(self, store: bool) -> Action | None:
        """Set the die at the cursor and move to the next die to set; with `store`
        (OK), the throw once every die is set."""
        i = self.cursor
        if self.faces[i] is None:
            self.note = f"Set die {i + 1} first (Up/Down)"
            return None
        self._set(i)
        self._fill_forced()
        unset = [j for j in range(len(self.faces)) if j not in self.touched]
        if not unset:
            if store:
                return self.finish()
            self.cursor = (i + 1) % len(self.faces)
            return None
        self.cursor = next((j for j in unset if j > i), unset[0])
        self._start(self.cursor, self.faces[i])
        return None

    def _set(self, i: int) -> None:
        self.touched.add(i)
        self.flagged.discard(i)

    def _start(self, j: int, like: Face | None = None) -> None:
        """A die the cursor comes to shows a face it may show: its own, or the nearest
        if it may no longer; one with no value yet the first face it may show from
        `like`, the die set before it, on (in (value, colour) order, round the end):
        plain dice the same value (a pair costs no step), coloured dice the same number
        in its next colour, past the last the next number (dice entered from the lowest
        up then start where the next is likeliest: Up walks on through the faces)."""
        face = self.faces[j]
        if face is None and like is None:
            return  # no value yet: Up or Down gives one
        options = self.options_at(j)
        if face is not None:
            if face not in options:
                self.faces[j] = _nearest(options, face)
            return
        self.faces[j] = next((o for o in options if _sort_key(o) >= _sort_key(like)), options[0])

    def _fill_forced(self) -> None:
        """Set every die with no value whose options are down to one face."""
        changed = True
        while changed:
            changed = False
            for j, face in enumerate(self.faces):
                if face is None and j not in self.touched:
                    options = self.options_at(j)
                    if len(options) == 1:
                        self.faces[j] = options[0]
                        self._set(j)
                        changed = True


def stepped(options: Sequence[Face], face: Face | None, by: int) -> Face:
    """Up (+1) or Down (-1) from `face` among `options` (in (value, colour) order),
    round the end; from no value, Up gives the first face and Down the last."""
    if face is None:
        return options[0] if by > 0 else options[-1]
    at = options.index(face) if face in options else 0
    return options[(at + by) % len(options)]


def next_value(options: Sequence[Face], face: Face | None) -> Face:
    """The next value among `options` (from no value, the first), round the end, its
    colour kept where that value has it, else the middle of its colours: Up and Down
    then reach any of them in half as many steps (in random throws, a press less)."""
    values = sorted({v for v, _ in options})
    if face is None:
        value, colour = values[0], None
    else:
        at = values.index(face[0]) if face[0] in values else -1
        value, colour = values[(at + 1) % len(values)], face[1]
    colours = [c for v, c in options if v == value]
    return value, colour if colour in colours else colours[len(colours) // 2]


def _action(faces: Sequence[Face], throw: Throw) -> Action:
    """The throw action of these faces, sorted by (value, colour)."""
    ordered = sorted(faces, key=_sort_key)
    dice = tuple(v for v, _ in ordered)
    if throw.colours is None:
        return Action("throw", dice=dice)
    return Action("throw", dice=dice, colours=tuple(c for _, c in ordered))
