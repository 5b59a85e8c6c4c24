"""Driving a Table the way a player does: presses only, reading the screen."""

from __future__ import annotations

import re

from hardware.buttons import ButtonEvent


def press(table, *buttons: str) -> None:
    """Short presses by name; "undo" is a long Back, "menu" a long Select."""
    for button in buttons:
        if button == "undo":
            table.handle(ButtonEvent("back", True))
        elif button == "menu":
            table.handle(ButtonEvent("select", True))
        else:
            table.handle(ButtonEvent(button, False))


def enter_dice(table, values) -> None:
    """Enter a throw by hand: Select, then per die (lowest first) Up/Down to its value
    the short way round and OK; the last OK stores the throw."""
    press(table, "select")
    faces = list(table.state.chance().faces)
    for i, value in enumerate(sorted(values)):
        screen = table.screen()
        assert screen.kind == "enter" and screen.cursor == i
        shown = screen.entry[i]
        if shown == 0:  # no value yet: Up gives the first face, Down the last
            up, down = faces.index(value) + 1, len(faces) - faces.index(value)
        else:
            up = (faces.index(value) - faces.index(shown)) % len(faces)
            down = len(faces) - up
        press(table, *(["up"] * up if up <= down else ["down"] * down))
        assert table.screen().entry[i] == value
        press(table, "ok")


def choose(table, index: int) -> str:
    """Move the highlight to menu item `index` and Select it; returns its label."""
    menu = table.screen().menu
    moves = index - menu.selected
    press(table, *(["down"] * moves if moves >= 0 else ["up"] * -moves))
    label = table.screen().menu.items[index].label
    press(table, "select")
    return label


def enter_faces(table, faces) -> None:
    """Enter a coloured throw by hand: the i-th die entered set to faces[i] (value,
    colour), stepping Up through the faces it may show, then OK; the last OK stores."""
    press(table, "select")
    for i, face in enumerate(faces):
        for _ in range(40):
            screen = table.screen()
            if (screen.entry[i], screen.colours[i]) == face:
                break
            press(table, "up")
        screen = table.screen()
        assert screen.cursor == i and (screen.entry[i], screen.colours[i]) == face
        press(table, "ok")


def find(table, label: str) -> bool:
    """Open the groups of the decision menu shown ("Keep...") with presses until an item
    labelled `label` is in the list shown; False (back where it began) if none is."""
    labels = [item.label for item in table.screen().menu.items]
    if label in labels:
        return True
    for index, group in enumerate(labels):
        if group.endswith("..."):
            choose(table, index)
            if find(table, label):
                return True
            press(table, "back")
    return False


def pick(table, label: str) -> str:
    """Choose the option labelled `label` of a decision menu, opening its groups."""
    assert find(table, label), f"{label!r} is in no group of the menu"
    return choose(table, [item.label for item in table.screen().menu.items].index(label))


def options(table) -> list[str]:
    """Every option of the decision menu shown, its groups opened and closed again."""
    found = []
    for index, item in enumerate(table.screen().menu.items):
        if item.label.endswith("..."):
            choose(table, index)
            found += options(table)
            press(table, "back")
        else:
            found.append(item.label)
    return found


def said_twice(one: str, other: str, words: int = 3) -> list[str]:
    """The runs of `words` words (case and punctuation aside) that both texts say: a
    title and a note that repeat each other ("Bo takes a Help card" over "No match: Bo
    takes a Help card")."""

    def runs(text: str) -> set[str]:
        said = re.findall(r"[\w'+/&]+", text.lower())
        return {" ".join(said[i:i + words]) for i in range(len(said) - words + 1)}

    return sorted(runs(one) & runs(other))
