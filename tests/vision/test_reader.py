"""How the reader turns candidates and face-net answers into readings: second peaks,
big dice found at half size and their pips, groups of small dice (nets faked)."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vision import net, reader
from vision.reading import CONFIRM_BELOW, Expect

FRAME = np.full((480, 640, 3), 120, np.uint8)


def fake_nets(monkeypatch, found_and_values):
    """Rows (candidate, value the face net gives it (0: not a die)[, how sure it is of
    it (1.0)[, where the rest goes (0, "not a die")]])."""
    found = [row[0] for row in found_and_values]
    answers = {row[0]: (*row[1:], *(1.0, 0)[len(row) - 2 :]) for row in found_and_values}

    def read_crops(frame, cands):
        p = np.zeros((len(cands), 8), np.float32)
        for i, cand in enumerate(cands):
            value, sure, rest = answers[cand]
            p[i, rest] = 1.0 - sure
            p[i, value] += sure
        return p

    monkeypatch.setattr(net, "find_dice", lambda frame, peak_min=net.PEAK_MIN, zoom=1.0: [
        f for f in found if f.score >= peak_min])
    monkeypatch.setattr(net, "find_huge_dice", lambda frame: [])
    monkeypatch.setattr(net, "read_crops", read_crops)


def read(monkeypatch, found_and_values):
    fake_nets(monkeypatch, found_and_values)
    return [(f.value, f.centre, f.size) for f in reader.read_faces(FRAME)]


def test_a_second_peak_on_a_die_is_not_a_second_die(monkeypatch):
    got = read(
        monkeypatch,
        [(net.Found(100, 100, 50, 0.9), 3), (net.Found(110, 100, 48, 0.6), 3)],
    )
    assert got == [(3, (100, 100), 50)]


def test_touching_dice_are_two(monkeypatch):
    got = read(
        monkeypatch,
        [(net.Found(100, 100, 50, 0.9), 3), (net.Found(152, 100, 50, 0.8), 4)],
    )
    assert [v for v, _c, _s in got] == [3, 4]


def test_a_big_die_hides_its_pips_read_at_full_size(monkeypatch):
    got = read(
        monkeypatch,
        [
            (net.Found(300, 200, 160, 0.9, big=True), 5),
            (net.Found(260, 160, 30, 0.4), 1),  # a pip, taken for a die at full size
            (net.Found(300, 200, 30, 0.7), 0),  # a pip the face net turns away
        ],
    )
    assert got == [(5, (300, 200), 160)]


@pytest.mark.parametrize("big_sure", [0.7, 1.0])
def test_small_dice_read_at_full_size_are_not_one_big_die(monkeypatch, big_sure):
    """Two small dice side by side can pass for a big 2 at half size; at full size they
    are found and read more strongly."""
    got = read(
        monkeypatch,
        [
            (net.Found(300, 200, 120, 0.7, big=True), 2, big_sure),
            (net.Found(280, 200, 38, 0.8), 4),
            (net.Found(320, 200, 38, 0.75), 6),
        ],
    )
    assert [v for v, _c, _s in got] == [4, 6]


def test_a_big_die_stays_when_the_full_look_reads_its_pips_weakly(monkeypatch):
    """Pips of a big 3 taken for a die at full size, even strongly: unsure what it shows
    (a 2 or a 1), so weaker than the big die."""
    got = read(
        monkeypatch,
        [
            (net.Found(300, 200, 160, 0.9, big=True), 3),
            (net.Found(280, 180, 80, 0.92), 2, 0.5, 1),
            (net.Found(320, 220, 60, 0.4), 1),
        ],
    )
    assert got == [(3, (300, 200), 160)]


def test_the_same_die_seen_at_both_sizes_is_read_once(monkeypatch):
    got = read(
        monkeypatch,
        [(net.Found(300, 200, 96, 0.8, big=True), 5), (net.Found(302, 198, 90, 0.9), 5)],
    )
    assert got == [(5, (302, 198), 90)]


def test_doubtful_readings_much_smaller_than_the_sure_dice_are_dropped(monkeypatch):
    """A big die's side face or a speck on the table, read at a quarter of the dice's size."""
    got = read(
        monkeypatch,
        [
            (net.Found(200, 200, 150, 0.9, big=True), 4),
            (net.Found(450, 200, 150, 0.9, big=True), 6),
            (net.Found(300, 400, 40, 0.6), 3, 0.6),  # doubtful and small: dropped
            (net.Found(100, 400, 40, 0.9), 2),  # sure: kept, however small (but doubted)
            (net.Found(500, 400, 90, 0.3), 5, 0.6),  # doubtful but more than half as wide
        ],
    )
    assert [v for v, _c, _s in got] == [4, 6, 2, 5]


def test_a_sure_reading_rather_narrower_than_its_frame_mates_is_doubted(monkeypatch):
    """The finder sized a part of a die, or something that is no die: the player checks."""
    fake_nets(monkeypatch, [
        (net.Found(100, 100, 90, 0.9), 4),
        (net.Found(250, 100, 94, 0.9), 6),
        (net.Found(400, 100, 88, 0.9), 2),
        (net.Found(100, 300, 60, 0.9), 1),  # 0.67 of the median width: doubted
        (net.Found(300, 300, 66, 0.9), 3),  # 0.73: as sure as it was
    ])
    got = {f.value: f.confidence for f in reader.read_faces(FRAME)}
    assert got[1] == reader.NARROW_CONFIDENCE < reader.CONFIRM_BELOW
    assert got[3] == got[4] == got[6] == got[2] == 1.0


def test_a_sure_reading_far_wider_than_its_frame_mates_is_doubted(monkeypatch):
    """A tray's hole read as a big 1 beside the dice: the player checks, and a game that
    knows how many dice were thrown drops it (it is the least sure)."""
    fake_nets(monkeypatch, [
        (net.Found(100, 100, 40, 0.9), 4),
        (net.Found(200, 100, 42, 0.9), 6),
        (net.Found(300, 100, 38, 0.9), 2),
        (net.Found(100, 350, 108, 0.9, big=True), 1),  # 2.6 times the median width
        (net.Found(400, 300, 58, 0.9), 3),  # 1.4 times: as sure as it was
    ])
    got = {f.value: f.confidence for f in reader.read_faces(FRAME)}
    assert got[1] == reader.NARROW_CONFIDENCE < reader.CONFIRM_BELOW
    assert got[3] == got[4] == got[6] == got[2] == 1.0
    # the nets are faked on a grey frame, where the second witness sees no pips: the four
    # dice are asked about too, but as likelier dice than the hole
    readings = reader.read(FRAME, Expect(count=4))
    assert sorted(r.value for r in readings) == [2, 3, 4, 6]


def test_a_value_the_dice_cannot_show_reads_as_the_likeliest_they_can(monkeypatch):
    """A 5 whose dark face centre the net takes for a seventh pip: six-sided dice read
    5, the net's next choice (not 6, the nearest), so unsure that the player is asked."""
    fake_nets(monkeypatch, [(net.Found(100, 100, 50, 0.9), 7, 0.95, 5)])
    (free,) = reader.read_faces(FRAME)
    (six_sided,) = reader.read_faces(FRAME, values=range(1, 7))
    assert free.value == 7 and free.confidence >= reader.CONFIRM_BELOW
    assert six_sided.value == 5 and six_sided.confidence < reader.CONFIRM_BELOW


