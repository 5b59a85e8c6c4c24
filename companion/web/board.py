"""What the page shows, made from the store (read-only) and the play process's snapshot.

The game in play is replayed from its stored steps, as `companion replay` does, and its
sheet drawn by the game's own sheet module; the options and their odds are those of the
last screen the OLED showed, and the photo the last the camera read. The parts are made
once per change and shared by every phone.
"""

from __future__ import annotations

import dataclasses
import json
import threading
from datetime import datetime

from companion import rules
from companion.rules import Action
from companion.store import GameRecord, Store, StoreError
from companion.table import with_names
from companion.web import sheets
from companion.web.html import Raw, dice, esc, name_of, section, table
from companion.web.live import Live, Snapshot


def replayed(record: GameRecord):
    """The state of a stored game, or the sentence why it cannot be replayed."""
    game = rules.get(record.game)
    game.check_stored(record.version, record.id)
    return game.replay(record.players, record.options,
                       [Action.from_json(a) for a in record.actions])


class Board:
    """The page's parts, remade when the snapshot or the stored game changed."""

    def __init__(self, store: Store, live: Live):
        self.store = store
        self.live = live
        self._lock = threading.Lock()
        self._key = None
        self._parts: dict[str, str] = {}
        self._payload = json.dumps({"revision": 0})
        self._replayed = None  # (game id, its stored steps, the state they lead to)
        self.revision = 0
        """Grows each time the parts change: what a live stream waits on."""

    def parts(self) -> dict[str, str]:
        """The current parts (remade first if something changed): "game" (title and
        whose turn), "sheet", "turn" (the dice and the options), "photo"."""
        snapshot = self.live.snapshot()
        record = self._record(snapshot)
        key = (snapshot.revision, _signature(record))
        with self._lock:
            if key != self._key:
                parts = self._make(snapshot, record)
                if parts != self._parts:
                    self._parts = parts
                    self.revision += 1
                    self._payload = json.dumps({"revision": self.revision, **parts})
                self._key = key
            return self._parts

    def payload(self) -> str:
        """The parts as one JSON text, with the revision, as last made (no store read:
        every stream sends the same text): what a live stream sends."""
        return self._payload

    def _record(self, snapshot: Snapshot) -> GameRecord | None:
        try:
            if snapshot.game_id is not None:
                return self.store.load(snapshot.game_id)
            last = self.store.unfinished() or next(iter(self.store.history(limit=1)), None)
            return last
        except StoreError:
            return None

    def _make(self, snapshot: Snapshot, record: GameRecord | None) -> dict[str, str]:
        if record is None:
            return {"game": "<h1>No game yet</h1>", "sheet": "", "turn": "",
                    "photo": photo_part(snapshot)}
        try:
            state = self._state(record)
        except (rules.IllegalAction, ValueError, TypeError, KeyError) as why:
            return {"game": f"<h1>Game {record.id}</h1><p>{esc(why)}</p>", "sheet": "",
                    "turn": "", "photo": photo_part(snapshot)}
        names = record.names
        screen = snapshot.screen if snapshot.game_id == record.id else None
        return {"game": game_part(record, state),
                "sheet": sheets.sheet(state, names),
                "turn": turn_part(state, names, screen),
                "photo": photo_part(snapshot)}


    def _state(self, record: GameRecord):
        """The game's state: the last one made, moved on by the steps stored since (a Pi
        replays a long game in tens of ms), or replayed whole after an undo or another
        game."""
        last = self._replayed
        if last is not None and last[0] == record.id and last[1] == record.actions[:len(last[1])]:
            state = last[2]
            for stored in record.actions[len(last[1]):]:
                state = state.apply(Action.from_json(stored))
        else:
            state = replayed(record)
        self._replayed = (record.id, record.actions, state)
        return state


def _signature(record: GameRecord | None):
    if record is None:
        return None
    return (record.id, len(record.actions), record.finished, record.abandoned)


def game_part(record: GameRecord, state) -> str:
    """The game's title, its number, and whose turn it is (or who won)."""
    title = rules.get(record.game).title
    names = record.names
    if state.is_over():
        won = ", ".join(name_of(names, p) for p in state.winners())
        status = f"Game over: {esc(won)} won" if won else "Game over"
    elif record.abandoned:
        status = "Abandoned"
    else:
        turn = state.turn()
        status = (f'<span class="whose">{esc(name_of(names, turn))}</span> to play'
                  if turn is not None else "")
    return (f"<h1>{esc(title)}</h1><p class=\"status\">Game {record.id}, "
            f"{len(record.actions)} steps. {status}</p>")


def turn_part(state, names, screen) -> str:
    """The dice in front of the player, the facts and the last news (the state's View),
    then the options the OLED shows with their odds, best marked."""
    view = state.view()
    named = dataclasses.replace(view, lines=tuple(with_names(x, names) for x in view.lines),
                                message=with_names(view.message, names))
    body = []
    if named.dice:
        body.append(f'<p>Thrown: {dice(named.dice, named.colours)}</p>')
    if named.aside:
        body.append(f'<p>Aside: {dice(named.aside, named.aside_colours)}</p>')
    if named.lines:
        body.append("<ul class=\"facts\">" + "".join(f"<li>{esc(x)}</li>" for x in named.lines)
                    + "</ul>")
    if named.message:
        body.append(f'<p class="news">{esc(named.message)}</p>')
    if screen is not None and not state.is_over():
        body.append(options_part(screen))
    return section("The turn", "".join(body), "turn")


def options_part(screen) -> str:
    """The OLED's title (whose decision, or the throw awaited) and its menu with odds."""
    parts = [f'<h3 class="asks">{esc(screen.title)}</h3>'] if screen.title else []
    menu = screen.menu
    if menu is not None and menu.items:
        rows = [(Raw(("&#9733; " if item.best else "") + esc(item.label)), item.detail)
                for item in menu.items]
        best = [i for i, item in enumerate(menu.items) if item.best]
        parts.append(table(("Option", menu.odds or "Odds"), rows, classes="options",
                           marked=best))
    return "".join(parts)


def photo_part(snapshot: Snapshot) -> str:
    """The last photo the camera read, each die boxed and labelled as read (an SVG
    over the JPEG, so the labels stay sharp on any phone)."""
    photo = snapshot.photo
    if photo is None:
        return section("Last photo", "<p>No photo yet: the dice were rolled virtually or "
                       "entered by hand.</p>", "photo")
    h, w = photo.frame.shape[:2]
    marks = []
    colours = photo.colours or (None,) * len(photo.values)
    for (x0, y0, x1, y1), value, colour, sure in zip(photo.boxes, photo.values, colours,
                                                       photo.confidence):
        label = f"{colour} {value}" if colour else str(value)
        cls = "hit" if sure > 0 else "hit unsure"
        marks.append(f'<rect class="{cls}" x="{x0}" y="{y0}" width="{x1 - x0}" '
                     f'height="{y1 - y0}"/><text class="lbl" x="{x0}" y="{max(y0 - 6, 16)}">'
                     f"{esc(label)}</text>")
    when = datetime.fromtimestamp(photo.at).strftime("%H:%M:%S")
    read = ", ".join(f"{c} {v}" if c else str(v) for v, c in zip(photo.values, colours))
    svg = (f'<svg class="shot" viewBox="0 0 {w} {h}" role="img" aria-label="the dice read: '
           f'{esc(read)}"><image href="photo.jpg?n={snapshot.photo_id}" width="{w}" '
           f'height="{h}"/>{"".join(marks)}</svg>')
    return section("Last photo", f"{svg}<p>Read at {when}: {esc(read) or 'no dice'}</p>",
                   "photo")
