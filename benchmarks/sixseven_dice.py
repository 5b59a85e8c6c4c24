"""Dice numbered 2 to 7 (67 Six Seven): synthetic scenes read as the game reads them.

Renders scenes of two dice whose faces are 2..7 (the 7 face has seven pips: two columns
of three and one in the middle, vision.synth's layout) with `vision.synth.scene`, reads
each with `Expect.of(count=2, values=range(2, 8))` as the session does for a 67 throw,
and prints dice read right, silent errors per 100 dice (a wrong value, a missed die or a
reading of no die, taken unasked: not `needs_confirmation`) and the share of
dice read surely. Seeds from 700000 on: no net was trained on them.

    .venv/bin/python benchmarks/sixseven_dice.py [--scenes 500] [--plain]

`--plain` renders without blur, gradient and JPEG noise.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from vision import synth  # noqa: E402
from vision.score import pairs  # noqa: E402

FIRST_SEED = 700_000
FACES = range(2, 8)


def measure(scenes: int, hard: bool = True) -> dict:
    expect = vision.Expect.of(count=2, values=FACES)
    dice = right = sure = silent = asked_wrong = 0
    wrong_as = Counter()
    for k in range(scenes):
        img, labels = synth.scene(FIRST_SEED + k, n=2, values=FACES, hard=hard)
        readings = vision.read(img, expect)
        matched = pairs(readings, labels)
        dice += len(labels)
        for i, r in enumerate(readings):
            taken = not r.needs_confirmation
            ok = i in matched and r.value == labels[matched[i]]["value"]
            right += ok
            sure += ok and taken
            if not ok and taken:
                silent += 1
                if i in matched:
                    wrong_as[(labels[matched[i]]["value"], r.value)] += 1
            asked_wrong += (not ok) and not taken
        missed = len(labels) - len(matched)
        if missed and not any(r.needs_confirmation for r in readings):
            silent += missed  # a die short, read unasked: the session would count 1 die
    return {"dice": dice, "right": right, "sure": sure, "silent": silent,
            "wrong_as": dict(wrong_as)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=500)
    parser.add_argument("--plain", action="store_true")
    args = parser.parse_args()
    f = measure(args.scenes, hard=not args.plain)
    n = f["dice"]
    print(f"{args.scenes} scenes, {n} dice numbered 2-7"
          f" ({'plain' if args.plain else 'blur, gradient, JPEG noise'})")
    print(f"  read right {100 * f['right'] / n:.2f}%, read surely and right"
          f" {100 * f['sure'] / n:.2f}%, silent errors {100 * f['silent'] / n:.2f} per 100 dice")
    if f["wrong_as"]:
        print("  silent misreadings (true -> read):",
              ", ".join(f"{a}->{b} x{c}" for (a, b), c in sorted(f["wrong_as"].items())))


if __name__ == "__main__":
    main()
