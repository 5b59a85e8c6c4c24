"""`expect` refuses or flags impossible readings and never invents dice."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vision.reader import apply_expect
from vision.reading import COLOURS, CONFIRM_BELOW, DieReading, Expect


def r(value, colour=None, conf=0.9, x=0):
    return DieReading(value, colour, (x, 0, x + 40, 40), conf)


def test_never_invents_dice():
    out = apply_expect([r(3)], Expect.of(count=3))
    assert len(out) == 1


def test_extra_dice_beyond_count_are_dropped_least_confident_first():
    out = apply_expect(
        [r(3, conf=0.9), r(4, conf=0.2, x=50), r(5, conf=0.8, x=100)], Expect.of(count=2)
    )
    assert sorted(x.value for x in out) == [3, 5]


def test_charidice_table_pairs():
    table = [(v, c) for c in ("magenta", "blue") for v in range(1, 7)]
    out = apply_expect(
        [r(3, "blue"), r(3, "blue", x=50), r(2, "orange", x=100)], Expect.of(colours=table)
    )
    assert "another die also reads as blue 3" == out[0].flag == out[1].flag
    assert "not a face" in out[2].flag


def test_low_confidence_asks_for_confirmation():
    assert r(4, conf=0.4).needs_confirmation
    assert not r(4, conf=0.95).needs_confirmation


def test_read_passes_expect_through():
    import numpy as np

    import vision
    from vision.synth import Die, render

    img, _ = render([Die(1, "white", (160, 120), 56, 0)], size=(320, 240), seed=1)
    (seen,) = vision.read(img)
    assert seen.value == 1 and not seen.needs_confirmation
    (refused,) = vision.read(img, Expect.of(values=range(2, 8)))  # 67 Six Seven's dice
    assert refused.value in range(2, 8) and refused.needs_confirmation
    assert refused.bbox == seen.bbox
    assert isinstance(img, np.ndarray)


def test_dropping_extra_dice_keeps_reading_order():
    out = apply_expect(
        [r(3, conf=0.9), r(4, conf=0.2, x=50), r(5, conf=0.8, x=100)], Expect.of(count=2)
    )
    assert [x.value for x in out] == [3, 5]


def test_sure_dice_beyond_count_are_kept_for_the_game_to_ask_about():
    """Six sure dice where five were thrown: one set aside lies in view, and the reader
    cannot know which; dropping the least sure of six sure dice would store a wrong
    throw without a question."""
    six = [r(v, conf=0.9 + v / 100, x=50 * v) for v in range(1, 7)]
    assert apply_expect(six, Expect.of(count=5)) == six
    with_doubt = six + [r(2, conf=0.3, x=400)]  # a doubtful seventh is still dropped
    assert apply_expect(with_doubt, Expect.of(count=5)) == six


CHARIDICE = [(v, c) for c in COLOURS for v in range(1, 7)]


def test_a_face_whose_colour_could_not_be_told_is_flagged_as_such():
    """A player reads the flag: "None 3 is not a face of these dice" says nothing true."""
    (out,) = apply_expect([r(3, None)], Expect.of(colours=CHARIDICE))
    assert out.needs_confirmation
    assert "None" not in out.flag and "colour" in out.flag and "3" in out.flag


# -- invariants of apply_expect over random readings and Expects --------------------------

readings = st.lists(
    st.tuples(st.integers(1, 7), st.sampled_from((None, *COLOURS)),
              st.floats(0.0, 1.0)),
    max_size=9,
).map(lambda rows: [r(v, c, round(conf, 3), x=50 * i) for i, (v, c, conf) in enumerate(rows)])
expects = st.builds(
    Expect.of,
    count=st.none() | st.integers(1, 7),
    colours=st.none() | st.just(CHARIDICE)
    | st.sets(st.sampled_from(CHARIDICE), min_size=1, max_size=12),
)


def sure(x):
    return x.confidence >= CONFIRM_BELOW and not x.flag


@given(readings, expects)
def test_apply_expect_only_drops_doubtful_readings_and_only_flags(given_readings, expect):
    out = apply_expect(given_readings, expect)
    by_box = {x.bbox: i for i, x in enumerate(given_readings)}
    at = [by_box[x.bbox] for x in out]  # never a reading that was not given
    assert at == sorted(set(at))  # reading order kept, none twice
    for x, i in zip(out, at):
        was = given_readings[i]
        assert (x.value, x.colour, x.bbox) == (was.value, was.colour, was.bbox)
        assert x.confidence <= was.confidence
        if x.flag:
            assert x.needs_confirmation and x.confidence < CONFIRM_BELOW
        else:
            assert x.confidence == was.confidence
    assert {i for i, x in enumerate(given_readings) if sure(x)} <= set(at)
    if expect.count is None:
        assert len(out) == len(given_readings)
    else:
        assert len(out) >= min(len(given_readings), expect.count)


@given(readings, st.none() | st.integers(1, 7))
def test_every_die_of_a_repeated_colour_and_value_is_flagged(given_readings, count):
    """Either of two dice read as blue 3 may be the misread one (every Charidice colour
    carries every number once), so the player checks both, not just the later in
    reading order."""
    out = apply_expect(given_readings, Expect.of(count=count, colours=CHARIDICE))
    pairs = [(x.value, x.colour) for x in out]
    for x, pair in zip(out, pairs):
        if pairs.count(pair) > 1 or pair not in CHARIDICE:
            assert x.flag and x.confidence < CONFIRM_BELOW, (pair, x)
        else:
            assert not x.flag


@pytest.mark.parametrize("bad, said", [
    (dict(count=0), "count"),
    (dict(count=-2), "count"),
    (dict(count=2.5), "count"),
    (dict(values=[]), "values"),
    (dict(values=[0, 1, 2]), "values"),
    (dict(values=[2, 8]), "values"),
    (dict(values="123"), "values"),
    (dict(values=[1.5, 2]), "values"),
    (dict(colours=[("blu", 3)]), "blu"),
    (dict(colours=[(3, None)]), "None"),
    (dict(colours=[(0, "blue")]), "blue 0"),
    (dict(colours=[(8, "blue")]), "blue 8"),
    (dict(colours=[(2.5, "blue")]), "blue 2.5"),
    (dict(colours=[("blue", 3)]), "3 blue"),
    (dict(colours=[]), "colours"),
    (dict(colours=[(3, "blue")], dice=[[(3, "blue")], [(4, "grey")]]), "dice"),
    (dict(dice=[[(1, "blue")], []]), "dice"),
    (dict(dice=[]), "colours"),
])
def test_expect_refuses_what_no_dice_can_be_clearly(bad, said):
    """A wrong Expect would refuse right readings or let wrong ones pass: say so at once."""
    with pytest.raises(ValueError, match=re.escape(said)):
        Expect.of(**bad)


def test_expect_of_a_game_that_knows_its_dice():
    e = Expect.of(count=6, values=range(1, 7), colours=CHARIDICE)
    assert e.count == 6 and e.values == frozenset(range(1, 7)) and len(e.colours) == 36
    assert Expect.of(values=range(2, 8)).values == frozenset(range(2, 8))
    # each thrown die's faces: the faces are their union unless told
    one, two = [(1, "blue"), (2, "grey")], [(1, "grey"), (2, "orange")]
    e = Expect.of(count=2, dice=[one, two])
    assert e.dice == (frozenset(one), frozenset(two)) and e.colours == frozenset(one + two)


@pytest.mark.parametrize("values", [[], [0, 8], range(8, 10)])
def test_read_faces_refuses_values_no_die_can_show(values):
    """No possible count once read as any count, at full confidence: a reading the
    game said it could not get would pass unasked."""
    import numpy as np

    from vision.reader import read_faces

    with pytest.raises(ValueError, match="pip counts from 1 to 7"):
        read_faces(np.full((240, 320, 3), 120, np.uint8), values=values)


def test_a_reading_just_under_the_threshold_still_asks(monkeypatch):
    """Confidences were rounded to 0.001: a face at 0.5996, doubted by the reader, came
    out at 0.6 and passed unasked."""
    import numpy as np

    import vision
    from vision import net, reader

    die = net.Found(100, 100, 50, 0.9)
    p = np.zeros((1, 8), np.float32)
    p[0, 3] = 0.5996 ** (1 / 5)  # sharpened: 0.5996
    p[0, 0] = 1 - p[0, 3]
    monkeypatch.setattr(net, "find_dice", lambda frame, zoom=1.0: [die])
    monkeypatch.setattr(net, "find_huge_dice", lambda frame: [])
    monkeypatch.setattr(net, "read_crops", lambda frame, cands: p.copy())
    frame = np.full((480, 640, 3), 120, np.uint8)
    (face,) = reader.read_faces(frame)
    assert face.confidence < CONFIRM_BELOW
    (reading,) = vision.read(frame)
    assert reading.confidence < CONFIRM_BELOW and reading.needs_confirmation


def test_a_refused_count_never_loses_the_die(monkeypatch):
    """A sure 3 and 4 of 50 px and, between them, a 24-px die the face net surely calls a
    7. Read as any count, all three are read (the narrow 7 doubted, so asked). Told the
    dice show 1-6, the 7 is refused and so doubtful: it was then dropped as a doubtful
    reading under half the sure dice's width (a speck), and the throw read a die short."""
    import numpy as np

    from vision import net, reader

    dice = [net.Found(100, 100, 50, 0.9), net.Found(200, 100, 24, 0.9),
            net.Found(300, 100, 50, 0.9)]
    p = np.full((3, 8), 0.001, np.float32)
    p[0, 3] = p[1, 7] = p[2, 4] = 0.99
    p[1, 6] = 0.05  # the face net's next choice for the narrow die
    monkeypatch.setattr(net, "find_dice", lambda frame, zoom=1.0: list(dice))
    monkeypatch.setattr(net, "find_huge_dice", lambda frame: [])
    monkeypatch.setattr(net, "read_crops", lambda frame, cands: p[: len(cands)].copy())
    frame = np.full((480, 640, 3), 120, np.uint8)
    anything = reader.read_faces(frame)
    assert [f.value for f in anything] == [3, 7, 4]
    refused = reader.read_faces(frame, values=range(1, 7))
    assert [f.value for f in refused] == [3, 6, 4]
    assert refused[1].confidence < CONFIRM_BELOW  # asked, not taken
