"""Driving the session as the play loop does, and asking the page for things."""

from __future__ import annotations

import http.client
import random
import socket
import time
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


def hold(page, held: list[socket.socket], count: int) -> None:
    """`count` more connections that ask nothing (the server closes them after
    head_deadline.HEAD_TIMEOUT), held, once the server counts exactly the held ones (an
    answered one closed: it may count it a moment longer)."""
    held += [socket.create_connection(("127.0.0.1", page.port), timeout=5)
             for _ in range(count)]
    state = page._server.server_state
    end = time.monotonic() + 5
    while len(state.connections) != len(held) and time.monotonic() < end:
        time.sleep(0.01)
    assert len(state.connections) == len(held)


def answer_on_new(page, path: str) -> tuple[int, list[tuple[str, str]]]:
    """The status and the header lines (as many as sent) of a GET on a new connection."""
    connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=5)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        return answer.status, [(k.lower(), v) for k, v in answer.getheaders()]
    finally:
        connection.close()


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
