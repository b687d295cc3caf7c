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
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Table, and_, case, create_engine, event, func, or_, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Row, make_url
from sqlalchemy.exc import IntegrityError

from bot.store import schema as t
from bot.store.migrations import migrate
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
from bot.store.types import utcnow
from engine.training import TOP_BOX, LeitnerState, advance
from rules_index.config import Settings

_CLAUSE_ID = re.compile(r"^\d+(?:\.\d+)+$")


def _normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (psycopg2 is not installed)."""
    u = make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u.render_as_string(hide_password=False)


BUSY_TIMEOUT_S = 30.0


def _ensure_wal(path: str, deadline_s: float = BUSY_TIMEOUT_S) -> None:
    """Switch the file to WAL once, before any pooled connection exists.

    WAL is a property of the file and persists, so this is a no-op after the
    first open.  Switching needs an exclusive lock, and SQLite may answer
    "database is locked" at once rather than wait when several processes open
    a new file together, so it is retried here, where nothing else is held.
    """
    deadline = time.monotonic() + deadline_s
    while True:
        con = sqlite3.connect(path, timeout=deadline_s)
        try:
            mode = con.execute("PRAGMA journal_mode").fetchone()[0]
            if mode.lower() == "wal" or con.execute("PRAGMA journal_mode=WAL").fetchone()[0].lower() == "wal":
                return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
        finally:
            con.close()
        time.sleep(0.05)


def _sqlite_engine(url: str) -> Engine:
    db = make_url(url).database
    if db and db != ":memory:":
        _ensure_wal(db)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_S})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we say BEGIN ourselves, see below
        cur = dbapi_conn.cursor()
        try:
            if cur.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cur.execute("PRAGMA journal_mode=WAL")  # only :memory: or a file _ensure_wal did not see
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
        finally:
            cur.close()

    @event.listens_for(engine, "begin")
    def _sqlite_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("sqlite_immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _ruling(row: Row[Any]) -> LoggedRuling:
    return LoggedRuling(
        id=row.id, number=row.number, created_at=row.created_at, asker_id=row.asker_id, asker_name=row.asker_name,
        guild_id=row.guild_id, question=row.question, kind=row.kind, outcome=row.outcome,
        citations=tuple(row.citations or ()), rulebook_version=row.rulebook_version,
        overturned=bool(row.overturned), overturned_by=row.overturned_by,
        overturn_reason=row.overturn_reason, overturned_at=row.overturned_at,
    )


_RULING_COLS = [c for c in t.rulings.c if c.name not in ("ruling_json", "citation_text")]


def _progress(row: Row[Any]) -> ClauseProgress:
    return ClauseProgress(
        guild_id=row.guild_id, user_id=row.user_id, clause_id=row.clause_id, box=row.box, due_at=row.due_at,
        seen=row.seen, right=row.right, wrong=row.wrong, last_seen_at=row.last_seen_at,
        last_correct=bool(row.last_correct),
    )


def _attempt(row: Row[Any]) -> QuizAttempt:
    return QuizAttempt(
        id=row.id, user_id=row.user_id, question_id=row.question_id, section=row.section,
        clause_ids=tuple(row.clause_ids or ()), correct=bool(row.correct), answered_at=row.answered_at,
        round_id=row.round_id, chosen=row.chosen, guild_id=row.guild_id,
    )


def _scope(guild_id: str | None) -> str:
    """A quiz row's server key: the guild id, or ``NO_GUILD`` for none (a terminal, a DM)."""
    return t.NO_GUILD if guild_id is None else str(guild_id)


def _guild_is(column: Any, guild_id: str | None) -> Any:
    """``column`` is this server (None: rows of no server); SQL's ``= NULL`` would match nothing."""
    return column.is_(None) if guild_id is None else column == str(guild_id)


@dataclass(frozen=True)
class _Who:
    """A trainee within one server: whose progress an answer moves."""

    guild_id: str
    user_id: str
    name: str


class _AlreadyRecorded(Exception):
    """An answer with this ``answer_key`` is already in the store."""


