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
        "1b5d96d652fe4545e64aa86b2898e72bd4e1b5a52c3ff10316058099f1bbb9ad",
    (1005, CaseOptions(8, "medium", 2, plot="stopped-clock")):
        "1088ff27228b525a9c4b7c9e7e178b41b85541ae76f54dc242efe976bf595a0a",
    (1003, CaseOptions(6, "hard", 1, plot="stopped-clock")):
        "06a895fa00d31702d1293d46c04137a4cdc952868ed72a14e2dde99f8e31a2a5",
    (1002, CaseOptions(5, "medium", 1, plot="slow-poison")):
        "4956bf30d4f9a6163b661a012bb6154f119dbdcad0d3b18a3cf145a98f9d0af3",
    (1006, CaseOptions(6, "hard", 1, plot="staged-cabinet")):
        "fa6b0529464da934222f455327aa23e6ceb722c311fb4535f3cae089f9ce8fcd",
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
