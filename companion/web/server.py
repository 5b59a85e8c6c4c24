"""The page's server: Starlette on uvicorn, on a thread of the play process.

Every request must begin with the token (`/TOKEN/...`), new at each start: any other
answers 403, before any route is looked at, and so does the live stream. Only GET and
HEAD are answered; nothing a request says reaches the game, which the page reads from
the store (opened read-only) and from the snapshot the play loop publishes
(`companion.web.live`). There is no file serving: the routes are a fixed list, the
two static files are read from the package at start, and a game is named by a number.
Connections and live streams are bounded (a connection that sends no request in time
is closed: `companion.web.head_deadline`), each stream holds only the shared text of the
latest parts, and every answer carries headers that forbid framing, sniffing and any
content from elsewhere.

    page = WebPage(live, store_path, port=8067)
    page.start()          # OSError (the port in use) is the caller's to say
    page.url              # http://192.168.1.20:8067/TOKEN/ (uppercase: a small QR code)
    page.stop()
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import logging
import secrets
import socket
import threading
from pathlib import Path

from companion.web.board import Board
from companion.web.live import Live

log = logging.getLogger(__name__)

TOKEN_BYTES = 10
"""80 random bits, written as 16 characters of base32 (A-Z, 2-7)."""
MAX_STREAMS = 24
"""Live streams open at once (a table's phones, twice over); more are answered 503."""
MAX_CONNECTIONS = 48
"""Connections uvicorn serves at once; more are answered 503. One that sends no request
head in time is closed (head_deadline.HEAD_TIMEOUT), freeing its slot."""
KEEP_ALIVE = 15.0
"""Seconds between comments on an idle stream, so a phone sees a dropped connection."""
STORE_POLL = 1.0
"""Seconds between looks at the store while a stream is open: a change the play
loop did not publish (a finished game's result) still reaches the page in time."""

HEADERS = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "cross-origin-resource-policy": "same-origin",
}
"""On every answer, the 403s and uvicorn's own 503s too (uvicorn adds them)."""


def new_token() -> str:
    return base64.b32encode(secrets.token_bytes(TOKEN_BYTES)).decode("ascii")


class Guard:
    """ASGI middleware: the token first, GET and HEAD only; no header of the app's own
    in place of HEADERS (which uvicorn adds to every answer).

    The token is compared on the raw path, before any decoding, in constant time; the
    app then sees the rest of the path only."""

    def __init__(self, app, token: str):
        self.app = app
        self.prefix = f"/{token}".encode("ascii")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return
        raw = scope.get("raw_path") or scope["path"].encode("utf-8", "replace")
        raw = raw.split(b"?", 1)[0]
        head, rest = raw[:len(self.prefix)], raw[len(self.prefix):]
        if not hmac.compare_digest(head, self.prefix) or not (rest == b"" or
                                                               rest.startswith(b"/")):
            await _plain(send, 403, "Forbidden: scan the QR code in the box's game menu.")
            return
        if scope["method"] not in ("GET", "HEAD"):
            await _plain(send, 405, "This page only reads.", allow="GET, HEAD")
            return
        if rest == b"":  # /TOKEN: the page is /TOKEN/, so that its links resolve
            await _plain(send, 308, "", location=(self.prefix + b"/").decode())
            return
        # the raw path began with the token, which has no %: so does the decoded one
        inner = dict(scope, path=scope["path"][len(self.prefix):], raw_path=rest)

        async def with_headers(message):  # uvicorn adds HEADERS: the app's own give way
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [(k, v) for k, v in message.get("headers", [])
                                      if k.decode().lower() not in HEADERS]
            await send(message)

        await self.app(inner, receive, with_headers)


