"""The session, driven by button events only, against a real store on disk."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from table_helpers import choose, enter_dice, find, options, pick, press, said_twice

from companion import rules
from companion.dice_input import CameraDice, VirtualDice
from companion.rules import Action
from companion.store import Store
from companion.table import Setup, Table
from hardware.camera import VirtualRoller
from vision import DieReading

GAME = rules.get("risknroll")


def new_table(store, **kw) -> Table:
    kw.setdefault("clock", lambda: 0.0)  # notes never expire: the test reads them
    return Table(store, Setup("risknroll", 2, start="options"), **kw)


def started(store, **kw) -> Table:
    table = new_table(store, **kw)
    press(table, "select")  # "Start game"
    return table


def to_decision(table, dice=(1, 1, 5, 2, 3, 4)) -> None:
    """Draw the first card in the menu, play it, then enter a throw by hand."""
    while table.mode != "throw":
        press(table, "select")
    enter_dice(table, dice)
    assert table.mode == "decide"


def stored(store, table) -> list[dict]:
    return list(store.load(table.game_id).actions)


def test_a_whole_game_by_buttons_matches_a_direct_replay(store):
    """Setup, every card named, every throw entered with Up/Down, every choice from the menu."""
    rng = random.Random(7)
    table = Table(store, Setup("risknroll", 3), clock=lambda: 0.0)
    assert table.screen().kind == "setup"
    choose(table, table.screen().menu.items.index(
        next(i for i in table.screen().menu.items if i.label == GAME.title)))
    choose(table, [i.label for i in table.screen().menu.items].index("2 players"))
    choose(table, 0)  # Start game
    expected = GAME.new(2, {})
    while table.mode != "over":
        screen = table.screen()
        if table.mode == "throw":
            dice = tuple(sorted(rng.randint(1, 6) for _ in range(table.state.chance().count)))
            enter_dice(table, dice)
            expected = expected.apply(Action("throw", dice=dice))
        elif table.mode == "draw":
            assert screen.kind == "card"
            label = choose(table, rng.randrange(len(screen.menu.items)))
            expected = expected.apply(Action("draw", card=label))
        else:
            assert table.mode == "decide" and screen.kind == "turn"
            index = 0 if rng.random() < 0.7 else rng.randrange(len(screen.menu.items))
            label = choose(table, index)
            if not label.endswith("..."):  # a group opens its own list
                action = next(a for a in expected.legal_actions() if expected.label(a) == label)
                expected = expected.apply(action)
        assert table.state.to_json() == expected.to_json()
    end = table.screen()
    assert end.kind == "over"
    assert end.scores == expected.scores() and end.winners == expected.winners()
    record = store.load(table.game_id)
    replayed = GAME.replay(2, record.options, [Action.from_json(a) for a in record.actions])
    assert replayed.scores() == expected.scores()
    assert record.finished and record.scores == expected.scores()
    assert store.unfinished() is None


def test_every_step_is_stored_before_it_is_shown(store):
    table = started(store)
    steps = 0
    while table.mode != "decide":
        press(table, "select") if table.mode != "throw" else enter_dice(table, (1, 5, 5, 2, 3, 3))
        steps += 1
        assert len(stored(store, table)) == steps == table.steps
        assert GAME.replay(2, {}, [Action.from_json(a) for a in stored(store, table)]).to_json() \
            == table.state.to_json()


def test_the_decision_menu_is_ranked_by_the_advice_with_odds():
    class Advice:
        def __init__(self, action, value, bust, best):
            self.action, self.value, self.bust, self.best = action, value, bust, best

    def advise(state):
        legal = state.legal_actions()
        return [Advice(legal[-1], 410.4, 0.3217, True), Advice(legal[0], 120, None, False)]

    import tempfile

    with tempfile.TemporaryDirectory() as folder, Store(f"{folder}/s.db") as store:
        table = started(store, advise=advise)
        to_decision(table)
        legal = table.state.legal_actions()
        items = table.screen().menu.items
        assert items[0].label == table.state.label(legal[-1])
        assert items[0].detail == "410 32%" and items[0].best
        assert sorted(options(table)) == sorted(table.state.label(a) for a in legal)
        second = table.state.label(legal[0])
        group = next(i for i in items if i.label.endswith("...") and i.detail)
        assert group.detail == "120"  # a group shows the figures of its best option
        assert find(table, second)
        shown = table.screen().menu.items
        assert [i.detail for i in shown if i.label == second] == ["120"]
        assert not any(i.best or i.detail for i in shown if i.label != second)
        while table.screen().note.endswith("..."):  # Back out of the groups
            press(table, "back")
        press(table, *["up"] * table.screen().menu.selected, "ok")  # OK chooses like Select
        assert Action.from_json(stored(store, table)[-1]) == legal[-1]


def test_undo_a_decision_then_a_throw(store):
    table = started(store)
    to_decision(table)
    before_decision = table.state.to_json()
    throw = stored(store, table)[-1]
    pick(table, table.state.label(next(a for a in table.state.legal_actions()
                                       if a.get("then") == "roll")))
    assert table.mode == "throw" and len(stored(store, table)) == table.steps
    press(table, "undo")
    assert table.state.to_json() == before_decision and table.mode == "decide"
    assert table.screen().note.startswith("Undone: ")
    press(table, "undo")  # the throw itself: a mis-entered throw is entered again
    assert table.mode == "throw" and stored(store, table)[-1] != throw
    assert table.screen().note == "Undone: Threw 1 1 2 3 4 5"
    enter_dice(table, (2, 2, 2, 3, 4, 6))
    assert table.state.view().dice == (2, 2, 2, 3, 4, 6)
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [2, 2, 2, 3, 4, 6]}


def test_quick_presses_after_the_last_throw_leave_the_standings_up(store):
    """The throw that ends the game is often followed by quick presses meant for the
    game: for OVER_HOLD_SECONDS they do nothing, then OK goes on to a new game."""
    now = [0.0]
    table = started(store, dice=VirtualDice(VirtualRoller(1)), deck_rng=random.Random(1),
                    clock=lambda: now[0])
    while table.mode != "over":
        now[0] += 0.3
        press(table, "ok")
    game = table.game_id
    press(table, "ok", "ok", "select", "ok")
    now[0] += 2.9
    press(table, "ok")
    assert table.mode == "over" and table.game_id == game and table.screen().kind == "over"
    now[0] += 0.2
    press(table, "ok")
    assert table.mode == "setup_options"


def test_undo_from_the_game_menu_and_past_the_end_of_the_game(store):
    table = started(store, dice=VirtualDice(VirtualRoller(1)), deck_rng=random.Random(1))
    while table.mode != "over":
        press(table, "ok")
    assert store.unfinished() is None
    steps = table.steps
    press(table, "menu")
    assert table.screen().title == "Game menu"
    pick(table, "Undo last step")
    assert table.mode != "over" and store.unfinished().id == table.game_id
    assert table.steps == steps - 1 == len(stored(store, table))
    assert store.load(table.game_id).finished is None


def test_a_resumed_game_is_where_it_was(store, tmp_path):
    table = started(store, dice=VirtualDice(VirtualRoller(4)), deck_rng=random.Random(4))
    for _ in range(9):
        press(table, "ok")
    before = table.state.to_json()
    again = new_table(Store(tmp_path / "companion.db"))
    assert again.game_id == table.game_id and again.state.to_json() == before
    assert again.mode == table.mode and again.steps == table.steps
    assert again.screen().note == "Resumed Risk 'n' Roll 2000, P2 to play"


def test_new_game_from_the_menu_abandons_the_old_one_but_keeps_it(store):
    table = started(store)
    to_decision(table)
    old = table.game_id
    press(table, "menu")
    pick(table, "New game")
    assert table.screen().title == "Abandon this game?"
    choose(table, 0)  # Keep playing
    assert table.game_id == old and table.mode == "decide"
    press(table, "menu")
    pick(table, "New game")
    choose(table, 1)  # Abandon, new game
    assert table.mode == "setup_options" and store.unfinished() is None
    assert store.load(old).abandoned and len(store.load(old).actions) == 3
    press(table, "select")
    assert table.game_id != old and table.mode == "draw"


def test_setup_options_are_chosen_with_the_buttons_and_stored(store):
    table = new_table(store)
    items = [i.label for i in table.screen().menu.items]
    choose(table, items.index("Double millennium"))
    assert table.screen().menu.items[items.index("Double millennium")].detail == "on"
    choose(table, items.index("Action cards"))
    choose(table, 0)
    record = store.load(table.game_id)
    assert record.options == {"double_millennium": True, "action_cards": False}
    assert table.mode == "throw" and table.state.target == 4000


def test_names_replace_seat_numbers_on_the_screen(store):
    table = Table(store, Setup("risknroll", 2, names=("Ann", "Bob"), start="options"),
                  clock=lambda: 0.0)
    press(table, "select")
    screen = table.screen()
    assert screen.names == ("Ann", "Bob") and screen.title == "Ann: draw an Action Card"
    press(table, "select")
    assert table.screen().view.message.startswith("Ann drew ")


def test_a_roll_out_is_titled_with_what_to_do_and_noted_with_why_each_said_once(store):
    table = Table(store, Setup("risknroll", 2, names=("Ann", "Bo"), start="options",
                               options={"action_cards": False}), clock=lambda: 0.0)
    press(table, "select")
    enter_dice(table, (1, 1, 1, 5, 5, 5))
    pick(table, "1 1 1 5 5 5 +500 roll out")
    screen = table.screen()
    assert table.mode == "throw" and screen.title == "Ann rolled out: throw all 6 again"
    assert screen.note == "All 6 dice scored: 500 so far"
    assert said_twice(screen.title, screen.note) == []


def test_a_misread_is_corrected_by_hand_before_it_is_stored(store):
    """The reader sees a 3 where a 5 lies (unsure) and misses a die: the player fixes both."""

    class Camera:
        def read(self):
            return np.zeros((48, 64, 3), np.uint8)

    def die(value, confidence):
        return DieReading(value, None, (0, 0, 9, 9), confidence)

    misread = [die(1, 0.95), die(1, 0.9), die(3, 0.31), die(2, 0.9), die(4, 0.9)]
    dice = CameraDice(Camera(), live=False, read=lambda frame, expect: misread)
    table = started(store, dice=dice)
    while table.mode != "throw":
        press(table, "select")
    steps = table.steps
    press(table, "ok")
    screen = table.screen()
    assert screen.kind == "confirm" and screen.entry == (1, 1, 2, 3, 4, 0)  # 0: a "?"
    assert screen.flagged == (3, 5) and screen.note == "Expected 6 dice, got 5."
    assert [i.label for i in screen.menu.items] == ["Correct", "Read again"]  # no Accept
    assert table.steps == steps == len(stored(store, table))  # nothing stored yet
    choose(table, 0)
    assert table.screen().kind == "enter" and table.screen().cursor == 3
    press(table, "up", "up")  # the unsure 3 is a 5
    press(table, "ok")  # this die done: on to the missing one, nothing stored yet
    assert table.screen().cursor == 5 and table.steps == steps
    assert table.screen().entry == (1, 1, 2, 5, 4, 5)  # starts as the die just set
    press(table, "up")  # 5 -> 6
    assert table.screen().entry == (1, 1, 2, 5, 4, 6)
    press(table, "ok")
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [1, 1, 2, 4, 5, 6]}
    assert table.mode == "decide"


class OneFrame:
    """A camera whose every frame is the same still picture."""

    def __init__(self):
        self.frame = np.full((120, 160, 3), 70, np.uint8)

    def read(self):
        return self.frame


class StillCamera(OneFrame):
    """A live camera over a still picture: a sensor's noise makes every frame new."""

    def __init__(self):
        super().__init__()
        self.rng = np.random.default_rng(0)

    def read(self):
        noise = self.rng.integers(-2, 3, self.frame.shape)
        self.frame = np.clip(70 + noise, 0, 255).astype(np.uint8)
        return self.frame


