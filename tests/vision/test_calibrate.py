"""The setup calibration's way of telling which die is which colour (vision.calibrate),
on hard development tables (seeds 2000+): what it takes, and the swaps it refuses."""

import numpy as np
import pytest

from vision import calibrate as cal
from vision import colour, synth
from vision.reader import read_faces
from vision.reading import COLOURS
from vision.score import pairs


def setup(seed: int, light: str):
    """A hard development table's setup frame (the six 1s) and its labels."""
    at = synth.table(seed, light, hard=True)
    return synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)


def nearest_label(face, labels) -> str:
    return min(labels, key=lambda lab: np.hypot(lab["centre"][0] - face.centre[0],
                                                lab["centre"][1] - face.centre[1]))["colour"]


@pytest.mark.parametrize("seed, light", [(2100, "neutral"), (6110, "mixed")])
def test_a_pale_grey_1_the_face_net_turns_down_is_found_as_the_sixth_die(seed, light,
                                                                        monkeypatch):
    """Its white pip barely lighter than its face, the face net reads no die there (as
    on these tables with the nets of issue 35; made sure of here); the finder sees one,
    and six dice are known to lie there: the calibration is taken, every die its own
    colour, the grey learnt from the die found (also under a warm lamp one side and a
    cool one the other, through a camera's matrix)."""
    import vision.reader

    img, labels = setup(seed, light)
    no_grey = [f for f in read_faces(img) if nearest_label(f, labels) != "grey"]
    assert len(no_grey) == 5
    monkeypatch.setattr(vision.reader, "read_faces", lambda frame, also=True: no_grey)
    faces = cal.setup_faces(img)
    assert len(faces) == 6
    assert [nearest_label(f, labels) for f in faces] == cal.setup_names(faces)
    taken = cal.calibrate(img)
    assert sorted(name for name, _x in taken.seen) == sorted(COLOURS)
    grey = dict(taken.seen)["grey"]
    assert abs(grey[0]) < 0.3 and abs(grey[1]) < 0.3  # a grey, not the felt's colour


def learnt_right(img, labels) -> list[str | None]:
    """The setup frame's names (None: not learnt), each checked against its die's label."""
    faces = cal.setup_faces(img)
    names = cal.setup_names(faces, colour.light_of(img))
    assert all(n is None or n == nearest_label(f, labels) for f, n in zip(faces, names))
    return [n if n is None else nearest_label(f, labels) for f, n in zip(faces, names)]


def test_a_pale_grey_the_finder_barely_sees_is_found_among_its_weaker_peaks():
    """A cool lamp and a matrix: the pale grey 1 is turned down by the face net, and the
    finder's peak on it is under net.PEAK_MIN, so no usual candidate stands for it (five
    dice seen: refused before, and taken in part with its colours swapped where five
    were told apart alone). Among the finder's weaker peaks (WEAK_PEAK) it is the one
    off the read dice: six dice, every one named its own colour, taken whole."""
    from vision import net

    img, labels = setup(4020, "cool")
    read_in = read_faces(img, also=False)  # as setup_faces reads a setup
    assert len(read_in) == 5 and not cal._other_dice(img, read_in, net.find_dice(img))
    faces = cal.setup_faces(img)
    assert sorted(nearest_label(f, labels) for f in faces) == sorted(COLOURS)
    assert learnt_right(img, labels) == [nearest_label(f, labels) for f in faces]
    assert sorted(cal.calibrate(img).colours()) == sorted(COLOURS)


def test_a_dim_black_the_finder_sizes_by_its_pip_is_found_as_the_sixth_die():
    """Dim light on a dark felt: the face net turns the black 1 down, and the finder
    offers it with a usual peak but sizes it by its white pip and the face around it, at
    0.58 of the other dice, under ALIKE_WITHIN: no candidate alike in size, five dice
    seen, refused (no row offered). Down to NARROW_AT_LEAST, a candidate showing a light
    pip is taken for the missing die: six dice, each named its own colour, black learnt."""
    from vision import net

    img, labels = setup(43110, "dim")
    read_in = read_faces(img, also=False)  # as setup_faces reads a setup
    assert len(read_in) == 5 and "black" not in {nearest_label(f, labels) for f in read_in}
    for peak in (net.PEAK_MIN, cal.WEAK_PEAK):
        assert not cal._other_dice(img, read_in, net.find_dice(img, peak))
    faces = cal.setup_faces(img)
    assert sorted(nearest_label(f, labels) for f in faces) == sorted(COLOURS)
    names = learnt_right(img, labels)
    assert "black" in names
    assert "black" in cal.calibrate(img).colours()


def test_a_narrow_candidate_without_a_light_pip_is_no_die():
    """The finder's candidate on the dim black (its white pip) is taken down to
    NARROW_AT_LEAST; one as narrow and as strong on the bare felt beside it is not: split
    by lightness, the felt's noise passes for a light pip (it did here), but far under
    NARROW_PIP_ABOVE. A speck of dark felt is not taken for the black."""
    from vision import net

    img, _labels = setup(43110, "dim")
    read_in = read_faces(img, also=False)  # as setup_faces reads a setup
    black = cal._other_dice(img, read_in, net.find_dice(img), cal.NARROW_AT_LEAST)
    median = np.median([f.size for f in read_in])
    assert len(black) == 1 and black[0].size / median < cal.ALIKE_WITHIN
    felt = net.Found(black[0].cx, black[0].cy + 2 * black[0].size, black[0].size, 0.9)
    assert cal._other_dice(img, read_in, [felt], cal.NARROW_AT_LEAST) == []
    assert cal._other_dice(img, read_in, [felt, *black], cal.NARROW_AT_LEAST) == black


