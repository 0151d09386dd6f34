"""Clue cards: images rendered with Pillow from a source spec, reproducibly (same spec, same pixels)."""

from multimodal.cards.render import CardSpec, load_card_specs, render_card, render_cards

__all__ = ["CardSpec", "load_card_specs", "render_card", "render_cards"]
