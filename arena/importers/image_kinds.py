"""Deciding which imported images are text-rich and which media-rich, when the source does not say.

WhodunitBench ships clue images without saying which question is about which image. Its
text-rich questions (`ei_q`) are about documents, chats and notes, its media-rich ones (`cxi_q`)
about plans, maps and photos. The rule used here:

1. score every image by its share of "paper" pixels (bright, unsaturated): documents and
   screenshots score high, chalkboard plans, photos and dark scenes low;
2. mark the highest-scoring images `text_rich` and the rest `media_rich`, in the proportion of the
   case's text-rich to media-rich question counts (at least one of each kind when the case has
   questions of both kinds and two or more images); ties break by file order. A single image
   asked about by both kinds is text-rich when half of it or more is paper.

The scores are recorded in the case metadata, so the decision can be checked and overridden.
"""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image

from arena.scripts.schema import ImageKind

THUMB = 256
SINGLE_IMAGE_PAPER = 0.5  # a lone image serving both suites is text-rich when half of it is paper


def paper_share(data: bytes) -> float:
    """Share of pixels that look like paper or a white screen (value > 0.85, saturation < 0.15)."""
    with Image.open(io.BytesIO(data)) as source:
        img = source.convert("RGB")
    img.thumbnail((THUMB, THUMB))
    hsv = np.asarray(img.convert("HSV"), dtype=np.float32) / 255.0
    light = (hsv[..., 2] > 0.85) & (hsv[..., 1] < 0.15)
    return round(float(light.mean()), 4)


def text_rich_count(images: int, text_questions: int, media_questions: int) -> int:
    """How many of `images` to call text-rich, in proportion to the two question counts."""
    if images == 0:
        return 0
    total = text_questions + media_questions
    if total == 0:
        return images
    count = math.floor(images * text_questions / total + 0.5)
    if text_questions and images >= 2:
        count = max(count, 1)
    if media_questions and images >= 2:
        count = min(count, images - 1)
    if not media_questions:
        count = images
    if not text_questions:
        count = 0
    return count


def assign_kinds(scores: list[float], text_questions: int, media_questions: int) -> list[ImageKind]:
    """Kinds for images with these paper scores (same order as `scores`)."""
    if len(scores) == 1 and text_questions and media_questions:
        return [ImageKind.TEXT_RICH if scores[0] >= SINGLE_IMAGE_PAPER else ImageKind.MEDIA_RICH]
    count = text_rich_count(len(scores), text_questions, media_questions)
    ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    text = set(ranked[:count])
    return [ImageKind.TEXT_RICH if i in text else ImageKind.MEDIA_RICH for i in range(len(scores))]