def camera_reading(values, confidence=0.9):
    """The reader's answer: dice left to right (box i at x = 20 i), in the order given."""
    return [DieReading(v, None, (20 * i, 0, 20 * i + 15, 15), confidence)
            for i, v in enumerate(values)]


def at_throw(store, read, tmp_path):
    from vision.kept_photos import PhotoKeeper

    keeper = PhotoKeeper(tmp_path / "kept")
    dice = CameraDice(OneFrame(), live=False, read=lambda frame, expect: read)
    table = started(store, dice=dice, photos=keeper)
    while table.mode != "throw":
        press(table, "select")
    return table, keeper


def kept(tmp_path) -> list[dict]:
    from vision.photo_sets import load_labels

    folder = tmp_path / "kept"
    return load_labels(folder) if (folder / "labels.jsonl").exists() else []


def test_a_sure_camera_reading_keeps_its_frame_labelled(store, tmp_path):
    table, _ = at_throw(store, camera_reading([5, 1, 6, 2, 3, 4]), tmp_path)
    press(table, "ok")
    assert table.mode == "decide"
    (row,) = kept(tmp_path)
    assert {(d["value"], d["bbox"][0]) for d in row["dice"]} == {
        (5, 0), (1, 20), (6, 40), (2, 60), (3, 80), (4, 100)}  # each value on its own die
    assert (row["game"], row["step"], row["how"]) == (table.game_id, table.steps - 1, "read")
    press(table, "undo")  # the throw taken back: so is its photo
    assert table.mode == "throw" and kept(tmp_path) == []
    assert list((tmp_path / "kept" / "images").iterdir()) == []


