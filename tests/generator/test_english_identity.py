"""English output is pinned: a change to the generator that is meant to add other languages must leave the
English cases byte for byte as they were (script, roles, cards spec, facts, evidence).

When English prose changes on purpose, regenerate the digests below (the helper prints them) and say so.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from arena.generator import CaseOptions, Request, generate_case, write_case

PINNED = {
    (1001, CaseOptions(4, "easy", 1, plot="stopped-clock")):
        "94166a24806d3f3c8b0791fd20d204879905f4a45cd6a2f7c7a2b701be6f6cd8",
    (1005, CaseOptions(8, "medium", 2, plot="stopped-clock")):
        "65d7840a4ef399facb63f1bb93603494e548d2ce5c7ee3a803df672f6870373d",
    (1003, CaseOptions(6, "hard", 1, plot="stopped-clock")):
        "298c29edd02e0d5dcce67a60bef1eab03ff78bdd70f256049071b62bfd4bde36",
    (1002, CaseOptions(5, "medium", 1, plot="slow-poison")):
        "4131d1cf044efccb1a71635f95ebeacd5d8b69d854a14c1aaf3f1c37d6c2d775",
    (1006, CaseOptions(6, "hard", 1, plot="staged-cabinet")):
        "2f68ffc3e825ca91db7ac28e0cf68b20ed5ced00289a2ee294d12b850ff4d2cf",
    (1007, CaseOptions(6, "medium", 1, plot="cold-room")):
        "b6e9b9321ccec54661e4937147f1aab2b2c77a6ee6e95f0236d5743c4906c7ed",
}


def digest(folder: Path) -> str:
    """SHA-256 over every written file's relative path and bytes, in path order."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(folder)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


@pytest.mark.parametrize(("seed", "options"), list(PINNED), ids=[f"{s}-{o.plot}" for s, o in PINNED])
def test_english_cases_are_byte_identical_to_the_pinned_digest(tmp_path: Path, seed: int,
                                                               options: CaseOptions) -> None:
    folder = write_case(generate_case(Request(seed, options)), tmp_path, render=False)
    assert digest(folder) == PINNED[(seed, options)]
