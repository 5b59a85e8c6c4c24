"""Time the advice: table builds, queries, odds; or play it against the advice it replaced.

.venv/bin/python benchmarks/advice_bench.py [--states N] [--tourney PAIRS [--game GAME]]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.advice.bench import QUERY_STATES, advice_figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--states", type=int, default=QUERY_STATES, help="decisions to time advise() on"
    )
    parser.add_argument(
        "--tourney", type=int, default=0, metavar="PAIRS",
        help="only play PAIRS pairs of two-player games per game, new advice against old",
    )
    parser.add_argument("--game", help="with --tourney: this game only")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="with --tourney: the seed of the first pair (to split a run)")
    args = parser.parse_args()
    if args.tourney:
        from companion.advice.tourney import games_with_aims, tourney

        for game in [args.game] if args.game else games_with_aims():
            print(tourney(game, args.tourney, first_seed=args.first_seed,
                          every=lambda r: print("  so far:", r.line(), flush=True)).line(),
                  flush=True)
        return 0
    advice_figures(states=args.states)
    return 0


if __name__ == "__main__":
    sys.exit(main())