def test_refusing_a_value_never_drops_the_die(monkeypatch):
    """Whether a die is there is weighed over every count: a die the net sees only as a 7
    stays a die on six-sided dice, for the player to set."""
    fake_nets(monkeypatch, [(net.Found(100, 100, 50, 0.9), 7, 0.6, 0)])
    (six_sided,) = reader.read_faces(FRAME, values=range(1, 7))
    assert six_sided.value in range(1, 7) and six_sided.confidence < reader.CONFIRM_BELOW


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    answers=st.lists(
        st.lists(st.floats(0.0, 1.0), min_size=8, max_size=8).filter(lambda p: sum(p) > 0.01),
        min_size=1, max_size=4,
    ),
    values=st.sets(st.integers(1, 7), min_size=1),
)
def test_refusing_values_keeps_the_dice_and_asks_about_the_refused(monkeypatch, answers, values):
    """Whatever the face net says: the same dice are read with `values` as without, each
    as a possible count, and a die whose likeliest count was refused is asked about."""
    found = [net.Found(80 + 120 * i, 100, 50, 0.9) for i in range(len(answers))]
    probs = np.array([np.divide(p, sum(p)) for p in answers], np.float32)
    monkeypatch.setattr(net, "find_dice", lambda frame, peak_min=net.PEAK_MIN, zoom=1.0: [
        f for f in found if f.score >= peak_min])
    monkeypatch.setattr(net, "find_huge_dice", lambda frame: [])
    monkeypatch.setattr(net, "read_crops", lambda frame, cands: probs[: len(cands)].copy())
    free = reader.read_faces(FRAME)
    refused = reader.read_faces(FRAME, values=values)
    assert [f.centre for f in refused] == [f.centre for f in free]
    for f, g in zip(free, refused):
        assert g.value in values
        if f.value not in values:
            assert g.confidence < reader.CONFIRM_BELOW
        else:
            assert (g.value, g.confidence) == (f.value, f.confidence)


