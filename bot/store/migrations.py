"""Schema versions, migrated in code on every open.

Each step is a numbered function that takes the database from version N-1 to
N.  A released step is never edited: a change to the schema is a new step at
the end, so a room that skipped some releases replays exactly the steps it
missed.  Tables are therefore declared inside each step (on a private
``MetaData``) rather than taken from ``schema.py``, which shows only the latest
shape and would silently change an old step.

Every step runs in its own transaction together with the row that records it
(both SQLite and PostgreSQL have transactional DDL), so a crash mid-migration
leaves the database at the previous version, and re-running is a no-op.  Two
processes opening the store at once are serialised: ``BEGIN IMMEDIATE`` on
SQLite, a transaction-scoped advisory lock on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    func,
    inspect,
    select,
    text,
)

from bot.store.types import UTCDateTime, json_type, utcnow

# Any constant will do; it names "Floor's schema migration" among advisory locks.
PG_MIGRATION_LOCK = 0x464C4F4F52  # "FLOOR"


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer Floor; running old code on it could corrupt it."""


@dataclass(frozen=True)
class Step:
    version: int
    description: str
    apply: Callable[[Connection], None]


def _version_table(md: MetaData) -> Table:
    return Table(
        "schema_version", md,
        Column("version", Integer, primary_key=True, autoincrement=False),
        Column("description", Text, nullable=False),
        Column("applied_at", UTCDateTime, nullable=False),
    )


def _v1_ruling_log(conn: Connection) -> None:
    md = MetaData()
    Table(
        "rulings", md,
        Column("id", Integer, primary_key=True),
        Column("created_at", UTCDateTime, nullable=False, index=True),
        Column("asker_id", String(64), nullable=False),
        Column("asker_name", String(200), nullable=False),
        Column("guild_id", String(64)),
        Column("question", Text, nullable=False),
        Column("kind", String(32), nullable=False),
        Column("outcome", Text, nullable=False),
        Column("citations", json_type(), nullable=False),
        Column("citation_text", Text, nullable=False),
        Column("rulebook_version", String(200), nullable=False),
        Column("ruling_json", json_type(), nullable=False),
        Column("overturned", Boolean, nullable=False),
        Column("overturned_by", String(64)),
        Column("overturn_reason", Text),
        Column("overturned_at", UTCDateTime),
    )
    Table(
        "feedback", md,
        Column("id", Integer, primary_key=True),
        Column("ruling_id", Integer, ForeignKey("rulings.id", ondelete="CASCADE"), index=True),
        Column("question", Text, nullable=False),
        Column("user_id", String(64), nullable=False),
        Column("helpful", Boolean, nullable=False),
        Column("created_at", UTCDateTime, nullable=False),
    )
    md.create_all(conn)


def _v2_quiz(conn: Connection) -> None:
    md = MetaData()
    Table(
        "quiz_users", md,
        Column("user_id", String(64), primary_key=True),
        Column("user_name", String(200), nullable=False),
        Column("updated_at", UTCDateTime, nullable=False),
    )
    attempts = Table(
        "quiz_attempts", md,
        Column("id", Integer, primary_key=True),
        Column("user_id", String(64), ForeignKey("quiz_users.user_id"), nullable=False),
        Column("question_id", String(200), nullable=False),
        Column("section", String(16), nullable=False),
        Column("clause_ids", json_type(), nullable=False),
        Column("correct", Boolean, nullable=False),
        Column("chosen", Integer),
        Column("answered_at", UTCDateTime, nullable=False),
        Column("round_id", String(64)),
        # A retried answer (same key) is recorded once: the bot can resend after a crash without double counting.
        Column("answer_key", String(200), unique=True),
    )
    Index("ix_quiz_attempts_user_time", attempts.c.user_id, attempts.c.answered_at)
    Index("ix_quiz_attempts_time", attempts.c.answered_at)
    Index("ix_quiz_attempts_round", attempts.c.round_id)
    Table(
        "quiz_progress", md,
        Column("user_id", String(64), ForeignKey("quiz_users.user_id"), primary_key=True),
        Column("clause_id", String(64), primary_key=True),
        Column("box", Integer, nullable=False),
        Column("due_at", UTCDateTime, nullable=False),
        Column("seen", Integer, nullable=False),
        Column("right", Integer, nullable=False),
        Column("wrong", Integer, nullable=False),
        Column("last_seen_at", UTCDateTime, nullable=False),
        Column("last_correct", Boolean, nullable=False),
    )
    md.create_all(conn)


