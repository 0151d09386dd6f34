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
    (1001, CaseOptions(4, "easy", 1)): "cd6bb81b5fcd527a801f2dd2a67c83d2946849ef7dd7dbc91d50e1d49c8eaf64",
    (1005, CaseOptions(8, "medium", 2)): "b81a134d690bf0062ab21f66e19fa8a0dc8633ad0dc6ad6a0b0f0dcd744c2ee0",
    (1003, CaseOptions(6, "hard", 1)): "5a465425ad1f92600d792c607f50a646532e0665257ef40bf1ec8c2fa34b9b94",
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
