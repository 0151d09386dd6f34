"""The case generator: seeded worlds, derived cases in the script format, and a solver check.

Public API:
    generate_case(Request(seed, CaseOptions(roles, difficulty, culprits), split, effective)) -> GeneratedCase
    write_case(case, root, render=True) -> Path
    check_folder(folder) -> list[str]   (re-checks a written case; empty when it passes)
See docs/generator.md.
"""

from __future__ import annotations

from arena.generator.check import check_case, check_folder
from arena.generator.derive import GeneratedCase
from arena.generator.heldout import effective_seed, heldout_salt
from arena.generator.pipeline import Request, generate_case, parse_roles, roles_for, write_case
from arena.generator.world import CaseOptions

__all__ = [
    "CaseOptions", "GeneratedCase", "Request", "check_case", "check_folder", "effective_seed", "generate_case",
    "heldout_salt", "parse_roles", "roles_for", "write_case",
]
