"""Setup: choose a game, the number of players and the options, then start it."""

from __future__ import annotations

from companion import calibration, rules
from companion.ui.model import MenuItem, Screen

from . import calibrate
from .choices import Choices
from .mode import Host, Mode


def to_setup(table: Host, step: str) -> Mode:
    """Setup screen `step` ("game", "players" or "options"); no game in play."""
    table.end_game()
    return {"game": SetupGame, "players": SetupPlayers, "options": SetupOptions}[step](table)


class SetupGame(Mode):
    """Which game: every registered game, the one chosen last highlighted."""

    name = "setup_game"
    LEADS_TO = ("setup_players",)

    def __init__(self, table: Host):
        super().__init__(table)
        names = sorted(rules.GAMES)
        chosen = table.chosen.game
        self.choices = Choices([MenuItem(rules.GAMES[n].title) for n in names], names,
                               names.index(chosen) if chosen in names else 0)

    def on(self, button: str) -> Mode:
        if self.choices.moved(button):
            return self
        if button in ("select", "ok"):
            self.table.chosen.game = self.choices.value
            self.table.chosen.options = {}
            return SetupPlayers(self.table)
        self.table.say("Choose a game first")
        return self

    def screen(self, note: str) -> Screen:
        return Screen(kind="setup", title="Choose a game", menu=self.choices.menu(), note=note)


class SetupPlayers(Mode):
    """How many players, within the game's bounds."""

    name = "setup_players"
    LEADS_TO = ("setup_game", "setup_options")

    def __init__(self, table: Host):
        super().__init__(table)
        game = rules.get(table.chosen.game)
        counts = list(range(game.min_players, game.max_players + 1))
        wanted = min(max(table.chosen.players, counts[0]), counts[-1])
        self.choices = Choices([MenuItem(_players(n)) for n in counts], counts,
                               counts.index(wanted))

    def on(self, button: str) -> Mode:
        if self.choices.moved(button):
            return self
        if button in ("select", "ok"):
            self.table.chosen.players = self.choices.value
            return SetupOptions(self.table)
        return SetupGame(self.table)

    def screen(self, note: str) -> Screen:
        return Screen(kind="setup", title=rules.get(self.table.chosen.game).title,
                      menu=self.choices.menu(), note=note, hint="How many players?")


def _players(count: int) -> str:
    return "1 player" if count == 1 else f"{count} players"


class SetupOptions(Mode):
    """Start game, then each option (Select steps through its choices), then the colour
    calibration where the game asks for one. Start game asks for that calibration
    first where a camera reads the dice with none in use (`calibrate.needed`)."""

    name = "setup_options"
    LEADS_TO = ("setup_players", "calibrate")

    def __init__(self, table: Host, selected: int = 0, starting: bool = False):
        super().__init__(table)
        self.choices = self._menu(selected)
        self.starting = starting  # under the calibration asked for at Start game

    def _menu(self, selected: int) -> Choices:
        game = rules.get(self.table.chosen.game)
        chosen = game.check_options(self.table.chosen.options)
        items = [MenuItem("Start game")]
        for option in game.options:
            value = chosen[option.name]
            shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
            items.append(MenuItem(option.name.replace("_", " ").capitalize(), shown))
        values = [None, *(o.name for o in game.options)]
        wanted = calibrate.wanted(game.name)
        if wanted:
            kept = getattr(self.table.dice, "calibration", None)
            missing = () if kept is None else calibration.unlearnt(kept, wanted[1])
            shown = ("" if kept is None else "kept" if not missing
                     else f"{len(wanted[1]) - len(missing)} of {len(wanted[1])}")
            items.append(MenuItem(calibrate.LABEL, shown))
            values.append(calibrate.LABEL)
        return Choices(items, values, selected)

    def again(self) -> Mode:
        if self.starting:  # back from the calibration asked for: start, calibrated or not
            return self._start()
        return SetupOptions(self.table, self.choices.selected)

    def _start(self) -> Mode:
        chosen = self.table.chosen
        return (self.table.begin(chosen.game, chosen.players, chosen.options, chosen.names)
                or SetupOptions(self.table, self.choices.selected))

    def on(self, button: str) -> Mode:
        table = self.table
        if self.choices.moved(button):
            return self
        if button == "back":
            return SetupPlayers(table)
        value = self.choices.value
        if value is None:
            if calibrate.needed(table, table.chosen.game):
                starting = SetupOptions(table, self.choices.selected, starting=True)
                return calibrate.Calibrate(table, starting, back_does="start")
            return self._start()
        if value == calibrate.LABEL:
            return calibrate.Calibrate(table, self)
        game = rules.get(table.chosen.game)
        option = next(o for o in game.options if o.name == value)
        current = game.check_options(table.chosen.options)[value]
        table.chosen.options[value] = option.choices[
            (option.choices.index(current) + 1) % len(option.choices)
        ]
        self.choices = self._menu(self.choices.selected)
        return self

    def screen(self, note: str) -> Screen:
        menu = self.choices.menu()
        hint = "Select: change or start" if len(menu.items) > 1 else "Select: start"
        return Screen(kind="setup", title=seated(self.table.chosen), menu=menu,
                      note=note, hint=hint)  # a game without options: nothing to change


def seated(chosen) -> str:
    """"Risk 'n' Roll 2000, 3 players"; a seat the game names itself (216 solo's AI) is
    the game's own player, not one of the players: "216, 1 player + AI"."""
    game = rules.get(chosen.game)
    try:
        own = [name for name in game.default_names(chosen.players, chosen.options) if name]
    except rules.IllegalAction:  # options the rules refuse: said at Start game
        own = []
    players = _players(chosen.players - len(own))
    return f"{game.title}, {' + '.join([players, *own])}"
