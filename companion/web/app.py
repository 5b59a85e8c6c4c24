"""The page's routes (a fixed list: no file is served by name) and its HTML frame.

    /            the game in play, live: sheet, whose turn, options and odds, last photo
    /events      the same parts as a stream of server-sent events
    /photo.jpg   the last photo the camera read
    /history     finished and abandoned games; /game/N one of them, its final sheet
    /stats       per-player statistics, and whether the dice are fair
    /page.css, /page.js

Paths are relative to /TOKEN/, which `server.Guard` has checked and taken off.
"""

from __future__ import annotations

import asyncio
from importlib import resources

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from companion.web import pages
from companion.web.board import Board

STATIC = {
    name: (resources.files("companion.web").joinpath("static", name).read_bytes(), kind)
    for name, kind in (("page.css", "text/css; charset=utf-8"),
                       ("page.js", "text/javascript; charset=utf-8"))
}
"""Read once at start: the only files the page serves."""


def make_app(board: Board, feed, token: str) -> Starlette:
    prefix = f"/{token}/"
    photo_cache: dict[int, bytes] = {}

    async def live(request):
        parts = await asyncio.to_thread(board.parts)
        return HTMLResponse(pages.live(prefix, parts))

    async def events(request):
        from companion.web.server import MAX_STREAMS

        if len(feed.streams) >= MAX_STREAMS:
            return PlainTextResponse("Too many pages open at once.", status_code=503)
        me = object()

        async def stream():
            feed.streams.add(me)
            try:
                seen = -1
                while not feed.closed:
                    seen, payload = await feed.next_payload(seen)
                    yield f"data: {payload}\n\n" if payload is not None else ": idle\n\n"
            finally:
                feed.streams.discard(me)

        await asyncio.to_thread(board.parts)  # made afresh: nobody may have watched
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"x-accel-buffering": "no"})

    async def photo(request):
        snapshot = board.live.snapshot()
        if snapshot.photo is None:
            return PlainTextResponse("No photo yet.", status_code=404)
        jpeg = photo_cache.get(snapshot.photo_id)
        if jpeg is None:
            jpeg = await asyncio.to_thread(_jpeg, snapshot.photo.frame)
            photo_cache.clear()  # one photo kept: memory stays flat
            photo_cache[snapshot.photo_id] = jpeg
        return Response(jpeg, media_type="image/jpeg")

    async def history(request):
        return HTMLResponse(pages.history(prefix, await asyncio.to_thread(board.store.history,
                                                                          50, True)))

    async def game(request):
        number = request.path_params["number"]
        return HTMLResponse(await asyncio.to_thread(pages.game, prefix, board.store, number))

    async def stats(request):
        return HTMLResponse(await asyncio.to_thread(pages.stats, prefix, board.store))

    def static(name):
        body, kind = STATIC[name]

        async def serve(request):
            return Response(body, media_type=kind)
        return serve

    routes = [
        Route("/", live), Route("/events", events), Route("/photo.jpg", photo),
        Route("/history", history), Route("/game/{number:int}", game), Route("/stats", stats),
        *(Route(f"/{name}", static(name)) for name in STATIC),
    ]
    return Starlette(routes=routes)


def _jpeg(frame) -> bytes:
    import cv2

    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return data.tobytes() if ok else b""