@pytest.mark.parametrize("seed, light, read, learnt", [
    (40340, "neutral", 5, COLOURS),
    (40180, "neutral", 4, ("black", "blue", "grey", "magenta"))])
def test_dice_the_face_net_turns_down_are_found_one_per_die_however_many_looks_see_them(
        seed, light, read, learnt):
    """A grey of 96 px the face net turns down is seen by the finder twice, at full size
    and at half size (big dice are looked for there): one die, the sixth. Two dice turned
    down (a blue and a grey), two other candidates alike in size: the two missing. Each
    die found is then named as any: here its own colour (40180 taken in part, orange and
    yellow alike, the dice found learnt)."""
    img, labels = setup(seed, light)
    read_in = read_faces(img, also=False)  # as setup_faces reads a setup
    assert len(read_in) == read
    faces = cal.setup_faces(img)
    assert sorted(nearest_label(f, labels) for f in faces) == sorted(COLOURS)
    found = [i for i, f in enumerate(faces) if f.centre not in {g.centre for g in read_in}]
    assert len(found) == 6 - read
    names = learnt_right(img, labels)
    assert sorted(n for n in names if n) == sorted(learnt)
    assert all(names[i] is not None for i in found)


def test_a_way_that_beats_the_next_by_little_of_a_bad_fit_is_taken_in_part():
    """A cool lamp and a matrix crushing the blue face's red: the best way names the
    blue die magenta and the magenta blue, 8.6 squared spreads better than the right
    way (more than SETUP_MARGIN), but the best way itself costs 89: neither blue nor
    magenta is learnt; the four dice every near way names alike are, each its own."""
    img, labels = setup(4290, "cool")
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    fit = cal._fit(x, [f.light_pips for f in faces])
    right = [nearest_label(f, labels) for f in faces]
    swapped = [{"blue": "magenta", "magenta": "blue"}.get(n, n) for n in right]
    assert cal.SETUP_MARGIN < fit(right) - fit(swapped) < cal.MISFIT_SHARE * fit(swapped)
    learnt_right(img, labels)
    taken = cal.calibrate(img)
    assert sorted(taken.colours()) == ["black", "grey", "orange", "yellow"]
    # blue and magenta, not learnt, are guessed the likeliest way: here the swapped one
    # (colour17: right on 71 of 82 such hard development setups), held in the throws to
    # the uncalibrated naming (`Calibration.doubted`)
    guessed = dict(taken.guessed)
    assert sorted(guessed) == ["blue", "magenta"]
    x = dict(zip([nearest_label(f, labels) for f in faces], cal.measured(faces)))
    # the blue die's look (its crushed red taken nearest magenta)
    assert guessed["magenta"][0] == pytest.approx(x["blue"].features()[0], abs=1e-3)


def test_an_orange_and_a_yellow_painted_alike_are_not_learnt_not_swapped():
    """Both with dark pips, the orange face the yellower in every feature (the maker's
    paints 22% off): the swapped way fits better, by 5 squared spreads. Refused whole
    before; now the four other colours are learnt and orange and yellow left to the
    stock references (the reader asks about them when unsure), never swapped."""
    img, labels = setup(4900, "cool")
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    fit = cal._fit(x, [f.light_pips for f in faces])
    right = [nearest_label(f, labels) for f in faces]
    swapped = [{"orange": "yellow", "yellow": "orange"}.get(n, n) for n in right]
    assert cal.AMBIGUOUS_WITHIN < fit(right) - fit(swapped) < cal.SETUP_MARGIN
    learnt_right(img, labels)
    assert sorted(cal.calibrate(img).colours()) == ["black", "blue", "grey", "magenta"]


@pytest.mark.parametrize("seed, light", [(6300, "mixed"), (5100, "dim")])
def test_a_setup_taken_in_part_learns_no_colour_from_another_colour_s_die(seed, light):
    """Faces crushed to one channel: two ways alike (orange and yellow), and once they
    are left out a crushed magenta would take the orange's place when told apart alone
    (6300: so it is not learnt either), or a blue far from every colour (5100). What is
    learnt in part is each die's own colour, told apart both among the six and alone."""
    img, labels = setup(seed, light)
    names = learnt_right(img, labels)
    assert None in names and sum(n is not None for n in names) >= cal.LEARNT_AT_LEAST


def test_a_setup_whose_best_way_is_wrong_is_refused_when_its_dice_alone_say_so():
    """A cool lamp and a matrix: the best way of the six names a crushed magenta orange
    and the orange grey, and the grey, left magenta, is far from it. Of the dice it
    does not doubt, told apart alone, fewer than three are sure: refused with three as
    the least; with two (LEARNT_IF_REFUSED) the blue and the black are told, each its
    own colour, and nothing else is learnt."""
    img, labels = setup(4300, "cool")
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    pips = [f.light_pips for f in faces]
    best, _doubt, _why = cal._doubted(x, pips, range(6))
    assert any(n != nearest_label(f, labels) for f, n in zip(faces, best))
    with pytest.raises(ValueError, match="looks like no Charidice colour"):
        cal._six_colours(x, pips)
    assert sorted(n for n in learnt_right(img, labels) if n) == ["black", "blue"]


