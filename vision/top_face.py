"""A look with context at a reading's place: the odds that a die's top face is centred there.

The face net sees a crop 1.25 times a die wide, so a side face seen almost face-on (a
camera low in front of the table: the top face above it a sliver) is a top face to it,
and it reads one surely (docs/vision.md, rounds 12-16). What tells them apart lies round
the crop: the sliver of a top above, the table's plane. This small net (three stride-2
convolutions and a 64-unit layer, about 100,000 weights, trained by
vision/train/top_face.py) looks at a window 2.25 times the reading's size, centred on
it, at 40x40, and gives the odds that a die's top face is centred there. The second
witness uses it as a veto (`witness.pip_count`): where the pip count would agree with a
sure reading but these odds are under ODDS_MIN, it cannot tell, so the reading is asked.
It never changes a value, nor adds or drops a reading.

The net loads on first use, through OpenCV's dnn as the reader's other nets.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

TOP_FACE_FILE = Path(__file__).with_name("top_face.onnx")
LOOK = 40  # the net sees LOOK x LOOK pixels ...
WIDE = 2.25  # ... of a window this many times the reading's size, centred on it
#: a reading whose place has lower odds than this is no top face to the veto (the 0.5%
#: quantile of the top faces' odds on its check photos and unseen synthetic scenes was
#: above it; docs/vision.md, "Seventeenth round")
ODDS_MIN = 0.5


def look(frame: np.ndarray, cx: float, cy: float, size: float) -> np.ndarray:
    """The LOOK x LOOK BGR window WIDE times `size` wide centred at (cx, cy); the frame's
    edge pixels repeated beyond it."""
    side = max(4.0, size * WIDE)
    h, w = frame.shape[:2]
    x0, y0 = int(round(cx - side / 2)), int(round(cy - side / 2))
    n = int(round(side))
    x1, y1 = x0 + n, y0 + n
    pad = max(0, -x0, -y0, x1 - w, y1 - h)
    if pad:
        frame = cv2.copyMakeBorder(frame, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        x0, y0, x1, y1 = x0 + pad, y0 + pad, x1 + pad, y1 + pad
    how = cv2.INTER_AREA if n > LOOK else cv2.INTER_LINEAR
    return cv2.resize(frame[y0:y1, x0:x1], (LOOK, LOOK), interpolation=how)


def blob(looks) -> np.ndarray:
    """Looks -> the net's N x 3 x LOOK x LOOK input (standardised as the face net's)."""
    from .net import standardised_blob

    return standardised_blob(looks)


@lru_cache(maxsize=1)
def _net() -> cv2.dnn.Net:
    from .net import load_net

    return load_net(TOP_FACE_FILE)


def odds(frame: np.ndarray, cx: float, cy: float, size: float) -> float:
    """The odds (0..1) that a die's top face is centred at (cx, cy), `size` wide."""
    return odds_at(frame, [(cx, cy, size)])[0]


def odds_at(frame: np.ndarray, places) -> list[float]:
    """`odds` of each (cx, cy, size) of a frame, in one pass of the net (a photo's sure
    readings together: a pass costs about 0.1 ms besides its looks, and the net gives
    each look the same odds in a batch as alone, to the bit)."""
    if not places:
        return []
    net = _net()
    net.setInput(blob([look(frame, cx, cy, size) for cx, cy, size in places]))
    logits = net.forward().reshape(len(places), -1)
    return [float(1.0 / (1.0 + np.exp(a - b))) for a, b in logits]


def is_top_face(frame: np.ndarray, cx: float, cy: float, size: float) -> bool:
    """Whether the veto lets a reading at this place stand (odds >= ODDS_MIN)."""
    return odds(frame, cx, cy, size) >= ODDS_MIN
