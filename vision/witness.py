"""A second witness to a die's pip count that fails unlike the face net: the pips of its
top face counted by hand-written rules (no learning), or "cannot tell".

The face net's sure mistakes on dice it never saw are mostly pips of a side face counted
with the top face's (a small die at an angle: a 1 read 4, a 2 read 3 or 4), a numeral or
star taken for a pip, a see-through die's far pips. A count of blobs that must make a
pattern of a die's top face fails otherwise: every face 1-7 is a pattern symmetric about
the face's centre, the pips alike in size, and a side face's pips are a row off to one
side that breaks the symmetry. So `pip_count` keeps the pips nearest the centre that make
such a pattern, and says "cannot tell" (None) where none do or where more pip-like blobs
lie on the face than the pattern holds (docs/vision.md, "Two witnesses").

The one silent mistake both witnesses share is glare: a lamp's highlight hiding a pip,
or passing for one, fools them alike (both see the same pips). So where a highlight
lies where it could change the face (`_glare_may_change`), the count cannot tell.
Marks that blur into round pips at the count's scale fool both alike too, so they are
looked at closer: a 1's lone mark that is a numeral or a star (`_lone_mark_a_pip`), and
pips that are all quadrilaterals, a playing card's diamonds (`_card_diamonds`).
"""

from __future__ import annotations

import statistics
from functools import lru_cache

import numpy as np

from .top_face import is_top_face

#: the die is looked at scaled so its upright box is this many pixels wide
SIDE = 48
#: ... in a window this many times its box (the corners of a face turned 45 degrees)
WINDOW = 1.2
#: the look is blurred this much (pixels at SIDE) first: a marbled face's grain is no pip
BLUR = 0.6


def pip_count(frame: np.ndarray, cx: float, cy: float, size: float,
              read: int | None = None, veto: bool = True, steady: bool = True) -> int | None:
    """The number of pips on the top face of the die centred at (cx, cy) whose upright
    box is `size` wide, or None where the pips cannot be told apart.

    Pips are told from the face by how far their colour is from the face's: Otsu's
    threshold over a disc of the face, and, where that disc takes in the table too (a
    brighter table than a dark die's red pips), Otsu's again over what lies below it.
    The first threshold whose pips make a top face's pattern (or whose pips nearest the
    centre do, a side face's beside them, `_top_pattern`), with no pip in the pattern's
    empty places (`_places_empty`), counts; where none does, each again with
    the necks joining a pip to the table or the next pip cut (`_holes`). Unless glare
    could have made it (`_glare_may_change`) or its marks are no pips.

    `read`: the count another reading gives, for a caller that asks only whether the
    witness agrees: a pattern of another count is then given unchecked, since the looks
    that check a count (glare, a 1's mark, card diamonds: a third of a face's time)
    can only turn it into "cannot tell", which disagrees as well. A count that agrees
    with `read` stands only where a look with context (`top_face.is_top_face`: a window
    2.25 times the die, its top face's surroundings) takes the place for a die's top face:
    a side face seen almost face-on is a top face to the face net's crop and to the count
    alike, and only what lies round it tells (docs/vision.md, "Seventeenth round").
    `veto=False`: that look is left to the caller (`reader.witnessed` takes it for a
    frame's agreeing readings in one pass of its net). `steady=False`: Otsu's thresholds
    only, not the steps past them (`pips_seen`), for dice whose colour is read too."""
    lab = _look(frame, cx, cy, size)
    face = median_rows(lab[_disc(lab.shape[0], FACE_DISC)])
    for t, pips, cut in pips_seen(lab, face, steady):
        pips, count = _top_pattern(pips)
        if (count is None or cut and not _cut_apart_alike(pips)
                or not _places_empty(lab, face, t, pips)):
            continue
        if read is not None and count != read:
            return count
        if _glare_may_change(lab, face, pips):
            return None
        if count == 1 and not _lone_mark_a_pip(frame, cx, cy, size, face, t, pips[0]):
            return None
        if _card_diamonds(frame, cx, cy, size, face, pips):
            return None
        if read is not None and veto and not is_top_face(frame, cx, cy, size):
            return None  # a side face seen face-on, say: the reading is asked
        return count
    return None


