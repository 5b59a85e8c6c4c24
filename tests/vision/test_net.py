"""The learned nets: shipped small, load through OpenCV's dnn, and their decoding."""

import numpy as np
import pytest

from vision import net


def test_model_files_are_small():
    total = net.FINDER_FILE.stat().st_size + net.FACES_FILE.stat().st_size
    assert total < 1_000_000, total


def test_nets_load_once_and_give_the_expected_shapes():
    frame = np.full((480, 640, 3), 128, np.uint8)
    blob = net.finder_input(frame)
    assert blob.shape == (1, 3, 240, 320)
    finder = net._finder(blob.shape)
    assert net._finder(blob.shape) is finder and net._faces() is net._faces()  # kept
    finder.setInput(blob)
    assert finder.forward().shape == (1, 4, 60, 80)
    probs = net.read_crops(frame, [net.Found(320, 240, 50, 0.9), net.Found(10, 10, 40, 0.5)])
    assert probs.shape == (2, 8) and np.allclose(probs.sum(1), 1.0, atol=1e-4)


def test_each_look_at_a_camera_frame_keeps_its_own_finder():
    """The full- and half-size looks (and the quarter-size one) each have a finder set to
    their input's shape, so none re-plans its layers frame after frame."""
    net._finder_for.cache_clear()
    frame = np.full((480, 640, 3), 128, np.uint8)
    for _ in range(3):
        net.find_dice(frame)
        net.find_huge_dice(frame)
    info = net._finder_for.cache_info()
    assert (info.currsize, info.misses) == (3, 3), info


def test_looks_closer_at_a_photo_share_one_finder():
    """Inputs larger than the camera frame's full-size look (a photo read twice and four
    times as close) share one net, which re-plans: memory stays bounded."""
    net._finder_for.cache_clear()
    photo = np.full((960, 1280, 3), 128, np.uint8)
    for zoom in (1.0, 2.0, 4.0):
        net.find_dice(photo, zoom=zoom)
    shared = net._finder((1, 3, 480, 640))
    assert net._finder((1, 3, 768, 1024)) is shared
    assert net._finder((1, 3, 240, 320)) is not shared
    assert net._finder_for.cache_info().currsize == 3  # full and half size, and the shared


def test_nets_load_by_opencvs_classic_engine_where_it_has_one(monkeypatch):
    calls = []
    monkeypatch.setattr(net.cv2.dnn, "readNetFromONNX", lambda *a, **kw: calls.append(kw))
    monkeypatch.setattr(net.cv2.dnn, "ENGINE_CLASSIC", 7, raising=False)
    net.load_net(net.FACES_FILE)
    monkeypatch.delattr(net.cv2.dnn, "ENGINE_CLASSIC")
    net.load_net(net.FACES_FILE)  # OpenCV 4 and 5.1: no classic engine to ask for
    assert calls == [{"engine": 7}, {}]


def test_both_engines_read_alike():
    """Where OpenCV has two engines, the classic one the reader uses agrees with the
    default (the nets were checked against PyTorch on the default)."""
    if not hasattr(net.cv2.dnn, "ENGINE_CLASSIC"):
        pytest.skip(f"OpenCV {net.cv2.__version__} has no ENGINE_CLASSIC: "
                    "the reader uses its default")
    crops = np.random.default_rng(0).normal(size=(4, 3, net.CROP, net.CROP)).astype(np.float32)
    outs = []
    for n in (net.load_net(net.FACES_FILE), net.cv2.dnn.readNetFromONNX(str(net.FACES_FILE))):
        n.setInput(crops)
        outs.append(n.forward())
    assert np.allclose(outs[0], outs[1], atol=1e-3)


def test_odd_frame_sizes_are_padded_for_the_finder():
    blob = net.finder_input(np.zeros((500, 333, 3), np.uint8))
    assert blob.shape[2] % net.FINDER_ALIGN == 0 and blob.shape[3] % net.FINDER_ALIGN == 0


def test_decode_keeps_local_maxima_above_the_threshold():
    out = np.zeros((4, 60, 80), np.float32)
    out[0, 10, 20] = 0.9  # a die
    out[0, 10, 21] = 0.8  # its shoulder: not a second peak
    out[0, 40, 60] = 0.1  # too weak
    out[1, 10, 20] = np.log(25.0)  # 25 px at finder scale
    out[2, 10, 20], out[3, 10, 20] = 0.25, -0.25
    (f,) = net.decode(out, 0.5, (480, 640))
    assert (f.cx, f.cy) == ((20 + 0.75) * 4 / 0.5, (10 + 0.25) * 4 / 0.5)
    assert abs(f.size - 50.0) < 1e-3 and f.score == np.float32(0.9)


def test_face_crop_at_the_frame_edge():
    frame = np.zeros((100, 100, 3), np.uint8)
    frame[:, :50] = 255
    crop = net.face_crop(frame, 2, 50, 60)
    assert crop.shape == (net.CROP, net.CROP, 3)


def test_standardise_ignores_brightness():
    rng = np.random.default_rng(0)
    img = rng.uniform(40, 120, (20, 20, 3)).astype(np.float32)
    a = net.standardise(img)
    assert abs(float(a.mean())) < 1e-4 and 0.5 < float(a.std()) < 1.0
    assert np.allclose(a, net.standardise(img + 60), atol=1e-4)


