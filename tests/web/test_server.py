"""The page's server: the token on every request and stream, read-only, no traversal or
listing, the headers, the stream following the steps. Talks to 127.0.0.1 only."""

from __future__ import annotations

import http.client
import json
import re
import socket
import time

import pytest
from web_helpers import Played, answer_on_new, get, hold

from companion.web import server
from companion.web.server import HEADERS, new_token


def test_a_token_is_16_letters_of_base32_and_new_each_time():
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(re.fullmatch(r"[A-Z2-7]{16}", t) for t in tokens)


def test_the_page_answers_with_the_token_only(page, base, store, live):
    Played(store, live).press("ok")
    status, headers, body = get(base)
    assert status == 200 and b"Charidice" in body and b"Ann" in body
    root = f"http://127.0.0.1:{page.port}"
    wrong = new_token()
    for path in ("/", "/events", "/stats", "/page.js", f"/{wrong}/", f"/{wrong}/events",
                 f"/{page.token.lower()}/", f"/{page.token[:-1]}/", f"/{page.token}x/",
                 f"/x{page.token}/", "/history?t=" + page.token, f"//{page.token}/"):
        status, headers, body = get(root + path)
        assert status == 403, path
        assert b"Charidice" not in body and page.token.encode() not in body
        assert headers["x-frame-options"] == "DENY", path  # the refusals carry them too


def test_every_answer_forbids_framing_sniffing_and_outside_content(base, store, live):
    Played(store, live)
    for path in ("", "stats", "history", "page.css", "page.js", "game/1", "nothing"):
        status, headers, _ = get(base + path)
        for name, value in HEADERS.items():
            assert headers[name] == value, (path, name)
    csp = HEADERS["content-security-policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "http" not in csp


def test_the_page_loads_nothing_from_elsewhere(base, store, live):
    Played(store, live).press("ok")
    for path in ("", "stats", "history", "page.css", "page.js"):
        _, _, body = get(base + path)
        text = body.decode()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), path
        assert "@import" not in text and "url(http" not in text
        assert " style=" not in text and "<script>" not in text  # the CSP would refuse them


@pytest.mark.parametrize("path", [
    "../", "..%2f..%2fetc%2fpasswd", "%2e%2e/%2e%2e/etc/passwd", "static/page.css",
    "static/", "page.css/../../companion.db", "companion.db", "game/../../etc/passwd",
    "game/1%2f..%2f..", "game/-1", "game/99999999999999999999", "game/abc", ".git/config",
    "page.js%00.png", "photo.jpg/..",
])
def test_hostile_paths_find_nothing(base, page, store, live, path):
    Played(store, live)
    status, _, body = get(base + path)
    assert status in (404, 200) and b"root:" not in body and b"SQLite" not in body
    if status == 200:  # only a route by its own name (game/N answers for a number)
        assert path.startswith("game/") and b"no game" in body.lower()


def test_nothing_is_listed_at_a_folder(base, store, live):
    Played(store, live)
    for path in ("static/", "game/", "sheets/", "web/"):
        status, _, body = get(base + path)
        assert status == 404 and b"page.css" not in body


def test_no_request_can_change_anything(page, base, store, live):
    Played(store, live).press("ok")
    before = store.load(1).actions
    host = ("127.0.0.1", page.port)
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        connection = http.client.HTTPConnection(*host, timeout=5)
        connection.request(method, f"/{page.token}/", body=b'{"kind": "throw"}')
        answer = connection.getresponse()
        assert answer.status == 405 and answer.getheader("allow") == "GET, HEAD"
        connection.close()
    assert store.load(1).actions == before


def test_a_page_without_its_slash_is_sent_to_it(page):
    connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=5)
    connection.request("GET", f"/{page.token}")
    answer = connection.getresponse()
    assert answer.status == 308 and answer.getheader("location") == f"/{page.token}/"


def _events(page, path: str, wanted: int, timeout: float = 5.0) -> list[dict]:
    """The first `wanted` events of the stream at `path`."""
    connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=timeout)
    connection.request("GET", path)
    answer = connection.getresponse()
    assert answer.status == 200, answer.status
    assert answer.getheader("content-type").startswith("text/event-stream")
    found = []
    while len(found) < wanted:
        line = answer.fp.readline().decode()
        if line.startswith("data: "):
            found.append(json.loads(line[6:]))
    connection.close()
    return found


def test_the_stream_follows_the_steps_within_a_second(page, store, live):
    played = Played(store, live)
    path = f"/{page.token}/events"
    first = _events(page, path, 1)[0]
    assert "Game 1, 0 steps" in first["game"]
    connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=5)
    connection.request("GET", path)
    answer = connection.getresponse()
    answer.fp.readline()  # the parts as they are
    answer.fp.readline()
    started = time.monotonic()
    played.press("ok")  # a throw, stored
    while True:
        line = answer.fp.readline().decode()
        if line.startswith("data: "):
            parts = json.loads(line[6:])
            if "1 steps" in parts["game"]:
                break
    assert time.monotonic() - started < 1.0
    assert "Thrown" in parts["turn"]
    connection.close()


def test_the_stream_needs_the_token_too(page):
    status, _, body = get(f"http://127.0.0.1:{page.port}/{new_token()}/events")
    assert status == 403 and b"data:" not in body


def test_streams_are_bounded(page, store, live, monkeypatch):
    Played(store, live)
    monkeypatch.setattr(server, "MAX_STREAMS", 2)
    held = []
    for _ in range(2):
        connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=5)
        connection.request("GET", f"/{page.token}/events")
        answer = connection.getresponse()
        answer.fp.readline()
        held.append(connection)
    status, _, body = get(f"http://127.0.0.1:{page.port}/{page.token}/events")
    assert status == 503 and b"Too many" in body
    for connection in held:
        connection.close()


def test_the_48_connections_of_the_cap_are_served_the_49th_refused_the_game_goes_on(
        page, store, live):
    """Was: uvicorn counts the connection asking among its limit, so the 48th was refused;
    and its 503 carried none of the headers every answer must."""
    played = Played(store, live)
    path = f"/{page.token}/"
    held = []
    try:
        hold(page, held, server.MAX_CONNECTIONS - 1)
        assert answer_on_new(page, path)[0] == 200  # the 48th connection at once
        hold(page, held, 1)  # 48 held
        status, headers = answer_on_new(page, path)  # the 49th
        assert status == 503
        for name, value in HEADERS.items():
            assert [v for k, v in headers if k == name] == [value], name
        steps = played.table.steps
        played.press("ok")  # the play loop stores and publishes while the page is full
        assert played.table.steps == steps + 1 and live.snapshot().steps == steps + 1
    finally:
        for connection in held:
            connection.close()
    end = time.monotonic() + 5
    while page._server.server_state.connections and time.monotonic() < end:
        time.sleep(0.01)
    status, headers = answer_on_new(page, path)
    assert status == 200 and ("x-frame-options", "DENY") in headers
    assert len([k for k, _ in headers if k in HEADERS]) == len(HEADERS)  # each once


def test_a_port_in_use_is_an_error_to_say(store, live):
    from companion.web.server import WebPage

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        page = WebPage(live, store.path, port=taken.getsockname()[1], host="127.0.0.1")
        with pytest.raises(OSError):
            page.start()
