"""vision.image_file: one way to load a photo file, saying why when it cannot be had."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from vision.image_file import UnreadableImage, jpeg_cut_short, load
from vision.synth import Die, render


def jpeg(**save) -> bytes:
    img, _ = render([Die(4, "white", (80, 60), 50, 20)], size=(160, 120), seed=5)
    out = io.BytesIO()
    Image.fromarray(img[:, :, ::-1]).save(out, "JPEG", quality=90, **save)
    return out.getvalue()


@pytest.mark.parametrize("kind", [{}, {"progressive": True}, {"optimize": True},
                                  {"exif": b"Exif\x00\x00" + b"\xff" * 40}])
def test_every_jpeg_cut_short_is_told_from_a_whole_one(kind):
    """Whole JPEGs of several kinds (progressive, optimised, an APP segment full of 0xff)
    are whole, with bytes after their end too; every shorter prefix is cut short."""
    data = jpeg(**kind)
    assert not jpeg_cut_short(data) and not jpeg_cut_short(data + b"\x00trailing")
    assert all(jpeg_cut_short(data[:n]) for n in range(2, len(data) - 1))


def test_a_folder_is_not_an_image(tmp_path):
    """A folder named like a photo (x.jpg) in a camera folder or a photo set."""
    (tmp_path / "x.jpg").mkdir()
    with pytest.raises(UnreadableImage, match="^a folder, not an image$"):
        load(tmp_path / "x.jpg")


def test_a_whole_photo_loads_and_a_cut_one_says_so(tmp_path):
    data = jpeg()
    (tmp_path / "whole.jpg").write_bytes(data)
    (tmp_path / "cut.jpg").write_bytes(data[: len(data) // 2])
    assert load(tmp_path / "whole.jpg").shape == (120, 160, 3)
    with pytest.raises(UnreadableImage, match="^cut short"):
        load(tmp_path / "cut.jpg")
