"""The score-sheet page beside a game: does it slow the game, does it hold its memory?

    .venv/bin/python benchmarks/web_bench.py latency [--steps 300] [--phones 10]
    .venv/bin/python benchmarks/web_bench.py soak --seconds 3600 [--connections 20]

`latency` plays games through the session as `companion play` does (each step stored,
the screen rendered and shown on luma's dummy OLED, then published to the page) and
times a step's store-to-OLED: from the store's append returning to the OLED shown. It
does so with no page, then with the page served and `--phones` live streams open and
reading, and prints both with the difference (the goal: within 5 ms).

`soak` holds `--connections` live streams open for `--seconds` while a game is played a
step every half second, and prints the process's memory (VmRSS) as it goes and its growth
after the first minute (the goal: flat). Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.dice_input import VirtualDice  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table import Setup, Table  # noqa: E402
from companion.ui.render import render  # noqa: E402
from companion.web.live import Live  # noqa: E402
from companion.web.server import WebPage  # noqa: E402
from hardware.buttons import ButtonEvent  # noqa: E402
from hardware.camera import VirtualRoller  # noqa: E402

GAMES = ("risknroll", "charidice", "216", "sixseven")


class Loop:
    """The play loop's steps: a press, then (if a step was stored) the screen rendered,
    shown on the OLED and published; store-to-OLED times kept."""

    def __init__(self, store: Store, live: Live | None, seed: int,
                 games: tuple[str, ...] = GAMES):
        from luma.core.device import dummy

        self.store, self.live, self.rng = store, live, random.Random(seed)
        self.games = games
        self.oled = dummy(width=128, height=64, mode="1")
        self.stored_at = 0.0
        original = store.append

        def append(game_id, action):
            n = original(game_id, action)
            self.stored_at = time.perf_counter()
            return n

        store.append = append
        self.times: list[float] = []
        self.game = 0
        self.table = self._new_table()

    def _new_table(self) -> Table:
        game = self.games[self.game % len(self.games)]
        self.game += 1
        return Table(self.store, Setup(game, 3 if game != "216" else 2, start="options"),
                     dice=VirtualDice(VirtualRoller(self.rng.randrange(1 << 30))),
                     deck_rng=random.Random(self.rng.randrange(1 << 30)))

    def warm(self) -> None:
        """Play one game of each kind to its end, at full speed: the advice's tables and
        caches are then built, and what the memory does next is the page's doing."""
        for _ in self.games:
            first = self.game
            while self.game == first:
                self.step()
        self.times.clear()

    def step(self) -> None:
        table = self.table
        if table.state is not None and table.state.is_over():
            self.store.finish(table.game_id, table.state.scores(), table.state.winners()) \
                if self.store.load(table.game_id).finished is None else None
            self.table = table = self._new_table()
        before = table.steps
        button = "ok" if table.mode in ("throw", "draw", "draw_group", "over") else "select"
        if table.mode == "decide" and self.rng.random() < 0.5:
            table.handle(ButtonEvent("down", False))
        table.handle(ButtonEvent(button, False))
        table.tick()
        screen = table.screen()
        image = render(screen, (128, 64))
        self.oled.display(image)
        if table.steps != before:
            self.times.append((time.perf_counter() - self.stored_at) * 1000)
        if self.live is not None:
            self.live.show(table, screen)


class Tally:
    """Updates received by all phones: a count, not a list (the bench must not grow)."""

    def __init__(self):
        self._lock = threading.Lock()
        self.n = 0

    def append(self, _) -> None:
        with self._lock:
            self.n += 1

    def __len__(self) -> int:
        return self.n


