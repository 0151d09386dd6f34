"""The DuckDB store: one writer (`Store`), read-only readers (`Reader`), and the records they exchange."""

from arena.store.db import DB_ENV, Connection, LockWait, default_db_path
from arena.store.queries import Reader
from arena.store.records import (
    AgentCallRecord,
    EntryRecord,
    EventRecord,
    GameRecord,
    MatchRecord,
    MetricScoreRecord,
    QaAnswerRecord,
    QaRunRecord,
    RatingPoolRecord,
    RatingSnapshotRecord,
    ScriptRecord,
    TournamentRecord,
)
from arena.store.writes import Store

__all__ = [
    "DB_ENV", "AgentCallRecord", "Connection", "EntryRecord", "EventRecord", "GameRecord", "MatchRecord",
    "MetricScoreRecord", "QaAnswerRecord", "QaRunRecord", "RatingPoolRecord", "RatingSnapshotRecord", "Reader",
    "LockWait", "ScriptRecord", "Store", "TournamentRecord", "default_db_path",
]
