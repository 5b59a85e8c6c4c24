"""The game store: every game and every step applied to it, kept in one SQLite file.

The box is trusted with the score and its power may be pulled at any moment, so each
step is its own transaction, committed with `synchronous=FULL` before `append`
returns: a step the screen has shown is on disk. A file that is damaged, or is not
SQLite at all, is reported (`StoreCorrupt`) and left exactly as it is; only
`Store.open_or_recover` sets it aside under a new name, and nothing is ever deleted.
Another program's file is refused (`NotAStore`), never set aside: an SQLite database of
other tables, or a file that is not SQLite and could not have been a store (a text
file, a length no whole number of pages: `--store notes.txt`).
A command that only reads (`history`, `replay`) opens it read-only, `Store.open_to_read`:
it writes nothing, so it reads a store on a full disk or a read-only mount, and leaves a
-wal left by a crash as it found it.

    store = Store(path)
    game_id = store.new_game("risknroll", 3, {}, ["Ann", "Bob", "Cy"])
    store.append(game_id, Action("throw", dice=(1, 2, 3, 4, 5, 6)).to_json())
    store.load(game_id).actions    # the actions in order, replayable by the rules

Stdlib only, so it imports on any machine and costs nothing at start-up.
"""

from __future__ import annotations

import codecs
import json
import os
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Self

from companion.store_evidence import Tally, keep_wal

SCHEMA_VERSION = 3
"""Stored in `PRAGMA user_version`; a store from a newer companion is refused, an older
one brought up to date by MIGRATIONS when it is opened to be written."""

TABLES: dict[str, str] = {
    "games": """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        names TEXT NOT NULL,
        started TEXT NOT NULL,
        finished TEXT,
        abandoned TEXT,
        scores TEXT,
        winners TEXT,
        version INTEGER NOT NULL DEFAULT 1,
        played_with TEXT)""",
    "steps": """CREATE TABLE steps (
        game_id INTEGER NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        action TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, n)) WITHOUT ROWID""",
}
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        "id",
        "game",
        "players",
        "options",
        "names",
        "started",
        "finished",
        "abandoned",
        "scores",
        "winners",
        "version",
        "played_with",
    ),
    "steps": ("game_id", "n", "action", "at"),
}
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: ("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1",),
    2: ("ALTER TABLE games ADD COLUMN played_with TEXT",),
}
"""The statements that bring a store of schema N to N + 1. Schema 1 kept no rules version:
its games were all played under version 1 of their rules. Schema 2 kept no data files:
its games were played with the files shipped."""
OLD_COLUMNS: dict[int, dict[str, tuple[str, ...]]] = {
    1: {"games": COLUMNS["games"][:-2], "steps": COLUMNS["steps"]},
    2: {"games": COLUMNS["games"][:-1], "steps": COLUMNS["steps"]},
}
"""The tables of each older schema, as `_check` expects to find them."""
SIDE_FILES = ("-wal", "-shm", "-journal", ".tally")
"""SQLite's companions of the database file, and the store's tally (store_evidence); they
travel with it when it is set aside."""

_DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
_NOT_WRITABLE = (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM)
_WRITABLE = "; check that its folder and its files (the .db, -wal and -shm) can be written"
_HINTS = {
    **dict.fromkeys(_NOT_WRITABLE, _WRITABLE),
    sqlite3.SQLITE_FULL: "; the disk is full",
    sqlite3.SQLITE_BUSY: "; another program is holding it",
}


class StoreError(Exception):
    """The store cannot do what was asked; the message is meant for a person."""


class StoreCorrupt(StoreError):
    """The file is damaged or is not a game store. It was not touched."""

    def __init__(self, path: Path, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"The game store at {path} is damaged ({reason}); it was left as it is.")


class NotAStore(StoreError):
    """A file of another program's (a sound SQLite file holding other tables, or a file
    that is not SQLite and could never have been a store): refused, never set aside
    (nothing is wrong with it; the path is). `what` says what it is instead."""

    def __init__(self, path: Path, what: str):
        self.path = path
        super().__init__(
            f"{path} is not a companion store ({what}): wrong --store? It was left as it is."
        )


def _once_a_store(head: bytes, size: int) -> bool:
    """Could a file that does not start as SQLite be a store damaged at its start? SQLite
    writes whole pages (512 bytes at least) of binary data; a text file, or one of a
    length no pages make, is some other file named by mistake (`--store notes.txt`)."""
    if size % 512:
        return False
    try:  # (incremental: a letter cut at the end of `head` is still text)
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return True
    return b"\x00" in head


