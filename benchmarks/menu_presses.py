"""Presses to reach any option of a decision menu, and any entry of the game menu, over
random positions of each game.

Plays random games by the rules (each decision a random legal option, chance sampled)
and, at every decision, builds the menu the table shows (`session.play.decision_menu`:
the best first, then the game's groups) and counts for every option the fewest presses
that choose it (Up/Down with wrapping, Select into each group, Select on the option;
`session.menus.presses`). Prints per game: the decisions seen, options per decision,
the longest list shown, and the presses (median and worst) grouped and as one flat list.
Then the same for the game menu (`session.game_menu.entries`, with the phone page
served) at every moment of those games, decisions and throws alike, counted from its
first entry (the long Select that opens it not counted).

.venv/bin/python benchmarks/menu_presses.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import rules
from companion.session import game_menu, menus
from companion.session.offstage import Offstage, positions
from companion.session.play import decision_menu


def longest(entries) -> int:
    return max([len(entries)] + [longest(v.entries) for _, v in entries
                                 if isinstance(v, menus.Group)])


def counted(entries) -> tuple[list[int], list[int]]:
    """The presses to each option of `entries` (groups opened) and as one flat list."""
    counts = [n for _, n in menus.presses(entries)]
    total = len(counts)
    return counts, [min(i, total - i) + 1 for i in range(total)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="random games of each game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<10} {'decisions':>9} {'options med/max':>16} {'list max':>8} "
          f"{'presses med/max':>16} {'flat med/max':>13}")
    for name, game in rules.GAMES.items():
        rng = random.Random(args.seed)
        sizes, lists, reached, flat = [], [], [], []
        for state in positions(game, rng, args.games):
            choices = decision_menu(Offstage, state)
            entries = list(zip(choices.items, choices.values))
            counts, plain = counted(entries)
            sizes.append(len(counts))
            lists.append(longest(entries))
            reached += counts
            flat += plain
        print(f"{name:<10} {len(sizes):>9} "
              f"{statistics.median(sizes):>9.0f}/{max(sizes):<6} {max(lists):>8} "
              f"{statistics.median(reached):>9.0f}/{max(reached):<6} "
              f"{statistics.median(flat):>6.0f}/{max(flat):<6}")
    print(f"\n{'game menu':<10} {'moments':>9} {'entries med/max':>16} {'list max':>8} "
          f"{'presses med/max':>16} {'flat med/max':>13}")
    for name, game in rules.GAMES.items():
        rng = random.Random(args.seed)
        sizes, lists, reached, flat = [], [], [], []
        for state in positions(game, rng, args.games, chance=True):
            entries = game_menu.entries(Offstage, state)
            counts, plain = counted(entries)
            sizes.append(len(counts))
            lists.append(longest(entries))
            reached += counts
            flat += plain
        print(f"{name:<10} {len(sizes):>9} "
              f"{statistics.median(sizes):>9.0f}/{max(sizes):<6} {max(lists):>8} "
              f"{statistics.median(reached):>9.0f}/{max(reached):<6} "
              f"{statistics.median(flat):>6.0f}/{max(flat):<6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
