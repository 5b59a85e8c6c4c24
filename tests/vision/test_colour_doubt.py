"""When a colour the odds call sure is asked all the same (vision.colour_doubt)."""

import numpy as np

from vision import colour, colour_doubt


def test_a_cast_all_faces_share_is_found_and_drawn_towards_none():
    refs = colour.references()
    names = ["blue", "orange", "yellow", "black"]
    spread = dict(zip(refs, colour.spreads(list(refs))))
    cast = np.array([0.3, -0.2, 0.1])
    x = np.array([refs[n] for n in names]) + cast
    shift = colour_doubt.frame_shift(x, names + [None], refs, spread)
    assert np.all(np.sign(shift) == np.sign(cast)) and np.all(np.abs(shift) < np.abs(cast))
    assert np.allclose(colour_doubt.frame_shift(x, [None] * 4, refs, spread), 0)


def test_a_die_named_otherwise_once_the_cast_is_out_is_asked_under_the_cast_free_name():
    first = [("grey", 0.95), ("blue", 0.9), (None, 0.2), (None, 0.3)]
    second = [("black", 0.97), ("blue", 0.7), (None, 0.4), ("orange", 0.9)]
    assert colour_doubt.agreed(first, second) == [
        ("black", colour_doubt.DISAGREE), ("blue", 0.7), (None, 0.2),
        ("orange", 0.3)]


def test_a_grey_die_on_a_strong_felt_or_a_die_on_its_own_colour_is_asked_unless_very_sure():
    refs = colour.references()
    purple = np.array([0.5, 0.6, -1.0])  # a purple felt over the frame's white
    got = colour_doubt.felt_doubted([("grey", 0.8), ("grey", 0.95), ("orange", 0.8)],
                                    [purple] * 3, refs, colour.SPREAD)
    assert got == [("grey", colour_doubt.DISAGREE), ("grey", 0.95), ("orange", 0.8)]
    own = colour_doubt.felt_doubted([("orange", 0.8)], [refs["orange"]], refs, colour.SPREAD)
    assert own == [("orange", colour_doubt.DISAGREE)]
    assert colour_doubt.felt_doubted([("grey", 0.8)], [None], refs, colour.SPREAD) == [
        ("grey", 0.8)]


def test_a_crushed_channel_with_no_white_in_view_is_asked(monkeypatch):
    """With no white in view the frame's cast is unknown, and a channel it crushed may be
    the light's doing: the die is asked, however sure its colour. Two black dice under a
    cool lamp (their pips at (205, 228, 68), past white): the one whose red is crushed is
    named black 97% sure against the camera's balance and against the pips alike, and
    asked all the same; its neighbour, every channel measured, is not asked for that
    (only, with no white in view, under NO_WHITE_SURE)."""
    faces = [_face((24, 25, 7), (205, 228, 68)), _face((26, 28, 12), (205, 228, 68))]
    assert colour.frame_white(faces, plain=False) is None
    assert colour.pips_white(faces) is not None
    assert [colour.measured(f, None, clipped=False).crushed() for f in faces] == [True, False]
    from vision import synth

    allowed = set(synth.charidice_faces(range(6)))
    assert colour_doubt.weighed(faces, [5, 3], allowed)[0][1] <= colour_doubt.DISAGREE
    monkeypatch.setattr(colour_doubt, "NO_WHITE_SURE", 0.0)
    got = colour_doubt.weighed(faces, [5, 3], allowed)
    assert [n for n, _p in got] == ["black", "black"]
    assert got[0][1] <= colour_doubt.DISAGREE < got[1][1]



def test_a_crushed_face_with_no_white_in_view_is_taken_where_the_setup_saw_its_colour():
    """With no white in view a crushed face is asked however sure, unless the setup's
    calibration keeps a white under the table's lamp, learnt the colour the face is named
    and saw its pips (CRUSHED_KEPT_SURE): the black above, learnt so, is named black 98%
    sure and taken. Learnt without its pips, with no white kept, or from play alone
    (`Played` over no setup), it is asked as before; learnt in play over such a setup, it
    is taken. Its neighbour, not crushed, is left to NO_WHITE_SURE. The names never change."""
    from vision import synth
    from vision.calibrate import Calibration
    from vision.learnt_colours import Played

    faces = [_face((24, 25, 7), (205, 228, 68)), _face((26, 28, 12), (205, 228, 68))]
    allowed = set(synth.charidice_faces(range(6)))
    white = (205.0, 228.0, 68.0)
    m = colour.measured(faces[0], None, clipped=False, kept=np.array(white))
    assert colour.frame_white(faces, plain=False) is None and m.crushed()
    black = (("black", tuple(float(v) for v in m.features())),)
    setup = Calibration(black, (("black", False),), white)
    for cal in (setup, Played(black, (("black", False),), white, over=setup)):
        got = colour_doubt.weighed(faces, [5, 3], allowed, cal)
        assert got[0][0] == "black" and got[0][1] > colour_doubt.NO_WHITE_SURE
    for cal in (None, Calibration(black, (), white), Calibration(black, (("black", False),)),
                Played(black, (("black", False),), white)):
        got = colour_doubt.weighed(faces, [5, 3], allowed, cal)
        assert got[0] == ("black", colour_doubt.DISAGREE)

def _face(bgr, pips):
    from types import SimpleNamespace

    light = sum(pips) > 300
    return SimpleNamespace(face_bgr=np.array(bgr, float), pip_bgr=np.array(pips, float),
                           light_pips=light, pip_contrast=100.0 if light else -100.0)


def test_a_face_clipped_at_the_top_under_a_white_clipped_too_is_asked_not_named_wrong():
    """A green cast clipping the white pips' green and an orange face's: as values the
    face's red over green put it at yellow, 98% sure (a hard development table); as
    bounds (colour.CEILING) orange and yellow both fit, and it is asked. The other
    dice's colours stay named."""
    from vision import synth

    faces = [_face((18, 255, 222), (23, 88, 19)), _face((147, 188, 17), (150, 255, 169)),
             _face((21, 69, 31), (171, 254, 223))]
    allowed = set(synth.charidice_faces(range(6)))
    got = colour_doubt.weighed(faces, [6, 6, 6], allowed)
    assert got[0][1] <= colour_doubt.DISAGREE
    assert [n for n, p in got[1:] if p >= 0.6] == ["blue", "black"]
    m = colour.measured(faces[0], colour.frame_white(faces))
    assert m.crushed() and m.high[1] > m.value[1] > m.low[1]  # green: the face's and the white's
    assert not colour.measured(faces[0], colour.frame_white(faces), clipped=False).crushed()


def test_a_grey_face_under_a_white_clipped_in_every_channel_is_named_grey_not_black():
    """White pips clipped in every channel are a bright light, not a cast: the face's
    lightness over them is as measured. As a bound it let a mid grey lie as dark as a
    black die, named black (two grey dice of the synthetic development scenes, surely).
    A white clipped in one channel still bounds that channel (a cast, as above)."""
    grey = _face((100, 101, 98), (253, 254, 252))
    odds = colour.named([grey])[0]
    assert colour.best(odds) == "grey" and odds["grey"] > 0.9
    m = colour.measure((100, 101, 98), (253, 254, 252))
    assert np.array_equal(m.low, m.value)
    m = colour.measure((100, 101, 98), (240, 254, 236))
    assert [bool(c) for c in m.low < m.value] == [False, True, False]


def test_a_face_clipped_at_the_top_fits_its_colour_within_its_bound():
    """An orange face's red clipped at 255 under an exposure that would hold more: its
    red is at least what is measured, so the orange reference nearer than measured."""
    refs = colour.references()
    m = colour.measure((40, 200, 255), (245.0, 245.0, 245.0))
    assert [bool(c) for c in m.high > m.low] == [False, False, True]
    assert m.distance2(refs["orange"], colour.SPREAD) < float(
        np.sum(((m.features() - refs["orange"]) / colour.SPREAD) ** 2))


