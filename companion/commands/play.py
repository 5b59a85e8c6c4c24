"""`companion play [GAME]`: a game at the table, on the box or in a terminal.

On the box: the OLED, the five buttons and the camera, as the config says. Anywhere
else the same program is the simulator: the OLED drawn in the terminal pixel for pixel
(half-blocks in a big terminal, braille in an 80x24 one), the keyboard as the buttons
(the keys listed under the screen), dice from a seeded virtual roller, from photos
(`--camera DIR`) or from a webcam (`--camera webcam`). Every step is in the store
before the screen shows it; an unfinished game is resumed where it was. One `play` at
a time on a store: a second is refused before it touches anything
(companion.store_lock).
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from companion.commands.folder import output_folder, store_file

SIZES = ("128x64", "128x32")
"""The displays the screens are laid out for, as --size takes them."""

POLL = 0.25
"""Seconds the loop waits for a button: notes expire and the watchdog is fed this often."""
POLL_READING = 0.02
"""Seconds it waits while the camera is reading the dice."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", nargs="?", help="game to start if none is unfinished, e.g. risknroll"
    )
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--names", help="player names in seat order, comma separated: Ann,Bob,Cy")
    parser.add_argument("--seed", type=int, help="seed of the virtual dice and deck")
    parser.add_argument(
        "--camera", metavar="DIR|webcam|virtual",
        help="dice from photos in DIR (one per throw), a webcam, or a virtual roller "
        "(default: the config's camera on the box, virtual dice in the simulator)",
    )
    parser.add_argument("--store", metavar="PATH", type=store_file,
                        help="the game store (default: config, then "
                        "~/.local/state/companion/companion.db)")
    parser.add_argument(
        "--config", metavar="PATH", help="config file (default /etc/companion/config.toml)"
    )
    parser.add_argument("--size", choices=SIZES, help="display size")
    parser.add_argument("--service", action="store_true",
                        help="run under systemd: report ready and feed the watchdog")
    parser.add_argument("--frames", metavar="DIR", type=output_folder,
                        help="also write every frame shown as PNG")


