"""The active pool: registered, non-deprecated entries turned back into playable `Entry`s.

The store keeps an entry's identity (provider, model and the settings hashed into its id) but not
its operational settings (key variable, timeout, prices). So a pool entry is taken from the entries
file when one there has the same id, and otherwise rebuilt from its stored identity; an entry that
cannot be rebuilt to the same id is skipped, with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from arena.entries import Entry
from leaderboard.store.queries import EntryRow


@dataclass(frozen=True)
class Pool:
    entries: tuple[Entry, ...]
    skipped: tuple[tuple[str, str], ...]  # (entry id, why)


def rebuild_entry(row: EntryRow) -> Entry | None:
    """The entry a stored row describes, or None when its settings no longer rebuild the same id."""
    settings = {k: v for k, v in row.settings.items() if k in Entry.model_fields}
    try:
        entry = Entry(name=row.name, model=f"{row.provider}/{row.model}", source="file", **settings)
    except ValidationError:
        return None
    return entry if entry.entry_id == row.entry_id else None


def active_pool(rows: Iterable[EntryRow], known: Mapping[str, Entry], exclude: str | None = None) -> Pool:
    """The non-deprecated entries of `rows` (except `exclude`), preferring `known` entries by id."""
    by_id = {entry.entry_id: entry for entry in known.values()}
    entries, skipped = [], []
    for row in rows:
        if row.deprecated or row.entry_id == exclude:
            continue
        entry = by_id.get(row.entry_id) or rebuild_entry(row)
        if entry is None:
            skipped.append((row.entry_id, "its stored settings do not rebuild the same entry; add it to the "
                                          "entries file"))
        else:
            entries.append(entry)
    return Pool(tuple(entries), tuple(skipped))