def phone(port: int, token: str, stop: threading.Event, got: Tally) -> None:
    """One phone: a live stream held open, every event read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/{token}/events")
    answer = connection.getresponse()
    while not stop.is_set():
        line = answer.fp.readline()
        if not line:
            break
        if line.startswith(b"data: "):
            got.append(len(line))
    connection.close()


def latency(steps: int, phones: int, every: float) -> int:
    figures = {}
    # None: a pass to warm up (the advice's tables); "again": a second pass without the
    # page, so that the step-by-step differences of two equal runs show the noise
    for served in (None, False, "again", True):
        with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "c.db") as store:
            live = Live() if served is True else None
            loop = Loop(store, live, seed=1)
            page = stop = None
            got = Tally()
            threads = []
            if served is True:
                page = WebPage(live, store.path, port=0, host="127.0.0.1")
                page.start()
                page.wait_started()
                stop = threading.Event()
                threads = [threading.Thread(target=phone, args=(page.port, page.token, stop, got),
                                            daemon=True) for _ in range(phones)]
                for t in threads:
                    t.start()
                time.sleep(1)
            while len(loop.times) < steps:
                loop.step()
                time.sleep(every)
            if served is None:
                continue
            figures[served] = loop.times[:steps]
            if served == "again":
                continue
            if served is True:
                time.sleep(1.2)
                stop.set()
                page.stop()
                print(f"  {phones} phones received {len(got)} updates "
                      f"({len(got) / phones:.0f} each for {steps} steps)")
    for served, times in figures.items():
        if served == "again":
            continue
        what = f"with the page and {phones} phones" if served else "without the page"
        what += " " * (len(f"with the page and {phones} phones") - len(what))
        print(f"store-to-OLED {what}: median {statistics.median(times):.2f} ms, "
              f"p95 {statistics.quantiles(times, n=20)[-1]:.2f} ms, "
              f"max {max(times):.2f} ms ({len(times)} steps)")
    diff = statistics.median(figures[True]) - statistics.median(figures[False])
    paired = [b - a for a, b in zip(figures[False], figures[True])]  # the same steps
    noise = [b - a for a, b in zip(figures[False], figures["again"])]
    print(f"difference: of the medians {diff:+.2f} ms; step by step (the same games, seeded) "
          f"median {statistics.median(paired):+.2f} ms, p95 "
          f"{statistics.quantiles(paired, n=20)[-1]:+.2f} ms (goal: within 5 ms)")
    print(f"noise: two runs without the page, step by step: median "
          f"{statistics.median(noise):+.2f} ms, p95 {statistics.quantiles(noise, n=20)[-1]:+.2f} "
          "ms")
    return 0


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def soak(seconds: float, connections: int, served: bool = True,
         games: tuple[str, ...] = GAMES) -> int:
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "c.db") as store:
        live = Live() if served else None
        loop = Loop(store, live, seed=2, games=games)
        print("playing a game of each kind first (the advice's tables)...", flush=True)
        loop.warm()
        page = _NoPage() if not served else WebPage(live, store.path, port=0,
                                                    host="127.0.0.1")
        page.start()
        page.wait_started()
        stop = threading.Event()
        got = Tally()
        threads = [threading.Thread(target=phone, args=(page.port, page.token, stop, got),
                                    daemon=True) for _ in range(connections)]
        for t in threads:
            t.start()
        start = time.monotonic()
        samples = []
        next_sample = start
        while time.monotonic() - start < seconds:
            loop.step()
            now = time.monotonic()
            if now >= next_sample:
                samples.append((now - start, rss_kb()))
                print(f"  {now - start:7.0f} s  RSS {samples[-1][1] / 1024:6.1f} MB  "
                      f"streams {len(page.feed.streams)}  updates {len(got)}  "
                      f"games {loop.game}", flush=True)
                next_sample = now + max(5.0, seconds / 60)
            time.sleep(0.5)
        samples.append((time.monotonic() - start, rss_kb()))
        stop.set()
        page.stop()
    settled = [kb for t, kb in samples if t >= min(60, seconds / 4)] or [samples[-1][1]]
    print(f"{connections} streams for {seconds:.0f} s: RSS after the first minute "
          f"{settled[0] / 1024:.1f} MB, at the end {settled[-1] / 1024:.1f} MB "
          f"({(settled[-1] - settled[0]) / 1024:+.1f} MB), most {max(settled) / 1024:.1f} MB; "
          f"{len(got)} updates sent")
    return 0


class _NoPage:
    """The game alone (soak --no-page): what its own memory does, to compare."""

    port, token = 0, ""
    feed = type("Feed", (), {"streams": ()})()

    def start(self):
        pass

    def wait_started(self):
        pass

    def stop(self):
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    lat = sub.add_parser("latency", help="store-to-OLED with and without phones")
    lat.add_argument("--steps", type=int, default=300)
    lat.add_argument("--phones", type=int, default=10)
    lat.add_argument("--every", type=float, default=0.1, help="seconds between presses")
    so = sub.add_parser("soak", help="memory with streams held open")
    so.add_argument("--seconds", type=float, default=3600)
    so.add_argument("--connections", type=int, default=20)
    so.add_argument("--games", default=",".join(GAMES),
                    help="the games played in turn (risknroll alone: its advice is tables "
                    "built once, so the memory that moves is the page's)")
    so.add_argument("--no-page", action="store_true",
                    help="the game alone, no page: its own memory, to compare")
    args = parser.parse_args()
    if args.what == "latency":
        return latency(args.steps, args.phones, args.every)
    return soak(args.seconds, 0 if args.no_page else args.connections, not args.no_page,
                tuple(args.games.split(",")))


if __name__ == "__main__":
    sys.exit(main())