class Messages:
    """What the hardware and the store said while starting: shown under the simulator's
    screen, and written to stderr (the journal) for the service, which has no other
    place to say that its OLED, buttons or camera could not be opened."""

    def __init__(self, to_stderr: bool = False):
        self.lines: list[str] = []
        self.to_stderr = to_stderr

    def __call__(self, text: str) -> None:
        self.lines.append(text)
        if self.to_stderr:
            print(f"companion play: {text}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    from companion import rules
    from companion.config import ConfigError, load_config, replace

    heard: list[str] = []  # "no config file": said once it is known whether this is a laptop
    try:
        cfg = load_config(args.config, say=heard.append)
    except ConfigError as error:
        print(f"companion play: {error}", file=sys.stderr)
        if args.service:
            show_on_the_box(display_config(args.config), "Config error",
                            f"{error.errors[0]}  See: companion doctor")
        return 2
    if args.size:
        cfg = replace(cfg, display={"height": int(args.size.split("x")[1])})
    try:
        setup = _setup(args, cfg, rules)
    except (rules.IllegalAction, ValueError) as error:
        print(f"companion play: {error}", file=sys.stderr)
        return 2
    from companion.store import StoreError
    from companion.store_lock import StoreInUse, StoreLock

    path = args.store or cfg.store.path
    try:  # before the store is opened, or set aside: a second companion touches nothing
        lock = StoreLock(path)
    except StoreError as error:
        print(f"companion play: {error}", file=sys.stderr)
        if args.service and not isinstance(error, StoreInUse):  # in use: the OLED is theirs
            show_on_the_box(cfg.display, "Store error", f"{error}  See: companion doctor")
        return 2 if isinstance(error, StoreInUse) else 1
    with lock:
        from companion.advice import prepare_in_background

        prepare_in_background()  # the advice tables, while the players set up
        return _open_and_play(args, cfg, setup, path, heard, lock)


def _open_and_play(args, cfg, setup, path, heard: list[str], lock) -> int:
    """Open the store (its lock held), lock the file it now is (made, or made anew),
    say if it was set aside, settle which game is played, and play."""
    from companion.store import NotAStore, StoreError
    from companion.store_lock import StoreInUse

    said = Messages(to_stderr=args.service)
    try:
        store, damage = open_store(path)
    except StoreError as error:
        if isinstance(error, NotAStore):  # `--store notes.txt`: no lock file left beside it
            lock.forget()
        print(f"companion play: {error}", file=sys.stderr)
        if args.service:
            show_on_the_box(cfg.display, "Store error", f"{error}  See: companion doctor")
        return 1
    try:
        lock.hold_store(wait=2.0)
    except StoreError as error:  # in use: it was made or set aside just now, a race
        store.close()
        print(f"companion play: {error}", file=sys.stderr)
        return 2 if isinstance(error, StoreInUse) else 1
    notice = ""
    if damage:
        if not said.to_stderr:  # the service's messages are written there as said: once
            print(damage, file=sys.stderr)
        said(damage)
        notice = STORE_SET_ASIDE
    for note in store.notes:  # a -wal kept aside, a game that came back shorter
        if not said.to_stderr:  # (the service's are written there as they are said)
            print(f"companion play: {note}", file=sys.stderr)
        said(note)
    try:
        ask = None if args.service or not _typing() else input
        _unfinished_or_new(store, setup, args, ask=ask)
        return _play(args, cfg, setup, store, notice, said, heard)
    finally:
        store.close()


def _typing() -> bool:
    """Is somebody at a terminal to answer a question?"""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _unfinished_or_new(store, setup, args, ask) -> None:
    """An unfinished game that is not the one the command line asks for is resumed only
    if the players say so: `ask(question)` returns their answer, r (resume) or n (abandon
    it and start the new one). With nobody to ask (`ask` None: the service, no
    terminal) it is resumed, and the journal or the log says so."""
    import logging

    record = store.unfinished()
    differs = _differs(record, setup, args)
    if not differs:
        return
    what = f"Game {record.id} is unfinished: {_described(record)}.\nYou asked for {differs}."
    if ask is None:
        line = what.replace("\n", " ") + " Resuming it."
        logging.getLogger("companion.play").warning("%s", line)
        print(f"companion play: {line}", file=sys.stderr)
        return
    print(what)
    while True:
        try:
            answer = ask("Resume it (r) or abandon it and start the new one (n)? ")
        except EOFError:
            answer = "r"
        answer = answer.strip().lower()[:1]
        if answer == "r":
            print(f"Resuming game {record.id}.")
            return
        if answer == "n":
            store.abandon(record.id)
            print(f"Game {record.id} is abandoned (kept in the store: companion history).")
            return
        print("Type r or n, then Enter.")


def _differs(record, setup, args) -> str:
    """What the command line asks for that the unfinished game is not, else ""."""
    from companion import rules

    if record is None or not args.game:
        return ""
    if record.game != setup.game:
        title = rules.get(setup.game).title
        return title + (f" for {args.players} players" if args.players else "")
    if args.players is not None and record.players != args.players:
        return f"{args.players} players"
    if args.names and tuple(record.names) != setup.names:
        return "the players " + ", ".join(setup.names)
    return ""


def _described(record) -> str:
    """"Risk 'n' Roll 2000 for 4 players (Ann, Bo, P3, P4), 12 steps"."""
    from companion import rules

    title = rules.title_of(record.game)
    names = ", ".join(record.names)
    return f"{title} for {record.players} players ({names}), {len(record.actions)} steps"


def display_config(path):
    """The display a config file asks for, even when another part of it is wrong: its
    [display] section alone if that is right, else the built-in one."""
    import tomllib

    from companion.config import DEFAULT_PATH, defaults, from_dict

    try:
        with open(path or DEFAULT_PATH, "rb") as fh:
            section = tomllib.loads(fh.read().decode("utf-8-sig")).get("display", {})
        return from_dict({"display": section}).display
    except (OSError, ValueError, AttributeError):  # TOMLDecodeError and ConfigError too
        return defaults().display


def show_on_the_box(display_cfg, title: str, text: str) -> None:
    """Leave `text` on the box's OLED (or its PNG stand-in) for a service that cannot
    start: otherwise the box stays dark and says why only in the journal. The image stays
    after the process ends (luma's `persist`); a terminal shows nothing more here."""
    from companion.ui.model import Screen
    from companion.ui.render import render
    from hardware.display import NullDisplay, TerminalDisplay, open_display

    try:
        display = open_display(display_cfg, say=lambda _: None, dimming=False)
    except Exception:  # the message is in the journal already
        return
    try:
        if not isinstance(display, (TerminalDisplay, NullDisplay)):
            display.show(render(Screen("message", title=title, note=text), display.size))
            if hasattr(display, "keep_shown"):
                display.keep_shown()
    finally:
        display.close()


STORE_SET_ASIDE = (
    "The game store was damaged. It was set aside (nothing deleted) and a new one started."
)
"""What the OLED says about a damaged store; the full message goes to the log."""


def open_store(path):
    """The store at `path`, and what was done if it was damaged (else None).

    A damaged store is set aside under a new name and a new one started: the box
    must start, and the old file stays for a person to look at.
    """
    from companion.store import Store, StoreCorrupt

    try:
        return Store(path), None
    except StoreCorrupt:
        return Store.open_or_recover(path)


def _setup(args, cfg, rules):
    """The preselected game, players and names: command line, then config. One player
    for a game played alone against seats of its own (`Game.alone`, 216's Solo) gets
    that game's setup for one, the options screen showing it."""
    from companion.table import Setup

    names = tuple(n.strip() for n in args.names.split(",")) if args.names else ()
    players = args.players if args.players is not None else (len(names) if names else None)
    game = rules.get(args.game or cfg.game.default)
    if names and len(names) != players:
        given = f"{len(names)} name" + ("" if len(names) == 1 else "s")
        raise ValueError(f"--names gives {given} for {players} players")
    options = {}
    if players == 1 and game.alone is not None:
        players, options = game.min_players, dict(game.alone)
    if players is not None and not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players")
    from companion.config import name_problems

    if name_problems(names):
        raise ValueError("; ".join(name_problems(names)))
    start = "game"
    if args.game:
        start = "options" if players else "players"
    from companion.game_data import folder

    return Setup(
        game=game.name,
        players=players or cfg.game.players,
        names=names or tuple(cfg.game.names or ()),
        options=options,
        start=start,
        data_folder=folder(cfg.source),
    )


NO_GPIO = "no GPIO here: the keyboard stands in for the buttons"
"""What the simulator on a machine with no config says instead of the reasons the OLED
and the GPIO buttons could not be opened (those go to its log)."""


def _play(args, cfg, setup, store, notice, said, heard=()) -> int:
    import random

    from companion.calibration import Kept
    from companion.config import replace
    from companion.table import Table
    from companion.ui.render import render
    from hardware import notify
    from hardware.buttons import QUIT, open_buttons
    from hardware.camera import CameraUnavailable
    from hardware.display import PngDisplay, open_display

    if args.service:  # no terminal to stand in for a missing OLED: the journal gets stdout
        cfg = replace(cfg, display={"fallback": "none"})
    # no config file and no service: likely a laptop trying the simulator, where "cannot
    # open ssd1306" and "GPIO not available" read as errors; with a config they are said
    laptop = cfg.source is None and not args.service
    details = Messages()
    display = open_display(cfg.display, say=details if laptop else said)
    # the service is never the simulator, whatever its display: a box whose OLED failed
    # must not take virtual dice for the players' throws
    simulator = _is_terminal(display) and not args.service
    _log_to(Path(store.path).with_name("companion.log") if simulator else None)
    buttons = open_buttons(cfg.buttons, say=details if laptop else said, retry=args.service)
    if laptop and simulator:
        import logging

        for line in [*heard, *details.lines]:
            logging.getLogger("companion.play").info(line)
        if buttons.name == "keyboard":
            said(NO_GPIO)
    else:
        for line in heard:
            print(line, file=sys.stderr)
        for line in details.lines:
            said(line)
    if simulator and buttons.name == "none":  # nothing could ever be pressed: do not wait
        display.close()
        why = ('buttons.source is "none"' if cfg.buttons.source == "none"
               else "standard input is not a terminal")
        print(f"companion play: no keyboard ({why}): run it in a terminal to play",
              file=sys.stderr)
        return 2
    frames = PngDisplay(args.frames, display.size) if args.frames else None
    dice = failure = page = table = None
    watchdog = notify.Watchdog(enabled=args.service and cfg.service.watchdog)
    previous_term = signal.signal(signal.SIGTERM, _stop)
    try:
        dice = _dice(args, cfg, simulator, said)
        seed = args.seed if args.seed is not None else cfg.camera.seed
        table = Table(
            store, setup, dice=dice,
            deck_rng=random.Random(seed) if simulator else None,
            confidence=cfg.vision.confidence, notice=notice,
            photos=_keeper(cfg, dice, store, said), calibration=Kept(store.path),
        )
        footer = _Footer(display, said) if simulator else None
        camera = getattr(dice, "camera", None)
        live = page = None
        if cfg.web.enabled:
            live, page = _web_page(cfg, store, dice, said)
            table.web_address = page.url if page is not None else ""
        shown = status = game = None
        while True:
            if table.game_id != game:  # a new game (or the one resumed): the light may
                game = table.game_id  # have changed since the exposure was fixed
                if game is not None and hasattr(camera, "relock"):
                    camera.relock()
            for text in camera.news() if hasattr(camera, "news") else ():
                table.tell(text)  # "Camera back", "Camera lost"
            screen = table.screen()
            if screen != shown:
                image = render(screen, display.size)
                display.show(image)
                if frames is not None:
                    frames.show(image)
                if footer is not None:
                    footer.draw(table.said)
                if live is not None:  # after the OLED: a phone never holds up the screen
                    live.show(table, screen)
                if shown is None and args.service:
                    notify.ready()
                shown = screen
            elif hasattr(display, "tick"):
                display.tick()  # dims and blanks an idle OLED
            if args.service:
                watchdog.kick()
                if _status(table) != status:
                    status = _status(table)
                    notify.status(status)
            event = buttons.poll(POLL_READING if table.busy else POLL)
            if event is not None and event.button == QUIT:
                break
            if event is not None:
                _press(display, table, event)
            elif footer is not None and footer.refit():
                footer.draw(table.said)
            table.tick()
    except KeyboardInterrupt:
        pass
    except CameraUnavailable as error:  # --camera named one that is not there
        failure = f"companion play: {error}"
    finally:
        signal.signal(signal.SIGTERM, previous_term)
        if table is not None:  # dice half entered are kept for the next start
            table.close()
        if args.service:
            notify.stopping()
        buttons.close()
        display.close()
        if page is not None:
            page.stop()
        if frames is not None:
            frames.close()
        if dice is not None and hasattr(dice, "camera"):
            dice.camera.close()
    if failure:
        print(failure, file=sys.stderr)
        return 2
    if simulator:
        unfinished = store.unfinished()
        if unfinished is not None:
            print(f"Game {unfinished.id} is kept: `{resume_command(args, cfg)}` resumes it.")
    return 0


def resume_command(args, cfg) -> str:
    """The command that takes the kept game up again: `companion play`, naming the
    config and the store given on this command line where they are not the defaults
    (a game in another store is not resumed by a bare `companion play`)."""
    import shlex

    words = ["companion", "play"]
    if getattr(args, "config", None):
        words += ["--config", str(args.config)]
    if args.store and Path(args.store).expanduser().resolve() != Path(
            cfg.store.path).expanduser().resolve():
        words += ["--store", str(args.store)]
    return shlex.join(words)


def _web_page(cfg, store, dice, say):
    """The score-sheet page (web.enabled), on its own thread: the snapshot the loop
    publishes to, and the page (None if it cannot be served: the game goes on)."""
    try:  # dependencies, but a box updated without `pip install` may lack them
        import segno  # noqa: F401  (the QR code on the OLED)
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as missing:
        say(f"The score-sheet page needs {missing.name}: run `pip install -e .` in the "
            "companion's folder (systemd/install.sh does); the page is off")
        return None, None
    from companion.web.live import Live
    from companion.web.server import WebPage

    live = Live()
    if hasattr(dice, "seen_by"):
        dice.seen_by = live.saw
    page = WebPage(live, store.path, cfg.web.port)
    try:
        page.start()
    except OSError as error:
        say(f"The score-sheet page cannot be served on port {cfg.web.port} "
            f"({error.strerror or error}): it is off. Another port (web.port), or under "
            "the service the drop-in systemd/companion-web.conf (docs/web.md)")
        return live, None
    say(f"The score-sheet page is at {page.url} (a QR code in the game menu: Phone page)")
    return live, page


def _press(display, table, event) -> None:
    """A press wakes the display; on a dark screen that is all it does, so nobody banks
    or rolls on a screen they cannot see."""
    dark = getattr(display, "state", "on") == "blank"
    if hasattr(display, "wake"):
        display.wake()
    if not dark:
        table.handle(event)


def _log_to(path: Path | None) -> None:
    """Errors (a failing dice reader) to the journal, or to a file beside the store in
    the simulator, where stderr would scribble over the screen."""
    import logging

    if path is None:
        logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    else:
        logging.basicConfig(filename=path, level=logging.WARNING,
                            format="%(asctime)s %(name)s: %(message)s")
        logging.getLogger("companion.play").setLevel(logging.INFO)  # what starting found


def _stop(signum, frame):
    """SIGTERM (systemd stopping the service): leave the loop the way q does."""
    raise KeyboardInterrupt


def _is_terminal(display) -> bool:
    from hardware.display import TerminalDisplay

    return isinstance(getattr(display, "inner", display), TerminalDisplay)


def _dice(args, cfg, simulator: bool, say):
    """The dice source: the flag, else the config's camera; virtual dice in the simulator.

    A live camera (a Pi camera, a webcam) is read on a thread of its own (LiveCamera), so
    the buttons answer whatever it does; on the box it is looked for again and again if
    it is missing at start or fails, and the dice are entered by hand meanwhile."""
    from functools import partial

    from companion.dice_input import CameraDice, VirtualDice
    from hardware import camera as cameras

    seed = args.seed if args.seed is not None else cfg.camera.seed
    choice = args.camera
    c = cfg.camera
    if choice is None:
        if c.source == "virtual" or (simulator and c.source == "auto"):
            choice = "virtual"
        elif c.source == "none":
            return None
    if choice == "virtual":
        return VirtualDice(cameras.VirtualRoller(seed))
    if choice == "webcam":
        webcam = partial(cameras.CvCamera, c.index, (c.width, c.height), c.lock_after,
                         c.fail_after)
        return CameraDice(cameras.LiveCamera(webcam, webcam(), retry_every=c.retry_every,
                                             say=say), live=True)
    if choice is not None:
        return CameraDice(cameras.FolderCamera(choice, c.loop, c.fail_after), live=False)
    camera = cameras.open_camera(c, say=say)
    if isinstance(camera, cameras.FolderCamera):
        return CameraDice(camera, live=False)
    if camera is None and (simulator or c.source not in cameras.LIVE_SOURCES):
        return VirtualDice(cameras.VirtualRoller(seed)) if simulator else None
    live = cameras.LiveCamera(partial(cameras.find_live_camera, c), camera,
                              retry_every=c.retry_every, say=say)
    return CameraDice(live, live=True)


def _keeper(cfg, dice, store, say):
    """Where the frames of camera throws are kept, if the config asks for it (and the
    nets learnt from them read the dice, if any were learnt)."""
    from companion.dice_input import CameraDice

    if not isinstance(dice, CameraDice):
        return None
    from vision.learn import use_learnt

    nets = learnt_nets_dir(cfg, store.path)
    if use_learnt(nets):
        say(f"Reading the dice with the nets learnt at this table ({nets})")
    if not cfg.vision.keep_photos:
        return None
    from vision.kept_photos import PhotoKeeper

    keeper = PhotoKeeper(kept_photos_dir(cfg, store.path), cfg.vision.keep_limit, dice.live)
    say(f"Keeping photos of the dice in {keeper.folder} ({keeper.count} so far)")
    return keeper


def kept_photos_dir(cfg, store_path) -> Path:
    """The config's folder for kept photos, else "photos" beside the store in use."""
    return Path(cfg.vision.photos) if cfg.vision.photos else Path(store_path).parent / "photos"


def learnt_nets_dir(cfg, store_path) -> Path:
    """The config's folder for nets learnt at this table, else "nets" beside the store."""
    return Path(cfg.vision.nets) if cfg.vision.nets else Path(store_path).parent / "nets"


def _status(table) -> str:
    if table.game_id is None:
        return "setting up a game"
    return f"game {table.game_id}, step {table.steps}"


class _Footer:
    """Under the terminal OLED: which key is which button, and the last thing said.

    It tells the terminal display how many rows it takes under the full-size drawing,
    so that drawing is chosen only where the footer fits under it too."""

    SAME_AS_SHORT = ("long up", "long down", "long OK")
    """Long presses the session treats as short ones: not worth a place in the list."""
    NOTE_ROWS = 2
    """Rows for the last thing said; a longer one is cut (the log has it whole)."""

    def __init__(self, display, said: Messages):
        from hardware.buttons import key_help

        self.terminal = getattr(display, "inner", display)
        self.stream = self.terminal.stream
        self.tty = self.terminal.tty
        self.said = said
        self.keys = [(key, action) for key, action in key_help()
                     if action not in self.SAME_AS_SHORT]
        width = self.terminal.size[0]
        self.terminal.below = len(_key_lines(self.keys, width)) + 1 + self.NOTE_ROWS

    def _layout(self, terminal: tuple[int, int]) -> tuple[tuple[int, int], list[str]]:
        """The size the screen and the footer need together, and the key lines."""
        columns, rows = self.terminal.cells(terminal)
        keys = _key_lines(self.keys, max(columns, min(terminal[0], self.terminal.size[0])))
        return (columns, rows + len(keys) + 1 + self.NOTE_ROWS), keys

    def too_small(self) -> str:
        """What to do about a terminal too small even for the small drawing (asked at
        every frame, so a resized terminal is seen), else ""."""
        columns, rows = terminal = self.terminal.terminal_size()
        (need_columns, need_rows), _ = self._layout(terminal)
        if columns >= need_columns and rows >= need_rows:
            return ""
        return (f"Make the terminal at least {need_columns}x{need_rows} "
                f"(it is {columns}x{rows}) to see the whole screen")

    def refit(self) -> bool:
        """Redraw the screen if the terminal was resized (asked at every poll); True if so,
        and the footer is to be drawn again."""
        return self.terminal.redraw_if_resized()

    def draw(self, note: str) -> None:
        """The keys, then the size warning while it applies (no note may hide it), else the
        last thing said; no newline after the last row, so nothing scrolls."""
        if not self.tty:
            return
        terminal = self.terminal.terminal_size()
        _, keys = self._layout(terminal)
        last = self.too_small() or note or (self.said.lines[-1] if self.said.lines else "")
        lines = [*keys, "", *_cut(last, terminal[0], self.NOTE_ROWS)]
        self.stream.write("\n".join(f"{line}\x1b[K" for line in lines) + "\x1b[J")
        self.stream.flush()


def _cut(text: str, width: int, rows: int) -> list[str]:
    """`text` wrapped to `width`, in at most `rows` lines, the last ending in "..." if cut."""
    import textwrap

    lines = textwrap.wrap(text, max(width, 10)) or [""]
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = textwrap.shorten(lines[-1] + " ...", max(width, 10), placeholder=" ...")
    return lines


def _key_lines(keys: list[tuple[str, str]], width: int) -> list[str]:
    """`Up/w/k: up | Down/s/j: down | ...` wrapped to the screen's width."""
    lines, line = [], ""
    for key, action in keys:
        item = f"{key}: {action}"
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line} | {item}" if line else item
    return [*lines, line] if line else lines
