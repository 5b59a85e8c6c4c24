"""The game in play: a decision to choose, dice to throw or read, a card to draw, the end.

Which of these a state needs is asked of the rules alone (`chance()`, `legal_actions()`),
never of the game's name. Actions another seat may take out of turn (`by`, see
`companion.rules.actor`) are offered wherever the rules make them legal: in a decision
menu after the active player's choices, labelled with the asking seat's name and never
ranked or starred; at a throw or a draw through the game menu (long Select), which the
screen's hint then names.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion import advice as advisors
from companion.rules import Action, Draw, State, Throw, actor
from companion.rules.core import dice_count
from companion.ui import games
from companion.ui.model import MenuItem, Screen

from . import menus
from .choices import Choices, Opened
from .mode import Host, Mode

OVER_HOLD_SECONDS = 3.0
"""How long the final standings stay on screen whatever is pressed: the throw that ends a
game is often followed by quick presses meant for the game, which must not start the
next one over the standings before anyone has read them."""


def mode_for(table: Host, state: State) -> Mode:
    """The mode a state needs, asked of the rules alone: the standings, a throw, a card
    to name (`draw`) or a decision."""
    if state.is_over():
        return Over(table, table.clock())
    chance = state.chance()
    if isinstance(chance, Throw):
        return ThrowDice(table)
    if isinstance(chance, Draw):
        from .draw import naming

        return naming(table, chance)
    return Decide(table, decision_menu(table, state))


def out_of_turn(state: State, legal: Sequence[Action] | None = None) -> list[Action]:
    """The legal actions (`legal`, if already asked) of seats other than the one to act
    now (`by` another seat)."""
    now = state.current_player()
    return [a for a in (state.legal_actions() if legal is None else legal)
            if a.get("by") is not None and actor(state, a) != now]


def out_of_turn_item(table: Host, state: State, action: Action) -> MenuItem:
    """An out-of-turn action as a menu item: the asking seat's name, then its label,
    and what the advice says of it ("ask now", "wait")."""
    seat = actor(state, action)
    who = table.names[seat] if 0 <= seat < len(table.names) else f"P{seat + 1}"
    label = table.named(state.label(action))
    return MenuItem(label if label.startswith(f"{who} ") else f"{who}: {label}",
                    advisors.request_text(state, action))


def decision_menu(table: Host, state: State) -> Choices:
    """The active player's legal actions ranked best first by the advice, odds beside
    each, grouped as the game groups them (`menus`); then the actions others may take
    out of turn, never ranked."""
    legal = state.legal_actions()
    others = out_of_turn(state, legal)
    own = [a for a in legal if a not in others]
    ranked = [a for a in table.advice(state) if a.action in own]
    odds = {a.action: a for a in ranked}
    order = list(odds) + [a for a in own if a not in odds]
    group = getattr(games.for_game(state.game), "menu_group", None)
    options = []
    for action in order:
        advice = odds.get(action)
        item = MenuItem(table.named(state.label(action)),
                        advisors.odds_text(advice) if advice else "",
                        bool(advice and advice.best))
        options.append(menus.Option(tuple(group(state, action)) if group else (), item, action))
    entries = menus.arrange(options, [menus.Option((), out_of_turn_item(table, state, action),
                                                   action) for action in others])
    return Choices([item for item, _ in entries], [value for _, value in entries],
                   odds=advisors.odds_label(state.game, ranked))


def whose(table: Host) -> str:
    player = table.state.current_player()
    return table.names[player] if 0 <= player < len(table.names) else ""


class Decide(Mode):
    """A decision: the ranked menu of the legal actions; Select or OK applies one, or
    opens a group's own list, which Back leaves."""

    name = "decide"

    def __init__(self, table: Host, choices: Choices):
        super().__init__(table)
        self.opened = Opened(choices)  # the top list, then each group opened from it

    @property
    def choices(self) -> Choices:
        return self.opened.choices

    def on(self, button: str) -> Mode:
        if self.choices.moved(button):
            return self
        if button == "back" and self.opened.close():
            return self
        if button in ("select", "ok"):
            value = self.choices.value
            if not isinstance(value, menus.Group):
                return self.table.apply(value) or self
            self.opened.open(value)
            return self
        self.table.say("Hold Back to undo")
        return self

    def screen(self, note: str) -> Screen:
        heading = ""
        headings = self.opened.headings
        if headings:  # the group open ("Keep 3 dice..."; "..., more..." past its first
            named = [h for h in headings if h != menus.MORE]  # list): Back leaves it
            more = ", more" if headings[-1] == menus.MORE else ""
            heading = f"{named[-1] if named else 'Options'}{more}..."
        return self.table.game_screen("turn", whose(self.table), note or heading,
                                      menu=self.choices.menu())