def test_a_live_camera_says_where_it_saw_the_dice_in_the_settled_frame():
    camera = StillCamera()
    read = camera_reading([4, 2])
    dice = CameraDice(camera, live=True, read=lambda frame, expect: read)
    dice.start(GAME.new(2, {}).apply(Action("draw", card="Bonus Time 300"))
               .apply(Action("card", play=True)).chance())
    result = None
    for _ in range(20):  # still frames until two reads agree
        result = result or dice.poll()
    assert result.values == (4, 2) and result.seen.frame is camera.frame
    assert result.seen.boxes == ((0, 0, 15, 15), (20, 0, 35, 15))


@pytest.mark.parametrize("live", [True, False])
def test_a_live_cameras_frames_are_read_once_and_photos_also_closer(monkeypatch, live):
    """The reader looks closer at a frame of another size than 640 only when it is a
    photo standing in for the camera: a live camera's frames are read once, whatever
    size the camera is set to."""
    import vision

    how = []
    monkeypatch.setattr(vision, "read", lambda frame, expect, closer: how.append(closer) or [])
    dice = CameraDice(StillCamera() if live else OneFrame(), live=live)
    dice.start(GAME.new(2, {}).apply(Action("draw", card="Bonus Time 300"))
               .apply(Action("card", play=True)).chance())
    for _ in range(20):
        dice.poll()
    assert how and set(how) == {not live}