def test_six_dice_of_one_colour_are_refused_not_taken_in_part():
    """Six grey faces: whichever die is named grey, the five others are far from their
    colours, and fewer than LEARNT_AT_LEAST dice are left: refused, saying why."""
    grey, _pip = synth.CHARIDICE_FACES["grey"]
    x = [colour.measure(grey, (245, 245, 245), clipped=False)] * 6
    with pytest.raises(ValueError, match="looks like no Charidice colour"):
        cal._six_colours(x, [True] * 6)


def test_the_setup_measures_each_face_against_the_white_the_reader_will_use():
    """Under a colour table the reader takes no light face with dark pips for a white
    die's (a maker's grey is one); the setup frame is measured the same way, or what it
    keeps would be measured against another white than the throws' faces."""
    img, _labels = setup(2040, "neutral")
    faces = cal.setup_faces(img)
    light = colour.light_of(img)
    assert any(not f.light_pips and f.pip_contrast <= -colour.WHITE_FACE_ABOVE_PIPS
               for f in faces)  # a light face with dark pips in view
    reader_white = colour.frame_white(faces, light, plain=False)
    want = [colour.measured(f, reader_white, clipped=False).features() for f in faces]
    got = [m.features() for m in cal.measured(faces, light)]
    assert np.allclose(got, want)


def test_a_throw_with_no_white_in_view_is_measured_against_the_white_seen_at_setup():
    """A dim table whose magenta, orange, yellow and grey dice carry dark pips: a throw of
    a magenta and a yellow shows no white pip, and was measured against the camera's
    own balance, far darker and redder than the calibration's (the yellow named no
    colour); measured against the white the setup frame showed, both are named right."""
    import vision

    at = synth.table(5020, "dim", hard=True)
    img, _labels = synth.charidice_scene(5020, at, dice=range(6), values=[1] * 6)
    taken = cal.calibrate(img)
    throw, labels = synth.charidice_scene(5024, at)
    assert colour.frame_white(read_faces(throw), colour.light_of(throw), plain=False) is None
    got = vision.read(throw, synth.charidice_expect(sorted(lab["die"] for lab in labels)),
                      calibration=taken)
    assert len(got) == len(labels) and {(r.value, r.colour) for r in got} == {
        (lab["value"], lab["colour"]) for lab in labels}


def test_the_white_is_kept_on_disk_and_a_calibration_kept_without_one_still_loads(tmp_path):
    """Files written before the white was kept load, with no white (the camera's balance
    stands in where a frame shows none, as before); a damaged white is refused."""
    import json

    img, _labels = setup(2040, "neutral")
    taken = cal.calibrate(img)
    assert taken.white is not None
    path = tmp_path / "colours.json"
    cal.save(taken, path)
    assert cal.load(path) == taken
    older = {k: v for k, v in json.loads(path.read_text()).items() if k != "white"}
    path.write_text(json.dumps(older))
    kept = cal.load(path)
    assert kept.white is None and kept.white_in(colour.light_of(img)) is None
    assert kept.seen == taken.seen and kept.dark_pips() == taken.dark_pips()
    path.write_text(json.dumps({**older, "white": [0, "a", 3]}))
    with pytest.raises(ValueError, match="white needs three positive numbers"):
        cal.load(path)


def test_the_white_seen_at_setup_is_no_darker_than_the_frame_s_lightest_things():
    """Another exposure may have made the throw's frame lighter: the kept white is
    scaled, its tint kept, to the frame's lightest things where they are lighter."""
    taken = cal.Calibration((("blue", (0.7, -0.5, -1.0)),), white=(80.0, 100.0, 120.0))
    assert np.allclose(taken.white_in(np.log(50.0)), (80.0, 100.0, 120.0))
    lit = taken.white_in(np.log(200.0))
    assert np.allclose(lit / lit[1], (0.8, 1.0, 1.2)) and lit[1] > 150


def test_a_setup_whose_white_pips_a_warm_lamp_tinted_past_white_is_taken():
    """A 2000 K lamp leaves every light pip of the setup frame far less blue than a white
    looks to the reader (log blue/green about -1): they are the Charidice dice's white
    pips all the same, so the setup is taken, every die named right, and its white
    kept for the throws under that lamp, whose pips look no whiter."""
    img, labels = setup(3110, "warm")
    faces = cal.setup_faces(img)
    assert colour.frame_white(faces, colour.light_of(img), plain=False) is None
    taken = cal.calibrate(img)
    assert cal.setup_names(faces, colour.light_of(img)) == [nearest_label(f, labels)
                                                            for f in faces]
    assert colour.NEUTRAL_WITHIN < abs(colour._tint(taken.white)).max() <= cal.TINTED_WITHIN