def throw_of(table: Host) -> Throw:
    return table.state.chance()


class ThrowDice(Mode):
    """Dice to throw: OK reads them (or rolls them virtually), Select enters them."""

    name = "throw"
    LEADS_TO = ("reading", "enter")

    def on(self, button: str) -> Mode:
        table = self.table
        if button == "ok":
            if table.dice is None:
                table.say("No camera: Select to enter")
                return self
            table.dice.start(throw_of(table))
            return Reading(table)
        if button == "select":
            from .entry import Enter

            return Enter.by_hand(table)
        if button == "back":
            table.say("Hold Back to undo")
        else:
            dice = table.dice
            how = f"OK {dice.verb}s, Select enters" if dice else "Select enters the dice"
            table.say(f"Nothing to choose: {how}")
        return self

    def screen(self, note: str) -> Screen:
        throw = throw_of(self.table)
        title = self.table.named(throw.why) if throw.why else f"Throw {dice_count(throw.count)}"
        return self.table.game_screen("throw", title, note, hint=_throw_hint(self.table))


def _throw_hint(table: Host) -> str:
    asking = askers(table)
    if asking:  # the game menu holds what others may do: one line for each button
        how = f"OK: {table.dice.verb}, Select: by hand" if table.dice else "Select: enter dice"
        return f"{how}\n{asking}"
    if table.dice is None:
        return "Select: enter the dice"
    return f"OK: {table.dice.verb} the dice\nSelect: enter by hand"


def askers(table: Host) -> str:
    """"Hold Select: act (Bob)" while seats may act out of turn ("" while none may);
    the game's screen module may say what they may do (`ASKING`, by action kind: "Hold
    Select: gift (Bob)"). The names last and in brackets, so long ones still fit."""
    state = table.state
    others = out_of_turn(state)
    seats = sorted({actor(state, a) for a in others})
    if not seats:
        return ""
    names = ", ".join(table.names[s] if s < len(table.names) else f"P{s + 1}" for s in seats)
    asking = getattr(games.for_game(state.game), "ASKING", {})
    said = {asking.get(a.kind, "act") for a in others}
    return f"Hold Select: {said.pop() if len(said) == 1 else 'act'} ({names})"


class Reading(Mode):
    """The dice source is reading (`Table.tick` polls it); Back stops it."""

    name = "reading"
    LEADS_TO = ("throw", "confirm", "enter")

    def on(self, button: str) -> Mode:
        if button == "back":
            self.table.dice.cancel()
            self.table.say("Reading stopped")
            return ThrowDice(self.table)
        self.table.say("Reading the dice...")
        return self

    def stop(self) -> None:
        self.table.dice.cancel()

    def settled(self) -> Mode:
        self.stop()
        return ThrowDice(self.table)

    def screen(self, note: str) -> Screen:
        waiting = getattr(self.table.dice, "waiting_for", "")  # a hand over the tray, say
        hint = f"{waiting}\nBack: stop reading" if waiting else "Back: stop reading"
        return self.table.game_screen("throw", "Reading the dice...", note, hint=hint)


class Over(Mode):
    """The final standings; OK or Select (once they have been shown a while) sets up
    the next game."""

    name = "over"
    LEADS_TO = ("setup_options",)

    def __init__(self, table: Host, since: float):
        super().__init__(table)
        self.since = since  # when the game ended (-inf: read before, no hold)

    def on(self, button: str) -> Mode:
        if self.table.clock() < self.since + OVER_HOLD_SECONDS:
            return self  # the standings (and the news of the last throw) stay
        if button in ("select", "ok"):
            from .setup import to_setup

            return to_setup(self.table, "options")
        self.table.say("Game over: OK for a new one")
        return self

    def screen(self, note: str) -> Screen:
        return self.table.game_screen("over", "Game over", note,
                                      winners=tuple(self.table.state.winners()))
