"""Each witness to a die's pip count alone, and the two together, as the reader takes
them: the face net (what `vision.read` read before the second witness), the pip count
on the face net's boxes (`vision.witness.pip_count`; "cannot tell" is a question), and
both (a reading is sure only if they agree: `vision.read`). Per photo set and split and
on the benchmark's synthetic scenes: dice read right, read surely and right, silent
errors per 100 dice (docs/vision.md, "Two witnesses").

    .venv/bin/python benchmarks/two_witnesses.py [PHOTOS_DIR ...] [--synthetic N]
        [--values 1-6] [--limit N] [--failures N [--development]] [--no-photos]

Photos: every set under each PHOTOS_DIR (default ../shared/dice-photos, with the sets
kept apart beside it: vision.photo_sets). The photos are read as `companion read --values 1-6` reads
them unless --values says otherwise; the synthetic scenes (which have 7s) untold.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.commands.bench_vision import figures, synthetic_scenes  # noqa: E402
from companion.commands.read import value_range  # noqa: E402
from vision import reader, synth_failures  # noqa: E402
from vision.image_file import UnreadableImage, load_as_labelled  # noqa: E402
from vision.photo_sets import SPLITS, load_labels, photo_sets, read_closer  # noqa: E402
from vision.reading import DieReading  # noqa: E402
from vision.score import Tally, match  # noqa: E402
from vision.witness import pip_count  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared"
WITNESSES = ("face net", "pip count", "both")


def readings(frame, faces) -> list[DieReading]:
    h, w = frame.shape[:2]
    return [DieReading(f.value, None, f.bbox(w, h), f.confidence) for f in faces]


def three_ways(frame, values, closer: bool) -> dict[str, list[DieReading]]:
    """What each witness reads in the frame, and both together."""
    faces = reader.read_faces(frame, values, closer)
    counted = []
    for f in faces:
        n = pip_count(frame, *f.centre, f.size)
        counted.append(replace(f, value=n or 0, confidence=1.0 if n else 0.0))
    return {"face net": readings(frame, faces), "pip count": readings(frame, counted),
            "both": readings(frame, reader.witnessed(frame, faces))}


def score(frames, values) -> tuple[dict[str, Tally], float]:
    tallies = {k: Tally() for k in WITNESSES}
    t0 = time.process_time()
    for frame, labels, closer in frames:
        for k, got in three_ways(frame, values, closer).items():
            tallies[k].add(match(got, labels))
    return tallies, time.process_time() - t0


def photo_frames(set_dir: Path, split: str, limit: int | None):
    for row in load_labels(set_dir, split)[:limit]:
        try:
            img = load_as_labelled(set_dir / row["image"], row.get("width"), row.get("height"))
        except UnreadableImage as exc:
            print(f"{set_dir.name}: {row['image']} left out: {exc}")
            continue
        yield img, row["dice"], read_closer(row)


def show(name: str, tallies: dict[str, Tally]) -> None:
    for k in WITNESSES:
        f = figures(tallies[k])
        print(f"{name:<44} {k:<10} dice {f['dice']:>5}  right {f['right_pct']:6.2f}%  "
              f"sure {f['sure_right_pct']:6.2f}%  silent/100 {f['silent_per_100']:5.2f}",
              flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("photos", nargs="*", type=Path,
                    default=[SHARED / "dice-photos"])
    ap.add_argument("--synthetic", type=int, default=1000)
    ap.add_argument("--values", type=value_range, default=range(1, 7), metavar="LO-HI")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--failures", type=int, default=0, metavar="N",
                    help="N scenes of each kind the reader never trained on (read 1-6)")
    ap.add_argument("--development", action="store_true",
                    help="the failure scenes' development seeds (for tuning), not the"
                    " reporting ones")
    ap.add_argument("--no-photos", action="store_true")
    a = ap.parse_args()
    for root in [] if a.no_photos else a.photos:
        for sd in photo_sets(root):
            for split in SPLITS:
                tallies, _s = score(photo_frames(sd, split, a.limit), a.values)
                if tallies["both"].images:
                    show(f"{sd.name} {split}", tallies)
    if a.synthetic:
        scenes = ((img, labels, True) for img, labels in synthetic_scenes(a.synthetic))
        tallies, _s = score(scenes, None)
        show(f"synthetic ({a.synthetic})", tallies)
    if a.failures:
        seeds = synth_failures.DEVELOPMENT if a.development else synth_failures.REPORTING
        every = {k: Tally() for k in WITNESSES}
        for kind in synth_failures.KINDS:
            scenes = ((img, labels, True) for img, labels
                      in synth_failures.failure_set(kind, a.failures, seeds))
            tallies, _s = score(scenes, range(1, 7))
            show(f"failures: {kind}", tallies)
            for k in WITNESSES:
                every[k].add(tallies[k])
        show("failures: all", every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
