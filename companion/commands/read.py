"""`companion read IMAGE... [--json] [--annotate DIR] [--values 1-6]`: read dice from
image files.

--json prints one object per image per line:
{"image": PATH, "dice": [{"value", "colour", "bbox", "confidence"}], "error": str|null},
with --annotate also "annotated": the PNG written, or null if none was.
All images are read in one process; an unreadable file, or an annotation that cannot be
written, gives an "error" and the rest go on.
--values tells the reader what the dice can show, as a game does (`vision.Expect`).
"""

from __future__ import annotations

import json
import sys

from companion.commands.folder import output_folder
from companion.rules.core import dice_count


def configure(parser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files to read")
    parser.add_argument("--json", action="store_true", help="one JSON object per image per line")
    parser.add_argument(
        "--annotate",
        metavar="DIR",
        type=output_folder,
        default=None,
        help="write each image with boxes and values drawn into DIR",
    )
    parser.add_argument(
        "--values",
        metavar="LO-HI",
        type=value_range,
        default=None,
        help="the pip counts the dice can show, e.g. 1-6 (plain dice) or 2-7 (67 Six Seven);"
        " a face read as another count reads as the likeliest of these, to be confirmed"
        " (default: any of 1-7)",
    )


def value_range(text: str) -> range:
    """'1-6' -> range(1, 7); counts from 1 to 7."""
    import argparse

    lo, sep, hi = text.partition("-")
    try:
        first, last = int(lo), int(hi if sep else lo)
    except ValueError:
        first = last = 0
    if not 1 <= first <= last <= 7:
        raise argparse.ArgumentTypeError(
            f"expected pip counts like 1-6 (from 1 to 7), not {text!r}"
        )
    return range(first, last + 1)


def annotate(frame, readings):
    import cv2

    img = frame.copy()
    for r in readings:
        x0, y0, x1, y1 = r.bbox
        colour = (0, 200, 0) if not r.needs_confirmation else (0, 160, 255)
        cv2.rectangle(img, (x0, y0), (x1, y1), colour, 2)
        text = label(r)
        cv2.putText(img, text, (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3)
        cv2.putText(img, text, (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.45, colour, 1)
    return img


def label(r) -> str:
    """A reading's label on the annotated copy: value, colour, confidence rounded down as
    the reading's own is (0.599 asks the player; "0.60" would say it does not)."""
    sure = int(round(r.confidence * 1000)) // 10  # in hundredths, down (0.57 * 100 is 56.99…)
    return f"{r.value}" + (f" {r.colour}" if r.colour else "") + f" {sure // 100}.{sure % 100:02d}"


def read_one(path: str, values: range | None = None):
    """(readings, frame, error) for one image file."""
    import os

    import vision
    from vision.image_file import UnreadableImage, load

    if os.path.isdir(path):
        return [], None, "a folder, not an image (give its images: DIR/*.jpg)"
    try:
        frame = load(path)
    except UnreadableImage as exc:  # a bad file must not stop the others
        return [], None, str(exc)
    try:
        expect = vision.Expect.of(values=values) if values is not None else None
        return vision.read(frame, expect), frame, None
    except Exception as exc:  # noqa: BLE001
        return [], frame, f"reader failed: {exc}"


def annotation_paths(images: list[str], out_dir: str) -> list[str]:
    """Where each image's annotated copy goes: DIR/<stem>.png, or <stem>-2.png, -3, ...
    when that name is an image being read or another image's copy (`read --annotate .
    photo.png` wrote over the photo; a/dice.jpg and b/dice.jpg shared one dice.png).

    Names are compared resolved and case-folded, as a laptop's disk may ignore case.
    """
    import os

    def key(path: str) -> str:
        return os.path.realpath(path).casefold()

    taken = {key(image) for image in images}
    paths = []
    for image in images:
        stem = os.path.splitext(os.path.basename(image))[0]
        path, n = os.path.join(out_dir, f"{stem}.png"), 1
        while key(path) in taken:
            n += 1
            path = os.path.join(out_dir, f"{stem}-{n}.png")
        taken.add(key(path))
        paths.append(path)
    return paths


def shown(text: str) -> str:
    """A file name as printed: bytes of it that are not UTF-8 (Python's stand-ins for
    them cannot be printed to a strict UTF-8 stdout, a Pi's in en_GB.UTF-8) escaped."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def run(args) -> int:
    from vision.image_file import save

    out_dir = args.annotate  # made as the command line was read (output_folder)
    targets = annotation_paths(args.images, out_dir) if out_dir else [None] * len(args.images)
    failures = 0
    for path, target in zip(args.images, targets):
        readings, frame, error = read_one(path, args.values)
        annotated = unwritten = None
        if target and frame is not None:
            if save(target, annotate(frame, readings)):
                annotated = target
            else:
                unwritten = f"cannot write the annotated image {target}"
        errors = [e for e in (error, unwritten) if e]
        failures += bool(errors)
        if args.json:
            line = {"image": path, "dice": [r.to_json() for r in readings],
                    "error": "; ".join(errors) or None}
            if out_dir:
                line["annotated"] = annotated
            print(json.dumps(line), flush=True)
            continue
        if not error:
            vals = " ".join(
                f"{r.value}"
                + (f"({r.colour})" if r.colour else "")
                + ("?" if r.needs_confirmation else "")
                for r in readings
            )
            told = f"{dice_count(len(readings))}: {vals}" if readings else "no dice"
            where = f" (annotated: {shown(annotated)})" if annotated else ""
            print(f"{shown(path)}: {told}{where}")
        for said in errors:
            print(f"{shown(path)}: error: {shown(said)}", file=sys.stderr)
    return 1 if failures and failures == len(args.images) else 0
