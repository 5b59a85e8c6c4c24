"""The game menu (long Select) over any mode of a game: what other seats may do out of
turn now (first and highlighted, so that the hint "Hold Select: gift (Bo)" is true: a
long Select, then Select), back to it, the game's own pages where it has them, its
facts in full (what the turn screen had no room for), undo; then "More...", opening its
legend, the colour calibration where the game asks for one, the phone page, a new game
(asking first whether to abandon this one). A long Select again, or Back from the first
list, returns to the mode under it unchanged."""

from __future__ import annotations

from typing import Any

from companion.rules import Action
from companion.store import StoreError
from companion.ui.model import MenuItem, Screen

from . import calibrate, menus
from .choices import Choices, Opened
from .mode import Host, Mode
from .pages import FACTS_LABEL, LEGEND_LABEL, Facts, Legend, Pages, facts, legend
from .pages import label as pages_label
from .play import out_of_turn, out_of_turn_item
from .setup import to_setup

PHONE_PAGE = "Phone page"
"""The item showing the score-sheet page's address as a QR code (companion.web), there
while the page is served."""


def entries(table: Host, state) -> list[tuple[MenuItem, Any]]:
    """The game menu's entries (item, value) over `state`: what is used often (others'
    requests, back, the game's pages, its facts in full, undo), then "More..." opening
    what is used rarely (the legend, calibration, the phone page, a new game;
    `menus.often_first`): one shape in every game and at every moment, so that "New
    game" is where it was."""
    others = [] if state.is_over() else out_of_turn(state)
    pages = pages_label(state)
    often = [*((out_of_turn_item(table, state, action), action) for action in others),
             (MenuItem("Back to the game"), "resume"),
             *([(MenuItem(pages), "pages")] if pages else []),
             *([(MenuItem(FACTS_LABEL), FACTS_LABEL)] if facts(table, state) else []),
             (MenuItem("Undo last step"), "undo")]
    rarely = [*([(MenuItem(LEGEND_LABEL), LEGEND_LABEL)] if legend(state.game) else []),
              *([(MenuItem(calibrate.LABEL), calibrate.LABEL)]
                if calibrate.wanted(state.game) else []),
              *([(MenuItem(PHONE_PAGE), "phone")] if table.web_address else []),
              (MenuItem("New game"), "new")]
    return menus.often_first(often, rarely)


class GameMenu(Mode):
    """The game menu over `under`, the mode it was opened over."""

    name = "menu"
    LEADS_TO = ("pages", "facts", "legend", "calibrate", "phone", "abandon", "setup_options")
    TITLE = "Game menu"

    def __init__(self, table: Host, under: Mode):
        super().__init__(table)
        self.under = under
        listed = entries(table, table.state)
        self.opened = Opened(Choices([item for item, _ in listed],
                                     [value for _, value in listed]))

    @property
    def choices(self) -> Choices:
        return self.opened.choices

    def stop(self) -> None:
        self.under.stop()

    def on(self, button: str) -> Mode:
        table = self.table
        if self.choices.moved(button):
            return self
        if button == "back":
            return self if self.opened.close() else self.under
        chosen = self.choices.value
        if isinstance(chosen, menus.Group):
            self.opened.open(chosen)
            return self
        if isinstance(chosen, Action):
            return table.apply_out_of_turn(chosen, self.under)
        if chosen == "resume":
            return self.under
        if chosen == "pages":
            return Pages(table, self.under)
        if chosen == LEGEND_LABEL:
            return Legend(table, self.under)
        if chosen == FACTS_LABEL:
            return Facts(table, self.under)
        if chosen == calibrate.LABEL:
            return calibrate.Calibrate(table, self.under)
        if chosen == "phone":
            return PhonePage(table, self)
        if chosen == "undo":
            return table.undo() or self.under
        if table.state.is_over():
            return to_setup(table, "options")
        return Abandon(table, self.under)

    def screen(self, note: str) -> Screen:
        opened = self.opened.headings
        title = f"{self.TITLE}, {opened[-1].lower()}" if opened else self.TITLE
        return Screen(kind="setup", title=title, menu=self.choices.menu(), note=note,
                      hint="Back: the game menu" if opened else "Back: to the game")


class Abandon(GameMenu):
    """"Abandon this game?": Keep playing, or abandon it (kept in the store) and set
    up a new one."""

    name = "abandon"
    LEADS_TO = ("setup_options",)
    TITLE = "Abandon this game?"

    def __init__(self, table: Host, under: Mode):
        Mode.__init__(self, table)
        self.under = under
        self.opened = Opened(Choices([MenuItem("Keep playing"),
                                      MenuItem("Abandon, new game")], ["resume", "abandon"]))

    def on(self, button: str) -> Mode:
        table = self.table
        if self.choices.moved(button):
            return self
        if button == "back" or self.choices.value == "resume":
            return self.under
        try:
            table.store.abandon(table.game_id)
        except StoreError as why:
            table.notice = str(why)
            return self
        after = to_setup(table, "options")
        table.say("Game abandoned (kept in the store)")
        return after


class PhonePage(Mode):
    """The score-sheet page's address as a QR code over the game menu; any button puts
    it away (nothing here changes the game)."""

    name = "phone"
    LEADS_TO = ("menu",)

    def __init__(self, table: Host, menu: GameMenu):
        super().__init__(table)
        self.menu = menu

    def stop(self) -> None:
        self.menu.stop()

    def on(self, button: str) -> Mode:
        return self.menu

    def screen(self, note: str) -> Screen:
        from urllib.parse import urlsplit

        from companion.ui import qr

        address = self.table.web_address
        return qr.screen(address, urlsplit(address).netloc.lower())
