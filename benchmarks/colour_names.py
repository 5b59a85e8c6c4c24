"""Colour names without calibration, on synthetic dice under colour casts: the six
Charidice colours and four plain ones (which must name None), 50 frames each with a
random cast (each channel x0.8-1.2, brightness x0.6-1.15) on one of five tables, plus
10 frames without a cast. Prints per colour how often each is named right, at the
shipped lightness weight and at half (the weight until December 2026), so the choice of
`vision.colour.LIGHTNESS_WEIGHT` can be checked (docs/vision.md, "Colour").

    .venv/bin/python benchmarks/colour_names.py [--weights 0.5,0.1]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision import colour, reader, synth  # noqa: E402

TABLES = [(60, 110, 40), (70, 70, 75), (40, 40, 40), (150, 150, 150), (30, 60, 120)]


def faces_under_casts(frames: int = 60, plain: int = 10, seed: int = 5):
    """[(true colour name or None, whether the frame had no cast, the face read)]."""
    rng = np.random.default_rng(seed)
    names = list(synth.CHARIDICE_FACES) + list(synth.PLAIN_FACES)
    out = []
    for t in range(frames):
        dice = [
            synth.Die(int(rng.integers(1, 7)), name, (50 + 90 * (i % 7), 80 + 140 * (i // 7)),
                      int(rng.integers(44, 64)), float(rng.uniform(0, 90)))
            for i, name in enumerate(names)
        ]
        img, labels = synth.render(dice, size=(640, 320), background=TABLES[t % 5], seed=t,
                                   gradient=0.3)
        cast = rng.uniform(0.8, 1.2, 3) * rng.uniform(0.6, 1.15)
        if t >= plain:
            img = np.clip(img * cast, 0, 255).astype(np.uint8)
        faces = reader.read_faces(img)
        for lab in labels:
            face = min(faces, key=lambda f: np.hypot(*np.subtract(f.centre, lab["centre"])))
            out.append((lab["colour"], t < plain, face))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", default=f"0.5,{colour.LIGHTNESS_WEIGHT}",
                    help="lightness weights to compare, comma-separated")
    args = ap.parse_args(argv)
    faces = faces_under_casts()
    shipped = colour.LIGHTNESS_WEIGHT
    try:
        for w in (float(x) for x in args.weights.split(",")):
            colour.LIGHTNESS_WEIGHT = w
            right, seen, plain_wrong = Counter(), Counter(), 0
            for want, no_cast, f in faces:
                ok = colour.name_of(f.colour_lab, None, f.light_pips) == want
                if no_cast:
                    plain_wrong += not ok
                else:
                    seen[want] += 1
                    right[want] += ok
            per = "  ".join(f"{k or 'plain'} {right[k]}/{seen[k]}" for k in seen)
            print(f"lightness weight {w:<5} under casts {sum(right.values())}/{sum(seen.values())}"
                  f"  ({per});  wrong without a cast: {plain_wrong}")
    finally:
        colour.LIGHTNESS_WEIGHT = shipped


if __name__ == "__main__":
    main()