async def _plain(send, status: int, text: str, **extra: str) -> None:
    body = text.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"),
               (b"content-length", str(len(body)).encode()),
               *((k.encode(), v.encode()) for k, v in extra.items())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Feed:
    """Wakes the live streams when the board's parts change: at once when the play loop
    publishes, and every STORE_POLL seconds while a stream is open."""

    def __init__(self, board: Board):
        self.board = board
        self._changed: asyncio.Event | None = None  # set, and replaced, at each change
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.streams: set[object] = set()
        self.closed = False

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self.board.live.listen(self._poke)

    def close(self) -> None:
        """End every live stream (the server is stopping); from any thread."""
        self.closed = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: self._changed.set())

    def _poke(self) -> None:  # on the play loop's thread: only schedule
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake.set)

    async def run(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), STORE_POLL)
            except TimeoutError:
                pass
            self._wake.clear()
            if not self.streams:  # nobody watching: nothing made (a new stream makes it)
                continue
            before = self.board.revision
            try:
                self.board.parts()
            except Exception:  # a page must never take the game down
                log.exception("the page could not be made")
                continue
            if self.board.revision != before:
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()

    async def next_payload(self, seen: int) -> tuple[int, str | None]:
        """The board's revision and payload once it differs from `seen` (None after
        KEEP_ALIVE seconds without a change)."""
        if self.board.revision == seen and not self.closed:
            try:
                await asyncio.wait_for(self._changed.wait(), KEEP_ALIVE)
            except TimeoutError:
                return seen, None
        return self.board.revision, self.board.payload()


class WebPage:
    """The page served on `port` (all addresses unless `host`) on a daemon thread."""

    def __init__(self, live: Live, store_path: str | Path, port: int, host: str = "0.0.0.0",
                 token: str | None = None):
        self.live = live
        self.store_path = Path(store_path)
        self.host = host
        self.port = port
        self.token = token or new_token()
        self._thread: threading.Thread | None = None
        self._server = None
        self._store = None
        self.feed: Feed | None = None

    @property
    def url(self) -> str:
        """The address to open, with the token; the host as the phones reach it."""
        host = self.host if self.host not in ("0.0.0.0", "") else lan_address()
        return f"HTTP://{host}:{self.port}/{self.token}/"

    def start(self) -> None:
        """Bind the port (OSError if it cannot be had) and serve on a thread."""
        import uvicorn

        from companion.store import Store
        from companion.web.app import make_app
        from companion.web.head_deadline import HeadDeadline

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port))
            sock.listen(MAX_CONNECTIONS)  # a phone may knock before uvicorn runs
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        self._store = Store(self.store_path, read_only=True)
        board = Board(self._store, self.live)
        self.feed = Feed(board)
        app = Guard(make_app(board, self.feed, self.token), self.token)
        # uvicorn refuses a request once its connections, the asking one among them,
        # reach the limit: MAX_CONNECTIONS + 1 serves MAX_CONNECTIONS at once. Its 503
        # skips the app (and Guard): the headers are uvicorn's to add, to every answer.
        # HeadDeadline closes a connection that sends no request head in time, so
        # silent sockets cannot hold those slots; the page serves no websockets.
        config = uvicorn.Config(app, lifespan="off", http=HeadDeadline, ws="none",
                                loop="asyncio", log_level="warning", access_log=False,
                                server_header=False, headers=list(HEADERS.items()),
                                limit_concurrency=MAX_CONNECTIONS + 1, timeout_keep_alive=5,
                                timeout_graceful_shutdown=1)
        self._server = uvicorn.Server(config)

        async def serve():
            self.feed.attach(asyncio.get_running_loop())
            feeding = asyncio.create_task(self.feed.run())
            try:
                await self._server.serve(sockets=[sock])
            finally:
                feeding.cancel()

        self._thread = threading.Thread(target=asyncio.run, args=(serve(),),
                                        name="companion-web", daemon=True)
        self._thread.start()

    def wait_started(self, timeout: float = 10.0) -> bool:
        """Whether uvicorn is answering (tests and benchmarks wait for it)."""
        import time

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self._server is not None and self._server.started:
                return True
            time.sleep(0.01)
        return False

    def stop(self) -> None:
        if self.feed is not None:
            self.feed.close()  # the streams end first: nothing is cut mid-answer
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self._store is not None:
            self._store.close()


def lan_address() -> str:
    """This machine's IPv4 address on the local network (a private one first), read
    from its interfaces without sending anything; the host name if none is found."""
    import fcntl
    import ipaddress
    import struct

    found = []
    for _, name in socket.if_nameindex():
        if name == "lo":
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
        address = ipaddress.IPv4Address(packed[20:24])
        if not address.is_loopback and not address.is_link_local:
            found.append(address)
    found.sort(key=lambda a: not a.is_private)
    return str(found[0]) if found else f"{socket.gethostname()}.local"
