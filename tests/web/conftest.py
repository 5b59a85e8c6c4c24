"""A store, a snapshot, and the page serving them on 127.0.0.1 (a free port)."""

from __future__ import annotations

import pytest

from companion.store import Store
from companion.web.live import Live
from companion.web.server import WebPage


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "companion.db") as opened:
        yield opened


@pytest.fixture
def live():
    return Live()


@pytest.fixture
def page(store, live):
    served = WebPage(live, store.path, port=0, host="127.0.0.1")
    served.start()
    assert served.wait_started()
    yield served
    served.stop()


@pytest.fixture
def base(page):
    return f"http://127.0.0.1:{page.port}/{page.token}/"
