"""Charidice: score one colour or all different colours, and donate the rest to the left.

Reads like the rulebook (`rulebooks/charidice.txt`): up to three throws of six
coloured dice, keeping any dice between them; then score A) four or more dice of one
colour or B) dice each of a different colour, and donate the dice not scored to the
player on the left, 5s and 6s doubled. The greatest of gifts doubles one donation,
once a game per player; after 7 rounds the biggest donors get the charity bonus.
Interpretations of unclear sentences are in docs/rulings.md (C1 to C14); each is
marked "Ruling" below. The numbers live in the tables at the top, so a house rule is
an edit to a table, not to the code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache, cached_property, lru_cache
from itertools import combinations, product
from typing import Any

from .core import (
    CHANCE,
    SEAT,
    TERMINAL,
    Action,
    Checked,
    DataError,
    Face,
    Game,
    IllegalAction,
    Phase,
    Throw,
    View,
    chance_label,
    check_by,
    dice_count,
    kept_text,
    numbers,
    seat,
    shipped_text,
    tuples,
    winners_by_score,
    word,
    words,
)

NAME = "charidice"
TITLE = "Charidice"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""Ruling C1: the rulebook gives no count; donating to the left needs two."""

COLOURS = ("magenta", "blue", "orange", "grey", "yellow", "black")
"""The six colours as the camera names them, in its order (vision.COLOURS): the rules
import nothing of the project, so a test holds the two equal, and TAGS to the screens'."""
TAGS = {"magenta": "M", "blue": "B", "orange": "O", "grey": "G", "yellow": "Y", "black": "K"}
"""A colour in one letter, as the screens tag a die (K for black: B is blue)."""

THROWS = 3
ROUNDS = 7
COLOUR_BONUS: dict[tuple[int, bool], int] = {
    (4, False): 15,  # 4 of the same colour, no straight
    (4, True): 25,  # straight of 4 of the same colour
    (5, True): 40,
    (6, True): 50,
}
"""(dice scored, a straight?) -> bonus. Ruling C5: 5 or 6 of a colour without a
straight earn nothing; add (5, False) and (6, False) for a house rule."""
NUMBER_BONUS = {4: 15, 5: 30, 6: 60}
"""Dice each of a different colour, all of one number: how many -> bonus."""
CHOICES = 256
"""Throws whose choices are kept: they are asked again within a turn only, and the six
coloured dice throw too many ways to keep them all over an evening."""
DOUBLED = (5, 6)
"""Donated dice that count double for the recipient."""
GIFT = 2
"""The greatest of gifts multiplies the donation received by this."""
CHARITY = (20, 30, 60)
"""The charity bonus, the higher bonus, and the donations it takes to beat for it."""


DICE_FILE = "charidice_dice.txt"
"""Which faces share a die (Ruling C2): a data file, one die a line, the colour of its 1
to 6. The rulebook does not print it: players copy it from their own dice (a copy in the
configuration folder, companion.game_data). Every colour must carry every number exactly
once across the six dice; `check_dice` says where a table breaks that. The shipped table
makes every throw of the rulebook's examples possible."""
N_DICE = 6


def check_dice(table: Iterable[Iterable[str]], lines: Sequence[int] = ()
               ) -> tuple[tuple[Face, ...], ...]:
    """The dice as (value, colour) faces, or DataError saying where the table is wrong:
    which die and face, and, given the `lines` the dice are on, which line."""
    dice = []
    holder: dict[Face, int] = {}
    rows = tuple(tuple(row) for row in table)

    def at(d: int) -> str:
        return f"line {lines[d - 1]}: " if lines else ""

    if len(rows) != N_DICE:
        raise DataError(f"The dice table has {len(rows)} dice; Charidice has {N_DICE}.")
    for d, row in enumerate(rows, start=1):
        if len(row) != 6:
            raise DataError(f"{at(d)}Die {d} has {len(row)} faces: give the colour of its"
                            " 1 to 6.")
        for value, colour in enumerate(row, start=1):
            if colour not in COLOURS:
                raise DataError(
                    f"{at(d)}Die {d}, face {value}: {colour!r} is not a colour;"
                    f" colours are {', '.join(COLOURS)}."
                )
            if (value, colour) in holder:
                raise DataError(
                    f"{at(d)}{colour.capitalize()} {value} is on die {holder[value, colour]}"
                    f" and die {d}: each colour carries each number on one die only."
                )
            holder[value, colour] = d
        dice.append(tuple(enumerate(row, start=1)))
    return tuple(dice)


