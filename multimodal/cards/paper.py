"""Paper and ink: textured, aged, lined or squared paper under a card's ink, folds, stains, rubber stamps.

Every function takes a rendered card (RGB) and a seeded `numpy.random.Generator` and returns a new
image; the same card and seed give the same pixels. The card's flat background colour is found
(the most common colour) and replaced by the paper: ink keeps its darkness relative to that
background, so any template (documents, receipts, drawings) can be put on paper.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
from PIL import Image, ImageColor, ImageDraw, ImageFilter

from multimodal.cards.typefaces import face_font

PaperKind = Literal["plain", "textured", "aged", "lined", "squared"]
PAPER_BASE = {"plain": (255, 255, 255), "textured": (246, 243, 234), "aged": (233, 219, 184),
              "lined": (250, 250, 245), "squared": (250, 250, 247)}
RULE = np.array((150, 175, 215), dtype=np.float32)
MARGIN_RULE = np.array((215, 120, 120), dtype=np.float32)


def smooth_noise(rng: np.random.Generator, size: tuple[int, int], cells: int) -> np.ndarray:
    """Low-frequency noise in [-1, 1] of shape (h, w): a coarse random grid resized smoothly."""
    w, h = size
    gw, gh = max(2, w // cells), max(2, h // cells)
    grid = ((rng.random((gh, gw)) * 255).astype(np.uint8))
    big = Image.fromarray(grid, "L").resize((w, h), Image.Resampling.BICUBIC)
    return np.asarray(big, dtype=np.float32) / 127.5 - 1.0


def background_colour(img: Image.Image) -> tuple[np.ndarray, float]:
    """The most common colour of the card (its paper) and the share of pixels it covers (subsampled)."""
    px = np.asarray(img.convert("RGB"))[::4, ::4].reshape(-1, 3).astype(np.int32)
    packed = (px[:, 0] << 16) | (px[:, 1] << 8) | px[:, 2]
    values, counts = np.unique(packed, return_counts=True)
    top = int(np.argmax(counts))
    v = int(values[top])
    return np.array(((v >> 16) & 255, (v >> 8) & 255, v & 255), dtype=np.float32), float(counts[top] / len(packed))


def paper_texture(rng: np.random.Generator, size: tuple[int, int], kind: PaperKind) -> np.ndarray:
    """An (h, w, 3) float array of paper: fibre grain, blotches; aged paper yellows towards its edges."""
    w, h = size
    base = np.array(PAPER_BASE[kind], dtype=np.float32)
    if kind == "plain":
        return np.broadcast_to(base, (h, w, 3)).copy()
    grain = rng.standard_normal((h, w), dtype=np.float32) * (2.2 if kind != "aged" else 3.0)
    blotch = smooth_noise(rng, size, 60) * (3.0 if kind != "aged" else 7.0)
    paper = base + (grain + blotch)[..., None]
    if kind == "aged":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        edge = np.minimum.reduce([xx, w - 1 - xx, yy, h - 1 - yy]) / (0.12 * min(w, h))
        paper -= (np.clip(1.0 - edge, 0, 1) ** 2 * 28.0)[..., None] * np.array((0.8, 1.0, 1.6), dtype=np.float32)
        for _ in range(int(rng.integers(6, 14))):  # foxing: small brown spots
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(2, 7)
            x0, x1, y0, y1 = max(0, int(cx - r)), min(w, int(cx + r) + 1), max(0, int(cy - r)), min(h, int(cy + r) + 1)
            spot = np.clip(1.0 - ((xx[y0:y1, x0:x1] - cx) ** 2 + (yy[y0:y1, x0:x1] - cy) ** 2) / (r * r), 0, 1)
            paper[y0:y1, x0:x1] -= spot[..., None] * np.array((25, 40, 60), dtype=np.float32)
    return np.clip(paper, 0, 255)


def ink_rows(darkness: np.ndarray) -> list[tuple[int, int]]:
    """Runs of rows (top, bottom) holding ink: the text lines a ruled sheet lines up under."""
    inked = darkness[:, darkness.shape[1] // 12: -darkness.shape[1] // 12 or None].max(axis=1) > 0.35
    runs, start = [], None
    for y, on in enumerate(inked):
        if on and start is None:
            start = y
        elif not on and start is not None:
            runs.append((start, y))
            start = None
    return [(a, b) for a, b in runs if b - a >= 6]


def rule_paper(paper: np.ndarray, darkness: np.ndarray, kind: PaperKind) -> None:
    """Draw ruled lines under the text lines (and on at the same pitch), or a square grid, into `paper`."""
    h, w = darkness.shape
    rows = ink_rows(darkness)
    pitch = int(np.median(np.diff([a for a, _ in rows]))) if len(rows) > 2 else 40
    pitch = max(18, min(pitch, 80))
    if kind == "squared":
        for y in range(pitch // 2, h, pitch // 2):
            paper[y, :] = paper[y, :] * 0.6 + RULE * 0.4
        for x in range(pitch // 2, w, pitch // 2):
            paper[:, x] = paper[:, x] * 0.6 + RULE * 0.4
        return
    anchor = rows[0][1] + 3 if rows else pitch
    lines = set(range(anchor % pitch, h, pitch)) | {b + 3 for _, b in rows if b + 3 < h}
    for y in sorted(lines):
        if y > 2:
            paper[y, :] = paper[y, :] * 0.45 + RULE * 0.55
    x = max(8, int(w * 0.05))
    paper[:, x:x + 2] = paper[:, x:x + 2] * 0.4 + MARGIN_RULE * 0.6


def put_on_paper(img: Image.Image, rng: np.random.Generator, kind: PaperKind, ink: str | None,
                 ink_wear: float) -> Image.Image:
    """Replace the card's flat background by paper; optionally recolour the ink and wear it unevenly.

    A card without a flat background (a photograph, a collage sheet: no colour covers 20% of it) is
    returned unchanged, since there is no paper to replace.
    """
    colour, share = background_colour(img)
    if share < 0.2:
        return img
    card = np.asarray(img.convert("RGB"), dtype=np.float32)
    bg = np.maximum(colour, 1.0)
    ratio = np.clip(card / bg, 0.0, 1.0)
    darkness = 1.0 - ratio.mean(axis=2)
    h, w = darkness.shape
    paper = paper_texture(rng, (w, h), kind)
    if kind in ("lined", "squared"):
        rule_paper(paper, darkness, kind)
    if ink_wear > 0:
        wear = 1.0 - ink_wear * (0.5 + 0.5 * smooth_noise(rng, (w, h), 9)) * rng.uniform(0.6, 1.0, (h, w))
        ratio = 1.0 - (1.0 - ratio) * np.clip(wear, 0.2, 1.0)[..., None]
        darkness = 1.0 - ratio.mean(axis=2)
    out = paper * ratio
    if ink is not None:
        colour = np.array(ImageColor.getrgb(ink)[:3], dtype=np.float32)
        a = np.clip(darkness * 1.15, 0, 1)[..., None]
        out = out * (1 - a) + (paper * colour / 255.0) * a
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "RGB")


def warp(img: Image.Image, rng: np.random.Generator, amount: float) -> Image.Image:
    """Let the ink wander: a smooth displacement of up to `amount` pixels (a hand never keeps a line
    straight). Bilinear resampling keeps the strokes smooth."""
    if amount <= 0:
        return img
    arr = np.asarray(img.convert("RGB"), dtype=np.float32)
    h, w = arr.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    sx = np.clip(xx + smooth_noise(rng, (w, h), 150) * amount, 0, w - 1.001)
    sy = np.clip(yy + smooth_noise(rng, (w, h), 90) * amount, 0, h - 1.001)
    x0, y0 = sx.astype(np.int32), sy.astype(np.int32)
    fx, fy = (sx - x0)[..., None], (sy - y0)[..., None]
    top = arr[y0, x0] * (1 - fx) + arr[y0, x0 + 1] * fx
    bottom = arr[y0 + 1, x0] * (1 - fx) + arr[y0 + 1, x0 + 1] * fx
    return Image.fromarray(np.clip(top * (1 - fy) + bottom * fy, 0, 255).astype(np.uint8), "RGB")


def fold(img: Image.Image, rng: np.random.Generator, folds: int) -> Image.Image:
    """Creases: 1 across the middle, 2 = a letter folded in three, 3 = in three and once down the middle."""
    if folds <= 0:
        return img
    arr = np.asarray(img, dtype=np.float32).copy()
    h, w = arr.shape[:2]
    cuts = [h // 2] if folds == 1 else [h // 3, 2 * h // 3]
    shade = 1.0
    for i, y in enumerate([0, *cuts]):
        end = cuts[i] if i < len(cuts) else h
        shade = 1.0 if i % 2 == 0 else 0.955
        ramp = np.linspace(shade, shade * 0.985, max(1, end - y), dtype=np.float32)
        arr[y:end] *= ramp[:, None, None]
    for y in cuts:
        jitter = int(rng.integers(-2, 3))
        arr[y + jitter] *= 0.72
        arr[y + jitter + 1: y + jitter + 3] = np.minimum(arr[y + jitter + 1: y + jitter + 3] * 1.06 + 6, 255)
    if folds >= 3:
        x = w // 2
        arr[:, x] *= 0.75
        arr[:, x + 1:x + 3] = np.minimum(arr[:, x + 1:x + 3] * 1.05 + 5, 255)
        arr[:, x + 3:] *= 0.975
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def stain(img: Image.Image, rng: np.random.Generator, stains: int) -> Image.Image:
    """Coffee rings and blots, translucent so the text under them stays readable."""
    if stains <= 0:
        return img
    w, h = img.size
    layer = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(layer)
    for i in range(stains):
        cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
        r = rng.uniform(0.06, 0.13) * min(w, h) + 20
        if i % 2 == 0:  # a cup ring: a rim of uneven width
            for k in range(48):
                t0 = k * 2 * math.pi / 48
                rr = r * (1 + rng.uniform(-0.02, 0.02))
                width = int(rng.integers(2, 7))
                draw.arc((cx - rr, cy - rr * 0.95, cx + rr, cy + rr * 0.95), math.degrees(t0),
                         math.degrees(t0) + 8.5, fill=int(rng.integers(60, 110)), width=width)
            draw.ellipse((cx - r, cy - r * 0.95, cx + r, cy + r * 0.95), outline=None, fill=None)
        else:  # a blot
            pts = [(cx + r * 0.6 * (1 + 0.35 * rng.standard_normal()) * math.cos(t),
                    cy + r * 0.6 * (1 + 0.35 * rng.standard_normal()) * math.sin(t))
                   for t in np.linspace(0, 2 * math.pi, 14, endpoint=False)]
            draw.polygon(pts, fill=55)
    alpha = np.asarray(layer.filter(ImageFilter.GaussianBlur(2.2)), dtype=np.float32) / 255.0
    tint = np.array((0.86, 0.68, 0.46), dtype=np.float32)  # brown: blue absorbed most
    arr = np.asarray(img, dtype=np.float32) * (1.0 - alpha[..., None] * (1.0 - tint))
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def stamp_image(text: str, colour: str, shape: str, size: int, rng: np.random.Generator) -> Image.Image:
    """A rubber stamp impression (RGBA): bordered text with uneven, speckled ink."""
    lines = [part.strip() for part in text.split("\n") if part.strip()] or [text]
    fnt = face_font("bold", size)
    tw = int(max(fnt.getlength(line) for line in lines))
    th = int(size * 1.25 * len(lines))
    pad = size // 2 if shape == "box" else size
    w, h = tw + 2 * pad, th + 2 * pad
    if shape == "circle":
        w = h = max(w, h)
    mask = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(mask)
    line_w = max(3, size // 8)
    if shape == "box":
        draw.rectangle((2, 2, w - 3, h - 3), outline=255, width=line_w)
        draw.rectangle((line_w + 5, line_w + 5, w - line_w - 6, h - line_w - 6), outline=255, width=max(1, line_w // 2))
    else:
        draw.ellipse((2, 2, w - 3, h - 3), outline=255, width=line_w)
    for i, line in enumerate(lines):
        x = (w - fnt.getlength(line)) / 2
        draw.text((x, (h - th) / 2 + i * size * 1.25), line, font=fnt, fill=255)
    alpha = np.asarray(mask, dtype=np.float32) / 255.0
    patchy = 0.72 + 0.28 * smooth_noise(rng, (w, h), 14)
    speckle = rng.random((h, w)) > 0.12
    alpha = alpha * np.clip(patchy, 0.35, 1.0) * speckle * 0.88
    rgba = np.zeros((h, w, 4), dtype=np.uint8)
    rgba[..., :3] = ImageColor.getrgb(colour)[:3]
    rgba[..., 3] = (alpha * 255).astype(np.uint8)
    return Image.fromarray(rgba, "RGBA")


def press_stamp(img: Image.Image, rng: np.random.Generator, text: str, colour: str, shape: str,
                x: float | None, y: float | None, angle: float | None) -> Image.Image:
    """Press a stamp onto the card at (x, y) (fractions of the card; seeded when None), rotated by `angle`."""
    size = max(22, min(img.width, img.height) // 11)
    mark = stamp_image(text, colour, shape, size, rng)
    turn = float(angle if angle is not None else rng.uniform(-18, 18))
    mark = mark.rotate(turn, resample=Image.Resampling.BICUBIC, expand=True)
    fx = x if x is not None else rng.uniform(0.3, 0.7)
    fy = y if y is not None else rng.uniform(0.3, 0.7)
    left = int(np.clip(fx * img.width - mark.width / 2, 0, max(0, img.width - mark.width)))
    top = int(np.clip(fy * img.height - mark.height / 2, 0, max(0, img.height - mark.height)))
    # ink multiplies with what is under it, as a real stamp over printed text does
    under = np.asarray(img.convert("RGB"), dtype=np.float32)
    a = np.asarray(mark, dtype=np.float32)
    region = under[top:top + a.shape[0], left:left + a.shape[1]]
    a = a[:region.shape[0], :region.shape[1]]
    alpha = a[..., 3:4] / 255.0
    region[:] = region * (1 - alpha) + region * (a[..., :3] / 255.0) * alpha
    return Image.fromarray(np.clip(under, 0, 255).astype(np.uint8), "RGB")
