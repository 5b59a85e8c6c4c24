"""The session at the table: button presses and dice readings in, rule actions out.

A `Table` is a small state machine over one stored game. It asks the rules core what
happens next (a player's decision, a throw, a card to draw) and offers exactly that on
the screen: the legal actions ranked by the advice, a throw read by the dice source or
entered by hand, a drawn card named from the deck. Every action goes to the store
before the new state becomes the shown state, so undo and resume are replays of the
stored steps. Nothing here knows a particular game: games plug in through
`companion.rules`, and their advisors through `companion.advice`.

    table = Table(store, Setup("risknroll", 2), dice=VirtualDice(VirtualRoller(3)))
    table.handle(ButtonEvent("ok"))     # any object with .button and .long
    table.tick()                        # let the dice source answer while reading
    screen = table.screen()             # a companion.ui.model.Screen

The buttons, everywhere: Up/Down move (or change a die), Select and OK choose, Back
steps back; a long Back undoes the last stored step, a long Select opens the game menu.
On a throw, OK reads the dice (or rolls them virtually) and Select enters them by hand.
A press that cannot do anything where it is changes nothing and says why in a note.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from companion import rules
from companion.rules import Action, Draw, Game, IllegalAction, State, Throw, View
from companion.rules.core import dice_count
from companion.store import GameRecord, Store, StoreError
from companion.ui.model import Menu, MenuItem, Screen

NOTE_SECONDS = 1.5
"""How long a note (why a press did nothing, what was undone) stays on the screen."""
LONG_NOTE_SECONDS = 4.0
"""Notes worth reading twice: a resumed game."""
OVER_HOLD_SECONDS = 3.0
"""How long the final standings stay on screen whatever is pressed: the throw that ends a
game is often followed by quick presses meant for the game, which must not start the
next one over the standings before anyone has read them."""
CONFIDENCE = 0.6
"""A die read with less confidence than this is confirmed with the buttons."""


class DiceSource(Protocol):
    """Where thrown dice come from (a camera and the dice reader, or a virtual roller).

    `start(throw)` when the player says the dice are down; `poll()` until it returns a
    result with `dice`, `confidence` (one per die), `error` ("" when dice were read) and
    `seen` (the camera's frame and boxes, or None);
    `cancel()` when the player gives up waiting. `verb` says what OK does ("read",
    "roll"). See companion.dice_input.
    """

    verb: str

    def start(self, throw: Throw) -> None: ...
    def poll(self) -> Any: ...
    def cancel(self) -> None: ...


@dataclass(frozen=True)
class Setup:
    """What a new game starts from; the player may change it on the setup screens.

    `start` is the first setup screen shown: "game", "players" or "options" (the game
    and the number of players were given on the command line). `names` name the first
    seats; the others are P1, P2, ...
    """

    game: str = "risknroll"
    players: int = 2
    names: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    start: str = "game"


@dataclass
class _Choices:
    """A menu on screen: its items, the value behind each, the highlighted one."""

    items: list[MenuItem]
    values: list[Any]
    selected: int = 0

    def move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.items)

    @property
    def value(self) -> Any:
        return self.values[self.selected]

    def menu(self) -> Menu:
        return Menu(tuple(self.items), self.selected)


@dataclass
class _Entry:
    """Dice being entered by hand or corrected after a reading."""

    throw: Throw
    values: list[int]
    cursor: int = 0
    flagged: set[int] = field(default_factory=set)
    touched: set[int] = field(default_factory=set)  # set by the player, or read surely
    why: str = ""  # why a reading is to be checked
    read: _Read | None = None  # the camera reading being checked (None: entered by hand)
    blank: set[int] = field(default_factory=set)  # no value yet: shown as "?" off the cursor
    moved: bool = False  # the player brought the cursor to this die (Select, Back)

    def shown(self, cursor: bool = True) -> tuple[int, ...]:
        """The values to draw: 0 (a "?") for a die with no value yet, but at the cursor."""
        return tuple(0 if i in self.blank and not (cursor and i == self.cursor) else v
                     for i, v in enumerate(self.values))


@dataclass(frozen=True)
class _Read:
    """A camera reading, dice in the order shown (by value): to keep its frame labelled."""

    values: tuple[int, ...]
    seen: Any  # companion.dice_input.Seen, boxes in the reader's order
    order: tuple[int, ...]  # order[i]: the reader's index of the die shown i-th

    def boxes(self) -> list:
        return [self.seen.boxes[k] for k in self.order]


def default_names(players: int, given: Sequence[str] = ()) -> tuple[str, ...]:
    """The given names for the first seats, P<n> for the rest."""
    return tuple(given[i] if i < len(given) and given[i] else f"P{i + 1}" for i in range(players))


def with_names(text: str, names: Sequence[str]) -> str:
    """The rules say P1, P2...: the players' names instead, where there are names."""

    def name(match: re.Match) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return re.sub(r"\bP(\d+)\b", name, text)


def _odds(value: float, bust: float | None) -> str:
    """A menu item's odds: expected points, then the chance of a belly up."""
    text = f"{value:.0f}"
    return text if bust is None else f"{text} {bust:.0%}"


def _started(record: GameRecord) -> str:
    try:
        when = datetime.fromisoformat(record.started)
    except ValueError:
        return record.started
    return when.strftime("%H:%M" if when.date() == datetime.now().date() else "%d %b %H:%M")


class Table:
    """One box's session: setup, the game in play (stored step by step), game over."""

    def __init__(
        self,
        store: Store,
        setup: Setup = Setup(),
        *,
        dice: DiceSource | None = None,
        deck_rng=None,
        advise: Callable[[State], list] | None = None,
        confidence: float = CONFIDENCE,
        clock: Callable[[], float] = time.monotonic,
        notice: str = "",
        photos=None,
    ):
        """`dice` reads or rolls throws (None: every throw is entered by hand).
        `deck_rng` (a random.Random) lets OK draw cards from a virtual deck.
        `advise(state)` ranks the options (default: companion.advice.for_state).
        `notice` is shown first, full screen, until a press (e.g. a store set aside).
        `photos` (a vision.kept_photos.PhotoKeeper) keeps the frames of throws read by
        the camera with the values the players let stand, and forgets them on undo.
        """
        self.store = store
        self.dice = dice
        self.photos = photos
        self.deck_rng = deck_rng
        self.confidence = confidence
        self._advise = advise
        self._clock = clock
        self._setup = setup
        self.game_id: int | None = None
        self.names: tuple[str, ...] = ()
        self.state: State | None = None
        self._game: Game | None = None
        self._players = 0
        self._options: dict[str, Any] = {}
        self._actions: list[Action] = []  # the stored steps of the game, in order
        self.mode = "setup_game"
        self._choices: _Choices | None = None
        self._entry: _Entry | None = None
        self._overlay: str | None = None  # "menu" or "abandon": the game menu over the game
        self._over_at = float("-inf")  # when the game shown ended (OVER_HOLD_SECONDS)
        self._overlay_choices: _Choices | None = None
        self._notice = notice
        self._note = ""
        self._note_until = 0.0
        self._chosen_game = setup.game
        self._chosen_players = setup.players
        self._chosen_options = dict(setup.options)
        self._chosen_names = tuple(setup.names)
        record = store.unfinished()
        if record is not None:
            self._resume(record)
        else:
            self._to_setup(setup.start)

    # -- what the screen shows ------------------------------------------------------------

    def screen(self) -> Screen:
        """What to show now: a pure function of the session and the clock (notes expire)."""
        if self._notice:
            return Screen(kind="message", title="Note", note=self._notice)
        note = self._note if self._clock() < self._note_until else ""
        if self._overlay:
            title = "Game menu" if self._overlay == "menu" else "Abandon this game?"
            return Screen(kind="setup", title=title, menu=self._overlay_choices.menu(),
                          note=note or "Back: to the game")
        return getattr(self, f"_screen_{self.mode}")(note)

    @property
    def steps(self) -> int:
        """How many steps of the game in play are stored."""
        return len(self._actions)

    @property
    def said(self) -> str:
        """The last note, kept after it left the screen (the simulator shows it below)."""
        return self._note

    @property
    def busy(self) -> bool:
        """True while the dice source is reading: call `tick()` often."""
        return self.mode == "reading" and not self._overlay

    # -- inputs -------------------------------------------------------------------------

    def handle(self, event) -> None:
        """Apply one button event (`.button` in up/down/select/back/ok, `.long`)."""
        button, long = event.button, event.long
        self._note_until = 0.0
        if self._notice:  # a full-screen notice: any press puts it away
            self._notice = ""
            return
        if long and button == "back":
            self._undo()
        elif long and button == "select":
            self._toggle_menu()
        elif self._overlay:
            self._on_overlay(button)
        elif button in ("up", "down", "select", "back", "ok"):
            getattr(self, f"_on_{self.mode}")(button)

    def tick(self) -> None:
        """Ask the dice source for its answer while reading."""
        if not self.busy:
            return
        result = self.dice.poll()
        if result is None:
            return
        if result.error:
            self._start_entry(self._throw(), note=f"{result.error}: enter the dice")
        else:
            self.reading(result.dice, result.confidence, result.seen)

    def reading(self, dice: Sequence[int], confidence: Sequence[float], seen=None) -> None:
        """Dice read from the table: applied when sure and possible, else to be confirmed.
        `seen` (a companion.dice_input.Seen) is where the camera saw them."""
        throw = self._throw()
        if throw is None or self.mode not in ("throw", "reading"):
            self._say("Not waiting for dice now")
            return
        order = tuple(sorted(range(len(dice)), key=lambda k: dice[k]))
        read = [(dice[k], confidence[k]) for k in order]
        camera = _Read(tuple(value for value, _ in read), seen, order)
        action = Action("throw", dice=camera.values)
        unsure = {i for i, (_, conf) in enumerate(read) if conf < self.confidence}
        try:
            throw.check(action)
        except IllegalAction as why:
            self._start_confirm(throw, read, unsure, str(why), camera)
            return
        if unsure:
            many = dice_count(len(unsure))
            self._start_confirm(throw, read, unsure, f"{many} unsure: check", camera)
        else:
            self._apply_read(camera, camera.values, "read")

    # -- setup --------------------------------------------------------------------------

    def _to_setup(self, step: str) -> None:
        self._overlay = None
        self.state = self.game_id = self._game = None
        self._actions = []
        self.mode = f"setup_{step}"
        if step == "game":
            names = sorted(rules.GAMES)
            self._choices = _Choices(
                [MenuItem(rules.GAMES[n].title) for n in names], names,
                names.index(self._chosen_game) if self._chosen_game in names else 0,
            )
        elif step == "players":
            game = rules.get(self._chosen_game)
            counts = list(range(game.min_players, game.max_players + 1))
            wanted = min(max(self._chosen_players, counts[0]), counts[-1])
            self._choices = _Choices([MenuItem(f"{n} players") for n in counts], counts,
                                     counts.index(wanted))
        else:
            self._choices = self._options_menu(0)

    def _options_menu(self, selected: int) -> _Choices:
        game = rules.get(self._chosen_game)
        chosen = game.check_options(self._chosen_options)
        items = [MenuItem("Start game")]
        for option in game.options:
            value = chosen[option.name]
            shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
            items.append(MenuItem(option.name.replace("_", " ").capitalize(), shown))
        return _Choices(items, [None, *(o.name for o in game.options)], selected)

    def _on_setup_game(self, button: str) -> None:
        if button in ("up", "down"):
            self._choices.move(-1 if button == "up" else 1)
        elif button in ("select", "ok"):
            self._chosen_game = self._choices.value
            self._chosen_options = {}
            self._to_setup("players")
        else:
            self._say("Choose a game first")

    def _on_setup_players(self, button: str) -> None:
        if button in ("up", "down"):
            self._choices.move(-1 if button == "up" else 1)
        elif button in ("select", "ok"):
            self._chosen_players = self._choices.value
            self._to_setup("options")
        else:
            self._to_setup("game")

    def _on_setup_options(self, button: str) -> None:
        if button in ("up", "down"):
            self._choices.move(-1 if button == "up" else 1)
        elif button == "back":
            self._to_setup("players")
        elif self._choices.value is None:
            self._start_game()
        else:
            name = self._choices.value
            option = next(o for o in rules.get(self._chosen_game).options if o.name == name)
            current = rules.get(self._chosen_game).check_options(self._chosen_options)[name]
            self._chosen_options[name] = option.choices[
                (option.choices.index(current) + 1) % len(option.choices)
            ]
            self._choices = self._options_menu(self._choices.selected)

    def _screen_setup_game(self, note: str) -> Screen:
        return Screen(kind="setup", title="Choose a game", menu=self._choices.menu(), note=note)

    def _screen_setup_players(self, note: str) -> Screen:
        title = rules.get(self._chosen_game).title
        return Screen(kind="setup", title=title, menu=self._choices.menu(),
                      note=note or "How many players?")

    def _screen_setup_options(self, note: str) -> Screen:
        title = f"{rules.get(self._chosen_game).title}, {self._chosen_players} players"
        return Screen(kind="setup", title=title, menu=self._choices.menu(),
                      note=note or "Select: change or start")

    def _start_game(self) -> None:
        game = rules.get(self._chosen_game)
        names = default_names(self._chosen_players, self._chosen_names)
        try:  # the rules accept players and options before anything is stored
            options = game.check_options(self._chosen_options)
            game.new(self._chosen_players, options)
        except IllegalAction as why:
            self._say(str(why))
            return
        try:
            game_id = self.store.new_game(game.name, self._chosen_players, options, names,
                                          version=game.version)
        except StoreError as why:
            self._notice = str(why)
            return
        self._chosen_names = names
        self._play(game_id, game, self._chosen_players, options, names, [])

    # -- the game in play ---------------------------------------------------------------

    def _resume(self, record: GameRecord) -> None:
        why = record.damage
        if why is None:
            try:
                self._load(record)
            except (IllegalAction, ValueError, TypeError, KeyError) as error:
                why = str(error)
        if why is not None:
            self.store.abandon(record.id)
            self._notice = (
                f"Game {record.id} could not be resumed ({why}); it is kept in the store."
            )
            self._to_setup(self._setup.start)
            return
        self._say(f"Resumed game from {_started(record)}", LONG_NOTE_SECONDS)

    def _load(self, record: GameRecord) -> None:
        """Rebuild the game from its stored steps; a finished state is recorded as such."""
        game = rules.get(record.game)
        game.check_stored(record.version, record.id)  # never rescore under other rules
        self._chosen_game, self._chosen_players = game.name, record.players
        self._chosen_options = dict(record.options)
        self._chosen_names = tuple(record.names)
        actions = [Action.from_json(a) for a in record.actions]
        self._play(record.id, game, record.players, dict(record.options), tuple(record.names),
                   actions)
        if self.state.is_over() and record.finished is None:  # stopped before it was recorded
            self.store.finish(record.id, self.state.scores(), self.state.winners())

    def _play(self, game_id: int, game: Game, players: int, options: dict[str, Any],
              names: tuple[str, ...], actions: list[Action]) -> None:
        """Take up a stored game: its state is the replay of its steps."""
        state = game.replay(players, options, actions)
        self.game_id, self._game, self._players, self._options = game_id, game, players, options
        self.names, self._actions = names, actions
        self._overlay = None
        self._show(state)

    def _show(self, state: State) -> None:
        """Make `state` the shown state and pick the screen its next step needs."""
        if self.mode == "reading":
            self.dice.cancel()
        self.state = state
        self._entry = None
        if state.is_over():
            self.mode = "over"
            self._over_at = self._clock()
            return
        chance = state.chance()
        if isinstance(chance, Throw):
            self.mode = "throw"
        elif isinstance(chance, Draw):
            self.mode = "draw"
            cards = [(name, left) for name, left in chance.cards if left > 0]
            self._choices = _Choices([MenuItem(name, f"{left} left") for name, left in cards],
                                     [Action("draw", card=name) for name, _ in cards])
        else:
            self.mode = "decide"
            self._choices = self._decision_menu(state)

    def _decision_menu(self, state: State) -> _Choices:
        """The legal actions, ranked best first by the advice, odds beside each."""
        legal = state.legal_actions()
        odds = {a.action: a for a in self._advice(state) if a.action in legal}
        order = list(odds) + [a for a in legal if a not in odds]
        items = []
        for action in order:
            advice = odds.get(action)
            detail = getattr(advice, "detail", None)
            if detail is None:
                detail = _odds(advice.value, advice.bust) if advice else ""
            items.append(MenuItem(
                self._named(state.label(action)), detail, bool(advice and advice.best),
            ))
        return _Choices(items, list(order))

    def _advice(self, state: State) -> list:
        if self._advise is None:
            from companion import advice

            self._advise = advice.for_state
        return self._advise(state)

    def _apply(self, action: Action) -> bool:
        """Check, store, then show: a step is on disk before its result is on screen."""
        try:
            new = self.state.apply(action)
        except IllegalAction as why:
            self._say(str(why))
            return False
        try:
            self.store.append(self.game_id, action.to_json())
        except StoreError as why:
            self._notice = f"Not saved: {why}"
            return False
        self._actions.append(action)
        old = self.state
        self._show(new)
        if new.current_player() < 0:
            self._tell_news(old, action, new)
        if new.is_over():
            try:
                self.store.finish(self.game_id, new.scores(), new.winners())
            except StoreError as why:  # the steps are stored: a resume records the end
                self._notice = f"Result not saved: {why}"
        return True

    def _tell_news(self, old: State, action: Action, new: State) -> None:
        """Chance and game-over screens show no game message: say what just happened.

        A throw that ends the turn at once (a belly up) is named too, since no
        decision follows to show its dice.
        """
        news = [old.label(action)] if old.chance() is not None else []
        message = new.view().message
        if message and message != old.view().message:
            news.append(message)
        if news:
            self._say(self._named(". ".join(news)), LONG_NOTE_SECONDS)

    def _undo(self) -> None:
        if self.game_id is None:
            self._say("Nothing to undo: no game yet")
            return
        try:
            removed = self.store.undo(self.game_id)
        except StoreError as why:
            self._notice = str(why)
            return
        if removed is None:
            self._say("Nothing to undo")
            return
        undone = self._actions.pop()
        if self.photos is not None and undone.kind == "throw":
            self.photos.forget(game=self.game_id, step=len(self._actions))
        self._play(self.game_id, self._game, self._players, self._options, self.names,
                   self._actions)
        self._say(f"Undone: {self._named(self.state.label(undone))}")

    def _throw(self) -> Throw | None:
        chance = self.state.chance() if self.state is not None else None
        return chance if isinstance(chance, Throw) else None

    def _on_decide(self, button: str) -> None:
        if button in ("up", "down"):
            self._choices.move(-1 if button == "up" else 1)
        elif button in ("select", "ok"):
            self._apply(self._choices.value)
        else:
            self._say("Hold Back to undo")

    def _on_throw(self, button: str) -> None:
        if button == "ok":
            if self.dice is None:
                self._say("No camera: Select to enter")
                return
            self.dice.start(self._throw())
            self.mode = "reading"
            self.tick()
        elif button == "select":
            self._start_entry(self._throw())
        elif button == "back":
            self._say("Hold Back to undo")
        else:
            how = f"OK {self.dice.verb}s, Select enters" if self.dice else "Select enters the dice"
            self._say(f"Nothing to choose: {how}")

    def _on_reading(self, button: str) -> None:
        if button == "back":
            self.dice.cancel()
            self.mode = "throw"
            self._say("Reading stopped")
        else:
            self._say("Reading the dice...")

    def _on_draw(self, button: str) -> None:
        if button in ("up", "down"):
            self._choices.move(-1 if button == "up" else 1)
        elif button == "select" or (button == "ok" and self.deck_rng is None):
            self._apply(self._choices.value)
        elif button == "ok":
            self._apply(self.state.chance().sample(self.deck_rng))
        else:
            self._say("Hold Back to undo")

    def _on_over(self, button: str) -> None:
        if self._clock() < self._over_at + OVER_HOLD_SECONDS:
            return  # the standings (and the news of the last throw) stay
        if button in ("select", "ok"):
            self._to_setup("options")
        else:
            self._say("Game over: OK for a new one")

    # -- dice read or entered by hand ------------------------------------------------------

    def _start_entry(self, throw: Throw, note: str = "") -> None:
        self._entry = _Entry(throw, [throw.faces[0]] * throw.count, blank=set(range(throw.count)))
        self.mode = "enter"
        if note:
            self._say(note, LONG_NOTE_SECONDS)

    def _start_confirm(self, throw: Throw, read: list, unsure: set[int], why: str,
                       camera: _Read) -> None:
        """A reading to accept or correct; impossible values and missing dice are marked.

        Corrected, the dice read surely stand as set; a missing die (shown "?") and an
        impossible value (shown as the nearest face) must be set by the player before OK
        stores the throw, and so must every die when more dice were seen than thrown:
        which of them were thrown is not known."""
        faces = throw.faces
        values, flagged, unset, blank = [], set(unsure), set(), set()
        for i in range(throw.count):
            if i >= len(read):
                values.append(faces[0])
                blank.add(i)
                continue
            value = read[i][0]
            if value not in faces:
                value = min(faces, key=lambda face: abs(face - value))
                unset.add(i)
            values.append(value)
        if len(read) > throw.count:
            unset.update(range(throw.count))
        flagged |= unset | blank
        possible = len(read) == throw.count and all(v in faces for v, _ in read)
        self._entry = _Entry(throw, values, min(flagged, default=0), flagged,
                             set(range(throw.count)) - unset - blank, why, camera, blank)
        items = [("Accept", "accept")] if possible else []
        items += [("Correct", "correct"), ("Read again", "again")]
        self._choices = _Choices([MenuItem(label) for label, _ in items], [v for _, v in items])
        self.mode = "confirm"
        self._note_until = 0.0  # the reason to check outranks older news

    def _on_confirm(self, button: str) -> None:
        if button in ("up", "down"):
            self._choices.move(-1 if button == "up" else 1)
        elif button == "back":
            self._entry = None
            self.mode = "throw"
            self._say("Reading discarded")
        elif self._choices.value == "accept":
            self._apply_read(self._entry.read, self._entry.values, "accepted")
        elif self._choices.value == "correct":
            self.mode = "enter"
        else:
            self._entry = None
            self.mode = "throw"
            self._on_throw("ok")

    def _on_enter(self, button: str) -> None:
        entry = self._entry
        faces = entry.throw.faces
        i = entry.cursor
        if button in ("up", "down"):
            step = 1 if button == "up" else -1
            entry.values[i] = faces[(faces.index(entry.values[i]) + step) % len(faces)]
            entry.touched.add(i)
            entry.flagged.discard(i)
            entry.blank.discard(i)
        elif button == "select":
            entry.touched.add(i)
            entry.blank.discard(i)
            entry.flagged.discard(i)  # looked at and passed: checked
            entry.cursor, entry.moved = (i + 1) % len(entry.values), True
            if entry.cursor in entry.blank:  # dice entered in order: start from this one
                entry.values[entry.cursor] = entry.values[i]
        elif button == "back":
            if i > 0:
                entry.cursor, entry.moved = i - 1, True
            else:
                self.mode = "throw"
                self._entry = None
                self._say("Entry cancelled")
        else:
            # OK stores the throw once every die is set. The cursor's die counts as set if
            # the player brought the cursor there or changed it; one the cursor was put on
            # (at the start, or by an OK too soon) does not, so stray OKs never store a
            # die nobody set: a missed die's "?", or 1s.
            if entry.moved:
                entry.touched.add(i)
                entry.blank.discard(i)
                entry.flagged.discard(i)
            unset = sorted(set(range(len(entry.values))) - entry.touched)
            if unset:
                j = unset[0]
                if j != i and j in entry.blank and j > 0 and j - 1 not in entry.blank:
                    entry.values[j] = entry.values[j - 1]  # as Select would start it
                entry.cursor, entry.moved = j, False
                self._say(f"Set die {j + 1} first (Up/Down, Select)")
                return
            if entry.read is None:
                self._apply(Action("throw", dice=tuple(sorted(entry.values))))
            else:
                self._apply_read(entry.read, entry.values, "corrected")

    def _apply_read(self, camera: _Read, values: Sequence[int], how: str) -> None:
        """Apply a throw the camera read (`values` as the players let them stand, in the
        order shown), then keep its frame labelled with them, if photos are kept."""
        if not self._apply(Action("throw", dice=tuple(sorted(values)))):
            return
        if self.photos is None or camera.seen is None:
            return
        from vision.kept_photos import labelled

        dice = labelled(list(camera.values), camera.boxes(), list(values))
        if dice is not None:
            if how == "corrected" and tuple(values) == camera.values:
                how = "accepted"  # "Correct" chosen, nothing changed
            self.photos.keep(camera.seen.frame, dice, game=self.game_id,
                             step=len(self._actions) - 1, how=how)

    def _screen_confirm(self, note: str) -> Screen:
        entry = self._entry
        return self._game_screen("confirm", "Camera read", note or entry.why,
                                 entry=entry.shown(cursor=False),
                                 flagged=tuple(sorted(entry.flagged)), menu=self._choices.menu())

    def _screen_enter(self, note: str) -> Screen:
        entry = self._entry
        return self._game_screen("enter", f"Enter {dice_count(entry.throw.count)}", note,
                                 entry=entry.shown(), cursor=entry.cursor,
                                 flagged=tuple(sorted(entry.flagged)))

    # -- the game menu (long Select) ----------------------------------------------------------

    def _toggle_menu(self) -> None:
        if self.game_id is None:
            self._say("No game in play yet")
        elif self._overlay:
            self._overlay = None
        else:
            self._overlay = "menu"
            self._overlay_choices = _Choices(
                [MenuItem("Back to the game"), MenuItem("Undo last step"), MenuItem("New game")],
                ["resume", "undo", "new"],
            )

    def _on_overlay(self, button: str) -> None:
        choices = self._overlay_choices
        if button in ("up", "down"):
            choices.move(-1 if button == "up" else 1)
            return
        if button == "back":
            self._overlay = None
            return
        chosen = choices.value
        if chosen == "resume" or chosen == "keep":
            self._overlay = None
        elif chosen == "undo":
            self._overlay = None
            self._undo()
        elif chosen == "new" and self.mode == "over":
            self._to_setup("options")
        elif chosen == "new":
            self._overlay = "abandon"
            self._overlay_choices = _Choices(
                [MenuItem("Keep playing"), MenuItem("Abandon, new game")], ["keep", "abandon"]
            )
        else:
            try:
                self.store.abandon(self.game_id)
            except StoreError as why:
                self._notice = str(why)
                return
            self._to_setup("options")
            self._say("Game abandoned (kept in the store)")

    # -- screens of the game ----------------------------------------------------------------

    def _game_screen(self, kind: str, title: str, note: str, **fields) -> Screen:
        state = self.state
        active = state.turn()
        view = state.view()
        return Screen(
            kind=kind,
            title=title,
            names=self.names,
            scores=tuple(state.scores()),
            active=active,
            view=View(view.dice, view.aside, view.colours,
                      tuple(self._named(line) for line in view.lines), self._named(view.message)),
            note=note,
            **fields,
        )

    def _whose(self) -> str:
        player = self.state.current_player()
        return self.names[player] if 0 <= player < len(self.names) else ""

    def _screen_decide(self, note: str) -> Screen:
        return self._game_screen("turn", self._whose(), note, menu=self._choices.menu())

    def _screen_throw(self, note: str) -> Screen:
        throw = self._throw()
        title = self._named(throw.why) if throw.why else f"Throw {dice_count(throw.count)}"
        return self._game_screen("throw", title, note or self._throw_hint())

    def _screen_reading(self, note: str) -> Screen:
        waiting = getattr(self.dice, "waiting_for", "")  # a hand over the tray, say
        hint = f"{waiting}\nBack: stop reading" if waiting else "Back: stop reading"
        return self._game_screen("throw", "Reading the dice...", note or hint)

    def _throw_hint(self) -> str:
        if self.dice is None:
            return "Select: enter the dice"
        return f"OK: {self.dice.verb} the dice\nSelect: enter by hand"

    def _screen_draw(self, note: str) -> Screen:
        draw = self.state.chance()
        hint = "OK: draw one, Select: this card" if self.deck_rng else "Select the card drawn"
        return self._game_screen("card", self._named(draw.why) or f"Draw: {draw.deck}",
                                 note or hint, menu=self._choices.menu())

    def _screen_over(self, note: str) -> Screen:
        return self._game_screen("over", "Game over", note,
                                 winners=tuple(self.state.winners()))

    def _named(self, text: str) -> str:
        return with_names(text, self.names)

    def _say(self, text: str, seconds: float = NOTE_SECONDS) -> None:
        self._note = text
        self._note_until = self._clock() + seconds
