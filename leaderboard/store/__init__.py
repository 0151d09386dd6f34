"""The DuckDB store: one writer (`Store`), read-only readers (`Reader`), and the records they exchange."""

from leaderboard.store.db import DB_ENV, Connection, LockWait, default_db_path
from leaderboard.store.queries import Reader
from leaderboard.store.records import (
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
from leaderboard.store.writes import Store

__all__ = [
    "DB_ENV", "AgentCallRecord", "Connection", "EntryRecord", "EventRecord", "GameRecord", "MatchRecord",
    "MetricScoreRecord", "QaAnswerRecord", "QaRunRecord", "RatingPoolRecord", "RatingSnapshotRecord", "Reader",
    "LockWait", "ScriptRecord", "Store", "TournamentRecord", "default_db_path",
]
