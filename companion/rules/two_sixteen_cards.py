"""216's cards: the Objective catalogue and the Help deck, read from editable data files.

The rulebook describes the kinds of Objective card but prints no list, so the box
ships one (`companion/data/216_objectives.txt`) that players may edit to match their
printed deck; its format is in docs/216-cards.md. Each card is dice symbols: three
slots ("6", "?", "o1" = the opposite of die 1, ...) and conditions on the whole roll
(a sum, "no 6", a straight), so a screen can draw it and the engine can count, over
the 216 ordered rolls of three dice, how often it comes up (its "xxx/216").

A file with a malformed line, or a card no roll can fulfil, is refused as a whole
with the line number and the reason: the reader returns a new catalogue or raises,
so whatever catalogue the box had stays in use. The readers take the file's text
(`read_objectives`, `read_help`): which file is in use, the shipped one or a player's
copy, is the companion's to say (companion.game_data), and each game keeps the text
it was played with.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import permutations, product
from pathlib import Path

from .core import SHIPPED, DataError, decoded, shipped_text

OBJECTIVES = "216_objectives.txt"
HELP = "216_help.txt"
OBJECTIVES_FILE = SHIPPED / OBJECTIVES
HELP_FILE = SHIPPED / HELP

COLOURS = ("gray", "orange", "green", "purple")
"""Gray: exact numbers; orange: a sum; green: equal dice; purple: numbers NOT present."""
NAME_LENGTH = 12
"""At most this many characters in a card's name: it must fit a 128-pixel OLED line
beside a score ("Low straight +12")."""
SCORE_SCALE = 20
"""The General Score formula's top: see `general_score`."""
FACES = range(1, 7)
ROLLS = tuple(product(FACES, repeat=3))
"""The 216 ordered rolls of three dice: what "xxx/216" counts."""
TRIPLES = tuple(sorted({tuple(sorted(roll)) for roll in ROLLS}))
"""The 56 distinct sorted rolls."""

HELP_EFFECTS = ("+1/-1", "+2/-2", "Opposite", "Reroll 1", "Reroll 3", "Wild")
"""The six Help card effects the rulebook names, which are also the cards' names."""


class CatalogueError(DataError):
    """A card file the box refuses; the message names the line and the reason."""


def opposite(value: int) -> int:
    """The face opposite `value` on a die: 1-6, 2-5, 3-4."""
    return 7 - value


def general_score(ways: int) -> int:
    """The shipped cards' General Score from their chance `ways`/216: the rarer, the more.

    General = round(SCORE_SCALE x log(216/ways) / log(216)), at least 1: a roll that
    comes up once in 216 is worth 20, 6 in 216 is worth 13, 36 is worth 7, 108 is worth 3.
    """
    return max(1, round(SCORE_SCALE * math.log(216 / ways) / math.log(216)))


def served_bonus(ways: int) -> int:
    """The shipped cards' Served Game Bonus: half the General Score, rounded up."""
    return math.ceil(general_score(ways) / 2)


# --- the symbols of a card -------------------------------------------------------------


def _slot_test(token: str):
    """A slot symbol as a test of (the dice in slot order, this slot's index); None if unknown.

    "6" exact; "?" any; "o1" the opposite of die 1; "=1" equal to die 1; "!1" different
    from die 1; ">=4" / "<=3" at least / at most a number.
    """
    if token == "?":
        return lambda dice, i: True
    if token in ("1", "2", "3", "4", "5", "6"):
        value = int(token)
        return lambda dice, i: dice[i] == value
    if token[:2] in (">=", "<=") and token[2:] in ("1", "2", "3", "4", "5", "6"):
        bound = int(token[2:])
        if token[0] == ">":
            return lambda dice, i: dice[i] >= bound
        return lambda dice, i: dice[i] <= bound
    if len(token) == 2 and token[0] in "o=!" and token[1] in "123":
        other = int(token[1]) - 1
        if token[0] == "o":
            return lambda dice, i: dice[i] == opposite(dice[other])
        if token[0] == "=":
            return lambda dice, i: dice[i] == dice[other]
        return lambda dice, i: dice[i] != dice[other]
    return None


