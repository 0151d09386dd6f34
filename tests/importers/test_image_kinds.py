"""Text-rich / media-rich split of images no question names: paper share, proportional, one of each."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from arena.importers.image_kinds import assign_kinds, paper_share, text_rich_count
from arena.scripts.schema import ImageKind


def png(colour: str, text: bool = False) -> bytes:
    img = Image.new("RGB", (200, 120), colour)
    if text:
        ImageDraw.Draw(img).text((10, 10), "A letter\nsigned R", fill="black")
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def test_paper_share_separates_documents_from_dark_scenes() -> None:
    assert paper_share(png("white", text=True)) > 0.9
    assert paper_share(png("#202030")) == 0.0
    assert paper_share(png("#e04040")) == 0.0  # bright but saturated: not paper


def test_text_rich_count_follows_question_proportion_with_one_of_each() -> None:
    assert text_rich_count(9, 27, 18) == 5
    assert text_rich_count(11, 21, 17) == 6
    assert text_rich_count(4, 100, 1) == 3 and text_rich_count(4, 1, 100) == 1
    assert text_rich_count(3, 5, 0) == 3 and text_rich_count(3, 0, 5) == 0
    assert text_rich_count(0, 5, 5) == 0


def test_assign_kinds_ranks_by_score_and_breaks_ties_by_order() -> None:
    kinds = assign_kinds([0.1, 0.9, 0.5, 0.5], 1, 1)
    assert kinds == [ImageKind.MEDIA_RICH, ImageKind.TEXT_RICH, ImageKind.TEXT_RICH, ImageKind.MEDIA_RICH]
    kinds = assign_kinds([0.5, 0.5, 0.0, 0.0], 3, 1)
    assert kinds[:2] == [ImageKind.TEXT_RICH, ImageKind.TEXT_RICH] and kinds[3] is ImageKind.MEDIA_RICH
