"""The dice reader's two small learned nets, run through OpenCV's dnn module.

`find_dice(frame)` -> candidate top faces (centre, size, score) from the finder net;
`read_crops(frame, found)` -> per candidate the probabilities of "not a die" and of
1..7 pips from the face net. The image preparation here is also what the training code
(vision/train) feeds the nets, so training and runtime see the same pixels.
The models load on first use, not on `import vision`, and stay loaded.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

FINDER_FILE = Path(__file__).with_name("dice_finder.onnx")  # the shipped nets
FACES_FILE = Path(__file__).with_name("dice_faces.onnx")
#: a second finder, whose candidates are added where no candidate of the first's box
#: overlaps theirs (round 19's union: the shipped finder's candidates kept exactly, and
#: round 18's fine-tune's, trained on the three sources' photos, where it finds a die the
#: shipped one does not: docs/vision.md, "Nineteenth round"); read with the shipped
#: finder only (a finder learnt at a table, or a copy of the shipped one elsewhere, is
#: read alone)
ALSO_FILE = Path(__file__).with_name("dice_finder_also.onnx")
#: a second face net, which reads the candidates the first turns down (the face nets'
#: union: round 17's fine-tune taught further with aws-dice-workshop's obliquely seen dice
#: as top faces (also24), trained on the three sources' training rows, sees dice seen
#: obliquely where the shipped one sees none: docs/vision.md, "The face nets' union");
#: its readings are always asked (reader.faces_at). Read with the shipped
#: finder and face net only, as ALSO_FILE
FACES_ALSO_FILE = Path(__file__).with_name("dice_faces_also.onnx")
_in_use = {"finder": FINDER_FILE, "faces": FACES_FILE, "also": ALSO_FILE,
           "faces_also": FACES_ALSO_FILE}

FINDER_SCALE = 0.5  # the finder sees a 640-px-wide frame at half size
WORK_SIDE = 640  # larger frames are read as if their long side were this (the camera's)
#: dice the finder sizes narrower than this (px at WORK_SIDE) are read again enlarged: it
#: sizes a 24-px die about 27, and the face net counts the 2-4 px pips of dice under
#: about 32 px better enlarged (nell-byler held out, shrunk to 0.6: 95.3% -> 99.5%)
SIZE_MIN = 34.0
SIZE_AIM = 56.0  # ... to this width
BIG_SIDE = 90.0  # dice this wide or wider (px at WORK_SIDE) are found at half size ...
BIG_PEAK_MIN = 0.5  # ... by peaks this strong (weaker ones there are groups of small dice)
FINDER_STRIDE = 4  # one heat cell per 4 finder-input pixels
FINDER_ALIGN = 16  # finder input sides are padded to a multiple of this
CROP = 48  # the face net sees CROP x CROP crops (the die about 38 px of it)
CROP_SIDE = 1.25  # crop side = this x the die's size
PEAK_MIN = 0.25  # heat peaks below this are not candidates


@dataclass(frozen=True)
class Found:
    """A candidate die top face in frame pixels: centre, size (side of its upright box)."""

    cx: float
    cy: float
    size: float
    score: float
    big: bool = False  # found by the half-size look for big dice

    def holds(self, other: Found) -> bool:
        """Whether the other's centre lies in this one's upright box."""
        return max(abs(other.cx - self.cx), abs(other.cy - self.cy)) < self.size / 2


def standardise(img: np.ndarray) -> np.ndarray:
    """HxWx3 -> float32, zero mean, about unit spread over all pixels and channels together
    (keeps colour relations, drops overall brightness; the +8 keeps flat, dark images
    from having their noise blown up).

    The spread over all channels is put together from OpenCV's per-channel means and
    spreads (one pass in C), not numpy's `std` (several passes): the same numbers to
    2e-6, and a 640x480 frame's inputs standardised in 0.55 ms instead of 0.9."""
    mean, scale = _mean_and_scale(img)
    out = img.astype(np.float32)
    out -= mean
    out *= scale
    return out


