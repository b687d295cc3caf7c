"""The tables as the store's queries see them: the schema at the latest version.

This file describes the *current* shape only.  How a database gets there is
``migrations.py``, whose steps are frozen once released; a test checks that a
freshly migrated database has exactly the columns declared here, so the two
cannot drift apart unnoticed.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    text,
)

from bot.store.types import UTCDateTime, json_type

metadata = MetaData()

schema_version = Table(
    "schema_version", metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("description", Text, nullable=False),
    Column("applied_at", UTCDateTime, nullable=False),
)

rulings = Table(
    "rulings", metadata,
    Column("id", Integer, primary_key=True),
    Column("created_at", UTCDateTime, nullable=False, index=True),
    Column("asker_id", String(64), nullable=False),
    Column("asker_name", String(200), nullable=False),
    # The server the ruling was asked in (None only for rows no server was recorded for); every read is scoped by it.
    Column("guild_id", String(64)),
    # The ruling's number in its server's log (#1, #2, ... per server): what staff see and refer to. ``id`` is
    # the table's key only. The default exists for the migration that added the column; the store always numbers.
    Column("number", Integer, nullable=False, server_default=text("0")),
    Column("question", Text, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("outcome", Text, nullable=False),
    Column("citations", json_type(), nullable=False),
    # " 1.4.2 1.2 " -- the ids with spaces round them, so a search for "1.4" does not match "1.4.2".
    Column("citation_text", Text, nullable=False),
    Column("rulebook_version", String(200), nullable=False),
    Column("ruling_json", json_type(), nullable=False),
    Column("overturned", Boolean, nullable=False),
    Column("overturned_by", String(64)),
    Column("overturn_reason", Text),
    Column("overturned_at", UTCDateTime),
)
Index("ix_rulings_guild", rulings.c.guild_id, rulings.c.id)
Index("ux_rulings_guild_number", rulings.c.guild_id, rulings.c.number, unique=True)

feedback = Table(
    "feedback", metadata,
    Column("id", Integer, primary_key=True),
    Column("ruling_id", Integer, ForeignKey("rulings.id", ondelete="CASCADE"), index=True),
    Column("question", Text, nullable=False),
    Column("user_id", String(64), nullable=False),
    Column("helpful", Boolean, nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
    Column("guild_id", String(64)),  # where the vote was cast; None in a DM
)
Index("ix_feedback_guild", feedback.c.guild_id)

# Per-server settings: set with /floor setup by a member with Manage Server.
guild_settings = Table(
    "guild_settings", metadata,
    Column("guild_id", String(64), primary_key=True),
    Column("staff_role_id", String(64)),  # None: the configured [discord] staff_role applies
    Column("updated_by", String(64), nullable=False),
    Column("updated_at", UTCDateTime, nullable=False),
)

# Quiz rows are keyed by server too: a member's progress in one server is not her progress in another.
# guild_id is never NULL here (it is in the keys); NO_GUILD ('') is "no server": `floor quiz` in a terminal,
# Discord DMs, and answers saved before schema version 3.
NO_GUILD = ""

quiz_users = Table(
    "quiz_users", metadata,
    Column("guild_id", String(64), nullable=False),
    Column("user_id", String(64), nullable=False),
    Column("user_name", String(200), nullable=False),  # as the member is named in that server
    Column("updated_at", UTCDateTime, nullable=False),
    PrimaryKeyConstraint("guild_id", "user_id"),
)

quiz_attempts = Table(
    "quiz_attempts", metadata,
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
    ForeignKeyConstraint(["guild_id", "user_id"], ["quiz_users.guild_id", "quiz_users.user_id"]),
)
Index("ix_quiz_attempts_user_time", quiz_attempts.c.guild_id, quiz_attempts.c.user_id, quiz_attempts.c.answered_at)
Index("ix_quiz_attempts_time", quiz_attempts.c.guild_id, quiz_attempts.c.answered_at)
Index("ix_quiz_attempts_round", quiz_attempts.c.round_id)

quiz_progress = Table(
    "quiz_progress", metadata,
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
    ForeignKeyConstraint(["guild_id", "user_id"], ["quiz_users.guild_id", "quiz_users.user_id"]),
)
