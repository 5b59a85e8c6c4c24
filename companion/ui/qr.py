"""The page's address as a QR code on the OLED ("Phone page" in the game menu).

The code is made by segno (pure Python) and drawn a module to 2x2 pixels: dark modules
are pixels off, light ones lit, inside a lit quiet zone, so a phone sees dark on light
as printed codes are. An address written in capitals (`WebPage.url`) is coded in QR's
alphanumeric mode: with an IPv4 address, a port and the 16-letter token it fits
version 2 (25x25 modules), 50 pixels of the 64.
"""

from __future__ import annotations

from PIL import ImageDraw

from . import text
from .fonts import BODY, SMALL
from .model import Screen

QUIET = 3
"""Modules of quiet zone kept on every side, at least (the standard asks 4; 3 fit)."""


def modules(data: str) -> tuple[tuple[int, ...], ...]:
    """The code's modules, 1 for dark, without its quiet zone: a Screen's `table`."""
    import segno

    code = segno.make(data, error="l", micro=False, boost_error=False)
    return tuple(tuple(int(bool(m)) for m in row) for row in code.matrix)


def screen(address: str, where: str) -> Screen:
    """The screen showing `address` as a code, with `where` (host and port) beside it."""
    return Screen("qr", title="Phone page", note=where, hint="Any button: back",
                  table=modules(address))


def draw(canvas: ImageDraw.ImageDraw, w: int, h: int, screen: Screen) -> None:
    size = len(screen.table)
    scale = max(1, min(2, h // (size + 2 * QUIET)))
    side = min(h, (size + 2 * QUIET) * scale) if scale > 1 else h
    canvas.rectangle((0, 0, side - 1, h - 1), fill=1)
    left = (side - size * scale) // 2
    top = (h - size * scale) // 2
    for y, row in enumerate(screen.table):
        for x, dark in enumerate(row):
            if dark:
                x0, y0 = left + x * scale, top + y * scale
                canvas.rectangle((x0, y0, x0 + scale - 1, y0 + scale - 1), fill=0)
    x = side + 3
    room = w - x
    host, _, port = screen.note.rpartition(":")
    where = [host, f":{port}"] if host else [port]
    if host and text.width(SMALL, host) > room:  # 192.168.100.123 in two: at a dot
        cut = host.rfind(".", 0, len(host) // 2 + 2) + 1 or len(host) // 2
        where = [host[:cut], host[cut:] + f":{port}"]
    lines = [screen.title, "Scan to see", "the sheets", *where] if h >= 48 else where
    y = 10
    for k, line in enumerate(lines):
        face = BODY if k == 0 else SMALL
        text.draw(canvas, (x, y), text.ellipsize(face, line, room), face)
        y += 11 if h >= 48 else 8
        if y > h:
            break
