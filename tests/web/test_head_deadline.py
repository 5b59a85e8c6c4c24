"""Silent sockets cannot hold the page: a connection that sends no whole request head
within HEAD_TIMEOUT (shortened here) is closed, at its start and between requests,
however it dribbles; an answer being sent, the live stream, is never cut."""

from __future__ import annotations

import http.client
import socket
import time

import pytest
from web_helpers import Played, answer_on_new, hold

from companion.web import head_deadline, server
from companion.web.server import MAX_CONNECTIONS

TIMEOUT = 1.0
"""The deadline in these tests: long enough to see the silent sockets refuse a phone
first on a busy machine, short enough for a quick test."""


@pytest.fixture(autouse=True)
def short_deadline(monkeypatch):
    monkeypatch.setattr(head_deadline, "HEAD_TIMEOUT", TIMEOUT)


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed `sock` without an answer (waits up to 5 s)."""
    sock.settimeout(5)
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_the_silent_connections_holding_every_slot_are_closed_and_the_page_answers(
        page, store, live):
    """Was: 48 connections that never sent a request held every slot until they
    closed, and every phone was answered 503."""
    Played(store, live)
    path = f"/{page.token}/"
    held: list[socket.socket] = []
    try:
        opened = time.monotonic()
        hold(page, held, MAX_CONNECTIONS)
        assert answer_on_new(page, path)[0] == 503  # they hold every slot
        connections = page._server.server_state.connections
        while connections and time.monotonic() - opened < TIMEOUT + 4:
            time.sleep(0.05)
        assert time.monotonic() - opened >= TIMEOUT - 0.05  # at the deadline, not sooner
        assert answer_on_new(page, path)[0] == 200  # a phone is served again
        assert all(_closed_by_server(sock) for sock in held)
    finally:
        for sock in held:
            sock.close()


def _dribble(sock: socket.socket, head: bytes) -> float:
    """Sends `head` a byte every 0.1 s until the server closes; the seconds it took."""
    started = time.monotonic()
    for byte in head:
        try:
            sock.sendall(bytes([byte]))
        except OSError:  # closed by the server
            break
        time.sleep(0.1)
    return time.monotonic() - started


@pytest.mark.parametrize("after_an_answer", [False, True])
def test_a_head_dribbled_a_byte_at_a_time_is_cut_at_the_deadline(page, after_an_answer):
    """Bytes keep uvicorn's own keep-alive timer from firing: the deadline is on the
    whole head, first on a connection and between its requests."""
    connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=5)
    connection.connect()
    if after_an_answer:
        connection.request("GET", f"/{page.token}/page.css")
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200 and not answer.will_close
    sock = connection.sock
    head = f"GET /{page.token}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n"
    took = _dribble(sock, head.encode() * 2)  # 6 s at this pace, never ending the head
    assert _closed_by_server(sock)
    assert TIMEOUT - 0.05 <= took < 4
    connection.close()


def _until(answer, wanted: bytes) -> None:
    """Reads the stream (chunked) up to a line beginning with `wanted`."""
    while True:
        line = answer.fp.readline()
        assert line, "the stream was closed"
        if line.startswith(wanted):
            return


def test_the_live_stream_is_never_cut_by_the_deadline(page, store, live, monkeypatch):
    """A stream is an answer: silent for three deadlines, it stays open."""
    Played(store, live)
    monkeypatch.setattr(server, "KEEP_ALIVE", 3 * TIMEOUT)
    connection = http.client.HTTPConnection("127.0.0.1", page.port, timeout=10)
    connection.request("GET", f"/{page.token}/events")
    answer = connection.getresponse()
    assert answer.status == 200
    _until(answer, b"data: ")  # the parts as they are
    sent = time.monotonic()
    _until(answer, b": idle")  # KEEP_ALIVE seconds later, on the same connection
    assert time.monotonic() - sent >= 3 * TIMEOUT - 0.05
    connection.close()
