"""Frozen pydantic models that memoise derived values (hashes, canonical JSON) on first use.

A `functools.cached_property` keeps its value in the instance `__dict__`, and pydantic's
`model_copy` copies that dict: a copy with updated fields would carry a hash of the old ones.
`Memoised.model_copy` drops the memoised names listed in `MEMOS`, so they are computed afresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pydantic import BaseModel


class Memoised(BaseModel):
    """A frozen model whose `cached_property` values (named in `MEMOS`) are dropped by `model_copy`."""

    MEMOS: ClassVar[tuple[str, ...]] = ()

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        copied = super().model_copy(update=update, deep=deep)
        for name in self.MEMOS:
            copied.__dict__.pop(name, None)
        return copied
