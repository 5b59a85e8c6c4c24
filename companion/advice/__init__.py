"""Advice: every legal option of a decision, ranked by its value, with its odds.

`for_state(state)` finds the game's advisor by `state.game`; each advisor module
(`companion.advice.<game>`) has `advise(state) -> list[Advice]`, best first. Advisors
load on first use, so importing this package stays light (their tables need numpy).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules import PARTS, Action, State

ADVISORS: dict[str, str] = {name: p.advice for name, p in PARTS.items() if p.advice}
"""Game name -> module whose `advise(state)` ranks that game's options, as each game's
registration names it (`companion.rules.REGISTERED`)."""


@dataclass(frozen=True)
class Advice:
    """One legal option: what it is, what it is worth, and how likely it busts.

    `value` is the expected number of points the option is worth to the player under
    best play afterwards (for a Risk 'n' Roll keep, the points the turn finally banks).
    `bust` is the chance the next throw scores nothing, for options that throw; None
    for options that do not. `best` marks every option worth as much as the first.
    `detail`, where set, is what the menu shows beside the option instead of the value
    and the bust chance (a value that is not points, such as a target's score).
    """

    action: Action
    label: str
    value: float
    bust: float | None
    best: bool
    detail: str | None = None


def for_state(state: State) -> list[Advice]:
    """The ranked options of `state`; [] where the game has no advisor or no decision."""
    module = ADVISORS.get(state.game)
    if module is None:
        return []
    return importlib.import_module(module).advise(state)


def prepare_in_background(games: Sequence[str] = tuple(ADVISORS)) -> threading.Thread:
    """Build the advice tables of `games` in a daemon thread (each advisor's `prepare()`,
    where it has one), so that the first press of a game does not wait for them."""
    def build() -> None:
        for game in games:
            prepare = getattr(importlib.import_module(ADVISORS[game]), "prepare", None)
            if prepare is not None:
                prepare()

    thread = threading.Thread(target=build, name="advice tables", daemon=True)
    thread.start()
    return thread


def odds_text(advice: Advice) -> str:
    """What a menu shows beside an option: the advisor's `detail`, else its value in
    points and the chance that it busts ("410 32%")."""
    detail = getattr(advice, "detail", None)
    if detail is not None:
        return detail
    text = f"{advice.value:.0f}"
    return text if advice.bust is None else f"{text} {advice.bust:.0%}"


def percent(chance: float) -> str:
    """A chance as a whole percent; "<1%" or ">99%" rather than a rounded 0 or 100
    that is not certain (to 9 decimal places, as `ranked` compares)."""
    chance = _level(chance)
    if 0 < chance < 0.005:
        return "<1%"
    if 0.995 < chance < 1:
        return ">99%"
    return f"{round(100 * chance)}%"


def request_text(state: State, action: Action) -> str:
    """What the advice says of another seat's request, an action out of turn (e.g.
    Charidice's "ask now" or "wait" for the greatest of gifts): its advisor's
    `request_text(state, action)`, or "" where it has none."""
    module = ADVISORS.get(state.game)
    text = getattr(importlib.import_module(module), "request_text", None) if module else None
    return text(state, action) if text is not None else ""


def odds_label(game: str, advice: Sequence[Advice]) -> str:
    """The label over the odds column, as the game's advisor names what its value and
    chance are (its `ODDS_LABEL`, e.g. "pts bust"); "" where no option shows them (every
    detail is the advisor's own text, unless its `DETAILS_ARE_ODDS` says its details are
    those columns; or the game has no advisor)."""
    module = ADVISORS.get(game)
    if module is None or not advice:
        return ""
    advisor = importlib.import_module(module)
    if all(getattr(a, "detail", None) is not None for a in advice) and not getattr(
            advisor, "DETAILS_ARE_ODDS", False):
        return ""
    return getattr(advisor, "ODDS_LABEL", "")


def best_action(state: State) -> Action:
    """The advised action; the first legal one for a game that has no advisor yet."""
    advice = for_state(state)
    if advice:
        return advice[0].action
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody has a decision to make here: the table supplies chance")
    return legal[0]


def ranked(options: list[tuple]) -> list[Advice]:
    """(action, label, value, bust[, prefer]) options sorted best first.

    Values equal to 9 decimal places are equal: floating-point noise never orders them.
    Between equal values the larger `prefer` (a tuple of figures, compared in order,
    each to 1e-9) comes first, then the legal order. `best` marks every option whose
    value equals the first's."""
    def key(option: tuple) -> tuple:
        prefer = option[4] if len(option) > 4 else ()
        return (-_level(option[2]), *(-_level(x) for x in prefer))

    ordered = sorted(options, key=key)
    if not ordered:
        return []
    top = _level(ordered[0][2])
    return [
        Advice(action, label, value, bust, _level(value) == top)
        for action, label, value, bust, *_ in ordered
    ]


def _level(value: float) -> float:
    """`value` to 9 decimal places: what ranks it, past any floating-point noise."""
    return round(value, 9)
