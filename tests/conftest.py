"""Shared test fixtures: paths of the fixture case, the bundled cases and the peers' reference data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURE_CASE = ROOT / "tests" / "fixtures" / "mini_case"
SCRIPTS_DATA = ROOT / "scripts_data"
SHARED = Path(os.environ.get("ARENA_SHARED_DIR") or ROOT.parent / "shared")  # peers' data (excerpts)


def bundled_cases() -> list[Path]:
    from arena.scripts.loader import discover_scripts

    return discover_scripts(SCRIPTS_DATA)


@pytest.fixture
def fixture_case() -> Path:
    return FIXTURE_CASE
