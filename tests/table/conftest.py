"""A store on disk for every session test.

`tests/vision` on sys.path makes `import vision` find that test folder as a namespace
package before the editable install's finder; the repository goes first instead (as
in tests/vision/conftest.py; `pythonpath = ["."]` in pyproject would fix it for all).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if getattr(sys.modules.get("vision"), "__file__", "") is None:
    for name in [n for n in sys.modules if n == "vision" or n.startswith("vision.")]:
        del sys.modules[name]

from companion.store import Store


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "companion.db") as opened:
        yield opened