def test_a_tint_stretched_beyond_every_colour_is_asked_unless_very_sure(monkeypatch):
    """A camera matrix stretched a blue face's tint to log B/G 2.0 (its reference 0.75,
    magenta's 1.6) and crushed its red: the nearest reference was magenta, 95% sure (a
    hard development table). Beyond every colour's tint, it is asked."""
    from vision import synth

    refs = colour.references()
    assert colour_doubt.stretched(np.array([2.03, 1.9, -1.0]), refs)
    assert not any(colour_doubt.stretched(refs[n], refs) for n in synth.COLOURS)
    allowed = set(synth.charidice_faces(range(6)))
    blue = [_face((133, 12, 1), (183, 126, 76))]
    assert colour_doubt.weighed(blue, [5], allowed)[0][1] <= colour_doubt.DISAGREE
    monkeypatch.setattr(colour_doubt, "STRETCHED_SURE", 0.0)
    assert colour_doubt.weighed(blue, [5], allowed)[0][1] > 0.9


def test_a_face_with_no_white_in_view_is_asked_unless_very_sure(monkeypatch):
    """With no white in view a face is measured against the camera's balance, which a
    lamp may have pulled: it is taken unasked only NO_WHITE_SURE. Where light pips are
    tinted past white they are a second white, and a die the two whites name apart is
    asked whatever the cap (grey dice under a warm lamp, named orange 90-92% sure against
    the camera's balance, are named grey, asked). The cap asks the rest: yellows, whose
    dark pips give no second white, under a cool lamp (56-62% sure), and dice the two
    whites name alike (a magenta and a black under a warm lamp, 67% and 85%)."""
    from vision import synth

    allowed = set(synth.charidice_faces(range(6)))
    yellows = [_face((30, 174, 82), (25, 21, 9)), _face((28, 168, 80), (25, 21, 9))]
    alike = [_face((52, 24, 200), (86, 196, 245)), _face((11, 24, 30), (86, 196, 245))]
    assert colour.pips_white(yellows) is None and colour.pips_white(alike) is not None
    for faces in (yellows, alike):
        assert colour.frame_white(faces, plain=False) is None
        monkeypatch.setattr(colour_doubt, "NO_WHITE_SURE", 0.0)
        named = colour_doubt.weighed(faces, [6, 4], allowed)
        monkeypatch.setattr(colour_doubt, "NO_WHITE_SURE", 0.95)
        asked = colour_doubt.weighed(faces, [6, 4], allowed)
        assert [n for n, _p in named] == [n for n, _p in asked]
        assert any(0.6 <= p < 0.95 for _n, p in named)
        assert all(p <= colour_doubt.DISAGREE or p >= 0.95 for _n, p in asked)
    greys = [_face((26, 84, 127), (64, 204, 254)), _face((22, 74, 114), (61, 184, 249))]
    monkeypatch.setattr(colour_doubt, "NO_WHITE_SURE", 0.0)
    assert colour_doubt.weighed(greys, [6, 4], allowed) == [("grey", colour_doubt.DISAGREE)] * 2


def test_a_light_face_with_dark_pips_is_no_white_under_a_colour_table():
    """A yellow face under a cool lamp (log blue/green within NEUTRAL_WITHIN) with dark
    pips passed for a white die's face: it was the frame's white, its own face was
    measured against itself and read grey 92% sure (a hard development table). Under a
    colour table no white die is in play: there is no white in view, and it is asked."""
    from vision import synth

    faces = [_face((97, 1, 1), (237, 5, 6)), _face((61, 49, 235), (233, 1, 11)),
             _face((118, 98, 171), (162, 1, 10))]
    faces[1].pip_contrast, faces[2].pip_contrast = -76.0, -100.0  # both read dark
    faces[1].light_pips = faces[2].light_pips = False
    assert np.allclose(colour.frame_white(faces), faces[2].face_bgr)  # plain dice in play
    assert colour.frame_white(faces, plain=False) is None
    got = colour_doubt.weighed(faces, [3, 3, 4], set(synth.charidice_faces(range(6))))
    assert got[2][0] != "grey" or got[2][1] < 0.6


def test_a_faded_magenta_under_a_neutral_white_is_not_named_grey_surely():
    """A magenta faded towards its white keeps its hue's direction: against white pips
    with no cast (and beside a grey and a blue that show none) its tint is small but
    leans magenta, so it is asked, not named grey. The same under a white whose red is
    clipped (a hard development table: grey 91% sure), where only the white's bound
    stretched to its end made it grey. A grey die beside it stays named surely."""
    from vision import synth

    allowed = set(synth.charidice_faces(range(6)))
    white = (235, 235, 235)
    faded, grey, blue = _face((120, 95, 140), white), _face((150, 150, 152), white), \
        _face((190, 90, 25), white)
    got = colour_doubt.weighed([faded, grey, blue], [3, 5, 2], allowed)
    assert got[0] == ("magenta", colour_doubt.DISAGREE)  # named what it leans to, asked
    assert [n for n, p in got[1:] if p >= 0.6] == ["grey", "blue"]
    clipped = _face((96, 82, 216), (226, 237, 253))
    got = colour_doubt.weighed([clipped], [3], allowed)
    assert got[0][0] != "grey" or got[0][1] < 0.6
    refs = colour.references()
    spread = dict(zip(refs, colour.spreads(list(refs))))
    assert colour_doubt.leaning(faded, colour.frame_white([faded]), refs, spread,
                                np.zeros(3)) == "magenta"
    assert colour_doubt.leaning(grey, colour.frame_white([grey]), refs, spread,
                                np.zeros(3)) is None


def test_a_grey_under_a_cast_the_other_faces_share_does_not_lean():
    """A lamp's cast moves every face alike: a grey tinted as much as the other dice
    are is not leaning towards a colour."""
    refs = colour.references()
    spread = dict(zip(refs, colour.spreads(list(refs))))
    grey = _face((120, 95, 140), (235, 235, 235))
    white = colour.frame_white([grey])
    cast = colour.measured(grey, white).features() - refs["grey"]
    assert colour_doubt.leaning(grey, white, refs, spread, np.zeros(3)) == "magenta"
    assert colour_doubt.leaning(grey, white, refs, spread, cast) is None


def test_a_leaning_die_is_named_its_colour_only_where_the_table_lets_it():
    """A die leaning towards a colour is asked; it takes that colour's name only where
    its value may carry it and no other die of its value is named so."""
    named = [("grey", 0.95), ("grey", 0.9), (None, 0.3), ("magenta", 0.97)]
    leans = ["magenta", "magenta", "blue", None]
    allowed = {(3, "magenta"), (5, "magenta"), (4, "magenta")}
    got = colour_doubt.faded(named, leans, [3, 5, 4, 5], allowed)
    assert got == [("magenta", colour_doubt.DISAGREE), ("grey", colour_doubt.DISAGREE),
                   (None, 0.3), ("magenta", 0.97)]


def test_a_die_of_no_colour_is_asked_under_its_likeliest_colour_its_value_carries():
    """A die like no colour the table allows is asked either way: it is named the
    likeliest colour its value may carry that no other die of its value is named, so
    the player confirms a name rather than picks one; with none free it stays unnamed."""
    named = [(None, 0.8), ("blue", 0.97), (None, 0.2), (None, 0.4)]
    far = [{"blue": 20.0, "magenta": 30.0, "grey": 40.0}, {}, {"blue": 30.0, "grey": 3.0},
           {"orange": 2.0}]
    allowed = {(2, "blue"), (2, "magenta"), (2, "grey"), (4, "blue")}
    got = colour_doubt.guessed(named, far, [2, 2, 4, 5], allowed)
    assert got == [("magenta", colour_doubt.DISAGREE), ("blue", 0.97), ("blue", 0.2),
                   (None, 0.4)]


