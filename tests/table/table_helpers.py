"""Driving a Table the way a player does: presses only, reading the screen."""

from __future__ import annotations

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
    """Enter a throw by hand: Select, then per die Up/Down to its value and Select; OK."""
    press(table, "select")
    for i, value in enumerate(sorted(values)):
        screen = table.screen()
        assert screen.kind == "enter" and screen.cursor == i
        faces = list(table.state.chance().faces)
        step = (faces.index(value) - faces.index(screen.entry[i])) % len(faces)
        up = step <= len(faces) // 2
        press(table, *(["up"] * step if up else ["down"] * (len(faces) - step)))
        assert table.screen().entry[i] == value
        if i < len(values) - 1:
            press(table, "select")
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
    colour), stepping Up through the faces of the dice thrown; then OK."""
    press(table, "select")
    every = {face for die in table.state.chance().colours for face in die}
    for i, face in enumerate(faces):
        for _ in range(len(every)):
            screen = table.screen()
            if (screen.entry[i], screen.colours[i]) == face:
                break
            press(table, "up")
        screen = table.screen()
        assert (screen.entry[i], screen.colours[i]) == face
        if i < len(faces) - 1:
            press(table, "select")
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