def test_a_colour_not_learnt_is_named_no_surer_than_uncalibrated():
    """A green cast and a matrix: the setup is taken in part, grey, black, blue and
    magenta learnt, orange and yellow not. In a throw the orange dice look yellow by the
    stock references; uncalibrated the grey competed and they were asked, but the learnt
    grey no longer does: named yellow 96-98% sure, unless a colour not learnt is held to
    the uncalibrated naming's sureness. Asked now; the learnt blue is still named surely."""
    import vision

    at = synth.table(4090, "cool", hard=True)
    img, _labels = synth.charidice_scene(4090, at, dice=range(6), values=[1] * 6)
    taken = cal.calibrate(img)
    assert sorted(taken.colours()) == ["black", "blue", "grey", "magenta"]
    throw, labels = synth.charidice_scene(4093, at)
    got = vision.read(throw, synth.charidice_expect(sorted(lab["die"] for lab in labels)),
                      calibration=taken)
    assert {(r.value, r.colour) for r in got if not r.needs_confirmation} <= {
        (lab["value"], lab["colour"]) for lab in labels}
    assert [r.colour for r in got if r.colour == "blue" and not r.needs_confirmation]
    assert all(r.needs_confirmation for r in got if r.colour == "yellow")


def test_a_die_asked_under_a_learnt_colour_takes_the_uncalibrated_colour_not_learnt():
    """The same setup, orange and yellow not learnt. In a throw the two yellow dice (a 1
    and a 4) were named grey, asked, by the learnt grey; uncalibrated they are named
    yellow: asked still, they are named yellow. A die named surely, or whose value
    another die already shows in that colour, keeps the calibration's name."""
    import vision

    at = synth.table(4090, "cool", hard=True)
    img, _labels = synth.charidice_scene(4090, at, dice=range(6), values=[1] * 6)
    taken = cal.calibrate(img)
    throw, labels = synth.charidice_scene(4092, at)
    got = vision.read(throw, synth.charidice_expect(sorted(lab["die"] for lab in labels)),
                      calibration=taken)
    yellow = [r for r in got if r.colour == "yellow"]
    assert sorted(r.value for r in yellow) == [1, 4]
    assert all(r.needs_confirmation for r in yellow)
    # no die of another colour is named grey (the grey 5 the nets passed over is added
    # for the game's count, asked: vision.passed_over)
    on = {i: labels[j]["colour"] for i, j in pairs(got, labels).items()}
    assert all(on.get(i) == "grey" for i, r in enumerate(got) if r.colour == "grey")
    named = [("grey", 0.5), ("grey", 0.9), ("grey", 0.5), ("yellow", 0.5)]
    uncalibrated = [("yellow", 0.5), ("yellow", 0.5), ("yellow", 0.5), ("yellow", 0.5)]
    assert taken.doubted(named, uncalibrated, [1, 2, 4, 4]) == [
        ("yellow", 0.5), ("grey", 0.9), ("grey", 0.5), ("yellow", 0.5)]


def test_a_colour_not_learnt_is_expected_where_the_setup_s_cast_moves_it(tmp_path):
    """The same green cast: the setup's four learnt dice lie off their stock colours by
    one shift of features alike (`_cast`), kept with the calibration taken in part; the
    colours not learnt are expected at their stock references moved by it. An orange 6,
    named yellow against the stock references, is named orange (asked). A whole
    calibration keeps no cast; the cast is kept on disk, a damaged one refused."""
    import dataclasses
    import json

    import vision

    at = synth.table(4090, "cool", hard=True)
    img, _labels = synth.charidice_scene(4090, at, dice=range(6), values=[1] * 6)
    taken = dataclasses.replace(cal.calibrate(img), guessed=())  # the cast alone
    stock = colour.references()
    refs = taken.references(stock)
    assert np.allclose(refs["yellow"], stock["yellow"] + np.asarray(taken.cast))
    assert np.allclose(refs["blue"], dict(taken.seen)["blue"])
    throw, labels = synth.charidice_scene(4091, at)
    # the faces only, not each die's (Expect.dice): told the dice, the orange 6 is named
    # orange with no cast kept too (the yellow 6 lies on a die another reading names)
    expect = vision.Expect.of(count=len(labels), colours=synth.charidice_expect(
        sorted(lab["die"] for lab in labels)).colours)
    assert (6, "orange") in {(lab["value"], lab["colour"]) for lab in labels}
    uncast = dataclasses.replace(taken, cast=None)
    assert (6, "yellow") in {(r.value, r.colour) for r in vision.read(throw, expect,
                                                                      calibration=uncast)}
    got = {(r.value, r.colour) for r in vision.read(throw, expect, calibration=taken)}
    assert (6, "orange") in got and (6, "yellow") not in got
    path = tmp_path / "colours.json"
    cal.save(taken, path)
    assert cal.load(path) == taken
    path.write_text(json.dumps({**json.loads(path.read_text()), "cast": [1, None, 2]}))
    with pytest.raises(ValueError, match="cast needs three numbers"):
        cal.load(path)
    whole, _labels = setup(2040, "neutral")
    assert cal.calibrate(whole).cast is None