class StoreNotWritable(StoreError):
    """SQLite could not open or write the store's files, most often for want of write access."""


class NoSuchGame(StoreError, LookupError):
    """No game with this id in the store."""


@dataclass(frozen=True)
class GameRecord:
    """One stored game: how it was set up, every action in order, and how it ended.

    `damage` names each stored value that is not as the companion wrote it ("its names
    are not JSON, step 3 is not JSON"), else it is None. Such a value stands in as
    nothing (no options, names P1, P2..., no result) and such a step as its stored text,
    which no rules accept: the game can be listed and replayed up to it, not played on.
    """

    id: int
    game: str
    players: int
    options: dict
    names: tuple[str, ...]
    actions: tuple[Any, ...]
    started: str
    finished: str | None
    scores: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    abandoned: str | None = None
    damage: str | None = None
    version: int = 1
    """The version of the game's rules it was played under (`Game.version`)."""
    played_with: dict[str, str] | None = None
    """The data files the game was played with (216's cards, Charidice's dice table), by
    file name, as their text: a replay uses them whatever the files say today. None for
    a game that has none, or was stored before the store kept them."""


def default_store_path() -> Path:
    """Where the store lives unless told: systemd's state folder, else the XDG one."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:  # systemd may list several folders separated by ':'; ours is the first
        return Path(state.split(":")[0]) / "companion.db"
    xdg = os.environ.get("XDG_STATE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "state"
    return base / "companion" / "companion.db"


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _list_of(value: Any, kind: type, length: int | None = None) -> bool:
    return (isinstance(value, list) and all(type(item) is kind for item in value)
            and length in (None, len(value)))


_KINDS: dict[str, tuple[str, Callable[[Any, int], bool]]] = {
    "options": ("an object", lambda value, players: isinstance(value, dict)),
    "names": ("{players} names", lambda value, players: _list_of(value, str, players)),
    "scores": ("{players} numbers", lambda value, players: _list_of(value, int, players)),
    "winners": ("seat numbers", lambda value, players: _list_of(value, int)),
    "played_with": ("texts by file name", lambda value, players: isinstance(value, dict)
                    and all(type(text) is str for text in value.values())),
}
"""What each JSON column of `games` holds, as words for a person and as a test."""


def _decoded(row: dict, column: str, players: int | None, damage: list[str]) -> Any:
    """The value of a JSON column, or None (and what is wrong with it added to `damage`);
    `players` None (itself damaged) lets a list be of any length."""
    if row[column] is None:
        return None
    what, fits = _KINDS[column]
    try:
        value = json.loads(row[column])
    except (ValueError, RecursionError):  # (nested too deep for json to follow)
        damage.append(f"its {column} are not JSON")
        return None
    if not fits(value, players):
        count = "a list of" if players is None else players
        damage.append(f"its {column} are not {what.format(players=count)}")
        return None
    return value


def _step(text: str) -> Any:
    """A stored step, or its text if that is not JSON: the rules refuse it like any
    step they cannot apply."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # (nested too deep for json to follow)
        return text


def _record(row: dict, actions: list, damaged_steps: list[str]) -> GameRecord:
    damage: list[str] = []
    players = row["players"]
    if type(players) is not int:  # SQLite keeps any value in an INTEGER column
        damage.append("its number of players is not a number")
        players = None
    options = _decoded(row, "options", players, damage)
    names = _decoded(row, "names", players, damage)
    scores = _decoded(row, "scores", players, damage)
    winners = _decoded(row, "winners", players, damage)
    played_with = _decoded(row, "played_with", players, damage) if "played_with" in row else None
    damage += damaged_steps
    if players is None:  # one seat a name, when the names stand
        players = len(names or ())
    return GameRecord(
        id=row["id"],
        game=row["game"],
        players=players,
        options={} if options is None else options,
        names=tuple(names or (f"P{seat + 1}" for seat in range(players))),
        actions=tuple(actions),
        started=row["started"],
        finished=row["finished"],
        scores=None if scores is None else tuple(scores),
        winners=None if winners is None else tuple(winners),
        abandoned=row["abandoned"],
        damage=", ".join(damage) or None,
        version=row.get("version", 1),  # a store of schema 1 read without its migration
        played_with=played_with,
    )


