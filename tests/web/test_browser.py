"""The page in a real browser: Debian's Chromium, headless, driven by playwright (never
`playwright install`: the system browser). A game is played through the session while
the page is open on a 360-pixel-wide phone; the sheet must follow the steps, nothing
may be fetched from anywhere but the box, and screenshots are taken (light and dark)
for a person to look at. Skipped, with the reason, where no browser is installed."""

from __future__ import annotations

import os
import re
import shutil

import cv2
import numpy as np
import pytest
from web_helpers import Played, finished_game

from companion.dice_input import CameraDice

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is not installed (pip install -e '.[dev]')")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium here (apt-get install chromium): .ci/run installs it")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 740}
SHOTS = os.environ.get("COMPANION_WEB_SCREENSHOTS")
"""A folder to copy the screenshots to (docs/web when they are made for the docs)."""


class TableCamera:
    """A camera over green felt: each frame shows the dice `plan` says, and `read`
    reads them back exactly as drawn (boxes and values), one die unsure."""

    def __init__(self, seed: int = 7):
        self.rng = np.random.default_rng(seed)
        self.values: list[int] = []
        self.boxes: list[tuple[int, int, int, int]] = []

    def read(self):
        frame = np.full((360, 480, 3), (40, 110, 40), np.uint8)
        self.boxes = []
        for k, value in enumerate(self.values):
            x, y = 40 + (k % 3) * 140, 60 + (k // 3) * 150
            cv2.rectangle(frame, (x, y), (x + 70, y + 70), (245, 245, 245), -1)
            for px, py in _pips(value):
                cv2.circle(frame, (x + px, y + py), 6, (20, 20, 20), -1)
            self.boxes.append((x - 4, y - 4, x + 74, y + 74))
        return frame

    def reader(self, frame, expect):
        from vision import DieReading

        return [DieReading(v, None, box, 0.55 if k == 1 else 0.97)
                for k, (v, box) in enumerate(zip(self.values, self.boxes))]


def _pips(value):
    spots = {1: [(35, 35)], 2: [(18, 18), (52, 52)], 3: [(18, 18), (35, 35), (52, 52)],
             4: [(18, 18), (52, 18), (18, 52), (52, 52)],
             5: [(18, 18), (52, 18), (35, 35), (18, 52), (52, 52)],
             6: [(18, 15), (52, 15), (18, 35), (52, 35), (18, 55), (52, 55)]}
    return spots[value]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _open(browser, base, scheme, requested):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, device_scale_factor=2)
    page = context.new_page()
    page.on("request", lambda request: requested.append(request.url))
    page.goto(base)
    page.wait_for_selector("#link.on", timeout=5000)  # the live stream is open
    return context, page


def test_the_sheet_follows_a_game_played_at_the_table(browser, store, live, page, base,
                                                      tmp_path):
    camera = TableCamera()
    dice = CameraDice(camera, live=False, read=camera.reader)
    dice.seen_by = live.saw
    played = Played(store, live, game="risknroll", players=3)
    played.table.dice = dice
    requested: list[str] = []
    context, phone = _open(browser, base, "light", requested)
    shots = tmp_path / "shots"
    shots.mkdir()
    steps = 0
    while played.table.state.totals == (0, 0, 0) or played.table.mode != "decide":
        chance = played.table.state.chance()
        if played.table.mode == "throw":
            camera.values = [int(v) for v in camera.rng.integers(1, 7, chance.count)]
            played.press("ok")
            if played.table.mode == "confirm":
                played.press("select")  # Accept the unsure die
        else:
            played.press("ok" if played.table.mode in ("draw", "draw_group") else "select")
        steps = played.table.steps
        # (no wait_for_function: the page's CSP forbids the eval it needs, as it should)
        phone.locator("#game .status", has_text=re.compile(rf"\b{steps} steps")).wait_for(
            timeout=2000)
        assert steps < 200
    totals = played.table.state.totals
    sheet = phone.inner_text("#sheet")
    for name, total in zip(("Ann", "Bo", "Cy"), totals):
        assert f"{name}\t{total}" in sheet
    assert phone.locator("#photo svg.shot rect.hit").count() == len(camera.values)
    assert phone.locator("#photo rect.hit.unsure").count() >= 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=shots / "live-light.png", full_page=True)
    dark, dark_phone = _open(browser, base, "dark", requested)
    background = dark_phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 18, 18)"
    dark_phone.screenshot(path=shots / "live-dark.png", full_page=True)
    played.table.store.abandon(played.table.game_id)  # one game ended, one not: the history
    finished_game(store, ("Ann", "Cy"), seed=5)
    for where in ("history", "stats"):
        dark_phone.goto(base + where)
        assert dark_phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        dark_phone.screenshot(path=shots / f"{where}-dark.png", full_page=True)
    origin = base.split("/")[2]
    assert requested and all(url.split("/")[2] == origin for url in requested)
    keep(shots)
    context.close()
    dark.close()


def keep(shots) -> None:
    if SHOTS:
        for shot in shots.iterdir():
            shutil.copy(shot, os.path.join(SHOTS, shot.name))


@pytest.mark.parametrize("game, players, steps", [("charidice", 3, 14), ("216", 2, 9),
                                                  ("sixseven", 2, 12)])
def test_each_games_sheet_fits_a_phone(browser, tmp_path, game, players, steps):
    from companion.store import Store
    from companion.web.live import Live
    from companion.web.server import WebPage

    with Store(tmp_path / "companion.db") as store:
        live = Live()
        played = Played(store, live, game=game, players=players, seed=11)
        for _ in range(steps):
            played.press("ok" if played.table.mode in ("throw", "draw", "draw_group")
                         else "select")
        served = WebPage(live, store.path, port=0, host="127.0.0.1")
        served.start()
        try:
            context, phone = _open(browser, f"http://127.0.0.1:{served.port}/{served.token}/",
                                   "light", [])
            assert f"{played.table.steps} steps" in phone.inner_text("#game")
            assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            shots = tmp_path / "shots"
            shots.mkdir()
            phone.screenshot(path=shots / f"sheet-{game}.png", full_page=True)
            keep(shots)
            context.close()
        finally:
            served.stop()


def test_without_the_token_the_browser_sees_403(browser, page):
    context = browser.new_context(viewport=PHONE)
    tab = context.new_page()
    answer = tab.goto(f"http://127.0.0.1:{page.port}/")
    assert answer.status == 403 and "Forbidden" in tab.inner_text("body")
    context.close()
