"""Naming a card drawn from a physical deck, in as few presses as the game allows.

A Draw lists only the cards that can come up (not those in the Offer or a hand), each
with its copies left. A game whose screen module gives `card_groups(state, draw)` (see
`companion.ui.games`) is named in two steps: the group first (a colour, say), then the
card, Back returning to the groups; the card is shown as the game draws it (screen kind
"cards", each card's picture from the game's `card_picture`, so from the game's own
cards). Any other game names the card from one menu. With a virtual deck
(`Table.deck_rng`) OK draws one at either step.
"""

from __future__ import annotations

from companion.rules import Action, Draw
from companion.ui.games import for_game
from companion.ui.model import MenuItem, Screen

from .choices import Choices
from .mode import Host, Mode
from .play import askers

Group = tuple[str, list[tuple[str, int]]]


def naming(table: Host, draw: Draw) -> Mode:
    """The first mode for naming a card of `draw`: its groups where the game groups its
    cards, else the cards."""
    hook = getattr(for_game(table.state.game), "card_groups", None)
    groups = [(label, [(name, n) for name, n in cards if n > 0])
              for label, cards in (hook(table.state, draw) if hook else ())]
    groups = [(label, cards) for label, cards in groups if cards]
    if not groups:
        return NameCard(table, [(name, n) for name, n in draw.cards if n > 0])
    return NameGroup(table, groups)


def _draw_one(table: Host) -> Mode | None:
    return table.apply(table.state.chance().sample(table.deck_rng))


def _hint(table: Host, what: str) -> str:
    """What the buttons do: name the `what` ("a group", "this card"), or draw one."""
    hint = (f"OK: draw one, Select: {what}" if table.deck_rng
            else "Select the card's group" if what == "a group" else "Select the card drawn")
    asking = askers(table)
    return f"{hint}\n{asking}" if asking else hint


def _title(table: Host) -> str:
    draw = table.state.chance()
    return table.named(draw.why) or f"Draw: {draw.deck}"


class NameGroup(Mode):
    """The groups of the cards that can come up, with the copies left in each."""

    name = "draw_group"
    LEADS_TO = ("draw",)

    def __init__(self, table: Host, groups: list[Group], selected: int = 0):
        super().__init__(table)
        self.groups = groups
        self.choices = Choices(
            [MenuItem(label, f"{sum(n for _, n in cards)} left") for label, cards in groups],
            list(range(len(groups))), selected)

    def on(self, button: str) -> Mode:
        table = self.table
        if self.choices.moved(button):
            return self
        if button == "select" or (button == "ok" and table.deck_rng is None):
            return NameCard(table, self.groups[self.choices.value][1], self)
        if button == "ok":
            return _draw_one(table) or self
        table.say("Hold Back to undo")
        return self

    def screen(self, note: str) -> Screen:
        return self.table.game_screen("card", _title(self.table), note,
                                      hint=_hint(self.table, "a group"),
                                      menu=self.choices.menu())


class NameCard(Mode):
    """The cards of a group (or of the whole draw), with their copies left; Back returns
    to the groups, the group left highlighted."""

    name = "draw"
    LEADS_TO = ("draw_group",)

    def __init__(self, table: Host, cards: list[tuple[str, int]],
                 groups: NameGroup | None = None):
        super().__init__(table)
        self.groups = groups
        self.choices = Choices([MenuItem(name, f"{n} left") for name, n in cards],
                               [Action("draw", card=name) for name, _ in cards])

    def on(self, button: str) -> Mode:
        table = self.table
        if self.choices.moved(button):
            return self
        if button == "select" or (button == "ok" and table.deck_rng is None):
            return table.apply(self.choices.value) or self
        if button == "ok":
            return _draw_one(table) or self
        if self.groups is not None:
            return self.groups
        table.say("Hold Back to undo")
        return self

    def screen(self, note: str) -> Screen:
        table = self.table
        if self.groups is None:
            return table.game_screen("card", _title(table), note,
                                     hint=_hint(table, "this card"), menu=self.choices.menu())
        group = self.groups.groups[self.groups.choices.value][0]
        picture = getattr(for_game(table.state.game), "card_picture", None)
        pictures = tuple((item.label, picture(table.state, item.label))
                         for item in self.choices.items) if picture else ()
        return table.game_screen("cards", f"{group}: {_title(table)}", note,
                                 hint="Select: this, Back: groups",  # one line, whole
                                 menu=self.choices.menu(), game=table.state.game,
                                 table=pictures)