def test_a_guess_keeps_to_distinct_thrown_dice_and_is_weighed_by_its_look_by_the_others():
    """Where the game tells the thrown dice, a die of no colour is not guessed a face of the
    die another reading is named a face of: the nearest colour that fits is guessed
    (clash37), the nearest by value alone where none fits. The steps that ask a die by
    the names of the others see the guess by the name it would have had were the dice not
    told (`Guessed.nearest`, `looks`): a sure die alike is not asked because the matching
    moved its partner's name (surely37), and asked where the look differs (4233)."""
    die_a = frozenset({(1, "blue"), (2, "orange"), (3, "grey")})
    die_b = frozenset({(1, "orange"), (2, "grey"), (3, "yellow")})
    dice = (die_a, die_b)
    allowed = die_a | die_b
    named = [("blue", 0.97), (None, 0.5)]
    far = [{}, {"orange": 2.0, "grey": 5.0}]
    assert colour_doubt.guessed(named, far, [1, 2], allowed) == [
        ("blue", 0.97), ("orange", colour_doubt.DISAGREE)]
    got = colour_doubt.guessed(named, far, [1, 2], allowed, dice=dice)
    assert got == [("blue", 0.97), ("grey", colour_doubt.DISAGREE)]
    assert colour_doubt.looks(got[1][0]) == "orange" and colour_doubt.looks("grey") == "grey"
    assert type(colour_doubt.plain(got)[1][0]) is str
    # no colour fits distinct dice: the nearest, as untold
    assert colour_doubt.guessed(named, [{}, {"orange": 2.0}], [1, 2], allowed, dice=dice) == [
        ("blue", 0.97), ("orange", colour_doubt.DISAGREE)]
    assert colour_doubt.on_distinct(["blue", None, "grey"], [1, 3, 2], dice)
    assert not colour_doubt.on_distinct(["blue", "orange"], [1, 2], dice)
    asked = colour_doubt.DISAGREE
    # two dice alike: a sure magenta beside a guess moved from magenta to blue stays sure
    pips = (248, 223, 254)
    one, two = _face((201, 35, 176), pips), _face((194, 33, 169), (242, 218, 253))
    moved = colour_doubt.Guessed("blue", "magenta")
    assert colour_doubt.alike_apart([("magenta", 0.95), (moved, asked)], [one, two]) == [
        ("magenta", 0.95), ("blue", asked)]
    assert colour_doubt.alike_apart([("magenta", 0.95), ("blue", asked)], [one, two]) == [
        ("magenta", asked), ("blue", asked)]
    # an orange far redder than a guess moved onto orange is not asked for it
    oranges = [("orange", 0.95), (colour_doubt.Guessed("orange", "blue"), asked)]
    assert colour_doubt.magenta_apart(oranges, [1.0, 0.0]) == oranges
    assert colour_doubt.magenta_apart([oranges[0], ("orange", asked)], [1.0, 0.0]) == [
        ("orange", asked), ("orange", asked)]
    # a grey beside a strong magenta the matching named black: the frame shows its colours
    pips = (187, 234, 212)
    faded, strong = _face((122, 125, 89), pips), _face((150, 60, 160), pips)
    beside = colour_doubt.Guessed("black", "magenta")
    assert colour_doubt.grey_unshown([("grey", 0.97), (beside, asked)], [faded, strong],
                                     fewer=True)[0] == ("grey", 0.97)
    assert colour_doubt.grey_unshown([("grey", 0.97), ("black", asked)], [faded, strong],
                                     fewer=True)[0] == ("grey", asked)


def test_guesses_are_weighed_by_the_names_they_would_have_had_untold_all_of_them():
    """Two guesses of one value: the second's untold name is taken against the first's
    untold name, as the dice untold are named, not against the name the matching moved
    the first to (untold38, 814143)."""
    die_a = frozenset({(2, "blue"), (1, "grey")})
    die_b = frozenset({(1, "black"), (3, "grey")})
    die_c = frozenset({(1, "orange"), (2, "grey")})
    allowed = die_a | die_b | die_c
    named = [(None, 0.5), (None, 0.5), ("blue", 0.97)]
    far = [{"grey": 1.0, "black": 2.0, "orange": 5.0}] * 2 + [{}]
    untold = colour_doubt.guessed(named, far, [1, 1, 2], allowed)
    assert [n for n, _p in untold] == ["grey", "black", "blue"]
    got = colour_doubt.guessed(named, far, [1, 1, 2], allowed, dice=(die_a, die_b, die_c))
    assert [n for n, _p in got] == ["black", "orange", "blue"]
    assert [colour_doubt.looks(n) for n, _p in got] == ["grey", "black", "blue"]


def test_a_name_both_weighings_give_is_kept_as_the_guess_where_one_guessed_it():
    """Where both weighings give one name and one gave it as a guess (`Guessed`), the
    guess is kept with its untold name: a plain first black kept over a second guessed
    black that looked magenta left grey_unshown seeing no colour (untold38, 806036)."""
    asked = colour_doubt.DISAGREE
    both = colour_doubt.agreed([("black", asked)],
                               [(colour_doubt.Guessed("black", "magenta"), asked)])
    assert both == [("black", asked)] and colour_doubt.looks(both[0][0]) == "magenta"
    both = colour_doubt.agreed([(colour_doubt.Guessed("black", "magenta"), asked)],
                               [("black", asked)])
    assert colour_doubt.looks(both[0][0]) == "magenta"
    assert type(colour_doubt.agreed([("grey", 0.9)], [("grey", 0.95)])[0][0]) is str


def test_a_face_like_no_charidice_colour_is_named_asked_under_a_colour_table():
    """A green face (no Charidice colour) beside white pips: asked, under a name. A
    dark blue, far from every colour, is named by its tint: blue, where by its
    lightness too the black lies nearer."""
    from vision import synth

    allowed = set(synth.charidice_faces(range(6)))
    got = colour_doubt.weighed([_face((40, 200, 40), (235, 235, 235))], [3], allowed)
    assert got[0][0] is not None and got[0][1] <= colour_doubt.DISAGREE
    dim = _face((40, 20, 10), (235, 235, 235))
    odds = colour.named([dim], plain=False)[0]
    assert max(odds, key=odds.get) is None and odds["black"] > odds["blue"]
    assert colour_doubt.weighed([dim], [2], allowed)[0] == ("blue", colour_doubt.DISAGREE)


def test_a_die_the_frames_cast_misnamed_is_asked_under_its_cast_free_name():
    """Two yellow faces with dark pips, their green clipped, beside a magenta whose white
    pips are the frame's white (a hard development table, seed 2134): as measured the
    yellow 3 is named orange (asked); with the cast the three faces share taken out it is
    yellow, and asked as yellow."""
    from vision import synth

    faces = [_face((13, 255, 244), (3, 16, 37)), _face((112, 47, 196), (210, 243, 236)),
             _face((15, 254, 242), (3, 20, 39))]
    got = colour_doubt.weighed(faces, [3, 3, 5], set(synth.charidice_faces(range(6))))
    assert [n for n, _p in got] == ["yellow", "magenta", "yellow"]
    assert got[0][1] <= colour_doubt.DISAGREE


def test_orange_and_yellow_in_one_frame_are_told_apart_by_each_other():
    """A warm table (hard development, seed 3081): a yellow 6 and an orange 3, both with
    dark pips, each named the other's colour on its own (the maker's paints overlap);
    in one frame the orange's red over green lies 0.45 log above the yellow's. Both are
    asked, under their own names; the sure blacks and grey stay."""
    from vision import synth

    faces = [_face((87, 247, 232), (3, 40, 53)), _face((3, 156, 229), (22, 25, 32)),
             _face((23, 34, 32), (203, 239, 237)), _face((116, 132, 132), (36, 21, 18)),
             _face((22, 33, 31), (197, 228, 227)), _face((21, 30, 28), (180, 207, 206))]
    got = colour_doubt.weighed(faces, [6, 3, 4, 1, 5, 2], set(synth.charidice_faces(range(6))))
    assert [n for n, _p in got] == ["yellow", "orange", "black", "grey", "black", "black"]
    assert max(p for _n, p in got[:2]) <= colour_doubt.DISAGREE
    assert min(p for _n, p in got[2:]) >= 0.6


