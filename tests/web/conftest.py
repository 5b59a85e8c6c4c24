"""A store, a session playing on it, and the page serving it on 127.0.0.1 (a free port)."""

from __future__ import annotations

import random
import urllib.error
import urllib.request

import pytest

from companion.dice_input import VirtualDice
from companion.store import Store
from companion.table import Setup, Table
from companion.web.live import Live
from companion.web.server import WebPage
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


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "companion.db") as opened:
        yield opened


@pytest.fixture
def live():
    return Live()


@pytest.fixture
def page(store, live):
    served = WebPage(live, store.path, port=0, host="127.0.0.1")
    served.start()
    assert served.wait_started()
    yield served
    served.stop()


@pytest.fixture
def base(page):
    return f"http://127.0.0.1:{page.port}/{page.token}/"
