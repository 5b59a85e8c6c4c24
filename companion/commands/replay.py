"""`companion replay GAME_ID|FILE`: rebuild a game from its stored actions and show it.

The store keeps actions, not states, so this is the proof that a stored game can be
rebuilt: every action is applied again through today's rules. A step the rules no
longer accept is reported with its number and the state just before it, and so is a
game damaged in the store (a value that is not JSON, see GameRecord.damage). A game
stored under another version of its rules (`Game.version`) is refused, never rescored,
and a game is replayed with the data files it was played with (216's cards, Charidice's
dice table, stored with it), never with the files as edited since.
FILE is a JSON export of a game (`game`, `players`, `options`, `names`, `actions`,
`version`, 1 if absent, and `played_with`, the data files it was played with, the shipped
ones if absent); the output of `replay --json` is one, so
`companion replay 12 --json > game.json` exports a game.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.commands.folder import store_file


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game",
        metavar="GAME_ID|FILE",
        help="a game id from `companion history`, or a JSON export of a game "
        "(./12 for a file named 12)",
    )
    parser.add_argument("--store", metavar="PATH", type=store_file, help="the game store (default: "
                        "~/.local/state/companion/companion.db; the service's is "
                        "/var/lib/companion/companion.db)")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object: the rebuilt state and result"
    )


class NotAGame(Exception):
    """The GAME_ID|FILE argument names nothing that can be replayed; says why."""


@dataclass(frozen=True)
class Failure:
    """The first step that no longer replays."""

    step: int
    action: Any
    message: str


def run(args: argparse.Namespace) -> int:
    from companion import rules
    from companion.rules.core import DataError

    try:
        game = load(args.game, args.store)
        rules_game = rules.get(game["game"])
        # never rescored silently: under its own version's reading of the rules, or refused
        options = rules_game.stored_options(game["version"], game["options"], game["id"])
        state = rules_game.new(game["players"], options, game.get("played_with"))
    except (NotAGame, rules.IllegalAction, DataError) as e:
        print(f"companion replay: {e}", file=sys.stderr)
        return 1
    state, steps, failure = rebuild(state, game["actions"])
    if args.json:
        print(json.dumps(as_json(game, state, steps, failure)))
    else:
        print(summary(game, rules_game.title, state, steps))
    if failure:
        print(
            f"companion replay: step {failure.step} no longer replays "
            f"({json.dumps(failure.action)}): {failure.message} "
            f"The state shown is the one before it.",
            file=sys.stderr,
        )
    if game.get("damage"):
        print(
            f"companion replay: game {game['id']} is damaged in the store ({game['damage']}); "
            "it was left as it is.",
            file=sys.stderr,
        )
    return 1 if failure or game.get("damage") else 0


def load(argument: str, store_path: str | None) -> dict[str, Any]:
    """The game named by GAME_ID (in the store) or FILE, as a dict of GameRecord's fields."""
    if argument.isascii() and argument.isdigit():  # not "²", which str.isdigit() takes
        return from_store(int(argument), store_path)
    return from_file(Path(argument))


def from_store(game_id: int, store_path: str | None) -> dict[str, Any]:
    from companion.store import Store, StoreError, default_store_path

    path = Path(store_path).expanduser() if store_path else default_store_path()
    if not path.exists():
        raise NotAGame(f"there is no game store at {path}.")
    try:
        with Store.open_to_read(path) as store:
            record = store.load(game_id)
    except StoreError as e:
        raise NotAGame(str(e)) from None
    return {
        "id": record.id,
        "game": record.game,
        "players": record.players,
        "names": list(record.names),
        "options": record.options,
        "actions": list(record.actions),
        "damage": record.damage,
        "version": record.version,
        "played_with": record.played_with,
    }


