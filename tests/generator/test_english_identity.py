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
    (1001, CaseOptions(4, "easy", 1)): "38acf6d7171686419f4bca137acf2deab1626afee5f6b90d6b94320deb524fa6",
    (1005, CaseOptions(8, "medium", 2)): "d61ef031aafca6f11293b4e83b7ef194754c560d54d54e1f65a294b05e31baed",
    (1003, CaseOptions(6, "hard", 1)): "907bf39984a59b811069c9cd1bc1d7adeedd1887787eb91883d1977e0bd3677a",
}


def digest(folder: Path) -> str:
    """SHA-256 over every written file's relative path and bytes, in path order."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(folder)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


@pytest.mark.parametrize(("seed", "options"), list(PINNED), ids=[str(s) for s, _ in PINNED])
def test_english_cases_are_byte_identical_to_the_pinned_digest(tmp_path: Path, seed: int,
                                                               options: CaseOptions) -> None:
    folder = write_case(generate_case(Request(seed, options)), tmp_path, render=False)
    assert digest(folder) == PINNED[(seed, options)]
