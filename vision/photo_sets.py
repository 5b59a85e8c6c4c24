"""Labelled photo sets on disk, and which images are held out from training.

A set is a folder with `images/` and `labels.jsonl` (one row per image). An image is
used for training only if its row says `"split": "train"`; every other image is held
out for validation. The training code and the benchmark both read the split here, so
the held-out figures always mean photos the nets never saw.
"""

from __future__ import annotations

import json
from pathlib import Path

SPLITS = ("train", "validation")


def photo_sets(root: Path) -> list[Path]:
    """The set folders under `root` (none if it is not there)."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "labels.jsonl").is_file())


def in_split(row: dict, split: str | None) -> bool:
    """split None: every image; "train": the training images; "validation": the rest."""
    if split is None:
        return True
    return (row.get("split") == "train") == (split == "train")


def load_labels(set_dir: Path, split: str | None = None) -> list[dict]:
    """The label rows of one set, in file order, for one split (None: all)."""
    rows = []
    with open(set_dir / "labels.jsonl", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                if in_split(row, split):
                    rows.append(row)
    return rows
