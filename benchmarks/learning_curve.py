"""The learning curve of `companion learn`: nets trained without a source read the rest of
that source after 20, 50 and 100 of its throws were played and kept.

    .venv/bin/python benchmarks/learning_curve.py SOURCE_SET --finder F.onnx --faces F.onnx
        [--throws 20,50,100] [--seed 0]

Needs PyTorch in the venv (`pip install -e '.[learn]'`). The source's photos are played
in a seeded order as throws at a table, read with the nets given (trained without the
source; docs/vision.md, "A source never seen") as a game reads them (faces 1-6), and
kept as the box keeps them (vision.kept_photos.labelled: the dice the players let stand,
or corrected one die; a die missed or read twice, or two corrected, is entered by hand
and not kept). After N throws, learning (vision.learn.new_nets, the steps of `companion
learn`) runs on the photos kept so far; the old and the new nets then read the source's
photos after the last throw played for the largest N (the same photos for every N, never
kept), and learn's own judgement (the kept photos' held-back fifth) says whether the box
would switch.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from vision import learn, net  # noqa: E402
from vision.image_file import load_as_labelled  # noqa: E402
from vision.kept_photos import PhotoKeeper, labelled  # noqa: E402
from vision.photo_sets import LABELS, load_labels  # noqa: E402
from vision.score import Tally, match, pairs  # noqa: E402

SIX = vision.Expect.of(values=range(1, 7))


def kept_labels(img, row) -> list[dict] | None:
    """The label rows the box would keep for this throw, or None (entered by hand). Read
    as a game reads a throw, knowing how many dice were thrown (a false reading beyond
    the count is not taken, and the throw can be kept)."""
    readings = vision.read(img, vision.Expect.of(count=len(row["dice"]), values=range(1, 7)))
    matched = pairs(readings, row["dice"])
    if len(matched) != len(readings) or len(readings) != len(row["dice"]):
        return None
    final = [row["dice"][matched[i]]["value"] for i in range(len(readings))]
    return labelled([r.value for r in readings], [r.bbox for r in readings], final)


def figures(set_dir: Path, rows: list[dict]) -> Tally:
    total = Tally()
    for row in rows:
        img = load_as_labelled(set_dir / row["image"], row.get("width"), row.get("height"))
        total.add(match(vision.read(img, SIX), row["dice"]))
    return total


def line(name: str, t: Tally) -> str:
    n = max(1, t.dice)
    return (f"{name:<34} {100 * t.right / n:6.2f}% right  {100 * t.silent / n:5.2f} silent/100"
            f"  {100 * t.sure_right / n:6.2f}% sure  {t.exact}/{t.images} exact")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="the photo set left out of training")
    ap.add_argument("--finder", type=Path, required=True)
    ap.add_argument("--faces", type=Path, required=True)
    ap.add_argument("--throws", default="20,50,100")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--steps", type=float, default=1.0, help="scale learn's steps")
    ap.add_argument("--threads", type=int, default=1, help="PyTorch's threads")
    a = ap.parse_args()
    throws = sorted(int(n) for n in a.throws.split(","))
    import torch

    torch.set_num_threads(a.threads)
    rows = load_labels(a.source)
    order = np.random.default_rng(a.seed).permutation(len(rows))
    played, rest = [rows[i] for i in order[: throws[-1]]], [rows[i] for i in order[throws[-1]:]]
    net.use_nets(a.finder, a.faces)
    print(f"{a.source.name}: {len(played)} throws played, {len(rest)} photos read after them")
    print(line("nets trained without it", figures(a.source, rest)), flush=True)
    work = Path(tempfile.mkdtemp(prefix="learning-curve-"))
    try:
        keep = []
        for row in played:
            img = load_as_labelled(a.source / row["image"], row.get("width"), row.get("height"))
            keep.append((img, kept_labels(img, row)))
        for n in throws:
            kept_dir = work / f"kept{n}"
            keeper = PhotoKeeper(kept_dir, limit=10_000, live=False)
            for img, dice in keep[:n]:
                if dice is not None:
                    keeper.keep(img, dice, how="simulated")
            held = len(load_labels(kept_dir, "validation")) if (kept_dir / LABELS).exists() else 0
            if keeper.count - held == 0:
                print(f"after {n} throws ({keeper.count} kept, {held} held): nothing to learn"
                      " from", flush=True)
                continue
            start, cpu = time.monotonic(), time.process_time()
            steps = {k: max(1, round(v * a.steps)) for k, v in learn.STEPS.items()}
            new = learn.new_nets(kept_dir, work, steps, a.seed, say=lambda _: None)
            took, cpu = time.monotonic() - start, time.process_time() - cpu
            before = learn.score(a.finder, a.faces, kept_dir, "validation")
            after = learn.score(new["finder"], new["faces"], kept_dir, "validation")
            switched = after.better_than(before)
            net.use_nets(new["finder"], new["faces"])
            t = figures(a.source, rest)
            net.use_nets(a.finder, a.faces)
            print(line(f"after {n} throws ({keeper.count} kept, {held} held)", t)
                  + f"  learn {'switches' if switched else 'keeps the old'}"
                  f" ({after.right}/{after.dice} vs {before.right}/{before.dice} held back);"
                  f" learning {took / 60:.1f} min ({cpu / 60:.1f} min CPU)", flush=True)
            (work / learn.FILES["finder"]).unlink()
            (work / learn.FILES["faces"]).unlink()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
