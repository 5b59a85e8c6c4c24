"""Folders and files a command names, checked as its command line is read: a file in the
way is named in a sentence before any work starts, not found by a traceback midway."""

from __future__ import annotations

import argparse
import os

from companion.config import unknown_home


def output_folder(text: str) -> str:
    """`text`, made if need be (argparse `type=`): a file in the way, or a folder that
    cannot be made (no permission, a name too long), is refused before any work."""
    part = os.path.normpath(text)
    while part and not os.path.lexists(part):
        part = os.path.dirname(part)
    if part and not os.path.isdir(part):
        raise argparse.ArgumentTypeError(f"{part} is a file, not a folder")
    try:
        os.makedirs(text, exist_ok=True)
    except OSError as error:
        raise argparse.ArgumentTypeError(
            f"cannot make the folder {text}: {error.strerror or error}") from None
    return text


def store_file(text: str) -> str:
    """A --store path (argparse `type=`), with ~ expanded: an empty one names no file, and
    would otherwise quietly stand for the default store (`--store ""` from a script's unset
    variable); a ~name of nobody on this machine is said here (pathlib raised midway)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path names no store: give the store's file")
    problem = unknown_home(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return os.path.expanduser(text)