def _reference(token: str) -> int | None:
    """The index of the die a slot symbol refers to ("o1", "=3", "!2"), else None."""
    return int(token[1]) - 1 if token[0] in "o=!" else None


def in_drawing_order(slots: tuple[str, ...]) -> tuple[str, ...] | None:
    """The same three dice with every reference to a die drawn before it, renumbered:
    "? =3 6" (die 2 equals die 3, a 6) is "? 6 =2". The meaning is unchanged, as the dice
    fulfil a card in whatever order they lie on its slots, and the order is the printed one
    where that already works. None when dice refer to themselves or to each other in a
    circle ("=2 =1 ?"): such a card has no die to draw first (`reference_problem`)."""
    order: list[int] = []
    while len(order) < len(slots):
        ready = next((i for i, token in enumerate(slots) if i not in order
                      and _reference(token) in (None, *order)), None)
        if ready is None:
            return None
        order.append(ready)
    renumbered = []
    for i in order:
        j = _reference(slots[i])
        renumbered.append(slots[i] if j is None else f"{slots[i][0]}{order.index(j) + 1}")
    return tuple(renumbered)


def reference_problem(slots: tuple[str, ...]) -> str | None:
    """Why dice that refer to one another cannot be read as a card, or None if they can:
    a die may refer to an earlier or a later one, but not to itself, and dice may not
    refer to each other in a circle (nothing says what the first of them shows)."""
    for i, token in enumerate(slots):
        if _reference(token) == i:
            return f"die {i + 1} cannot refer to itself"
    if in_drawing_order(slots) is not None:
        return None
    circle = []
    for i in range(len(slots)):
        j = _reference(slots[i])
        for _ in slots:  # follow the references: back at i within three steps, i is in it
            if j is None or j == i:
                break
            j = _reference(slots[j])
        if j == i:
            circle.append(str(i + 1))
    return (f"dice {', '.join(circle[:-1])} and {circle[-1]} refer to each other in a circle; "
            "give one of them a symbol of its own (a number, ?, >=4), as in '? =1 ?'")


def _is_straight(dice: tuple[int, ...]) -> bool:
    """Three consecutive numbers, wrapping past 6: 1-2-3 ... 4-5-6, 5-6-1 and 6-1-2."""
    return any({(low + k - 1) % 6 + 1 for k in range(3)} == set(dice) for low in FACES)


def _is_pair_and_opposite(dice: tuple[int, ...]) -> bool:
    """Any pair, and the third die the opposite of the pair: 2-2-5, 1-1-6."""
    a, b, c = sorted(dice)
    return (a == b and c == opposite(a)) or (b == c and a == opposite(b))


def _condition_test(token: str):
    """A condition on the whole roll; None if unknown.

    "sum=10", "sum>=15", "sum<=6"; "no=6" (no die shows 6); "all-different";
    "straight"; "pair+opp"."""
    if token == "straight":
        return _is_straight
    if token == "pair+opp":
        return _is_pair_and_opposite
    if token == "all-different":
        return lambda dice: len(set(dice)) == 3
    if token.startswith("no=") and token[3:] in ("1", "2", "3", "4", "5", "6"):
        absent = int(token[3:])
        return lambda dice: absent not in dice
    for sign, test in ((">=", int.__ge__), ("<=", int.__le__), ("=", int.__eq__)):
        if token.startswith("sum" + sign):
            number = token[3 + len(sign):]
            if number.isdecimal() and 3 <= int(number) <= 18:  # (isdigit: '²' too)
                return lambda dice, n=int(number), t=test: t(sum(dice), n)
            return None
    return None


