"""Setup: choose a game, the number of players and the options, then start it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion import rules
from companion.rules import IllegalAction
from companion.store import StoreError
from companion.ui.model import MenuItem, Screen

from . import calibrate
from .choices import Choices

if TYPE_CHECKING:
    from companion.table import Table


def to_setup(table: Table, step: str) -> None:
    """Show setup screen `step` ("game", "players" or "options"); no game in play."""
    table._overlay = None
    table.state = table.game_id = table._game = None
    table._actions = []
    table.mode = f"setup_{step}"
    if step == "game":
        names = sorted(rules.GAMES)
        chosen = table._chosen_game
        table._choices = Choices([MenuItem(rules.GAMES[n].title) for n in names], names,
                                 names.index(chosen) if chosen in names else 0)
    elif step == "players":
        game = rules.get(table._chosen_game)
        counts = list(range(game.min_players, game.max_players + 1))
        wanted = min(max(table._chosen_players, counts[0]), counts[-1])
        table._choices = Choices([MenuItem(f"{n} players") for n in counts], counts,
                                 counts.index(wanted))
    else:
        table._choices = _options_menu(table, 0)


def _options_menu(table: Table, selected: int) -> Choices:
    game = rules.get(table._chosen_game)
    chosen = game.check_options(table._chosen_options)
    items = [MenuItem("Start game")]
    for option in game.options:
        value = chosen[option.name]
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        items.append(MenuItem(option.name.replace("_", " ").capitalize(), shown))
    values = [None, *(o.name for o in game.options)]
    if calibrate.wanted(game.name):
        kept = "kept" if getattr(table.dice, "calibration", None) is not None else ""
        items.append(MenuItem(calibrate.LABEL, kept))
        values.append(calibrate.LABEL)
    return Choices(items, values, selected)


def on_game(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button in ("select", "ok"):
        table._chosen_game = table._choices.value
        table._chosen_options = {}
        to_setup(table, "players")
    else:
        table._say("Choose a game first")


def on_players(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button in ("select", "ok"):
        table._chosen_players = table._choices.value
        to_setup(table, "options")
    else:
        to_setup(table, "game")


def on_options(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button == "back":
        to_setup(table, "players")
    elif table._choices.value is None:
        start_game(table)
    elif table._choices.value == calibrate.LABEL:
        calibrate.open_calibration(table)
    else:
        name = table._choices.value
        game = rules.get(table._chosen_game)
        option = next(o for o in game.options if o.name == name)
        current = game.check_options(table._chosen_options)[name]
        table._chosen_options[name] = option.choices[
            (option.choices.index(current) + 1) % len(option.choices)
        ]
        table._choices = _options_menu(table, table._choices.selected)


def screen_game(table: Table, note: str) -> Screen:
    return Screen(kind="setup", title="Choose a game", menu=table._choices.menu(), note=note)


def screen_players(table: Table, note: str) -> Screen:
    title = rules.get(table._chosen_game).title
    return Screen(kind="setup", title=title, menu=table._choices.menu(),
                  note=note, hint="How many players?")


def screen_options(table: Table, note: str) -> Screen:
    title = f"{rules.get(table._chosen_game).title}, {table._chosen_players} players"
    return Screen(kind="setup", title=title, menu=table._choices.menu(),
                  note=note, hint="Select: change or start")


def start_game(table: Table) -> None:
    """Store a new game with the players and options chosen, and take it up."""
    from companion.table import default_names, given_names

    game = rules.get(table._chosen_game)
    try:  # the rules accept players and options before anything is stored
        options = game.check_options(table._chosen_options)
        game.new(table._chosen_players, options)
    except IllegalAction as why:
        table._say(str(why))
        return
    own = game.default_names(table._chosen_players, options)
    names = default_names(table._chosen_players, table._chosen_names, own)
    try:
        game_id = table.store.new_game(game.name, table._chosen_players, options, names,
                                       version=game.version)
    except StoreError as why:
        table._notice = str(why)
        return
    table._chosen_names = given_names(names, own)
    table._play(game_id, game, table._chosen_players, options, names, [])