def test_a_lone_small_die_is_not_a_big_1(monkeypatch):
    """At half size a small die alone on a plain table looks like a big die showing 1; at
    full size it is surely a die, even when its pips are hard to count (a black die with
    red pips on a nell-byler photo shrunk to 0.8)."""
    got = read(
        monkeypatch,
        [
            (net.Found(150, 118, 90, 0.57, big=True), 1, 0.97),
            (net.Found(151, 117, 30, 0.86), 4, 0.72, 3),  # 4 or 3: surely a die
        ],
    )
    assert [(v, s) for v, _c, s in got] == [(4, 30)]


def test_a_big_1_stays_when_its_pip_is_barely_taken_for_a_die(monkeypatch):
    got = read(
        monkeypatch,
        [(net.Found(300, 200, 150, 0.9, big=True), 1), (net.Found(300, 200, 35, 0.7), 2, 0.55)],
    )
    assert got == [(1, (300, 200), 150)]


def test_the_quarter_look_is_taken_only_when_the_usual_ones_read_no_sure_die(monkeypatch):
    usual, coin = net.Found(100, 100, 50, 0.9), net.Found(300, 200, 60, 0.9)
    pip = net.Found(330, 250, 40, 0.9)  # a huge die's pip, read as a doubtful small die
    huge = net.Found(320, 240, 300, 0.8, big=True)
    answers = {usual: (4, 1.0), coin: (0, 1.0), pip: (1, 0.7), huge: (5, 1.0)}
    looked = []

    def read_crops(frame, cands):
        p = np.zeros((len(cands), 8), np.float32)
        for i, c in enumerate(cands):
            value, sure = answers[c]
            p[i, value], p[i, 0] = sure, p[i, 0] + 1.0 - sure
        return p

    def huge_look(frame):
        looked.append("quarter")
        return [huge]

    monkeypatch.setattr(net, "read_crops", read_crops)
    monkeypatch.setattr(net, "find_huge_dice", huge_look)
    monkeypatch.setattr(net, "find_dice", lambda frame, zoom=1.0: [usual, coin])
    assert [f.value for f in reader.read_faces(FRAME)] == [4] and looked == []
    monkeypatch.setattr(net, "find_dice", lambda frame, zoom=1.0: [coin])
    assert [(f.value, f.size) for f in reader.read_faces(FRAME)] == [(5, 300)]
    monkeypatch.setattr(net, "find_dice", lambda frame, zoom=1.0: [pip])
    assert [(f.value, f.size) for f in reader.read_faces(FRAME)] == [(5, 300)]
    assert looked == ["quarter", "quarter"]


