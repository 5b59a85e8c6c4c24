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
`--hard`: the hard tables (`synth.table(hard=True)`: lamps 2000 K to shade and tinted,
felts of any colour, dark pips on light colours too), development seeds 2000+, reported
700000+. `--lamp`: tables of the second renderer (`vision.synth_lamp`: spectra, light per
pixel, the felt's bounce, gloss, a camera balanced up to 1500 K off), a held-out check
only: nothing is tuned on it, its seeds 900000+ (no development seeds). `--seed N`:
the tables from seed N instead (a fresh set: table t of light l is N + 1000 l + 10 t,
its throws the next seeds; pick N apart from every range named here and in the docs,
and name it before reading its figures). `--camera`: every frame of a table passed
through a camera drawn for it (`vision.synth_camera`: a white balance far off, a colour
matrix mixing and crushing channels, light added, another tone curve and saturation,
gloss, JPEG): a development set unlike the renderer's own. The setup
calibration is counted four ways: taken whole (every die given its own colour), taken
in part (some dice left out, their colours not learnt: the rest given their own),
taken with a colour learnt from another colour's die (swapped, whole or in part:
never wanted), or refused. The calibrated figures count the sessions taken in part
with their partial calibration.

Two more modes learn the table's colours from its throws as the players confirm them
(`vision.learnt_colours`, learn29): "uncalibrated, learning" starts uncalibrated,
"calibrated, learning" from the setup's calibration (none where refused); after each
throw a die read surely keeps the name read, right or wrong (nobody corrects it), a die
asked takes its true colour (the player's answer), and the dice asked are learnt for the
table's later throws. The last line counts the colours learnt from play, those learnt
from a die of another colour (swapped: never wanted), the throws taught and refused.

`--rows` (this figure alone): the players' way out of a setup refused because its
colours could not be told (`vision.calibrate.ColoursUntold`): the same table and light,
the six dice laid in a row in the game's CALIBRATE order (`synth.charidice_scene(row=
True)`) and calibrated with those names (`calibrate(frame, known)`), counted taken,
refused, or swapped (a colour learnt from another colour's die); and the row laid
wrong, each two neighbours exchanged, named in the same order: accepted is a swapped
calibration taken. The THROWS throws of the tables whose row was taken are read
uncalibrated and with the row's calibration.

    .venv/bin/python benchmarks/charidice_colours.py [--tables 20] [--throws 6] [--dev]
        [--hard | --lamp] [--rows] [--seed N] [--camera]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from vision import synth, synth_camera, synth_lamp  # noqa: E402
from vision.score import pairs  # noqa: E402

DEV_SEED, HELD_OUT_SEED = 1000, 500_000
HARD_DEV_SEED, HARD_HELD_OUT_SEED = 2000, 700_000
LAMP_SEED = 900_000
#: the renderers of tables: (their lights, table(seed, light), charidice_scene)
RENDERERS = {
    "easy": (synth.LIGHTS, synth.table, synth.charidice_scene),
    "hard": (synth.LIGHTS, lambda seed, light: synth.table(seed, light, hard=True),
             synth.charidice_scene),
    "lamp": (synth_lamp.LIGHTS, synth_lamp.table, synth_lamp.charidice_scene),
}


def through_camera(renderer: tuple) -> tuple:
    """A renderer (RENDERERS) whose frames pass through a real camera's ways
    (`vision.synth_camera`: one camera per table, drawn from the table's seed): a
    development set unlike the renderer's own, every frame otherwise as it draws it."""
    lights, make_table, charidice_scene = renderer

    def table(seed, light):
        return (make_table(seed, light), synth_camera.Camera.drawn(seed))

    def scene(seed, at, **kw):
        img, labels = charidice_scene(seed, at[0], **kw)
        return synth_camera.perturbed(img, labels, at[1], seed), labels

    return lights, table, scene


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


def run(seed0: int, tables: int, throws: int, calibrate, verbose: bool = False,
        renderer: str = "easy"):
    """({"uncalibrated"/"calibrated": {key: Tally}}, {"whole"/"part"/"swapped"/"refused": n})
    over `tables` tables per light of a renderer (RENDERERS)."""
    lights, make_table, charidice_scene = (
        through_camera(RENDERERS[renderer[:-len("+camera")]])
        if renderer.endswith("+camera") else RENDERERS[renderer])
    from vision.learnt_colours import Learnt

    out = {k: defaultdict(Tally) for k in MODES}
    setups = {"whole": 0, "part": 0, "swapped": 0, "refused": 0}
    learning = dict.fromkeys(LEARNING_COUNTS, 0)
    for li, light in enumerate(lights):
        for t in range(tables):
            seed = seed0 + 1000 * li + 10 * t
            at = make_table(seed, light)
            setup, setup_labels = charidice_scene(seed, at, dice=range(6), values=[1] * 6)
            try:
                cal, taken = calibrate(setup, setup_labels)
                setups[taken] += 1
                if verbose and taken != "whole":
                    how = "with colours swapped" if taken == "swapped" else "in part"
                    learnt = ", ".join(n for n, _x in cal.seen)
                    print(f"  calibration taken {how} ({light}, seed {seed}): {learnt} learnt")
            except ValueError as exc:  # refused: the session plays uncalibrated
                setups["refused"] += 1
                cal = None
                if verbose:
                    print(f"  calibration refused ({light}, seed {seed}): {exc}")
            learnt = {"uncalibrated, learning": Learnt(None), "calibrated, learning": Learnt(cal)}
            for k in range(throws):
                img, labels = charidice_scene(seed + 1 + k, at)
                expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
                for mode, c in (("uncalibrated", None), ("calibrated", cal),
                                *((m, lt.calibration()) for m, lt in learnt.items())):
                    tally = out[mode]
                    readings = vision.read(img, expect, calibration=c)
                    errors = score(readings, labels,
                                   lambda lab, t=tally, light=light: [t["all"], t[light]]
                                   + ([t[lab["colour"]]] if lab else []))
                    if verbose and errors:
                        print(f"  {mode} {light} seed {seed + 1 + k}: " + "; ".join(errors))
                    if mode in learnt:
                        confirm(learnt[mode], img, readings, labels, learning)
            for lt in learnt.values():
                learning["swapped"] += len(swapped_learnt(lt))
                learning["colours"] += len(lt.colours())
                learning["taught"] += lt.taught
                learning["refused"] += lt.refused
    return out, setups, learning


#: the modes of `run`: read uncalibrated, with the setup's calibration, and the two
#: learning from the throws confirmed so far (`vision.learnt_colours`)
MODES = ("uncalibrated", "calibrated", "uncalibrated, learning", "calibrated, learning")
#: what the learning modes counted: colours learnt from play, of them learnt from a die
#: of another colour (swapped), throws taught and refused (their names' order), and the
#: dice confirmed under a wrong name (sure dice read wrong: nobody corrects them)
LEARNING_COUNTS = ("colours", "swapped", "taught", "refused", "named wrong")


def confirm(learnt, img, readings, labels, counts) -> None:
    """The players confirm a throw and it is learnt (`Learnt.add_frame`): a die read
    surely keeps the name read, right or wrong (nobody corrects it), a die asked takes
    its true colour (the player's answer); a die asked that is no die is taken away, and
    a die the reader missed is typed in (no box: not learnt). Only the dice asked are
    learnt, the sure ones' names counting in the throw's checks. Each die learnt is kept
    with its true colour to count swaps (`swapped_learnt`); "named wrong" counts the
    sure dice read wrong that the throw's checks saw."""
    matched = pairs(readings, labels)
    boxes, names, truth, kept = [], [], [], []
    for i, r in enumerate(readings):
        lab = labels[matched[i]] if i in matched else None
        if r.needs_confirmation and lab is None:
            continue
        kept.append(r)
        boxes.append(r.bbox)
        names.append(lab["colour"] if r.needs_confirmation else r.colour)
        truth.append(lab["colour"] if lab else None)
        counts["named wrong"] += names[-1] != truth[-1]
    answered = {i for i, r in enumerate(kept) if r.needs_confirmation}
    learnt.truths = getattr(learnt, "truths", []) + [
        truth[i] for i in learnt.add_frame(img, boxes, names, answered)]


def swapped_learnt(learnt) -> list[str]:
    """The colours a table learnt from play (`Learnt.colours`) out of a die of another
    true colour (or of no die)."""
    pairs_ = list(zip(learnt.dice, getattr(learnt, "truths", [])))
    return [c for c in learnt.colours() if any(d.name == c and t != c for d, t in pairs_)]


def setup_calibration(frame, labels):
    """(the setup frame's calibration, "whole", "part" or "swapped": whether it learnt
    any colour from another colour's die); ValueError where it is refused. A face named
    where no die is counts as swapped."""
    from vision import colour
    from vision.calibrate import fitted, setup_faces, setup_names

    faces = setup_faces(frame)
    if len(faces) != 6:
        raise ValueError(f"{len(faces)} dice seen")
    names = setup_names(faces, colour.light_of(frame))
    readings = [vision.DieReading(1, n, f.bbox(frame.shape[1], frame.shape[0]), 1.0)
                for f, n in zip(faces, names)]
    matched = pairs(readings, labels)
    swapped = any(n is not None and (i not in matched or labels[matched[i]]["colour"] != n)
                  for i, n in enumerate(names))
    taken = "swapped" if swapped else "part" if None in names else "whole"
    return fitted(faces, names, colour.light_of(frame)), taken


PLAIN = dict(RENDERERS)
"""The renderers as defined here: a row is drawn afresh, never taken for a scattered
setup of the same seed."""


def rows(seed0: int, tables: int, throws: int, renderer: str,
         verbose: bool = False) -> tuple[dict[str, int], dict[str, Tally]]:
    """({"untold", right row "taken"/"refused"/"swapped", "wrong" rows, "accepted"},
    {"uncalibrated"/"by the row": Tally}) over the setups (as `run` lays them) refused
    because their colours could not be told; the tallies over the `throws` throws of the
    tables whose right row was taken (as `run` throws them)."""
    from companion.ui.games.charidice import CALIBRATE
    from vision.calibrate import ColoursUntold, calibrate

    lights, make_table, charidice_scene = RENDERERS[renderer]
    _lights, plain_table, plain_scene = PLAIN[renderer]
    names = list(CALIBRATE[1])
    laid = [next(d for d in range(6) if synth.charidice_face(d, 1) == c) for c in names]
    out = dict.fromkeys(("untold", "taken", "refused", "swapped", "wrong", "accepted"), 0)
    read = {"uncalibrated": Tally(), "by the row": Tally()}
    for li, light in enumerate(lights):
        for t in range(tables):
            seed = seed0 + 1000 * li + 10 * t
            table = make_table(seed, light)
            setup, labels = charidice_scene(seed, table, dice=range(6), values=[1] * 6)
            try:
                setup_calibration(setup, labels)
                continue
            except ColoursUntold:
                out["untold"] += 1
            except ValueError:
                continue
            at = plain_table(seed, light)
            for k in range(-1, 5):  # -1: the row laid right; k: dice k and k + 1 exchanged
                order = list(laid)
                if k >= 0:
                    order[k], order[k + 1] = order[k + 1], order[k]
                frame, labels = plain_scene(seed, at, dice=order, values=[1] * 6, row=True)
                try:
                    cal = calibrate(frame, names)
                    how = "swapped" if row_swapped(frame, labels, names) else "taken"
                except ValueError as exc:
                    how = "refused"
                    if verbose and k < 0:
                        print(f"  row refused ({light}, seed {seed}): {exc}")
                if k < 0:
                    out[how] += 1
                    for j in range(throws if how == "taken" else 0):
                        img, labels = charidice_scene(seed + 1 + j, table)
                        expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
                        for mode, c in (("uncalibrated", None), ("by the row", cal)):
                            score(vision.read(img, expect, calibration=c), labels,
                                  lambda lab, t=read[mode]: [t])
                else:
                    out["wrong"] += 1
                    out["accepted"] += how != "refused"
                    if verbose and how != "refused":
                        print(f"  wrong row accepted ({light}, seed {seed}, {names[k]} and"
                              f" {names[k + 1]} exchanged)")
    return out, read


def row_swapped(frame, labels, names) -> bool:
    """Whether a row named `names` (in `calibrate`'s order of its faces) gave a die
    another colour's name, or a name where no die is."""
    from vision.calibrate import named_order
    from vision.reader import read_faces

    faces = named_order(read_faces(frame))
    readings = [vision.DieReading(1, n, f.bbox(frame.shape[1], frame.shape[0]), 1.0)
                for f, n in zip(faces, names)]
    matched = pairs(readings, labels)
    return any(i not in matched or labels[matched[i]]["colour"] != n
               for i, n in enumerate(names))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20, help="tables per light")
    ap.add_argument("--throws", type=int, default=6, help="throws per table")
    ap.add_argument("--dev", action="store_true", help="the development seeds")
    ap.add_argument("--seed", type=int, help="the first table's seed (a fresh set)")
    ap.add_argument("--verbose", action="store_true", help="list every silent error")
    ap.add_argument("--rows", action="store_true",
                    help="instead, the row laid where the setup's colours could not be told")
    ap.add_argument("--camera", action="store_true",
                    help="every frame through a real camera's ways (vision.synth_camera)")
    kind = ap.add_mutually_exclusive_group()
    kind.add_argument("--hard", action="store_true", help="the hard tables")
    kind.add_argument("--lamp", action="store_true",
                      help="the second renderer's tables (held out: no --dev)")
    a = ap.parse_args(argv)
    if a.lamp and a.dev:
        ap.error("the second renderer's tables are a held-out check: they have no"
                 " development seeds")
    renderer = "lamp" if a.lamp else "hard" if a.hard else "easy"
    seed0 = {"lamp": LAMP_SEED, "hard": HARD_DEV_SEED if a.dev else HARD_HELD_OUT_SEED,
             "easy": DEV_SEED if a.dev else HELD_OUT_SEED}[renderer]
    which = "development" if a.dev else "held-out"
    if a.seed is not None:
        seed0, which = a.seed, "fresh"
    lights = RENDERERS[renderer][0]
    if a.camera:
        if a.lamp or a.rows:
            ap.error("--camera is for the development renderers' tables, not --lamp or --rows")
        renderer += "+camera"
    t0 = time.perf_counter()
    if a.rows:
        r, read = rows(seed0, a.tables, a.throws, renderer, a.verbose)
        print(f"{renderer} {which} tables (seeds {seed0}+):"
              f" {a.tables} per light x {len(lights)} lights; setups refused for their"
              f" colours {r['untold']}: laid in a row, taken {r['taken']}, refused"
              f" {r['refused']}, taken swapped {r['swapped']}; wrong rows (two neighbours"
              f" exchanged) accepted {r['accepted']} of {r['wrong']}")
        for mode, tally in read.items():
            print(f"  {a.throws} throws of each table taken by the row, {mode:<12}"
                  f" {tally.line()}")
        print(f"{time.perf_counter() - t0:.0f} s")
        return 0
    out, setups, learning = run(seed0, a.tables, a.throws, setup_calibration, a.verbose,
                                renderer)
    print(f"{renderer} {which} tables (seeds {seed0}+):"
          f" {a.tables} per light x {len(lights)} lights, {a.throws} throws each;"
          f" setup calibration taken whole {setups['whole']}, taken in part"
          f" {setups['part']}, taken with colours swapped {setups['swapped']},"
          f" refused {setups['refused']}")
    for mode, tallies in out.items():
        print(mode)
        for key in ("all", *lights, *synth.COLOURS):
            print(f"  {key:<8} {tallies[key].line()}")
    print(f"learning (both modes): colours learnt from play {learning['colours']}, of them"
          f" from a die of another colour {learning['swapped']}; throws taught"
          f" {learning['taught']}, refused by their names' order {learning['refused']};"
          f" dice confirmed under a wrong name {learning['named wrong']}")
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
