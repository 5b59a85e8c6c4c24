"""A deadline on the request head: a connection that is not sending one in time is closed.

uvicorn bounds its connections (limit_concurrency) but has no timeout on a connection
that opened and sent nothing, or trickles a head a byte at a time: its keep-alive timer
starts only after an answer and restarts at every byte received. So silent sockets (a
phone gone to sleep mid-connect, a browser's unused preconnection, a misbehaving
client) would hold every slot of the page, and the phones would get 503 until they
closed, if ever.

HeadDeadline is uvicorn's own h11 protocol with one timer more: whenever the server
waits for a request (the connection just made, or the previous answer sent), the client
has HEAD_TIMEOUT seconds to send the whole head, however it dribbles it; otherwise the
connection is closed without an answer, as uvicorn closes an idle keep-alive one. The
timer stops when a head is in: an answer being made or sent (the live stream, for as
long as it lasts) is never cut by it.

    uvicorn.Config(app, http=HeadDeadline, ws="none", ...)
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = 10.0
"""Seconds a client has for a request head, from its connection or from the answer
before. A phone's head is one small packet sent straight after the handshake: even a
poor Wi-Fi that loses it twice (TCP resends after about 1 s, then 2 s) delivers it in
well under 10 s, and 10 s is the start timeout uvicorn's maintainers proposed
(Kludex/uvicorn#157, never built). Silent sockets are gone 10 s after the last opens."""


class HeadDeadline(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request head is late."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request head is in: its answer has begun
            self._disarm()

    def on_response_complete(self) -> None:
        self._arm()  # before: uvicorn may start a pipelined request at once (disarming)
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self._deadline = self.loop.call_later(HEAD_TIMEOUT, self._late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _late(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()
