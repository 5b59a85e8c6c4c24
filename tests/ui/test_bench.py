"""`companion bench screens` prints its figures (what they are is for a person to read)."""

from __future__ import annotations

from companion.ui.bench import screen_figures


def test_screen_figures_cover_the_cold_render_and_both_sizes():
    lines: list[str] = []
    screen_figures(lines.append, rounds=1)
    assert lines[0].startswith("first render")
    assert [line.split(":")[0] for line in lines[1:]] == ["128x64, new texts", "128x64", "128x32"]
