"""The camera: slight rotation and perspective (keystone), a photographed card on a surface with a shadow,
uneven light, sensor noise, softness and JPEG artefacts.

Functions take a card (RGB) and a seeded `numpy.random.Generator`; the same inputs give the same
pixels. `jpeg_bytes` is the one JPEG encoder of the cards (no metadata, fixed settings), so a JPEG
card is byte-identical from run to run.
"""

from __future__ import annotations

import io
from typing import Literal

import numpy as np
from PIL import Image, ImageFilter

from multimodal.cards.paper import smooth_noise

Surface = Literal["wood", "desk", "cloth", "table", "scanner"]
SURFACE_BASE = {"wood": (128, 88, 56), "desk": (46, 74, 58), "cloth": (92, 98, 112), "table": (196, 194, 188),
                "scanner": (238, 238, 236)}


def perspective_coeffs(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> list[float]:
    """Coefficients for `Image.transform(PERSPECTIVE)` mapping output corners `dst` to input corners `src`."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return [float(c) for c in np.linalg.solve(np.array(rows, dtype=np.float64), np.array(rhs, dtype=np.float64))]


def tilt(img: Image.Image, angle: float, keystone: float) -> Image.Image:
    """The card as RGBA (transparent outside it), narrowed at the top by `keystone` and rotated by `angle`."""
    card = img.convert("RGBA")
    w, h = card.size
    if keystone > 0:
        inset = keystone * w / 2
        dst = [(inset, keystone * h * 0.25), (w - inset, keystone * h * 0.25), (w, h), (0, h)]
        coeffs = perspective_coeffs([(0, 0), (w, 0), (w, h), (0, h)], dst)
        card = card.transform((w, h), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC)
    if angle:
        card = card.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    return card


def surface_texture(rng: np.random.Generator, size: tuple[int, int], surface: Surface) -> np.ndarray:
    """An (h, w, 3) float array: wood grain, leather desk, cloth weave, a plain table or a scanner lid."""
    w, h = size
    base = np.array(SURFACE_BASE[surface], dtype=np.float32)
    fine = rng.standard_normal((h, w), dtype=np.float32) * 3.0
    if surface == "wood":
        stretched = smooth_noise(rng, (max(2, w // 40), h), 3)
        streaks = np.asarray(Image.fromarray(((stretched + 1) * 127.5).astype(np.uint8), "L")
                             .resize((w, h), Image.Resampling.BICUBIC), dtype=np.float32) / 127.5 - 1
        yy = np.arange(h, dtype=np.float32)[:, None]
        grain = np.sin(yy / 5.0 + streaks * 6.0) * 10 + streaks * 14
        return np.clip(base + (grain + fine)[..., None] * np.array((1.0, 0.8, 0.6), dtype=np.float32), 0, 255)
    if surface == "cloth":
        yy, xx = np.mgrid[0:h, 0:w]
        weave = ((xx % 4 < 2) ^ (yy % 4 < 2)).astype(np.float32) * 6
        return np.clip(base + (weave + fine)[..., None], 0, 255)
    blotch = smooth_noise(rng, size, 80) * (8 if surface == "desk" else 3)
    return np.clip(base + (fine * (0.4 if surface == "scanner" else 1.0) + blotch)[..., None], 0, 255)


def lay_on(card: Image.Image, rng: np.random.Generator, surface: Surface, shadow: bool, margin: float) -> np.ndarray:
    """Composite an RGBA card onto a surface (with a soft drop shadow); returns an (h, w, 3) float array."""
    pad = int(max(card.size) * margin) + 8
    w, h = card.width + 2 * pad, card.height + 2 * pad
    out = surface_texture(rng, (w, h), surface)
    alpha = np.zeros((h, w), dtype=np.float32)
    alpha[pad:pad + card.height, pad:pad + card.width] = np.asarray(card.getchannel("A"), dtype=np.float32) / 255
    if shadow:
        dx, dy = int(max(card.size) * 0.012) + 3, int(max(card.size) * 0.018) + 4
        shifted = np.roll(np.roll(alpha, dy, axis=0), dx, axis=1)
        soft = np.asarray(Image.fromarray((shifted * 255).astype(np.uint8), "L")
                          .filter(ImageFilter.GaussianBlur(max(4, max(card.size) // 90))), dtype=np.float32) / 255
        out *= (1.0 - 0.55 * soft)[..., None]
    rgb = np.zeros((h, w, 3), dtype=np.float32)
    rgb[pad:pad + card.height, pad:pad + card.width] = np.asarray(card.convert("RGB"), dtype=np.float32)
    return out * (1 - alpha[..., None]) + rgb * alpha[..., None]


def light(arr: np.ndarray, rng: np.random.Generator, strength: float) -> np.ndarray:
    """Uneven light: a gradient from a seeded side, a vignette and a warm cast, scaled by `strength` (0..1)."""
    h, w = arr.shape[:2]
    fx = np.linspace(-0.5, 0.5, w, dtype=np.float32)
    fy = np.linspace(-0.5, 0.5, h, dtype=np.float32)
    angle = float(rng.uniform(0, 2 * np.pi))
    ramp = fx[None, :] * float(np.cos(angle)) + fy[:, None] * float(np.sin(angle))
    vignette = fx[None, :] ** 2 + fy[:, None] ** 2
    gain = 1.0 + float(strength) * (0.28 * ramp - 0.55 * vignette + 0.04)
    warm = np.array((1.0 + 0.03 * strength, 1.0, 1.0 - 0.07 * strength), dtype=np.float32)
    return (arr * gain[..., None] * warm).astype(np.float32)


def finish(arr: np.ndarray, rng: np.random.Generator, noise: float, blur: float) -> Image.Image:
    """Sensor noise (standard deviation `noise` in levels) and lens softness (`blur` pixels)."""
    if noise > 0:
        arr = arr + (rng.standard_normal(arr.shape[:2], dtype=np.float32) * noise)[..., None]
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
    return img.filter(ImageFilter.GaussianBlur(blur)) if blur > 0 else img


def jpeg_bytes(img: Image.Image, quality: int = 90) -> bytes:
    """JPEG bytes with fixed settings and no metadata (deterministic)."""
    out = io.BytesIO()
    img.convert("RGB").save(out, format="JPEG", quality=quality, optimize=False, progressive=False, subsampling=2)
    return out.getvalue()


def jpeg_artefacts(img: Image.Image, quality: int) -> Image.Image:
    """The image after one trip through JPEG at `quality` (blocking and ringing baked into the pixels)."""
    with Image.open(io.BytesIO(jpeg_bytes(img, quality))) as decoded:
        return decoded.convert("RGB")
