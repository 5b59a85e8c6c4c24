"""`companion history`: the finished games, newest first, with scores and winners, and
the abandoned ones among them (a new game started over one, or one that could not be
resumed), so that a game abandoned by mistake can still be found and replayed.

The game still in progress, if any, is mentioned first, so nobody wonders where
tonight's game went. `--json` prints one object per line for other tools. A store this
user may not write (a read-only mount) is read read-only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.commands.folder import store_file


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="PATH", type=store_file, help="the game store (default: "
                        "~/.local/state/companion/companion.db; the service's is "
                        "/var/lib/companion/companion.db)")
    parser.add_argument("--json", action="store_true", help="one JSON object per game and line")
    parser.add_argument("--limit", type=int, metavar="N", help="only the N most recent games")


def stored_games(store: str | None, limit: int | None = None):
    """What `history` lists and `stats` counts: the store's path, its game in play (or
    None) and its finished and abandoned games, newest first (the `limit` newest), read
    without a lock beside a game in play. None, said, when there is no store yet; a
    StoreError as opening or reading it raises one."""
    from companion.store import Store, default_store_path

    path = Path(store).expanduser() if store else default_store_path()
    if not path.exists():
        print(f"No games yet: there is no game store at {path}.")
        return None
    with Store.open_to_read(path) as opened:
        return path, opened.unfinished(), opened.history(limit, abandoned=True)


def run(args: argparse.Namespace) -> int:
    from companion.store import StoreError

    try:
        stored = stored_games(args.store, args.limit)
    except StoreError as e:
        print(f"companion history: {e}", file=sys.stderr)
        return 1
    if stored is None:
        return 0
    path, unfinished, finished = stored
    if args.json:
        for record in ([unfinished] if unfinished else []) + finished:
            print(json.dumps(as_json(record)))
        return 0
    if unfinished:
        print(in_progress(unfinished))
    if not finished:
        print(f"No finished games yet in {path}.")
    for record in finished:
        print(line(record))
    return 0


def other_rules(record) -> str:
    """Why a game stored under another version of its rules cannot be replayed, or ""."""
    from companion import rules

    try:
        rules.get(record.game).check_stored(record.version, record.id)
    except rules.IllegalAction as refused:
        return str(refused)
    return ""


def title(game: str) -> str:
    from companion import rules  # imported on use: `companion --help` stays quick

    return rules.title_of(game)


def as_json(record) -> dict:
    """One game for other tools; "damage" only for a game damaged in the store."""
    result = {
        "id": record.id,
        "status": "finished" if record.finished else "abandoned" if record.abandoned
        else "unfinished",
        "game": record.game,
        "title": title(record.game),
        "players": record.players,
        "names": list(record.names),
        "options": record.options,
        "started": record.started,
        "finished": record.finished,
        "steps": len(record.actions),
        "scores": list(record.scores) if record.scores is not None else None,
        "winners": list(record.winners) if record.winners is not None else None,
        "version": record.version,
    }
    if record.damage:
        result["damage"] = record.damage
    return result


def line(record) -> str:
    """`  12  2026-11-30 21:04  Risk 'n' Roll 2000  Ann 2150 (won), Bob 1800`, and what is
    damaged in the store, if anything is (then the scores may be unknown)."""
    if record.scores is None:
        seats = ", ".join(record.names)
    else:
        seats = ", ".join(
            f"{name} {score}" + (" (won)" if seat in (record.winners or ()) else "")
            for seat, (name, score) in enumerate(zip(record.names, record.scores))
        )
    if record.finished is None and record.abandoned:
        steps = f"{len(record.actions)} step" + ("" if len(record.actions) == 1 else "s")
        return (f"{record.id:>4}  {when(record.abandoned)}  {title(record.game)}  "
                f"{', '.join(record.names)}: abandoned after {steps} "
                f"(companion replay {record.id})"
                + (f"; damaged in the store ({record.damage})" if record.damage else ""))
    text = f"{record.id:>4}  {when(record.finished)}  {title(record.game)}  {seats}"
    if other_rules(record):
        text += f"; rules version {record.version}, not replayable by this companion"
    return f"{text}; damaged in the store ({record.damage})" if record.damage else text


def in_progress(record) -> str:
    if record.damage:
        then = f"it is damaged in the store ({record.damage}) and cannot be resumed."
    elif other_rules(record):
        then = other_rules(record).replace(f"Game {record.id} was", "it was")
    else:
        then = "`companion play` resumes it."
    return (
        f"In progress: game {record.id}, {title(record.game)} with {', '.join(record.names)} "
        f"(started {when(record.started)}, {len(record.actions)} steps); {then}"
    )


def when(iso: str) -> str:
    """An ISO time as `2026-11-30 21:04`."""
    return iso[:16].replace("T", " ")
