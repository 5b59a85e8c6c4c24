"""Fit the figures of 216's win chance (companion/advice/two_sixteen_win.py).

Plays seeded two-player games with the expectation advice and prints, for pasting
into that module: TURN, the share of turns adding each number of points, and CHASE,
the chance a turn adds at least x points when played for that (x = 0 to 30),
averaged over the Offers and hands met at the start of those turns.

.venv/bin/python benchmarks/two_sixteen_chase.py [--games N] [--starts N]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.advice import two_sixteen
from companion.advice.two_sixteen import OUTCOMES, Worth, first_value
from companion.advice.two_sixteen_win import MOST
from companion.rules.two_sixteen import GAME


def turns(games: int, seed: int = 1):
    """(the state at a turn's start, the points that turn added) of seeded games."""
    rng = random.Random(seed)
    for _ in range(games):
        state = GAME.new(2)
        start = None
        while not state.is_over():
            if state.phase == "throw" and state.throwing == "first":
                if start is not None:
                    yield start, state.totals[start.seat] - start.totals[start.seat]
                start = state
            chance = state.chance()
            if chance:
                state = state.apply(chance.sample(rng))
            else:
                state = state.apply(two_sixteen.advise(state, "points")[0].action)


def chase(start, need: int) -> float:
    """The chance the turn from `start` adds at least `need` points, played for it."""
    worth = Worth(lambda p, s, t: float(p >= need), bool(start.help_deck or start.help_discards))
    hand = two_sixteen._modifiers(start.hands[start.seat])
    offer = tuple(dict.fromkeys(start.offer))
    return sum(p * first_value(tuple(sorted(d)), hand, offer, False, 0, worth)[0]
               for d, p in OUTCOMES[3])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--starts", type=int, default=300, help="turn starts CHASE averages")
    args = parser.parse_args()
    seen = list(turns(args.games))
    gains = Counter(g for _, g in seen)
    print("TURN = {" + ", ".join(f"{g}: {n / len(seen):.4f}" for g, n in sorted(gains.items()))
          + "}")
    print(f"# {len(seen)} turns, mean {sum(g for _, g in seen) / len(seen):.2f} points")
    starts = random.Random(2).sample([s for s, _ in seen], min(args.starts, len(seen)))
    table = [sum(chase(s, x) for s in starts) / len(starts) for x in range(MOST + 1)]
    print("CHASE = (" + ", ".join(f"{c:.4f}" for c in table) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
