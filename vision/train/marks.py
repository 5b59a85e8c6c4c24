"""Dice whose top face carries a numeral, a letter or a maker's mark instead of pips:
negatives (class 0, no count) for the face net.

Why: fine-tuned on the three photo sources, every face net read a numbered or starred
die's symbol as pips more surely (docs/vision.md, "Training on the three sources"), as
nothing it trained on showed such a face. `scene(seed)` draws one to four such dice on
a table, as `synth.scene` does pipped ones, and labels each with value 0.

The failure scenes (vision/synth_failures.py) judge the reader on numbered and starred
dice and are never trained on, so this is a generator of its own: other fonts (no
Hershey duplex), outlined and many-pointed stars rather than its filled ones, and
crescents, shields, blobs, skulls and rings of dots it does not draw; seeds 2,000,000+,
far from its 300,000+ and 400,000+ (and the training scenes' 1,000,000+).
"""

from __future__ import annotations

import math
import string
from dataclasses import replace

import cv2
import numpy as np

from vision import synth

SEED0 = 2_000_000
FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_COMPLEX_SMALL, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
)
# a lone ring (O, o, 0) could be a ringed pip: left out
LETTERS = [c for c in string.ascii_letters if c not in "Oo"]
NUMERALS = [str(v) for v in range(1, 21) if v != 10] + ["6.", "9."]
ALL_FACES = list(synth.PLAIN_FACES) + list(synth.CHARIDICE_FACES) + list(synth.DARK_FACES)
UP = 4  # marks are drawn this much larger, then shrunk: smooth edges