class Store:
    """The games of one box. Safe to share between threads; every call is one transaction."""

    def __init__(self, path: str | Path, read_only: bool = False):
        """`read_only`: write nothing, not even a new store; every write is refused."""
        self.path = Path(path).expanduser()
        self._lock = threading.Lock()
        self.notes: list[str] = []
        """What opening found and did that a person should hear (a -wal kept aside)."""
        real = Path(os.path.realpath(self.path))  # where SQLite keeps its -wal
        self._one_name()
        self._tally = Tally(real)
        if read_only:
            if self.path.exists():
                self._look_at_the_file()
            self._db = self._open_read_only()
            self._tally_holds = _nobody_writes(self.path)
            return
        self._tally_holds = True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(
                f"The game store at {self.path} cannot be created ({e.strerror or e}); "
                "check that its folder can be written."
            ) from None
        unchecked = self.path.exists() and self.path.stat().st_size > 0
        if unchecked:  # before SQLite recovers a -wal, and deletes it when it closes
            self.notes += filter(None, [keep_wal(real)])
        if unchecked and self._check_read_only():
            unchecked = False
        try:
            self._db = sqlite3.connect(
                self.path, timeout=5.0, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as e:
            raise self._failure(e, "be opened") from None
        try:
            if unchecked:  # SQLite had to roll back an interrupted transaction first
                self._check(self._db)
            self._prepare()
        except sqlite3.Error as e:
            self._db.close()
            raise self._failure(e, "be opened") from None
        except BaseException:
            self._db.close()
            raise
        self._note_lost()

    def _note_lost(self) -> None:
        """Keep for good what the game of the tally lost, if it came back shorter: the
        tally moves on with the next game."""
        game = self._tally.game
        if game is None or game in self._tally.lost:
            return
        with self._transaction("be read", write=False) as db:
            steps, last = db.execute(
                "SELECT COUNT(*), (SELECT action FROM steps WHERE game_id = ?1 ORDER BY n DESC"
                " LIMIT 1) FROM steps WHERE game_id = ?1", (game,)).fetchone()
        said = self._tally.shortened(game, steps, last)
        if said:
            try:
                self._tally.note_lost(game, said)
            except OSError:
                pass  # said all the same, while the tally names this game
            self.notes.append(f"Game {game}: {said}; steps were lost in a crash.")

    @classmethod
    def open_or_recover(cls, path: str | Path) -> tuple[Store, str | None]:
        """Open the store; if it is damaged, set it aside, start a new one and say so."""
        try:
            return cls(path), None
        except StoreCorrupt as damage:
            aside = set_aside(damage.path)
            message = (
                f"The game store at {damage.path} is damaged ({damage.reason}); it was moved "
                f"to {aside} and a new one started; nothing was deleted."
            )
            return cls(path), message

    @classmethod
    def open_to_read(cls, path: str | Path) -> Store:
        """The store for a command that only reads it: read-only, which writes nothing
        (a full disk, a read-only mount, and a -wal left by a crash all stay as they
        are: evidence, if it is damaged); opened as usual only where SQLite must first
        roll back a transaction interrupted while the store was made."""
        try:
            return cls(path, read_only=True)
        except StoreNotWritable:
            return cls(path)

    # -- opening ------------------------------------------------------------------------

    def _one_name(self) -> None:
        """Refuse a store file that has another name (a hard link): SQLite names its -wal
        after the name it was given, so each name would miss the steps still in the
        other's -wal, and replaying one -wal into a file the other changed damages it.
        (A symbolic link is followed to the one name, and is fine.)"""
        try:
            names = os.stat(self.path).st_nlink
        except OSError:
            return  # none yet, or opening it will say why
        if names > 1 and self.path.is_file():
            raise StoreError(
                f"The game store at {self.path} has {names} names (hard links): SQLite keeps "
                "the newest steps in a -wal named after each name, so one name would miss "
                "the other's; keep one name (a symbolic link is fine). It was left as it is."
            )

    def _check_read_only(self) -> bool:
        """Check an existing file without writing to it; False if SQLite must first roll back.

        A read-only connection cannot write the file, not even the checkpoint SQLite
        makes when the last connection closes, so a damaged file stays as found. Only
        a transaction interrupted while the store was being created (a hot rollback
        journal) needs the rollback a writable connection makes before reading.
        """
        self._look_at_the_file()
        try:
            db = self._connect_read_only("mode=ro")
        except sqlite3.Error as e:
            raise self._failure(e, "be opened") from None
        try:
            self._check(db)
        except sqlite3.Error as e:
            if getattr(e, "sqlite_errorcode", 0) == sqlite3.SQLITE_READONLY_ROLLBACK:
                return False
            raise self._failure(e, "be read") from None
        finally:
            db.close()
        return True

    def _look_at_the_file(self) -> None:
        """Refuse, before SQLite sees it, a file that cannot be read or is not SQLite:
        a damaged store (StoreCorrupt) or a file that never was one (NotAStore)."""
        try:
            with self.path.open("rb") as f:
                head = f.read(4096)
                size = os.fstat(f.fileno()).st_size
        except OSError as e:
            raise StoreError(
                f"The game store at {self.path} cannot be read ({e.strerror or e}); "
                "check that this user may read and write it."
            ) from None
        if head[:16] != b"SQLite format 3\x00" and size:
            if not _once_a_store(head, size):
                raise NotAStore(self.path, "it is not an SQLite database")
            raise StoreCorrupt(self.path, "it is not an SQLite database")

    def _open_read_only(self) -> sqlite3.Connection:
        """A checked connection that writes nothing.

        `mode=ro` reads a WAL store, even beside a game in play, but needs its -shm file,
        which it cannot make in a folder it may not write: after a clean stop there is
        none. `immutable=1` then reads the .db file alone, which is the whole store only
        while no -wal or -journal beside it holds anything.
        """
        try:
            return self._checked("mode=ro")
        except sqlite3.Error as e:
            if not self._file_is_whole():
                raise self._failure(e, "be read") from None
        try:  # (mode=ro too: immutable alone would make the file if it is not there)
            return self._checked("mode=ro&immutable=1")
        except sqlite3.Error as e:
            raise self._failure(e, "be read") from None

    def _checked(self, query: str) -> sqlite3.Connection:
        db = self._connect_read_only(query)
        try:
            self._check(db)
        except BaseException:
            db.close()
            raise
        return db

    def _file_is_whole(self) -> bool:
        sides = (Path(f"{self.path}{side}") for side in ("-wal", "-journal"))
        return all(not side.exists() or side.stat().st_size == 0 for side in sides)

    def _connect_read_only(self, query: str) -> sqlite3.Connection:
        uri = f"file:{urllib.parse.quote(str(self.path.resolve()))}?{query}"
        return sqlite3.connect(
            uri, uri=True, timeout=5.0, isolation_level=None, check_same_thread=False
        )

    def _check(self, db: sqlite3.Connection) -> None:
        """StoreCorrupt unless the file passes SQLite's quick check and holds our tables;
        NotAStore if it holds only tables of another program's."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StoreCorrupt(self.path, "; ".join(problems[:3]))
        tables = {
            name: tuple(row[1] for row in db.execute(f"PRAGMA table_info({name})"))
            for (name,) in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        }
        if tables and not tables.keys() & COLUMNS.keys():
            raise NotAStore(self.path, f"it holds the tables {', '.join(sorted(tables))}")
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"The game store at {self.path} was written by a newer companion "
                f"(schema {version}, this one knows {SCHEMA_VERSION}); update the companion."
            )
        if version == 0 and tables:
            raise StoreCorrupt(self.path, "it holds other tables, not a game store")
        expected = COLUMNS if version == SCHEMA_VERSION else OLD_COLUMNS.get(version)
        if version and tables != expected:
            raise StoreCorrupt(self.path, "its tables are not those of a game store")

    def _prepare(self) -> None:
        """WAL journal, full sync on every commit, and the tables if the store is new.

        The schema version is written on every open: SQLite opens a file it may not
        write read-only without a word, and the box must learn that now, not when
        the first step of a game cannot be saved.
        """
        db = self._db
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        with self._transaction("be written"):
            found = db.execute("PRAGMA user_version").fetchone()[0]
            if found == 0:
                for statement in TABLES.values():
                    db.execute(statement)
                found = SCHEMA_VERSION
            for schema in range(found, SCHEMA_VERSION):
                for statement in MIGRATIONS[schema]:
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # -- games --------------------------------------------------------------------------

    def new_game(self, game: str, players: int, options: dict, names: Sequence[str],
                 version: int = 1, played_with: Mapping[str, str] | None = None) -> int:
        """Store a new game with no steps yet, played under `version` of its rules
        (`Game.version`) with the data files `played_with` (file name -> text, see
        GameRecord); returns its id."""
        if len(names) != players:
            raise ValueError(f"{players} players need {players} names, not {len(names)}")
        data = None if played_with is None else _dumps(dict(played_with))
        with self._transaction("start a game") as db:
            cursor = db.execute(
                "INSERT INTO games (game, players, options, names, started, version,"
                " played_with) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, players, _dumps(dict(options)), _dumps(list(names)), _now(), version,
                 data),
            )
            game_id = cursor.lastrowid
        self._count(game_id, 0, None)
        return game_id

    def append(self, game_id: int, action: dict) -> int:
        """Store the next step of a game; it is on disk when this returns its number (from 1)."""
        text = _dumps(action)
        with self._transaction("save the step") as db:
            self._playable(db, game_id)
            n = db.execute(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM steps WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            db.execute(
                "INSERT INTO steps (game_id, n, action, at) VALUES (?, ?, ?, ?)",
                (game_id, n, text, _now()),
            )
        self._count(game_id, n, text)  # after the commit: the tally is never ahead
        return n

    def undo(self, game_id: int) -> dict | None:
        """Remove and return the last step (None if there is none).

        Undoing the step that ended a game reopens it: the state it leaves is not over.
        """
        with self._transaction("undo the step") as db:
            row = self._row(db, game_id)
            if row["abandoned"]:
                raise StoreError(f"Game {game_id} was abandoned; its steps are kept as they are.")
            last = db.execute(
                "SELECT n, action FROM steps WHERE game_id = ? ORDER BY n DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if last is None:
                return None
            before = db.execute(
                "SELECT action FROM steps WHERE game_id = ? AND n = ?", (game_id, last[0] - 1)
            ).fetchone()
            try:  # before the commit: the tally is never ahead of the store
                self._tally.write(game_id, last[0] - 1, before[0] if before else None)
            except OSError as e:
                raise StoreError(f"The game store at {self.path} could not undo the step "
                                 f"(its tally: {e.strerror or e}).") from None
            db.execute("DELETE FROM steps WHERE game_id = ? AND n = ?", (game_id, last[0]))
            db.execute(
                "UPDATE games SET finished = NULL, scores = NULL, winners = NULL WHERE id = ?",
                (game_id,),
            )
            return _step(last[1])

    def load(self, game_id: int) -> GameRecord:
        if not 0 <= game_id < 2**63:  # beyond SQLite's integers: no game has that id
            raise NoSuchGame(f"There is no game {game_id} in the store at {self.path}.")
        with self._transaction("be read", write=False) as db:
            rows = self._records(db, "id = ?", (game_id,))
        if not rows:
            raise NoSuchGame(f"There is no game {game_id} in the store at {self.path}.")
        return rows[0]

    def unfinished(self) -> GameRecord | None:
        """The most recent game neither finished nor abandoned: the one to resume."""
        with self._transaction("be read", write=False) as db:
            rows = self._records(db, "finished IS NULL AND abandoned IS NULL", (), limit=1)
        return rows[0] if rows else None

    def finish(self, game_id: int, scores: Sequence[int], winners: Sequence[int]) -> None:
        with self._transaction("save the result") as db:
            row = self._playable(db, game_id, finished_ok=True)
            if len(scores) != row["players"]:
                raise ValueError(f"{row['players']} players need {row['players']} scores")
            db.execute(
                "UPDATE games SET finished = ?, scores = ?, winners = ? WHERE id = ?",
                (_now(), _dumps(list(scores)), _dumps(list(winners)), game_id),
            )

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game abandoned (a new one was started over it); it is kept."""
        with self._transaction("abandon the game") as db:
            self._playable(db, game_id)
            db.execute("UPDATE games SET abandoned = ? WHERE id = ?", (_now(), game_id))

    def history(self, limit: int | None = None, abandoned: bool = False) -> list[GameRecord]:
        """Finished games, newest first; with `abandoned`, the abandoned ones among them."""
        where = "finished IS NOT NULL" + (" OR abandoned IS NOT NULL" if abandoned else "")
        with self._transaction("be read", write=False) as db:
            return self._records(db, where, (), limit=limit)

    def damaged(self) -> list[str]:
        """Every game holding a value not as the companion wrote it, and what:
        "game 2: step 3 is not JSON", oldest first."""
        with self._transaction("be read", write=False) as db:
            records = self._records(db, "1", ())
        return [f"game {record.id}: {record.damage}" for record in records[::-1] if record.damage]

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._tally.close()

    def _count(self, game_id: int, steps: int, last: str | None) -> None:
        """The tally after a commit; one that cannot be written is only behind."""
        try:
            self._tally.write(game_id, steps, last)
        except OSError:
            pass

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- inside a transaction -------------------------------------------------------------

    @contextmanager
    def _transaction(self, doing: str, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction under the lock; SQLite's errors become StoreErrors.

        A write takes the write lock at once, so it never fails half-way for want of
        it; a read does not, so `companion history` never holds up a game in play.
        """
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as e:
                raise self._failure(e, doing) from None
            try:
                yield db
                db.execute("COMMIT")
            except sqlite3.Error as e:
                self._rollback()
                raise self._failure(e, doing) from None
            except BaseException:
                self._rollback()
                raise

    def _rollback(self) -> None:
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite rolled back by itself (e.g. after a full disk)

    def _row(self, db: sqlite3.Connection, game_id: int) -> dict:
        cursor = db.execute("SELECT * FROM games WHERE id = ?", (game_id,))
        values = cursor.fetchone()
        if values is None:
            raise NoSuchGame(f"There is no game {game_id} in the store at {self.path}.")
        return dict(zip((c[0] for c in cursor.description), values))

    def _playable(self, db: sqlite3.Connection, game_id: int, finished_ok: bool = False) -> dict:
        row = self._row(db, game_id)
        if row["abandoned"]:
            raise StoreError(f"Game {game_id} was abandoned; it takes no more steps.")
        if row["finished"] and not finished_ok:
            raise StoreError(f"Game {game_id} is finished; it takes no more steps.")
        return row

    def _records(
        self, db: sqlite3.Connection, where: str, params: tuple, limit: int | None = None
    ) -> list[GameRecord]:
        chosen = f"SELECT id FROM games WHERE {where} ORDER BY id DESC LIMIT ?"
        params = (*params, -1 if limit is None else limit)
        actions: dict[int, list] = {}
        damaged_steps: dict[int, list[str]] = {}
        last_texts: dict[int, str] = {}
        for game_id, n, text in db.execute(
            f"SELECT game_id, n, action FROM steps WHERE game_id IN ({chosen}) "
            "ORDER BY game_id, n",
            params,
        ):
            action = _step(text)
            if action is text:  # not JSON: kept as stored
                damaged_steps.setdefault(game_id, []).append(f"step {n} is not JSON")
            actions.setdefault(game_id, []).append(action)
            last_texts[game_id] = text
        if self._tally_holds:  # steps lost to a damaged -wal, said where the steps are
            for game_id in {self._tally.game, *self._tally.lost} & {
                    row[0] for row in db.execute(chosen, params)}:
                said = self._tally.shortened(game_id, len(actions.get(game_id, ())),
                                             last_texts.get(game_id))
                if said:
                    damaged_steps.setdefault(game_id, []).insert(0, said)
        cursor = db.execute(f"SELECT * FROM games WHERE id IN ({chosen}) ORDER BY id DESC", params)
        columns = [c[0] for c in cursor.description]
        return [
            _record(row, actions.get(row["id"], []), damaged_steps.get(row["id"], []))
            for row in (dict(zip(columns, values)) for values in cursor)
        ]

    def _failure(self, error: sqlite3.Error, doing: str) -> StoreError:
        code = getattr(error, "sqlite_errorcode", 0) & 0xFF
        if code in _DAMAGED:
            return StoreCorrupt(self.path, str(error))
        kind = StoreNotWritable if code in _NOT_WRITABLE else StoreError
        hint = _HINTS.get(code, "")
        return kind(f"The game store at {self.path} could not {doing} ({error}){hint}.")


def _nobody_writes(path: Path) -> bool:
    """No companion holds the store's lock: a reader may hold the store to its tally
    (while one plays, a step may be committed between reading the two)."""
    from companion.store_lock import holder

    return holder(path) is None


def set_aside(path: Path) -> Path:
    """Rename a damaged store (and SQLite's side files) to PATH.corrupt-TIMESTAMP.

    The side files go first: a journal left beside a new, empty store would be
    replayed into it. The folder is synced so the renames survive a power cut. A
    symbolic link is followed: the file it leads to is set aside, beside its side
    files, and the link left to lead to the new store.
    """
    path = Path(os.path.realpath(path))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    extra = 1
    try:  # (a name too long for the folder fails here already)
        while any(Path(f"{aside}{s}").exists() for s in ("", *SIDE_FILES)):
            extra += 1
            aside = path.with_name(f"{path.name}.corrupt-{stamp}-{extra}")
        for suffix in SIDE_FILES:
            side = Path(f"{path}{suffix}")
            if side.exists():
                side.rename(f"{aside}{suffix}")
        path.rename(aside)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError as e:
        raise StoreError(
            f"The game store at {path} is damaged and could not be moved aside "
            f"({e.strerror or e}); move it away by hand, then start again."
        ) from None
    return aside
