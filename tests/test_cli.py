"""The `companion` command itself: output piped into a reader that stops early."""

from __future__ import annotations

import subprocess
import sys


def test_a_reader_that_stops_early_gets_no_traceback():
    # `companion config --docs | head -1`: head closes the pipe before all is written.
    child = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "config", "--docs"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    child.stdout.close()
    error = child.stderr.read().decode()
    child.wait(timeout=30)
    assert "Traceback" not in error and "Exception ignored" not in error, error
