"""A mode of the session: an object that owns what its screen shows and answers a press
with the mode to show next.

Each mode (choosing a game, a decision, dice being entered, the game menu, ...) keeps
its own state: its menu, the dice being set, the card groups, the mode it returns to.
`on(button)` takes a short press (up, down, select, back, ok) and returns the next
mode: itself, another one, or the mode a new game state needs (`Host.apply`). What
every mode shares, the stored game, undo and the notes, belongs to the `Host` (the
`companion.table.Table`), which modes reach only through the members listed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from companion.rules import Action, State
from companion.store import Store
from companion.ui.model import Screen


@dataclass
class Chosen:
    """What the setup screens have chosen so far; the next game starts from it."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()  # the names the players gave ("" where they gave none)


class Host(Protocol):
    """What modes may use of the session that shows them (`companion.table.Table`)."""

    store: Store
    dice: Any  # a companion.table.DiceSource, or None
    deck_rng: Any
    photos: Any
    calibration: Any
    confidence: float
    chosen: Chosen
    notice: str  # full screen until a press
    state: State | None
    names: tuple[str, ...]
    game_id: int | None
    web_address: str  # the score-sheet page's address with its token, "" if not served
    entry_kept: Any  # the dice being entered for the throw awaited (a DiceEntry), or None

    @property
    def steps(self) -> int: ...
    def clock(self) -> float: ...
    def say(self, text: str, seconds: float = ...) -> None: ...
    def hush(self) -> None: ...
    def named(self, text: str) -> str: ...
    def advice(self, state: State) -> list: ...
    def game_screen(self, kind: str, title: str, note: str, **fields) -> Screen: ...
    def apply(self, action: Action) -> Mode | None: ...
    def apply_out_of_turn(self, action: Action, under: Mode) -> Mode: ...
    def undo(self) -> Mode | None: ...
    def begin(self, game: str, players: int, options: Mapping[str, Any],
              names: tuple[str, ...]) -> Mode | None: ...
    def end_game(self) -> None: ...


class Mode:
    """One mode of the session. Subclasses name themselves (`name`, as tests and the
    demo know them), declare where their buttons may lead besides the mode a new state
    needs (`LEADS_TO`), and build their screen."""

    name: ClassVar[str]
    LEADS_TO: ClassVar[tuple[str, ...]] = ()
    KEEPS_DICE: ClassVar[bool] = False
    """Dice half entered or a reading to confirm: kept when another seat acts out of
    turn and the throw awaited is unchanged."""

    def __init__(self, table: Host):
        self.table = table

    def screen(self, note: str) -> Screen:
        raise NotImplementedError

    def on(self, button: str) -> Mode:
        """A short press: the mode to show next."""
        raise NotImplementedError

    def settled(self) -> Mode:
        """This mode with nothing running in the background (a reading stops, the throw
        waits): where a side trip (pages, calibration) returns."""
        return self

    def stop(self) -> None:
        """The game moves on under this mode: stop what it runs (a reading)."""

    def again(self) -> Mode:
        """This mode after a side trip, rebuilt where what it shows may have changed."""
        return self