def test_orange_and_yellow_are_renamed_only_in_two_groups_and_never_a_sure_die():
    allowed = {(v, c) for v in (1, 2, 3) for c in ("orange", "yellow")}
    named = [("orange", 0.4), ("yellow", 0.3), ("blue", 0.9)]
    got = colour_doubt.told_apart(named, [0.1, 0.6, 5.0], [1, 2, 3], allowed)
    assert got == [("yellow", 0.4), ("orange", 0.3), ("blue", 0.9)]
    # alike (one group), or three groups: left as named
    assert colour_doubt.told_apart(named, [0.1, 0.2, 0.0], [1, 2, 3], allowed) == named
    three = named[:2] + [("orange", 0.2)]
    assert colour_doubt.told_apart(three, [0.1, 0.6, 1.1], [1, 2, 3], allowed) == three
    # a sure die it would rename, a face the value lacks, one colour twice on a value
    sure = [("orange", 0.9), ("yellow", 0.3)]
    assert colour_doubt.told_apart(sure, [0.1, 0.6], [1, 2], allowed) == sure
    assert colour_doubt.told_apart(named[:2], [0.1, 0.6], [1, 2], allowed - {(1, "yellow")}
                                   ) == named[:2]
    twice = [("orange", 0.4), ("yellow", 0.3), ("orange", 0.2)]
    assert colour_doubt.told_apart(twice, [0.1, 0.6, 0.7], [1, 1, 1], allowed) == twice


def test_a_face_lit_in_one_channel_is_asked_under_the_colour_its_dark_ones_can_reach():
    """A hard development table (seed 2023, a camera's matrix, no white in view): a blue
    lit in blue alone (254, 2, 2) and an orange in red alone (2, 3, 254). As values their
    tints are the noise's, and both were asked as magenta; with the two dark channels
    as bounds (each up to what such a matrix clips) magenta cannot reach either face: they
    are asked as blue and orange. The magenta is named as before. The black 5 at (69, 1,
    109) was asked as black; the frame's light pips, tinted past white, are now a second
    white (`weighed`), their green crushed to 7 levels, and against them it is orange: a
    right name lost, the die still asked. (Pips with a channel under colour.FLOOR taken
    for no white: 5 dice fewer right on the hard development tables, 32 per light.)"""
    from vision import synth

    faces = [_face((2, 3, 254), (180, 2, 121)), _face((253, 2, 255), (246, 1, 91)),
             _face((69, 1, 109), (240, 14, 245)), _face((254, 2, 2), (254, 12, 240))]
    got = colour_doubt.weighed(faces, [4, 1, 5, 2], set(synth.charidice_faces(range(6))))
    assert [n for i, (n, _p) in enumerate(got) if i != 2] == ["orange", "magenta", "blue"]
    assert max(p for _n, p in got) <= colour_doubt.DISAGREE
    m = colour.measure((254, 2, 2), colour.PAINT_WHITE, clipped=False, dark=2)
    assert m.high[1] > m.low[1] and m.high[2] > m.low[2] and m.high[0] == m.low[0]
    assert not colour.measure((254, 2, 2), colour.PAINT_WHITE, clipped=False).crushed()


def test_the_cast_is_found_again_from_the_names_it_gives(monkeypatch):
    """A hard development table (seed 2076, a red cast clipping every light face's red):
    the orange 5 (22, 168, 255) was named yellow 93% sure. The cast found from the first
    names named it yellow again; found once more, from the names that cast gave, it is
    asked."""
    from vision import synth

    faces = [_face((22, 168, 255), (6, 31, 192)), _face((27, 253, 255), (3, 50, 62)),
             _face((17, 24, 100), (137, 194, 255)), _face((17, 150, 255), (1, 28, 167)),
             _face((21, 212, 255), (7, 38, 52))]
    allowed = set(synth.charidice_faces([0, 1, 2, 4, 5]))
    got = colour_doubt.weighed(faces, [5, 3, 1, 3, 4], allowed)
    assert got[0][1] < 0.6 and [n for n, _p in got[1:]] == ["yellow", "black", "orange",
                                                            "yellow"]
    monkeypatch.setattr(colour_doubt, "SHIFT_ROUNDS", 1)
    assert colour_doubt.weighed(faces, [5, 3, 1, 3, 4], allowed)[0][1] > 0.9


def test_tinted_white_pips_are_a_second_white_where_no_pip_looks_white():
    """A warm hard development table (seed 3013): a 2000 K lamp and a camera's matrix
    left every white pip at about (18, 202, 238), past colour.NEUTRAL_WITHIN, and the
    blues' red crushed: against the camera's own balance the four blues were asked as
    grey. Against the pips (a Charidice die's light pips are white paint) they are blue;
    the two whites disagree, so they stay asked. The yellow and black are named alike
    either way."""
    from vision import synth

    faces = [_face((89, 91, 1), (18, 202, 238)), _face((78, 81, 1), (32, 182, 228)),
             _face((2, 174, 255), (4, 57, 66)), _face((4, 25, 22), (22, 158, 226)),
             _face((95, 96, 1), (16, 212, 241)), _face((85, 91, 4), (22, 199, 242))]
    assert colour.frame_white(faces, plain=False) is None
    assert colour.pips_white(faces) is not None
    got = colour_doubt.weighed(faces, [3, 2, 3, 2, 1, 5], set(synth.charidice_faces(range(6))))
    assert [n for n, _p in got] == ["blue", "blue", "yellow", "black", "blue", "blue"]
    assert max(p for n, p in got if n == "blue") <= colour_doubt.DISAGREE


def test_a_crushed_channel_may_hold_down_to_none():
    """A face's channel under colour.FLOOR is noise: its paint's may lie anywhere from
    none to what a camera's matrix clips. Over a white dark in that channel (pips a
    candle left at (17, 176, 251)) the lower end matters: an orange's blue at 4 over 17
    must reach its paint's (log about -2)."""
    m = colour.measure((4, 110, 254), (17, 176, 251))
    assert m.low[0] <= np.log(1 / 17) + 1e-9 < np.log(4 / 17) == m.value[0] < m.high[0]


def test_a_face_crushed_where_its_white_is_not_is_no_grey():
    """A cool hard development table with a camera's matrix (seed 4180, throw 4182): two
    blues with their red crushed, (208, 101, 2) and (229, 110, 1), their own white pips
    at about (254, 197, 123). As a bound up to what a matrix clips, the red let the 1
    reach grey, and it was asked as grey. A matrix acts on every pixel alike, so a grey
    face is k x the white over it and keeps that white's red: read under colour.FLOOR it
    held a few levels at most (colour.NEUTRAL_DARK). Grey then lies far, and the 1 is
    asked as blue; both blues stay asked (the two namings differ), the blacks are named
    as before. A face measured against another die's pips is not bounded so: under two
    lamps theirs may be another light (seed 74000: a grey with dark pips at (214, 254, 3)
    was named blue against them)."""
    from vision import synth

    faces = [_face((208, 101, 2), (244, 183, 112)), _face((229, 110, 1), (254, 197, 123)),
             _face((41, 34, 23), (254, 252, 181)), _face((47, 39, 26), (252, 251, 196))]
    got = colour_doubt.weighed(faces, [6, 1, 3, 2], set(synth.charidice_faces([1, 2, 3, 4])))
    assert [n for n, _p in got] == ["blue", "blue", "black", "black"]
    assert got[1][1] <= colour_doubt.DISAGREE and min(got[2][1], got[3][1]) > 0.95
    white = colour.frame_white(faces, plain=False)
    m, own = colour.measured(faces[1], white), colour.white_for(faces[1], white)
    assert m.low[2] < m.neutral_high[2] == np.log(colour.NEUTRAL_DARK / own[2]) < m.high[2]
    assert colour.measured(_face((214, 254, 3), (79, 17, 1)), white).neutral_high is None
    assert colour.measured(_face((229, 110, 1), (20, 20, 20)), None).neutral_high is None


