"""Vision figures: the dice reader scored on the real photographs and on synthetic scenes.

`vision_figures(photos=None, out=print, limit=None, synthetic=1000, as_labelled=False,
values=None, failures_set=0)`
prints one line per photo set and split (the images the nets were trained on, and the
held-out validation images: every row whose label does not say "split": "train"; labels
with vision.photo_sets.LABEL_FIXES applied unless `as_labelled`), then the synthetic mix,
then the speed: median milliseconds per 640x480 frame, and per photo of another size,
with OpenCV on 1 and on 2 threads (wall clock and the CPU time of the read).
Each line gives dice read right (% of labelled dice), wrong values, dice missed, false
readings per image, images read exactly right, silent errors per 100 dice (wrong values
and readings of no die the player would not be asked about: they reach the score
unasked) and the share of dice read surely and right (the rest are asked about, or
missed). With `failures_set`, the scenes of what the reader was never trained on
(`vision.synth_failures`) are scored kind by kind. It returns the figures as a dict
{line name: {...}} so callers (companion bench, tests) can use them.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from vision.image_file import UnreadableImage, load, load_as_labelled
from vision.photo_sets import SPLITS, fixes_applied, load_labels, photo_sets
from vision.score import score_photo_set  # noqa: F401  (the benchmarks import it from here)

REPO = Path(__file__).resolve().parents[2]


def photos_dir(explicit: str | os.PathLike | None = None) -> Path:
    """Where the photographs are: explicit, $COMPANION_DICE_PHOTOS, or ../shared/dice-photos."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("COMPANION_DICE_PHOTOS")
    if env:
        return Path(env)
    return (REPO / ".." / "shared" / "dice-photos").resolve()


def readable_photos(set_dir: Path, split: str | None = None, out=print) -> list:
    """[(row, image)] of one set's photos (and split) whose file can be read, for the
    benchmarks that change each photo many times; each one that cannot be is said."""
    rows = []
    for r in load_labels(set_dir, split):
        try:
            rows.append((r, load_as_labelled(set_dir / r["image"], r.get("width"),
                                             r.get("height"))))
        except UnreadableImage as exc:
            out(f"{set_dir.name}: {r['image']} left out: {exc}")
    return rows


def synthetic_scenes(n: int, seed0: int = 10_000):
    """The benchmark's synthetic mix: every condition the reader must handle."""
    from vision import synth

    kinds = ("coin", "card", "hand", "shadow")
    for i in range(n):
        s = seed0 + i
        yield synth.scene(
            s,
            touching=(i % 3 == 0),
            side_faces=(i % 5 == 0),
            values=range(1, 8),
            distractors=(kinds[i % 4],) if i % 2 else (),
        )


def close_up_scenes(n: int = 60):
    """Scenes of dice 110-180 px wide in 640x480 (a camera close by; "Big dice")."""
    from vision import synth

    for seed in range(800, 800 + n):
        yield synth.scene(seed, values=range(1, 8), die_size=(110, 180))


def filling_scenes(n: int = 40):
    """Single dice 200-420 px wide in 640x480, eight looks in turn (a camera very close;
    "Dice filling the frame")."""
    import numpy as np

    from vision.synth import Die, render

    looks = ["white", "black", "red", "magenta", "blue", "yellow", "ivory", "green"]
    for seed in range(n):
        rng = np.random.default_rng(seed)
        size = float(rng.uniform(200, 420))
        value, angle = int(rng.integers(1, 7)), float(rng.uniform(0, 90))
        die = Die(value, looks[seed % 8], (320, 240), size, angle)
        yield render([die], size=(640, 480), seed=seed, gradient=0.3, jpeg=80)


def empty_trays(n: int = 400):
    """Trays with coins, cards, hands and shadows and no die, 640x480."""
    import numpy as np

    from vision import synth

    kinds = ("coin", "card", "hand", "shadow")
    for seed in range(n):
        rng = np.random.default_rng(seed)
        things = tuple(rng.choice(kinds, size=int(rng.integers(1, 4))))
        yield synth.scene(50_000 + seed, n=0, distractors=things, extra=bool(seed % 2))


