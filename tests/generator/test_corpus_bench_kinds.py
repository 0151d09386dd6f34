"""The corpus bench's MIU kinds table (a small version of `benchmarks/corpus_bench.py` on two written cases)."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from arena.generator import write_case
from arena.scripts.schema import Suite
from tests.generator.conftest import cached_case, spread

ROOT = Path(__file__).resolve().parents[2]


def bench() -> object:
    spec = importlib.util.spec_from_file_location("corpus_bench", ROOT / "benchmarks" / "corpus_bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("corpus_bench", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_miu_kinds_table_counts_each_items_query_and_flags_a_kind_over_the_cap(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = [cached_case(r) for r in spread(2, start=110)]
    folders = [write_case(case, tmp_path, render=False) for case in cases]
    bench().miu_kinds(folders)  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    rows = dict(re.findall(r"^  (\S+)\s+(\d+)\s+[\d.]+%", out, re.M))
    expected: Counter[str] = Counter()
    for case in cases:
        for q in case.script.questions:
            query = case.facts.queries[q.id]
            if q.suite is Suite.MIU:
                topic = (query.topic or "").split(":")[0]
                expected[query.kind + (f":{topic}" if query.kind == "detail" else "")] += 1
    assert {k: int(v) for k, v in rows.items()} == dict(expected)
    flagged = {line.split()[0] for line in out.splitlines() if line.endswith("over the cap")}
    total = sum(expected.values())
    assert flagged == {k for k, n in expected.items() if 100 * n / total > 20}
