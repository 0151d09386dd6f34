"""Card rendering: time per kind and per look (render and encode, median of --runs), file sizes, and how
much plain tesseract recovers from text cards under each look and each handwriting face.

Usage: .venv/bin/python benchmarks/cards_bench.py [--runs 3] [--no-ocr] [--out DIR]
`--out DIR` also writes one sample file per kind and look there (for looking at them; never commit).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from multimodal.cards.examples import EXAMPLES  # noqa: E402
from multimodal.cards.legibility import SAMPLE_CARDS, look_report, ocr_recovery  # noqa: E402
from multimodal.cards.look import PRESETS  # noqa: E402
from multimodal.cards.render import CardSpec, card_bytes, render_card  # noqa: E402
from multimodal.cards.typefaces import HANDWRITING  # noqa: E402


def timed(spec: CardSpec, runs: int) -> tuple[float, float, int]:
    """Median render ms, median render+encode ms, and the file size in bytes."""
    render_ms, total_ms, size = [], [], 0
    for _ in range(runs):
        started = time.perf_counter()
        render_card(spec)
        render_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        size = len(card_bytes(spec))
        total_ms.append((time.perf_counter() - started) * 1000)
    return statistics.median(render_ms), statistics.median(total_ms), size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-ocr", action="store_true", help="skip the OCR recovery tables")
    parser.add_argument("--out", type=Path, help="write one sample file per kind and look here")
    args = parser.parse_args()
    letter = SAMPLE_CARDS[0]
    rows = [(f"kind {spec.template}", spec) for spec in EXAMPLES]
    for look in PRESETS:
        suffix = ".jpg" if "photo" in look else ".png"
        rows.append((f"look {look}", letter.model_copy(update={"look": look, "file": f"letter-{look}{suffix}"})))
    print(f"{'card':<28}{'render ms':>11}{'render+encode ms':>18}{'bytes':>10}")
    for name, spec in rows:
        render_ms, total_ms, size = timed(spec, args.runs)
        print(f"{name:<28}{render_ms:>11.0f}{total_ms:>18.0f}{size:>10}")
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / Path(spec.file).name).write_bytes(card_bytes(spec))
    if args.no_ocr:
        return 0
    print(f"\nOCR recovery (plain tesseract, eng) of {len(SAMPLE_CARDS)} sample text cards per look:")
    print(f"{'look':<16}{'class':>7}{'mean':>8}{'worst':>8}")
    for row in look_report(list(PRESETS)):
        print(f"{row.look:<16}{row.legibility:>7}{row.mean:>8.1%}{row.worst:>8.1%}")
    print("\nOCR recovery per handwriting face (lined paper, blue ink, no tilt):")
    for face in sorted(HANDWRITING):
        look = {"preset": "handwritten", "face": face, "tilt": 0}
        scores = [ocr_recovery(spec.model_copy(update={"look": look})) for spec in SAMPLE_CARDS]
        print(f"{face:<16}{sum(scores) / len(scores):>8.1%}{min(scores):>8.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