@dataclass(frozen=True)
class Objective:
    """One Objective card: its name, colour, dice symbols, copies and scores.

    `slots` are the three dice as printed ("6", "?", "o1"...), `conditions` what the
    whole roll must also be ("sum>=15", "no=6", "straight"), `odds` the x of the
    printed x/216 when it was copied from the card (checked), else None.
    """

    name: str
    colour: str
    slots: tuple[str, str, str]
    conditions: tuple[str, ...]
    copies: int
    general: int
    bonus: int
    odds: int | None = None

    def __hash__(self) -> int:  # (kept: advice caches look cards up by themselves)
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.name, self.colour, self.slots, self.conditions, self.copies,
                     self.general, self.bonus, self.odds))

    def matches(self, dice: tuple[int, ...]) -> bool:
        """Whether these three dice (any order) fulfil the card."""
        return tuple(sorted(dice)) in self.matching

    @cached_property
    def matching(self) -> frozenset[tuple[int, ...]]:
        """The sorted rolls that fulfil the card."""
        slots = [_slot_test(token) for token in self.slots]
        whole = [_condition_test(token) for token in self.conditions]
        found = set()
        for triple in TRIPLES:
            if all(test(triple) for test in whole) and any(
                all(test(order, i) for i, test in enumerate(slots))
                for order in set(permutations(triple))
            ):
                found.add(triple)
        return frozenset(found)

    @cached_property
    def ways(self) -> int:
        """Of the 216 ordered rolls, how many fulfil the card: its chance is ways/216."""
        return sum(tuple(sorted(roll)) in self.matching for roll in ROLLS)

    @property
    def symbols(self) -> str:
        """The card as its symbols, one line: "6 ? ? sum>=15"."""
        return " ".join(self.slots + self.conditions)