def test_a_die_the_edge_of_the_view_cuts_is_doubted(monkeypatch):
    """Its hidden part may hold pips: a 6 half out of view shows three."""
    fake_nets(monkeypatch, [
        (net.Found(10, 100, 50, 0.9), 3),  # 15 px of 50 beyond the left edge: cut
        (net.Found(320, 470, 50, 0.9), 5),  # 15 px beyond the bottom: cut
        (net.Found(620, 200, 50, 0.9), 4),  # 5 px beyond the right edge: as sure as it was
        (net.Found(300, 200, 50, 0.9), 2),
    ])
    got = {f.value: f.confidence for f in reader.read_faces(FRAME)}
    assert got[3] == got[5] == reader.NARROW_CONFIDENCE < reader.CONFIRM_BELOW
    assert got[4] == got[2] == 1.0


def zoom_nets(monkeypatch, by_zoom):
    """Fake nets whose finder sees, at each zoom, the given (candidate, value, sure)."""
    zooms = []
    answers = {f: (v, sure) for rows in by_zoom.values() for f, v, sure in rows}

    def find_dice(frame, zoom=1.0):
        zooms.append(zoom)
        return [f for f, _v, _s in by_zoom.get(zoom, [])]

    def read_crops(frame, cands):
        p = np.zeros((len(cands), 8), np.float32)
        for i, cand in enumerate(cands):
            value, sure = answers[cand]
            p[i, value], p[i, 0] = sure, 1.0 - sure
        return p

    monkeypatch.setattr(net, "find_dice", find_dice)
    monkeypatch.setattr(net, "find_huge_dice", lambda frame: [])
    monkeypatch.setattr(net, "read_crops", read_crops)
    return zooms


BIG_PHOTO = np.zeros((3000, 4000, 3), np.uint8)
#: at the work size, two groups of tiny dice read as dice, unsurely
GROUPS = [(net.Found(1000, 1000, 400, 0.6), 4, 0.8), (net.Found(3000, 2000, 400, 0.6), 6, 0.8)]
#: twice as close, the tiny dice themselves, surely
TINY = [(net.Found(900 + 120 * i, 1000, 100, 0.9), 1 + i, 1.0) for i in range(5)]


def test_a_large_photo_is_read_closer_when_that_reads_more_dice_surely(monkeypatch):
    zooms = zoom_nets(monkeypatch, {1.0: GROUPS, 2.0: TINY, 4.0: TINY[:3]})
    faces = reader.read_faces(BIG_PHOTO)
    assert [f.value for f in faces] == [1, 2, 3, 4, 5]
    assert zooms == [1.0, 2.0, 4.0]  # four times as close read fewer: twice it is


def test_a_large_photo_of_smallish_dice_is_kept_as_first_read(monkeypatch):
    """Closer, the pips of dice of about the usual size are found as dice, but not
    surely (dice 200 px wide in 4000, 32 px at the work size: looked at closer)."""
    usual = [(net.Found(1000 + 400 * i, 1000, 200, 0.9), 2 + i, 1.0) for i in range(3)]
    pips = [(net.Found(1000 + 60 * i, 1000, 40, 0.9), 1, 0.7) for i in range(9)]
    zooms = zoom_nets(monkeypatch, {1.0: usual, 2.0: pips})
    assert [f.value for f in reader.read_faces(BIG_PHOTO)] == [2, 3, 4]
    assert zooms == [1.0, 2.0]


@pytest.mark.parametrize("width", [reader.CLOSER_BELOW, 60])
def test_a_photo_whose_dice_are_read_surely_at_their_size_is_read_once(monkeypatch, width):
    """Dice CLOSER_BELOW px wide or wider at the work size, read surely, are not looked
    at closer: it cost 2-4 times the time and found nothing more."""
    k = max(BIG_PHOTO.shape) / net.WORK_SIDE
    usual = [(net.Found(500 + 3 * width * k * i, 1000, width * k, 0.9), 2 + i, 1.0)
             for i in range(3)]
    zooms = zoom_nets(monkeypatch, {1.0: usual, 2.0: TINY})
    assert [f.value for f in reader.read_faces(BIG_PHOTO)] == [2, 3, 4]
    assert zooms == [1.0]