def _mean_and_scale(img: np.ndarray) -> tuple[np.float32, np.float32]:
    """`standardise`'s mean and its factor (1 / (spread + 8)), as float32."""
    means, spreads = cv2.meanStdDev(img)
    if means.size == 3:  # numpy's mean of three, added in its order, without its machinery
        (m0, m1, m2), (s0, s1, s2) = means.ravel().tolist(), spreads.ravel().tolist()
        mean = (m0 + m1 + m2) / 3
        d0, d1, d2 = m0 - mean, m1 - mean, m2 - mean
        spread = math.sqrt((s0 * s0 + d0 * d0 + (s1 * s1 + d1 * d1) + (s2 * s2 + d2 * d2)) / 3)
    else:
        means, spreads = means.ravel(), spreads.ravel()
        mean = float(means.mean())
        spread = float(np.sqrt(np.mean(spreads**2 + (means - mean) ** 2)))
    return np.float32(mean), np.float32(1.0 / (spread + 8.0))


def standardised_blob(images, align: int = 1) -> np.ndarray:
    """Images of one size (H x W x 3) -> their `standardise`d pixels as an N x 3 x H' x
    W' blob, H and W padded with zeros (the mean) to a multiple of `align`: the same
    numbers as standardising each and laying it out, each pixel converted straight into
    its place (no float image laid out again: a 640-px frame's finder input 0.1-1 ms
    sooner)."""
    h, w = images[0].shape[:2]
    ph, pw = -h % align, -w % align
    blob = (np.zeros if ph or pw else np.empty)((len(images), 3, h + ph, w + pw), np.float32)
    for img, planes in zip(images, blob):
        mean, scale = _mean_and_scale(img)
        x = planes[:, :h, :w]
        x[...] = img.transpose(2, 0, 1)
        x -= mean
        x *= scale
    return blob


def finder_size(shape, scale: float = 1.0) -> tuple[int, int]:
    """(width, height) the finder sees a frame of this shape at, resized by `scale` and
    FINDER_SCALE (at most 1024 px on the long side)."""
    h, w = shape[:2]
    s = FINDER_SCALE * min(scale, 2048 / max(h, w))
    return max(16, round(w * s)), max(16, round(h * s))


