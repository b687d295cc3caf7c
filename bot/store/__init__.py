"""Persistence for the bot and the console: ruling log, feedback, quiz progress.

    from bot.store import Store
    store = Store.open()                      # SQLite from config, or PostgreSQL via [store] database_url
    rid = store.log_ruling(asker_id=..., ...) # committed when it returns

Synchronous by design; from async code call it through ``asyncio.to_thread``.
"""

from bot.store.migrations import LATEST as SCHEMA_VERSION
from bot.store.migrations import SchemaTooNew
from bot.store.models import (
    ClauseProgress,
    FeedbackSummary,
    LeaderboardEntry,
    LoggedRuling,
    QuizAttempt,
    RecordedAnswer,
    SectionStats,
    UserStats,
)
from bot.store.schema import NO_GUILD
from bot.store.store import GuildStore, Store

__all__ = [
    "NO_GUILD", "SCHEMA_VERSION", "ClauseProgress", "FeedbackSummary", "GuildStore", "LeaderboardEntry",
    "LoggedRuling", "QuizAttempt", "RecordedAnswer", "SchemaTooNew", "SectionStats", "Store", "UserStats",
]