def test_the_cameras_frame_is_read_once(monkeypatch):
    groups = [(net.Found(200, 200, 80, 0.6), 4, 0.8)]
    tiny = [(net.Found(180 + 20 * i, 200, 18, 0.9), 1 + i, 1.0) for i in range(5)]
    zooms = zoom_nets(monkeypatch, {1.0: groups, 2.0: tiny})
    reader.read_faces(FRAME)
    reader.read_faces(np.zeros((640, 640, 3), np.uint8))
    assert zooms == [1.0, 1.0]


def test_a_live_cameras_frame_of_any_size_is_read_once(monkeypatch):
    """A camera set to 1280x960 (or 320x240) is aimed like one at 640x480: reading its
    frames closer would only cost time, several times a throw."""
    groups = [(net.Found(100, 100, 40, 0.6), 4, 0.8)]
    tiny = [(net.Found(80 + 12 * i, 100, 10, 0.9), 1 + i, 1.0) for i in range(4)]
    zooms = zoom_nets(monkeypatch, {1.0: groups, 2.0: tiny, 4.0: tiny})
    reader.read_faces(np.zeros((960, 1280, 3), np.uint8), closer=False)
    reader.read_faces(np.zeros((240, 320, 3), np.uint8), closer=False)
    assert zooms == [1.0, 1.0]


def test_a_small_photo_is_read_closer_too(monkeypatch):
    """A 320x240 photo of dice 10 px wide: twice as close they are found and read."""
    groups = [(net.Found(100, 100, 40, 0.6), 4, 0.8)]
    tiny = [(net.Found(80 + 12 * i, 100, 10, 0.9), 1 + i, 1.0) for i in range(4)]
    zooms = zoom_nets(monkeypatch, {1.0: groups, 2.0: tiny, 4.0: tiny})
    faces = reader.read_faces(np.zeros((240, 320, 3), np.uint8))
    assert [f.value for f in faces] == [1, 2, 3, 4]
    assert zooms == [1.0, 2.0, 4.0]


def test_a_value_changed_by_looking_closer_is_no_gain(monkeypatch):
    """A glossy 3 whose centre pip runs into glare, doubted at one size and surely a 2 at
    twice it: the closer read has one sure die more, but only by reading it otherwise;
    the first read stands, and the player is asked."""
    sure = [(net.Found(80 + 60 * i, 100, 30, 0.9), 4 + i % 2, 1.0) for i in range(3)]
    zooms = zoom_nets(monkeypatch, {
        1.0: sure + [(net.Found(100, 180, 30, 0.9), 3, 0.6)],
        2.0: sure + [(net.Found(101, 181, 30, 0.9), 2, 1.0)],
    })
    faces = reader.read_faces(np.zeros((240, 320, 3), np.uint8))
    assert [(f.value, f.confidence < CONFIRM_BELOW) for f in faces] == [
        (4, False), (5, False), (4, False), (3, True)]
    assert zooms == [1.0, 2.0]


def test_a_frame_is_colourless_exactly_where_every_pixel_looked_at_is_grey():
    """`colourless` looks at the first row it samples alone first: it answers as the
    whole look does, whether colour lies in that row, only below it, or nowhere."""
    rng = np.random.default_rng(0)
    grey = np.repeat(rng.integers(1, 255, (48, 64, 1), np.uint8), 3, axis=2)
    grey[::4, ::4, 0] += 1  # a camera's grey: channels a level apart
    assert reader.colourless(grey)
    for y, x, looked_at in ((0, 8, True), (40, 8, True), (1, 8, False), (40, 9, False)):
        tinted = grey.copy()
        tinted[y, x, 2] ^= 8
        assert reader.colourless(tinted) is not looked_at, (y, x)
