"""The files players edit: 216's cards and Help split, Charidice's dice table.

Each game names its data files (`Game.data`); they ship in companion/data. A player's own
copy of one, in the configuration folder (beside config.toml, /etc/companion/), is used
instead, where an upgrade never overwrites it. A copy the game refuses (a typo, a missing
field, a file that is not UTF-8; a UTF-8 byte-order mark is fine) is named with its line,
the shipped file is used meanwhile, and the box says so. Nothing is read until a game that
needs its files is set up, so a broken file concerns that game alone: every other game and
every command works.

What a game was played with is stored with it (`Store.new_game(played_with=...)`), so a
finished game replays to its stored result whatever the files say later.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.rules import Game
from companion.rules.core import DataError, decoded, shipped_text


@dataclass(frozen=True)
class InUse:
    """The texts a game is set up with: `texts` by file name, `sources` where each came
    from (a player's copy's path, or "shipped"), `refused` a sentence per copy refused."""

    texts: dict[str, str]
    sources: dict[str, str]
    refused: tuple[str, ...] = ()


SHIPPED = "shipped"


def folder(config_source: str | None) -> Path:
    """The configuration folder: that of the config file read, else /etc/companion."""
    from companion.config import DEFAULT_PATH

    return Path(config_source or DEFAULT_PATH).parent


def in_use(game: Game, where: Path | None) -> InUse:
    """The text of each of `game`'s data files: a player's copy in folder `where` where
    there is one the game accepts, else the shipped file. DataError if a shipped file
    itself is missing or refused (the install is damaged): that game cannot start."""
    texts, sources, refused = {}, {}, []
    for name, read in game.data.items():
        own = None if where is None else where / name
        if own is not None and own.is_file():
            try:
                text = decoded(own.read_bytes(), name)
                read(text)
            except OSError as e:
                refused.append(f"{own} cannot be read ({e.strerror or e}): the shipped"
                               f" {name} is used.")
            except DataError as e:
                said = str(e).removeprefix(f"{name} ")
                refused.append(f"{game.title}: your {name} is refused, {said[0].lower()}"
                               f"{said[1:].removesuffix('.')}; the shipped file is used.")
            else:
                texts[name], sources[name] = text, str(own)
                continue
        texts[name], sources[name] = shipped(game, name, read), SHIPPED
    return InUse(texts, sources, tuple(refused))


def shipped(game: Game, name: str, read) -> str:
    """A shipped data file's text, checked; DataError naming it if it is missing or refused."""
    try:
        text = shipped_text(name)
    except OSError as e:
        raise DataError(f"{game.title} cannot start: its {name} is missing from the install"
                        f" ({e.strerror or e}).") from None
    try:
        read(text)
    except DataError as e:
        said = str(e).removeprefix(f"{name} ")
        raise DataError(f"{game.title} cannot start: the shipped {name} is refused,"
                        f" {said[0].lower()}{said[1:]}") from None
    return text
