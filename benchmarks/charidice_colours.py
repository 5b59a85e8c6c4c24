"""Charidice dice read as the game reads them: value and colour, uncalibrated and after
the setup calibration, on synthetic tables (vision.synth.table: warm, cool, dim, mixed
and neutral light, coloured felt and trays, the camera's white balance pulled by them).

Each table is a session: one setup frame (the six dice showing their 1s) and THROWS
throws of 2-6 of the six dice, each read with the game's Expect (`synth.charidice_expect`:
the count and the faces the thrown dice carry). Per light and per colour it prints:
dice read right (value and colour, whatever the confidence), read right surely
(confidence 0.6 or more, no flag), silent errors per 100 dice (a sure reading with a wrong
value or colour, or of no die) and readings asked about per 100 dice.

Seeds: development tables 1000+ (`--dev`), reported (held-out) tables 500000+ (default).

    .venv/bin/python benchmarks/charidice_colours.py [--tables 20] [--throws 6] [--dev]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from vision import synth  # noqa: E402
from vision.score import pairs  # noqa: E402

DEV_SEED, HELD_OUT_SEED = 1000, 500_000


class Tally:
    def __init__(self):
        self.dice = self.right = self.sure_right = self.silent = self.asked = 0

    def line(self) -> str:
        d = max(self.dice, 1)
        return (f"dice {self.dice:>5}  right {100 * self.right / d:6.2f}%  "
                f"surely right {100 * self.sure_right / d:6.2f}%  "
                f"silent errors/100 {100 * self.silent / d:5.2f}  "
                f"asked/100 {100 * self.asked / d:5.1f}")


def score(readings, labels, tallies) -> list[str]:
    """Add one throw to each tally in `tallies(label or None)`; returns the silent errors."""
    matched = pairs(readings, labels)
    errors = []
    for lab in labels:
        for t in tallies(lab):
            t.dice += 1
    for i, r in enumerate(readings):
        lab = labels[matched[i]] if i in matched else None
        right = lab is not None and (r.value, r.colour) == (lab["value"], lab["colour"])
        sure = not r.needs_confirmation
        for t in tallies(lab):
            t.right += right
            t.sure_right += right and sure
            t.silent += sure and not right
            t.asked += not sure
        if sure and not right:
            want = f"{lab['colour']} {lab['value']}" if lab else "no die"
            errors.append(f"{r.colour} {r.value} (conf {r.confidence:.2f}) for {want}")
    return errors


def run(seed0: int, tables: int, throws: int, calibrate, verbose: bool = False):
    """{"uncalibrated"/"calibrated": {key: Tally}} over `tables` tables per light."""
    out = {k: defaultdict(Tally) for k in ("uncalibrated", "calibrated")}
    refused = 0
    for li, light in enumerate(synth.LIGHTS):
        for t in range(tables):
            seed = seed0 + 1000 * li + 10 * t
            at = synth.table(seed, light)
            setup, _ = synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)
            try:
                cal = calibrate(setup)
            except ValueError as exc:  # refused: the session plays uncalibrated
                refused += 1
                cal = None
                if verbose:
                    print(f"  calibration refused ({light}, seed {seed}): {exc}")
            for k in range(throws):
                img, labels = synth.charidice_scene(seed + 1 + k, at)
                expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
                for mode, c in (("uncalibrated", None), ("calibrated", cal)):
                    tally = out[mode]
                    errors = score(vision.read(img, expect, calibration=c), labels,
                                   lambda lab, t=tally, light=light: [t["all"], t[light]]
                                   + ([t[lab["colour"]]] if lab else []))
                    if verbose and errors:
                        print(f"  {mode} {light} seed {seed + 1 + k}: " + "; ".join(errors))
    return out, refused


def setup_calibration(frame):
    from vision.calibrate import calibrate

    return calibrate(frame)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20, help="tables per light")
    ap.add_argument("--throws", type=int, default=6, help="throws per table")
    ap.add_argument("--dev", action="store_true", help="the development seeds")
    ap.add_argument("--verbose", action="store_true", help="list every silent error")
    a = ap.parse_args(argv)
    seed0 = DEV_SEED if a.dev else HELD_OUT_SEED
    t0 = time.perf_counter()
    out, refused = run(seed0, a.tables, a.throws, setup_calibration, a.verbose)
    print(f"{'development' if a.dev else 'held-out'} tables (seeds {seed0}+): {a.tables} per"
          f" light x {len(synth.LIGHTS)} lights, {a.throws} throws each;"
          f" setup calibration refused on {refused}")
    for mode, tallies in out.items():
        print(mode)
        for key in ("all", *synth.LIGHTS, *synth.COLOURS):
            print(f"  {key:<8} {tallies[key].line()}")
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