def test_a_die_set_aside_but_left_in_view_is_asked_about_not_dropped(store):
    """Seven sure dice where six were thrown: the reader keeps them all and the player is
    asked, rather than the least sure of seven right readings being dropped unseen."""
    from vision.reader import apply_expect

    seven = camera_reading([6, 5, 4, 3, 2, 1, 5])
    dice = CameraDice(OneFrame(), live=False,
                      read=lambda frame, expect: apply_expect(seven, expect))
    table = started(store, dice=dice)
    while table.mode != "throw":
        press(table, "select")
    press(table, "ok")
    screen = table.screen()
    assert screen.kind == "confirm" and screen.note == "Expected 6 dice, got 7."
    assert [i.label for i in screen.menu.items] == ["Correct", "Read again"]
    assert len(stored(store, table)) == table.steps and stored(store, table)[-1]["kind"] != "throw"
    # corrected: which six of the seven were thrown is not known, so every die is checked
    choose(table, 0)
    assert table.screen().cursor == 0 and table.screen().flagged == (0, 1, 2, 3, 4, 5)
    for die in range(1, 6):
        press(table, "ok")  # each die looked at and passed, one OK each
        assert table.screen().cursor == die and table.mode == "enter"
        assert die - 1 not in table.screen().flagged  # the die passed is checked: no "?"
    press(table, "ok")  # the last die: the throw is stored
    assert table.mode != "enter" and stored(store, table)[-1]["kind"] == "throw"


def test_a_missing_die_corrected_at_once_is_never_stored_as_a_one(store):
    """A camera that misses two dice, then Correct and OK straight away (a games-night
    slip): the box asks for the missing dice instead of storing two 1s nobody threw."""
    dice = CameraDice(OneFrame(), live=False,
                      read=lambda frame, expect: camera_reading([3, 3, 4, 4]))
    table = started(store, dice=dice)
    while table.mode != "throw":
        press(table, "select")
    steps = table.steps
    press(table, "ok")
    assert table.screen().entry == (3, 3, 4, 4, 0, 0)
    choose(table, 0)  # Correct
    assert table.screen().cursor == 4 and table.screen().entry == (3, 3, 4, 4, 0, 0)
    press(table, "ok", "ok", "ok", "ok", "ok", "ok")
    assert table.steps == steps and table.screen().note.startswith("Set die 5 first")
    assert table.screen().cursor == 4


def test_stray_oks_in_hand_entry_never_store_a_throw(store):
    """Six OKs walked through the dice, each taking the 1 shown, and stored six 1s (a
    2000-point roll-out): a fresh entry's first die shows no value until Up or Down."""
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    steps = table.steps
    press(table, "select", *["ok"] * 8)
    assert table.steps == steps and table.mode == "enter" and table.screen().cursor == 0
    assert table.screen().entry == (0,) * 6 and table.screen().note.startswith("Set die 1")
    press(table, "up", "up", "ok")  # die 1 set to 2; die 2 starts at 2: a pair costs one OK
    assert table.screen().cursor == 1 and table.screen().entry == (2, 2, 0, 0, 0, 0)
    assert table.steps == steps


def test_dice_not_yet_entered_by_hand_show_a_question_mark(store):
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    press(table, "select")  # enter by hand
    assert table.screen().entry == (0, 0, 0, 0, 0, 0)  # no value until Up or Down
    press(table, "down")  # Down from no value: the highest face
    assert table.screen().entry == (6, 0, 0, 0, 0, 0)
    press(table, "ok")
    assert table.screen().entry == (6, 6, 0, 0, 0, 0)


def test_a_die_corrected_by_hand_is_kept_with_the_value_the_player_set(store, tmp_path):
    read = camera_reading([5, 1, 6, 2, 3, 4])
    read[2] = DieReading(6, None, read[2].bbox, 0.3)  # unsure: it is a 4
    table, _ = at_throw(store, read, tmp_path)
    press(table, "ok")
    assert table.screen().kind == "confirm" and table.screen().entry == (1, 2, 3, 4, 5, 6)
    choose(table, [i.label for i in table.screen().menu.items].index("Correct"))
    press(table, "down", "down", "ok")  # the 6 (shown last) is a 4
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [1, 2, 3, 4, 4, 5]}
    (row,) = kept(tmp_path)
    assert {(d["value"], d["bbox"][0]) for d in row["dice"]} == {
        (5, 0), (1, 20), (4, 40), (2, 60), (3, 80), (4, 100)}
    assert row["how"] == "corrected"


@pytest.mark.parametrize("case", ["two corrected", "one missed", "by hand"])
def test_no_photo_is_kept_when_its_labels_would_be_guesses(store, tmp_path, case):
    """Two dice corrected (the screen does not say which box is which), a die the reader
    missed (no box for it), dice entered by hand (no reading at all)."""
    if case == "two corrected":
        table, _ = at_throw(store, camera_reading([5, 1, 6, 2, 3, 4], 0.3), tmp_path)
        press(table, "ok")
        choose(table, [i.label for i in table.screen().menu.items].index("Correct"))
        press(table, "down", "select", "up", "ok")  # 1 -> 6 and 2 -> 3
    elif case == "one missed":
        table, _ = at_throw(store, camera_reading([5, 1, 6, 2, 3]), tmp_path)
        press(table, "ok")
        choose(table, 0)  # Correct: the cursor is on the missing die
        press(table, "up", "ok")
    else:
        table, _ = at_throw(store, camera_reading([5, 1, 6, 2, 3, 4]), tmp_path)
        enter_dice(table, (1, 2, 3, 4, 5, 6))
    assert table.mode == "decide" and stored(store, table)[-1]["kind"] == "throw"
    assert kept(tmp_path) == []


