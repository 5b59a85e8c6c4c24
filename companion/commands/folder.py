"""Folders a command writes into, checked as its command line is read: a file in the
way is named in a sentence before any work starts, not found by a traceback midway."""

from __future__ import annotations

import argparse
import os


def output_folder(text: str) -> str:
    """`text`, unless it or a folder above it is a file (argparse `type=`).

    Only what is in the way is checked: the command makes the folder when it writes.
    """
    part = os.path.normpath(text)
    while part and not os.path.lexists(part):
        part = os.path.dirname(part)
    if part and not os.path.isdir(part):
        raise argparse.ArgumentTypeError(f"{part} is a file, not a folder")
    return text
