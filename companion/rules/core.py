"""The shared vocabulary of every game: actions, chance events, states, game over.

Shaped after OpenSpiel's game/state API: a state says whose decision it is (a
player, chance, or nobody), what may be done, and returns a new state when an
action is applied. Chance is never rolled here. A throw of dice or a card drawn
from a physical deck is an action supplied from outside (the camera, the buttons,
or a seeded random source in simulation), so replaying the stored actions from
`new()` always rebuilds the same state.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from pathlib import Path
from typing import Any, ClassVar, Protocol

CHANCE = -1
"""`current_player()` while the table must supply a throw or a card."""
TERMINAL = -2
"""`current_player()` once the game is over."""


class IllegalAction(ValueError):
    """An action the rules do not allow here; its message is meant for a player."""


class DataError(ValueError):
    """A data file of a game (216's cards, Charidice's dice table) the game refuses; the
    message names the file and the line: "216_objectives.txt line 12: ..."."""


SHIPPED = Path(__file__).resolve().parent.parent / "data"
"""Where the data files shipped with the companion are (companion/data)."""


def decoded(data: bytes, name: str) -> str:
    """A data file's bytes as text: UTF-8, with or without the byte-order mark an editor
    may add; DataError naming the line of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise DataError(
            f"{name} line {line}: byte 0x{data[e.start]:02x} is not UTF-8;"
            " save the file as UTF-8."
        ) from None


class RulesChanged(IllegalAction):
    """A stored game was played under another version of its rules than these: replaying
    it could rescore it without a word, so it is refused (and kept as stored)."""


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    raise TypeError(f"action argument {value!r} is not a JSON scalar or sequence")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, order=True)
class Action:
    """One move: a kind and named arguments (ints, strings, tuples of them).

    `Action("keep", dice=(1, 5), then="roll")` stores as
    `{"kind": "keep", "dice": [1, 5], "then": "roll"}`; equal actions compare and
    hash equal, so `action in state.legal_actions()` is the legality test.
    """

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def __init__(self, kind: str, **args: Any):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", tuple(sorted((k, _freeze(v)) for k, v in args.items())))

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise IllegalAction(f"not an action: {data!r}")
        args = {k: v for k, v in data.items() if k != "kind"}
        try:
            return cls(data["kind"], **args)
        except TypeError:
            raise IllegalAction(f"not an action: {data!r}") from None

    def __repr__(self) -> str:
        return f"Action({json.dumps(self.to_json(), sort_keys=True)})"


# --- what an action may hold -------------------------------------------------------


@dataclass(frozen=True)
class Arg:
    """What one named argument of a kind of action holds: `what` in words ("a number
    from 1 to 6"), `fits(value, players)` the test. Built by `number`, `flag`, `word`,
    `numbers`, `words` and `seat`; `optional` ones may be left out."""

    what: str
    fits: Callable[[Any, int], bool] = field(repr=False)
    optional: bool = False

    def words(self, players: int) -> str:
        return self.what.format(players=players)


NAME_LENGTH = 40
"""The longest name (a card, a colour) an action may hold: longer is no name of any game."""


