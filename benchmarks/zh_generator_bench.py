"""Chinese generated cases (`arena generate --language zh`): sweep, speed, length, repetition, legibility.

Run: `.venv/bin/python benchmarks/zh_generator_bench.py [--sweep N [--legible]] [--images N]`. Prints:
  * the sweep: N seeds across 4-8 roles, the three difficulties and one or two culprits; every seed must
    ship a case that passes every check (failed first attempts are redrawn and counted); with `--legible`
    each case is also written as `arena generate` writes it (every mild text card held to the 90% OCR
    floor in `chi_sim`, re-rendered in a plainer look or the case drawn again) and checked as `validate
    --legibility` checks it: cards re-rendered, cases drawn again, seconds per written case;
  * seconds per case (generation and every check), median and maximum;
  * role script lengths in CJK characters (min / median / max) and the cross-role repeated-sentence share;
  * for N cases written with images: seconds per case with rendering, and the share of characters
    `chi_sim` OCR recovers on every text-rich card with a mild look (mean, minimum, cards under 90%).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from arena.errors import GenerationError  # noqa: E402
from arena.generator import CaseOptions, Request, check_case, generate_case, write_case  # noqa: E402
from arena.generator.pipeline import card_params  # noqa: E402
from arena.generator.repetition import repeat_share  # noqa: E402
from arena.generator.textunits import length  # noqa: E402
from arena.scripts.loader import load_script  # noqa: E402
from benchmarks.generator_bench import legibility_failures  # noqa: E402
from multimodal.cards.legibility import card_words, word_recovery  # noqa: E402
from multimodal.cards.look import legibility_class, resolve_look  # noqa: E402
from multimodal.cards.render import load_card_specs  # noqa: E402
from multimodal.ocr import ocr_pil  # noqa: E402


def options(i: int) -> CaseOptions:
    roles = 4 + i % 5
    return CaseOptions(roles, ("easy", "medium", "hard")[(i // 5) % 3], 2 if i % 7 == 3 and roles >= 5 else 1,
                       6000, "zh")


def sweep(count: int, legible: bool = False) -> None:
    failing, redrawn, seconds, sizes, shares, written = [], 0, [], [], [], []
    cards = Counter[str]()
    tmp = tempfile.TemporaryDirectory()
    for i in range(count):
        started = time.perf_counter()
        try:
            case = generate_case(Request(2001 + i, options(i)))
        except GenerationError as exc:
            failing.append(str(exc))
            continue
        seconds.append(time.perf_counter() - started)
        redrawn += case.script.metadata["generator"]["attempt"] > 0
        if problems := check_case(case.script, case.facts, card_params(case), 6000):
            failing.append(f"seed {2001 + i}: {problems[0]}")
        sizes += [length(r.script or "", "zh") for r in case.script.roles]
        shares.append(repeat_share([r.script or "" for r in case.script.roles], "zh"))
        if legible and not problems:
            started = time.perf_counter()
            failing += legibility_failures(Request(2001 + i, options(i)), Path(tmp.name), cards)
            written.append(time.perf_counter() - started)
    tmp.cleanup()
    print(f"zh sweep: {count} seeds, {len(failing)} failing cases, {redrawn} first attempts redrawn")
    if legible and written:
        print(f"zh legibility: {cards['floored']} mild text cards read with chi_sim, {cards['redrawn']} re-rendered "
              f"in a plainer look in {cards['cases']} cases, {cards['case redraws']} cases drawn again; a case "
              f"written, rendered and held to the floor in {statistics.median(written):.2f} s median, "
              f"{max(written):.2f} s max")
    for line in failing[:5]:
        print(f"  {line}")
    if seconds:
        print(f"zh seconds per case: median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")
        print(f"zh role scripts: {min(sizes)} / {statistics.median(sizes):.0f} / {max(sizes)} characters; "
              f"repeated sentences across roles {statistics.mean(shares):.1%} mean, {max(shares):.1%} max")


def legibility(count: int) -> None:
    seconds, recovered = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(count):
            started = time.perf_counter()
            folder = write_case(generate_case(Request(1101 + i, options(i))), Path(tmp))
            seconds.append(time.perf_counter() - started)
            specs = {s.file: s for s in load_card_specs(folder)}
            for clue in load_script(folder).image_clues:
                spec = specs.get(clue.image.file) if clue.image else None
                if spec is None or clue.image is None or clue.image.kind.value != "text_rich":
                    continue
                if legibility_class(resolve_look(spec.look)) == "mild":
                    text = ocr_pil(Image.open(folder / spec.file), "chi_sim")
                    recovered.append(word_recovery(card_words(spec), text))
    print(f"zh case with images: {statistics.median(seconds):.2f} s median over {count} cases")
    if recovered:
        print(f"zh mild text-rich cards ({len(recovered)}): chi_sim recovers {statistics.mean(recovered):.1%} of "
              f"characters on average, {min(recovered):.0%} at least, {sum(r < 0.9 for r in recovered)} under 90%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", type=int, default=20, help="seeds for the sweep (0 = skip)")
    parser.add_argument("--legible", action="store_true", help="also write each swept case held to the OCR floor")
    parser.add_argument("--images", type=int, default=4, help="cases written with images (0 = skip)")
    args = parser.parse_args()
    if args.sweep:
        sweep(args.sweep, args.legible)
    if args.images:
        legibility(args.images)


if __name__ == "__main__":
    main()