@cache
def read_dice(text: str) -> tuple[tuple[Face, ...], ...]:
    """The dice table in `text` (docs/charidice-dice.md): a line per die, its six colours
    separated by |, # comments; DataError naming the line."""
    rows, lines = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0].strip()
        if content:
            rows.append(tuple(colour.strip() for colour in content.split("|")))
            lines.append(number)
    return check_dice(rows, lines)


@dataclass(frozen=True)
class DiceTable:
    """The dice one game is played with: the text of its table, and what it holds. A game
    keeps it in its state (and the store its text), so a replay throws the same dice
    whatever the file says by then."""

    text: str = field(repr=False)

    @cached_property
    def dice(self) -> tuple[tuple[Face, ...], ...]:
        """Each die's six (value, colour) faces."""
        return read_dice(self.text)

    @cached_property
    def die_of(self) -> dict[Face, int]:
        """The die that carries a face."""
        return {face: d for d, faces in enumerate(self.dice) for face in faces}


@cache
def dice_table(text: str) -> DiceTable:
    """The table of this text, read and checked once (DataError)."""
    table = DiceTable(text)
    table.dice  # noqa: B018 (read now: refused here, not mid-game)
    return table


def __getattr__(name: str) -> Any:
    """The shipped dice, read when first asked for (so a shipped file gone concerns
    Charidice only): SHIPPED_DICE, its DICE and DIE_OF, and DICE_COLOURS (the colours of
    each die's 1 to 6). A game is played with its own (`state.table`)."""
    if name not in ("SHIPPED_DICE", "DICE", "DIE_OF", "DICE_COLOURS"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    table = dice_table(shipped_text(DICE_FILE))
    if name == "DICE_COLOURS":
        return tuple(tuple(colour for _, colour in die) for die in table.dice)
    return {"SHIPPED_DICE": table, "DICE": table.dice, "DIE_OF": table.die_of}[name]

_FACES = {"dice": numbers(1, 6, 0, 6), "colours": words(COLOURS, 0, 6)}
ACTIONS = {
    "throw": {"dice": numbers(1, 6, 1, 6), "colours": words(COLOURS, 1, 6)},
    "keep": _FACES,
    "score": {"way": word("colour", "different"), **_FACES},
    "gift": {"by": seat()},
}
"""Each kind of action and what its arguments hold, checked before `play` (core.Checked)."""
PHASES = {
    "throw": Phase(CHANCE, ("throw", "gift")),  # the dice not kept; the gift may be asked
    "decide": Phase(SEAT, ("keep", "score", "gift")),  # keep dice and throw, or score
    "over": Phase(TERMINAL),
}
"""The phases of a turn, who acts in each and with what (core.Phase)."""


# --- scoring -------------------------------------------------------------------------


def is_straight(values: Iterable[int]) -> bool:
    values = sorted(values)
    return values == list(range(values[0], values[0] + len(values)))


def points(way: str, faces: tuple[Face, ...]) -> tuple[int, int] | None:
    """(points of the dice, bonus) for scoring exactly `faces` one `way`, or None.

    Ruling C4: a bonus only when the dice scored are exactly its combination.
    """
    values = [v for v, _ in faces]
    colours = [c for _, c in faces]
    if way == "colour":
        if len(faces) < 4 or len(set(colours)) != 1:
            return None
        return sum(values), COLOUR_BONUS.get((len(faces), is_straight(values)), 0)
    if way == "different":
        if not faces or len(set(colours)) != len(colours):
            return None
        same = len(set(values)) == 1
        return sum(values), NUMBER_BONUS.get(len(faces), 0) if same else 0
    return None


def donation(faces: Iterable[Face]) -> int:
    """What the dice not scored are worth to the player on the left: 5s and 6s doubled."""
    return sum(v * 2 if v in DOUBLED else v for v, _ in faces)


@lru_cache(maxsize=CHOICES)
def scoring_choices(dice: tuple[Face, ...]) -> tuple[tuple[str, tuple[Face, ...]], ...]:
    """Every legal (way, faces scored) for these six dice, the most points first."""
    found = []
    by_colour = {c: tuple(f for f in dice if f[1] == c) for c in COLOURS}
    for colour in COLOURS:
        same = by_colour[colour]
        for n in range(4, len(same) + 1):
            found += [("colour", chosen) for chosen in combinations(same, n)]
    # Ruling C6: any dice each of a different colour, one die at least.
    options = [((),) + tuple((f,) for f in by_colour[c]) for c in COLOURS]
    for pick in product(*options):
        chosen = tuple(sorted(f for part in pick for f in part))
        if chosen:
            found.append(("different", chosen))
    return tuple(sorted(found, key=lambda choice: -sum(points(*choice))))


@lru_cache(maxsize=CHOICES)
def decisions(dice: tuple[Face, ...], may_keep: bool) -> tuple[Action, ...]:
    """The active player's choices with these six dice: every score, then every keep."""
    actions = [faces_action("score", faces, way=way) for way, faces in scoring_choices(dice)]
    if may_keep:
        # Ruling C3: any dice may be kept, also dice kept before; keeping all six is scoring.
        for n in range(len(dice)):
            actions += [faces_action("keep", chosen) for chosen in combinations(dice, n)]
    return tuple(actions)


def faces_of(action: Action) -> tuple[Face, ...] | None:
    """The (value, colour) faces an action names, sorted; None if they are malformed."""
    dice, colours = action.get("dice"), action.get("colours")
    if not isinstance(dice, tuple) or not isinstance(colours, tuple) or len(dice) != len(colours):
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in dice):
        return None
    if not all(isinstance(c, str) for c in colours):
        return None
    return tuple(sorted(zip(dice, colours)))