def test_the_dice_a_setup_leaves_out_stand_for_their_colours_named_the_likeliest_way(
        tmp_path):
    """A dim table (hard development, seed 183060): taken in part, black, grey and blue
    learnt; the yellow, magenta and orange dice left out, three ways of naming them
    alike. Named the way that fits best with the three learnt (here their own colours),
    they stand for those colours' references (`Calibration.guessed`), still not learnt.
    In the throws the yellow 1 and 2, named orange by the stock references under the
    setup's cast, are named yellow, and the yellow 3 and 4, named grey surely, yellow:
    asked, as a colour not learnt is where the uncalibrated naming differs. Kept on disk."""
    import dataclasses
    import json

    import vision

    at = synth.table(183060, "dim", hard=True)
    img, labels = synth.charidice_scene(183060, at, dice=range(6), values=[1] * 6)
    taken = cal.calibrate(img)
    assert sorted(taken.colours()) == ["black", "blue", "grey"]
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    own = {nearest_label(f, labels): m.features() for f, m in zip(faces, x)}
    guessed = dict(taken.guessed)
    assert sorted(guessed) == ["magenta", "orange", "yellow"]
    for name, g in guessed.items():  # each its own die's look (no channel crushed)
        assert np.allclose(g, own[name], atol=1e-3)
    cast_only = dataclasses.replace(taken, guessed=())
    for seed, before, after in ((183061, {(1, "orange"), (2, "orange")},
                                 {(1, "yellow"), (2, "yellow")}),
                                (183064, {(3, "grey"), (4, "grey")},
                                 {(3, "yellow"), (4, "yellow")})):
        throw, labels = synth.charidice_scene(seed, at)
        expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
        assert after <= {(lab["value"], lab["colour"]) for lab in labels}
        was = {(r.value, r.colour) for r in vision.read(throw, expect, calibration=cast_only)}
        assert before <= was
        got = vision.read(throw, expect, calibration=taken)
        assert after <= {(r.value, r.colour) for r in got}
        assert all(r.needs_confirmation for r in got if r.colour == "yellow")
    path = tmp_path / "colours.json"
    cal.save(taken, path)
    assert cal.load(path) == taken
    path.write_text(json.dumps({**json.loads(path.read_text()),
                                "guessed": {"grey": [0.0, 0.0, -0.5]}}))
    with pytest.raises(ValueError, match="guessed colours"):  # a colour it learnt
        cal.load(path)
    whole, _labels = setup(2040, "neutral")
    assert cal.calibrate(whole).guessed == ()


def test_a_die_left_out_alone_is_not_guessed_the_colour_left():
    """A warm table (hard development, seed 171080) taken with the magenta die learnt
    as orange and the orange die left out alone: magenta is the colour left, by
    elimination. Guessed magenta, the orange die made the swap surer (a magenta 4 named
    orange 0.73, asked before); not guessed, magenta stays the stock moved by the cast.
    (Since setup19 the magenta die is left out too, its face out of order against the
    orange die whatever that is (`_in_order`): the naming before that is weighed here.)"""
    img, labels = setup(171080, "warm")
    faces = cal.setup_faces(img)
    light = colour.light_of(img)
    names = cal._six_colours(cal.measured(faces, light), [f.light_pips for f in faces])
    left = [i for i, n in enumerate(names) if n is None]
    assert [nearest_label(faces[i], labels) for i in left] == ["orange"]
    assert "orange" in names and nearest_label(faces[names.index("orange")], labels) == "magenta"
    taken = cal.fitted(faces, names, light)
    stock = colour.references()
    assert taken.guessed == ()
    assert np.allclose(taken.references(stock)["magenta"],
                       stock["magenta"] + np.asarray(taken.cast))
    assert "orange" not in cal.setup_names(faces, light)


def test_a_setup_whose_pips_a_lamp_and_a_camera_tinted_far_past_white_is_taken_for_that_lamp(
        tmp_path):
    """A warm lamp and a camera's matrix leave the white pips at log blue/green -1.4 to -2
    (past TINTED_WITHIN: refused before), and the yellow, orange and grey carry dark
    pips: no white in view. Their light pips are taken for white all the same: every die
    is named right, and the calibration is kept bound to that lamp (`lamp_only`, kept on
    disk): a throw under it, showing no white either, is read with it; one under a
    neutral lamp, whose pips look white, is read uncalibrated."""
    import json
    from dataclasses import replace

    import vision

    at = synth.table(3100, "warm", hard=True)
    img, labels = synth.charidice_scene(3100, at, dice=range(6), values=[1] * 6)
    faces = cal.setup_faces(img)
    light = colour.light_of(img)
    assert colour.frame_white(faces, light, plain=False) is None
    assert any(not f.light_pips for f in faces)
    pips = np.median([f.pip_bgr for f in faces if f.light_pips], axis=0)
    assert abs(colour._tint(pips)).max() > cal.TINTED_WITHIN
    assert cal.setup_names(faces, light) == [nearest_label(f, labels) for f in faces]
    taken = cal.calibrate(img)
    assert sorted(taken.colours()) == sorted(COLOURS) and taken.lamp_only
    path = tmp_path / "colours.json"
    cal.save(taken, path)
    assert cal.load(path) == taken
    path.write_text(json.dumps({**json.loads(path.read_text()), "lamp only": "yes"}))
    with pytest.raises(ValueError, match="'lamp only' must be true or false"):
        cal.load(path)

    own, _labels = synth.charidice_scene(3101, at)
    faces = read_faces(own)
    assert taken.under(faces, colour.light_of(own)) is taken
    neutral = replace(at, lamp=(1.0, 1.0, 1.0))
    throw, labels = synth.charidice_scene(3101, neutral)
    faces = read_faces(throw)
    assert colour.frame_white(faces, colour.light_of(throw), plain=False) is not None
    assert taken.under(faces, colour.light_of(throw)) is None
    expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
    assert vision.read(throw, expect, calibration=taken) == vision.read(throw, expect)
    assert not cal.calibrate(setup(2040, "neutral")[0]).lamp_only  # white pips in view


