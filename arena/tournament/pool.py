"""The active pool: registered, non-deprecated entries turned back into playable `Entry`s.

The store keeps an entry's identity (provider, model and the settings hashed into its id) but not
its operational settings (key variable, timeout, prices). A database may come from someone else, so
its rows never decide where a request goes or which key it carries: a pool entry is the owner's own
entry with the same id (from the entries file), or, for an offline entry (built-in or mock, no
server, no key variable), the entry rebuilt from its stored identity. Any other entry is skipped,
with the reason and how to add it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from arena.entries import Entry, is_offline
from arena.store.queries import EntryRow


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
        entry = by_id.get(row.entry_id)
        if entry is None:
            rebuilt = rebuild_entry(row)
            if rebuilt is None or not is_offline(rebuilt):
                skipped.append((row.entry_id, _why_skipped(row, rebuilt)))
                continue
            entry = rebuilt
        entries.append(entry)
    return Pool(tuple(entries), tuple(skipped))


def _why_skipped(row: EntryRow, rebuilt: Entry | None) -> str:
    if rebuilt is None:
        return "its stored settings do not rebuild the same entry; add it to the entries file"
    return (f"it calls a model and is not in your entries file (stored settings are never used to call a model); "
            f"add [entries.{row.name.replace('/', '-')}] with model = \"{row.provider}/{row.model}\" and the same "
            "settings to play it")
