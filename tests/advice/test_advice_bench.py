"""The advice figures `companion bench` prints: every part is there (times not judged)."""

from __future__ import annotations

from companion.advice.bench import advice_figures
from companion.rules.risknroll import ACTION_CARDS


def test_the_figures_cover_builds_queries_every_card_and_the_odds():
    lines: list[str] = []
    advice_figures(out=lines.append, states=20)
    text = "\n".join(lines)
    assert "every table, cold" in text
    assert "last turn's chances to win, the most work" in text
    assert "over 20 decisions" in text
    assert "no card / declined: 282." in text
    assert all(f"  {card.name}: " in text for card in ACTION_CARDS)
    assert "6:0.0231" in text and "6:0.0000" in text
    assert "216 advise() with five Help cards (wall / CPU): cold median" in text
    assert "216 advise() for the win with five Help cards (wall / CPU): cold median" in text
    assert "Charidice tables, cold" in text
    assert "max" in text and text.count("over 20 decisions") == 3
    assert "Charidice advise() (CPU): median" in text
    assert "Charidice advise() in the 7th round, a turn's first query (wall / CPU)" in text
    assert "Charidice fresh turn under best play: 30.90 points, 7.90 donated" in text
