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
        "ccd6e378815e36c31cc3ac3ed0b3bc50238847c8942f9f8b20c32d452569fa96",
    (1005, CaseOptions(8, "medium", 2, plot="stopped-clock")):
        "6f5229f772dee3e6e2c32f0ba333485b911a35679c17ee0f9aa9b25f5a2661de",
    (1003, CaseOptions(6, "hard", 1, plot="stopped-clock")):
        "13c126bf4a35eb7780cf197cd0e4d0622f84859a80a2405f1919f33f2dfe3640",
    (1002, CaseOptions(5, "medium", 1, plot="slow-poison")):
        "29f53d8950ffd871ea23c804fd43a63e2aa05805a8333b59ed79caba637a02ef",
    (1006, CaseOptions(6, "hard", 1, plot="staged-cabinet")):
        "6e1f9a19c085b4583f45f5b4772d33900045c7de9a18ec17c06b2544c0e23009",
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
