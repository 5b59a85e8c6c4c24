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

This module holds what every mode shares (the store, the state, undo, notes); each mode
is an object of `companion.session` (named in `session.modes.MODES`) that owns its own
screen's state and answers a press with the next mode.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from companion import rules
from companion.dice_input import Reading
from companion.rules import Action, Game, IllegalAction, State, Throw
from companion.rules.core import DataError, RulesChanged
from companion.session import entry, kept
from companion.session.game_menu import GameMenu
from companion.session.mode import Chosen, Mode
from companion.session.names import default_names, given_names, with_names
from companion.session.play import Over, mode_for, out_of_turn
from companion.session.setup import SetupGame, to_setup
from companion.store import GameRecord, Store, StoreError
from companion.ui import games
from companion.ui.model import Screen

NOTE_SECONDS = 1.5
"""How long a note (why a press did nothing, what was undone) stays on the screen."""
LONG_NOTE_SECONDS = entry.LONG_NOTE_SECONDS
"""Notes worth reading twice: a resumed game."""
CONFIDENCE = 0.6
"""A die read with less confidence than this is confirmed with the buttons."""


class DiceSource(Protocol):
    """Where thrown dice come from (a camera and the dice reader, or a virtual roller).

    `start(throw)` when the player says the dice are down; `poll()` until it returns a
    result with `dice`, `confidence` (one per die), `colours` (one per die for coloured
    dice, else None), `error` ("" when dice were read) and `seen` (the camera's frame and
    boxes, or None); `cancel()` when the player gives up waiting. `verb` says what OK does
    ("read", "roll"). See companion.dice_input.
    """

    verb: str

    def start(self, throw: Throw) -> None: ...
    def poll(self) -> Any: ...
    def cancel(self) -> None: ...


@dataclass(frozen=True)
class Setup:
    """What a new game starts from; the player may change it on the setup screens.

    `game` None means the first game of `rules.GAMES` (the setup screen asks which).
    `start` is the first setup screen shown: "game", "players" or "options" (the game
    and the number of players were given on the command line). `names` name the first
    seats; the others are P1, P2, ... `data_folder` is where a player's own copies of the
    games' data files are looked for (companion.game_data); None: the shipped files only.
    """

    game: str | None = None
    players: int = 2
    names: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    start: str = "game"
    data_folder: Path | None = None


