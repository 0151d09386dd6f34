"""Judges against the hand-scored gold set (arena/coe/gold/gold.yaml): how far can their scores be trusted?

    python benchmarks/judge_gold_bench.py [--judge ENTRY[,ENTRY...]] [--entries-file FILE] [--no-cache]

Always scores the offline judge; `--judge` adds model entries (a key is needed for real providers;
`mock/...` entries run offline). Per judge and metric (RP 1-10, CMD 0-100) it prints the number of
items judged, Spearman's rho with the gold scores (95% bootstrap interval), Krippendorff's alpha
(interval; judge and gold as two raters) and the mean absolute error on the metric's own scale.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena.coe.agreement import alpha, spearman  # noqa: E402
from arena.coe.gold import GoldVerdict, judge_gold, load_gold  # noqa: E402
from arena.coe.judges import Judge, LLMJudge  # noqa: E402
from arena.coe.judging import judge_entries  # noqa: E402
from arena.coe.offline_judge import OfflineJudge  # noqa: E402
from arena.providers.client import ModelClient  # noqa: E402


def agreement_line(name: str, metric: str, verdicts: list[GoldVerdict]) -> str:
    mine = [v for v in verdicts if v.metric == metric]
    pairs = [(v.gold, v.judged) for v in mine if v.judged is not None]
    gold, judged = [p[0] for p in pairs], [p[1] for p in pairs]
    rho = spearman(gold, judged)
    a = alpha([gold, judged])
    mae = sum(abs(g - j) for g, j in pairs) / len(pairs) if pairs else None
    rho_text = rho.note if rho.rho is None else f"{rho.rho:+.2f} [{rho.ci[0]:+.2f}, {rho.ci[1]:+.2f}]" if rho.ci \
        else f"{rho.rho:+.2f}"
    return (f"{name:<28} {metric.upper():<4} {len(pairs):>3}/{len(mine):<3} {rho_text:<24} "
            f"{'-' if a is None else f'{a:+.2f}':>7} {'-' if mae is None else f'{mae:.1f}':>6}")


async def run(judge_spec: str | None, entries_file: Path | None, no_cache: bool) -> list[str]:
    gold = load_gold()
    judges: list[Judge] = [OfflineJudge()]
    lines = []
    entries = [e for e in judge_entries(judge_spec, [], entries_file) if e is not None] if judge_spec else []
    async with ModelClient(use_cache=not no_cache) as client:
        judges += [LLMJudge(e, client, no_cache=no_cache) for e in entries]
        for judge in judges:
            verdicts = await judge_gold(judge, gold)
            lines += [agreement_line(f"{judge.name} ({judge.label})", m, verdicts) for m in ("rp", "cmd")]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", help="model entries to compare besides the offline judge (comma-separated)")
    parser.add_argument("--entries-file", type=Path)
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    gold = load_gold()
    print(f"gold set: {len(gold.rp)} RP items (1-10), {len(gold.cmd)} CMD items (0-100)")
    print(f"{'judge':<28} {'':<4} {'n':>7} {'Spearman rho [95% CI]':<24} {'alpha':>7} {'MAE':>6}")
    for line in asyncio.run(run(args.judge, args.entries_file, args.no_cache)):
        print(line)


if __name__ == "__main__":
    main()
