"""CMD only against real truths: a case whose method or motive is missing gets CMD NULL with reason
`no_truth` (never a score, never retried), and the origin fields leave existing case hashes alone."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import duckdb
import pytest
import yaml
from pydantic import ValidationError

from arena.coe.cases import CaseIndex
from arena.coe.offline_judge import OfflineJudge
from arena.coe.report import coe_report
from arena.coe.scoring import score_games
from arena.scripts.loader import load_script
from arena.scripts.schema import Truth
from arena.store import Store
from tests.coe.test_judges import record_hand_made
from tests.conftest import FIXTURE_CASE


def case_without_motive(root: Path) -> Path:
    folder = root / "mini_case"
    shutil.copytree(FIXTURE_CASE, folder)
    data = yaml.safe_load((folder / "script.yaml").read_text(encoding="utf-8"))
    data["truth"]["motive"] = ""
    data["truth"]["motive_from"] = "missing"
    (folder / "script.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def test_cmd_is_null_with_reason_when_the_truth_is_missing(tmp_path: Path, store: Store) -> None:
    script = load_script(case_without_motive(tmp_path / "cases"))
    assert not script.truth.complete and script.truth.method_from == "source"
    record_hand_made(store, script)
    cases = CaseIndex(tmp_path / "cases")
    first = asyncio.run(score_games(store, OfflineJudge(), cases))
    with duckdb.connect(str(store.path), read_only=True) as conn:
        cmd = conn.execute("SELECT role, value, json_extract_string(details, '$.reason') FROM metric_scores "
                           "WHERE metric = 'cmd' ORDER BY role").fetchall()
        (row,) = coe_report(conn)
    assert cmd == [("basil", None, "no_truth"), ("fern", None, "no_truth")], "even a forfeit is not scored"
    assert first.failed == 2 and row.offline.get("cmd") is None and row.null_reasons == {"cmd": {"no_truth": 2}}
    assert row.offline["spc"] == 50.0, "the other metrics are scored as usual"
    again = asyncio.run(score_games(store, OfflineJudge(), cases))
    assert again.games == 0, "no_truth is final: nothing to retry"


def test_origin_fields_are_checked_and_keep_old_hashes() -> None:
    with pytest.raises(ValidationError, match="motive_from: missing"):
        Truth(culprits=["a"], method="x", motive="")
    with pytest.raises(ValidationError, match="has text"):
        Truth(culprits=["a"], method="x", motive="y", motive_from="missing")
    plain = Truth(culprits=["a"], method="x", motive="y")
    assert "method_from" not in plain.model_dump_json() and plain.complete
    derived = Truth(culprits=["a"], method="x", motive="y", method_from="derived")
    assert '"method_from":"derived"' in derived.model_dump_json()
    assert Truth.model_validate_json(derived.model_dump_json()) == derived
