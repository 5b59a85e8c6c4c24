"""The game menu (long Select) over any mode of a game: what other seats may do out of
turn now (first and highlighted, so that the hint "Hold Select: gift (Bo)" is true: a
long Select, then Select), back to it, the game's own pages and its legend where it has
them, undo, the colour calibration where the game asks for one, a new game (asking first
whether to abandon this one). A long Select again, or Back, returns to the mode under it
unchanged."""

from __future__ import annotations

from companion.rules import Action
from companion.store import StoreError
from companion.ui.model import MenuItem, Screen

from . import calibrate
from .choices import Choices
from .mode import Host, Mode
from .pages import LEGEND_LABEL, Legend, Pages, legend
from .pages import label as pages_label
from .play import out_of_turn, out_of_turn_item
from .setup import to_setup

PHONE_PAGE = "Phone page"
"""The item showing the score-sheet page's address as a QR code (companion.web), there
while the page is served."""


class GameMenu(Mode):
    """The game menu over `under`, the mode it was opened over."""

    name = "menu"
    LEADS_TO = ("pages", "legend", "calibrate", "phone", "abandon", "setup_options")
    TITLE = "Game menu"

    def __init__(self, table: Host, under: Mode):
        super().__init__(table)
        self.under = under
        state = table.state
        others = [] if state.is_over() else out_of_turn(state)
        pages = pages_label(state)
        figures = [LEGEND_LABEL] if legend(state.game) else []
        colours = [calibrate.LABEL] if calibrate.wanted(state.game) else []
        self.choices = Choices(
            [*(out_of_turn_item(table, state, action) for action in others),
             MenuItem("Back to the game"), *([MenuItem(pages)] if pages else []),
             *(MenuItem(f) for f in figures), MenuItem("Undo last step"),
             *(MenuItem(c) for c in colours),
             *([MenuItem(PHONE_PAGE)] if table.web_address else []), MenuItem("New game")],
            [*others, "resume", *(["pages"] if pages else []), *figures, "undo", *colours,
             *(["phone"] if table.web_address else []), "new"],
        )

    def stop(self) -> None:
        self.under.stop()

    def on(self, button: str) -> Mode:
        table = self.table
        if self.choices.moved(button):
            return self
        if button == "back":
            return self.under
        chosen = self.choices.value
        if isinstance(chosen, Action):
            return table.apply_out_of_turn(chosen, self.under)
        if chosen == "resume":
            return self.under
        if chosen == "pages":
            return Pages(table, self.under)
        if chosen == LEGEND_LABEL:
            return Legend(table, self.under)
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
        return Screen(kind="setup", title=self.TITLE, menu=self.choices.menu(),
                      note=note, hint="Back: to the game")


class Abandon(GameMenu):
    """"Abandon this game?": Keep playing, or abandon it (kept in the store) and set
    up a new one."""

    name = "abandon"
    LEADS_TO = ("setup_options",)
    TITLE = "Abandon this game?"

    def __init__(self, table: Host, under: Mode):
        Mode.__init__(self, table)
        self.under = under
        self.choices = Choices([MenuItem("Keep playing"), MenuItem("Abandon, new game")],
                               ["resume", "abandon"])

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
