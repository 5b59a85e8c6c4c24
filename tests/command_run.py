"""A companion command run as the CLI runs it, in the test's own process: its arguments
parsed by its own `configure`, then its `run` (the exit code returned)."""

from __future__ import annotations

import argparse


def run(command, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    command.configure(parser)
    return command.run(parser.parse_args(list(argv)))
