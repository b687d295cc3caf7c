"""Column types that behave the same on SQLite and PostgreSQL.

SQLite has no timezone-aware timestamp: SQLAlchemy stores a naive string and
hands back a naive datetime.  PostgreSQL's ``timestamptz`` hands back an aware
one.  ``UTCDateTime`` makes both look the same to callers (always aware UTC),
so no code above the store has to ask which database it is on.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC in, aware UTC out; a naive datetime is refused rather than guessed at."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store; use datetime.now(UTC)")
        value = value.astimezone(UTC)
        # SQLite would keep the offset in its text form and compare strings; store plain UTC.
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def json_type() -> Any:
    """JSON on SQLite, JSONB on PostgreSQL (smaller, comparable)."""
    return JSON().with_variant(JSONB(), "postgresql")


def utcnow() -> datetime:
    return datetime.now(UTC)
