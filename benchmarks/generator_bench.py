"""Case generator throughput: checked cases per second, and seconds for a 6-role case with images.

Run: `.venv/bin/python benchmarks/generator_bench.py [--cases N] [--sweep N [--legible] [--sweep-only]]`.
Prints one line per figure:
  * cases/s without rendering (world + derivation + structural validation + solver check);
  * seconds per 6-role case with images (the above, plus writing the files and rendering every
    card), median of several seeds, against the 5 s target;
  * the share of role-script sentences (over six words) repeated word for word in another role of the case;
  * the share of attempts rejected by the checks, and per difficulty the mean reasoning depth,
    red herrings and share of key clues that are images.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena.errors import GenerationError  # noqa: E402
from arena.generator import (  # noqa: E402
    CaseOptions,
    Request,
    check_case,
    generate_case,
    write_case,
)
from arena.generator.legible import LEGIBILITY_FLOOR, floored  # noqa: E402
from arena.generator.pipeline import card_params, write_legible  # noqa: E402
from arena.generator.repetition import repeat_share  # noqa: E402
from arena.generator.report import legibility_problems  # noqa: E402
from arena.scripts.loader import load_script_unchecked  # noqa: E402
from multimodal.cards.render import load_card_specs  # noqa: E402

TARGET_S = 5.0


def bulk_rate(count: int) -> tuple[float, float]:
    """(cases per second, rejected attempts per shipped case) over a spread of options."""
    started, attempts = time.perf_counter(), 0
    for i in range(count):
        options = CaseOptions(4 + i % 5, ("easy", "medium", "hard")[i % 3], 2 if i % 7 == 3 else 1)
        case = generate_case(Request(10_000 + i, options))
        attempts += case.script.metadata["generator"]["attempt"]
    return count / (time.perf_counter() - started), attempts / count


def with_images(seeds: range, legible: bool = True) -> list[float]:
    """Seconds to generate, check, write and render one 6-role medium case, per seed; with `legible` (what
    `arena generate` does) every mild text card is also read back by OCR and held to the floor."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            started = time.perf_counter()
            request = Request(seed, CaseOptions(6, "medium", 1))
            folder = write_legible(request, Path(tmp))[1] if legible else write_case(generate_case(request), Path(tmp))
            times.append(time.perf_counter() - started)
            assert any((folder / "images").glob("*.png"))
    return times


def sweep(count: int, legible: bool = False) -> None:
    """`count` seeds across 4-8 roles, the three difficulties and one or two culprits: every seed must
    ship a case that passes every check (failed first attempts are redrawn and counted). With `legible`,
    each case is also written, rendered and held to the OCR floor; re-rendered cards are counted."""
    failing, redrawn, started = [], 0, time.perf_counter()
    cards = Counter[str]()
    tmp = tempfile.TemporaryDirectory()
    for i in range(count):
        options = CaseOptions(4 + i % 5, ("easy", "medium", "hard")[(i // 5) % 3], 2 if i % 7 == 3 and i % 5 else 1)
        try:
            case = generate_case(Request(50_000 + i, options))
        except GenerationError as exc:
            failing.append(str(exc))
            continue
        redrawn += case.script.metadata["generator"]["attempt"] > 0
        problems = check_case(case.script, case.facts, card_params(case), options.words)
        if problems:
            failing.append(f"seed {50_000 + i}: {problems[0]}")
        if legible and not problems:
            failing += legibility_failures(Request(50_000 + i, options), Path(tmp.name), cards)
    tmp.cleanup()
    elapsed = time.perf_counter() - started
    print(f"generator sweep: {count} seeds, {len(failing)} failing cases, {redrawn} first attempts redrawn, "
          f"{count / elapsed:.1f} checked cases/s")
    if legible:
        print(f"legibility: {cards['floored']} mild text cards OCR-checked, {cards['redrawn']} re-rendered in a "
              f"plainer look in {cards['cases']} cases, {cards['case redraws']} cases drawn again because no "
              f"rendering kept a card at the floor {LEGIBILITY_FLOOR:.0%}")
    for line in failing[:5]:
        print(f"  {line}")


def legibility_failures(request: Request, root: Path, cards: Counter[str]) -> list[str]:
    """Write and render the case as `arena generate` does (every mild text card kept legible, a case no rendering
    makes legible drawn again), then check the floor as `validate` does."""
    try:
        case, folder, redrawn = write_legible(request, root)
    except GenerationError as exc:
        return [str(exc)]
    cards["case redraws"] += case.script.metadata["generator"]["attempt"] - generate_case(request).script.metadata[
        "generator"]["attempt"]
    script = load_script_unchecked(folder)
    problems = legibility_problems(script, folder, str(folder / "script.yaml"))
    cards["floored"] += sum(floored(s) for s in load_card_specs(folder))
    cards["redrawn"] += len(redrawn)
    cards["cases"] += bool(redrawn)
    shutil.rmtree(folder)
    return [f"{case.script.id}: {p}" for p in problems]


def prose_variety(count: int) -> None:
    cases = [generate_case(Request(30_000 + i, CaseOptions(4 + i % 5, ("easy", "medium", "hard")[i % 3], 1)))
             for i in range(count)]
    shares = [repeat_share([r.script or "" for r in c.script.roles]) for c in cases]
    print(f"generator prose: {statistics.mean(shares):.1%} of role-script sentences longer than six words also "
          f"appear in another role of the same case (mean of {count} cases; max {max(shares):.1%}; target < 20%)")


def difficulty_profile(count: int) -> None:
    for difficulty in ("easy", "medium", "hard"):
        cases = [generate_case(Request(20_000 + i, CaseOptions(6, difficulty, 1))) for i in range(count)]
        depth = statistics.mean(max(s.depth for s in c.script.reasoning_chains[0].steps) for c in cases)
        herrings = statistics.mean(len(c.world.suspicious) for c in cases)
        keys = [cl for c in cases for cl in c.script.clues if cl.key]
        images = sum(cl.image is not None for cl in keys) / len(keys)
        print(f"{difficulty:>6}: mean max depth {depth:.2f}, red herrings {herrings:.2f}, "
              f"key clues that are images {images:.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=60, help="cases for the throughput figure")
    parser.add_argument("--sweep", type=int, default=200, help="seeds for the sweep (0 = skip)")
    parser.add_argument("--legible", action="store_true", help="sweep: also write, render and OCR every case "
                        "(mild text cards held to the floor; slow, about 2 s a case)")
    parser.add_argument("--sweep-only", action="store_true", help="print only the sweep")
    parser.add_argument("--prose-only", action="store_true", help="print only the cross-role repeat share")
    args = parser.parse_args()
    prose_variety(12)
    if args.prose_only:
        return
    if args.sweep:
        sweep(args.sweep, args.legible)
    if args.sweep_only:
        return
    rate, rejected = bulk_rate(args.cases)
    print(f"generator: {rate:.1f} checked cases/s without rendering ({args.cases} cases, 4-8 roles, all "
          f"difficulties); {rejected:.2f} rejected attempts per shipped case")
    bare = statistics.median(with_images(range(7), legible=False))
    times = with_images(range(7))
    median = statistics.median(times)
    verdict = "ok" if median < TARGET_S else "SLOW"
    print(f"generator: 6-role case with images, OCR floor included (as arena generate) {median:.2f} s median (min "
          f"{min(times):.2f}, max {max(times):.2f}; target < {TARGET_S:.0f} s: {verdict}); {bare:.2f} s without the "
          f"OCR pass; {os.cpu_count()} cores")
    difficulty_profile(30)


if __name__ == "__main__":
    main()