def test_a_keeper_that_fails_does_not_stop_the_game(store, tmp_path):
    (tmp_path / "kept").write_text("a file where the folder should be")
    table, keeper = at_throw(store, camera_reading([5, 1, 6, 2, 3, 4]), tmp_path)
    press(table, "ok")
    assert table.mode == "decide" and stored(store, table)[-1]["kind"] == "throw"
    press(table, "undo")
    assert table.mode == "throw"


def test_a_sure_reading_is_applied_and_undo_brings_back_the_throw(store):
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    table.reading((6, 5, 4, 3, 2, 1), (0.9,) * 6)
    assert table.mode == "decide"
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [1, 2, 3, 4, 5, 6]}
    press(table, "undo")
    assert table.mode == "throw"
    table.reading((7, 5, 4, 3, 2, 1), (0.99,) * 6)  # a 7 on a six-sided die
    assert table.screen().kind == "confirm" and table.screen().flagged == (5,)
    assert table.screen().entry == (1, 2, 3, 4, 5, 6)
    press(table, "back")
    assert table.mode == "throw" and table.screen().note == "Reading discarded"


def test_an_unsure_but_possible_reading_is_accepted_with_one_press(store):
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    table.reading((2, 2, 6, 3, 1, 5), (0.9, 0.9, 0.4, 0.9, 0.9, 0.2))
    screen = table.screen()
    assert screen.kind == "confirm" and screen.entry == (1, 2, 2, 3, 5, 6)
    assert screen.flagged == (4, 5) and screen.note == "2 dice unsure: check"
    assert screen.menu.items[screen.menu.selected].label == "Accept"
    press(table, "ok")
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [1, 2, 2, 3, 5, 6]}


def test_a_camera_that_reads_nothing_falls_back_to_entry(store):
    class Blind:
        def read(self):
            return None

    now = [0.0]
    dice = CameraDice(Blind(), live=True, timeout=5.0, clock=lambda: now[0])
    table = started(store, dice=dice, clock=lambda: now[0])
    while table.mode != "throw":
        press(table, "select")
    press(table, "ok")
    assert table.mode == "reading" and table.busy
    press(table, "up")
    assert table.screen().note == "Reading the dice..." and table.mode == "reading"
    now[0] = 6.0
    table.tick()
    assert table.mode == "enter" and table.screen().note == "No picture: enter the dice"


@pytest.mark.parametrize("scene, why", [("hand", "Hand in view"), ("rolling", "Still moving")])
def test_a_camera_that_gives_up_says_what_kept_it_from_reading(store, scene, why):
    from vision.synth import Die, render

    rng = np.random.default_rng(0)

    def frame(x, hand=False):  # a live sensor's noise: no two frames alike
        img = render([Die(3, "white", (x, 120), 56, 0)], size=(320, 240), seed=3, noise=0,
                     distractors=("hand",) if hand else ())[0]
        return np.clip(img + rng.integers(-2, 3, img.shape), 0, 255).astype(np.uint8)

    class Camera:
        n = 0

        def read(self):  # a hand comes in and rests; or the view never stops changing
            self.n += 1
            if scene == "hand":
                return frame(120, hand=self.n > 2)
            return frame(80 if self.n % 2 else 160)

    now = [0.0]
    dice = CameraDice(Camera(), live=True, read=lambda frame, expect: [], timeout=5.0,
                      clock=lambda: now[0])
    table = started(store, dice=dice, clock=lambda: now[0])
    while table.mode != "throw":
        press(table, "select")
    press(table, "ok")
    for _ in range(10):
        table.tick()
    assert table.mode == "reading"
    waiting = "Hand in view\n" if scene == "hand" else ""  # said while it waits, too
    assert table.screen().hint == f"{waiting}Back: stop reading"
    now[0] = 6.0
    table.tick()
    assert table.mode == "enter" and table.screen().note == f"{why}: enter the dice"


def test_a_camera_frozen_on_the_last_throw_never_reads_it_again(store):
    """A camera that stops on its last picture sends it for ever, as still as still dice:
    the next throw must not be read from it (the last throw's dice, stored unasked), but
    end in entry, the player told why."""
    rng = np.random.default_rng(0)

    class Freezing:
        frozen, last = False, None

        def read(self):  # a live sensor: never two frames alike, until it freezes
            if not self.frozen or self.last is None:
                self.last = np.clip(rng.normal(70, 3, (120, 160, 3)), 0, 255).astype(np.uint8)
            return self.last

    now, camera = [0.0], Freezing()
    dice = CameraDice(camera, live=True, read=lambda frame, expect: camera_reading([5, 1]),
                      timeout=5.0, clock=lambda: now[0])
    throw = rules.Throw(2)
    dice.start(throw)
    results = [dice.poll() for _ in range(20)]
    assert [r.values for r in results if r is not None] == [(5, 1)]
    camera.frozen = True
    dice.start(throw)  # the dice picked up and thrown again: OK
    assert [dice.poll() for _ in range(40)] == [None] * 40
    now[0] = 6.0
    assert dice.poll().error == "Camera frozen"


class Sensor:
    """A live camera: every frame new (a sensor's noise) at a light level."""

    def __init__(self, level=70.0, size=(120, 160)):
        self.level, self.size = level, size
        self.rng = np.random.default_rng(0)

    def read(self):
        shape = (*self.size, 3)
        return np.clip(self.rng.normal(self.level, 2, shape), 0, 255).astype(np.uint8)


