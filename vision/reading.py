"""What the reader returns (DieReading) and what the game tells it (Expect)."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field

#: a reading whose confidence is below this asks the player to confirm it
CONFIRM_BELOW = 0.6

#: the face colours the reader can tell (those of Charidice's dice): the one spelling of
#: a colour's name in the project. Vision knows the names, not the games; the screens
#: derive their tags from these, and a test checks every game's coloured faces against them
COLOURS = ("magenta", "blue", "orange", "grey", "yellow", "black")


@dataclass(frozen=True)
class DieReading:
    """One die's top face as read from a frame.

    value: pip count (1..7); colour: face colour name for coloured faces, else None;
    bbox: (x0, y0, x1, y1) in frame pixels; confidence: 0..1.
    flag: why the reading should be confirmed ("" when it need not be).
    """

    value: int
    colour: str | None
    bbox: tuple[int, int, int, int]
    confidence: float
    flag: str = ""

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bbox
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.flag) or self.confidence < CONFIRM_BELOW

    def to_json(self) -> dict:
        return {
            "value": int(self.value),
            "colour": self.colour,
            "bbox": [int(v) for v in self.bbox],
            "confidence": round(float(self.confidence), 3),
        }


@dataclass(frozen=True)
class Expect:
    """What the game knows before the dice are read.

    count: how many dice were thrown (None: unknown).
    values: the pip counts the dice can show (None: 1..7).
    colours: for coloured dice, the faces they carry as (value, colour), as the rules
      core spells a face (e.g. (3, "blue")); a reading whose face is not among them, or
      that repeats a face, is flagged.
    dice: for coloured dice, each thrown die's faces (None: not told): a die shows one
      face, so no two readings are named faces of one die (vision.colour_table). Its
      faces are among `colours` (which `of` takes as their union when not given).
    """

    count: int | None = None
    values: frozenset[int] | None = None
    colours: frozenset[tuple[int, str]] | None = field(default=None)
    dice: tuple[frozenset[tuple[int, str]], ...] | None = field(default=None)

    def __post_init__(self):
        """Refuse what no dice can be: a wrong Expect would silently refuse right
        readings, or let wrong ones pass (an empty `values` once meant any count)."""
        if self.count is not None and not (_whole(self.count) and self.count >= 1):
            raise ValueError(f"expect count must be 1 or more dice, not {self.count!r}")
        if self.values is not None:
            bad = [v for v in self.values if not _pips(v)]
            if bad or not self.values:
                raise ValueError("expect values must be pip counts from 1 to 7"
                                 + (f", not {', '.join(sorted(map(repr, bad)))}" if bad
                                    else "; none given"))
        if self.colours is not None:
            bad = [f"{c} {v}" for v, c in self.colours
                   if c not in COLOURS or not _pips(v)]
            if bad or not self.colours:
                raise ValueError(f"expect colours must be faces of {', '.join(COLOURS)}"
                                 " with 1 to 7 pips"
                                 + (f", not {', '.join(sorted(bad))}" if bad else "; none given"))
        if self.dice is not None and (self.colours is None or not self.dice or any(
                not die or not die <= self.colours for die in self.dice)):
            raise ValueError("expect dice must each carry faces among the expected colours")

    @classmethod
    def of(cls, count=None, values=None, colours=None, dice=None) -> Expect:
        dice = None if dice is None else tuple(frozenset((v, c) for v, c in d) for d in dice)
        if colours is None and dice is not None:
            colours = {f for d in dice for f in d}
        return cls(
            count=count,
            values=frozenset(values) if values is not None else None,
            colours=frozenset((v, c) for v, c in colours) if colours is not None else None,
            dice=dice,
        )

    @property
    def colour_names(self) -> frozenset[str] | None:
        if self.colours is None:
            return None
        return frozenset(c for _, c in self.colours)


def _whole(n) -> bool:
    return isinstance(n, numbers.Integral) and not isinstance(n, bool)


def _pips(v) -> bool:
    return _whole(v) and 1 <= v <= 7