def _is_number(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def number(low: int, high: int) -> Arg:
    """A whole number from `low` to `high` (true and false are not numbers)."""
    return Arg(f"a number from {low} to {high}", lambda v, p: _is_number(v, low, high))


def flag() -> Arg:
    """true or false (1 and 0 are not)."""
    return Arg("true or false", lambda v, p: type(v) is bool)


def _is_word(value: Any, choices: tuple[str, ...]) -> bool:
    if type(value) is not str:
        return False
    return value in choices if choices else 0 < len(value) <= NAME_LENGTH


def _one_of(choices: tuple[str, ...]) -> str:
    return ", ".join(f'"{c}"' for c in choices[:-1]) + f' or "{choices[-1]}"'


def word(*choices: str) -> Arg:
    """One of `choices`, or with none, a name (the game says whether it knows it)."""
    what = _one_of(choices) if len(choices) > 1 else "a name"
    return Arg(what, lambda v, p: _is_word(v, choices))


def _count_words(least: int, most: int) -> str:
    """ "1 to 6", "1 or 2", "3": how many items a list holds."""
    if least == most:
        return f"{most}"
    return f"{least} {'or' if most == least + 1 else 'to'} {most}"


def numbers(low: int, high: int, least: int, most: int) -> Arg:
    """A list of `least` to `most` numbers from `low` to `high` (dice)."""
    return Arg(
        f"a list of {_count_words(least, most)} numbers from {low} to {high}",
        lambda v, p: type(v) is tuple and least <= len(v) <= most
        and all(_is_number(d, low, high) for d in v),
    )


def words(choices: tuple[str, ...], least: int, most: int) -> Arg:
    """A list of `least` to `most` of `choices` (the colours of dice)."""
    return Arg(
        f"a list of {_count_words(least, most)} of {', '.join(choices)}",
        lambda v, p: type(v) is tuple and least <= len(v) <= most
        and all(_is_word(c, choices) for c in v),
    )


def seat() -> Arg:
    """A seat of this game: 0 for the first player, as actions store seats."""
    return Arg("a seat from P1 to P{players}", lambda v, p: _is_number(v, 0, p - 1))


def optional(arg: Arg) -> Arg:
    """`arg`, which the action may leave out."""
    return replace(arg, optional=True)


Kinds = Mapping[str, Mapping[str, Arg]]
"""A game's declaration of its actions: kind -> argument name -> what it holds."""


def _shown(value: Any) -> str:
    """A value as a player typed it (JSON), cut to fit a sentence."""
    text = json.dumps(_thaw(value))
    if len(text) <= 24:
        return text
    end = {"[": ", ...]", '"': '..."'}.get(text[0], "...")
    return text[:20].rstrip(", ") + end


def check_action(kinds: Kinds, state: State, action: Action) -> None:
    """IllegalAction naming what is wrong unless `action` is a kind the game declares,
    with every argument it needs, none it does not, each of its type and range; `by`
    (a seat acting out of turn, see `check_by`) goes with any kind."""
    declared = kinds.get(action.kind)
    if declared is None:
        raise IllegalAction(
            f"There is no action {json.dumps(action.kind)} in this game;"
            f" its actions are {', '.join(kinds)}."
        )
    kind = action.kind.capitalize()
    given = dict(action.args)
    for name in given:
        if name not in declared and name != "by":
            takes = ", ".join(declared) or "nothing more"
            raise IllegalAction(f"{kind} takes no {name}: it takes {takes}.")
    if "by" in given and not seat().fits(given["by"], state.players):
        raise IllegalAction(f"Name the player who acts: a seat from 1 to {state.players}.")
    for name, arg in declared.items():
        if name not in given:
            if not arg.optional:
                raise IllegalAction(f"{kind} needs {name}: {arg.words(state.players)}.")
        elif name != "by" and not arg.fits(given[name], state.players):
            raise IllegalAction(
                f"{kind}: {name} must be {arg.words(state.players)}, not {_shown(given[name])}."
            )


SEAT = "seat"
"""A `Phase` in which a seat decides: the one the state's `decider()` names."""


@dataclass(frozen=True)
class Phase:
    """One phase of a game, declared once in the game's `PHASES` table (as boardgame.io
    declares its phases): who acts in it, CHANCE (the table throws or draws), SEAT (a seat
    decides) or TERMINAL (the game is over), and the kinds of action taken in it (moves
    out of turn, `by`, included). The conformance suite holds every game to its table."""

    acts: int | str
    moves: tuple[str, ...] = ()


class Checked:
    """What every game's state shares. `apply`: refuse a move once the game is over, check
    the action against the game's declaration (`ACTIONS`, see `check_action`), and only
    then hand it to the game's own `play`; a refused action changes nothing.
    `current_player` and `is_over` read the game's `PHASES` table at the state's
    `phase`; in a SEAT phase the seat is the state's `decider()` (the seat on turn). A kind
    of move the phase does not take is refused here, once for every game, in the table's
    words: "Keep is not possible now." (`not_now` may say better what the phase awaits)."""

    ACTIONS: ClassVar[Kinds] = {}
    PHASES: ClassVar[Mapping[str, Phase]] = {}

    def current_player(self) -> int:
        acts = self.PHASES[self.phase].acts
        return self.decider() if acts == SEAT else acts

    def is_over(self) -> bool:
        return self.PHASES[self.phase].acts == TERMINAL

    def decider(self) -> int:
        """The seat that decides in a SEAT phase: the one on turn, unless the game says."""
        return self.seat

    def apply(self, action: Action) -> State:
        if self.is_over():
            raise IllegalAction("The game is over.")
        check_action(self.ACTIONS, self, action)
        if action.kind not in self.PHASES[self.phase].moves:
            raise IllegalAction(self.not_now(action))
        return self.play(action)

    def not_now(self, action: Action) -> str:
        """Why a kind of move the phase does not take is refused; a chance phase names the
        throw or the draw the table owes."""
        chance = self.chance()
        if chance is not None:
            try:
                chance.check(action)
            except IllegalAction as refused:
                return str(refused)
        return f"{action.kind.capitalize()} is not possible now."


# --- chance ------------------------------------------------------------------


Face = tuple[int, str]
"""A coloured die's face: its value and its colour, e.g. (3, "blue")."""


@dataclass(frozen=True)
class Throw:
    """The table must throw `count` dice; the outcome is `Action("throw", dice=...)`.

    `faces` are the values one die can show (1-6, or 2-7 for 67 Six Seven). A throw
    of some dice only (a reroll) is a Throw of that many dice.

    `colours`, for dice whose faces also carry a colour (Charidice), gives the faces
    of each die thrown, one tuple of (value, colour) per die, so a throw of the dice
    not kept lists exactly the faces those dice carry. The outcome then also names a
    colour per die: `Action("throw", dice=(2, 5), colours=("blue", "grey"))`, and
    each (value, colour) must be a face of a different die thrown.
    """

    count: int
    faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    colours: tuple[tuple[Face, ...], ...] | None = None
    why: str = ""

    def __post_init__(self):
        if self.colours is not None and len(self.colours) != self.count:
            raise ValueError(f"{self.count} dice thrown but {len(self.colours)} sets of faces")

    def check(self, action: Action) -> tuple[int, ...]:
        """The thrown values, sorted, or IllegalAction saying what is wrong."""
        dice = self._values(action)
        if self.colours is None:
            if action.get("colours") is not None:
                raise IllegalAction("These dice have no colours.")
            return tuple(sorted(dice))
        return tuple(value for value, _ in self._faces(dice, action.get("colours")))

    def pairs(self, action: Action) -> tuple[Face, ...]:
        """The (value, colour) of every die of a coloured throw, sorted, once checked."""
        if self.colours is None:
            raise ValueError("these dice have no colours: use check()")
        return self._faces(self._values(action), action.get("colours"))

    def outcomes(self) -> Iterator[tuple[tuple, float]]:
        """Every distinct outcome with its probability (fair dice).

        An outcome is what `check` returns (sorted values) or, for coloured dice,
        what `pairs` returns (sorted (value, colour) faces).
        """
        if self.colours is not None:
            total = math.prod(len(faces) for faces in self.colours)
            ways = Counter(tuple(sorted(thrown)) for thrown in product(*self.colours))
            for pairs, n in ways.items():
                yield pairs, n / total
            return
        n, k = self.count, len(self.faces)
        total = k**n
        for dice in combinations_with_replacement(self.faces, n):
            ways = math.factorial(n)
            for c in Counter(dice).values():
                ways //= math.factorial(c)
            yield dice, ways / total

    def action(self, outcome: tuple) -> Action:
        """The throw action of an outcome as `outcomes()` gives it."""
        if self.colours is None:
            return Action("throw", dice=tuple(sorted(outcome)))
        pairs = sorted(outcome)
        return Action("throw", dice=tuple(v for v, _ in pairs), colours=tuple(c for _, c in pairs))

    def sample(self, rng) -> Action:
        """A throw drawn with `rng` (a `random.Random`): for simulation only."""
        if self.colours is None:
            return self.action(tuple(rng.choice(self.faces) for _ in range(self.count)))
        return self.action(tuple(rng.choice(faces) for faces in self.colours))

    def _values(self, action: Action) -> tuple[int, ...]:
        """The dice of a throw action as given, or IllegalAction saying what is wrong."""
        if action.kind != "throw":
            raise IllegalAction(f"Throw {dice_count(self.count)} first.")
        dice = action.get("dice")
        if not isinstance(dice, tuple) or len(dice) != self.count:
            raise IllegalAction(
                f"Expected {dice_count(self.count)},"
                f" got {len(dice) if isinstance(dice, tuple) else 0}."
            )
        faces = f"{self.faces[0]} to {self.faces[-1]}"
        for value in dice:
            if not isinstance(value, int) or isinstance(value, bool):
                raise IllegalAction(f"Each die must show a number from {faces}.")
            if value not in self.faces:
                raise IllegalAction(f"A die cannot show {value}: faces are {faces}.")
        return dice

    def _faces(self, dice: tuple[int, ...], colours: Any) -> tuple[Face, ...]:
        """The dice paired with their colours, sorted, or IllegalAction saying what is wrong."""
        if (
            not isinstance(colours, tuple)
            or len(colours) != self.count
            or not all(isinstance(c, str) for c in colours)
        ):
            raise IllegalAction(f"Give the colour of each of the {self.count} dice.")
        pairs = tuple(sorted(zip(dice, colours)))
        self._check_faces(pairs)
        return pairs

    def _check_faces(self, pairs: tuple[Face, ...]) -> None:
        """Each (value, colour) must be a face of its own die among the dice thrown."""
        holders = []
        for value, colour in pairs:
            dice = frozenset(d for d, faces in enumerate(self.colours) if (value, colour) in faces)
            if not dice:
                raise IllegalAction(f"No die thrown has the face {colour} {value}.")
            holders.append(dice)
        if _matched(holders):
            return
        for i, j in combinations(range(len(pairs)), 2):
            if len(holders[i]) == 1 and holders[i] == holders[j]:
                (v1, c1), (v2, c2) = pairs[i], pairs[j]
                if pairs[i] == pairs[j]:
                    raise IllegalAction(f"Two dice cannot both show {c1} {v1}.")
                raise IllegalAction(f"{c1.capitalize()} {v1} and {c2} {v2} are on the same die.")
        raise IllegalAction("These faces cannot all show at once: some share a die.")


def _matched(holders: list[frozenset[int]]) -> bool:
    """Whether every face can be given its own die among those that carry it."""
    owner: dict[int, int] = {}

    def place(face: int, seen: set[int]) -> bool:
        for die in holders[face]:
            if die not in seen:
                seen.add(die)
                if die not in owner or place(owner[die], seen):
                    owner[die] = face
                    return True
        return False

    return all(place(face, set()) for face in range(len(holders)))


@dataclass(frozen=True)
class Draw:
    """The table must draw one card from `deck`; the outcome is `Action("draw", card=NAME)`.

    `cards` holds (name, copies left) for every card that can still come up, so a
    physically drawn card is checked against the deck and the odds are exact.
    """

    deck: str
    cards: tuple[tuple[str, int], ...]
    why: str = ""

    def check(self, action: Action) -> str:
        if action.kind != "draw":
            raise IllegalAction(f"Draw a card from the {self.deck} deck first.")
        name = action.get("card")
        left = dict(self.cards)
        if not isinstance(name, str):
            raise IllegalAction(f"Say which card was drawn from the {self.deck} deck.")
        if name not in left:
            raise IllegalAction(f"There is no card {name!r} in the {self.deck} deck.")
        if left[name] <= 0:
            raise IllegalAction(f"Every {name} card has already been drawn since the last shuffle.")
        return name

    def outcomes(self) -> Iterator[tuple[str, float]]:
        total = sum(n for _, n in self.cards)
        for name, n in self.cards:
            if n:
                yield name, n / total

    def sample(self, rng) -> Action:
        names = [name for name, n in self.cards for _ in range(n)]
        return Action("draw", card=rng.choice(names))


Chance = Throw | Draw


# --- what a screen shows -------------------------------------------------------


@dataclass(frozen=True)
class View:
    """What the table should see right now, in game-neutral terms, for the screens.

    `dice` is the throw in front of the player, `aside` the dice set aside this
    turn, `lines` a few short facts ("Turn 350", "Card: Double Time"), `message`
    the last thing that happened ("Belly up! Ann loses 350"). For coloured dice,
    `colours` names the colour of each die of `dice` and `aside_colours` of each
    die of `aside` (dice kept between throws keep their colours).
    """

    dice: tuple[int, ...] = ()
    aside: tuple[int, ...] = ()
    colours: tuple[str, ...] | None = None
    lines: tuple[str, ...] = ()
    message: str = ""
    aside_colours: tuple[str, ...] | None = None


# --- games and states ------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A rulebook variant or house rule chosen at `new()`.

    `choices` are the values a menu offers in turn; `between` (low, high), where set,
    also accepts any whole number from low to high (216's agreed target)."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    between: tuple[int, int] | None = None

    def allows(self, value: Any) -> bool:
        if any(type(value) is type(c) and value == c for c in self.choices):
            return True
        return self.between is not None and _is_number(value, *self.between)

    def allowed(self) -> str:
        """The values it takes, in words: "100, 150 or 200", "a number from 100 to 500"."""
        if self.between is not None:
            return f"a number from {self.between[0]} to {self.between[1]}"
        return "one of " + ", ".join(str(c) for c in self.choices)


class State(Protocol):
    """What every game state answers. States are immutable values.

    `current_player()` is who acts now (a seat, CHANCE or TERMINAL); `turn()` is
    whose turn it is, also while the table throws or draws for that player. The
    two differ when a decision falls to someone else during a turn (the player
    who breaks a tie for an automatic opponent): `current_player()` is that seat.

    `legal_actions()` are the decisions of `current_player()`, followed by any
    action another seat may take out of turn right now, at its own choice (asking
    the active player for something). Such an action names its seat as `by`
    (`Action("gift", by=2)`, see `actor`); at a chance state they are the only legal
    actions, and `apply` takes either one of them or the outcome `chance()` asks for.
    """

    game: str
    players: int

    def current_player(self) -> int: ...
    def turn(self) -> int | None: ...
    def chance(self) -> Chance | None: ...
    def legal_actions(self) -> tuple[Action, ...]: ...
    def apply(self, action: Action) -> State: ...
    def label(self, action: Action) -> str: ...
    def scores(self) -> tuple[int, ...]: ...
    def is_over(self) -> bool: ...
    def winners(self) -> tuple[int, ...]: ...
    def view(self) -> View: ...
    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Game:
    """A registered game: its name, its player range, its options, and `new()`.

    `version` is the version of the rules as coded: raise it whenever a change would
    make a stored game replay to another state (a ruling, a score table), so that the
    store refuses to rescore a game stored under other rules instead of doing it
    silently. `description` is one line for a newcomer choosing a game.
    `seat_names(players, options)` names seats that have a name of their own whatever
    the players are called (216 solo's automatic opponent, "AI"): one name per seat,
    "" for the seats the players name. `data` names the game's data files a player may
    edit (216's cards), each with its reader: text -> the value `new` is given under
    that name, or DataError naming the line. `readings` maps an older version to the options
    that play today's rules as it did (a ruling become an option, S5): games stored
    under it replay with those options (`stored_options`) instead of being refused.
    `alone` is the options with which one person plays it against seats the game plays
    itself, at its fewest seats (216's Solo), None for a game that needs players only:
    one player asked for is offered that setup.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    _new: Any = field(repr=False)
    _from_json: Any = field(repr=False)
    version: int = 1
    description: str = ""
    seat_names: Any = field(default=None, repr=False)
    readings: Mapping[int, Mapping[str, Any]] = field(default_factory=dict, compare=False)
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)
    alone: Mapping[str, Any] | None = field(default=None, compare=False)

    def default_names(self, players: int, options: Mapping[str, Any] | None) -> tuple[str, ...]:
        """The game's own name for each seat ("" where the players name it)."""
        if self.seat_names is None:
            return ("",) * players
        return tuple(self.seat_names(players, self.check_options(options)))

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; an unknown option or value is an IllegalAction."""
        chosen = {o.name: o.default for o in self.options}
        known = {o.name: o for o in self.options}
        for key, value in (options or {}).items():
            if key not in known:
                raise IllegalAction(
                    f"{self.title} has no option {key!r}; options: {', '.join(known) or 'none'}."
                )
            if not known[key].allows(value):
                raise IllegalAction(
                    f"Option {key} cannot be {value!r}; choose {known[key].allowed()}."
                )
            chosen[key] = value
        return chosen

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        data: Mapping[str, str] | None = None,
    ) -> State:
        """The game's first state. `data`: the text of each of its data files (the
        shipped ones where None), which the state keeps: a replay given the same texts
        plays with the same cards whatever the files say later."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"{self.title} is for {self.min_players} to {self.max_players} players."
            )
        options = self.check_options(options)
        if not self.data:
            return self._new(players, options)
        return self._new(players, options, self.read_data(data or self.shipped_data()))

    def shipped_data(self) -> dict[str, str]:
        """The text of each of the game's data files as shipped (companion/data)."""
        return {name: shipped_text(name) for name in self.data}

    def read_data(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """Each data file read by its reader; DataError for a file missing or refused."""
        read = {}
        for name, reader in self.data.items():
            if name not in texts:
                raise DataError(f"{self.title} needs its data file {name}.")
            read[name] = reader(texts[name])
        return read

    def from_json(self, data: Mapping[str, Any]) -> State:
        return self._from_json(data)

    def check_stored(self, version: int, game_id: int | None = None) -> None:
        """RulesChanged unless a game stored under rules `version` is replayed by the same
        rules, or by an option that plays them as that version did (`readings`): every
        replay of a stored game (resume, `companion replay`) asks first."""
        if version != self.version and version not in self.readings:
            which = "This game" if game_id is None else f"Game {game_id}"
            raise RulesChanged(
                f"{which} was stored under rules version {version} of {self.title}; "
                f"this companion has version {self.version}: it cannot be replayed safely."
            )

    def stored_options(
        self, version: int, options: Mapping[str, Any] | None, game_id: int | None = None
    ) -> dict[str, Any]:
        """The options a game stored under rules `version` with `options` replays under:
        its own, with those that read today's rules as that version did (`readings`: a
        ruling turned into an option keeps its old reading for the games played under
        it); RulesChanged if no option does (`check_stored`)."""
        self.check_stored(version, game_id)
        return {**(options or {}), **self.readings.get(version, {})}

    def replay(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        actions: Sequence[Action],
        data: Mapping[str, str] | None = None,
    ) -> State:
        """The state reached by applying `actions` in order from `new()`."""
        state = self.new(players, options, data)
        for action in actions:
            state = state.apply(action)
        return state


def kept_text(read: Callable[[str], Any]) -> Callable[[str], str]:
    """A reader for `Game.data` that gives the text itself, once `read` accepts it: the
    game builds what it plays with from the text, which the store keeps."""

    def reader(text: str) -> str:
        read(text)
        return text

    return reader


@cache
def shipped_text(name: str) -> str:
    """A data file as shipped, read once."""
    return decoded((SHIPPED / name).read_bytes(), name)


def actor(state: State, action: Action) -> int:
    """The seat that takes `action` in `state`: its `by` if it is out of turn."""
    by = action.get("by")
    return state.current_player() if by is None else by


def check_by(state: State, action: Action) -> None:
    """Refuse an action taken out of turn (`by` another seat) that is not legal now.

    Every game's `apply` calls this first, so a `by` that names a seat which may not
    act is never taken as the current player's move."""
    by = action.get("by")
    if by is None:
        return
    if not isinstance(by, int) or isinstance(by, bool) or not 0 <= by < state.players:
        raise IllegalAction(f"Name the player who acts: a seat from 1 to {state.players}.")
    if action not in state.legal_actions():
        raise IllegalAction(f"P{by + 1} may not do that now.")


def tuples(value: Any) -> Any:
    """JSON's lists back to tuples at every depth: for a state's `from_json`."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: tuples(v) for k, v in value.items()}
    return value


def faces_text(dice: Sequence[int], colours: Sequence[str] | None = None) -> str:
    """ "1 5 5", or "blue 1 grey 5" for coloured dice: how labels name dice."""
    if colours is None:
        return " ".join(str(d) for d in dice)
    return " ".join(f"{c} {d}" for d, c in zip(dice, colours))


def chance_label(action: Action) -> str:
    """The label of a chance outcome, the same in every game: "Threw 1 5 5", "Drew Deuces"."""
    if action.kind == "throw":
        dice, colours = action["dice"], action.get("colours")
        if colours is None:
            return f"Threw {faces_text(sorted(dice))}"
        return f"Threw {faces_text(*zip(*sorted(zip(dice, colours))))}"
    if action.kind == "draw":
        return f"Drew {action.get('card')}"
    raise ValueError(f"{action!r} is not a chance outcome")


def dice_count(n: int) -> str:
    """ "1 die", "3 dice": how every screen and message counts dice."""
    return "1 die" if n == 1 else f"{n} dice"


def winners_by_score(scores: Sequence[int]) -> tuple[int, ...]:
    """Every player on the highest score: ties share the win."""
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)