# Version 3: each server's data is its own.  Quiz rows gain a guild id in their keys (progress is per server
# as well as per member), so the three quiz tables are rebuilt: built under new names, filled from the old ones,
# the old ones dropped, the new ones renamed.  Quiz rows that exist already belonged to no known server; they
# keep that ('' below, the same scope as `floor quiz` in a terminal and Discord DMs), they are not guessed onto one.
V3_NO_GUILD = ""


def _v3_quiz_tables(md: MetaData, suffix: str) -> tuple[Table, Table, Table]:
    users = Table(
        f"quiz_users{suffix}", md,
        Column("guild_id", String(64), nullable=False),
        Column("user_id", String(64), nullable=False),
        Column("user_name", String(200), nullable=False),
        Column("updated_at", UTCDateTime, nullable=False),
        PrimaryKeyConstraint("guild_id", "user_id"),
    )
    attempts = Table(
        f"quiz_attempts{suffix}", md,
        Column("id", Integer, primary_key=True),
        Column("guild_id", String(64), nullable=False),
        Column("user_id", String(64), nullable=False),
        Column("question_id", String(200), nullable=False),
        Column("section", String(16), nullable=False),
        Column("clause_ids", json_type(), nullable=False),
        Column("correct", Boolean, nullable=False),
        Column("chosen", Integer),
        Column("answered_at", UTCDateTime, nullable=False),
        Column("round_id", String(64)),
        Column("answer_key", String(200), unique=True),
        ForeignKeyConstraint(["guild_id", "user_id"], [users.c.guild_id, users.c.user_id]),
    )
    progress = Table(
        f"quiz_progress{suffix}", md,
        Column("guild_id", String(64), nullable=False),
        Column("user_id", String(64), nullable=False),
        Column("clause_id", String(64), nullable=False),
        Column("box", Integer, nullable=False),
        Column("due_at", UTCDateTime, nullable=False),
        Column("seen", Integer, nullable=False),
        Column("right", Integer, nullable=False),
        Column("wrong", Integer, nullable=False),
        Column("last_seen_at", UTCDateTime, nullable=False),
        Column("last_correct", Boolean, nullable=False),
        PrimaryKeyConstraint("guild_id", "user_id", "clause_id"),
        ForeignKeyConstraint(["guild_id", "user_id"], [users.c.guild_id, users.c.user_id]),
    )
    return users, attempts, progress


_V3_COPY = {
    "quiz_users": "user_id, user_name, updated_at",
    "quiz_attempts": "id, user_id, question_id, section, clause_ids, correct, chosen, answered_at, round_id, "
                     "answer_key",
    "quiz_progress": "user_id, clause_id, box, due_at, seen, \"right\", wrong, last_seen_at, last_correct",
}


def _v3_per_guild(conn: Connection) -> None:
    md = MetaData()
    Table(
        "guild_settings", md,
        Column("guild_id", String(64), primary_key=True),
        Column("staff_role_id", String(64)),  # None: the configured [discord] staff_role applies
        Column("updated_by", String(64), nullable=False),
        Column("updated_at", UTCDateTime, nullable=False),
    )
    _v3_quiz_tables(md, "_v3")
    md.create_all(conn)
    conn.execute(text("ALTER TABLE feedback ADD COLUMN guild_id VARCHAR(64)"))
    # A vote on a logged ruling belongs to the ruling's server; a vote on a player's ruling had no server recorded.
    conn.execute(text("UPDATE feedback SET guild_id = "
                      "(SELECT r.guild_id FROM rulings r WHERE r.id = feedback.ruling_id) WHERE ruling_id IS NOT NULL"))
    for name, cols in _V3_COPY.items():  # parents first
        conn.execute(text(f"INSERT INTO {name}_v3 (guild_id, {cols}) SELECT :g, {cols} FROM {name}"),
                     {"g": V3_NO_GUILD})
    for name in reversed(_V3_COPY):  # children first
        conn.execute(text(f"DROP TABLE {name}"))
    for name in _V3_COPY:
        conn.execute(text(f"ALTER TABLE {name}_v3 RENAME TO {name}"))
    if conn.dialect.name == "postgresql":  # ids were copied, so move the renamed table's sequence past them
        conn.execute(text("SELECT setval(pg_get_serial_sequence('quiz_attempts', 'id'), "
                          "COALESCE((SELECT MAX(id) FROM quiz_attempts), 0) + 1, false)"))
    for ddl in (
        "CREATE INDEX ix_rulings_guild ON rulings (guild_id, id)",
        "CREATE INDEX ix_feedback_guild ON feedback (guild_id)",
        "CREATE INDEX ix_quiz_attempts_user_time ON quiz_attempts (guild_id, user_id, answered_at)",
        "CREATE INDEX ix_quiz_attempts_time ON quiz_attempts (guild_id, answered_at)",
        "CREATE INDEX ix_quiz_attempts_round ON quiz_attempts (round_id)",
    ):
        conn.execute(text(ddl))