def _text(m: np.ndarray, rng) -> None:
    """A numeral (1-20, an underlined 6 or 9) or a letter, in one of FONTS."""
    text = str(rng.choice(NUMERALS)) if rng.random() < 0.6 else str(rng.choice(LETTERS))
    if rng.random() < 0.1:
        text += str(rng.choice(LETTERS)).lower()
    font = int(rng.choice(FONTS)) | (cv2.FONT_ITALIC if rng.random() < 0.2 else 0)
    side = m.shape[0]
    height = side * rng.uniform(0.3, 0.65)
    thick = max(1, int(side * rng.uniform(0.03, 0.09)))
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
    scale = min(height / max(th, 1), 0.8 * side / max(tw, 1))
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    org = (int(side / 2 - tw / 2), int(side / 2 + th / 2))
    cv2.putText(m, text, org, font, scale, 255, thick, cv2.LINE_AA)
    if text in ("6", "9") and rng.random() < 0.6:
        y = org[1] + int(side * 0.07)
        cv2.line(m, (org[0], y), (org[0] + tw, y), 255, max(1, thick // 2), cv2.LINE_AA)


def _star(m: np.ndarray, rng) -> None:
    """An outlined star, a six-pointed one of two triangles, a four-pointed sparkle or
    an asterisk of strokes."""
    side = m.shape[0]
    c, r = side / 2, side * rng.uniform(0.22, 0.36)
    turn = rng.uniform(0, 2 * math.pi)
    thick = max(1, int(side * rng.uniform(0.03, 0.07)))
    kind = int(rng.integers(4))

    def ring(n, radii):
        return np.array([(c + radii[i % 2] * math.cos(turn + math.pi * i / n),
                          c + radii[i % 2] * math.sin(turn + math.pi * i / n))
                         for i in range(2 * n)], np.int32)

    if kind == 0:
        n = int(rng.integers(5, 9))
        cv2.polylines(m, [ring(n, (r, r * rng.uniform(0.35, 0.6)))], True, 255, thick, cv2.LINE_AA)
    elif kind == 1:
        for k in range(2):
            tri = np.array([(c + r * math.cos(turn + math.pi * k / 3 + 2 * math.pi * i / 3),
                             c + r * math.sin(turn + math.pi * k / 3 + 2 * math.pi * i / 3))
                            for i in range(3)], np.int32)
            if rng.random() < 0.5:
                cv2.fillPoly(m, [tri], 255, cv2.LINE_AA)
            else:
                cv2.polylines(m, [tri], True, 255, thick, cv2.LINE_AA)
    elif kind == 2:
        cv2.fillPoly(m, [ring(4, (r, r * rng.uniform(0.15, 0.3)))], 255, cv2.LINE_AA)
    else:
        for k in range(int(rng.integers(3, 5))):
            a = turn + math.pi * k / 3.5
            dx, dy = r * math.cos(a), r * math.sin(a)
            cv2.line(m, (int(c + dx), int(c + dy)), (int(c - dx), int(c - dy)), 255, thick * 2,
                     cv2.LINE_AA)


def _crescent(m: np.ndarray, rng) -> None:
    side = m.shape[0]
    c, r = side / 2, side * rng.uniform(0.2, 0.32)
    cv2.circle(m, (int(c), int(c)), int(r), 255, -1, cv2.LINE_AA)
    a, d = rng.uniform(0, 2 * math.pi), r * rng.uniform(0.35, 0.6)
    cv2.circle(m, (int(c + d * math.cos(a)), int(c + d * math.sin(a))), int(r * 0.95), 0, -1,
               cv2.LINE_AA)


def _shield(m: np.ndarray, rng) -> None:
    """A crest: a shield, filled or outlined, sometimes with a bar or chevron across."""
    side = m.shape[0]
    c, w, h = side / 2, side * rng.uniform(0.25, 0.33), side * rng.uniform(0.3, 0.4)
    pts = np.array([(c - w, c - h), (c + w, c - h), (c + w, c + 0.1 * h),
                    (c, c + h), (c - w, c + 0.1 * h)], np.int32)
    thick = max(2, int(side * rng.uniform(0.03, 0.07)))
    if rng.random() < 0.6:
        cv2.fillPoly(m, [pts], 255, cv2.LINE_AA)
        if rng.random() < 0.6:  # a chevron cut through it
            chev = np.array([(c - w, c), (c, c - 0.5 * h), (c + w, c)], np.int32)
            cv2.polylines(m, [chev], False, 0, thick, cv2.LINE_AA)
    else:
        cv2.polylines(m, [pts], True, 255, thick, cv2.LINE_AA)
        cv2.line(m, (int(c - w), int(c - 0.3 * h)), (int(c + w), int(c - 0.3 * h)), 255, thick)


def _blob(m: np.ndarray, rng) -> None:
    """A maker's logo: an irregular blob of a few ellipses, sometimes with a hole."""
    side = m.shape[0]
    for _ in range(int(rng.integers(3, 6))):
        centre = (int(side / 2 + rng.uniform(-0.07, 0.07) * side),  # overlapping: one blob
                  int(side / 2 + rng.uniform(-0.07, 0.07) * side))
        axes = (int(side * rng.uniform(0.1, 0.2)), int(side * rng.uniform(0.04, 0.1)))
        cv2.ellipse(m, centre, axes, rng.uniform(0, 180), 0, 360, 255, -1, cv2.LINE_AA)
    if rng.random() < 0.5:
        cv2.circle(m, (int(side / 2), int(side / 2)), int(side * rng.uniform(0.03, 0.07)), 0, -1)


def _skull(m: np.ndarray, rng) -> None:
    """A skull: a round head over a jaw, eye holes and a nose cut out."""
    side = m.shape[0]
    c, r = side / 2, side * rng.uniform(0.18, 0.26)
    top = c - 0.25 * r
    cv2.circle(m, (int(c), int(top)), int(r), 255, -1, cv2.LINE_AA)
    cv2.rectangle(m, (int(c - 0.6 * r), int(top)), (int(c + 0.6 * r), int(top + 1.45 * r)), 255, -1)
    for s in (-1, 1):
        eye = (int(c + s * 0.42 * r), int(top + 0.15 * r))
        cv2.circle(m, eye, int(0.27 * r), 0, -1, cv2.LINE_AA)
    nose = np.array([(c, top + 0.45 * r), (c - 0.15 * r, top + 0.75 * r),
                     (c + 0.15 * r, top + 0.75 * r)], np.int32)
    cv2.fillPoly(m, [nose], 0, cv2.LINE_AA)
    for x in np.linspace(c - 0.4 * r, c + 0.4 * r, 4):
        cv2.line(m, (int(x), int(top + 1.05 * r)), (int(x), int(top + 1.45 * r)), 0,
                 max(1, int(0.07 * r)))


def _dotted_ring(m: np.ndarray, rng) -> None:
    """A ring of small dots round a letter or a numeral: a maker's seal. Eight or more
    dots, never a face's count; the middle is never empty."""
    side = m.shape[0]
    c, r = side / 2, side * rng.uniform(0.3, 0.38)
    n = int(rng.integers(8, 15))
    for i in range(n):
        a = 2 * math.pi * i / n
        cv2.circle(m, (int(c + r * math.cos(a)), int(c + r * math.sin(a))),
                   max(1, int(side * 0.025)), 255, -1, cv2.LINE_AA)
    inner = np.zeros((int(side * 0.6), int(side * 0.6)), np.uint8)
    _text(inner, rng)
    o = (side - inner.shape[0]) // 2
    m[o : o + inner.shape[0], o : o + inner.shape[1]] |= inner


MARKS = (_text, _text, _text, _star, _crescent, _shield, _blob, _skull, _dotted_ring)


def mark(side: int, rng: np.random.Generator) -> np.ndarray:
    """A side x side 0..1 float mask of one mark (a face side x side), at any turn."""
    m = np.zeros((side * UP, side * UP), np.uint8)
    MARKS[int(rng.integers(len(MARKS)))](m, rng)
    turn = cv2.getRotationMatrix2D((side * UP / 2, side * UP / 2), rng.uniform(0, 360), 1.0)
    m = cv2.warpAffine(m, turn, m.shape[::-1])
    return cv2.resize(m, (side, side), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def _ink(face_bgr, rng) -> np.ndarray:
    """Paint that stands out from the face (light on dark, dark on light, or a colour), or
    a mark engraved unpainted: the face's own colour, darker."""
    light = sum(face_bgr) > 330
    u = rng.random()
    if u < 0.2:
        return np.array(face_bgr, np.float32) * rng.uniform(0.45, 0.7)
    if u < 0.5:
        return rng.uniform(10, 60, 3) if light else rng.uniform(200, 255, 3)
    colours = synth.PIP_COLOURS + synth.DARK_PIP_COLOURS
    far = [c for c in colours if abs(sum(c) - sum(face_bgr)) > 150] or colours
    return np.array(far[int(rng.integers(len(far)))], np.float32)


def scene(seed: int) -> tuple[np.ndarray, list[dict]]:
    """A table with one to four marked dice of one size (24-160 px), labels as
    `synth.scene`'s with value 0; some dice show a pipped side face."""
    rng = np.random.default_rng(seed)
    w, h = (640, 480)
    s = float(math.exp(rng.uniform(math.log(24), math.log(160))))
    n = int(rng.integers(1, 5 if s < 90 else 3))
    dice = []
    for _ in range(200):
        if len(dice) == n:
            break
        c = (float(rng.uniform(s, w - s)), float(rng.uniform(s, h - s)))
        if all(math.dist(c, d.centre) > 1.8 * s for d in dice):
            face = str(rng.choice(ALL_FACES))
            side = int(rng.integers(4)) if rng.random() < 0.3 else -1
            d = synth.Die(1, face, c, s, float(rng.uniform(0, 90)), side)
            if rng.random() < 0.4:  # a face of any colour
                d = replace(d, paint=(tuple(int(v) for v in rng.uniform(15, 245, 3)), (0, 0, 0)))
            if rng.random() < 0.3:
                d = replace(d, marble=float(rng.uniform(0.3, 1.0)))
            dice.append(d)
    blank = [replace(d, pip_scale=0.0) for d in dice]  # the top face without pips
    table = synth.BACKGROUNDS[int(rng.integers(len(synth.BACKGROUNDS)))]
    img, labels = synth.render(
        blank, size=(w, h), background=table, seed=seed + 1, blur=0.0, jpeg=None, noise=0.0,
        jitter=0.02, tray_edge=bool(rng.random() < 0.2),
    )
    out = img.astype(np.float32)
    for d in dice:
        face = np.array(d.paint[0] if d.paint else synth.face_colours(d.face)[0], np.float32)
        px = int(s)
        m = mark(px, rng) * rng.uniform(0.75, 1.0)
        x0, y0 = int(round(d.centre[0] - px / 2)), int(round(d.centre[1] - px / 2))
        roi = out[y0 : y0 + px, x0 : x0 + px]
        ink = _ink(tuple(face), rng)
        roi[:] = roi * (1 - m[..., None]) + ink * m[..., None]
        if rng.random() < 0.3:  # a lamp's glare across the face and its mark
            spot = np.zeros((px, px), np.float32)
            centre = (int(rng.uniform(0.2, 0.8) * px), int(rng.uniform(0.2, 0.8) * px))
            axes = (int(rng.uniform(0.1, 0.35) * px) + 1, int(rng.uniform(0.03, 0.2) * px) + 1)
            cv2.ellipse(spot, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
            spot = cv2.GaussianBlur(spot, (0, 0), max(0.5, px * 0.05))[..., None]
            roi[:] = roi * (1 - spot * 0.6) + 250 * spot * 0.6
    out += rng.normal(0, rng.uniform(1, 6), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.3, 0.4 + s / 80))
    _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), [{**lab, "value": 0} for lab in labels]
