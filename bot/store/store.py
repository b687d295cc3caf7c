"""The store: staff ruling log, answer feedback and quiz progress.

One code path for SQLite (the default, a file next to the config) and
PostgreSQL (when ``[store] database_url`` is set).  The API is synchronous on
purpose: the Discord bot calls it through ``asyncio.to_thread`` and the
console calls it directly, so neither needs an async driver.

Durability is the point of this module: every method that writes commits
before it returns, so whatever the bot acknowledges to a user ("ruling
logged", "answer recorded") is on disk.  On SQLite that needs three things:

* WAL journal, so readers (``/history``, ``/leaderboard``) never block the
  writer and a killed process leaves a database that recovers on next open;
* ``synchronous=FULL``: in WAL mode, NORMAL only syncs at checkpoints, so a
  power cut can lose the last commits even though they were acknowledged.
  FULL syncs the WAL on every commit.  One fsync per answer is nothing at
  card-room volume, and "acknowledged means kept" is worth it;
* our own ``BEGIN`` (the sqlite3 module's implicit transactions are switched
  off), with ``BEGIN IMMEDIATE`` for writes so a read-then-write transaction
  takes the write lock up front instead of failing with SQLITE_BUSY midway.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, and_, case, create_engine, event, func, or_, select, text, update
from sqlalchemy.engine import Row, make_url

from bot.store import schema as t
from bot.store.migrations import migrate
from bot.store.models import FeedbackSummary, LoggedRuling
from bot.store.types import utcnow
from rules_index.config import Settings

_CLAUSE_ID = re.compile(r"^\d+(?:\.\d+)+$")


def _normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (psycopg2 is not installed)."""
    u = make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u.render_as_string(hide_password=False)


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we say BEGIN ourselves, see below
        cur = dbapi_conn.cursor()
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
        finally:
            cur.close()

    @event.listens_for(engine, "begin")
    def _sqlite_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("sqlite_immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _ruling(row: Row[Any]) -> LoggedRuling:
    return LoggedRuling(
        id=row.id, created_at=row.created_at, asker_id=row.asker_id, asker_name=row.asker_name,
        guild_id=row.guild_id, question=row.question, kind=row.kind, outcome=row.outcome,
        citations=tuple(row.citations or ()), rulebook_version=row.rulebook_version,
        overturned=bool(row.overturned), overturned_by=row.overturned_by,
        overturn_reason=row.overturn_reason, overturned_at=row.overturned_at,
    )


_RULING_COLS = [c for c in t.rulings.c if c.name not in ("ruling_json", "citation_text")]


class Store:
    """Open with ``Store.open()``; every write is committed when the call returns."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.schema_version = migrate(engine)

    # -- lifecycle -----------------------------------------------------------
    @classmethod
    def open(cls, settings: Settings | None = None, url: str | None = None) -> Store:
        """``url`` wins; then ``[store] database_url``; then the SQLite file ``[store] sqlite_path``."""
        if url is None:
            if settings is None:
                from rules_index.config import default_settings

                settings = default_settings()
            configured = settings.store.database_url.strip()
            if configured:
                url = configured
            else:
                path: Path = settings.sqlite_path
                path.parent.mkdir(parents=True, exist_ok=True)
                url = f"sqlite:///{path}"
        url = _normalise_url(url)
        if make_url(url).get_backend_name() == "sqlite":
            db = make_url(url).database
            if db and db != ":memory:":
                Path(db).parent.mkdir(parents=True, exist_ok=True)
            engine = _sqlite_engine(url)
        else:
            engine = create_engine(url, pool_pre_ping=True)
        try:
            return cls(engine)
        except BaseException:
            engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction, committed when the block ends (before the caller returns)."""
        with self.engine.connect() as conn:
            conn = conn.execution_options(sqlite_immediate=True)
            with conn.begin():
                yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    def integrity_ok(self) -> bool:
        """``PRAGMA integrity_check`` on SQLite; on PostgreSQL, that the server answers a query."""
        with self._read() as conn:
            if self.dialect == "sqlite":
                rows = [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check").all()]
                fk = conn.exec_driver_sql("PRAGMA foreign_key_check").all()
                return rows == ["ok"] and not fk
            return conn.execute(text("SELECT 1")).scalar_one() == 1

    # -- staff ruling log ------------------------------------------------------
    def log_ruling(self, *, asker_id: str, asker_name: str, guild_id: str | None, question: str,
                   kind: str, outcome: str, citations: list[str], rulebook_version: str,
                   ruling_json: dict[str, Any]) -> int:
        """Keep a ruling as given; returns its log id (committed)."""
        with self._write() as conn:
            res = conn.execute(t.rulings.insert().values(
                created_at=utcnow(), asker_id=str(asker_id), asker_name=asker_name,
                guild_id=None if guild_id is None else str(guild_id), question=question, kind=kind,
                outcome=outcome, citations=list(citations),
                citation_text=" " + " ".join(citations) + " ", rulebook_version=rulebook_version,
                ruling_json=ruling_json, overturned=False,
            ))
            return int(res.inserted_primary_key[0])

    def recent_rulings(self, limit: int = 10) -> list[LoggedRuling]:
        with self._read() as conn:
            rows = conn.execute(select(*_RULING_COLS).order_by(t.rulings.c.id.desc()).limit(limit)).all()
        return [_ruling(r) for r in rows]

    def search_rulings(self, text: str, limit: int = 10) -> list[LoggedRuling]:
        """Newest first, every word in the question, outcome, asker or citations.

        A clause number matches a cited clause exactly ("1.4" does not find
        rulings citing only 1.4.2) or the question's own wording.
        """
        words = text.split()
        if not words:
            return self.recent_rulings(limit)
        r = t.rulings.c
        hay = r.question + " " + r.outcome + " " + r.asker_name
        conds = []
        for w in words:
            if _CLAUSE_ID.match(w.rstrip(".")):
                cid = w.rstrip(".")
                conds.append(or_(r.citation_text.contains(f" {cid} ", autoescape=True),
                                 r.question.contains(cid, autoescape=True)))
            else:
                conds.append(hay.icontains(w, autoescape=True))
        stmt = select(*_RULING_COLS).where(and_(*conds)).order_by(r.id.desc()).limit(limit)
        with self._read() as conn:
            return [_ruling(row) for row in conn.execute(stmt).all()]

    def get_ruling(self, ruling_id: int) -> LoggedRuling | None:
        with self._read() as conn:
            row = conn.execute(select(*_RULING_COLS).where(t.rulings.c.id == ruling_id)).first()
        return _ruling(row) if row else None

    def get_ruling_json(self, ruling_id: int) -> dict[str, Any] | None:
        """The full ``Ruling.to_json()`` as logged, to show a past ruling again exactly."""
        with self._read() as conn:
            return conn.execute(select(t.rulings.c.ruling_json).where(t.rulings.c.id == ruling_id)).scalar()

    def overturn_ruling(self, ruling_id: int, *, staff_id: str, reason: str) -> bool:
        """Mark a logged ruling overturned.  False if there is no such ruling or it already was:
        the first overturn (who, why, when) is kept, not silently replaced."""
        r = t.rulings.c
        with self._write() as conn:
            res = conn.execute(
                update(t.rulings).where(r.id == ruling_id, r.overturned.is_(False))
                .values(overturned=True, overturned_by=str(staff_id), overturn_reason=reason,
                        overturned_at=utcnow()))
            return res.rowcount == 1

    # -- feedback ------------------------------------------------------------
    def add_feedback(self, *, ruling_id: int | None, question: str, user_id: str, helpful: bool) -> int:
        """A thumbs up or down.  One vote per user per answer: voting again changes the vote.

        Raises ``ValueError`` for a ``ruling_id`` that is not in the log.
        """
        f = t.feedback.c
        user_id = str(user_id)
        with self._write() as conn:
            if ruling_id is not None:
                if conn.execute(select(t.rulings.c.id).where(t.rulings.c.id == ruling_id)).first() is None:
                    raise ValueError(f"no logged ruling {ruling_id}")
                same = and_(f.ruling_id == ruling_id, f.user_id == user_id)
            else:
                same = and_(f.ruling_id.is_(None), f.question == question, f.user_id == user_id)
            existing = conn.execute(select(f.id).where(same).order_by(f.id).limit(1)).scalar()
            if existing is not None:
                conn.execute(update(t.feedback).where(f.id == existing)
                             .values(helpful=helpful, created_at=utcnow()))
                return int(existing)
            res = conn.execute(t.feedback.insert().values(
                ruling_id=ruling_id, question=question, user_id=user_id, helpful=helpful, created_at=utcnow()))
            return int(res.inserted_primary_key[0])

    def feedback_summary(self, limit: int = 20) -> list[FeedbackSummary]:
        """Votes per answer, most thumbs-down first (what staff should look at), then newest."""
        f = t.feedback.c
        up = func.sum(case((f.helpful.is_(True), 1), else_=0)).label("up")
        down = func.sum(case((f.helpful.is_(False), 1), else_=0)).label("down")
        last = func.max(f.created_at).label("last_at")
        stmt = (select(f.ruling_id, f.question, up, down, last)
                .group_by(f.ruling_id, f.question)
                .order_by(down.desc(), last.desc())
                .limit(limit))
        with self._read() as conn:
            rows = conn.execute(stmt).all()
        return [FeedbackSummary(ruling_id=r.ruling_id, question=r.question, helpful=int(r.up or 0),
                                unhelpful=int(r.down or 0), last_at=r.last_at) for r in rows]