def _upsert(conn: Connection, table: Table, values: dict[str, Any], keys: Iterable[str]) -> None:
    """INSERT ... ON CONFLICT (keys) DO UPDATE, spelled the same way by both dialects."""
    ins = (postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert)(table).values(**values)
    keys = list(keys)
    conn.execute(ins.on_conflict_do_update(
        index_elements=keys, set_={k: ins.excluded[k] for k in values if k not in keys}))


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

    # -- per-server settings -----------------------------------------------------------
    def staff_role_for(self, guild_id: str) -> str | None:
        """The staff role id a server chose with ``/floor setup``; None when it chose none (the config applies)."""
        g = t.guild_settings.c
        with self._read() as conn:
            return conn.execute(select(g.staff_role_id).where(g.guild_id == str(guild_id))).scalar()

    def set_staff_role(self, guild_id: str, role_id: str | None, *, set_by: str) -> None:
        """Set (or, with None, clear) one server's staff role; committed when it returns."""
        values = {"guild_id": str(guild_id), "staff_role_id": None if role_id is None else str(role_id),
                         "updated_by": str(set_by), "updated_at": utcnow()}
        with self._write() as conn:
            _upsert(conn, t.guild_settings, values, ["guild_id"])

    # -- staff ruling log ------------------------------------------------------
    # Every read and write of the log names the server (``guild_id``, keyword-only and required), so no caller
    # can forget it: staff of one server never see, search or overturn another server's rulings.  A ruling is
    # known by its ``number`` in its server's log (each server counts from 1), never by the table's id.
    def log_ruling(self, *, asker_id: str, asker_name: str, guild_id: str | None, question: str,
                   kind: str, outcome: str, citations: list[str], rulebook_version: str,
                   ruling_json: dict[str, Any]) -> int:
        """Keep a ruling as given; returns its number in its server's log (committed)."""
        r = t.rulings.c
        guild = None if guild_id is None else str(guild_id)
        with self._write() as conn:
            if conn.dialect.name == "postgresql":
                # One server's rulings numbered one at a time: two at once would otherwise both take the next
                # number (the unique index would refuse the second).  SQLite's BEGIN IMMEDIATE already serialises.
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": f"floor-log:{guild}"})
            number = int(conn.execute(select(func.coalesce(func.max(r.number), 0) + 1)
                                      .where(_guild_is(r.guild_id, guild))).scalar_one())
            conn.execute(t.rulings.insert().values(
                created_at=utcnow(), asker_id=str(asker_id), asker_name=asker_name, guild_id=guild, number=number,
                question=question, kind=kind, outcome=outcome, citations=list(citations),
                citation_text=" " + " ".join(citations) + " ", rulebook_version=rulebook_version,
                ruling_json=ruling_json, overturned=False,
            ))
            return number

    def recent_rulings(self, limit: int = 10, *, guild_id: str | None) -> list[LoggedRuling]:
        """One server's log, newest first."""
        r = t.rulings.c
        with self._read() as conn:
            rows = conn.execute(select(*_RULING_COLS).where(_guild_is(r.guild_id, guild_id))
                                .order_by(r.id.desc()).limit(limit)).all()
        return [_ruling(r) for r in rows]

    def search_rulings(self, text: str, limit: int = 10, *, guild_id: str | None) -> list[LoggedRuling]:
        """One server's log, newest first, every word in the question, outcome, asker or citations.

        A clause number matches a cited clause exactly ("1.4" does not find
        rulings citing only 1.4.2) or the question's own wording.
        """
        words = text.split()
        if not words:
            return self.recent_rulings(limit, guild_id=guild_id)
        r = t.rulings.c
        hay = r.question + " " + r.outcome + " " + r.asker_name
        conds = [_guild_is(r.guild_id, guild_id)]
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

    def get_ruling(self, number: int, *, guild_id: str | None) -> LoggedRuling | None:
        """One server's ruling by its number in that server's log."""
        r = t.rulings.c
        with self._read() as conn:
            row = conn.execute(select(*_RULING_COLS).where(r.number == number, _guild_is(r.guild_id, guild_id))).first()
        return _ruling(row) if row else None

    def get_ruling_json(self, number: int, *, guild_id: str | None) -> dict[str, Any] | None:
        """The full ``Ruling.to_json()`` as logged, to show a past ruling again exactly."""
        r = t.rulings.c
        with self._read() as conn:
            return conn.execute(select(r.ruling_json)
                                .where(r.number == number, _guild_is(r.guild_id, guild_id))).scalar()

    def overturn_ruling(self, number: int, *, guild_id: str | None, staff_id: str, reason: str) -> bool:
        """Mark ruling ``number`` of this server's log overturned.  False if the server has no such ruling, or it
        already was: the first overturn (who, why, when) is kept, not silently replaced."""
        r = t.rulings.c
        with self._write() as conn:
            res = conn.execute(
                update(t.rulings).where(r.number == number, _guild_is(r.guild_id, guild_id), r.overturned.is_(False))
                .values(overturned=True, overturned_by=str(staff_id), overturn_reason=reason,
                        overturned_at=utcnow()))
            return res.rowcount == 1

    # -- feedback ------------------------------------------------------------
    def add_feedback(self, *, guild_id: str | None, ruling_number: int | None, question: str, user_id: str,
                     helpful: bool) -> int:
        """A thumbs up or down, cast in one server (None: a DM), on ruling ``ruling_number`` of its log or (None)
        on an answer that was not logged.  One vote per user per answer: voting again changes the vote.

        Raises ``ValueError`` for a ``ruling_number`` that is not in this server's log.
        """
        f, r = t.feedback.c, t.rulings.c
        user_id = str(user_id)
        with self._write() as conn:
            ruling_id = None
            if ruling_number is not None:
                ruling_id = conn.execute(select(r.id).where(
                    r.number == ruling_number, _guild_is(r.guild_id, guild_id))).scalar()
                if ruling_id is None:
                    raise ValueError(f"no logged ruling #{ruling_number} in this server")
                same = and_(f.ruling_id == ruling_id, f.user_id == user_id)
            else:
                same = and_(f.ruling_id.is_(None), _guild_is(f.guild_id, guild_id), f.question == question,
                            f.user_id == user_id)
            existing = conn.execute(select(f.id).where(same).order_by(f.id).limit(1)).scalar()
            if existing is not None:
                conn.execute(update(t.feedback).where(f.id == existing)
                             .values(helpful=helpful, created_at=utcnow()))
                return int(existing)
            res = conn.execute(t.feedback.insert().values(
                ruling_id=ruling_id, question=question, user_id=user_id, helpful=helpful, created_at=utcnow(),
                guild_id=None if guild_id is None else str(guild_id)))
            return int(res.inserted_primary_key[0])

    def feedback_summary(self, limit: int = 20, *, guild_id: str | None) -> list[FeedbackSummary]:
        """One server's votes per answer, most thumbs-down first (what its staff should look at), then newest."""
        f, r = t.feedback.c, t.rulings.c
        up = func.sum(case((f.helpful.is_(True), 1), else_=0)).label("up")
        down = func.sum(case((f.helpful.is_(False), 1), else_=0)).label("down")
        last = func.max(f.created_at).label("last_at")
        stmt = (select(r.number, f.question, up, down, last)
                .select_from(t.feedback).outerjoin(t.rulings, r.id == f.ruling_id)
                .where(_guild_is(f.guild_id, guild_id))
                .group_by(f.ruling_id, r.number, f.question)
                .order_by(down.desc(), last.desc())
                .limit(limit))
        with self._read() as conn:
            rows = conn.execute(stmt).all()
        return [FeedbackSummary(ruling_number=row.number, question=row.question, helpful=int(row.up or 0),
                                unhelpful=int(row.down or 0), last_at=row.last_at) for row in rows]

    # -- quiz -------------------------------------------------------------------------
    # Quiz calls take ``guild_id`` too; its default, None, is "no server" (``floor quiz`` in a terminal, a DM).
    def for_guild(self, guild_id: str | None) -> GuildStore:
        """The quiz calls bound to one server, for code that should not have to pass the server each time."""
        return GuildStore(self, guild_id)

    def record_answer(self, *, user_id: str, user_name: str, question_id: str, section: str,
                      clause_ids: list[str], correct: bool, chosen: int | None = None, round_id: str | None = None,
                      answer_key: str | None = None, now: datetime | None = None,
                      guild_id: str | None = None) -> RecordedAnswer:
        """Keep one answer and move each clause it tests in the Leitner boxes (``engine.training.advance``).

        Committed before it returns: an answer is on disk before the user is
        told it counted.  ``answer_key`` makes a retry safe -- the same key is
        recorded once, and the second call returns the first with
        ``duplicate=True``.
        """
        now = now or utcnow()
        who = _Who(_scope(guild_id), str(user_id), user_name)
        try:
            return self._record(who, question_id, section, clause_ids, correct, chosen, round_id, answer_key, now)
        except (_AlreadyRecorded, IntegrityError):
            # IntegrityError: another connection recorded the same key between our check and our insert.
            found = self._recorded(answer_key) if answer_key is not None else None
            if found is None:
                raise
            return found

    def _recorded(self, answer_key: str) -> RecordedAnswer | None:
        a = t.quiz_attempts.c
        with self._read() as conn:
            row = conn.execute(select(t.quiz_attempts).where(a.answer_key == answer_key)).first()
            if row is None:
                return None
            p = t.quiz_progress.c
            prog = conn.execute(select(t.quiz_progress).where(
                p.guild_id == row.guild_id, p.user_id == row.user_id, p.clause_id.in_(list(row.clause_ids)))).all()
        return RecordedAnswer(attempt_id=row.id, correct=bool(row.correct), answered_at=row.answered_at,
                              progress=tuple(_progress(r) for r in prog), duplicate=True)

    def _record(self, who: _Who, question_id: str, section: str, clause_ids: list[str], correct: bool,
                chosen: int | None, round_id: str | None, answer_key: str | None, now: datetime) -> RecordedAnswer:
        a, p = t.quiz_attempts.c, t.quiz_progress.c
        with self._write() as conn:
            if answer_key is not None and conn.execute(select(a.id).where(a.answer_key == answer_key)).first():
                raise _AlreadyRecorded(answer_key)  # leaves the transaction rolled back, nothing written
            if conn.dialect.name == "postgresql":
                # One user's answers one at a time: two first answers on a new clause would otherwise both
                # start from "unseen" and one step would be lost.  (SQLite's BEGIN IMMEDIATE already serialises.)
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:u))"),
                             {"u": f"floor-quiz:{who.guild_id}:{who.user_id}"})
            key = {"guild_id": who.guild_id, "user_id": who.user_id}
            _upsert(conn, t.quiz_users, {**key, "user_name": who.name, "updated_at": now}, ["guild_id", "user_id"])
            res = conn.execute(t.quiz_attempts.insert().values(
                **key, question_id=question_id, section=str(section), clause_ids=list(clause_ids),
                correct=bool(correct), chosen=chosen, answered_at=now, round_id=round_id, answer_key=answer_key))
            attempt_id = int(res.inserted_primary_key[0])
            updated: list[ClauseProgress] = []
            for clause in dict.fromkeys(clause_ids):  # each clause once, in order
                row = conn.execute(select(t.quiz_progress).where(
                    p.guild_id == who.guild_id, p.user_id == who.user_id, p.clause_id == clause)).first()
                prev = None if row is None else LeitnerState(
                    box=row.box, due_at=row.due_at, seen=row.seen, right=row.right, wrong=row.wrong,
                    last_seen_at=row.last_seen_at, last_correct=bool(row.last_correct))
                st = advance(prev, bool(correct), now)
                values = {**key, "clause_id": clause, "box": st.box, "due_at": st.due_at, "seen": st.seen,
                          "right": st.right, "wrong": st.wrong, "last_seen_at": st.last_seen_at,
                          "last_correct": st.last_correct}
                _upsert(conn, t.quiz_progress, values, ["guild_id", "user_id", "clause_id"])
                updated.append(ClauseProgress(**values))
        return RecordedAnswer(attempt_id=attempt_id, correct=bool(correct), answered_at=now, progress=tuple(updated))

    def progress_for(self, user_id: str, guild_id: str | None = None) -> dict[str, ClauseProgress]:
        """Clause id -> Leitner state in one server, for ``engine.training.pick_next``."""
        p = t.quiz_progress.c
        with self._read() as conn:
            rows = conn.execute(select(t.quiz_progress).where(
                p.guild_id == _scope(guild_id), p.user_id == str(user_id))).all()
        return {r.clause_id: _progress(r) for r in rows}

    def attempts_for(self, user_id: str, limit: int = 50, guild_id: str | None = None) -> list[QuizAttempt]:
        """Newest first, in one server."""
        a = t.quiz_attempts.c
        with self._read() as conn:
            rows = conn.execute(select(t.quiz_attempts).where(a.guild_id == _scope(guild_id), a.user_id == str(user_id))
                                .order_by(a.id.desc()).limit(limit)).all()
        return [_attempt(r) for r in rows]

    def recent_question_ids(self, user_id: str, limit: int = 5, guild_id: str | None = None) -> list[str]:
        """The questions just asked, for ``pick_next(avoid=...)``."""
        return [x.question_id for x in self.attempts_for(user_id, limit, guild_id)]

    def stats_for(self, user_id: str, weakest: int = 5, guild_id: str | None = None) -> UserStats:
        """Overall and per-section accuracy in one server, and the clauses answered worst (lowest share right,
        then most wrong)."""
        a = t.quiz_attempts.c
        right = func.sum(case((a.correct.is_(True), 1), else_=0))
        with self._read() as conn:
            rows = conn.execute(select(a.section, func.count(), right)
                                .where(a.guild_id == _scope(guild_id), a.user_id == str(user_id))
                                .group_by(a.section).order_by(a.section)).all()
        by_section = tuple(SectionStats(section=s or "", answered=int(n), right=int(r or 0)) for s, n, r in rows)
        progress = list(self.progress_for(user_id, guild_id).values())
        worst = sorted((x for x in progress if x.wrong > 0),
                       key=lambda x: (x.right / x.seen, -x.wrong, x.box, x.clause_id))
        return UserStats(
            user_id=str(user_id), answered=sum(s.answered for s in by_section),
            right=sum(s.right for s in by_section), by_section=by_section, weakest=tuple(worst[:weakest]),
            clauses_seen=len(progress), clauses_mastered=sum(1 for x in progress if x.box >= TOP_BOX),
        )

    def leaderboard(self, limit: int = 10, since: datetime | None = None,
                    round_id: str | None = None, guild_id: str | None = None) -> list[LeaderboardEntry]:
        """One server's board: most right answers first; for equal counts, fewer attempts (better accuracy) first.

        ``since`` limits it to answers from then on (this week's board);
        ``round_id`` to one quiz round.  Names are as the members are called in that server.
        """
        a, u = t.quiz_attempts.c, t.quiz_users.c
        right = func.sum(case((a.correct.is_(True), 1), else_=0)).label("right")
        answered = func.count().label("answered")
        scope = _scope(guild_id)
        stmt = (select(a.user_id, u.user_name, right, answered)
                .join(t.quiz_users, and_(u.guild_id == a.guild_id, u.user_id == a.user_id))
                .where(a.guild_id == scope))
        if since is not None:
            stmt = stmt.where(a.answered_at >= since)
        if round_id is not None:
            stmt = stmt.where(a.round_id == round_id)
        stmt = stmt.group_by(a.user_id, u.user_name).order_by(right.desc(), answered.asc(), a.user_id).limit(limit)
        with self._read() as conn:
            rows = conn.execute(stmt).all()
        return [LeaderboardEntry(rank=i, user_id=r.user_id, user_name=r.user_name, right=int(r.right or 0),
                                 answered=int(r.answered)) for i, r in enumerate(rows, start=1)]