def finder_input(frame: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """BGR frame -> the finder's 1x3xHxW blob (resized, standardised, padded)."""
    size = finder_size(frame.shape, scale)
    how = cv2.INTER_AREA if size[0] < frame.shape[1] else cv2.INTER_LINEAR
    return finder_blob(cv2.resize(frame, size, interpolation=how))


def finder_blob(small: np.ndarray) -> np.ndarray:
    """An image already at finder scale -> standardised blob, padded with zeros (mean)."""
    return standardised_blob([small], FINDER_ALIGN)


def face_crop(frame: np.ndarray, cx: float, cy: float, size: float) -> np.ndarray:
    """The CROP x CROP BGR patch around a die centred at (cx, cy) of the given size."""
    side = max(4.0, size * CROP_SIDE)
    h, w = frame.shape[:2]
    x0, y0 = int(round(cx - side / 2)), int(round(cy - side / 2))
    n = int(round(side))
    x1, y1 = x0 + n, y0 + n
    pad = max(0, -x0, -y0, x1 - w, y1 - h)
    if pad:
        frame = cv2.copyMakeBorder(frame, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        x0, y0, x1, y1 = x0 + pad, y0 + pad, x1 + pad, y1 + pad
    return cv2.resize(frame[y0:y1, x0:x1], (CROP, CROP), interpolation=cv2.INTER_AREA)


def faces_blob(crops) -> np.ndarray:
    return standardised_blob(crops)


def load_net(path: Path) -> cv2.dnn.Net:
    """An ONNX net for OpenCV's dnn, by its classic engine where OpenCV names one
    (ENGINE_CLASSIC, 5.0): on these small convolutional nets 5.0's default new engine took
    1.3-2.3 times as long (a 640x480 frame read in 16.8 ms instead of 13.8 on 2 threads),
    and the two agree to 5e-5. 4.x has one engine; 5.1 has no ENGINE_CLASSIC (its
    ENGINE_OPENCV and default read these nets alike and as fast), so both load by default."""
    engine = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    if engine is None:
        return cv2.dnn.readNetFromONNX(str(path))
    return cv2.dnn.readNetFromONNX(str(path), engine=engine)


#: finder nets kept, one per input shape: a net given an input of another shape than its
#: last re-plans its layers (about 1.5 ms), and every camera frame is looked at twice, at
#: full and at half size (sometimes also enlarged, or at a quarter size). Each costs 2-12
#: MB; a net of its own costs a load and a slow first pass (about 9 ms more than a
#: re-plan), so only inputs no larger than a WORK_SIDE frame's full-size look get one:
#: larger ones (a photo looked at closer) share one net that re-plans, as memory allows
#: (45 MB at 1024x768)
FINDER_SHAPES = 4
KEPT_INPUT_AREA = round(WORK_SIDE * FINDER_SCALE) ** 2


def _finder(shape: tuple[int, ...]) -> cv2.dnn.Net:
    """The finder net that reads inputs of this (blob) shape."""
    return _finder_for(tuple(shape) if shape[2] * shape[3] <= KEPT_INPUT_AREA else None)


def use_nets(finder: Path | str | None = None, faces: Path | str | None = None) -> None:
    """Read with these ONNX files (nets learnt at a table, vision/learn.py) from now on;
    None: the shipped one. The nets load again on their next use."""
    _in_use["finder"] = Path(finder) if finder else FINDER_FILE
    _in_use["faces"] = Path(faces) if faces else FACES_FILE
    shipped = _in_use["finder"].resolve() == FINDER_FILE.resolve()
    _in_use["also"] = ALSO_FILE if shipped else None
    both = shipped and _in_use["faces"].resolve() == FACES_FILE.resolve()
    _in_use["faces_also"] = FACES_ALSO_FILE if both else None
    _finder_for.cache_clear()
    _also_for.cache_clear()
    _faces.cache_clear()
    _faces_also.cache_clear()


def nets_in_use() -> tuple[Path, Path]:
    """The finder's and the face net's files the reader reads with."""
    return _in_use["finder"], _in_use["faces"]


@lru_cache(maxsize=FINDER_SHAPES)
def _finder_for(shape: tuple[int, ...] | None) -> cv2.dnn.Net:
    """A finder net for inputs of one shape, or (None) shared by every larger one."""
    return load_net(_in_use["finder"])


@lru_cache(maxsize=FINDER_SHAPES)
def _also_for(shape: tuple[int, ...] | None) -> cv2.dnn.Net:
    """The second finder (ALSO_FILE) for inputs of one shape, as `_finder_for`."""
    return load_net(_in_use["also"])


@lru_cache(maxsize=1)
def _faces() -> cv2.dnn.Net:
    """The face net (loaded on first use)."""
    return load_net(_in_use["faces"])


@lru_cache(maxsize=1)
def _faces_also() -> cv2.dnn.Net:
    """The second face net (FACES_ALSO_FILE, loaded on first use)."""
    return load_net(_in_use["faces_also"])


def decode(out: np.ndarray, scale: float, frame_shape, peak_min: float = PEAK_MIN) -> list[Found]:
    """Finder output (4 x h x w) -> heat peaks (3x3 local maxima) as frame-pixel candidates."""
    heat = np.ascontiguousarray(out[0])
    peaks = (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat >= peak_min)
    ys, xs = np.nonzero(peaks)
    fh, fw = frame_shape[:2]
    # all peaks at once, each number as a peak's own arithmetic gives it (float64 from
    # the net's float32; the size's exp in float32, as numpy takes it for one value)
    cx = (xs + 0.5 + out[2, ys, xs].astype(np.float64)) * FINDER_STRIDE / scale
    cy = (ys + 0.5 + out[3, ys, xs].astype(np.float64)) * FINDER_STRIDE / scale
    size = np.exp(np.clip(out[1, ys, xs], 0.0, 6.0)).astype(np.float64) / scale
    score = heat[ys, xs].astype(np.float64)
    inside = (0 <= cx) & (cx < fw) & (0 <= cy) & (cy < fh)
    return [Found(*f) for f in zip(cx[inside].tolist(), cy[inside].tolist(),
                                   size[inside].tolist(), score[inside].tolist())]


def find_dice(frame: np.ndarray, peak_min: float = PEAK_MIN, zoom: float = 1.0) -> list[Found]:
    """Candidate top faces in frame pixels, for frames of any size.

    A frame larger than WORK_SIDE is read shrunk to it (a phone photo reads like the
    camera's frame), a smaller one as it is; or either `zoom` times larger (the reader
    looks closer at a photo whose dice may be too small to see so). If the
    confident candidates are then narrower than SIZE_MIN at WORK_SIDE (a camera far
    away), the frame is read again enlarged so they are SIZE_AIM wide. It is
    also looked at half size, where dice BIG_SIDE or wider (a camera close by, up to
    about 200 px at 640) look usual; its confident candidates that wide are added,
    marked `big` (wider still: `find_huge_dice`). At full size the finder takes such a
    die's pips for dice (small ones: so the half-size look runs after an enlarged one
    too); at half size a group of small dice can pass for one big die. The reader sorts
    that out with the face net's help.
    """
    scale = min(1.0, WORK_SIDE / max(frame.shape[:2]))
    found = _find_at(frame, zoom * scale, peak_min)
    usual = _median_size(found)
    if usual is not None and usual * scale < SIZE_MIN:
        found = _find_at(frame, SIZE_AIM / usual, peak_min)
    half = _find_at(frame, scale / 2, max(peak_min, BIG_PEAK_MIN), HALF_UNION)
    return found + [replace(f, big=True) for f in half if f.size * scale >= BIG_SIDE]


HUGE_SIDE = 180.0  # dice this wide or wider (px at WORK_SIDE) are found at a quarter size


def find_huge_dice(frame: np.ndarray, peak_min: float = BIG_PEAK_MIN) -> list[Found]:
    """Candidates HUGE_SIDE or wider (a die filling much of the frame: a camera very
    close, about 180-420 px at 640), from a look at a quarter size, marked `big`.

    The reader takes this look only when the usual ones read no sure die (they read a
    huge die's pips as doubtful small dice): one more finder pass on a frame 80 px wide,
    and a tray of small dice read surely never meets it. The face net was trained on its
    candidates (mined), as on the other looks': before that it took coins on an empty
    tray for huge 1s."""
    scale = min(1.0, WORK_SIDE / max(frame.shape[:2]))
    quarter = _find_at(frame, scale / 4, max(peak_min, BIG_PEAK_MIN))
    return [replace(f, big=True) for f in quarter if f.size * scale >= HUGE_SIDE]


def _median_size(found: list[Found]) -> float | None:
    """The median size of the confident candidates (frame px), None if there are none."""
    sizes = [f.size for f in found if f.score >= 0.5]
    return float(statistics.median(sizes)) if sizes else None  # np.median's number


#: whether the half-size look (big dice) is the finders' union too: not since speed22
#: (docs/vision.md, "Speed"): there the second finder cost about 2.5 ms of a 640x640
#: photo's read (1 thread) and changed no reading of the three sets' training rows, the
#: synthetic and failure scenes' development seeds or the Charidice development tables
HALF_UNION = False


def _find_at(frame: np.ndarray, scale: float, peak_min: float,
             union: bool = True) -> list[Found]:
    """The finder on the frame resized by `scale` (then by FINDER_SCALE), in frame pixels;
    with the second finder's candidates added (the union) unless `union` is False."""
    blob = finder_input(frame, scale)
    finder = _finder(blob.shape)
    finder.setInput(blob)
    s = finder_size(frame.shape, scale)[0] / frame.shape[1]
    found = decode(finder.forward()[0], s, frame.shape, peak_min)
    if _in_use["also"] is None or not union:
        return found
    shape = tuple(blob.shape)
    also = _also_for(shape if shape[2] * shape[3] <= KEPT_INPUT_AREA else None)
    also.setInput(blob)
    # overlaps are judged against the first finder's candidates from PEAK_MIN up at
    # least, so a look down to weaker peaks adds the same ones from PEAK_MIN up
    # (reader.faces_at's one pass for the usual and the weak candidates)
    firm = [f for f in found if f.score >= max(peak_min, PEAK_MIN)]
    return found + [g for g in decode(also.forward()[0], s, frame.shape, peak_min)
                    if not any(_overlap(f, g) for f in firm)]


def _overlap(a: Found, b: Found) -> bool:
    """Whether two candidates' upright boxes overlap."""
    reach = (a.size + b.size) / 2
    return abs(a.cx - b.cx) < reach and abs(a.cy - b.cy) < reach


#: a crop the face net is not sure of (top probability under SURE) is read again turned
#: a quarter, turned a half and mirrored, in one batch, and the four answers averaged: a
#: pip lost in glare or JPEG blocks in one view is often seen in another. Sure crops (most
#: of them) are read once, so this costs little time.
SURE = 0.98
VIEWS = (
    lambda c: np.rot90(c),
    lambda c: np.rot90(c, 2),
    lambda c: c[:, ::-1],
)


def read_crops(frame: np.ndarray, found: list[Found]) -> np.ndarray:
    """N x 8 probabilities: column 0 "not a die top face", column v the value v."""
    if not found:
        return np.zeros((0, 8), np.float32)
    crops = [face_crop(frame, f.cx, f.cy, f.size) for f in found]
    probs = _face_probs(crops)
    unsure = np.flatnonzero(probs.max(1) < SURE)
    if len(unsure):
        more = _face_probs([np.ascontiguousarray(v(crops[i])) for v in VIEWS for i in unsure])
        views = np.concatenate([probs[None, unsure], more.reshape(len(VIEWS), len(unsure), -1)])
        probs[unsure] = views.mean(0)
    return probs


def read_once(crops: list[np.ndarray]) -> np.ndarray:
    """`read_crops` of crops cut already (`face_crop`; from one frame or several), in one
    batch, each read once: no turned views of the unsure ones (a crop costs the face
    net about 1 ms on 1 thread, a call 0.2 ms more)."""
    return _face_probs(crops) if crops else np.zeros((0, 8), np.float32)


def _face_probs(crops: list[np.ndarray]) -> np.ndarray:
    faces = _faces()
    faces.setInput(faces_blob(crops))
    logits = faces.forward().reshape(len(crops), -1)
    e = np.exp(logits - logits.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def read_turned_down(frame: np.ndarray, found: list[Found]) -> np.ndarray | None:
    """N x 8 probabilities of the second face net (FACES_ALSO_FILE) for candidates the
    face net turned down, in one batch, each crop read once; None where no second face
    net is in use (other nets than the shipped ones: `use_nets`)."""
    if _in_use["faces_also"] is None:
        return None
    if not found:
        return np.zeros((0, 8), np.float32)
    net = _faces_also()
    net.setInput(faces_blob([face_crop(frame, f.cx, f.cy, f.size) for f in found]))
    logits = net.forward().reshape(len(found), -1)
    e = np.exp(logits - logits.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)
