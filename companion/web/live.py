"""What the play process publishes for the page: the last screen of the game and the
last photo the camera read. Everything else the page reads from the store.

The play loop calls `show(table, screen)` after each screen it puts on the OLED, and a
camera source calls `saw(result)` with each reading; both only swap a reference and
wake the page's thread, so the game never waits for a phone.

    live = Live()
    live.show(table, screen)          # in the play loop, after display.show
    live.snapshot().screen            # on the page's thread
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Photo:
    """A frame the camera read, each die's box and what the box read it as."""

    frame: Any  # a copy of the BGR frame: a camera may refill its own array
    boxes: tuple[tuple[int, int, int, int], ...]
    values: tuple[int, ...]
    colours: tuple[str | None, ...] | None
    confidence: tuple[float, ...]
    at: float = field(default_factory=time.time)


@dataclass(frozen=True)
class Snapshot:
    """One published moment. `revision` grows with every publication; `screen` is the
    last game screen shown (a companion.ui.model.Screen with the View, so never a
    setup screen or the game menu); `photo` the last camera reading, with `photo_id`
    its number (0: none yet)."""

    revision: int = 0
    game_id: int | None = None
    steps: int = 0
    screen: Any = None
    photo: Photo | None = None
    photo_id: int = 0


class Live:
    """The snapshot, replaced whole under a lock; listeners are woken after each change."""

    def __init__(self):
        self._lock = threading.Lock()
        self._snapshot = Snapshot()
        self._listeners: list[Callable[[], None]] = []

    def snapshot(self) -> Snapshot:
        return self._snapshot

    def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake()` (from the publishing thread: it must only schedule) after each change."""
        self._listeners.append(wake)

    def show(self, table, screen) -> None:
        """The play loop showed `screen`: publish it if it is a game's screen, or if the
        game or its number of steps changed."""
        game_screen = screen if getattr(screen, "view", None) is not None else None
        old = self._snapshot
        if game_screen is None and (table.game_id, table.steps) == (old.game_id, old.steps):
            return
        kept = old.screen if table.game_id == old.game_id else None  # never another game's
        self._publish(game_id=table.game_id, steps=table.steps,
                      screen=game_screen if game_screen is not None else kept)

    def saw(self, result) -> None:
        """A camera reading (a companion.dice_input.Reading with its `seen`)."""
        seen = getattr(result, "seen", None)
        if seen is None or seen.frame is None:
            return
        photo = Photo(seen.frame.copy(), tuple(tuple(int(c) for c in b) for b in seen.boxes),
                      tuple(result.values), result.colours, tuple(result.confidence))
        self._publish(photo=photo, photo_id=self._snapshot.photo_id + 1)

    def _publish(self, **changes) -> None:
        with self._lock:
            old = self._snapshot
            fields = {"game_id": old.game_id, "steps": old.steps, "screen": old.screen,
                      "photo": old.photo, "photo_id": old.photo_id, **changes}
            self._snapshot = Snapshot(revision=old.revision + 1, **fields)
        for wake in self._listeners:
            wake()