def _top_pattern(pips: list[tuple[float, float, float]]
                 ) -> tuple[list[tuple[float, float, float]], int | None]:
    """(the pips, `_pattern` of them: each judged once). The pips as they are where
    they make a face; else the most of those nearest the die's centre (KEPT or more)
    that do, where the pips left out are a side face's seen beside an oblique top face
    (aws's phone shots, nell-byler's small dice): each lies beyond the kept pattern
    (OUTSIDE times its farthest pip's distance from its centre) and off its grid (no
    place a face's own lost pip could take, ON_GRID), and all of them to one side of it
    (within ONE_SIDE degrees of their mean way: specks round a die seen across its
    corner are no side face's)."""
    count = _pattern(pips)
    if count is not None or len(pips) <= KEPT:
        return pips, count
    order = sorted(pips, key=lambda p: np.hypot(p[0], p[1]))
    for k in range(len(order) - 1, KEPT - 1, -1):
        kept, left = order[:k], order[k:]
        count = _pattern(kept)
        if count is None:
            continue
        xy = np.array([(x, y) for x, y, _a in kept])
        c = _middle(kept)
        u, v = _corners(xy - c)
        grid = np.array([(u + v) / 2, (u - v) / 2]).T
        if abs(np.linalg.det(grid)) < 1.0:  # pips in a row: no face's grid
            continue
        q = np.array([(x, y) for x, y, _a in left]) - c
        on = np.linalg.solve(grid, q.T).T
        way = q.sum(axis=0)
        if (np.hypot(*q.T).min() > OUTSIDE * np.hypot(*(xy - c).T).max()
                and (np.abs(on - np.round(on)).max(axis=1) > ON_GRID).all()
                and (q @ way >= np.cos(np.radians(ONE_SIDE))
                     * np.hypot(*q.T) * np.hypot(*way)).all()):
            return kept, count
    return pips, None


#: a pattern kept with pips left out has at least this many (a 2 or 3 kept is as often
#: a 3's or a 6's own pips with the rest left out: tried, with only OUTSIDE, 37 wrong
#: counts against 23 right on the training rows)
KEPT = 4
#: a pip left out lies further than this many times the kept pattern's reach from its
#: centre, ...
OUTSIDE = 1.3
#: ... further than this share of the grid's step from every place of the grid grown
#: beyond the face (a face's own pip lies on it), ...
ON_GRID = 0.3
#: ... and within this many degrees of the left-out pips' mean way from the centre
ONE_SIDE = 45


def _cut_apart_alike(pips: list[tuple[float, float, float]]) -> bool:
    """Whether pips found only once their necks were cut (`_holes`) make a face: two or
    more (a lone pip has no places to check, `_places_empty`), more alike in size than
    a face's first pips must be (CUT_ALIKE): the cut also parts a marbled face's specks
    from its swirls, in all sizes (a 4 with its side faces' pips counted 7)."""
    areas = [a for _x, _y, a in pips]
    return len(pips) >= 2 and max(areas) <= CUT_ALIKE * min(areas)


def _look(frame: np.ndarray, cx: float, cy: float, size: float, side: int = SIDE,
          blur: float = BLUR, width: int | None = None) -> np.ndarray:
    """The die whose box is `size` wide scaled to `side` px, `width` px round (cx, cy)
    (by default WINDOW boxes), blurred, as Lab (float32)."""
    import cv2

    n = int(round(side * WINDOW)) if width is None else width
    k = side / max(size, 1.0)
    m = np.float32([[k, 0, n / 2 - k * cx], [0, k, n / 2 - k * cy]])
    how = cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR
    patch = cv2.warpAffine(frame, m, (n, n), flags=how, borderMode=cv2.BORDER_REPLICATE)
    patch = cv2.GaussianBlur(patch, (0, 0), blur)
    return cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)


def pips_seen(lab: np.ndarray, face: np.ndarray, steady: bool = True):
    """Per threshold tried (a generator: the next only if asked for), the threshold,
    [(x, y, area)] of the pip-like holes in the die's top face (`lab`, a `_look`; `face`
    its colour), in a SIDE-wide frame of the die centred on (0, 0), and whether they
    were found with their necks cut: every threshold first as it is, then cut, then
    (`steady`) the thresholds stepped through above the first where a count holds
    (`_steady`)."""
    import cv2

    n = lab.shape[0]
    off = colour_distance(lab, face)  # 0 or more: clipped at 255 only
    off = np.minimum(off, 255, out=off).astype(np.uint8)
    inner = all_inner = off[_disc(n, PIP_DISC)].reshape(-1, 1)
    tried = []
    for _ in range(2):
        t, _ = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        if t < MIN_CONTRAST:
            break
        tried.append(t)
        yield t, _holes(off <= t), False
        inner = inner[inner < t].reshape(-1, 1)
        if inner.size < 2:
            break
    for t in tried:
        yield t, _holes(off <= t, cut=True), True
    if tried and steady:
        yield from _steady(off, tried[0], float(np.percentile(all_inner, STEADY_TOP)))


