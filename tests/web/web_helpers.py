"""Driving the session as the play loop does, and asking the page for things."""

from __future__ import annotations

import random
import urllib.error
import urllib.request

from companion.dice_input import VirtualDice
from companion.rules.risknroll import GAME
from companion.table import Setup, Table
from hardware.buttons import ButtonEvent
from hardware.camera import VirtualRoller

NAMES = ("Ann", "Bo", "Cy")


class Played:
    """A session as the play loop runs it: each press, then the screen published."""

    def __init__(self, store, live, game="charidice", players=3, seed=4):
        self.live = live
        self.table = Table(store, Setup(game, players, names=NAMES[:players], start="options"),
                           dice=VirtualDice(VirtualRoller(seed)), deck_rng=random.Random(seed),
                           clock=lambda: 0.0)
        self.press("select")  # Start game

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.table.handle(ButtonEvent(button, False))
            self.table.tick()
            self.live.show(self.table, self.table.screen())


def get(url: str, timeout: float = 5.0) -> tuple[int, dict, bytes]:
    """Status, headers (lower-case names) and body of a GET, errors included."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def finished_game(store, names=("Ann", "Bo"), seed=2) -> int:
    rng = random.Random(seed)
    game = store.new_game("risknroll", 2, {}, list(names))
    state = GAME.new(2)
    while not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance is not None else rng.choice(state.legal_actions())
        store.append(game, action.to_json())
        state = state.apply(action)
    store.finish(game, state.scores(), state.winners())
    return game
