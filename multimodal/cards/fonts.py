"""The bundled DejaVu fonts (see fonts/LICENSE-DejaVu.txt); cards never depend on system fonts."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "serif": "DejaVuSerif.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
}


@lru_cache(maxsize=64)
def font(face: str = "sans", size: int = 22) -> ImageFont.FreeTypeFont:
    if face not in FACES:
        raise ValueError(f"unknown font face {face!r}; known: {', '.join(FACES)}")
    return ImageFont.truetype(str(FONT_DIR / FACES[face]), size)


def wrap_text(text: str, face: str, size: int, width: int) -> list[str]:
    """Greedy word wrap of `text` to lines no wider than `width` pixels; blank lines are kept."""
    fnt = font(face, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            candidate = f"{line} {word}"
            if fnt.getlength(candidate) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
