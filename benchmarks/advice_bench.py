"""Time the Risk 'n' Roll advice: table builds (per card rules and all), queries, odds.

.venv/bin/python benchmarks/advice_bench.py [--states N]
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
    advice_figures(states=parser.parse_args().states)
    return 0


if __name__ == "__main__":
    sys.exit(main())
