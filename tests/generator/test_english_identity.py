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
        "ff32741245133a117987dcb04524c7dbdc0f93684a008892fe69e3f44fb67953",
    (1003, CaseOptions(6, "hard", 1, plot="stopped-clock")):
        "13c126bf4a35eb7780cf197cd0e4d0622f84859a80a2405f1919f33f2dfe3640",
    (1002, CaseOptions(5, "medium", 1, plot="slow-poison")):
        "6b4b6581c3b60b77c7ac00b9536fb9ed8dd1ed21ebaff28822e368b390f9354e",
    (1006, CaseOptions(6, "hard", 1, plot="staged-cabinet")):
        "66448f602bb4b730838a8b2f6aad79d25d53fdb14e54f40703a5f12a258b6a97",
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
