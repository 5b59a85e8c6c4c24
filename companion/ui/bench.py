"""Screen figures: how long a render takes, cold and warm, at each display size.

Printed, never asserted: `companion bench screens` shows them on this machine and on
a Pi. Cold is the first render after the fonts' caches are cleared (reading the
TTF files); "new texts" renders each example screen once with no text measured before
(text.width keeps the widths it has measured); warm renders are every example screen,
many times over.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from . import fonts, text
from .examples import SCREENS, SIZES
from .render import render

ROUNDS = 50


def screen_figures(out: Callable[[str], None] = print, rounds: int = ROUNDS) -> None:
    """Print the cold first render and, per size, the median and slowest warm render."""
    for cached in (fonts.load, fonts.cap_height, fonts.descent, text.width):
        cached.cache_clear()
    start = time.perf_counter()
    render(SCREENS["turn"])
    out(f"first render, fonts read from disk: {(time.perf_counter() - start) * 1e3:.1f} ms")
    fresh = {}
    for name, screen in SCREENS.items():
        text.width.cache_clear()
        start = time.perf_counter()
        render(screen)
        fresh[name] = time.perf_counter() - start
    slowest = max(fresh, key=fresh.get)
    out(f"128x64, new texts: median {statistics.median(fresh.values()) * 1e3:.2f} ms, "
        f"slowest {fresh[slowest] * 1e3:.2f} ms ({slowest})")
    for size in SIZES:
        per_screen = {}
        for name, screen in SCREENS.items():
            start = time.perf_counter()
            for _ in range(rounds):
                render(screen, size)
            per_screen[name] = (time.perf_counter() - start) / rounds
        slowest = max(per_screen, key=per_screen.get)
        out(
            f"{size[0]}x{size[1]}: median {statistics.median(per_screen.values()) * 1e3:.2f} ms, "
            f"slowest {per_screen[slowest] * 1e3:.2f} ms ({slowest}), "
            f"over {len(per_screen)} screens x {rounds}"
        )
