"""216 card symbols as a player might write them, for property tests of the files players
edit: three dice symbols, then conditions, every symbol docs/216-cards.md names."""

from __future__ import annotations

from hypothesis import strategies as st

SLOT_SYMBOLS = ("?", *"123456", *(f"{sign}{n}" for sign in (">=", "<=") for n in range(1, 7)),
                *(f"{kind}{n}" for kind in "o=!" for n in (1, 2, 3)))
CONDITION_SYMBOLS = ("all-different", "straight", "pair+opp",
                     *(f"no={n}" for n in range(1, 7)),
                     *(f"sum{sign}{n}" for sign in ("=", ">=", "<=") for n in range(3, 19)))


def card_symbols() -> st.SearchStrategy[str]:
    """A card's dice symbols ("? =3 6 no=1"): forward references, circles and dice that
    refer to themselves included, which the reader must refuse or read."""
    return st.tuples(st.lists(st.sampled_from(SLOT_SYMBOLS), min_size=3, max_size=3),
                     st.lists(st.sampled_from(CONDITION_SYMBOLS), max_size=3)).map(
        lambda drawn: " ".join(drawn[0] + drawn[1]))
