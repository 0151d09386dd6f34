"""Reference and blind rows side by side on three corpora: the public generated set, the hand-written
cases and the WhodunitBench cases in ../shared (imported). Per corpus and suite: chance, random,
naive, OCR-only, naive with no images, and the blind answerers (longest option, options-only prior,
keyword lookup), with n and 95% intervals (direct mode), then the **blind ceiling** (the best row
that is blind for the suite, `arena.coe.ceiling.blind_suites`) and its distance from chance. Then
the civilian win rate of builtin/naive against builtin/random on both sides and the generation rate. Before
each corpus's rows, its figures per plot and language: cases, questions, the prose figures
(`arena.scripts.prose`: fact share, masked recurrence), the consistency linter's findings and, on the
generated set, builtin/naive's civilian win rate against builtin/random on that plot's cases (the same
tournament games as the overall rate: `--games` matches per case, n printed), and the kinds of MIU item
with their shares (none may exceed 20%).

Run: `.venv/bin/python benchmarks/corpus_bench.py [--cases N] [--games N] [--skip-games]`.
It reads the built set (`make setup`, or `arena generate --manifest scripts_data/generated.yaml
--out scripts_data/generated`); `--cases N` takes the first N cases (default: all). Every run goes
into a temporary database, through the real `arena` commands. A suite measures what it names only
where its blind ceiling sits near chance.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.coe.ceiling import blind_suites  # noqa: E402
from arena.scripts.loader import discover_scripts, load_script_unchecked  # noqa: E402
from arena.scripts.schema import Script  # noqa: E402

SUITES = ("lsu", "tiu", "miu", "mmr")
ROWS = (("builtin/random", "none"), ("builtin/naive", "none"), ("builtin/ocr", "none"),
        ("builtin/naive", "no-images"), ("builtin/longest", "none"), ("builtin/prior", "none"),
        ("builtin/lookup", "none"))
EXTERNAL = ROOT.parent / "shared" / "external" / "whodunitbench"
NAIVE = "builtin/naive"
GAME_LINE = re.compile(r"recorded \S+ (\S+) seed \d+: (builtin/\w+)@\S+ \(civilians\) vs (builtin/\w+)@\S+ "
                       r"\(murderer\), winner (\w+)")


@dataclass(frozen=True)
class Game:
    """One recorded tournament game, as its progress line tells it."""

    script_id: str
    civilians: str  # the entry playing the civilians
    won: bool  # the civilians won


def arena(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          env=os.environ | {"PYTHONPATH": str(ROOT), "COLUMNS": "200"} | (env or {}), timeout=7200)


def chance(script: Script) -> dict[str, tuple[float, int]]:
    """Expected accuracy of a blind guess per suite (exact sets for multi-select), and n."""
    out: dict[str, list[float]] = {s: [] for s in SUITES}
    for q in script.questions:
        out[q.suite.value].append(1 / math.comb(len(q.options), len(q.answer)))
    return {s: (sum(v) / len(v) if v else 0.0, len(v)) for s, v in out.items()}


def wilson(p: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (centre - half), 100 * (centre + half)


def qa_row(entry: str, scripts: str, db: Path, suite: str = "all", ablation: str = "none"
           ) -> dict[str, tuple[int, int]]:
    """(correct, n) per suite from `arena qa --json` (direct mode)."""
    result = arena("qa", "--entry", entry, "--scripts", scripts, "--suite", suite, "--mode", "direct", "--json",
                   "--ablation", ablation, "--db", str(db))
    if result.returncode != 0:
        raise SystemExit(f"arena qa {entry} failed: {result.stderr[-800:]}")
    summary = json.loads(result.stdout)
    return {s: (int(v["correct"]), int(v["n"])) for s, v in summary["suites"].items()}


def label(entry: str, ablation: str) -> str:
    return entry if ablation == "none" else f"{entry}+{ablation}"


def cell(correct: int, n: int) -> str:
    p = correct / n if n else 0.0
    low, high = wilson(p, n)
    return f"{100 * p:>6.1f} [{low:4.1f},{high:5.1f}] n={n:<4}"


def print_rows(title: str, rows: dict[tuple[str, str], dict[str, tuple[int, int]]],
               base: dict[str, tuple[float, int]]) -> None:
    print(f"\n{title}")
    print(f"{'row':<26}" + "".join(f"{s.upper():>24}" for s in SUITES))
    print(f"{'chance':<26}" + "".join(f"{100 * base[s][0]:>17.1f} n={base[s][1]:<4}" for s in SUITES))
    for (entry, ablation), by_suite in rows.items():
        print(f"{label(entry, ablation):<26}" + "".join(f"{cell(*by_suite.get(s, (0, 0))):>24}" for s in SUITES))
    ceiling, gaps = [], []
    for s in SUITES:
        blind = [(by_suite.get(s, (0, 0)), label(e, a)) for (e, a), by_suite in rows.items() if s in blind_suites(e, a)]
        (correct, n), who = max(blind, key=lambda b: (b[0][0] / b[0][1] if b[0][1] else 0.0))
        ceiling.append(f"{cell(correct, n)}")
        gap = 100 * (correct / n - base[s][0]) if n else 0.0
        gaps.append(f"{gap:+.1f} ({who.removeprefix('builtin/')})")
    print(f"{'blind ceiling':<26}" + "".join(f"{c:>24}" for c in ceiling))
    print(f"{'  minus chance':<26}" + "".join(f"{g:>24}" for g in gaps))


def corpus(title: str, folders: list[Path], db: Path) -> dict[tuple[str, str], dict[str, tuple[int, int]]]:
    """Every row on the cases in `folders` (linked into one folder so that one run covers them)."""
    with tempfile.TemporaryDirectory() as tmp:
        chosen = Path(tmp) / "cases"
        chosen.mkdir()
        for folder in folders:
            (chosen / folder.name).symlink_to(folder.resolve())
        scripts = [load_script_unchecked(f) for f in folders]
        base: dict[str, tuple[float, int]] = {}
        for s in SUITES:
            pairs = [chance(x)[s] for x in scripts]
            n = sum(k for _, k in pairs)
            base[s] = (sum(p * k for p, k in pairs) / n if n else 0.0, n)
        rows = {}
        for entry, ablation in ROWS:
            started = time.perf_counter()
            rows[(entry, ablation)] = qa_row(entry, str(chosen), db, ablation=ablation)
            print(f"{title}: {label(entry, ablation)} {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print_rows(f"{title}: {len(folders)} cases, {sum(len(x.questions) for x in scripts)} questions (direct mode; "
               "accuracy % [95% Wilson interval])", rows, base)
    return rows


def prose_rows(title: str, folders: list[Path], games: list[Game] | None = None) -> None:
    """Per plot and language: cases, questions, the share of sentences stating a fact of the case (goal >= 60%),
    the masked-sentence recurrence across cases (goal <= 10%), the consistency linter's findings (goal 0) and,
    when `games` are given, builtin/naive's civilian win rate on the group's cases."""
    from arena.scripts.lint import lint_case
    from arena.scripts.prose import corpus_figures, group_of

    scripts = [load_script_unchecked(f) for f in folders]
    findings: dict[tuple[str, str], int] = {}
    for script, folder in zip(scripts, folders, strict=True):
        key = group_of(script)
        findings[key] = findings.get(key, 0) + len(lint_case(script, str(folder / "script.yaml")))
    group = {script.id: group_of(script) for script in scripts}
    naive: dict[tuple[str, str], list[Game]] = {}
    for game in games or []:
        if game.civilians == NAIVE and game.script_id in group:
            naive.setdefault(group[game.script_id], []).append(game)
    print(f"\n{title}: prose (fact share: sentences naming the case's people, places or times; recurrence: masked "
          "sentences found in another case)" + ("; naive civilians: builtin/naive's civilian wins against "
                                                 "builtin/random [95% Wilson interval]" if games is not None else ""))
    print(f"{'plot':<22}{'lang':<6}{'cases':>6}{'questions':>10}{'fact share':>12}{'recurrence':>12}{'lint':>6}"
          + (f"{'naive civilians':>28}" if games is not None else ""))
    for (plot, language), f in sorted(corpus_figures(scripts).items()):
        rate = "" if games is None else f"{win_text(naive.get((plot, language), [])):>28}"
        print(f"{plot:<22}{language:<6}{f.cases:>6}{f.questions:>10}{100 * f.fact_share:>11.1f}%"
              f"{100 * f.recurrence:>11.1f}%{findings[(plot, language)]:>6}{rate}")


def whodunitbench(db: Path) -> None:
    if not EXTERNAL.is_dir():
        print(f"\nWhodunitBench cases: {EXTERNAL} absent, skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        imported = arena("import", "whodunitbench", str(EXTERNAL), "--out", tmp)
        if imported.returncode != 0:
            print(f"\nWhodunitBench import failed: {imported.stderr[-400:]}")
            return
        corpus("WhodunitBench cases (../shared excerpt, imported)", discover_scripts(tmp), db)


def play_games(folders: list[Path], matches: int, db: Path) -> list[Game] | None:
    """builtin/naive vs builtin/random on every case, `matches` side-swapped pairs of games per case (None when
    the tournament fails, said on stdout)."""
    result = arena("tournament", "--entries", f"{NAIVE},builtin/random", "--scripts",
                   ",".join(str(f) for f in folders), "--games-per-pair", str(matches), "--db", str(db), "--json")
    if result.returncode != 0:
        print(f"\ncivilian win rate: tournament failed ({result.stderr[-400:]})")
        return None
    return [Game(script_id, civilians, winner == "civilians")
            for script_id, civilians, _, winner in GAME_LINE.findall(result.stderr)]


def win_text(games: list[Game]) -> str:
    """The civilians' wins over `games`: "won/n pct% [low, high]" (95% Wilson interval)."""
    won, n = sum(g.won for g in games), len(games)
    if not n:
        return "no games"
    low, high = wilson(won / n, n)
    return f"{won}/{n} {100 * won / n:.0f}% [{low:.0f}, {high:.0f}]"