def test_a_grey_reached_only_by_a_bound_stretched_far_is_asked(monkeypatch):
    """A mixed hard development table (seed 6190, throw 6191, no camera matrix): white
    pips at about (250, 147, 244), their blue and red clipped, and four blues: each may
    lie up to colour.CLIPPED_BY lower in blue over that white, and so reaches the grey,
    the 3 and the 6 named grey 93% sure. Only a bound stretched 0.65-0.7 of its 0.7 makes
    them grey (colour_doubt.GREY_STRETCH): they are asked, still as grey; the orange and
    the black's name and sureness are left as they were."""
    from vision import synth

    faces = [_face((28, 61, 253), (18, 36, 220)), _face((32, 13, 104), (221, 143, 253)),
             _face((211, 58, 83), (244, 144, 241)), _face((235, 59, 80), (253, 146, 245)),
             _face((253, 61, 66), (252, 149, 244)), _face((255, 63, 60), (252, 155, 239))]
    values, allowed = [6, 2, 3, 6, 1, 2], set(synth.charidice_faces(range(6)))
    white = colour.frame_white(faces, plain=False)
    grey = colour.references()["grey"], colour.spreads(["grey"])[0]
    assert min(colour.measured(f, white).stretch(*grey, neutral=True)
               for f in faces[2:]) > colour_doubt.GREY_STRETCH
    got = colour_doubt.weighed(faces, values, allowed)
    assert [n for n, _p in got[2:]] == ["grey"] * 4
    assert max(p for _n, p in got[2:]) <= colour_doubt.DISAGREE
    monkeypatch.setattr(colour_doubt, "GREY_STRETCH", 1.0)
    before = colour_doubt.weighed(faces, values, allowed)
    assert before[:2] == got[:2] and min(before[2][1], before[3][1]) > 0.9


def test_a_bound_stretched_is_measured_in_log_from_the_face_as_measured():
    """A face with no channel bounded is taken as measured; one whose white's blue is
    clipped may lie up to colour.CLIPPED_BY lower in blue, and takes as much of it as
    brings it nearest the reference asked for."""
    grey, spread = colour.references()["grey"], colour.spreads(["grey"])[0]
    assert colour.measure((120, 118, 122), (240, 236, 238)).stretch(grey, spread) == 0
    m = colour.measure((235, 59, 80), (253, 146, 245))
    assert 0.6 < m.stretch(grey, spread) <= colour.CLIPPED_BY + 1e-9
    assert m.stretch(colour.references()["blue"], spread) < m.stretch(grey, spread)


def test_a_die_named_orange_far_redder_than_an_orange_of_its_frame_is_asked(monkeypatch):
    """A mixed fresh hard table (seed 164021, development for this): a magenta whose blue
    a matrix crushed, (3, 80, 255), is named orange 91% sure beside an orange (2, 119,
    254) named orange (asked): its red over green lies 0.40 log above the orange's
    (colour_doubt.MAGENTA_APART), so it is asked, still as orange; the others are left."""
    from vision import synth

    faces = [_face((3, 80, 255), (35, 68, 85)), _face((100, 137, 169), (45, 33, 54)),
             _face((2, 119, 254), (3, 11, 36)), _face((148, 87, 3), (158, 221, 249)),
             _face((135, 80, 3), (153, 201, 235)), _face((3, 193, 255), (23, 19, 43))]
    values, allowed = [1, 1, 4, 1, 4, 3], set(synth.charidice_faces(range(6)))
    got = colour_doubt.weighed(faces, values, allowed)
    assert [n for n, _p in got[:3]] == ["orange", "grey", "orange"]
    assert got[0][1] <= colour_doubt.DISAGREE
    monkeypatch.setattr(colour_doubt, "MAGENTA_APART", 0.5)
    before = colour_doubt.weighed(faces, values, allowed)
    assert before[0][1] > 0.9 and before[1:] == got[1:]


def test_only_an_orange_redder_than_another_orange_by_more_than_the_gap_is_asked():
    named = [("orange", 0.95), ("orange", 0.9), ("yellow", 0.95), ("magenta", 0.9)]
    asked = ("orange", colour_doubt.DISAGREE)
    assert colour_doubt.magenta_apart(named, [1.0, 0.6, 0.0, 1.5]) == [
        asked, ("orange", 0.9), ("yellow", 0.95), ("magenta", 0.9)]
    assert colour_doubt.magenta_apart(named, [0.8, 0.6, 0.0, 1.5]) == named
    # a yellow far below is no orange to measure against
    assert colour_doubt.magenta_apart([named[0], named[2]], [1.0, 0.0]) == [named[0], named[2]]


def test_a_grey_with_dark_pips_and_its_green_clipped_is_asked(monkeypatch):
    """A warm fresh hard table (seed 151005, development for this): a yellow die's 5, its
    pips dark, faded by a camera's matrix to (174, 255, 251) under white pips at about
    (224, 253, 250), its green clipped, is named grey 97% sure. A yellow's pips are dark
    and its green clipped where a grey's is seldom: it is asked, still as grey
    (colour_doubt.grey_topped); the blacks and the asked orange are left as they were,
    and so is a grey with dark pips once a calibration has seen the grey's pips."""
    from types import SimpleNamespace

    from vision import synth

    faces = [_face((34, 55, 37), (224, 253, 250)), _face((174, 255, 251), (35, 54, 50)),
             _face((23, 71, 170), (40, 59, 47)), _face((32, 51, 34), (214, 253, 251))]
    values, allowed = [5, 5, 4, 1], set(synth.charidice_faces(range(6)))
    got = colour_doubt.weighed(faces, values, allowed)
    assert got[1] == ("grey", colour_doubt.DISAGREE)
    monkeypatch.setattr(colour_doubt, "grey_topped", lambda named, *_a: list(named))
    before = colour_doubt.weighed(faces, values, allowed)
    assert before[1][0] == "grey" and before[1][1] > 0.9
    assert [before[i] for i in (0, 2, 3)] == [got[i] for i in (0, 2, 3)]
    monkeypatch.undo()
    seen = SimpleNamespace(dark_pips=lambda: {"grey": True})
    assert colour_doubt.grey_topped(before, faces, seen) == before
    assert colour_doubt.grey_topped(before, faces) == got


def test_an_orange_far_redder_than_orange_s_reference_is_asked_with_no_orange_beside():
    named = [("orange", 0.95), ("yellow", 0.95)]
    asked = ("orange", colour_doubt.DISAGREE)
    ref = float(colour.references()["orange"][1])
    assert colour_doubt.magenta_apart(named, [ref + 0.35, 0.0], ref) == [asked, named[1]]
    assert colour_doubt.magenta_apart(named, [ref + 0.25, 0.0], ref) == named
    assert colour_doubt.magenta_apart(named, [ref + 0.35, 0.0]) == named


def test_the_thrown_dice_rename_a_crushed_face_but_never_make_it_surer():
    """A blue 2 read surely lies on the grey 4's die (synth's dice), so a 4 between orange
    and grey is left orange, sure, by the dice told; but where its face has a crushed
    channel its odds may miss its colour (a magenta crushed in blue read so): it keeps
    the doubt it had without them."""
    from vision import synth
    from vision.reading import CONFIRM_BELOW

    dice = [synth.charidice_faces([d]) for d in range(6)]
    allowed = set(synth.charidice_faces(range(6)))
    odds = [{"blue": 0.99, None: 0.01}, {"orange": 0.67, "grey": 0.33}]
    (_b, _p), (whole, p) = colour_doubt.told([2, 4], odds, allowed, dice, [False, False])
    assert whole == "orange" and p >= CONFIRM_BELOW
    (_b, _p), (crushed, q) = colour_doubt.told([2, 4], odds, allowed, dice, [False, True])
    assert crushed == "orange" and q < CONFIRM_BELOW
    assert colour_doubt.told([2, 4], odds, allowed) == colour_doubt.told(
        [2, 4], odds, allowed, None, [False, True])  # not told the dice: as before


