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
        "e49d463f9ed3244f3ccb470e80fb9217ff57e7050a5ea1c03d0e52bce73e74aa",
    (1005, CaseOptions(8, "medium", 2, plot="stopped-clock")):
        "1bb14cd52e17a9286e30888129274f219b95835076fb680f8600c70d85e4f800",
    (1003, CaseOptions(6, "hard", 1, plot="stopped-clock")):
        "b217441854092a0609417e34a7dce76e563b8ee3f90ee4f6c429e82b51ad98f3",
    (1002, CaseOptions(5, "medium", 1, plot="slow-poison")):
        "29f53d8950ffd871ea23c804fd43a63e2aa05805a8333b59ed79caba637a02ef",
    (1006, CaseOptions(6, "hard", 1, plot="staged-cabinet")):
        "118f4f005309607ad1af372f450ac5eecab5c9f0d658c4adc3f50552ea8d023c",
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
