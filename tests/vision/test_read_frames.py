"""What `vision.read(frame)` does with frames other than the camera's H x W x 3 uint8:
a frame it cannot read is refused with a ValueError that says what it needs, never an
OpenCV assertion or a silent "no dice"."""

import numpy as np
import pytest

import vision
from vision.synth import Die, render


@pytest.fixture(scope="module")
def scene():
    img, _ = render([Die(5, "white", (160, 120), 56, 0)], size=(320, 240), seed=1)
    return img


@pytest.mark.parametrize(
    "make",
    [
        lambda img: img.astype(np.float32),  # 0-255 floats
        lambda img: img.astype(np.float32) / 255,  # 0-1 floats: read as no dice
        lambda img: img.astype(np.float64),
        lambda img: img.astype(np.uint16) * 257,  # a 16-bit PNG read unchanged
        lambda img: img.astype(np.int64),
        lambda img: img > 128,
    ],
    ids=["float32", "float32 0-1", "float64", "uint16", "int64", "bool"],
)
def test_a_frame_of_another_type_than_uint8_is_refused_saying_so(scene, make):
    frame = make(scene)
    with pytest.raises(ValueError, match="uint8") as refused:
        vision.read(frame)
    assert str(frame.dtype) in str(refused.value)


def test_a_frame_of_views_reads_as_its_copy(scene):
    """Non-contiguous views (every second pixel, mirrored, channels turned) read as
    their contiguous copies do."""
    for view in (scene[::2, ::2], scene[:, ::-1], scene.transpose(1, 0, 2)):
        assert vision.read(view) == vision.read(np.ascontiguousarray(view))


@pytest.mark.parametrize("shape", [(0, 0, 3), (10, 0, 3), (0, 640, 3)])
def test_an_empty_frame_is_refused_saying_so(shape):
    with pytest.raises(ValueError, match="no pixels"):
        vision.read(np.zeros(shape, np.uint8))


@pytest.mark.parametrize("shape", [(1, 1, 3), (4, 4, 3), (2, 5000, 3), (5000, 1, 3)])
def test_a_frame_too_small_or_thin_for_dice_reads_as_none(shape):
    assert vision.read(np.full(shape, 128, np.uint8)) == []


@pytest.mark.parametrize(
    "frame, said",
    [
        (np.zeros((240, 320), np.uint8), "(240, 320)"),  # grey
        (np.zeros((240, 320, 1), np.uint8), "(240, 320, 1)"),
        (np.zeros((240, 320, 4), np.uint8), "(240, 320, 4)"),  # picamera2's XBGR8888
        (None, "None"),
    ],
)
def test_a_frame_of_other_than_three_channels_is_refused_saying_what_it_is(frame, said):
    """"needs a BGR colour frame" told a 4-channel colour frame's caller nothing."""
    with pytest.raises(ValueError, match="H x W x 3") as refused:
        vision.read(frame)
    assert said in str(refused.value)
