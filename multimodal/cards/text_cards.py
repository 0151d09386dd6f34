"""Text-rich card templates: documents (letters, reports, notes, tickets), chat screenshots, receipts.

These cards carry their information as printed words, so OCR can read them; the legibility test
requires tesseract to recover at least 90% of each card's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from PIL import Image, ImageDraw, ImageFont
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from multimodal.cards.typefaces import ALL_FACES, face_font, wrap_lines

PAPER = {"letter": (250, 246, 235), "report": (255, 255, 255), "note": (255, 249, 196),
         "ticket": (232, 242, 255), "telegram": (245, 236, 210)}
INK = (25, 25, 35)


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def known_face(value: str) -> str:
    if value not in ALL_FACES:
        raise ValueError(f"unknown font face {value!r}; known: {', '.join(ALL_FACES)}")
    return value


Face = Annotated[str, AfterValidator(known_face)]


class DocumentParams(Params):
    style: Literal["letter", "report", "note", "ticket", "telegram"] = "letter"
    heading: str = ""
    subheading: str = ""
    body: str = Field(min_length=1)
    signature: str = ""
    footer: str = ""
    width: int = Field(default=900, ge=300, le=2000)
    font: Face = "serif"
    heading_font: Face = "bold"
    signature_font: Face = "italic"
    size: int = Field(default=26, ge=14, le=60)


class ChatMessage(Params):
    sender: str
    time: str = ""
    text: str = Field(min_length=1)
    mine: bool = False


class ChatParams(Params):
    title: str = Field(min_length=1)
    messages: list[ChatMessage] = Field(min_length=1)
    width: int = Field(default=800, ge=300, le=2000)
    size: int = Field(default=24, ge=14, le=60)


class ReceiptLine(Params):
    item: str
    price: str


class ReceiptParams(Params):
    shop: str = Field(min_length=1)
    address: str = ""
    when: str = ""
    lines: list[ReceiptLine] = Field(min_length=1)
    total: str = ""
    total_label: str = "TOTAL"  # "合计" on a Chinese receipt
    payment: str = ""
    footer: str = ""
    width: int = Field(default=640, ge=300, le=1200)
    size: int = Field(default=24, ge=14, le=60)
    font: Face = "mono"


def draw_lines(draw: ImageDraw.ImageDraw, lines: list[str], x: int, y: int, face: str, size: int,
               fill: tuple[int, int, int] = INK, spacing: float = 1.45) -> int:
    """Draw lines top-down from (x, y); return the y below the last line."""
    fnt = face_font(face, size)
    step = round(size * spacing)
    for line in lines:
        draw.text((x, y), line, font=fnt, fill=fill)
        y += step
    return y


def render_document(p: DocumentParams) -> Image.Image:
    margin, text_w = 60, p.width - 120
    parts: list[tuple[list[str], str, int]] = []
    if p.heading:
        parts.append((wrap_lines(p.heading, p.heading_font, p.size + 8, text_w), p.heading_font, p.size + 8))
    if p.subheading:
        parts.append((wrap_lines(p.subheading, "sans", p.size - 2, text_w), "sans", p.size - 2))
    parts.append((wrap_lines(p.body, p.font, p.size, text_w), p.font, p.size))
    if p.signature:
        parts.append((wrap_lines(p.signature, p.signature_font, p.size, text_w), p.signature_font, p.size))
    if p.footer:
        parts.append((wrap_lines(p.footer, "sans", p.size - 4, text_w), "sans", p.size - 4))
    height = margin * 2 + sum(round(size * 1.45) * len(lines) + p.size for lines, _, size in parts)
    img = Image.new("RGB", (p.width, height), PAPER[p.style])
    draw = ImageDraw.Draw(img)
    draw.rectangle((12, 12, p.width - 13, height - 13), outline=(150, 140, 120), width=3)
    if p.style == "ticket":
        for y in range(30, height - 30, 28):
            draw.ellipse((p.width - 40, y, p.width - 30, y + 10), fill=(200, 210, 230))
    y = margin
    for lines, face, size in parts:
        y = draw_lines(draw, lines, margin, y, face, size) + p.size
    return img


def render_chat(p: ChatParams) -> Image.Image:
    bubble_w = int(p.width * 0.72)
    header_h = p.size * 3
    blocks = [(m, wrap_lines(m.text, "sans", p.size, bubble_w - 40)) for m in p.messages]
    line_h = round(p.size * 1.4)
    height = header_h + 30 + sum(len(lines) * line_h + p.size * 2 + 40 for _, lines in blocks)
    img = Image.new("RGB", (p.width, height), (236, 229, 221))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, p.width, header_h), fill=(7, 94, 84))
    draw.text((30, header_h // 3), p.title, font=face_font("bold", p.size + 2), fill=(255, 255, 255))
    y = header_h + 20
    for msg, lines in blocks:
        box_h = len(lines) * line_h + p.size * 2 + 20
        x0 = p.width - bubble_w - 20 if msg.mine else 20
        colour = (220, 248, 198) if msg.mine else (255, 255, 255)
        draw.rounded_rectangle((x0, y, x0 + bubble_w, y + box_h), radius=14, fill=colour)
        label = f"{msg.sender}  {msg.time}".strip()
        draw.text((x0 + 20, y + 10), label, font=face_font("bold", p.size - 4), fill=(40, 90, 140))
        draw_lines(draw, lines, x0 + 20, y + 10 + p.size + 4, "sans", p.size, spacing=1.4)
        y += box_h + 20
    return img


def spread(mono: ImageFont.FreeTypeFont, chars: int, left: str, right: str) -> str:
    """`left` and `right` on one row of `chars` monospace cells; a Han character fills two cells."""
    cell = mono.getlength("M")
    used = round((mono.getlength(left) + mono.getlength(right)) / cell)
    return f"{left}{' ' * max(1, chars - used)}{right}"


def render_receipt(p: ReceiptParams) -> Image.Image:
    mono = face_font(p.font, p.size)
    chars = max(20, int((p.width - 60) / mono.getlength("M")))
    rows: list[str] = [p.shop.upper().center(chars)]
    rows += [line.center(chars) for line in wrap_lines(p.address, p.font, p.size, p.width - 60) if line]
    if p.when:
        rows.append(p.when.center(chars))
    rows.append("-" * chars)
    for line in p.lines:
        rows.append(spread(mono, chars, line.item, line.price))
    rows.append("-" * chars)
    if p.total:
        rows.append(spread(mono, chars, p.total_label, p.total))
    if p.payment:
        rows.append(p.payment)
    if p.footer:
        rows += [""] + wrap_lines(p.footer, p.font, p.size, p.width - 60)
    height = 80 + round(p.size * 1.5) * len(rows)
    img = Image.new("RGB", (p.width, height), (252, 252, 248))
    draw = ImageDraw.Draw(img)
    draw_lines(draw, rows, 30, 40, p.font, p.size, spacing=1.5)
    return img


TEXT_TEMPLATES: dict[str, tuple[type[BaseModel], Callable[[Any], Image.Image]]] = {
    "document": (DocumentParams, render_document),
    "chat": (ChatParams, render_chat),
    "receipt": (ReceiptParams, render_receipt),
}