def sees_in_the_light(frame, expect):
    """A reader that reads a 5 and a 1 where there is light, and nothing in the dark."""
    return camera_reading([5, 1]) if frame.mean() > 40 else []


def test_a_dark_view_waits_saying_too_dark_and_ends_in_entry_saying_why(store):
    """The lamp off or the lens covered: the reader finds nothing, and the player was
    shown "Expected 2 dice, got 0.", which says nothing of the light. Now the camera keeps
    looking, the screen says "Too dark", a light turned on reads the dice, and a wait
    that ends says why; the next throw starts with nothing in the way."""
    now, camera = [0.0], Sensor(level=6.0)
    dice = CameraDice(camera, live=True, read=sees_in_the_light, timeout=5.0,
                      clock=lambda: now[0])
    throw = rules.Throw(2)
    dice.start(throw)
    assert [dice.poll() for _ in range(30)] == [None] * 30
    assert dice.waiting_for == "Too dark"
    camera.level = 70.0  # the lamp on
    results = [dice.poll() for _ in range(30)]
    assert [r.values for r in results if r is not None] == [(5, 1)]
    camera.level = 6.0
    dice.start(throw)
    assert [dice.poll() for _ in range(30)] == [None] * 30
    now[0] = 6.0
    assert dice.poll().error == "Too dark"
    dice.start(throw)
    assert dice.waiting_for == ""


@pytest.mark.parametrize("dark_frames", [3, 8, 30])
def test_the_lamp_turned_on_mid_throw_reads_the_dice_on_a_round_tray_on_wood(dark_frames):
    """A round felt tray on a walnut table: the wood in the corners is skin-coloured, and
    the hand watch learns it as table from the first frames. Learnt in the dark, it took
    the lit wood for a hand for the rest of the throw, which ended "Hand in view". A
    lamp turned on starts the watch afresh."""
    import cv2

    table_top = np.full((480, 640, 3), (33, 67, 101), np.uint8)  # walnut
    cv2.circle(table_top, (320, 240), 250, (60, 110, 40), -1, cv2.LINE_AA)  # green felt
    rng = np.random.default_rng(0)

    class Lamp:
        level = 0.06

        def read(self):
            lit = table_top.astype(np.float32) * self.level + rng.normal(0, 2, table_top.shape)
            return np.clip(lit, 0, 255).astype(np.uint8)

    now, lamp = [0.0], Lamp()
    dice = CameraDice(lamp, live=True, read=sees_in_the_light, timeout=10.0,
                      clock=lambda: now[0])
    dice.start(rules.Throw(2))
    assert [dice.poll() for _ in range(dark_frames)] == [None] * dark_frames
    lamp.level = 1.0
    results = [dice.poll() for _ in range(60)]
    assert [r.values for r in results if r is not None] == [(5, 1)]


def test_a_lone_black_die_on_black_felt_is_read_not_taken_for_the_dark():
    """Dark but for the die's white pips, which a coarse look at the frame misses: it is
    read (the real reader), as it was before the dark view was told apart."""
    from vision.synth import Die, render

    img, _ = render([Die(1, "black", (200, 240), 55, 15)], background=(20, 20, 22), seed=3,
                    noise=3)
    rng = np.random.default_rng(1)

    class Felt:
        def read(self):
            return np.clip(img + rng.integers(-2, 3, img.shape), 0, 255).astype(np.uint8)

    dice = CameraDice(Felt(), live=True)
    dice.start(rules.Throw(1))
    results = [dice.poll() for _ in range(30)]
    assert [r.values for r in results if r is not None] == [(1,)]


def test_a_covered_lens_sending_the_same_black_frame_is_too_dark_not_frozen():
    now = [0.0]
    black = type("Black", (), {"read": lambda self: np.zeros((120, 160, 3), np.uint8)})()
    dice = CameraDice(black, live=True, read=sees_in_the_light, timeout=5.0,
                      clock=lambda: now[0])
    dice.start(rules.Throw(2))
    assert [dice.poll() for _ in range(5)] == [None] * 5
    assert dice.waiting_for == "Too dark"
    now[0] = 6.0
    assert dice.poll().error == "Too dark"


def test_an_empty_frame_from_the_driver_never_stops_the_game():
    """The frozen and dark checks ran before the reader's guard: a (0, 0, 3) frame raised
    an IndexError out of the session, and `companion play` ended."""
    empty = type("Empty", (), {"read": lambda self: np.zeros((0, 0, 3), np.uint8)})()
    dice = CameraDice(empty, live=True)
    dice.start(rules.Throw(2))
    assert dice.poll().error == "Dice reader failed"


def test_presses_at_the_wrong_moment_change_nothing_and_say_why(store):
    table = started(store)
    press(table, "undo")
    assert table.screen().note == "Nothing to undo" and table.steps == 0
    while table.mode != "throw":
        press(table, "select")
    cases = [("back", "Hold Back to undo"), ("ok", "No camera: Select to enter"),
             ("up", "Nothing to choose: Select enters the dice")]
    for button, why in cases:
        before, steps = table.state.to_json(), table.steps
        press(table, button)
        assert table.state.to_json() == before and table.steps == steps == len(stored(store, table))
        assert table.mode == "throw" and table.screen().note == why
    press(table, "select")  # the dice entered by hand: a reading is refused
    table.reading((1, 2, 3, 4, 5, 6), (1.0,) * 6)
    assert table.screen().note == "Not waiting for dice now" and table.steps == steps