def _when(stamp: str) -> str:
    """A stored time as a player says it: "21:04" today, "3 Mar 21:04" before."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    return when.strftime("%H:%M" if when.date() == datetime.now().date() else "%-d %b %H:%M")


class Table:
    """One box's session: setup, the game in play (stored step by step), game over.

    It holds the mode shown (`companion.session.mode.Mode`) and what every mode shares:
    the store, the game's state and its stored steps, undo, the notes. Modes reach it
    through `mode.Host`; it never reaches into a mode but to ask for its screen and to
    hand it a press.
    """

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
        calibration=None,
    ):
        """`dice` reads or rolls throws (None: every throw is entered by hand).
        `deck_rng` (a random.Random) lets OK draw cards from a virtual deck.
        `advise(state)` ranks the options (default: companion.advice.for_state).
        `notice` is shown first, full screen, until a press (e.g. a store set aside).
        `photos` (a vision.kept_photos.PhotoKeeper) keeps the frames of throws read by
        the camera with the values the players let stand, and forgets them on undo.
        `calibration` (a companion.calibration.Kept) is the colour calibration kept on
        disk: given to the camera now (a damaged file is said and ignored), replaced
        when the players calibrate again; what a game's play taught the camera is kept
        beside it (`Kept.learnt`), taken up by the camera when that game goes on.
        """
        self.store = store
        self.dice = dice
        self.photos = photos
        self.deck_rng = deck_rng
        self.confidence = confidence
        self._advise = advise
        self.clock = clock
        self.game_id: int | None = None
        self.names: tuple[str, ...] = ()
        self.state: State | None = None
        self._game: Game | None = None
        self._players = 0
        self._options: dict[str, Any] = {}
        self._data: Mapping[str, str] | None = None  # the data files of the game in play
        self._data_folder = setup.data_folder
        self._actions: list[Action] = []  # the stored steps of the game, in order
        self.entry_kept = None
        """The dice being entered for the throw awaited (a companion.dice_entry.DiceEntry),
        kept when the entry is left with Back and across a quit (`close`), until a step
        is stored or undone; None when there are none."""
        self.web_address = ""
        """The score-sheet page's address with its token (companion.web), shown as a QR
        code from the game menu ("Phone page"); "" while no page is served."""
        self.calibration = calibration
        if calibration is not None and hasattr(dice, "calibration"):
            dice.calibration, problem = calibration.load()
            notice = " ".join(n for n in (notice, problem) if n)
            if hasattr(dice, "kept_learnt"):  # what a game's play taught, kept beside it
                dice.kept_learnt = calibration.learnt(lambda game: store.load(game).started)
        self.notice = notice
        self._note = ""
        self._note_until = 0.0
        self.chosen = Chosen(setup.game if setup.game is not None else next(iter(rules.GAMES)),
                             setup.players, dict(setup.options), tuple(setup.names))
        self._mode: Mode = SetupGame(self)  # until the store says what to show first
        record = store.unfinished()
        if record is not None:
            self._resume(record, setup.start)
        elif not (setup.start == "game" and self._show_last_game()):
            self._mode = to_setup(self, setup.start)

    # -- what the screen shows ------------------------------------------------------------

    def screen(self) -> Screen:
        """What to show now: a pure function of the session and the clock (notes expire)."""
        if self.notice:
            return Screen(kind="message", title="Note", note=self.notice)
        note = self._note if self.clock() < self._note_until else ""
        return self._mode.screen(note)

    @property
    def mode(self) -> str:
        """The name of the mode shown ("decide", "throw", "menu", ...: `session.modes`)."""
        return self._mode.name

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
        return self.mode == "reading"

    # -- inputs -------------------------------------------------------------------------

    def handle(self, event) -> None:
        """Apply one button event (`.button` in up/down/select/back/ok, `.long`)."""
        button, long = event.button, event.long
        self._note_until = 0.0
        if self.notice:  # a full-screen notice: any press puts it away
            self.notice = ""
            return
        if long and button == "back":
            self._mode = self.undo() or self._mode
        elif long and button == "select":
            self._toggle_menu()
        elif button in ("up", "down", "select", "back", "ok"):
            self._mode = self._mode.on(button)
        self.tick()  # a reading just started may be answered at once (virtual dice)

    def _toggle_menu(self) -> None:
        if self.game_id is None:
            self.say("No game in play yet")
        elif isinstance(self._mode, GameMenu):
            self._mode = self._mode.under
        else:
            self._mode = GameMenu(self, self._mode)

    def tick(self) -> None:
        """Ask the dice source for its answer while reading."""
        if not self.busy:
            return
        result = self.dice.poll()
        if result is None:
            return
        if result.error:
            self._mode = entry.Enter.by_hand(self, note=f"{result.error}: enter the dice")
        else:
            self._mode = entry.read(self, result)

    def reading(self, dice: Sequence[int], confidence: Sequence[float], seen=None,
                colours: Sequence[str | None] | None = None) -> None:
        """Dice read from the table: applied when sure and possible, else to be confirmed.
        `seen` (a companion.dice_input.Seen) is where the camera saw them; `colours`
        names each die's colour for coloured dice (None where it could not be told)."""
        if self._throw() is None or self.mode not in ("throw", "reading"):
            self.say("Not waiting for dice now")
            return
        self._mode = entry.read(self, Reading(tuple(dice), tuple(confidence),
                                              None if colours is None else tuple(colours), seen))

    # -- the game in play ---------------------------------------------------------------

    def _resume(self, record: GameRecord, start: str) -> None:
        why = None
        if record.damage is not None:
            why = f"Game {record.id} could not be resumed ({record.damage})."
        else:
            try:
                self._load(record)
            except RulesChanged as changed:  # its sentence names the game already
                why = str(changed)
            except (IllegalAction, ValueError, TypeError, KeyError) as error:
                why = f"Game {record.id} could not be resumed ({error})."
        if why is not None:
            self.store.abandon(record.id)
            self.notice = f"{why} It is kept in the store."
            self._mode = to_setup(self, start)
            return
        self.say(self._resumed_where(), LONG_NOTE_SECONDS)
        # dice entered before a quit: the entry as it was
        self.entry_kept = kept.take(self.store.path, self.game_id, self.steps, self._throw())
        if self.entry_kept is not None:
            self._mode = entry.Enter(self, self.entry_kept)

    def close(self) -> None:
        """The session ends (`q`, the service stopped): dice being entered are written
        beside the store, taken up at the next start (`session.kept`). Nothing else is
        pending: every step is stored already."""
        dice = self.entry_kept
        if dice is None or not dice.begun or self._throw() is None:
            return
        try:
            kept.keep(self.store.path, self.game_id, self.steps, dice)
        except OSError as why:  # quitting: the journal (or the log) says it
            import logging

            logging.getLogger("companion.play").warning("Dice entered not kept: %s", why)

    def _resumed_where(self) -> str:
        """"Resumed Risk 'n' Roll 2000, Ann to play": which game, and where it goes on
        (with the round, where the game's facts give one: "Round 3/7")."""
        state = self.state
        seat = state.turn()
        where = [f"Resumed {self._game.title}"]
        where += [line.split(" · ")[0] for line in state.view().lines
                  if line.startswith("Round ")][:1]  # "Round 3/7", not its "· P2 A"
        if state.is_over():  # stopped after its last step, before the result was kept
            where.append("game over")
        elif seat is not None and 0 <= seat < len(self.names):
            where.append(f"{self.names[seat]} to play")
        return ", ".join(where)

    def _show_last_game(self) -> bool:
        """After a restart, the final standings of the game that ended last, when nothing
        came after it (no game abandoned since): what the table showed before it stopped.
        False (nothing shown) when there is none or it cannot be replayed."""
        last = self.store.history(limit=1, abandoned=True)
        if not last or last[0].abandoned or last[0].damage is not None:
            return False
        try:
            self._load(last[0])
        except (IllegalAction, ValueError, TypeError, KeyError):
            return False
        self._mode = Over(self, float("-inf"))  # read before: no hold
        self.say(f"Last game, ended {_when(last[0].finished)}", LONG_NOTE_SECONDS)
        return True

    def _load(self, record: GameRecord) -> None:
        """Rebuild the game from its stored steps; a finished state is recorded as such."""
        game = rules.get(record.game)
        # never rescored under other rules: its own version's reading, or refused
        options = game.stored_options(record.version, record.options, record.id)
        self.chosen = Chosen(game.name, record.players, dict(options),
                             given_names(record.names,
                                         game.default_names(record.players, record.options)))
        actions = [Action.from_json(a) for a in record.actions]
        self._mode = self._play(record.id, game, record.players, dict(options),
                                tuple(record.names), actions, record.played_with)
        if self.state.is_over() and record.finished is None:  # stopped before it was recorded
            self.store.finish(record.id, self.state.scores(), self.state.winners())

    def begin(self, name: str, players: int, options: Mapping[str, Any],
              names: tuple[str, ...]) -> Mode | None:
        """Store a new game with these players and options, and the data files it is played
        with (a player's copy, or the shipped file where that copy is refused: said on a
        notice), and take it up: the mode its first state needs; None (and why, said) when
        the rules or the store refuse it."""
        from companion import game_data

        game = rules.get(name)
        try:  # the rules accept players, options and data files before anything is stored
            options = game.check_options(options)
            data = game_data.in_use(game, self._data_folder)
            game.new(players, options, data.texts)
        except (IllegalAction, DataError) as why:
            self.say(str(why))
            return None
        own = game.default_names(players, options)
        seated = default_names(players, names, own)
        try:
            game_id = self.store.new_game(game.name, players, options, seated,
                                          version=game.version, played_with=data.texts or None)
        except StoreError as why:
            self.notice = str(why)
            return None
        self.chosen.names = given_names(seated, own)
        mode = self._play(game_id, game, players, options, seated, [], data.texts or None)
        if data.refused:  # a player's copy of a data file refused: the shipped one is used
            self.notice = " ".join(data.refused)
        return mode

    def end_game(self) -> None:
        """No game in play any more (it stays in the store as it is)."""
        self.state = self.game_id = self._game = None
        if hasattr(self.dice, "game"):
            self.dice.game = None
        self._actions = []

    def _play(self, game_id: int, game: Game, players: int, options: dict[str, Any],
              names: tuple[str, ...], actions: list[Action],
              data: Mapping[str, str] | None = None) -> Mode:
        """Take up a stored game: its state is the replay of its steps, with the data files
        it was played with (None: the shipped ones)."""
        state = game.replay(players, options, actions, data)
        self.game_id, self._game, self._players, self._options = game_id, game, players, options
        if hasattr(self.dice, "game"):  # a camera's colours learnt in play are this game's
            self.dice.game = game_id
        self._data = data
        self.names, self._actions = names, actions
        return self._show(state)

    def _show(self, state: State) -> Mode:
        """Make `state` the shown state: the mode its next step needs (what the mode
        shown was running, a reading, is stopped)."""
        self._mode.stop()
        self.state = state
        self.entry_kept = None  # they were for the throw before
        return mode_for(self, state)

    def advice(self, state: State) -> list:
        if self._advise is None:
            from companion import advice

            self._advise = advice.for_state
        return self._advise(state)

    def apply(self, action: Action) -> Mode | None:
        """Check, store, then show: a step is on disk before its result is on screen.
        The mode the new state needs; None (and why, said) when refused or not stored."""
        try:
            new = self.state.apply(action)
        except IllegalAction as why:  # the rules say P2: the seat's name, as everywhere
            self.say(self.named(str(why)))
            return None
        try:
            self.store.append(self.game_id, action.to_json())
        except StoreError as why:
            self.notice = f"Not saved: {why}"
            return None
        self._actions.append(action)
        old = self.state
        after = self._show(new)
        if new.current_player() < 0:
            self._tell_news(old, action, new)
        if new.is_over():
            try:
                self.store.finish(self.game_id, new.scores(), new.winners())
            except StoreError as why:  # the steps are stored: a resume records the end
                self.notice = f"Result not saved: {why}"
        return after

    def apply_out_of_turn(self, action: Action, under: Mode) -> Mode:
        """An action another seat takes out of turn, from the game menu over `under`:
        dice being entered or confirmed for the same throw stay as they were, the chance
        it waits for being unchanged."""
        chance, dice = self.state.chance(), self.entry_kept
        after = self.apply(action)
        if after is None:
            return under
        if self.state.chance() == chance:
            self.entry_kept = dice
            if under.KEEPS_DICE:
                return under
        return after

    def _tell_news(self, old: State, action: Action, new: State) -> None:
        """Chance and game-over screens show no game message: say what just happened.

        A throw that ends the turn at once (a belly up) is named too, since no
        decision follows to show its dice. A card drawn is named once: by the game's
        message where it names it ("Offer: Just a pair", not "Drew Just a pair. Offer:
        Just a pair"), and not at all when it ends the game: the result is the news
        ("Bo wins with 106", not "Drew Pair + 6. Bo wins with 106").
        """
        message = new.view().message
        if message == old.view().message:
            message = ""
        answered = old.chance() is not None and not out_of_turn(old, [action])
        news = [old.label(action)] if answered else []  # what was thrown or drawn
        if action.kind == "draw" and message and (
                new.is_over() or str(action.get("card")) in message):
            news = []
        if message:
            news.append(message)
        if news:
            self.say(self.named(". ".join(news)), LONG_NOTE_SECONDS)

    def undo(self) -> Mode | None:
        """Take back the last stored step: the mode the state before it needs; None
        (and why, said) when there is nothing to undo."""
        if self.game_id is None:
            self.say("Nothing to undo: no game yet")
            return None
        try:
            removed = self.store.undo(self.game_id)
        except StoreError as why:
            self.notice = str(why)
            return None
        if removed is None:
            self.say("Nothing to undo")
            return None
        undone = self._actions.pop()
        if self.photos is not None and undone.kind == "throw":
            self.photos.forget(game=self.game_id, step=len(self._actions))
        forget = getattr(self.dice, "forget", None)  # what its throw taught the camera
        if forget is not None and undone.kind == "throw":
            forget(game=self.game_id, step=len(self._actions))
        after = self._play(self.game_id, self._game, self._players, self._options, self.names,
                           self._actions, self._data)
        self.say(f"Undone: {self.named(self.state.label(undone))}")
        return after

    def _throw(self) -> Throw | None:
        chance = self.state.chance() if self.state is not None else None
        return chance if isinstance(chance, Throw) else None

    # -- what every screen of a game shares -------------------------------------------------

    def game_screen(self, kind: str, title: str, note: str, **fields) -> Screen:
        """The scores, the names and the state's View (passed through whole, with the
        players' names for seat numbers) under a mode's own title, note and fields."""
        state = self.state
        view = state.view()
        own = getattr(games.for_game(state.game), "KINDS", {})  # a game's own layout of it
        return Screen(
            kind=own.get(kind, kind),
            title=title,
            names=self.names,
            scores=tuple(state.scores()),
            active=state.turn(),
            view=dataclasses.replace(view, lines=tuple(self.named(line) for line in view.lines),
                                     message=self.named(view.message)),
            note=note,
            **fields,
        )

    def named(self, text: str) -> str:
        return with_names(text, self.names)

    def tell(self, text: str) -> None:
        """News from outside the game ("Camera back"), shown on the note line a while."""
        self.say(text, LONG_NOTE_SECONDS)

    def say(self, text: str, seconds: float = NOTE_SECONDS) -> None:
        """A note on the screen for `seconds` (why a press did nothing, news)."""
        self._note = text
        self._note_until = self.clock() + seconds

    def hush(self) -> None:
        """The note shown leaves the screen now (a reason to check outranks it)."""
        self._note_until = 0.0

