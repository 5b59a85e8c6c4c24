"""Image -> dice readings. Imports only numpy and OpenCV; knows nothing of games.

read(frame, expect=None) -> list[DieReading]   (two small learned nets, vision/net.py)
Settle: stream settle detector (one reading per throw)
synth: labelled synthetic scenes
"""

from .reading import COLOURS, CONFIRM_BELOW, DieReading, Expect

__all__ = [
    "COLOURS",
    "CONFIRM_BELOW",
    "Calibration",
    "DieReading",
    "Expect",
    "Settle",
    "read",
]


def read(frame, expect=None, calibration=None, closer=True):
    """Read the top faces of the dice in a BGR frame (see vision.reader; `closer=False`
    for a live camera's frames, which are never read closer)."""
    from .reader import read as _read

    return _read(frame, expect, calibration, closer)


def __getattr__(name):
    # lazy: `import vision` stays light (no OpenCV until it is needed)
    if name == "Settle":
        from .settle import Settle

        return Settle
    if name == "Calibration":
        from .calibrate import Calibration

        return Calibration
    raise AttributeError(name)