def civilian_rates(games: list[Game]) -> None:
    """builtin/naive vs builtin/random, side-swapped: the civilians' win rate with each entry on each side."""
    print(f"\ncivilian win rate, builtin/naive vs builtin/random ({len(games)} games, side-swapped):")
    for civ in (NAIVE, "builtin/random"):
        print(f"  {civ} as civilians won {win_text([g for g in games if g.civilians == civ])}")


MIU_CAP = 20.0  # no kind of image question may be more than this share of MIU (%)


def miu_kinds(folders: list[Path]) -> None:
    """The kinds of image question on the generated set (the query each item answers: door counts, clock times,
    what a still shows ...), with their share of MIU; a kind over `MIU_CAP` is flagged."""
    from collections import Counter

    from arena.generator.check import read_facts
    from arena.scripts.schema import Suite

    kinds: Counter[str] = Counter()
    for folder in folders:
        facts, script = read_facts(folder), load_script_unchecked(folder)
        for q in script.questions:
            query = facts.queries.get(q.id)
            if q.suite is Suite.MIU and query is not None:
                topic = (query.topic or "").split(":")[0]
                kinds[query.kind + (f":{topic}" if query.kind == "detail" else "")] += 1
    total = sum(kinds.values())
    print(f"\nPublic generated set: MIU kinds ({len(kinds)} kinds, {total} items; cap {MIU_CAP:.0f}% each)")
    for kind, n in kinds.most_common():
        share = 100 * n / total
        print(f"  {kind:<22}{n:>5}{share:>7.1f}%" + ("  over the cap" if share > MIU_CAP else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=ROOT / "scripts_data/generated")
    parser.add_argument("--cases", type=int, default=0, help="first N cases only (0 = all)")
    parser.add_argument("--games", type=int, default=1, help="games per pairing and case for the win rate")
    parser.add_argument("--skip-games", action="store_true")
    parser.add_argument("--skip-generated", action="store_true", help="only the hand-written and WhodunitBench cases")
    args = parser.parse_args()
    folders = sorted(p for p in args.set.iterdir() if (p / "script.yaml").is_file()) if args.set.is_dir() else []
    if not folders and not args.skip_generated:
        raise SystemExit(f"{args.set}: no generated cases; run `make setup` first")
    folders = folders[: args.cases or None]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        games = play_games(folders, args.games, db) if not args.skip_games and folders else None
        if not args.skip_generated:
            prose_rows("Public generated set", folders, games)
            miu_kinds(folders)
            corpus("Public generated set", folders, db)
        prose_rows("Hand-written cases", discover_scripts(ROOT / "scripts_data"))
        corpus("Hand-written cases", discover_scripts(ROOT / "scripts_data"), db)
        whodunitbench(db)
        if games is not None:
            civilian_rates(games)
    generation_rate()


def generation_rate() -> None:
    from arena.generator import CaseOptions, Request, generate_case, write_case

    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        for i in range(5):
            write_case(generate_case(Request(30_000 + i, CaseOptions(4 + i, "medium", 1))), Path(tmp))
        elapsed = time.perf_counter() - started
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\ngeneration rate: {5 / elapsed:.2f} cases/s with images (4-8 roles, medium)")


if __name__ == "__main__":
    main()