@pytest.mark.parametrize("dtype", [np.uint8, np.float32])
def test_standardise_is_over_all_pixels_and_channels_together(dtype):
    """Colour relations kept: one mean and one spread for the three channels."""
    rng = np.random.default_rng(1)
    img = np.stack([rng.uniform(lo, lo + 40, (30, 50)) for lo in (10, 90, 200)], axis=2)
    img = img.astype(dtype)
    plain = img.astype(np.float32)
    want = (plain - plain.mean()) / (plain.std() + 8.0)
    got = net.standardise(img)
    assert got.dtype == np.float32 and np.allclose(got, want, atol=1e-5)


def test_only_unsure_crops_are_read_again_in_other_views(monkeypatch):
    """A sure crop keeps its one answer; an unsure one gets the mean over four views."""
    seen = []

    def fake_probs(crops):
        seen.append(len(crops))
        p = np.zeros((len(crops), 8), np.float32)
        if len(seen) == 1:  # first read: crop 0 sure of 3, crop 1 torn between 5 and 6
            p[0, 3] = 1.0
            p[1, 5], p[1, 6] = 0.55, 0.45
        else:  # the other views of crop 1 all say 6
            p[:, 6] = 1.0
        return p

    monkeypatch.setattr(net, "_face_probs", fake_probs)
    frame = np.zeros((100, 100, 3), np.uint8)
    probs = net.read_crops(frame, [net.Found(30, 30, 20, 0.9), net.Found(70, 70, 20, 0.9)])
    assert seen == [2, len(net.VIEWS)]
    assert probs[0, 3] == 1.0
    assert np.isclose(probs[1, 6], (0.45 + len(net.VIEWS)) / (1 + len(net.VIEWS)))


def test_a_large_frame_is_read_at_the_cameras_size(monkeypatch):
    scales = []
    monkeypatch.setattr(net, "_find_at", lambda frame, s, peak, *_: scales.append(s) or [])
    net.find_dice(np.zeros((1440, 1920, 3), np.uint8))
    net.find_dice(np.zeros((480, 640, 3), np.uint8))
    net.find_dice(np.zeros((240, 320, 3), np.uint8))
    assert scales == [1 / 3, 1 / 6, 1.0, 0.5, 1.0, 0.5]  # each also at half size, for big dice


def test_the_half_size_look_adds_only_big_confident_candidates(monkeypatch):
    looks = {
        1.0: [net.Found(100, 100, 50, 0.9)],
        0.5: [
            net.Found(300, 200, 140, 0.9),  # a big die
            net.Found(100, 100, 60, 0.9),  # a usual die seen again: left to the full look
        ],
    }
    peaks = {}

    def find_at(frame, s, peak, *_):
        peaks[s] = peak
        return [f for f in looks[s] if f.score >= peak]

    monkeypatch.setattr(net, "_find_at", find_at)
    found = net.find_dice(np.zeros((480, 640, 3), np.uint8))
    assert found == [looks[1.0][0], net.Found(300, 200, 140, 0.9, big=True)]
    assert peaks == {1.0: net.PEAK_MIN, 0.5: net.BIG_PEAK_MIN}


def test_the_quarter_size_look_keeps_only_huge_confident_candidates(monkeypatch):
    peaks = {}

    def find_at(frame, s, peak, *_):
        peaks[s] = peak
        return [net.Found(300, 300, 400, 0.9), net.Found(900, 600, 300, 0.9)]

    monkeypatch.setattr(net, "_find_at", find_at)
    found = net.find_huge_dice(np.zeros((960, 1280, 3), np.uint8))  # read as 640 wide
    # sizes are frame px: 400 is 200 at 640, and 300 only 150, not huge
    assert found == [net.Found(300, 300, 400, 0.9, big=True)]
    assert peaks == {0.125: net.BIG_PEAK_MIN}


def test_small_dice_are_looked_for_again_enlarged(monkeypatch):
    """Candidates the finder sizes under SIZE_MIN: the enlarged look replaces the first
    (small candidates may also be a big die's pips, so the half-size look still runs)."""
    scales = []

    def find_at(frame, s, peak, *_):
        scales.append(s)
        return [net.Found(100, 100, 20 if s == 1.0 else 56, 0.9)]

    monkeypatch.setattr(net, "_find_at", find_at)
    found = net.find_dice(np.zeros((480, 640, 3), np.uint8))
    assert scales == [1.0, net.SIZE_AIM / 20, 0.5]
    assert found == [net.Found(100, 100, 56, 0.9)]  # the half look's 56 px is not big


def test_zoom_looks_closer(monkeypatch):
    scales = []
    monkeypatch.setattr(net, "_find_at", lambda frame, s, peak, *_: scales.append(s) or [])
    net.find_dice(np.zeros((1920, 2560, 3), np.uint8), zoom=2.0)
    net.find_dice(np.zeros((240, 320, 3), np.uint8), zoom=4.0)
    assert scales == [0.5, 0.125, 4.0, 0.5]  # then at half the work size, for big dice
    assert net.finder_size((240, 320), 4.0) == (640, 480)  # the finder sees 1280 x 0.5
