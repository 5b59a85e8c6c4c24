"""The page's HTML documents: the live game, the history, one stored game, the statistics.

Each is a whole document in the same frame (the links, the stylesheet, the script); the
live one's parts are replaced by the stream as they change (static/page.js).
"""

from __future__ import annotations

from datetime import datetime

from companion import rules
from companion.store import NoSuchGame, Store, StoreError
from companion.web import fairness, sheets
from companion.web.board import game_part, replayed
from companion.web.html import Raw, esc, name_of, section, table
from companion.web.players import players

PARTS = ("game", "turn", "sheet", "photo")
"""The live page's parts in the order shown: each a <div id=...> the stream refills."""


def frame(prefix: str, title: str, body: str, live: bool = False) -> str:
    nav = "".join(f'<a href="{prefix}{href}">{label}</a>'
                  for href, label in (("", "Live"), ("history", "History"), ("stats", "Stats")))
    attributes = ' data-live="events"' if live else ""
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{esc(title)}</title>"
        '<link rel="icon" href="data:,">'
        f'<link rel="stylesheet" href="{prefix}page.css">'
        f'<script src="{prefix}page.js" defer></script></head>'
        f"<body{attributes}><nav>{nav}"
        f'<span id="link" class="link">{"live" if live else ""}</span></nav>'
        f"<main>{body}</main></body></html>"
    )


def live(prefix: str, parts: dict[str, str]) -> str:
    body = "".join(f'<div id="{name}">{parts.get(name, "")}</div>' for name in PARTS)
    return frame(prefix, "Table companion", body, live=True)


def history(prefix: str, records) -> str:
    rows = []
    for record in records:
        title = rules.title_of(record.game)
        scores = record.scores or ()
        players = ", ".join(
            f"{name} {scores[p]}" if p < len(scores) else name
            for p, name in enumerate(record.names))
        won = ", ".join(name_of(record.names, p) for p in record.winners or ())
        ended = _when(record.finished or record.abandoned or "")
        game = (f'<a href="{prefix}game/{record.id}">{record.id}. {esc(title)}</a>'
                f"<br><small>{esc(ended)}</small>")
        rows.append((Raw(game), players, won or ("abandoned" if record.abandoned else "")))
    body = table(("Game", "Players", "Won"), rows, classes="list") \
        if rows else "<p>No game has ended yet.</p>"
    return frame(prefix, "History", section("Games played", body))


def _when(stamp: str) -> str:
    """A stored time as "2 Dec 21:04"."""
    try:
        return datetime.fromisoformat(stamp).strftime("%-d %b %H:%M")
    except ValueError:
        return stamp


def game(prefix: str, store: Store, number: int) -> str:
    try:
        if number >= 2**63:  # more than SQLite counts to: no game has it
            raise NoSuchGame(number)
        record = store.load(number)
    except NoSuchGame:
        return frame(prefix, "No such game", f"<p>There is no game {number}.</p>")
    except StoreError as why:
        return frame(prefix, "Game", f"<p>{esc(why)}</p>")
    try:
        state = replayed(record)
    except (rules.IllegalAction, ValueError, TypeError, KeyError) as why:
        return frame(prefix, f"Game {number}", f"<p>{esc(why)}</p>")
    body = game_part(record, state) + sheets.sheet(state, record.names)
    return frame(prefix, f"Game {number}", body)


def stats(prefix: str, store: Store) -> str:
    records = store.history(abandoned=True)
    finished = [r for r in records if r.finished and r.scores]
    body = section("Players", _players(finished))
    unfinished = store.unfinished()
    report = fairness.weigh([*records, *([unfinished] if unfinished else [])])
    body += section("Are the dice fair?", _fairness(report))
    return frame(prefix, "Statistics", body)


def _players(records) -> str:
    if not records:
        return "<p>No game has ended yet.</p>"
    rows = []
    for line in players(records):
        kinds = ", ".join(f"{t} {n}" for t, n in line.by_game)
        who = Raw(f"{esc(line.name)}<br><small>{esc(kinds)}</small>")
        rows.append((who, line.games, f"{line.wins} ({line.wins / line.games:.0%})", line.best))
    return table(("Player", "Games", "Won", "Best"), rows, classes="list")


def _fairness(report: fairness.Report) -> str:
    if not report.dice:
        return "<p>No throw stored yet.</p>"
    parts = [f"<p>{esc(report.summary())}</p>"]
    for die in report.dice:
        faces = [str(f) for f in die.faces]
        rows = [("Seen", *die.counts), ("Expected", *(f"{e:.1f}" for e in die.expected))]
        verdict = esc(die.verdict())
        parts.append(f'<div class="card"><h3>{esc(die.name)}</h3>'
                     + table(("Face", *faces), rows, classes="counts")
                     + f"<p>{verdict}</p></div>")
    return "".join(parts)