def faces_action(kind: str, faces: Iterable[Face], **args: Any) -> Action:
    pairs = sorted(faces)
    return Action(kind, dice=tuple(v for v, _ in pairs), colours=tuple(c for _, c in pairs), **args)


def tagged(faces: Iterable[Face]) -> str:
    """ "M2 M3 B6": dice as a label names them, the colour's letter then the number."""
    return " ".join(f"{TAGS[c]}{v}" for v, c in faces)


# --- the state -----------------------------------------------------------------------


Row = tuple[int, int, int, int]
"""One round on a player's sheet: scored, bonus, received, donated."""
SCORED, BONUS, RECEIVED, DONATED = range(4)


@dataclass(frozen=True)
class CharidiceState(Checked):
    """Between two actions: the sheets, whose turn, and how far the turn has come.

    The turn throws while `roll` is empty (the dice not in `kept`), then decides:
    keep some dice and throw the rest, or score. `gift` is true once the player on the
    left has asked for the greatest of gifts this turn; `gift_used` per seat.
    """

    players: int
    sheet: tuple[tuple[Row, ...], ...]
    gift_used: tuple[bool, ...]
    table: DiceTable
    seat: int = 0
    round: int = 1
    throws: int = 0
    kept: tuple[Face, ...] = ()
    roll: tuple[Face, ...] = ()
    gift: bool = False
    charity: tuple[int, ...] = ()
    message: str = ""
    game: str = NAME
    ACTIONS = ACTIONS
    PHASES = PHASES

    # -- questions every state answers -------------------------------------------

    @property
    def phase(self) -> str:
        """Where the turn stands (PHASES): the dice to throw, a decision, or the end."""
        if self.round > ROUNDS:
            return "over"
        return "decide" if self.roll else "throw"

    def turn(self) -> int | None:
        return None if self.is_over() else self.seat

    def chance(self) -> Throw | None:
        if self.is_over() or self.roll:
            return None
        kept = {self.table.die_of[face] for face in self.kept}
        free = tuple(faces for d, faces in enumerate(self.table.dice) if d not in kept)
        return Throw(
            len(free), colours=free, why=f"P{self.seat + 1}: throw {dice_count(len(free))}"
        )

    def legal_actions(self) -> tuple[Action, ...]:
        if self.is_over():
            return ()
        own = decisions(self.dice(), self.throws < THROWS) if self.roll else ()
        return (*own, *self._requests())

    def play(self, action: Action) -> CharidiceState:
        try:
            check_by(self, action)
        except IllegalAction:  # a seat that may not ask for the gift is told the reason
            if action.kind == "gift" and action.get("by") in range(self.players):
                raise IllegalAction(self._why_no_gift(action["by"])) from None
            raise
        if action.kind == "gift":
            if action not in self._requests():
                raise IllegalAction(self._why_no_gift(action.get("by")))
            return self._asked(action["by"])
        chance = self.chance()
        if chance is not None:
            roll = chance.pairs(action)
            return replace(self, roll=roll, throws=self.throws + 1, message="")
        faces = faces_of(action)
        if faces is not None:  # keep or score: the moves of this phase (core.Checked)
            args = {"way": action.get("way")} if action.kind == "score" else {}
            action = faces_action(action.kind, faces, **args)
        if action not in self.legal_actions():
            raise IllegalAction(self._why_not(action, faces))
        if action.kind == "keep":
            return replace(self, kept=faces, roll=(), message="")
        return self._scored(action["way"], faces)

    def label(self, action: Action) -> str:
        if action.kind in ("throw", "draw"):
            return chance_label(action)
        if action.kind == "gift":
            return f"P{action['by'] + 1} asks greatest gift"
        faces = faces_of(action) or ()
        if action.kind == "keep":
            if not faces:
                return f"Throw all {N_DICE} again"
            return f"Keep {tagged(faces)}"
        if action.kind == "score":
            scored, bonus = points(action["way"], faces) or (0, 0)
            given = self._donation(faces)
            if action["way"] == "colour":
                dice = f"{faces[0][1].capitalize()} {''.join(str(v) for v, _ in faces)}"
            else:
                dice = tagged(faces)
            # all six scored give nothing: said by leaving the gift out, to fit a line
            return f"{dice}: {scored + bonus}" + (f", give {given}" if len(faces) < 6 else "")
        return action.kind

    def scores(self) -> tuple[int, ...]:
        charity = self.charity or (0,) * self.players
        return tuple(
            sum(row[SCORED] + row[BONUS] + row[RECEIVED] for row in rows) + bonus
            for rows, bonus in zip(self.sheet, charity)
        )

    def donated(self) -> tuple[int, ...]:
        """Each seat's points donated so far (the 4th box), which the charity bonus counts."""
        return tuple(sum(row[DONATED] for row in rows) for rows in self.sheet)

    def winners(self) -> tuple[int, ...]:
        return winners_by_score(self.scores()) if self.is_over() else ()

    def view(self) -> View:
        lines = []
        if not self.is_over():
            lines.append(f"Round {self.round}/{ROUNDS}, throw {self.throws}/{THROWS}")
            if self.gift and self.message != self._asked_message(self._left()):
                # said once: by the request's message while it is the news, then as a fact
                lines.append(f"Gift asked by P{self._left() + 1}")
        else:
            lines.append(self._charity_said())
        return View(
            dice=tuple(v for v, _ in self.roll),
            colours=tuple(c for _, c in self.roll),
            aside=tuple(v for v, _ in self.kept),
            aside_colours=tuple(c for _, c in self.kept),
            lines=tuple(lines),
            message=self.message,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    # -- the turn, step by step ---------------------------------------------------

    def dice(self) -> tuple[Face, ...]:
        """All six dice in front of the player at a decision, kept and thrown."""
        return tuple(sorted(self.kept + self.roll))

    def _left(self) -> int:
        return (self.seat + 1) % self.players

    def _requests(self) -> tuple[Action, ...]:
        """The greatest of gifts, while the player on the left may still ask for it.

        Ruling C8: from the start of the turn until the 3rd throw lands or the
        active player scores, whichever is first."""
        if self.is_over() or self.throws >= THROWS or self.gift or self.gift_used[self._left()]:
            return ()
        return (Action("gift", by=self._left()),)

    def _why_no_gift(self, by: Any) -> str:
        left = f"P{self._left() + 1}"
        if by != self._left():
            return f"Only {left}, on the active player's left, may ask for the greatest of gifts."
        if self.gift_used[self._left()]:
            return f"{left} has already asked for the greatest of gifts this game."
        return "Too late: the greatest of gifts is asked before the 3rd throw."

    def _asked(self, by: int) -> CharidiceState:
        used = tuple(u or p == by for p, u in enumerate(self.gift_used))
        return replace(
            self, gift=True, gift_used=used,
            message=self._asked_message(by),
        )

    def _asked_message(self, by: int) -> str:
        return f"P{by + 1} asks P{self.seat + 1} for the greatest of gifts"

    def _donation(self, scored: tuple[Face, ...]) -> int:
        rest = Counter(self.dice()) - Counter(scored)
        return donation(rest.elements()) * (GIFT if self.gift else 1)

    def _scored(self, way: str, faces: tuple[Face, ...]) -> CharidiceState:
        scored, bonus = points(way, faces)
        given = self._donation(faces)
        left, r = self._left(), self.round - 1
        sheet = [list(rows) for rows in self.sheet]
        sheet[self.seat][r] = (scored, bonus, sheet[self.seat][r][RECEIVED], given)
        row = sheet[left][r]  # Ruling C10: received in the donor's round
        sheet[left][r] = (row[SCORED], row[BONUS], row[RECEIVED] + given, row[DONATED])
        extra = f" + bonus {bonus}" if bonus else ""
        message = f"P{self.seat + 1} scores {scored}{extra}, gives P{left + 1} {given}"
        seat = (self.seat + 1) % self.players
        state = replace(
            self,
            sheet=tuple(tuple(rows) for rows in sheet),
            seat=seat,
            round=self.round + (seat == 0),
            throws=0,
            kept=(),
            roll=(),
            gift=False,
            message=message,
        )
        return state._charity() if state.is_over() else state

    def _charity(self) -> CharidiceState:
        """The charity bonus to every seat that donated the most (Rulings C11, C12)."""
        donated = self.donated()
        most = max(donated)
        bonus, higher, above = CHARITY
        each = higher if most > above else bonus
        charity = tuple(each if most and d == most else 0 for d in donated)
        who = ", ".join(f"P{p + 1}" for p, c in enumerate(charity) if c)
        said = f"; charity bonus {each} to {who}" if who else "; nobody donated"
        return replace(self, charity=charity, message=self.message + said)

    def _charity_said(self) -> str:
        """Who got the charity bonus, for the game over: "Charity bonus 20: P1, P3"."""
        who = ", ".join(f"P{p + 1}" for p, c in enumerate(self.charity) if c)
        return f"Charity bonus {max(self.charity)}: {who}" if who else "Nobody donated"

    def not_now(self, action: Action) -> str:
        """A move the phase does not take (refused by core.Checked): what the phase awaits."""
        if self.chance() is not None:
            return super().not_now(action)
        return "That was the last throw: score." if self.throws >= THROWS else (
            "Keep dice to throw, or score.")

    def _why_not(self, action: Action, faces: tuple[Face, ...] | None) -> str:
        """Why `action`, a move of this phase (core.Checked), is not legal here."""
        last = self.throws >= THROWS
        if faces is None:
            return "Name each die by its number and its colour."
        dice = self.dice()
        for value, colour in faces:
            if (value, colour) not in dice:
                return f"{str(colour).capitalize()} {value} is not among the dice."
        if len(set(faces)) != len(faces):
            return "Name each die once."
        if action.kind == "keep":
            if last:
                return f"That was throw {THROWS} of {THROWS}: score now."
            return f"Keep at most {N_DICE - 1} dice; to keep all {N_DICE}, score."
        way = action.get("way")
        if way == "colour":
            if len({c for _, c in faces}) > 1:
                return "Dice scored as one colour must all be that colour."
            return "Scoring one colour takes at least 4 dice of it."
        if way == "different":
            if not faces:
                return "Score at least one die."
            return "Dice scored as different colours must each be another colour."
        return 'Score "colour" (4 or more of one colour) or "different" (one of each colour).'


def _new(players: int, options: Mapping[str, Any], data: Mapping[str, str]) -> CharidiceState:
    return CharidiceState(
        players=players,
        sheet=(((0, 0, 0, 0),) * ROUNDS,) * players,
        gift_used=(False,) * players,
        table=dice_table(data[DICE_FILE]),
    )


def _from_json(data: Mapping[str, Any]) -> CharidiceState:
    fields = tuples(dict(data))
    return CharidiceState(**{**fields, "table": dice_table(**fields["table"])})


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(),
    _new=_new,
    _from_json=_from_json,
    version=1,
    description="Coloured dice: score a colour or a rainbow, donate the rest to your left.",
    data={DICE_FILE: kept_text(read_dice)},
)
