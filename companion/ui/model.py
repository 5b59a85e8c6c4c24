"""What the session asks the screen to show: plain values, no drawing.

The session (`companion.table`) decides *what* a player should see and builds a
`Screen`; `companion.ui.render` decides *how* it looks at the display's size. Keeping
the two apart lets every screen be a pure function tested with golden images.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules import View


@dataclass(frozen=True)
class MenuItem:
    """One choice: its label, and the odds beside it where the advice has them."""

    label: str
    detail: str = ""  # e.g. "410 33%": expected points, chance of belly up
    best: bool = False  # the advice's pick


@dataclass(frozen=True)
class Menu:
    items: tuple[MenuItem, ...]
    selected: int = 0
    odds: str = ""  # what the details are, shown over them (the advisor's, e.g. "pts bust")


@dataclass(frozen=True)
class Screen:
    """One screen's content.

    kind is one of:
      setup    choose game, players, variant (title + menu)
      turn     the game in play: scores, the throw, dice aside, facts, the menu
      throw    waiting for the dice: "throw N dice", how they will be read
      confirm  a camera reading to accept or correct (entry + flagged dice)
      enter    dice entered by hand (entry + cursor)
      card     a drawn card to name (menu of cards) or to play or decline
      cards    a card to name, drawn as what it is by the game's `draw_card` (`game`)
               from its picture in `table` (rows: card name, picture)
      over     final standings
      message  a short notice, e.g. why a button did nothing
      qr       the score-sheet page's address as a QR code (`table`: its modules)
      GAME:KIND  a game's own screen (its page), drawn by its screen module's LAYOUTS

    `table` carries a game's own screen's data: rows of strings and numbers.
    """

    kind: str
    title: str = ""
    names: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    active: int | None = None
    view: View | None = None
    menu: Menu | None = None
    entry: tuple[int, ...] = ()
    colours: tuple[str, ...] = ()  # the colour of each die of `entry` ("" for none yet)
    cursor: int = 0
    flagged: tuple[int, ...] = ()
    note: str = ""  # news or why a press did nothing: shown whole, beside the hint
    hint: str = ""  # what to press here (render.DEFAULT_HINTS when empty)
    winners: tuple[int, ...] = ()
    table: tuple[tuple[str | int, ...], ...] = ()
    game: str = ""  # the game's name, for its own drawing (companion.ui.games)
