"""A real camera's ways, applied to a frame already rendered: a development tool.

`vision.synth`'s hard tables cast a frame by one gain per channel and, on half of them,
one symmetric matrix in a 2.2 gamma. A camera a table brings differs in more ways, and
this perturbs a rendered frame (any seed of any renderer, after the fact: what a seed
renders is unchanged) by a camera drawn per table (`Camera.drawn(seed)`):

- a white balance far off (a colour temperature's blue against red, and a green or
  magenta tint), an exposure that may clip the whites;
- a colour matrix that mixes the channels unevenly (each takes up to a quarter of
  another's light, or gives it up), turns hues about grey (a paint's cast differs from
  its neighbour's, as under real spectra) and raises or lowers saturation, clipped at 0
  (channels crushed);
- light added, not scaled: a felt's bounce or a lens's flare, the frame's own median
  colour added to every pixel (a fill no white pip undoes);
- mixed light: a second lamp's colour across the frame;
- another tone curve (gamma 1.8-2.6 where the renderer's is 2.2, and an S-curve),
  then a saturation change on the encoded colours, as phones do;
- gloss: a spot of the lamp's light on some dice's tops (per frame);
- JPEG again, at its own quality, with the chroma halved.

`perturbed(img, labels, camera, frame_seed)` applies it; benchmarks/charidice_colours.py
`--camera` reads its tables through it. Nothing in the reader is tuned on a second
renderer; this is what a development set of "tables unlike ours" can be built from.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

#: the seed stream's own tag, so a table's camera is drawn apart from its table
TAG = 19


def _hue_turn(angle: float) -> np.ndarray:
    """A turn of every colour about the grey axis by `angle` radians (grey stays)."""
    k = np.ones(3) / math.sqrt(3)
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + math.sin(angle) * kx + (1 - math.cos(angle)) * kx @ kx


@dataclass(frozen=True)
class Camera:
    """One table's camera (BGR, linear light unless said)."""

    gains: tuple[float, float, float]  # white balance and exposure
    matrix: tuple  # 3 x 3, rows sum to 1 (a white stays white before the gains)
    flare: float  # share of the frame's median colour added to every pixel
    second: tuple[float, float, float] | None  # mixed light: the far side's gains over 1
    direction: float  # where the second light comes from
    gamma: float  # the encoding's gamma (the renderer decoded at 2.2)
    contrast: float  # an S-curve's strength (0: none)
    saturation: float  # on the encoded colours (1: as is)
    gloss: float  # the share of dice with a glossy spot
    quality: int  # JPEG

    @staticmethod
    def drawn(seed: int) -> Camera:
        rng = np.random.default_rng((seed, TAG))
        t = float(rng.uniform(-1, 1))  # warmer .. cooler than the lamp, past the renderer's
        tint = float(np.exp(rng.uniform(-0.15, 0.15)))
        exposure = float(np.exp(rng.uniform(-0.35, 0.45)))
        gains = (exposure * math.exp(0.45 * t), exposure * tint, exposure * math.exp(-0.45 * t))
        mix = np.eye(3) + rng.uniform(-0.08, 0.25, (3, 3)) * (1 - np.eye(3))
        mix /= mix.sum(1, keepdims=True)
        s = float(rng.uniform(-0.3, 0.7))
        sat = (1 + s) * np.eye(3) - s / 3 * np.ones((3, 3))
        m = sat @ _hue_turn(math.radians(float(rng.uniform(-12, 12)))) @ mix
        flare = float(rng.uniform(0, 0.15)) if rng.random() < 0.5 else 0.0
        second = (tuple(float(x) for x in np.exp(rng.uniform(-0.3, 0.3, 3)))
                  if rng.random() < 0.4 else None)
        return Camera(gains, tuple(map(tuple, m)), flare, second,
                      float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(1.8, 2.6)),
                      float(rng.uniform(-0.1, 0.3)), float(rng.uniform(0.7, 1.4)),
                      float(rng.uniform(0, 0.6)), int(rng.integers(45, 92)))


def perturbed(img: np.ndarray, labels: list[dict], camera: Camera,
              frame_seed: int) -> np.ndarray:
    """The frame (BGR uint8) as `camera` would have taken it; `labels` (their "bbox")
    place the glossy spots. Deterministic in (camera, frame_seed)."""
    rng = np.random.default_rng((frame_seed, TAG))
    h, w = img.shape[:2]
    lin = (img.astype(np.float32) / 255) ** 2.2
    lamp = np.percentile(lin.reshape(-1, 3), 99.5, axis=0)  # the lightest: white pips
    for lab in labels:
        if rng.random() >= camera.gloss:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        size = 0.7 * min(x1 - x0, y1 - y0)
        cx = (x0 + x1) / 2 + rng.uniform(-0.25, 0.25) * size
        cy = (y0 + y1) / 2 + rng.uniform(-0.25, 0.25) * size
        r = max(1.5, float(rng.uniform(0.06, 0.14)) * size)
        yy, xx = np.ogrid[:h, :w]
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r)).astype(np.float32)
        lin += spot[..., None] * lamp * float(rng.uniform(0.5, 1.5))
    lin += camera.flare * np.median(lin.reshape(-1, 3), axis=0)
    if camera.second is not None:
        gx = np.linspace(0, 1, w, dtype=np.float32)[None, :]
        gy = np.linspace(0, 1, h, dtype=np.float32)[:, None]
        t = np.clip(math.cos(camera.direction) * gx + math.sin(camera.direction) * gy, 0, None)
        t = (t / max(float(t.max()), 1e-6))[..., None]
        lin *= np.asarray(camera.second, np.float32) ** t
    lin = np.maximum(lin @ np.asarray(camera.matrix, np.float32).T, 0)
    lin = np.minimum(lin * np.asarray(camera.gains, np.float32), 1)
    enc = lin ** (1 / camera.gamma)
    if camera.contrast:  # an S-curve about the middle
        enc = enc + camera.contrast * enc * (1 - enc) * (2 * enc - 1)
    grey = enc @ np.array([0.114, 0.587, 0.299], np.float32)
    enc = grey[..., None] + camera.saturation * (enc - grey[..., None])
    out = np.clip(enc * 255 + 0.5, 0, 255).astype(np.uint8)
    _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, camera.quality,
                                          cv2.IMWRITE_JPEG_SAMPLING_FACTOR,
                                          cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)