def score_scenes(scenes):
    """Tally of `vision.read` on (frame, labels) scenes, values only."""
    import vision
    from vision.score import Tally, match

    total = Tally()
    for img, labels in scenes:
        total.add(match(vision.read(img), labels))
    return total


def score_synthetic(n: int = 1000):
    import vision
    from vision.score import Tally, match

    total = Tally()
    for img, labels in synthetic_scenes(n):
        total.add(match(vision.read(img), labels, colour=True))
    return total


def score_failure_kind(kind: str, n: int = 40, seeds: int | None = None):
    """Tally of one kind of `vision.synth_failures` scenes, read as a game with six-sided
    dice reads them (`Expect(values=1..6)`), against their values only (a greyscale
    frame has no colour to tell)."""
    import vision
    from vision import synth_failures
    from vision.score import Tally, match

    expect = vision.Expect.of(values=range(1, 7))
    seeds = synth_failures.REPORTING if seeds is None else seeds
    total = Tally()
    for img, labels in synth_failures.failure_set(kind, n, seeds):
        total.add(match(vision.read(img, expect), labels))
    return total


def failure_figures(out=print, n: int = 40, seeds: int | None = None, kinds=None) -> dict:
    """Per kind of scene the reader was never trained on (`vision.synth_failures`), and
    all kinds together: print and return the figures, as `vision_figures` does for its
    sets. The reporting seeds unless `seeds` says otherwise (tune on DEVELOPMENT)."""
    from vision import synth_failures
    from vision.score import Tally

    results, every = {}, Tally()
    for kind in kinds or synth_failures.KINDS:
        t = score_failure_kind(kind, n, seeds)
        every.add(t)
        results[f"failures: {kind}"] = figures(t)
        out(line(f"failures: {kind}", results[f"failures: {kind}"]))
    results["failures: all"] = figures(every)
    out(line("failures: all", results["failures: all"]))
    return results


def frame_ms(frames, threads: int, repeats: int = 3) -> tuple[float, float]:
    """Median milliseconds of `vision.read` per frame with OpenCV on `threads` threads:
    (wall clock, CPU time of this process). On a machine others load, the wall clock
    counts their time too; the CPU time is what the read cost (all threads summed)."""
    import cv2

    import vision

    before = cv2.getNumThreads()
    cv2.setNumThreads(threads)
    try:
        vision.read(frames[0])  # load the nets outside the timing
        ms, cpu = [], []
        for _ in range(repeats):
            for f in frames:
                t0, c0 = time.perf_counter(), time.process_time()
                vision.read(f)
                ms.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
        return round(statistics.median(ms), 2), round(statistics.median(cpu), 2)
    finally:
        cv2.setNumThreads(before)


def timing_frames(sets: list[Path], n: int = 40, other_sizes: bool = False):
    """Frames to time and what they are: the first n photos of 640x480 (or, `other_sizes`,
    of any other size: a photo is read closer where its dice are small), else synthetic
    scenes (shrunk to 512x384 for other sizes), which read faster than photos: the speed
    line says which it timed."""
    frames = []
    for sd in sets:
        for row in load_labels(sd):
            size = (row.get("width"), row.get("height"))
            if (size != (640, 480)) == other_sizes and len(frames) < n:
                try:
                    img = load(sd / row["image"])
                except UnreadableImage:
                    continue
                if (img.shape[:2] != (480, 640)) == other_sizes:
                    frames.append(img)
    if frames:
        return frames, "photos"
    import cv2

    return [cv2.resize(img, (512, 384), interpolation=cv2.INTER_AREA) if other_sizes
            else img for img, _ in synthetic_scenes(n)], "synthetic scenes: no such photos"


def speed_line(name: str, timed: dict) -> str:
    return f"median ms per {name}: " + ", ".join(
        f"{k} {wall} ms (CPU {cpu} ms)" for k, (wall, cpu) in timed.items())


