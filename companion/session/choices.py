"""A menu on screen: its items, the value behind each, the highlighted one; and the
groups opened from it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.ui.model import Menu, MenuItem

from .menus import Group


@dataclass
class Choices:
    """The items shown, the value each stands for, and which is highlighted."""

    items: list[MenuItem]
    values: list[Any]
    selected: int = 0
    odds: str = ""  # what the odds beside the items are, e.g. "pts bust"

    def move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.items)

    def moved(self, button: str) -> bool:
        """Up/Down moved the highlight; False for any other button."""
        if button not in ("up", "down"):
            return False
        self.move(-1 if button == "up" else 1)
        return True

    @property
    def value(self) -> Any:
        return self.values[self.selected]

    def menu(self) -> Menu:
        return Menu(tuple(self.items), self.selected, self.odds)


class Opened:
    """A list of choices and the groups opened from it (`menus.Group`), the last one
    shown: Select on a group opens its list, Back closes it, the group still
    highlighted in the list it came from."""

    def __init__(self, top: Choices):
        self.lists = [top]
        self.headings: list[str] = []

    @property
    def choices(self) -> Choices:
        return self.lists[-1]

    def open(self, group: Group) -> None:
        self.headings.append(group.heading)
        self.lists.append(Choices([item for item, _ in group.entries],
                                  [value for _, value in group.entries],
                                  odds=self.choices.odds))

    def close(self) -> bool:
        """Back to the list the open group came from; False at the top list."""
        if not self.headings:
            return False
        self.lists.pop()
        self.headings.pop()
        return True