def test_a_setup_tinted_past_white_whose_best_way_swaps_two_dice_is_refused():
    """A cool lamp and a camera's matrix tint every light pip past TINTED_WITHIN; taken
    over them, the best way names the blue die magenta and the magenta blue, but other
    ways fit within the margin and leave four dice in doubt: refused, never swapped."""
    img, labels = setup(4010, "cool")
    faces = cal.setup_faces(img)
    light = colour.light_of(img)
    assert cal.lamp_only(faces, light)
    x, pips = cal.measured(faces, light), [f.light_pips for f in faces]
    best, doubt, _why = cal._doubted(x, pips, range(6))
    right = [nearest_label(f, labels) for f in faces]
    assert {right[i]: best[i] for i in range(6) if best[i] != right[i]} == {
        "blue": "magenta", "magenta": "blue"}
    with pytest.raises(ValueError, match="either way"):
        cal._six_colours(x, pips)
    # named again with two as the least: the black and the grey, neither of the pair
    assert sorted(n for n in learnt_right(img, labels) if n) == ["black", "grey"]


def test_a_die_like_no_colour_is_left_unlearnt_and_the_other_five_told_apart_alone():
    """A cool lamp and a camera's matrix crush the blue face to one channel (253, 3, 2):
    far from every colour, its cost inflates the best way's margin and that way names it
    black and the black die blue. Left out (its colour unlearnt), the other five named
    alone are told surely, each its own colour."""
    img, labels = setup(4000, "cool")
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    best, _doubt, _why = cal._doubted(x, [f.light_pips for f in faces], range(6))
    right = [nearest_label(f, labels) for f in faces]
    assert {right[i]: best[i] for i in range(6) if best[i] != right[i]} == {
        "blue": "black", "black": "blue"}
    assert learnt_right(img, labels) == [None if n == "blue" else n for n in right]
    assert sorted(cal.calibrate(img).colours()) == sorted(set(COLOURS) - {"blue"})


def test_a_far_die_near_some_colour_keeps_the_setup_refused():
    """The far die is a grey some ways name magenta (cool, a matrix): left out, the
    other five named alone would be told surely but wrong (the crushed magenta named
    orange, the orange grey). It lies near grey, a colour those five take: not a die
    like no colour, so nothing is named without it, and the setup is refused."""
    img, labels = setup(4300, "cool")
    faces = cal.setup_faces(img)
    x, pips = cal.measured(faces, colour.light_of(img)), [f.light_pips for f in faces]
    best, _doubt, _why = cal._doubted(x, pips, range(6))
    (far,) = cal._far(x, pips, best)
    five = [i for i in range(6) if i != far]
    alone, doubt, _why = cal._doubted(x, pips, five)
    assert not doubt and any(n != nearest_label(faces[i], labels) for i, n in zip(five, alone))
    assert cal._all_but_one(x, pips, best) is None
    with pytest.raises(ValueError, match="looks like no Charidice colour"):
        cal._six_colours(x, pips)
    # with two as the least, only the blue and the black, their own colours
    assert sorted(n for n in learnt_right(img, labels) if n) == ["black", "blue"]


def test_a_die_crushed_to_red_alone_is_not_named_by_elimination():
    """A warm lamp one side, a cool one the other, and a matrix: the orange face crushed
    to red alone (1, 1, 254), like no colour, and the magenta's blue and green crushed
    too (22, 1, 254). The other five named alone are told surely, the magenta die as
    orange: a face crushed to red alone may be an orange's or a magenta's, so the far
    die's colour is left by elimination only where it is blue (a face of blue alone).
    Taken in part as before, neither orange nor magenta learnt."""
    img, labels = setup(54360, "mixed")
    faces = cal.setup_faces(img)
    x, pips = cal.measured(faces, colour.light_of(img)), [f.light_pips for f in faces]
    best, _doubt, _why = cal._doubted(x, pips, range(6))
    (far,) = cal._far(x, pips, best)
    assert nearest_label(faces[far], labels) == "orange"
    five = [i for i in range(6) if i != far]
    alone, doubt, _why = cal._doubted(x, pips, five)
    assert not doubt and "magenta" not in alone
    assert cal._all_but_one(x, pips, best) is None
    names = learnt_right(img, labels)
    assert "orange" not in names and "magenta" not in names


class _Face:
    """A face's colour alone, as `calibrate._in_order` reads it."""

    def __init__(self, bgr):
        self.face_bgr = np.asarray(bgr, np.float64)


def test_two_dice_named_against_their_own_colours_order_are_both_left_out():
    """A magenta whose green a matrix crushed (15, 3, 253) and an orange whose blue it
    crushed (3, 44, 255), named the other's colour (the fit's crushed channels free):
    the die named orange is the bluer over green of the two, as no orange is beside a
    magenta. Both left out, the four others kept; a right pair is kept."""
    faces = [_Face(b) for b in ((24, 26, 38), (3, 44, 255), (159, 62, 2), (133, 167, 255),
                                (4, 159, 237), (15, 3, 253))]
    named = ["black", "magenta", "blue", "grey", "yellow", "orange"]
    assert cal._in_order(faces, named) == ["black", None, "blue", "grey", "yellow", None]
    right = ["black", "orange", "blue", "grey", "yellow", "magenta"]
    assert cal._in_order(faces, right) == right