class GuildStore:
    """A ``Store``'s quiz calls bound to one server (``Store.for_guild``), with the same signatures as the
    store's minus ``guild_id``: ``bot.quiz_core`` can take it in place of the store and stays unaware of servers,
    yet cannot read or write another server's progress."""

    def __init__(self, store: Store, guild_id: str | None):
        self.store = store
        self.guild_id = None if guild_id is None else str(guild_id)

    def record_answer(self, **kwargs: Any) -> RecordedAnswer:
        return self.store.record_answer(**kwargs, guild_id=self.guild_id)

    def progress_for(self, user_id: str) -> dict[str, ClauseProgress]:
        return self.store.progress_for(user_id, self.guild_id)

    def attempts_for(self, user_id: str, limit: int = 50) -> list[QuizAttempt]:
        return self.store.attempts_for(user_id, limit, self.guild_id)

    def recent_question_ids(self, user_id: str, limit: int = 5) -> list[str]:
        return self.store.recent_question_ids(user_id, limit, self.guild_id)

    def stats_for(self, user_id: str, weakest: int = 5) -> UserStats:
        return self.store.stats_for(user_id, weakest, self.guild_id)

    def leaderboard(self, limit: int = 10, since: datetime | None = None,
                    round_id: str | None = None) -> list[LeaderboardEntry]:
        return self.store.leaderboard(limit, since, round_id, self.guild_id)
