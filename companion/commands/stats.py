"""`companion stats`: per-player statistics over the finished games, and whether the dice
are fair: every stored throw counted by face (per physical die where the game tells
dice apart), a chi-square test of each, and how many more throws it would take to tell
a die whose one face comes up with `--bias` (default 1 in 5; fair: 1 in 6). The same
figures are on the score-sheet page's Stats (docs/web.md). `--json` prints one object
for other tools. A store this user may not write is read read-only.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.commands.folder import store_file


def _chance(text: str) -> float:
    value = float(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError("a chance between 0 and 1, e.g. 0.2")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="PATH", type=store_file, help="the game store (default: "
                        "~/.local/state/companion/companion.db; the service's is "
                        "/var/lib/companion/companion.db)")
    parser.add_argument("--bias", type=_chance, metavar="CHANCE",
                        help="the chance of one face of the biased die asked about "
                        "(default 0.2: 1 time in 5)")
    parser.add_argument("--json", action="store_true", help="one JSON object")


def run(args: argparse.Namespace) -> int:
    from companion.commands.history import stored_games
    from companion.store import StoreError
    from companion.web import fairness
    from companion.web.players import players

    bias = args.bias or fairness.FAVOURED
    try:
        stored = stored_games(args.store)
    except StoreError as e:
        print(f"companion stats: {e}", file=sys.stderr)
        return 1
    if stored is None:
        return 0
    _, unfinished, records = stored
    lines = players(records)
    try:
        report = fairness.weigh([*records, *([unfinished] if unfinished else [])])
        needs = {d.name: d.to_tell(bias) for d in report.dice}
    except ValueError as e:  # a bias of exactly 1 in the number of faces
        print(f"companion stats: --bias {bias}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({
            "players": [{"name": x.name, "games": x.games, "wins": x.wins, "best": x.best,
                         "by_game": dict(x.by_game)} for x in lines],
            "dice": [{"name": d.name, "faces": list(d.faces), "counts": list(d.counts),
                      "throws": d.throws, "chi2": round(d.chi2, 4), "df": d.df,
                      "p": d.p, "testable": d.enough, "bias": bias,
                      "throws_to_tell": needs[d.name],
                      "more_throws": max(0, needs[d.name] - d.throws)} for d in report.dice],
            "games": report.games, "skipped": report.skipped,
        }))
        return 0
    print("Players")
    if not lines:
        print("  No game has ended yet.")
    for x in lines:
        kinds = ", ".join(f"{title} {n}" for title, n in x.by_game)
        print(f"  {x.name}: {x.games} games, {x.wins} won ({x.wins / x.games:.0%}), "
              f"best {x.best} ({kinds})")
    print("\nAre the dice fair?")
    print(f"  {report.summary()}")
    for d in report.dice:
        print(f"\n  {d.name}")
        print("    face     " + "".join(f"{f:>6}" for f in d.faces))
        print("    seen     " + "".join(f"{c:>6}" for c in d.counts))
        print("    expected " + "".join(f"{e:>6.1f}" for e in d.expected))
        print(f"    {d.verdict(bias)}")
    return 0
