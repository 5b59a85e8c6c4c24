"""A store on disk for every session test."""

from __future__ import annotations

import pytest

from companion.store import Store


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "companion.db") as opened:
        yield opened
