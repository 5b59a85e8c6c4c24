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
from typing import TYPE_CHECKING

from companion import advice as advisors
from companion.rules import Action, Draw, State, Throw, actor
from companion.rules.core import dice_count
from companion.ui import games
from companion.ui.model import MenuItem, Screen

from .choices import Choices

if TYPE_CHECKING:
    from companion.table import Table

OVER_HOLD_SECONDS = 3.0
"""How long the final standings stay on screen whatever is pressed: the throw that ends a
game is often followed by quick presses meant for the game, which must not start the
next one over the standings before anyone has read them."""


def mode_of(table: Table, state: State) -> str:
    """The mode a state needs: "over", "throw", "draw" (or "draw_group", see `draw`) or
    "decide"; its menu is made."""
    if state.is_over():
        table._over_at = table._clock()
        return "over"
    chance = state.chance()
    if isinstance(chance, Throw):
        return "throw"
    if isinstance(chance, Draw):
        from .draw import start

        return start(table, chance)
    table._choices = decision_menu(table, state)
    return "decide"


def out_of_turn(state: State, legal: Sequence[Action] | None = None) -> list[Action]:
    """The legal actions (`legal`, if already asked) of seats other than the one to act
    now (`by` another seat)."""
    now = state.current_player()
    return [a for a in (state.legal_actions() if legal is None else legal)
            if a.get("by") is not None and actor(state, a) != now]


def out_of_turn_item(table: Table, state: State, action: Action) -> MenuItem:
    """An out-of-turn action as a menu item: the asking seat's name, then its label."""
    seat = actor(state, action)
    who = table.names[seat] if 0 <= seat < len(table.names) else f"P{seat + 1}"
    label = table._named(state.label(action))
    return MenuItem(label if label.startswith(f"{who} ") else f"{who}: {label}")


def decision_menu(table: Table, state: State) -> Choices:
    """The active player's legal actions ranked best first by the advice, odds beside
    each; then the actions others may take out of turn, never ranked."""
    legal = state.legal_actions()
    others = out_of_turn(state, legal)
    own = [a for a in legal if a not in others]
    ranked = [a for a in table._advice(state) if a.action in own]
    odds = {a.action: a for a in ranked}
    order = list(odds) + [a for a in own if a not in odds]
    items = []
    for action in order:
        advice = odds.get(action)
        items.append(MenuItem(
            table._named(state.label(action)), advisors.odds_text(advice) if advice else "",
            bool(advice and advice.best),
        ))
    items += [out_of_turn_item(table, state, action) for action in others]
    return Choices(items, order + others, odds=advisors.odds_label(state.game, ranked))


def on_decide(table: Table, button: str) -> None:
    if button in ("up", "down"):
        table._choices.move(-1 if button == "up" else 1)
    elif button in ("select", "ok"):
        table._apply(table._choices.value)
    else:
        table._say("Hold Back to undo")


def on_throw(table: Table, button: str) -> None:
    if button == "ok":
        if table.dice is None:
            table._say("No camera: Select to enter")
            return
        table.dice.start(table._throw())
        table.mode = "reading"
        table.tick()
    elif button == "select":
        from .entry import start_entry

        start_entry(table, table._throw())
    elif button == "back":
        table._say("Hold Back to undo")
    else:
        dice = table.dice
        how = f"OK {dice.verb}s, Select enters" if dice else "Select enters the dice"
        table._say(f"Nothing to choose: {how}")


def on_reading(table: Table, button: str) -> None:
    if button == "back":
        table.dice.cancel()
        table.mode = "throw"
        table._say("Reading stopped")
    else:
        table._say("Reading the dice...")


def on_over(table: Table, button: str) -> None:
    if table._clock() < table._over_at + OVER_HOLD_SECONDS:
        return  # the standings (and the news of the last throw) stay
    if button in ("select", "ok"):
        from .setup import to_setup

        to_setup(table, "options")
    else:
        table._say("Game over: OK for a new one")


def _whose(table: Table) -> str:
    player = table.state.current_player()
    return table.names[player] if 0 <= player < len(table.names) else ""


def screen_decide(table: Table, note: str) -> Screen:
    return table._game_screen("turn", _whose(table), note, menu=table._choices.menu())


def screen_throw(table: Table, note: str) -> Screen:
    throw = table._throw()
    title = table._named(throw.why) if throw.why else f"Throw {dice_count(throw.count)}"
    return table._game_screen("throw", title, note, hint=_throw_hint(table))


def _throw_hint(table: Table) -> str:
    asking = askers(table)
    if asking:  # the game menu holds what others may do: one line for each button
        how = f"OK: {table.dice.verb}, Select: by hand" if table.dice else "Select: enter dice"
        return f"{how}\n{asking}"
    if table.dice is None:
        return "Select: enter the dice"
    return f"OK: {table.dice.verb} the dice\nSelect: enter by hand"


def askers(table: Table) -> str:
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


def screen_reading(table: Table, note: str) -> Screen:
    waiting = getattr(table.dice, "waiting_for", "")  # a hand over the tray, say
    hint = f"{waiting}\nBack: stop reading" if waiting else "Back: stop reading"
    return table._game_screen("throw", "Reading the dice...", note, hint=hint)


def screen_over(table: Table, note: str) -> Screen:
    return table._game_screen("over", "Game over", note, winners=tuple(table.state.winners()))