# Version 4: each server numbers its own log.  Ruling numbers were the table's ids, shared by every server, so a
# server's first ruling could be #7; now a ruling has a number within its server (``number``), staff refer to
# rulings by it, and ``id`` stays the table's key (the votes point at it).  Existing rulings keep their server and
# are numbered 1, 2, ... within it in the order they were logged (by id); rulings with no server recorded are
# numbered among themselves.
def _v4_numbers_per_guild(conn: Connection) -> None:
    # NOT NULL needs a default to add the column on SQLite; every row is numbered just below, and every new one
    # by ``Store.log_ruling``, so the 0 never stands.
    conn.execute(text("ALTER TABLE rulings ADD COLUMN number INTEGER NOT NULL DEFAULT 0"))
    md = MetaData()
    rulings = Table("rulings", md, Column("id", Integer, primary_key=True), Column("guild_id", String(64)),
                    Column("number", Integer))
    counts: dict[str | None, int] = {}
    renumbered = []
    for rid, guild in conn.execute(select(rulings.c.id, rulings.c.guild_id).order_by(rulings.c.id)).all():
        counts[guild] = counts.get(guild, 0) + 1
        renumbered.append({"rid": rid, "n": counts[guild]})
    if renumbered:
        conn.execute(text("UPDATE rulings SET number = :n WHERE id = :rid"), renumbered)
    # Two rulings of one server never share a number (rows with no server recorded are not held to it: a unique
    # index treats NULLs as distinct; the store still numbers them one after another).
    conn.execute(text("CREATE UNIQUE INDEX ux_rulings_guild_number ON rulings (guild_id, number)"))


STEPS: tuple[Step, ...] = (
    Step(1, "ruling log and feedback", _v1_ruling_log),
    Step(2, "quiz attempts and Leitner progress", _v2_quiz),
    Step(3, "each server's data is its own: guild ids on feedback and quiz rows, per-server settings",
         _v3_per_guild),
    Step(4, "each server numbers its own ruling log from 1", _v4_numbers_per_guild),
)

LATEST = STEPS[-1].version


def _lock(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_MIGRATION_LOCK})
    # SQLite: the connection began with BEGIN IMMEDIATE (see store._sqlite_begin), which is the lock.


def current_version(conn: Connection) -> int:
    if not inspect(conn).has_table("schema_version"):
        return 0
    md = MetaData()
    t = _version_table(md)
    return int(conn.execute(select(func.coalesce(func.max(t.c.version), 0))).scalar_one())


def migrate(engine: Engine, steps: tuple[Step, ...] = STEPS) -> int:
    """Bring the database to the newest version; returns it.  Safe to call on every start."""
    versions = [s.version for s in steps]
    if versions != list(range(1, len(steps) + 1)):
        raise ValueError(f"migration steps must be numbered 1..n in order, got {versions}")
    latest = versions[-1] if versions else 0
    with engine.connect() as conn:
        conn = conn.execution_options(sqlite_immediate=True)
        with conn.begin():
            _lock(conn)
            _version_table(MetaData()).create(conn, checkfirst=True)
            found = current_version(conn)
        if found > latest:
            raise SchemaTooNew(f"database is at schema version {found}; this Floor knows up to {latest}")
        for step in steps:
            with conn.begin():
                _lock(conn)
                if current_version(conn) >= step.version:
                    continue  # another process got here first
                step.apply(conn)
                conn.execute(_version_table(MetaData()).insert().values(
                    version=step.version, description=step.description, applied_at=utcnow()))
    return latest


__all__ = ["LATEST", "STEPS", "SchemaTooNew", "Step", "current_version", "migrate"]