def test_setup_presses_before_a_game_say_why(store):
    table = Table(store, Setup("risknroll", 2), clock=lambda: 0.0)
    for button, why in [("undo", "Nothing to undo: no game yet"), ("menu", "No game in play yet"),
                        ("back", "Choose a game first")]:
        press(table, button)
        assert table.mode == "setup_game" and table.screen().note == why


def test_notes_expire_and_the_next_press_clears_them(store):
    now = [0.0]
    table = Table(store, Setup("risknroll", 2, start="options"), clock=lambda: now[0])
    press(table, "select", "back")
    assert table.screen().note == "Hold Back to undo"
    now[0] = 1.6
    assert table.screen().note != "Hold Back to undo"
    press(table, "back")
    press(table, "down")
    assert table.screen().note != "Hold Back to undo"


def test_entry_starts_each_die_from_the_one_before_and_back_keeps_what_was_set(store):
    """Back from the first die leaves the entry, but a stray Back loses nothing: Select
    on the throw screen takes the dice up again as they were; an entry left with no die
    set is cancelled."""
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    press(table, "select", "up", "up", "up", "ok")
    assert table.screen().entry[:2] == (3, 3) and table.screen().cursor == 1
    press(table, "back", "back")
    assert table.mode == "throw" and table.screen().note == "Dice kept: Select goes back to them"
    press(table, "select")
    assert table.mode == "enter" and table.screen().entry[:2] == (3, 3)
    assert table.screen().cursor == 0
    press(table, "ok", "ok", "ok", "ok", "ok", "ok")
    assert table.mode == "decide" and table.state.view().dice == (3,) * 6
    while table.mode != "throw":
        press(table, "select")
    press(table, "select", "back")
    assert table.mode == "throw" and table.screen().note == "Entry cancelled"
    press(table, "select")
    assert table.screen().entry == (0,) * 6


def test_dice_entered_before_a_quit_are_there_at_the_next_start(store):
    """`q` mid-entry (the simulator's quit, the service stopped: `Table.close`) keeps the
    dice set so far beside the store; the next start takes them up once, as they were."""
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    press(table, "select", "up", "up", "ok", "up", "ok", "down")
    shown = table.screen()
    assert shown.entry[:3] == (2, 3, 2) and shown.cursor == 2
    table.close()
    again = Table(store, clock=lambda: 0.0)
    assert again.mode == "enter" and again.screen().note.startswith("Resumed")
    assert (again.screen().entry, again.screen().cursor) == (shown.entry, shown.cursor)
    press(again, "ok", "ok", "ok", "ok")
    assert again.mode == "decide" and again.state.view().dice == (2, 2, 2, 2, 2, 3)
    assert Table(store, clock=lambda: 0.0).mode == "decide"  # taken up once


def test_dice_kept_for_another_throw_are_not_taken_up(store):
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    press(table, "select", "up", "ok")
    table.close()
    press(table, "ok", "ok", "ok", "ok", "ok")  # the game goes on before the next start
    assert store.path.with_name("companion.db.entry").exists()
    while table.mode != "throw":
        press(table, "select")
    again = Table(store, clock=lambda: 0.0)
    assert again.mode == "throw"
    assert not store.path.with_name("companion.db.entry").exists()  # read once, gone


def test_chance_screens_say_what_just_happened(store):
    """The draw and throw screens show no game message: the session says it in a note."""
    table = started(store)
    to_decision(table, (1, 1, 5, 2, 3, 4))
    pick(table, "1 1 5 +70 bank")
    assert table.mode == "draw" and table.screen().note == "P1 banks 70"
    while table.mode != "throw":
        press(table, "select")
    enter_dice(table, (2, 2, 3, 3, 4, 6))  # nothing scores
    assert table.mode == "draw"
    assert table.screen().note == "Threw 2 2 3 3 4 6. Belly up! No points"


def test_a_damaged_store_is_set_aside_shown_and_a_new_game_can_start(tmp_path):
    from companion.commands.play import STORE_SET_ASIDE, open_store

    path = tmp_path / "companion.db"
    path.write_bytes(b"this is not a database, it was torn by a power cut\x00" * 512)
    store, damage = open_store(path)
    with store:
        assert "damaged" in damage and "moved to" in damage
        aside = list(tmp_path.glob("companion.db.corrupt-*"))
        assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
        table = Table(store, Setup("risknroll", 2, start="options"), notice=STORE_SET_ASIDE,
                      clock=lambda: 0.0)
        assert table.screen().kind == "message" and table.screen().note == STORE_SET_ASIDE
        press(table, "select")  # the press puts the notice away, nothing else
        assert table.screen().kind == "setup" and table.game_id is None
        press(table, "select")
        assert table.mode == "draw" and store.load(table.game_id).actions == ()


