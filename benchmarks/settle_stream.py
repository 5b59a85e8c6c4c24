"""The settle detector and the reader on synthetic throws filmed as a camera would: a
hand throws six dice in from one side and draws back; the dice tumble (their top face
changing), slide, slow down one by one and rock before they lie still. The camera
starts when the player presses OK, at a random moment of the throw, and stops at the
first reading, as `companion.dice_input.CameraDice` does.

Prints per kind of throw: throws with a reading; readings taken too soon (a die still
tumbling, so its face may change, or a hand in view); readings with the thrown values;
readings the player is asked to check (a die too few or too many, or one unsure);
readings silently wrong; and the frames from the moment a reading could start (every die
moving less than half a pixel a frame and no hand in view, or OK if later) to it.

    .venv/bin/python benchmarks/settle_stream.py [--throws N]
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from vision.synth import BACKGROUNDS, PLAIN_FACES, Die, hand, render  # noqa: E402

FPS = 30
OAK, WALNUT, GREEN_FELT = (70, 110, 160), (33, 67, 101), (40, 110, 60)
SKIN = [(172, 219, 255), (125, 194, 241), (105, 172, 224), (66, 134, 198), (36, 85, 141)]


@dataclass
class Throw:
    """One throw's frames and what the reading should be."""

    frames: list
    values: list[int]
    busy: list[bool]  # per frame: a die still moving (over 0.5 px a frame) or a hand in view
    unsafe: list[bool]  # per frame: a die still tumbling (its face may change) or a hand
    ok_at: int  # frame at which the player pressed OK


def tumble(rng, n: int, size: float) -> list[dict]:
    """Each die's path: from the thrower's side to a free spot, easing out, its face
    changing while it tumbles (first 60% of the way), then a rock of a pixel or two."""
    ends = []
    while len(ends) < n:
        e = (rng.uniform(120, 520), rng.uniform(100, 380))
        if all(math.dist(e, o) > size * 1.6 for o in ends):
            ends.append(e)
    return [{"start": (rng.uniform(-60, 0), rng.uniform(150, 330)), "end": e,
             "t0": int(rng.integers(0, 6)), "frames": int(rng.integers(18, 45)),
             "value": int(rng.integers(1, 7)), "spin": rng.uniform(200, 700),
             "angle": rng.uniform(0, 90), "face": str(rng.choice(list(PLAIN_FACES)))}
            for e in ends]


def die_at(d: dict, k: int, rng, size: float) -> tuple[Die | None, float]:
    """The die at frame k, and how far (px) it moved since frame k - 1."""
    def centre(k):
        t = min(1.0, max(0.0, (k - d["t0"]) / d["frames"]))
        ease = 1 - (1 - t) ** 3
        wobble = 0 <= k - d["t0"] - d["frames"] < 3  # it rocks a pixel for 3 frames
        return (d["start"][0] + (d["end"][0] - d["start"][0]) * ease
                + ((1.0 if k % 2 else -1.0) if wobble else 0.0),
                d["start"][1] + (d["end"][1] - d["start"][1]) * ease), ease

    if k < d["t0"]:
        return None, 0.0
    (x, y), ease = centre(k)
    tumbling = ease < 1 - 0.4**3  # the first 60% of its time: its top face changes
    value = int(rng.integers(1, 7)) if tumbling else d["value"]
    moved = math.inf if tumbling else math.dist((x, y), centre(k - 1)[0])
    return Die(value, d["face"], (x, y), size, d["angle"] + d["spin"] * (1 - ease)), moved


