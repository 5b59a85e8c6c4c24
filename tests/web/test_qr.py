"""The game menu's "Phone page": the page's address as a QR code on the OLED, which a
camera decodes (OpenCV's QRCodeDetector standing in for a phone)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from web_helpers import Played

from companion.session.game_menu import PHONE_PAGE
from companion.ui import qr
from companion.ui.render import render
from hardware.buttons import ButtonEvent

LONGEST = "HTTP://192.168.100.123:65535/ABCDEFGHIJKLMNOP/"


def decoded(image) -> str:
    """What a camera reads off the OLED image (enlarged 6 times, as a photo of it)."""
    pixels = np.array(image.convert("L"))
    big = cv2.resize(pixels, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST)
    framed = cv2.copyMakeBorder(big, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=0)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(framed)
    return text


@pytest.mark.parametrize("address", [LONGEST, "HTTP://10.0.0.2:8067/Q2RT7ZMZ5ZQ4AB3C/"])
def test_the_code_on_the_oled_scans_to_the_address(address):
    image = render(qr.screen(address, "10.0.0.2:8067"), (128, 64))
    assert decoded(image) == address


def test_the_longest_address_fits_version_2_at_two_pixels_a_module():
    assert len(qr.modules(LONGEST)) == 25


def more(table) -> list[str]:
    """The labels of the game menu's "More..." (the last entry), opened with presses."""
    table.handle(ButtonEvent("up", False))
    assert table.screen().menu.items[-1].label == "More..."
    table.handle(ButtonEvent("select", False))
    return [i.label for i in table.screen().menu.items]


def test_the_game_menu_shows_the_code_while_the_page_is_served(store, live):
    played = Played(store, live)
    table = played.table
    table.handle(ButtonEvent("select", True))
    assert PHONE_PAGE not in more(table)
    table.handle(ButtonEvent("back", False))
    table.handle(ButtonEvent("back", False))
    table.web_address = "HTTP://10.0.0.2:8067/Q2RT7ZMZ5ZQ4AB3C/"
    table.handle(ButtonEvent("select", True))
    for _ in range(more(table).index(PHONE_PAGE)):
        table.handle(ButtonEvent("down", False))
    table.handle(ButtonEvent("select", False))
    screen = table.screen()
    assert screen.kind == "qr" and screen.note == "10.0.0.2:8067"
    image = render(screen, (128, 64))
    image.save(store.path.with_name("phone-page.png"))
    assert decoded(image) == table.web_address
    table.handle(ButtonEvent("ok", False))  # any button: back to its list, nothing applied
    assert table.screen().title == "Game menu, more" and table.steps == 0
