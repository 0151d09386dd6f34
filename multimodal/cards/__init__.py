"""Clue cards: images rendered with Pillow from a source spec, reproducibly (same spec, same bytes).

- `render`: `CardSpec` (`file`, `template`, `params`, `look`), `render_card` -> PIL image,
  `card_bytes` -> PNG or JPEG bytes by the file's suffix, `render_cards` for a case folder,
  `TEMPLATES` (name -> params model, render function).
- Templates: `text_cards` (document, chat, receipt), `media_cards` (clock, floorplan, route_map,
  objects, bar_chart), `clocks` (timepiece), `gauges` (thermometer), `plans` (furnished_plan,
  street_map), `scenes` (cctv), `exhibits` (evidence), `charts` (seating_chart, timetable),
  `collage`; `examples.EXAMPLES` has one spec of each newer kind.
- Looks: `look` (presets, `resolve_look`, `apply_look`, `legibility_class`), built from `paper`
  (paper, ink, folds, stains, stamps) and `photo` (tilt, keystone, surface, light, JPEG).
- Typefaces: `fonts` (bundled DejaVu), `typefaces` (handwriting, typewriter and book faces from
  Debian packages). Legibility: `legibility` (OCR word recovery, report by look).
"""

from multimodal.cards.look import PRESETS, legibility_class, resolve_look
from multimodal.cards.render import TEMPLATES, CardSpec, card_bytes, load_card_specs, render_card, render_cards

__all__ = ["PRESETS", "TEMPLATES", "CardSpec", "card_bytes", "legibility_class", "load_card_specs", "render_card",
           "render_cards", "resolve_look"]