def figures(t) -> dict:
    return {
        "images": t.images,
        "dice": t.dice,
        "right_pct": round(100.0 * t.right / max(t.dice, 1), 2),
        "wrong_value": t.wrong_value,
        "missed": t.missed,
        "false_per_image": round(t.false / max(t.images, 1), 3),
        "exact_pct": round(100.0 * t.exact / max(t.images, 1), 2),
        "silent": t.silent,
        "silent_per_100": round(100.0 * t.silent / max(t.dice, 1), 2),
        "sure_right_pct": round(100.0 * t.sure_right / max(t.dice, 1), 2),
        "unreadable": t.unreadable,
    }


def line(name: str, f: dict) -> str:
    """One set's figures. Scenes with no die (the empty trays) have no rate to give: their
    line counts the sure readings, each a thing read as a die unasked."""
    silent = (f"silent/100 {f['silent_per_100']:5.2f}  sure {f['sure_right_pct']:6.2f}%"
              if f["dice"] else f"sure readings of no die {f['silent']}")
    return (
        f"{name:<50} images {f['images']:>4}  dice {f['dice']:>5}  "
        f"right {f['right_pct']:6.2f}%  wrong {f['wrong_value']:>3}  missed {f['missed']:>4}  "
        f"false/img {f['false_per_image']:.3f}  exact {f['exact_pct']:6.2f}%  "
        + silent
        + (f"  ({n} image{'s' * (n > 1)} could not be read, left out)"
           if (n := f.get("unreadable")) else "")
    )


def vision_figures(
    photos: str | os.PathLike | None = None,
    out=print,
    limit: int | None = None,
    synthetic: int = 1000,
    as_labelled: bool = False,
    values=None,
    failures_set: int = 0,
    speed: bool = True,
) -> dict:
    """Score the reader on every photo set and split, `synthetic` scenes, and its speed;
    print and return the figures. Photo labels have LABEL_FIXES applied (each line says
    how many) unless `as_labelled`. With `values` the photos are read as a game reads
    dice that show only those counts (the synthetic scenes, which have 7s, are not).
    `failures_set`: that many scenes of each kind the reader never trained on too
    (`failure_figures`); `speed`: the speed line (False: not timed)."""
    results = {}
    root = photos_dir(photos)
    sets = photo_sets(root)
    if not sets:
        out(f"vision: no photo sets under {root} (set COMPANION_DICE_PHOTOS)")
    elif values is not None:
        out(f"photos read as dice showing {min(values)}-{max(values)}")
    for sd in sets:
        for split in SPLITS:
            t, _ = score_photo_set(sd, limit, split, as_labelled, values)
            if t.images or t.unreadable:
                name = f"{sd.name} {split}"
                results[name] = figures(t)
                n = 0 if as_labelled else fixes_applied(sd, split, limit)
                fixes = f"  ({n} label{'s' * (n > 1)} fixed)" if n else ""
                out(line(name, results[name]) + fixes)
    if synthetic:
        t = score_synthetic(synthetic if limit is None else min(synthetic, limit))
        results["synthetic"] = figures(t)
        out(line("synthetic", results["synthetic"]))
    if synthetic:
        for name, scenes, n in (("close-ups, dice 110-180 px", close_up_scenes, 60),
                                ("dice filling the frame, 200-420 px", filling_scenes, 40),
                                ("empty trays with things on them", empty_trays, 400)):
            n = n if limit is None else min(n, limit)
            name = f"{name} ({n})"
            results[name] = figures(score_scenes(scenes(n)))
            out(line(name, results[name]))
    if failures_set:
        results.update(failure_figures(out, failures_set))
    if not speed:
        return results
    for key, other, name in (("speed", False, "640x480 frame"),
                             ("speed, other sizes", True, "photo of another size")):
        frames, what = timing_frames(sets, other_sizes=other)
        results[key] = {f"{n} thread{'s' * (n > 1)}": frame_ms(frames, n) for n in (1, 2)}
        sizes = sorted({f"{f.shape[1]}x{f.shape[0]}" for f in frames}) if other else []
        out(speed_line(f"{name} ({', '.join(sizes + [what])})", results[key]))
    return results