def _steady(off: np.ndarray, first: float, top: float):
    """Where no Otsu threshold's pips make a face, as it is or cut: the thresholds from
    the first Otsu one (`first`) up to `top` in steps of STEADY_STEP, lowest first; at
    the first of each STEADY_RUN steps in a row whose pips make the same face
    (`_top_pattern`) of STEADY_FEWEST or more pips, none smaller than STEADY_AREA times
    the least a pip's, the threshold and its pips (uncut). Nell-byler's small marbled dice
    and aws's oblique ones: a pip lies apart from the swirls, a shaded rim or a side face
    at no threshold Otsu's finds, but a face's pips keep their count from one step to the
    next, where swirls and specks change theirs. A lone pip (a 1) is none: a 1 has no
    empty places to check (`_places_empty`), and a 3's or a 5's middle pip stands alone
    at thresholds where the others run into the rim. What is found goes through every
    check a threshold's pips do (`pip_count`)."""
    counts: list[int | None] = []
    seen: list[tuple[float, list]] = []
    t = first
    while t <= top:
        pips = _holes(off <= t)
        kept, count = _top_pattern(pips)
        count = count if count is not None and count >= STEADY_FEWEST else None
        if count is not None and min(a for _x, _y, a in kept) < (
                STEADY_AREA * PIP_AREA[0] * SIDE**2):
            count = None
        counts.append(count)
        seen.append((t, pips))
        k = len(counts)
        if (k >= STEADY_RUN and counts[-1] is not None
                and len(set(counts[k - STEADY_RUN:])) == 1
                and (k == STEADY_RUN or counts[k - STEADY_RUN - 1] != counts[-1])):
            yield (*seen[k - 1 - STEADY_RUN // 2], False)
        t += STEADY_STEP


def _radii(n: int) -> np.ndarray:
    """Each pixel's distance from the middle of an n x n look (not to be written to).
    Closer looks are as many widths as pips have sizes, all odd: theirs are cut from the
    middle of one larger odd look's, the same numbers (whole offsets from the middle
    pixel), so that each width does not compute its own (a closer look's width missed
    a cache of 8 about every other time, at 0.1 ms a miss)."""
    if n % 2 == 0:
        return _all_radii(n)
    big = _all_radii(RADII_STEP * -(-n // RADII_STEP) + 1)
    c, h = big.shape[0] // 2, n // 2
    return big[c - h : c + h + 1, c - h : c + h + 1]


#: the odd looks whose distances closer looks are cut from are 1 more than a multiple of
#: this wide (a closer look is at most about 175 px wide: at most four such)
RADII_STEP = 64


def colour_distance(lab: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's distance from `colour` (H x W x 3 -> H x W): the squares of the
    channels' differences added channel by channel, first to second, then third, the
    order numpy's sum over the last axis adds them in (the same numbers), at a third
    of its time (numpy reduces three values at a time slowly). Each channel's difference
    is taken on its own (a plane), not the pixels' three at once: numpy's inner loop
    over a pixel's 3 values was most of the time (the same numbers, in half of it)."""
    s = lab[..., 0] - colour[0]
    s *= s
    for k in (1, 2):
        d = lab[..., k] - colour[k]
        d *= d
        s += d
    return np.sqrt(s, out=s)


@lru_cache(maxsize=8)
def _all_radii(n: int) -> np.ndarray:
    yy, xx = _grid(n)
    return np.hypot(xx, yy)


@lru_cache(maxsize=8)
def _grid(n: int) -> tuple[np.ndarray, np.ndarray]:
    """(y, x) of each pixel of an n x n look, from its middle."""
    yy, xx = np.mgrid[0:n, 0:n] - (n - 1) / 2.0
    return yy, xx


@lru_cache(maxsize=8)
def _disc(n: int, share: float) -> np.ndarray:
    """The pixels of an n x n look within `share` x SIDE of its middle."""
    return _radii(n) <= share * SIDE


def _holes(like: np.ndarray, cut: bool = False) -> list[tuple[float, float, float]]:
    """The pip-like holes of the face-coloured part (`like`) most of the centre disc
    belongs to: a blob reaching the table (a shaded edge, a side face) is none, nor one
    that is not a solid round spot (a numeral's strokes, a star); (x, y, area) each.
    `cut`: what is unlike the face first opened by a NECK-px square, which parts a pip
    from the table, or from the next pip, where a rim or a gap thinner than that (a
    small die's face, a pip near its edge, blurred) joins them."""
    import cv2

    n = like.shape[0]
    _n, parts = cv2.connectedComponents(like.astype(np.uint8), connectivity=8)
    middle = parts[_disc(n, FACE_DISC)]
    middle = middle[middle > 0]
    if not middle.size:
        return []
    unlike = (parts != np.bincount(middle).argmax()).astype(np.uint8)  # not the top
    if cut:
        unlike = cv2.morphologyEx(unlike, cv2.MORPH_OPEN, _NECK_SQUARE)
    _count, holes, stats, centroids = cv2.connectedComponentsWithStats(unlike, connectivity=4)
    x, y, w, h, area = stats[1:].T
    px, py = (centroids[1:] - (n - 1) / 2.0).T
    pip_like = ((x > 0) & (y > 0) & (x + w < n) & (y + h < n)  # not the table round the die
                & (np.hypot(px, py) <= TOP_FACE * SIDE)
                & (area >= PIP_AREA[0] * SIDE**2) & (area <= PIP_AREA[1] * SIDE**2)
                & (np.maximum(w, h) <= PIP_WIDE * SIDE) & (area >= ROUND * w * h))
    # a pip is mostly unlike the face (a numeral's loop holds face colour) and as compact
    # as a spot, its pixels' spread about their middle at most SPREAD times a disc's of
    # their number (a disc 1, a pip seen at 60 degrees 1.25, a numeral's strokes 1.5 and
    # more)
    notlike, found = ~like, []
    for i in np.flatnonzero(pip_like).tolist():
        box = slice(y[i], y[i] + h[i]), slice(x[i], x[i] + w[i])
        m = cv2.moments(((holes[box] == i + 1) & notlike[box]).view(np.uint8),
                        binaryImage=True)
        if (m["m00"] and m["m00"] >= FILLED * area[i]  # the hole's pixels: its area
                and 2 * np.pi * (m["mu20"] + m["mu02"]) / m["m00"] <= SPREAD * m["m00"]):
            found.append((float(px[i]), float(py[i]), float(area[i])))
    return found


#: the disc the face's own colour is taken from (its median), as a share of SIDE
FACE_DISC = 0.3
#: the disc the pips are told from the face in (its pips' lightness and colour: Otsu's
#: threshold), as a share of SIDE: the corner pips of a face turned 45 degrees lie within
PIP_DISC = 0.38
#: pips further than this (share of SIDE) from the centre are not on the top face
TOP_FACE = 0.5
#: less colour difference than this between pips and face: no pips to see
MIN_CONTRAST = 15
#: where no threshold's pips make a face, the holes are looked for again with what is
#: unlike the face opened by a square this wide (px at SIDE): a neck thinner than this
#: joining a pip to the table or to another pip is cut (`_holes`)
NECK = 3
_NECK_SQUARE = np.ones((NECK, NECK), np.uint8)
#: ... and the pips so found must be more alike in size than ALIKE: the largest at most
#: this many times the smallest
CUT_ALIKE = 2.0
#: where neither way's pips make a face, thresholds are stepped through (`_steady`) from
#: the first Otsu threshold, this many levels a step, up to this percentile of the pip
#: disc's distances from the face's colour; a count stands where this many steps in a
#: row give it, of at least this many pips, ...
STEADY_STEP = 5
STEADY_TOP = 99
STEADY_RUN = 2
STEADY_FEWEST = 2
#: ... each kept pip at least this many times PIP_AREA's smallest (at the top thresholds
#: pips shrink to their cores and drop out one by one: three of a 4's pips and a speck
#: beside them then make a 4)
STEADY_AREA = 1.25
#: a pip's area, as a share of SIDE squared
PIP_AREA = (0.004, 0.08)
#: a blob wider or taller than this (share of SIDE) is no pip
PIP_WIDE = 0.4
#: a pip fills at least this share of its bounding box (a disc: 0.785), ...
ROUND = 0.6
#: ... at least this share of its hole unlike the face, ...
FILLED = 0.8
#: ... and is compact (`_holes`)
SPREAD = 1.4
#: how far (share of SIDE) a pip's mirror image through the pattern's centre may lie from
#: another pip, and the pattern's centre from the die's
SYMMETRY = 0.1
OFF_CENTRE = 0.15
#: the largest pip's area over the smallest's, beyond which they are not one face's pips
ALIKE = 3.0


def _middle(pips: list[tuple[float, float, float]]) -> np.ndarray:
    """The pips' mean (x, y): numpy's mean of their K x 2 array, its column sums added
    pip by pip as numpy adds them, without its machinery (the same numbers; not the
    built-in `sum`, which adds floats otherwise from Python 3.12)."""
    sx = sy = 0.0
    for x, y, _a in pips:
        sx += x
        sy += y
    return np.array([sx / len(pips), sy / len(pips)])


def _pattern(pips: list[tuple[float, float, float]]) -> int | None:
    """How many pips make a top face: all of them, point-symmetric about a centre near
    the die's, alike in size; else None (side-face pips, a symbol, specks)."""
    if not pips or len(pips) > 7:
        return None
    xy = np.array([(x, y) for x, y, _a in pips])
    areas = np.array([a for _x, _y, a in pips])
    c = _middle(pips)
    if np.hypot(*c) > OFF_CENTRE * SIDE or areas.max() > ALIKE * areas.min():
        return None
    mirrored = 2 * c - xy
    gaps = np.hypot(*(mirrored[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)).min(axis=1)
    if gaps.max() > SYMMETRY * SIDE:
        return None
    return len(pips)


#: a 1's lone mark is looked at again this many times closer (at SIDE a numeral's loop
#: and strokes, or a small star, run into one round blob), blurred this much there
FINE = 2
FINE_BLUR = 0.6
#: its outline: the pixels further from the face's colour than this share of its core's
#: (the 90th percentile within half its radius), within NEAR radii (plus a pip's width at
#: SIDE) of its centre; holes filled
OUTLINE = 0.5
NEAR = 2.5
#: a dent in the outline is a gap to its convex hull deeper than this share of its
#: radius (and 1 px): a disc or an ellipse has none, a star one per point, a numeral's
#: strokes two or more; a star has at least STAR_POINTS, ...
DENT = 0.12
STAR_POINTS = 4
#: ... a numeral's small loop (a 4's triangle, a 6's bowl) two, round a middle less than
#: DIP of the core's distance from the face's colour, and an open numeral (2, 3, 5) one
#: deeper than its radius
DIP = 0.55
OPEN = 1.0


def _lone_mark_a_pip(frame: np.ndarray, cx: float, cy: float, size: float,
                     face: np.ndarray, t: float, mark: tuple[float, float, float]) -> bool:
    """Whether a 1's lone mark is a pip rather than a numeral or a maker's star (docs/
    vision.md, "Two witnesses"). At SIDE a numeral blurs into a blob that passes for a
    pip, and the face net reads it 1 too. FINE times closer a pip is a solid spot: its
    middle unlike the face (threshold `t`, the pips'), where a numeral's loop or a ring
    shows the face's colour, and its outline convex, where a star's points, a numeral's
    strokes round a small loop or an open numeral's mouth dent it. A real 1's pip, small,
    oval or with a glint, dents its outline once or twice, and not deeply."""
    import cv2

    off, d, rp = _closer(frame, cx, cy, size, face, mark, FINE)
    middle = off[d <= max(1.0, 0.25 * rp)].min()
    if middle <= t:
        return False
    core = percentile(off[d <= max(1.0, 0.5 * rp)], 90)
    edge, radius = _outline(off, d, rp, core)
    if edge is None:
        return False
    try:
        gaps = cv2.convexityDefects(edge, cv2.convexHull(edge, returnPoints=False))
    except cv2.error:  # a contour crossing itself: no outline to judge
        return False
    depths = np.zeros(0) if gaps is None else gaps.reshape(-1, 4)[:, 3] / 256.0
    dents = int(np.count_nonzero(depths > max(1.0, DENT * radius)))
    return not (dents >= STAR_POINTS or (dents >= 2 and middle < DIP * core)
                or depths.max(initial=0.0) > OPEN * radius)


def _closer(frame: np.ndarray, cx: float, cy: float, size: float, face: np.ndarray,
            mark: tuple[float, float, float], fine: float):
    """A pip-like mark (x, y, area at SIDE) looked at `fine` times closer, blurred
    FINE_BLUR: (each pixel's distance from the face's colour, its distance from the
    mark's centre, the mark's radius), out to NEAR radii and a pip's width at SIDE (the
    distance 0 beyond)."""
    x, y, area = mark
    rp = np.sqrt(area / np.pi) * fine
    reach = NEAR * rp + 2 * fine
    n = 2 * int(np.ceil(reach)) + 3
    at = size / SIDE  # frame px per px at SIDE; the mark's centre in the frame (a look's
    # middle pixel is half a pixel off the centre it is given):
    mx, my = (c + (v - 0.5 + 0.5 / fine) * at for c, v in ((cx, x), (cy, y)))
    lab = _look(frame, mx, my, size, fine * SIDE, FINE_BLUR, n)
    off, d = colour_distance(lab, face), _radii(n)
    off[d > reach] = 0
    return off, d, rp


def _outline(off: np.ndarray, d: np.ndarray, rp: float, core: float):
    """A mark's outline in a `_closer` look: the pixels further from the face's colour
    than OUTLINE of its core's (`core`), the part holding its middle, holes filled; (its
    contour, the radius of a disc of its area), or (None, 0) if there is none."""
    import cv2

    _n, parts = cv2.connectedComponents((off > OUTLINE * core).astype(np.uint8), connectivity=8)
    ids = parts[d <= rp]
    ids = ids[ids > 0]
    if not ids.size:
        return None, 0.0
    blob = (parts == np.bincount(ids).argmax()).astype(np.uint8)
    contours, _h = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    edge = max(contours, key=cv2.contourArea)
    filled = cv2.drawContours(np.zeros_like(blob), [edge], -1, 1, -1)
    return edge, float(np.sqrt(np.count_nonzero(filled) / np.pi))


#: every pip looked at again this many times closer: where each one's outline lies within
#: QUAD of its radius of a quadrilateral (a round pip's, seen so, 0.24 or more off the best
#: one), they are a playing card's diamonds laid out as a die's pips
SHARP = 4
QUAD = 0.2


def _card_diamonds(frame: np.ndarray, cx: float, cy: float, size: float, face: np.ndarray,
                   pips: list[tuple[float, float, float]]) -> bool:
    """Whether the pips are a playing card's diamonds (docs/vision.md, "Two witnesses"):
    at SIDE a card's diamonds, laid out as a die's pips, pass for round pips to both
    witnesses; SHARP times closer each is a quadrilateral. A round or oval pip, a small
    one's pixels, a glint or a shaded rim, is none."""
    import cv2

    # a die's first round pip ends it: the smallest first, whose closer look is the
    # smallest (every pip a quadrilateral or not: the order changes no answer)
    for mark in sorted(pips, key=lambda m: m[2]):
        off, d, rp = _closer(frame, cx, cy, size, face, mark, SHARP)
        edge, radius = _outline(off, d, rp, percentile(off[d <= max(1.0, 0.5 * rp)], 90))
        if edge is None or len(cv2.approxPolyDP(edge, QUAD * radius, True)) > 4:
            return False
    return True


#: glare is lighter than the face by this much (Lab lightness, 0-255) and whitened:
GLARE_LIGHTER = 25
#: at most this share of a coloured face's chroma, or clipped, this light (all a
#: colourless face's glare can show: white, grey and black faces, chroma under COLOURLESS)
GLARE_FADE = 0.5
COLOURLESS = 25
CLIPPED = 245
#: a 2 or 4 whose centre slot (a disc of this radius, share of SIDE) is this much glare
#: may be a 3 or 5 with its middle pip hidden
CENTRE_SLOT = 0.06
COVERED = 0.5
#: a 3 or 5 whose middle pip is glare and this many times the others' median area may be
#: a 2 or 4 with a glint between its pips
GLINT_BIGGER = 1.6


def _glare_may_change(lab: np.ndarray, face: np.ndarray,
                      pips: list[tuple[float, float, float]]) -> bool:
    """Whether a lamp's highlight lies where it could have turned another face into this
    pattern. What glare hides or adds is symmetric about the face's centre, as the face
    and the pips seen are, so one highlight changes a face only at its centre: over a 2's
    or 4's centre it may hide a 3's or 5's middle pip (or, lying across it, a pair of
    pips), and a 3's or 5's middle pip that is glare and larger than the others may be
    a glint. (A 6's centre could hide only a 7's pip: left, as six-sided dice have none.)"""
    n = lab.shape[0]
    xy = np.array([(x, y) for x, y, _a in pips])
    areas = np.array([a for _x, _y, a in pips])
    centre = _middle(pips)
    if len(pips) in (2, 4):  # glare is judged only where it is looked at
        yy, xx = _grid(n)
        w = _window(n, centre[0], centre[1], CENTRE_SLOT * SIDE)
        slot = np.hypot(xx[w] - centre[0], yy[w] - centre[1]) <= CENTRE_SLOT * SIDE
        glare = _glare(lab[w][slot], face)
        return bool(glare.size) and np.count_nonzero(glare) / glare.size >= COVERED
    if len(pips) in (3, 5):
        k = int(np.hypot(*(xy - centre).T).argmin())
        x, y = np.round(xy[k] + (n - 1) / 2.0).astype(int)
        others = [a for i, (_x, _y, a) in enumerate(pips) if i != k]
        return (bool(areas[k] > GLINT_BIGGER * statistics.median(others))
                and bool(_glare(lab[y, x], face)))
    return False


def _glare(lab: np.ndarray, face: np.ndarray) -> np.ndarray:
    """Where a highlight whitens the look (Lab pixels, any shape but the last axis):
    lighter than the face, and paler than a coloured face or clipped."""
    light = lab[..., 0]
    chroma = np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)
    face_chroma = np.hypot(face[1] - 128, face[2] - 128)
    paler = chroma <= GLARE_FADE * face_chroma if face_chroma >= COLOURLESS else False
    return (light >= face[0] + GLARE_LIGHTER) & (paler | (light >= CLIPPED))



#: a die's pips lie on a 3 x 3 grid of places; a place is taken where a pip lies within
#: this share of the grid's step of it, ...
TAKEN = 0.5
#: ... and an empty one holds no pip: less than this share of a disc round it (this share
#: of the pips' radius) is nearer the pips' colour than the face's
INKED = 0.4
PLACE = 0.6


def _places_empty(lab: np.ndarray, face: np.ndarray, t: float,
                  pips: list[tuple[float, float, float]]) -> bool:
    """Whether the places of the die's pip grid that no pip takes hold no pip either: a
    pip the thresholds lost (run into the table, another pip or a rim at a slant) leaves
    a symmetric face of fewer pips (a 3 without its middle one counted 2, a 6 without
    its middle pair 4), but its place still shows the pips' colour. The grid: the
    pattern's centre, its outermost pip a corner, the corner next to it the outer pip
    most across it (4-7 pips), or, for 2 or 3, that one turned a quarter as the face is
    seen at a slant (`_across`). A lone pip (a 1) has no grid to judge."""
    if len(pips) < 2:
        return True
    n = lab.shape[0]
    xy = np.array([(x, y) for x, y, _a in pips])
    c = _middle(pips)
    d = xy - c
    if len(pips) >= 4:
        u, v = _corners(d)
    else:
        u = d[np.argmax(np.hypot(*d.T))]
        v = _across(colour_distance(lab, face) <= t, u)
    e1, e2 = (u + v) / 2, (u - v) / 2
    # the grid's nine places (a, b in -1, 0, 1: c + a e1 + b e2), those no pip takes
    places = c + _STEPS[:, :1] * e1 + _STEPS[:, 1:] * e2
    free = places[np.hypot(xy[:, 0] - places[:, None, 0], xy[:, 1] - places[:, None, 1])
                  .min(axis=1) > TAKEN * np.hypot(*e1)]
    if not len(free):
        return True
    r = np.sqrt(statistics.median([a for _x, _y, a in pips]) / np.pi)
    yy, xx = _grid(n)
    at = np.zeros((n, n), bool)
    for x, y in xy:  # each disc measured in a window round it only (the same pixels)
        w = _window(n, x, y, max(1.0, 0.5 * r))
        at[w] |= np.hypot(xx[w] - x, yy[w] - y) <= max(1.0, 0.5 * r)
    ink = median_rows(lab[at])
    windows = [_window(n, px, py, max(1.0, PLACE * r)) for px, py in free]
    y0, x0 = min(w[0].start for w in windows), min(w[1].start for w in windows)
    y1, x1 = max(w[0].stop for w in windows), max(w[1].stop for w in windows)
    near = lab[y0:y1, x0:x1]  # where the free places lie: nearer the pips' colour?
    inked = colour_distance(near, ink) < colour_distance(near, face)
    for (px, py), (wy, wx) in zip(free, windows):
        place = inked[wy.start - y0 : wy.stop - y0, wx.start - x0 : wx.stop - x0][
            np.hypot(xx[wy, wx] - px, yy[wy, wx] - py) <= max(1.0, PLACE * r)]
        if place.size and np.count_nonzero(place) / place.size >= INKED:
            return False
    return True


#: (a, b) of the grid's nine places, a row-major
_STEPS = np.array([(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)])


def median_rows(x: np.ndarray) -> np.ndarray:
    """`np.median(x, axis=0)` of a 2-D array of pixels (no NaN: they come from 8-bit
    images), the same numbers without its machinery (a third of its time on a look's
    pixels): the middle row's values, or the mean of the two middle rows' as numpy takes
    it (their sum in the array's float type, halved; integers in float64)."""
    n = len(x)
    if not n:
        return np.median(x, axis=0)
    k = n // 2
    if x.dtype.kind in "biu":
        x = x.astype(np.float64)
    if n % 2:
        return np.partition(x, k, axis=0)[k]
    s = np.partition(x, (k - 1, k), axis=0)
    return (s[k - 1] + s[k]) / 2


def percentile(x: np.ndarray, q: int) -> np.floating:
    """`np.percentile(x, q)` of a 1-D float array (its "linear" method), the same number
    without its machinery: the two order statistics round (n - 1) q / 100, interpolated
    in the array's float type as numpy's `_lerp` does."""
    n = x.size
    if not n:
        return np.percentile(x, q)
    at = (n - 1) * (q / 100)
    lo = int(np.floor(at))
    if at >= n - 1:
        return np.partition(x, n - 1)[n - 1]
    s = np.partition(x, (lo, lo + 1))
    a, b, t = s[lo], s[lo + 1], at - lo
    d = b - a
    return b - d * (1 - t) if t >= 0.5 else a + d * t


def _window(n: int, x: float, y: float, radius: float) -> tuple[slice, slice]:
    """The rows and columns of an n x n look (`_grid`'s offsets from its middle) that hold
    every pixel within `radius` of (x, y), with a pixel to spare."""
    h = (n - 1) / 2.0
    x0, y0 = max(0, int(np.floor(x + h - radius)) - 1), max(0, int(np.floor(y + h - radius)) - 1)
    x1 = max(x0, min(n, int(np.ceil(x + h + radius)) + 2))
    y1 = max(y0, min(n, int(np.ceil(y + h + radius)) + 2))
    return slice(y0, y1), slice(x0, x1)


def _corners(d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two corners of a pattern of 4-7 pips (`d`: their offsets from its centre): its
    outermost pip, and of the next three outer ones the one most across it."""
    out = np.argsort(-np.hypot(*d.T))
    u, corners = d[out[0]], d[out[1:4]]
    return u, corners[np.argmin(np.abs(corners @ u) / (np.hypot(*corners.T) + 1e-6))]


def _across(like: np.ndarray, u: np.ndarray) -> np.ndarray:
    """`u` (from the face's centre) turned a quarter as the face is seen: the top face
    (the face-coloured part most of the centre disc belongs to, its convex hull) taken
    for a square seen at a slant, whose spread is a disc's once unslanted."""
    import cv2

    n = like.shape[0]
    quarter = np.array([-u[1], u[0]])
    _n, parts = cv2.connectedComponents(like.astype(np.uint8), connectivity=8)
    middle = parts[_disc(n, FACE_DISC)]
    middle = middle[middle > 0]
    if not middle.size:
        return quarter
    top = (parts == np.bincount(middle).argmax()).astype(np.uint8)
    contours, _h = cv2.findContours(top, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    m = cv2.moments(cv2.convexHull(max(contours, key=cv2.contourArea)))
    if not m["m00"]:
        return quarter
    w, vecs = np.linalg.eigh(np.array([[m["mu20"], m["mu11"]], [m["mu11"], m["mu02"]]]))
    if w.min() <= 0:
        return quarter
    slant = vecs @ np.diag(np.sqrt(w)) @ vecs.T
    q = np.linalg.solve(slant, u)
    return slant @ np.array([-q[1], q[0]])
