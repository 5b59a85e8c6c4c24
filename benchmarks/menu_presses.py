"""Presses to reach any option of a decision menu, over random positions of each game.

Plays random games by the rules (each decision a random legal option, chance sampled)
and, at every decision, builds the menu the table shows (`session.play.decision_menu`:
the best first, then the game's groups) and counts for every option the fewest presses
that choose it (Up/Down with wrapping, Select into each group, Select on the option;
`session.menus.presses`). Prints per game: the decisions seen, options per decision,
the longest list shown, and the presses (median and worst) grouped and as one flat list.

.venv/bin/python benchmarks/menu_presses.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import advice, rules
from companion.session import menus
from companion.session.play import decision_menu


class Seat:
    """What `decision_menu` asks of the table: the advice, and names for seats."""

    names: tuple[str, ...] = ()

    @staticmethod
    def advice(state):
        return advice.for_state(state)

    @staticmethod
    def named(text: str) -> str:
        return text


def longest(entries) -> int:
    return max([len(entries)] + [longest(v.entries) for _, v in entries
                                 if isinstance(v, menus.Group)])


def positions(game, rng: random.Random, games: int, most: int = 400):
    """The decision states of `games` random games (at most `most` steps each)."""
    for _ in range(games):
        state = game.new(game.min_players, {})
        for _ in range(most):
            if state.is_over():
                break
            chance = state.chance()
            if chance is not None:
                state = state.apply(chance.sample(rng))
                continue
            yield state
            state = state.apply(rng.choice(state.legal_actions()))


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
            choices = decision_menu(Seat, state)
            entries = list(zip(choices.items, choices.values))
            counts = [n for _, n in menus.presses(entries)]
            total = len(counts)
            sizes.append(total)
            lists.append(longest(entries))
            reached += counts
            flat += [min(i, total - i) + 1 for i in range(total)]
        print(f"{name:<10} {len(sizes):>9} "
              f"{statistics.median(sizes):>9.0f}/{max(sizes):<6} {max(lists):>8} "
              f"{statistics.median(reached):>9.0f}/{max(reached):<6} "
              f"{statistics.median(flat):>6.0f}/{max(flat):<6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