def test_a_grey_leaning_a_little_is_asked_where_no_die_shows_a_colour_and_several_are_asked():
    """A camera's matrix, tone curve and added light fade every dye of a frame towards
    grey (vision.synth_camera): a blue at (122, 125, 89) under white pips at (187, 234,
    212) was named grey 97% sure beside a magenta, a black and an orange all asked (a
    perturbed development table, 2013). Where no other die of the frame is named a colour
    surely and UNSHOWN_ASKED others are asked, nothing shows how faded its colours are,
    and a grey leaning towards one (UNSHOWN_LEAN_BY) is asked, its name kept. Beside a
    blue named surely, or with fewer dice asked (a throw of two: no colour named surely
    is common there under any camera), it stays sure; so does a grey with its white's
    proportions."""
    pips = (187, 234, 212)
    faded, grey = _face((122, 125, 89), pips), _face(tuple(0.66 * np.array(pips)), pips)
    others = [_face((150, 60, 160), pips), _face((30, 32, 30), pips),
              _face((40, 110, 200), pips)]
    asked = [("magenta", 0.5), ("black", 0.5), ("orange", 0.5)]
    got = colour_doubt.grey_unshown([("grey", 0.97)] + asked, [faded] + others)
    assert got == [("grey", colour_doubt.DISAGREE)] + asked
    assert colour_doubt.grey_unshown([("grey", 0.97)] + asked, [grey] + others)[0] == (
        "grey", 0.97)
    two = colour_doubt.grey_unshown([("grey", 0.97), ("magenta", 0.5)], [faded, others[0]])
    assert two[0] == ("grey", 0.97)
    beside = colour_doubt.grey_unshown(
        [("grey", 0.97), ("blue", 0.95)] + asked[1:] + [("magenta", 0.5)],
        [faded, _face((153, 90, 23), pips)] + others[1:] + others[:1])
    assert beside[0] == ("grey", 0.97)


def test_a_grey_beside_a_few_asked_dice_is_asked_where_their_colours_show_a_fading_camera():
    """Beside fewer asked dice than UNSHOWN_ASKED (a throw of two or three), a grey
    leaning towards a colour is asked only once the names are given (`fewer=True`), and
    where what the frame shows is a fading camera: the dice it names a colour (asked) lie
    at less than UNSHOWN_FADED of their colours' strength, or none is named a colour (a
    perturbed development table, 4183: a yellow and a blue named grey 91% and 98% sure
    beside a blue named black, asked). Beside a magenta asked at its paint's strength (a
    hard table's lamp: the right greys there) it stays sure; so does a grey beside dice
    all named surely, and the step as weighed (`fewer=False`) is colour20's."""
    pips = (187, 234, 212)
    faded = _face((122, 125, 89), pips)
    strong, weak = _face((150, 60, 160), pips), _face((150, 90, 160), pips)
    black = _face((30, 32, 30), pips)
    asked = colour_doubt.DISAGREE
    assert colour_doubt.grey_unshown([("grey", 0.97), ("magenta", 0.5)], [faded, weak],
                                     fewer=True) == [("grey", asked), ("magenta", 0.5)]
    assert colour_doubt.grey_unshown([("grey", 0.97), ("black", 0.5)], [faded, black],
                                     fewer=True)[0] == ("grey", asked)
    assert colour_doubt.grey_unshown([("grey", 0.97), ("magenta", 0.5)], [faded, strong],
                                     fewer=True)[0] == ("grey", 0.97)
    assert colour_doubt.grey_unshown([("grey", 0.97), ("black", 0.95)], [faded, black],
                                     fewer=True)[0] == ("grey", 0.97)
    assert colour_doubt.grey_unshown([("grey", 0.97), ("magenta", 0.5)],
                                     [faded, weak])[0] == ("grey", 0.97)


def test_a_frame_with_no_white_whose_dice_are_all_named_one_colour_is_asked():
    """A magenta-cast frame with no white in view (a perturbed development table, 2052):
    dark-pipped greys 3 and 6 and a magenta 1 all named magenta 96-97% sure. Against the
    camera's own balance a cast tints every face alike: all are asked. Named two colours,
    or with white pips in view, they are left as named."""
    dark = (56, 2, 79)
    faces = [_face((176, 28, 212), (85, 12, 121)), _face((192, 29, 212), dark),
             _face((184, 30, 210), dark)]
    named = [("magenta", 0.97), ("magenta", 0.96), ("magenta", 0.97)]
    asked = colour_doubt.DISAGREE
    assert colour_doubt.alike_unwhite(named, faces) == [("magenta", asked)] * 3
    assert colour_doubt.alike_unwhite(named[:1], faces[:1]) == named[:1]
    two = [("magenta", 0.97), ("grey", 0.96), ("magenta", 0.97)]
    assert colour_doubt.alike_unwhite(two, faces) == two
    white = faces[:2] + [_face((184, 30, 210), (250, 240, 252))]
    assert colour_doubt.alike_unwhite(named, white) == named


def test_the_reader_asks_last_a_grey_beside_a_fading_camera_and_a_frame_of_one_colour(
        monkeypatch):
    """vision.reader.named applies both steps to the names it gives, calibrated or not,
    after the calibration lent its dice the uncalibrated names: they ask, never rename."""
    from vision import reader

    pips = (187, 234, 212)
    faces = [_face((122, 125, 89), pips), _face((150, 90, 160), pips)]
    for f, v in zip(faces, (4, 2)):
        f.value = v
    monkeypatch.setattr(colour_doubt, "weighed",
                        lambda *a, **k: [("grey", 0.97), ("magenta", 0.5)])
    monkeypatch.setattr(reader, "colourless", lambda frame: False)
    from vision import colour

    monkeypatch.setattr(colour, "light_of", lambda frame: None)
    monkeypatch.setattr(colour, "surroundings", lambda frame, faces: None)
    expect = type("E", (), {"colours": {(4, "grey"), (2, "magenta")}, "dice": None})()
    got = reader.named(np.zeros((4, 4, 3), np.uint8), faces, expect)
    assert got == [("grey", colour_doubt.DISAGREE), ("magenta", 0.5)]


def test_a_setup_that_guessed_the_blue_and_black_dice_exchanged_is_read_without_its_guesses():
    """A cool hard development table (182140) taken in part, blue and black left out
    and guessed the likeliest way: the blue die, crushed to blue alone (log blue/green
    4.6), guessed black, and the black die (no tint) blue. A black paint keeps its white's
    proportions: the guesses are not used (`guesses_kept`), and in the throws the blue
    dice, named black by the guess, are named blue, the black ones black."""
    import vision
    from vision import calibrate, synth

    at = synth.table(182140, "cool", hard=True)
    img, _labels = synth.charidice_scene(182140, at, dice=range(6), values=[1] * 6)
    taken = calibrate.calibrate(img)
    guessed = dict(taken.guessed)
    assert sorted(guessed) == ["black", "blue"] and guessed["black"][0] > 3
    for seed in (182143, 182141):
        throw, labels = synth.charidice_scene(seed, at)
        expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
        got = sorted((r.colour, r.value) for r in vision.read(throw, expect,
                                                              calibration=taken))
        assert got == sorted((lab["colour"], lab["value"]) for lab in labels)
    assert colour_doubt.guesses_kept(taken).guessed == ()


def test_a_die_the_calibration_leaves_unsure_takes_the_name_the_stock_colours_are_sure_of():
    """A mixed-light hard development table (184050), taken whole: in throw 184056 the
    calibration leaves a grey 3 with dark pips unsure, between its learnt grey and blue
    (asked as blue), where the stock colours name it grey 97% sure. It is named grey,
    still asked: a name is lent, never sureness."""
    import vision
    from vision import calibrate, synth

    at = synth.table(184050, "mixed", hard=True)
    img, _labels = synth.charidice_scene(184050, at, dice=range(6), values=[1] * 6)
    taken = calibrate.calibrate(img)
    assert len(taken.colours()) == 6
    throw, labels = synth.charidice_scene(184056, at)
    expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
    got = {(r.colour, r.value): r.confidence
           for r in vision.read(throw, expect, calibration=taken)}
    assert set(got) == {(lab["colour"], lab["value"]) for lab in labels}
    assert got[("grey", 3)] < 0.6


