"""Accuracy floor on the real photographs (skips when ../shared/dice-photos is absent).

FLOORS are the figures measured now, less a small margin: a regression fails this test.
The issue's targets (99% of dice, 97% of images exactly right) are not reached yet;
test_issue_target records that as a strict xfail, so reaching them will be noticed.
"""

import pytest

from companion.commands.bench_vision import figures, photo_sets, photos_dir, score_photo_set

SETS = {p.name: p for p in photo_sets(photos_dir())}
FLOORS = {  # set -> minimum % of dice read right (measured minus margin)
    "matteop65-Dice_Detection_Recognition": 68.0,
    "nell-byler-dice_detection": 12.0,
}

pytestmark = pytest.mark.skipif(not SETS, reason=f"no dice photos under {photos_dir()}")


@pytest.fixture(scope="module")
def measured():
    return {name: figures(score_photo_set(path)[0]) for name, path in SETS.items()}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_accuracy_floor(name, measured):
    if name not in measured:
        pytest.skip(f"{name} absent")
    assert measured[name]["right_pct"] >= FLOORS[name], measured[name]


@pytest.mark.xfail(strict=True, reason="the hand-tuned reader is far below the issue's targets")
def test_issue_target(measured):
    for name, f in measured.items():
        assert f["right_pct"] >= 99.0 and f["exact_pct"] >= 97.0, (name, f)
