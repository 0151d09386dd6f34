"""Typefaces from Debian font packages: handwriting, typewriter and book faces for realistic cards.

The bundled DejaVu faces (`multimodal.cards.fonts`) stay the default; these faces are installed by
`make setup` (`tools/system_deps.sh`) and read from `/usr/share/fonts`, never downloaded. Use them
by name wherever a card takes a face (`font: hand_pen` in a document's params, or `face:` in a
look). `face_font(name, size)` returns the Pillow font for any face, bundled or system.

| face | package | licence | looks like |
|---|---|---|---|
| hand_print | fonts-humor-sans | OFL-1.1 | block capitals, felt pen |
| hand_marker | fonts-rufscript | GPL-3+ with font exception | rounded marker hand |
| hand_pen | fonts-dkg-handwriting | GPL-3+ | everyday ballpoint hand |
| hand_cursive | fonts-dancingscript | OFL-1.1 | joined cursive |
| hand_scrawl | fonts-kristi | OFL-1.1 | hurried felt-tip scrawl |
| typewriter | fonts-gnutypewriter | OFL-1.1 | inked typewriter |
| courier | fonts-courier-prime | OFL-1.1 | clean typewriter |
| book | fonts-ebgaramond | OFL-1.1 | Garamond book face |
| book_old | fonts-goudybookletter | public domain | 1911 book face |
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from multimodal.cards import fonts
from multimodal.cards.fonts import FontMissing


@dataclass(frozen=True)
class SystemFace:
    package: str
    path: str
    licence: str
    handwriting: bool = False


SYSTEM_FACES: dict[str, SystemFace] = {
    "hand_print": SystemFace("fonts-humor-sans", "/usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf",
                             "OFL-1.1", True),
    "hand_marker": SystemFace("fonts-rufscript", "/usr/share/fonts/truetype/rufscript/Rufscript010.ttf",
                              "GPL-3+ with font exception", True),
    "hand_pen": SystemFace("fonts-dkg-handwriting", "/usr/share/fonts/truetype/fifthhorseman/dkg.ttf",
                           "GPL-3+", True),
    "hand_cursive": SystemFace("fonts-dancingscript",
                               "/usr/share/fonts/opentype/dancingscript/DancingScript-Regular.otf", "OFL-1.1", True),
    "hand_scrawl": SystemFace("fonts-kristi", "/usr/share/fonts/truetype/kristi/Kristi.ttf", "OFL-1.1", True),
    "typewriter": SystemFace("fonts-gnutypewriter", "/usr/share/fonts/truetype/gnutypewriter/GNUTypewriter.ttf",
                             "OFL-1.1"),
    "courier": SystemFace("fonts-courier-prime", "/usr/share/fonts/opentype/courier-prime/Courier Prime.otf",
                          "OFL-1.1"),
    "book": SystemFace("fonts-ebgaramond", "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf", "OFL-1.1"),
    "book_old": SystemFace("fonts-goudybookletter", "/usr/share/fonts/opentype/sortsmill/GoudyBookletter1911.otf",
                           "public domain"),
}
HANDWRITING = frozenset(name for name, face in SYSTEM_FACES.items() if face.handwriting)
ALL_FACES = (*fonts.FACES, *SYSTEM_FACES)


def missing_packages() -> list[str]:
    """Debian packages of system faces that are not installed here (empty when all are)."""
    return sorted({face.package for face in SYSTEM_FACES.values() if not Path(face.path).is_file()})


# Debian's handwriting, typewriter and book faces have no Han glyphs: on a Chinese card (inside
# `fonts.script_fonts`) each stands in as the nearest Noto CJK face.
CJK_STAND_INS = {"typewriter": "mono", "courier": "mono", "book": "serif", "book_old": "serif"}


def stand_in(face: str) -> str:
    """The bundled face drawn for `face`: itself, or its Noto CJK stand-in on a Chinese card."""
    if face in SYSTEM_FACES and fonts.cjk_active():
        return CJK_STAND_INS.get(face, "serif")
    return face


def face_font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """The font for a bundled face (sans, serif, mono, bold, italic) or a system face (table above).

    Bundled faces go through `fonts.font` on every call (never cached here): inside
    `fonts.script_fonts` the same face name stands for a Noto CJK font, so a cache keyed by face and
    size alone would hand a Latin font to a Chinese card drawn after an English one."""
    system = SYSTEM_FACES.get(face)
    if system is None or fonts.cjk_active():
        if face not in fonts.FACES and system is None:
            raise ValueError(f"unknown font face {face!r}; known: {', '.join(ALL_FACES)}")
        return fonts.font(stand_in(face), size)
    return _system_font(face, size)


@lru_cache(maxsize=128)
def _system_font(face: str, size: int) -> ImageFont.FreeTypeFont:
    system = SYSTEM_FACES[face]
    if not Path(system.path).is_file():
        raise FontMissing(f"font face {face!r} needs the Debian package {system.package} ({system.path} is missing); "
                          f"install it with `make setup` (tools/system_deps.sh) or apt-get install {system.package}")
    return ImageFont.truetype(system.path, size)


def wrap_lines(text: str, face: str, size: int, width: int) -> list[str]:
    """`fonts.wrap_text` for any face: bundled faces wrap there; system faces wrap with the same rule."""
    if face in fonts.FACES or fonts.cjk_active():
        return fonts.wrap_text(text, stand_in(face), size, width)
    fnt = face_font(face, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and fnt.getlength(candidate) > width:
                lines.append(line)
                candidate = word
            line = candidate
        lines.append(line)
    return lines