def test_a_sure_uncalibrated_name_is_lent_only_where_no_other_die_holds_that_face():
    named = [("blue", 0.5), ("orange", 0.3), ("grey", 0.9), ("yellow", 0.4)]
    uncalibrated = [("grey", 0.95), ("yellow", 0.9), ("black", 0.99), ("orange", 0.5)]
    # the second die's yellow 5 is the fourth's name; the third is sure already; the
    # fourth's uncalibrated name is unsure
    assert colour_doubt.sure_uncalibrated(named, uncalibrated, [3, 5, 2, 5]) == [
        ("grey", 0.5), ("orange", 0.3), ("grey", 0.9), ("yellow", 0.4)]
    assert colour_doubt.sure_uncalibrated(named[:2], uncalibrated[:2], [3, 5]) == [
        ("grey", 0.5), ("yellow", 0.3)]
    # told the dice: grey 3 lies on the die whose orange 4 is read already
    dice = [{(3, "grey"), (4, "orange")}, {(3, "blue")}]
    assert colour_doubt.sure_uncalibrated([("blue", 0.5), ("orange", 0.9)],
                                          [("grey", 0.95), ("orange", 0.9)], [3, 4],
                                          dice) == [("blue", 0.5), ("orange", 0.9)]


def test_two_dice_alike_named_two_colours_are_both_asked():
    """A perturbed development table (4233): a blue named magenta 95% sure beside a blue
    of almost the same colour named blue. Nothing in the frame tells which name is wrong:
    both are asked, under their names. A magenta and a blue far apart, two dice named one
    colour, and a grey beside a black of its tint but not its lightness are left."""
    pips = (248, 223, 254)
    wrong, blue = _face((201, 35, 176), pips), _face((194, 33, 169), (242, 218, 253))
    asked = colour_doubt.DISAGREE
    assert colour_doubt.alike_apart([("magenta", 0.95), ("blue", 0.9)], [wrong, blue]) == [
        ("magenta", asked), ("blue", asked)]
    assert colour_doubt.alike_apart([("blue", 0.95), ("blue", 0.9)], [wrong, blue]) == [
        ("blue", 0.95), ("blue", 0.9)]
    apart = [("magenta", 0.95), ("blue", 0.9)]
    assert colour_doubt.alike_apart(apart, [_face((150, 60, 160), pips),
                                            _face((200, 90, 40), pips)]) == apart
    neutral = [("grey", 0.95), ("black", 0.9)]
    assert colour_doubt.alike_apart(neutral, [_face((150, 150, 150), pips),
                                              _face((40, 40, 40), pips)]) == neutral


def test_the_reader_asks_last_two_dice_alike_named_two_colours(monkeypatch):
    """vision.reader.named asks both of two dice alike named two colours, last."""
    from vision import colour, reader

    faces = [_face((201, 35, 176), (248, 223, 254)), _face((194, 33, 169), (242, 218, 253))]
    for f, v in zip(faces, (3, 5)):
        f.value = v
    monkeypatch.setattr(colour_doubt, "weighed",
                        lambda *a, **k: [("magenta", 0.95), ("blue", 0.9)])
    monkeypatch.setattr(reader, "colourless", lambda frame: False)
    monkeypatch.setattr(colour, "light_of", lambda frame: None)
    monkeypatch.setattr(colour, "surroundings", lambda frame, faces: None)
    expect = type("E", (), {"colours": {(3, "magenta"), (5, "blue")}, "dice": None})()
    got = reader.named(np.zeros((4, 4, 3), np.uint8), faces, expect)
    assert got == [("magenta", colour_doubt.DISAGREE), ("blue", colour_doubt.DISAGREE)]


def test_a_dark_pipped_yellow_an_orange_may_be_is_asked_unless_very_sure():
    """A camera's matrix drew two orange dice with dark pips onto the yellow (a
    development table through a camera, 862131: yellow 6 86% sure for orange 6, its red
    over green at the yellow's reference). Uncalibrated, an orange's pips are not known:
    such a yellow is asked, under its name. A yellow greener than its reference, one
    named very sure, one with white pips, and one whose calibration saw the orange's
    (white) pips stay as named."""
    magenta = _face((158, 43, 229), (234, 236, 251))
    drawn = _face((35, 200, 246), (23, 52, 115))
    greener = _face((40, 235, 240), (23, 40, 60))
    asked = colour_doubt.DISAGREE
    named = [("magenta", 0.92), ("yellow", 0.86), ("yellow", 0.86)]
    assert colour_doubt.yellow_open(named, [magenta, drawn, greener]) == [
        ("magenta", 0.92), ("yellow", asked), ("yellow", 0.86)]
    sure = [("magenta", 0.92), ("yellow", 0.95)]
    assert colour_doubt.yellow_open(sure, [magenta, drawn]) == sure
    white = _face((35, 200, 246), (240, 235, 252))
    assert colour_doubt.yellow_open(named[:2], [magenta, white]) == named[:2]

    class Seen:
        guessed = ()

        def dark_pips(self):
            return {"orange": False, "yellow": True}

        def references(self, stock):
            return stock

        def white_in(self, frame_light=None):
            return None

    assert colour_doubt.yellow_open(named[:2], [magenta, drawn], Seen()) == named[:2]
    Seen.dark_pips = lambda self: {"yellow": True}
    assert colour_doubt.yellow_open(named[:2], [magenta, drawn], Seen()) == [
        ("magenta", 0.92), ("yellow", asked)]


def test_the_reader_asks_last_a_dark_pipped_yellow_an_orange_may_be(monkeypatch):
    """vision.reader.named asks such a yellow last, once the names are given."""
    from vision import colour, reader

    faces = [_face((158, 43, 229), (234, 236, 251)), _face((35, 200, 246), (23, 52, 115))]
    for f, v in zip(faces, (6, 3)):
        f.value = v
    monkeypatch.setattr(colour_doubt, "weighed",
                        lambda *a, **k: [("magenta", 0.92), ("yellow", 0.86)])
    monkeypatch.setattr(reader, "colourless", lambda frame: False)
    monkeypatch.setattr(colour, "light_of", lambda frame: None)
    monkeypatch.setattr(colour, "surroundings", lambda frame, faces: None)
    expect = type("E", (), {"colours": {(6, "magenta"), (3, "yellow")}, "dice": None})()
    got = reader.named(np.zeros((4, 4, 3), np.uint8), faces, expect)
    assert got == [("magenta", 0.92), ("yellow", colour_doubt.DISAGREE)]


def _fcam3_860131():
    """A perturbed development table under a neutral lamp (860131, `--hard --camera --seed
    860000`): a yellow 2 and a yellow 6, their pips dark, faded by the camera nearly to
    the white pips' lightness, beside a magenta, a blue and a black with white pips."""
    faces = [_face((153, 244, 251), (48, 98, 100)), _face((146, 238, 248), (38, 83, 86)),
             _face((132, 110, 200), (180, 241, 250)), _face((71, 150, 84), (163, 244, 238)),
             _face((24, 56, 39), (182, 247, 247))]
    return faces, [2, 6, 1, 5, 2], 5.405