def test_a_die_named_against_a_die_left_out_whatever_its_colour_is_left_out():
    """Taken in part with the orange die left out: a magenta lit like an orange (31, 124,
    255) was named orange. Against the die left out, which could be magenta alone, its
    green over blue runs the wrong way: left out too. Fewer than LEARNT_AT_LEAST left
    named: ColoursUntold (the players lay the row)."""
    faces = [_Face(b) for b in ((2, 137, 255), (2, 204, 255), (31, 124, 255),
                                (38, 37, 47), (171, 106, 41), (126, 147, 189))]
    named = [None, "yellow", "orange", "black", "blue", "grey"]
    assert cal._in_order(faces, named) == [None, "yellow", None, "black", "blue", "grey"]
    with pytest.raises(cal.ColoursUntold, match="look like other colours"):
        cal._in_order(faces, [None, None, "orange", None, "blue", None])


@pytest.mark.parametrize("seed, light", [(62120, "cool"), (153290, "dim")])
def test_a_crushed_magenta_and_orange_the_fit_swaps_are_not_learnt(seed, light):
    """A cool or dim lamp and a matrix: the magenta's green crushed, the orange's blue.
    The best way of the six names each the other's colour, no close call; their faces'
    own order (IN_ORDER) says otherwise: taken in part, neither learnt, the others
    each its own colour."""
    img, labels = setup(seed, light)
    faces = cal.setup_faces(img)
    x = cal.measured(faces, colour.light_of(img))
    best = cal._six_colours(x, [f.light_pips for f in faces])
    right = [nearest_label(f, labels) for f in faces]
    assert {right[i]: best[i] for i in range(6) if best[i] != right[i]} == {
        "magenta": "orange", "orange": "magenta"}
    names = learnt_right(img, labels)
    assert [n for n in names if n is not None] == [
        n for n in right if n not in ("orange", "magenta")]


@pytest.mark.parametrize("seed, light, left", [
    (160040, "neutral", {"orange", "yellow"}), (161060, "warm", {"magenta"}),
    (183230, "dim", {"yellow", "orange"})])
def test_dice_like_no_colour_are_left_out_and_the_others_named_alone(seed, light, left):
    """A face a camera's matrix crushed to one channel (an orange or a magenta lit in red
    alone, (1, 2, 254), (1, 3, 252)), or a dim yellow and orange, lies far from every
    colour: its cost, inflating the best way's margin, left the others in doubt and the
    setup was refused ("looks like no Charidice colour"). The far dice left out, the
    others named alone (their own cost setting the margin) are told surely, each its own
    colour, and none left out looks like a colour learnt: taken in part."""
    img, labels = setup(seed, light)
    names = learnt_right(img, labels)
    assert set(COLOURS) - {n for n in names if n is not None} == left
    assert sorted(cal.calibrate(img).colours()) == sorted(set(COLOURS) - left)


@pytest.mark.parametrize("seed, light, wrong", [
    (41110, "warm", {"yellow": "grey"}),
    (70110, "neutral", {"magenta": "orange", "orange": "yellow"})])
def test_dice_named_without_the_far_ones_are_refused_when_one_left_out_looks_learnt(
        seed, light, wrong):
    """The far die is a grey tinted yellow-green (153, 255, 174), or a yellow clipped
    white (253, 255, 255): named alone, the others name the pale yellow grey, or the
    magenta orange and the orange yellow, surely. The die left out then lies nearest a
    colour learnt from another die (the grey, the yellow): the six show six colours, so
    one of the two is named wrong, and the setup stays refused (the row is offered);
    named again with two as the least (LEARNT_IF_REFUSED), 41110 tells the black and the
    magenta alone, each its own colour, and 70110 stays refused."""
    img, labels = setup(seed, light)
    faces = cal.setup_faces(img)
    x, pips = cal.measured(faces, colour.light_of(img)), [f.light_pips for f in faces]
    best, _doubt, _why = cal._doubted(x, pips, range(6))
    far = cal._far(x, pips, best)
    alone = cal._told_alone(x, pips, {i: n for i, n in enumerate(best) if i not in far}, "")
    right = [nearest_label(f, labels) for f in faces]
    assert {right[i]: n for i, n in enumerate(alone) if n not in (None, right[i])} == wrong
    assert cal._like_a_learnt(x, pips, alone)
    with pytest.raises(cal.ColoursUntold, match="looks like no Charidice colour"):
        cal._six_colours(x, pips)
    if seed == 41110:
        assert sorted(n for n in learnt_right(img, labels) if n) == ["black", "magenta"]
    else:
        with pytest.raises(cal.ColoursUntold, match="looks like no Charidice colour"):
            cal.calibrate(img)


@pytest.mark.parametrize("seed, light, learnt", [
    (4300, "cool", {"black", "blue"}), (94120, "mixed", {"black", "blue"}),
    (43230, "dim", None), (53080, "dim", None)])
