"""What the reader returns (DieReading) and what the game tells it (Expect)."""

from __future__ import annotations

from dataclasses import dataclass, field

#: a reading whose confidence is below this asks the player to confirm it
CONFIRM_BELOW = 0.6

#: the Charidice face colours (vision knows the names, not the game)
CHARIDICE_COLOURS = ("magenta", "blue", "orange", "grey", "yellow", "black")


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
    colours: for coloured dice, the allowed (colour, value) pairs, e.g. the Charidice
      table; a reading whose pair is not in it, or that repeats a pair, is flagged.
    """

    count: int | None = None
    values: frozenset[int] | None = None
    colours: frozenset[tuple[str, int]] | None = field(default=None)

    @classmethod
    def of(cls, count=None, values=None, colours=None) -> Expect:
        return cls(
            count=count,
            values=frozenset(values) if values is not None else None,
            colours=frozenset((str(c), int(v)) for c, v in colours)
            if colours is not None
            else None,
        )

    @property
    def colour_names(self) -> frozenset[str] | None:
        if self.colours is None:
            return None
        return frozenset(c for c, _ in self.colours)
