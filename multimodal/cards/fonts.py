"""Card fonts: the bundled DejaVu faces (see fonts/LICENSE-DejaVu.txt), and Debian's Noto CJK faces
(SIL Open Font Licence, package `fonts-noto-cjk`) for cards that print Chinese.

A card whose text holds Han characters is drawn entirely in Noto CJK (Simplified or Traditional
forms, by the text): `render_card` wraps its drawing in `script_fonts(...)`, so templates keep
asking for `font("sans", 22)` and get the face that can draw their text. Noto CJK also carries
Latin letters and digits, so mixed text renders in one face.

Line wrapping (`wrap_text`) breaks at spaces in spaced text and between characters in Chinese,
never starting a line with closing punctuation (`，。」）`...) nor ending one with opening
punctuation (`「（《`...).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from multimodal import language

FONT_DIR = Path(__file__).parent / "fonts"
FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "serif": "DejaVuSerif.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
}
CJK_FONT_DIR = Path("/usr/share/fonts/opentype/noto")
# face -> (collection file, index of the SC face; the TC face is the next one)
CJK_FACES = {
    "sans": ("NotoSansCJK-Regular.ttc", 2),
    "bold": ("NotoSansCJK-Bold.ttc", 2),
    "mono": ("NotoSansCJK-Regular.ttc", 7),
    "serif": ("NotoSerifCJK-Regular.ttc", 2),
    "italic": ("NotoSerifCJK-Regular.ttc", 2),
}
_CJK_VARIANT: ContextVar[str | None] = ContextVar("cjk_variant", default=None)


class FontMissing(ValueError):
    """A Chinese card needs the Noto CJK fonts; the message says how to install them."""


@contextmanager
def script_fonts(text: str) -> Iterator[None]:
    """Within the block, `font()` returns Noto CJK faces if `text` holds Han characters
    (Traditional forms when the text is Traditional), else the DejaVu faces."""
    variant = None
    if language.has_cjk(text):
        variant = "TC" if language.is_traditional(text) else "SC"
    token = _CJK_VARIANT.set(variant)
    try:
        yield
    finally:
        _CJK_VARIANT.reset(token)


def cjk_active() -> bool:
    """Whether the card being drawn prints Chinese (inside `script_fonts` with Han text)."""
    return _CJK_VARIANT.get() is not None


def font(face: str = "sans", size: int = 22) -> ImageFont.FreeTypeFont:
    if face not in FACES:
        raise ValueError(f"unknown font face {face!r}; known: {', '.join(FACES)}")
    variant = _CJK_VARIANT.get()
    return _cjk_font(face, size, variant) if variant else _font(face, size)


@lru_cache(maxsize=64)
def _font(face: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / FACES[face]), size)


@lru_cache(maxsize=64)
def _cjk_font(face: str, size: int, variant: str) -> ImageFont.FreeTypeFont:
    file, index = CJK_FACES[face]
    path = CJK_FONT_DIR / file
    if not path.is_file():
        raise FontMissing(f"{path} is missing: cards with Chinese text need Debian's Noto CJK fonts "
                          "(apt-get install fonts-noto-cjk, or run tools/system_deps.sh)")
    return ImageFont.truetype(str(path), size, index=index + (1 if variant == "TC" else 0))


def wrap_text(text: str, face: str, size: int, width: int) -> list[str]:
    """Wrap `text` to lines no wider than `width` pixels; blank lines are kept. Spaced text breaks
    at spaces; text with Chinese characters may also break between characters."""
    fnt = font(face, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if language.has_cjk(paragraph):
            lines += _wrap_cjk(paragraph.strip(), fnt, width)
        else:
            lines += _wrap_words(paragraph.split(), fnt, width)
    return lines


def _wrap_words(words: list[str], fnt: ImageFont.FreeTypeFont, width: int) -> list[str]:
    if not words:
        return [""]
    lines, line = [], words[0]
    for word in words[1:]:
        candidate = f"{line} {word}"
        if fnt.getlength(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    return [*lines, line]


_UNITS = re.compile(f"[^\\s{language.HAN}{re.escape(language.OPENING + language.NO_LINE_START)}]+|\\s+|.")


def _wrap_cjk(paragraph: str, fnt: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Greedy wrap by units (a Han character, a mark, a Latin word, a space run) with the two
    punctuation rules: a closing mark pulls the character before it onto the new line, and an
    opening mark at a line's end moves to the next line."""
    lines: list[str] = []
    units: list[str] = []
    for unit in _UNITS.findall(paragraph):
        if units and fnt.getlength("".join(units) + unit) > width and not unit.isspace():
            carry = _carry(units, unit)
            lines.append("".join(units[:len(units) - carry]).rstrip())
            units = units[len(units) - carry:]
            while units and units[0].isspace():
                units.pop(0)
        units.append(unit)
    return [*lines, "".join(units).rstrip()]


def _carry(units: list[str], nxt: str) -> int:
    """How many units at the end of a full line go to the next line with `nxt`."""
    carry = 0
    if nxt[0] in language.NO_LINE_START and len(units) > 1:
        carry = 1
        while carry < len(units) - 1 and units[-carry][0] in language.NO_LINE_START:
            carry += 1  # a run of closing marks moves with its character
    while carry < len(units) - 1 and units[-carry - 1][-1] in language.NO_LINE_END:
        carry += 1
    return carry