def split_symbols(symbols: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A card's symbols as one line (`Objective.symbols`, "6 ? ? sum>=15") as its three
    dice and its conditions; None for a line that is not a card's symbols. A screen
    drawing a card reads them from its Screen, never from a catalogue of its own."""
    tokens = symbols.split()
    slots, conditions = tuple(tokens[:3]), tuple(tokens[3:])
    if len(slots) < 3 or any(_slot_test(token) is None for token in slots):
        return None
    if reference_problem(slots) is not None:
        return None
    if any(_condition_test(token) is None for token in conditions):
        return None
    return slots, conditions


@dataclass(frozen=True)
class HelpCard:
    """A Help card effect and how many copies of it the deck holds."""

    name: str
    copies: int


# --- reading the files -------------------------------------------------------------------


def _fields(text: str, columns: int):
    """(line number, fields) of every card line: blank lines and # comments skipped."""
    for number, line in enumerate(text.splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        fields = [field.strip() for field in text.split("|")]
        if len(fields) != columns:
            raise CatalogueError(
                f"line {number}: expected {columns} fields separated by |, found {len(fields)}."
            )
        yield number, fields


def _count(text: str, what: str, number: int, least: int) -> int:
    if not text.isdecimal() or int(text) < least:  # (isdigit takes '²', int does not)
        raise CatalogueError(
            f"line {number}: {what} must be a whole number from {least}, not {text!r}."
        )
    return int(text)


def _objective(number: int, fields: list[str]) -> Objective:
    colour, name, symbols, copies, general, bonus, odds = fields
    if colour not in COLOURS:
        raise CatalogueError(
            f"line {number}: colour {colour!r} is not one of {', '.join(COLOURS)}."
        )
    if not name or len(name) > NAME_LENGTH:
        raise CatalogueError(
            f"line {number}: a card name has 1 to {NAME_LENGTH} characters, not {name!r}."
        )
    tokens = symbols.split()
    if len(tokens) < 3:
        raise CatalogueError(f"line {number}: {name} needs three dice symbols.")
    slots, conditions = tuple(tokens[:3]), tuple(tokens[3:])
    for i, token in enumerate(slots):
        if _slot_test(token) is None:
            raise CatalogueError(
                f"line {number}: {name}: die {i + 1} {token!r} is not a die symbol."
            )
    problem = reference_problem(slots)
    if problem is not None:
        raise CatalogueError(f"line {number}: {name}: {problem}.")
    for token in conditions:
        if _condition_test(token) is None:
            raise CatalogueError(f"line {number}: {name}: {token!r} is not a condition.")
    card = Objective(
        name=name,
        colour=colour,
        slots=slots,
        conditions=conditions,
        copies=_count(copies, "copies", number, 1),
        general=_count(general, "the General Score", number, 1),
        bonus=_count(bonus, "the Served Game Bonus", number, 0),
        odds=None if odds == "-" else _count(odds, "the x of x/216", number, 1),
    )
    if not card.ways:
        raise CatalogueError(f"line {number}: no roll of three dice fulfils {name}.")
    if card.odds is not None and card.odds != card.ways:
        raise CatalogueError(
            f"line {number}: {name} comes up {card.ways} times in 216, not {card.odds}."
        )
    return card


def _text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise CatalogueError(f"{path}: {e.strerror or e}.") from None
    try:
        return decoded(data, path.name)
    except DataError as e:
        raise CatalogueError(str(e)) from None


def load_objectives(path: Path | str | None = None) -> tuple[Objective, ...]:
    """The Objective catalogue in the file `path` (default: the shipped one)."""
    path = Path(path) if path is not None else OBJECTIVES_FILE
    return read_objectives(_text(path), path.name)


def load_help(path: Path | str | None = None) -> tuple[HelpCard, ...]:
    """The Help deck in the file `path` (default: the shipped one)."""
    path = Path(path) if path is not None else HELP_FILE
    return read_help(_text(path), path.name)


@cache
def read_objectives(text: str, name: str = OBJECTIVES) -> tuple[Objective, ...]:
    """The Objective catalogue in `text` (file `name`), or CatalogueError.

    Lines are `colour | name | dice symbols | copies | general | bonus | x of x/216`
    (docs/216-cards.md)."""
    cards: dict[str, Objective] = {}
    for number, fields in _fields(text, 7):
        card = _objective(number, fields)
        if card.name in cards:
            raise CatalogueError(f"line {number}: a second card named {card.name}.")
        cards[card.name] = card
    total = sum(card.copies for card in cards.values())
    if total < 5:
        raise CatalogueError(f"{name}: {total} cards; the Offer of 4 needs at least 5.")
    return tuple(cards.values())


@cache
def read_help(text: str, file: str = HELP) -> tuple[HelpCard, ...]:
    """The Help deck in `text` (file `file`): `effect | copies` lines, each of the six
    effects once, or CatalogueError."""
    cards: dict[str, HelpCard] = {}
    for number, (name, copies) in _fields(text, 2):
        if name not in HELP_EFFECTS:
            raise CatalogueError(
                f"line {number}: {name!r} is not a Help card; they are {', '.join(HELP_EFFECTS)}."
            )
        if name in cards:
            raise CatalogueError(f"line {number}: {name} is listed twice.")
        cards[name] = HelpCard(name, _count(copies, "copies", number, 0))
    missing = [name for name in HELP_EFFECTS if name not in cards]
    if missing:
        raise CatalogueError(f"{file}: no line for {', '.join(missing)}.")
    if not any(card.copies for card in cards.values()):
        raise CatalogueError(f"{file}: the Help deck has no cards.")
    return tuple(cards[name] for name in HELP_EFFECTS)


@dataclass(frozen=True)
class Catalogue:
    """The cards one game of 216 is played with: the text of its two files, and what they
    hold. A game keeps it in its state (and the store keeps the texts with the game), so
    a replay deals the same cards whatever the files say by then."""

    objectives_text: str = field(repr=False)
    help_text: str = field(repr=False)

    @cached_property
    def objectives(self) -> tuple[Objective, ...]:
        return read_objectives(self.objectives_text)

    @cached_property
    def cards(self) -> dict[str, Objective]:
        """Each Objective card by its name."""
        return {card.name: card for card in self.objectives}

    @cached_property
    def help(self) -> tuple[HelpCard, ...]:
        return read_help(self.help_text)

    @cached_property
    def full_deck(self) -> tuple[str, ...]:
        """Every Objective card, a name per copy, in the file's order."""
        return tuple(card.name for card in self.objectives for _ in range(card.copies))

    @cached_property
    def full_help(self) -> tuple[str, ...]:
        """Every Help card, a name per copy, in the order of HELP_EFFECTS."""
        return tuple(card.name for card in self.help for _ in range(card.copies))


@cache
def catalogue(objectives_text: str, help_text: str) -> Catalogue:
    """The catalogue of these two texts, read and checked once (CatalogueError)."""
    cards = Catalogue(objectives_text, help_text)
    cards.objectives, cards.help  # noqa: B018 (read now: refused here, not mid-game)
    return cards


def shipped() -> Catalogue:
    """The cards shipped with the companion (companion/data)."""
    return catalogue(shipped_text(OBJECTIVES), shipped_text(HELP))