def throw(seed: int, kind: str) -> Throw:
    rng = np.random.default_rng(seed)
    size = float(rng.uniform(44, 60))
    dice = tumble(rng, 6, size)
    if kind == "a late die":
        dice[0]["frames"] += 45
    tray = {"wooden tray": OAK}.get(kind, BACKGROUNDS[int(rng.integers(0, len(BACKGROUNDS)))])
    skin = SKIN[int(rng.integers(0, len(SKIN)))]
    last_stop = max(d["t0"] + d["frames"] + 3 for d in dice)
    ok_at = int(rng.integers(0, last_stop + 20))
    frames, busy, unsafe = [], [], []
    for k in range(max(last_stop, ok_at) + 90):
        placed = [die_at(d, k, rng, size) for d in dice]
        img, _ = render([p for p, _ in placed if p is not None], background=tray, seed=seed,
                        noise=0)
        if kind == "round tray on wood":
            wood = np.empty_like(img)
            wood[:] = WALNUT
            outside = np.full(img.shape[:2], 255, np.uint8)
            cv2.circle(outside, (320, 240), 260, 0, -1, cv2.LINE_AA)
            img = np.where(outside[..., None] > 0, wood, img)
        x = hand_x(kind, k, ok_at)
        if x is not None:
            hand(img, (x, 240), skin, 90.0, [math.radians(a) for a in (-30, -10, 10, 30)])
        img = img.astype(np.float32) + rng.normal(0, 3, img.shape)
        if kind == "a flickering lamp":
            img *= 1 + rng.uniform(-0.04, 0.04)
        frames.append(np.clip(img, 0, 255).astype(np.uint8))
        in_view = x is not None and x > -60
        busy.append(any(moved > 0.5 for _, moved in placed) or in_view)
        unsafe.append(any(moved == math.inf for _, moved in placed) or in_view)
    return Throw(frames, sorted(d["value"] for d in dice), busy, unsafe, ok_at)


def hand_x(kind: str, k: int, ok_at: int) -> float | None:
    """Where the hand's palm is at frame k (None: no hand): the thrower's hand draws back
    past the left edge; another reaches in just after OK, rests 40 frames and leaves;
    or the thrower's rests in view from the throw on until 40 frames after OK."""
    if kind == "a hand reaches in" and ok_at + 3 <= k < ok_at + 55:
        out = max(ok_at + 9 - k, k - ok_at - 49, 0) / 6  # coming in, going out
        return 140.0 - 220 * out
    if kind == "a hand rests from OK on":
        return 120.0 if k < ok_at + 40 else None
    return 40.0 - 12 * k if k < 10 else None


def first_reading(t: Throw):
    """(frame index, readings) of the first reading from OK on, or None, as CameraDice
    does (a Settle made at OK; the reader told how many dice and which values)."""
    settle = vision.Settle(read=lambda f: vision.read(f, vision.Expect.of(6, range(1, 7))))
    for k in range(t.ok_at, len(t.frames)):
        event = settle.update(t.frames[k])
        if event is not None:
            return k, event.readings
    return None


KINDS = ("plain", "a flickering lamp", "wooden tray", "round tray on wood", "a late die",
         "a hand reaches in", "a hand rests from OK on")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--throws", type=int, default=20, help="throws of each kind")
    a = ap.parse_args()
    cv2.setNumThreads(2)
    print(f"{'kind of throw':24s} {'read':>6s} {'too soon':>9s} {'right':>6s} {'asked':>6s} "
          f"{'silently wrong':>15s}  frames from still to reading: median, max")
    for n, kind in enumerate(KINDS):
        read = soon = right = asked = silent = 0
        waits = []
        for i in range(a.throws):
            t = throw(1000 * n + i, kind)
            got = first_reading(t)
            if got is None:
                continue
            k, readings = got
            read += 1
            soon += t.unsafe[k]
            ok = sorted(r.value for r in readings) == t.values
            ask = len(readings) != len(t.values) or any(r.needs_confirmation for r in readings)
            right += ok
            asked += ask
            silent += not ok and not ask
            still = k
            while still > t.ok_at and not t.busy[still - 1]:
                still -= 1
            waits.append(k - still)
        wait = f"{np.median(waits):.0f}, {max(waits)}" if waits else "-"
        print(f"{kind:24s} {read:3d}/{a.throws:<3d}{soon:9d} {right:6d} {asked:6d} {silent:15d}  "
              f"{wait}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
