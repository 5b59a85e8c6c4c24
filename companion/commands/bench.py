"""`companion bench`: speed and accuracy figures, printed, never asserted.

Targets (advice build under 2 s, a query under 5 ms, the dice reader's accuracy
and milliseconds per frame) are measured here so they can be watched on this
machine and on a Pi, without timed tests that fail on a busy machine.
"""

from __future__ import annotations

import argparse

from companion.commands.read import value_range

PARTS = ("advice", "vision", "screens")
TOURNEY_PAIRS = 400


def part(name: str) -> str:
    """One PART, checked here: argparse's `choices` with nargs="*" refuses no PART at all
    before Python 3.12 ("invalid choice: []")."""
    if name not in PARTS:
        raise argparse.ArgumentTypeError(f"no part {name!r}; parts: {', '.join(PARTS)}")
    return name


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "parts", nargs="*", type=part, metavar="PART",
        help=f"what to measure: {', '.join(PARTS)} (default: all)",
    )
    parser.add_argument(
        "--photos", metavar="DIR",
        help="folder of labelled dice photo sets (default: ../shared/dice-photos)",
    )
    parser.add_argument(
        "--limit", type=int, metavar="N", help="at most N images per set (quicker)"
    )
    parser.add_argument(
        "--no-speed", action="store_true",
        help="with vision: leave out the timing of the reads (quicker)",
    )
    parser.add_argument(
        "--as-labelled", action="store_true",
        help="score the photos against their labels as shipped, without vision's label fixes",
    )
    parser.add_argument(
        "--values", metavar="LO-HI", type=value_range,
        help="read the photos as a game with dice showing these counts does, e.g. 1-6",
    )
    parser.add_argument(
        "--failures-set", nargs="?", type=int, const=40, default=0, metavar="N",
        help="also score N (default 40) synthetic scenes of each kind the reader was never"
        " trained on: coins, cards, checked cloth, symbols, stacked and tilted dice, ...",
    )
    parser.add_argument(
        "--tourney", nargs="?", type=int, const=TOURNEY_PAIRS, default=0, metavar="PAIRS",
        help="with advice: also play PAIRS (default %(const)s) pairs of two-player games of"
        " each game whose advice plays to win, against the expectation advice it replaced",
    )
    parser.add_argument(
        "--nets", metavar="DIR",
        help="read with the nets in DIR (dice_finder.onnx, dice_faces.onnx: nets learnt at "
        "a table, `companion learn`, or trained apart) instead of the shipped ones",
    )


def run(args: argparse.Namespace) -> int:
    parts = args.parts or PARTS
    if "advice" in parts:
        from companion.advice.bench import advice_figures

        print("== advice")
        advice_figures()
        if args.tourney:
            from companion.advice.tourney import games_with_aims, tourney

            print("== advice against the expectation advice (paired two-player games)")
            for game in games_with_aims():
                print(tourney(game, args.tourney).line(), flush=True)
    if "vision" in parts:
        from companion.commands.bench_vision import vision_figures

        print("== dice reader")
        if args.nets:
            from vision.learn import use_learnt

            if not use_learnt(args.nets):
                print(f"companion bench: no dice_finder.onnx and dice_faces.onnx in {args.nets}")
                return 2
            print(f"(with the nets in {args.nets})")
        vision_figures(
            args.photos, limit=args.limit, as_labelled=args.as_labelled, values=args.values,
            failures_set=args.failures_set, speed=not args.no_speed,
        )
    if "screens" in parts:
        from companion.ui.bench import screen_figures

        print("== screens")
        screen_figures()
    return 0