def test_a_stored_game_the_rules_refuse_is_kept_and_a_new_one_offered(store):
    game_id = store.new_game("risknroll", 2, {}, ["P1", "P2"])
    store.append(game_id, {"kind": "throw", "dice": [1, 2, 3, 4, 5, 6]})  # a draw comes first
    table = new_table(store)
    assert table.screen().kind == "message" and f"Game {game_id} could not be resumed" \
        in table.screen().note
    assert store.load(game_id).abandoned and len(store.load(game_id).actions) == 1
    press(table, "ok")
    assert table.mode == "setup_options"


def test_a_reader_that_fails_falls_back_to_entry_and_the_game_goes_on(store):
    class Camera:
        def read(self):
            return np.zeros((48, 64, 3), np.uint8)

    def broken(frame, expect):
        raise RuntimeError("model file missing")

    table = started(store, dice=CameraDice(Camera(), live=False, read=broken))
    while table.mode != "throw":
        press(table, "select")
    press(table, "ok")
    assert table.mode == "enter"
    assert table.screen().note == "Dice reader failed: enter the dice"
    press(table, "up", *["ok"] * 6)
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [1, 1, 1, 1, 1, 1]}


def test_a_camera_that_fails_says_so_whole_and_its_reason_goes_to_the_log(store, caplog):
    """The driver's reason on the OLED ("Camera failed (picamera2: 5 failed reads in a
    row (TimeoutError: ...)): enter the dice") was cut after "in a row", losing what the
    player must do; it now goes to the log, and the screen says what to do, whole."""
    from companion.ui import text
    from companion.ui.fonts import SMALL
    from hardware.camera import Camera

    class Stalled(Camera):
        name = "picamera2"

        def _read(self):
            raise TimeoutError("no frame within 2 s")

    table = started(store, dice=CameraDice(Stalled(fail_after=3), live=True))
    while table.mode != "throw":
        press(table, "select")
    with caplog.at_level("WARNING", logger="companion.dice_input"):
        press(table, "ok")
        for _ in range(3):
            table.tick()
    assert table.mode == "enter"
    assert table.screen().note == "Camera failed: enter the dice"
    assert len(text.wrap(SMALL, table.screen().note, 128)) <= 2  # the entry screen's two
    assert "picamera2: 3 failed reads in a row (TimeoutError: no frame within 2 s)" in caplog.text


def test_a_step_the_store_cannot_save_is_not_shown(store):
    from companion.store import StoreError

    class FullDisk:
        """The real store, except that the next append fails like a full disk."""

        def __init__(self, inner):
            self.inner, self.fail = inner, False

        def append(self, game_id, action):
            if self.fail:
                self.fail = False
                raise StoreError("The game store could not save the step (disk full).")
            return self.inner.append(game_id, action)

        def __getattr__(self, name):
            return getattr(self.inner, name)

    disk = FullDisk(store)
    table = started(disk)
    while table.mode != "throw":
        press(table, "select")
    before, steps = table.state.to_json(), table.steps
    disk.fail = True
    enter_dice(table, (1, 1, 2, 3, 4, 6))
    assert table.screen().kind == "message" and "disk full" in table.screen().note
    assert table.state.to_json() == before and table.steps == steps == len(stored(store, table))
    press(table, "ok")  # the notice goes; the entry is still there: OK again saves it
    assert table.mode == "enter"
    press(table, "ok")
    assert table.mode == "decide" and stored(store, table)[-1]["dice"] == [1, 1, 2, 3, 4, 6]


def test_a_game_the_rules_refuse_is_not_stored(store, monkeypatch):
    """A game whose new() refuses the players (216 solo needs two seats) says why
    on the options screen and stores nothing."""
    real = rules.get("risknroll")

    def refuse(players, options):
        raise rules.IllegalAction("This variant is for exactly 2 players.")

    picky = dataclasses.replace(real, _new=refuse)
    monkeypatch.setitem(rules.GAMES, "risknroll", picky)
    table = Table(store, Setup("risknroll", 3, start="options"), clock=lambda: 0.0)
    press(table, "select")
    assert table.mode == "setup_options"
    assert table.screen().note == "This variant is for exactly 2 players."
    assert store.unfinished() is None


def test_a_plus_minus_target_shows_the_opponents_score_not_a_bare_number(store):
    table = started(store)
    to_decision(table, (1, 2, 3, 4, 5, 6))  # Plus/Minus played, a straight
    choose(table, 0)  # roll out
    enter_dice(table, (1, 1, 2, 3, 4, 6))
    labels = [item.label for item in table.screen().menu.items]
    choose(table, next(i for i, label in enumerate(labels) if label.endswith("bank")))
    item = table.screen().menu.items[0]
    assert item.label == "-200 to P2" and item.detail == "has 0"


def test_ok_before_every_die_is_set_stores_nothing(store):
    """Select (enter by hand) then an OK too soon must not store six 1s."""
    table = started(store)
    while table.mode != "throw":
        press(table, "select")
    steps = table.steps
    press(table, "select", "ok")
    assert table.mode == "enter" and table.steps == steps
    assert table.screen().note == "Set die 1 first (Up/Down)"
    assert table.screen().cursor == 0 and table.screen().entry == (0,) * 6
    press(table, "up", *["ok"] * 6)  # a value given: six 1s is what was meant
    assert table.steps == steps + 1
    assert stored(store, table)[-1] == {"kind": "throw", "dice": [1, 1, 1, 1, 1, 1]}
