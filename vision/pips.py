"""Pip candidates: small round blobs darker or lighter than what surrounds them.

Morphological black-hat (dark pips) and top-hat (light pips) keep only blobs smaller
than the kernel, so die bodies, tray edges and shadows drop out; shape tests keep the
round ones. Returns a structured numpy array, one row per candidate.
"""

from __future__ import annotations

import cv2
import numpy as np

PIP_DTYPE = np.dtype([
    ("x", "f4"), ("y", "f4"), ("r", "f4"), ("round", "f4"), ("contrast", "f4"),
    ("dark", "?"), ("area", "i4"),
])


def pip_channels(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(gray, value) channels: gray finds dark pips, max-channel finds coloured light pips."""
    gray = cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    # JPEG chroma subsampling makes single channels blocky: smooth the max channel more
    value = cv2.GaussianBlur(np.ascontiguousarray(frame.max(axis=2)), (5, 5), 0)
    return gray, value


def find_pips(frame: np.ndarray, kernel: int = 19, threshold: float = 28.0,
              min_area: int = 5, max_area: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Pip candidates in a BGR frame; also returns the label image of candidate pixels."""
    gray, value = pip_channels(frame)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (kernel, kernel))
    dark = cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, k)
    light = np.maximum(cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, k),
                        cv2.morphologyEx(value, cv2.MORPH_TOPHAT, k))
    max_area = max_area or int(kernel * kernel * 0.6)
    rows = []
    for is_dark, resp in ((True, dark), (False, light)):
        _, mask = cv2.threshold(resp, threshold, 255, cv2.THRESH_BINARY)
        n, lab, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
        if n <= 1:
            continue
        st = stats[1:]
        area = st[:, cv2.CC_STAT_AREA]
        bw, bh = st[:, cv2.CC_STAT_WIDTH], st[:, cv2.CC_STAT_HEIGHT]
        fill = area / np.maximum(bw * bh, 1)
        aspect = np.minimum(bw, bh) / np.maximum(bw, bh)
        keep = (area >= min_area) & (area <= max_area) & (fill > 0.45) & (aspect > 0.35)
        for i in np.nonzero(keep)[0]:
            x, y, w, h = st[i, :4]
            sub = (lab[y:y + h, x:x + w] == i + 1).astype(np.uint8)
            m = cv2.moments(sub, binaryImage=True)
            mu20, mu02, mu11 = m["mu20"], m["mu02"], m["mu11"]
            common = np.sqrt(4 * mu11 * mu11 + (mu20 - mu02) ** 2)
            lmax = mu20 + mu02 + common
            lmin = mu20 + mu02 - common
            roundness = float(np.sqrt(max(lmin, 0) / lmax)) if lmax > 0 else 0.0
            contrast = float(resp[y:y + h, x:x + w][sub > 0].mean())
            rows.append((cents[i + 1][0], cents[i + 1][1], np.sqrt(area[i] / np.pi), roundness,
                         contrast, is_dark, area[i]))
    return np.array(rows, dtype=PIP_DTYPE)
