"""A menu on screen: its items, the value behind each, the highlighted one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.ui.model import Menu, MenuItem


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