def test_a_setup_refused_with_three_is_taken_where_two_dice_are_told_alone(
        seed, light, learnt):
    """Refused for its colours, a setup is named again with two as the least told
    (LEARNT_IF_REFUSED): two dice told alone are learnt, each from its own die (4300: a
    crushed magenta far, 94120: two ways alike), where no die left out lies on a colour
    learnt; where one does (43230, 53080: the orange die, crushed to red alone, told
    magenta, the magenta die left out lying on it) the setup stays refused (one die told
    alone: `test_a_setup_refused_every_way_is_taken_with_its_black_told_alone`)."""
    img, labels = setup(seed, light)
    faces = cal.setup_faces(img)
    x, pips = cal.measured(faces, colour.light_of(img)), [f.light_pips for f in faces]
    with pytest.raises(cal.ColoursUntold):
        cal._in_order(faces, cal._six_colours(x, pips))  # three as the least: refused
    if learnt is None:
        with pytest.raises(cal.ColoursUntold):
            cal.calibrate(img)
        return
    assert {n for n in learnt_right(img, labels) if n} == learnt
    taken = cal.calibrate(img)
    assert set(taken.colours()) == learnt and taken.cast is not None


@pytest.mark.parametrize("seed, light", [(3210, "warm"), (864120, "mixed"), (152120, "cool")])
def test_a_black_1_seen_narrow_is_measured_at_its_sets_size(seed, light):
    """Through a camera (`synth_camera`), the black 1 is read at about half the other
    dice's size, the finder's box little more than its white pip: its colour disc, at
    that size, lay mostly on the pip, taken for the face (light, its black face taken
    for dark pips), and the black passed for a dark-pipped grey, the grey named black.
    Measured at the set's size (`_at_their_size`), its pip is light again and the six
    are named each its own colour."""
    from vision import synth_camera

    img, labels = setup(seed, light)
    img = synth_camera.perturbed(img, labels, synth_camera.Camera.drawn(seed), seed)
    faces = cal.setup_faces(img)
    black = next(f for f in faces if nearest_label(f, labels) == "black")
    assert black.size < cal.SEEN_NARROW * np.median([f.size for f in faces])
    assert black.light_pips and black.pip_contrast > cal.NARROW_PIP_ABOVE
    assert cal.setup_names(faces, colour.light_of(img)) == [nearest_label(f, labels)
                                                            for f in faces]


@pytest.mark.parametrize("seed, light, left", [
    (4390, "cool", {"grey", "yellow", "orange"}),
    (603240, "dim", {"grey", "yellow", "orange"})])
def test_a_setup_whose_grey_and_orange_could_be_either_way_is_taken_in_part(seed, light, left):
    """Hard development tables through a camera (`vision.synth_camera`): the best way of
    the six names every die right, but another names the grey and the orange the other
    way within the margin ("either way": refused before). Named alone again and again,
    the other four lost a die each time: the yellow (4390) or the magenta (603240), washed
    by the camera, named grey alone, and the three left, their cast fitted from fewer dice,
    in doubt in turn. Named alone once (`_either_way`), three are named the same and
    surely, each its own colour, and none left out looks like a colour learnt: taken in
    part, the grey, the orange and the die named otherwise left out."""
    from vision import synth_camera

    at = synth.table(seed, light, hard=True)
    img, labels = synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)
    img = synth_camera.perturbed(img, labels, synth_camera.Camera.drawn(seed), seed)
    names = learnt_right(img, labels)
    assert set(COLOURS) - {n for n in names if n is not None} == left
    assert sorted(cal.calibrate(img).colours()) == sorted(set(COLOURS) - left)


@pytest.mark.parametrize("seed, light", [
    (181370, "warm"), (161150, "warm"), (163260, "dim"), (50150, "neutral")])
def test_a_setup_refused_every_way_is_taken_with_its_black_told_alone(seed, light):
    """Plain hard development setups whose light clipped or crushed most faces (one to
    five far from every colour): refused by every way before (`setup_names`: three, two,
    "either way"), named alone they end with one die told surely, the black. Learnt so
    (`_one_told`), each its own die's colour, the others left out (read uncalibrated,
    asked where unsure)."""
    img, labels = setup(seed, light)
    faces = cal.setup_faces(img)
    x, pips = cal.measured(faces, colour.light_of(img)), [f.light_pips for f in faces]
    assert cal._either_way(x, pips) is None
    with pytest.raises(cal.ColoursUntold):
        cal._in_order(faces, cal._six_colours(x, pips, cal.LEARNT_IF_REFUSED),
                      cal.LEARNT_IF_REFUSED)
    assert [n for n in learnt_right(img, labels) if n] == ["black"]
    taken = cal.calibrate(img)
    assert taken.colours() == ("black",) and taken.cast is not None


@pytest.mark.parametrize("seed, light", [(150010, "neutral"), (600110, "neutral")])
def test_a_magenta_told_alone_through_a_camera_is_not_learnt(seed, light):
    """Through a camera the blue die, its red drawn up, is told alone as magenta, the one
    die told: a colour that trades with others under a crushing light is not learnt
    alone (ALONE_AT_LAST: the black and the blue only); the setup stays refused."""
    from vision import synth_camera

    img, labels = setup(seed, light)
    img = synth_camera.perturbed(img, labels, synth_camera.Camera.drawn(seed), seed)
    faces = cal.setup_faces(img)
    x, pips = cal.measured(faces, colour.light_of(img)), [f.light_pips for f in faces]
    told = {nearest_label(f, labels): n
            for f, n in zip(faces, cal._six_colours(x, pips, cal.LEARNT_AT_LAST)) if n}
    assert told == {"blue": "magenta"}
    with pytest.raises(cal.ColoursUntold):
        cal.calibrate(img)
