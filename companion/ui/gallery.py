"""Write every example screen as a PNG scaled up, so a person can look at them.

    python -m companion.ui.gallery OUTDIR [--scale 4]

One file per example and display size (e.g. `turn-128x64.png`), each pixel of the
OLED drawn as a SCALE x SCALE square (nearest neighbour, no smoothing).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image

from .examples import SCREENS, SIZES
from .render import render


def golden_name(name: str, size: tuple[int, int]) -> str:
    """The file name of one example at one display size (also the golden's name)."""
    return f"{name}-{size[0]}x{size[1]}.png"


def scaled(image: Image.Image, scale: int) -> Image.Image:
    return image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)


def write(outdir: Path, scale: int = 4) -> list[Path]:
    """Render every example at every size into `outdir`; return the files written."""
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, screen in SCREENS.items():
        for size in SIZES:
            path = outdir / golden_name(name, size)
            scaled(render(screen, size), scale).save(path)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.ui.gallery", description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--scale", type=int, default=4, help="pixels per OLED pixel (default 4)")
    args = parser.parse_args(argv)
    for path in write(args.outdir, args.scale):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
