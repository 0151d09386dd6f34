"""Shared helpers for the generator tests: a spread of options and a cached case per request."""

from __future__ import annotations

from functools import lru_cache

from arena.generator import CaseOptions, GeneratedCase, Request, generate_case

DIFFICULTIES = ("easy", "medium", "hard")


def spread(count: int, start: int = 0) -> list[Request]:
    """`count` requests cycling through 4-8 roles, the three difficulties and one or two culprits."""
    requests = []
    for i in range(count):
        roles = 4 + i % 5
        culprits = 2 if i % 7 == 3 and roles >= 5 else 1
        requests.append(Request(start + i, CaseOptions(roles, DIFFICULTIES[(i // 5) % 3], culprits)))
    return requests


@lru_cache(maxsize=256)
def cached_case(request: Request) -> GeneratedCase:
    return generate_case(request)