def from_file(path: Path) -> dict[str, Any]:
    from companion.config import name_problems

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:  # `replay abc`: a typo of an id as likely as of a file name
        raise NotAGame(f"{path}: not a game id or a file.") from None
    except OSError as e:
        raise NotAGame(f"{path}: {e.strerror or e}.") from None
    except ValueError as e:
        raise NotAGame(f"{path} is not JSON ({e}).") from None
    except RecursionError:  # json.loads recurses once a [ or {: 100000 [ in a row
        raise NotAGame(f"{path} is not a game export: its JSON is nested too deeply.") \
            from None
    if not isinstance(data, dict):
        raise NotAGame(f"{path} is not a game export: expected a JSON object.")
    problems = []
    if not isinstance(data.get("game"), str):
        problems.append("'game' must be a game name")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        problems.append("'players' must be a number")
        players = 0
    if not isinstance(data.get("actions"), list):
        problems.append("'actions' must be a list")
    version = data.get("version", 1)  # exports older than rules versions: version 1
    if not isinstance(version, int) or isinstance(version, bool):
        problems.append("'version' must be a number")
    if not isinstance(data.get("options", {}), dict):
        problems.append("'options' must be an object")
    played_with = data.get("played_with")
    if played_with is not None and not (isinstance(played_with, dict) and all(
            isinstance(text, str) for text in played_with.values())):
        problems.append("'played_with' must be the text of each data file by its name")
    names = data.get("names", [f"P{seat + 1}" for seat in range(players)])
    if not isinstance(names, list) or len(names) != players:
        problems.append(f"'names' must list {players} names")
    elif all(isinstance(name, str) for name in names):
        problems += [f"'names': {problem}" for problem in name_problems(names)]
    if problems:
        raise NotAGame(f"{path} is not a game export: {'; '.join(problems)}.")
    return {
        "id": data.get("id"),
        "game": data["game"],
        "players": players,
        "names": [str(name) for name in names],
        "options": data.get("options", {}),
        "actions": data["actions"],
        "version": version,
        "played_with": played_with,
    }


def rebuild(state, actions: list) -> tuple[Any, int, Failure | None]:
    """The state after every action that still replays, how many did, and the first that did not."""
    from companion.rules import Action, IllegalAction

    for step, data in enumerate(actions, 1):
        try:
            action = Action.from_json(data)
        except (IllegalAction, TypeError):
            return state, step - 1, Failure(step, data, "it is not an action.")
        try:
            state = state.apply(action)
        except IllegalAction as e:
            return state, step - 1, Failure(step, data, str(e))
    return state, len(actions), None


def as_json(game: dict[str, Any], state, steps: int, failure: Failure | None) -> dict[str, Any]:
    """The contract of `replay --json`, plus the actions (so it is itself an export)."""
    result = {
        "id": game["id"],
        "game": game["game"],
        "players": game["players"],
        "names": game["names"],
        "options": game["options"],
        "version": game["version"],
        "steps": steps,
        "state": state.to_json(),
        "scores": list(state.scores()),
        "over": state.is_over(),
        "winners": list(state.winners()),
        "actions": game["actions"],
    }
    if game.get("played_with"):
        result["played_with"] = game["played_with"]
    if failure:
        result["error"] = {
            "step": failure.step,
            "action": failure.action,
            "message": failure.message,
        }
    if game.get("damage"):
        result["damage"] = game["damage"]
    return result


def summary(game: dict[str, Any], title: str, state, steps: int) -> str:
    """A few lines a person reads: who has what, and where the game stands."""
    from companion.rules import CHANCE, TERMINAL
    from companion.session.names import with_names

    names = game["names"]
    label = f"Game {game['id']}" if game["id"] is not None else "Game"
    replayed = f"{steps} of {len(game['actions'])} steps replayed"
    lines = [f"{label}: {title}, {game['players']} players, {replayed}."]
    if game["options"]:
        lines.append(
            "Options: " + ", ".join(f"{k}={v}" for k, v in sorted(game["options"].items()))
        )
    width = max(len(name) for name in names)
    for seat, (name, score) in enumerate(zip(names, state.scores())):
        won = "  (won)" if seat in state.winners() else ""
        lines.append(f"  {name:<{width}}  {score:>6}{won}")
    seat = state.current_player()
    view = state.view()
    if seat == TERMINAL:
        lines.append("Game over: " + ", ".join(names[s] for s in state.winners()) + " won.")
    elif seat == CHANCE:
        why = with_names(state.chance().why, names)
        lines.append(f"Next: {why or 'the table throws or draws'}.")
    else:
        lines.append(f"Next: {names[seat]} to play.")
    if seat != TERMINAL:
        lines.extend(f"  {with_names(text, names)}" for text in view.lines)
    if view.dice:
        lines.append("  Thrown: " + " ".join(map(str, view.dice)))
    if view.message:
        lines.append(f"Last: {with_names(view.message, names)}")
    return "\n".join(lines)