def test_a_grey_with_dark_pips_as_light_as_the_white_leaning_to_yellow_is_asked():
    """The yellow 2 of 860131 is named grey 92% sure: as light as the frame's white (log
    -0.06 over it, the grey's reference -0.45, its spread 0.3), its blue 0.16 log below its
    green. A die named grey surely with dark pips, lighter than the grey's reference by
    more than GREY_LIGHTER_BY and leaning towards yellow by UNSHOWN_LEAN_BY, is asked, its
    name kept (colour_doubt.grey_light); the other dice are left as they were. A darker
    grey (log -0.23 over the white), one with white pips, one leaning away from yellow,
    and any grey where a calibration saw the grey's faces, are left sure."""
    from types import SimpleNamespace

    from vision import synth

    faces, values, light = _fcam3_860131()
    allowed = set(synth.charidice_faces(range(6)))
    before = colour_doubt.weighed(faces, values, allowed, frame_light=light)
    assert before[0][0] == "grey" and before[0][1] > 0.9
    got = colour_doubt.grey_light(before, faces, frame_light=light)
    assert got[0] == ("grey", colour_doubt.DISAGREE)
    assert got[2:] == before[2:]
    seen = SimpleNamespace(dark_pips=lambda: {"grey": False})
    assert colour_doubt.grey_light(before, faces, seen, light) == before
    white = (181, 245, 248)
    for bgr, pips in (((127, 195, 200), (19, 34, 24)),     # darker: a grey's lightness
                      ((153, 244, 251), (250, 250, 250)),  # white pips: no yellow's
                      ((200, 244, 251), (48, 98, 100))):   # bluer than the white
        others = [_face((24, 56, 39), white), _face((132, 110, 200), white)]
        named = [("grey", 0.95), ("black", 0.9), ("magenta", 0.9)]
        assert colour_doubt.grey_light(named, [_face(bgr, pips)] + others,
                                       frame_light=light) == named


def test_the_reader_asks_last_a_grey_with_dark_pips_as_light_as_the_white(monkeypatch):
    """vision.reader.named applies grey_light to the names it gives: it asks, never
    renames (the weighing stubbed to name the yellow grey 92% sure, as it does)."""
    from vision import colour, reader

    faces, values, light = _fcam3_860131()
    for f, v in zip(faces, values):
        f.value = v
    named = [("grey", 0.921), ("grey", 0.5), ("magenta", 0.5), ("grey", 0.5), ("black", 0.5)]
    monkeypatch.setattr(colour_doubt, "weighed", lambda *a, **k: list(named))
    monkeypatch.setattr(reader, "colourless", lambda frame: False)
    monkeypatch.setattr(colour, "light_of", lambda frame: light)
    monkeypatch.setattr(colour, "surroundings", lambda frame, faces: None)
    expect = type("E", (), {"colours": {(2, "yellow"), (6, "yellow"), (1, "magenta"),
                                        (5, "blue"), (2, "black")}, "dice": None})()
    got = reader.named(np.zeros((4, 4, 3), np.uint8), faces, expect)
    assert got[0] == ("grey", colour_doubt.DISAGREE)



def _camdev_2146():
    """A perturbed development table under a neutral lamp (2146, `--hard --dev --camera`):
    a magenta 6 and a magenta 3, their pips white, the camera's matrix turning their hue
    towards a pale blue-grey, beside a black and a blue with white pips and two yellows
    with dark ones."""
    faces = [_face((24, 21, 17), (206, 205, 195)), _face((174, 98, 26), (213, 200, 165)),
             _face((75, 184, 186), (13, 14, 10)), _face((61, 154, 156), (12, 11, 12)),
             _face((159, 89, 96), (202, 173, 170)), _face((109, 60, 65), (180, 138, 125))]
    return faces, 5.053


def test_a_grey_with_white_pips_tinted_beyond_the_grey_is_asked():
    """The magenta 6 of 2146 was named grey 95% sure: its tint over the frame's white (log
    B/G 0.42, R/G 0.09) lies 0.44 log from the grey's reference, past its spread (0.25)
    but nearer it than any colour, no channel clipped. A die named grey surely with
    white pips tinted farther than GREY_TINTED from the grey, measured unclipped, is
    asked, its name kept (colour_doubt.grey_tinted); the other dice are left as they
    were. A grey with white pips tinted within GREY_TINTED, one with dark pips, and any
    grey where a calibration saw the grey's faces, are left sure."""
    from types import SimpleNamespace

    faces, light = _camdev_2146()
    before = [("black", 0.967), ("blue", 0.874), ("yellow", 0.5), ("yellow", 0.482),
              ("grey", 0.953), ("grey", 0.5)]  # as the reader named them uncalibrated
    got = colour_doubt.grey_tinted(before, faces, frame_light=light)
    assert got[4] == ("grey", colour_doubt.DISAGREE)
    assert got[:4] == before[:4] and got[5:] == before[5:]
    seen = SimpleNamespace(dark_pips=lambda: {"grey": False})
    assert colour_doubt.grey_tinted(before, faces, seen, light) == before
    for bgr, pips in (((150, 140, 125), (202, 173, 170)),   # a grey's tint under the white
                      ((159, 89, 96), (36, 71, 70))):       # dark pips: not the grey's
        others = [_face((24, 21, 17), (206, 205, 195)), _face((174, 98, 26), (213, 200, 165))]
        named = [("grey", 0.95), ("black", 0.9), ("blue", 0.9)]
        assert colour_doubt.grey_tinted(named, [_face(bgr, pips)] + others,
                                        frame_light=light) == named


def test_a_clipped_grey_tinted_beyond_the_grey_at_its_nearest_is_asked():
    """Where a channel is clipped or crushed the tint is known only between bounds: the
    die is asked where even the tint its bounds allow nearest the grey lies farther than
    GREY_TINTED_BOUNDED (tint35). 830043's magentas (0.29 and 0.24 log off at the
    nearest) are asked, their names kept; a right grey of 810000+ with its red clipped
    under a white estimated over 255 (0.49 log off as measured, 0.19 at the nearest) is
    left sure, as are the other dice."""
    clipped, light = _fcam2_830043()
    named = [("orange", 0.5), ("yellow", 0.377), ("grey", 0.981), ("grey", 0.975),
             ("yellow", 0.949), ("blue", 0.5)]
    got = colour_doubt.grey_tinted(named, clipped, frame_light=light)
    assert got[2] == ("grey", colour_doubt.DISAGREE) and got[3] == ("grey", colour_doubt.DISAGREE)
    assert got[:2] == named[:2] and got[4:] == named[4:]
    faces = [_face((124, 83, 62), (158, 206, 245)), _face((61, 112, 194), (146, 225, 254)),
             _face((152, 104, 76), (190, 242, 251))]
    named = [("blue", 0.988), ("grey", 0.975), ("blue", 0.965)]
    assert colour_doubt.grey_tinted(named, faces, frame_light=5.0) == named


def test_the_reader_asks_last_a_grey_with_white_pips_tinted_beyond_the_grey(monkeypatch):
    """vision.reader.named applies grey_tinted to the names it gives: it asks, never
    renames (the weighing stubbed to name the magenta grey 95% sure, as it does)."""
    from vision import colour, reader

    faces, light = _camdev_2146()
    for f, v in zip(faces, (3, 3, 5, 3, 6, 3)):
        f.value = v
    named = [("black", 0.967), ("blue", 0.874), ("yellow", 0.5), ("yellow", 0.482),
             ("grey", 0.953), ("grey", 0.5)]
    monkeypatch.setattr(colour_doubt, "weighed", lambda *a, **k: list(named))
    monkeypatch.setattr(reader, "colourless", lambda frame: False)
    monkeypatch.setattr(colour, "light_of", lambda frame: light)
    monkeypatch.setattr(colour, "surroundings", lambda frame, faces: None)
    expect = type("E", (), {"colours": {(3, "black"), (3, "blue"), (5, "yellow"),
                                        (3, "yellow"), (6, "magenta"), (3, "magenta")},
                            "dice": None})()
    got = reader.named(np.zeros((4, 4, 3), np.uint8), faces, expect)
    assert got[4] == ("grey", colour_doubt.DISAGREE)
    assert [n for n, _p in got] == [n for n, _p in named]


def _fcam2_830043():
    """A perturbed development table under a dim lamp (830043, `--hard --camera --seed
    830000`): a magenta 4 and a magenta 2, their pips white, named grey 97-98% sure, a
    channel of each clipped under a white clipped in its red."""
    faces = [_face((71, 220, 251), (17, 72, 74)), _face((19, 154, 246), (25, 65, 99)),
             _face((165, 144, 246), (204, 237, 254)), _face((123, 119, 229), (155, 190, 240)),
             _face((27, 157, 247), (36, 71, 70)), _face((155, 111, 9), (210, 238, 243))]
    return faces, 5.364
