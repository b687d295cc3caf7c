"""The store on SQLite and on a real PostgreSQL server: same tests, same answers."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from pg_server import Unavailable, temporary_server

from bot.store import SCHEMA_VERSION, RecordedAnswer, SchemaTooNew, Store
from bot.store import schema as current_schema
from bot.store.migrations import STEPS, migrate
from engine.training import BOX_INTERVALS
from rules_index.config import Settings, StoreSettings

_db_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    try:
        with temporary_server() as url:
            yield url
    except Unavailable as why:
        pytest.skip(f"PostgreSQL tests skipped: {why}")


def _fresh_pg_database(server_url: str) -> str:
    """A new empty database on the session's server, so tests never see each other's rows."""
    name = f"floor_test_{next(_db_names)}"
    admin = sa.create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return sa.make_url(server_url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'floor.sqlite3'}"
    return _fresh_pg_database(request.getfixturevalue("pg_server"))


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store.open(url=db_url)
    yield s
    s.close()


def _log(store: Store, question: str = "Facing 25 he drops a single 100 chip", **kw: object) -> int:
    args: dict[str, object] = dict(
        asker_id="111", asker_name="Dana", guild_id="999", question=question, kind="ruling",
        outcome="It is a call of 25; 75 in change.", citations=["1.4.2"],
        rulebook_version="poker-ape-house-rules.txt@abc", ruling_json={"kind": "ruling", "amounts": {"call": 25}},
    )
    args.update(kw)
    return store.log_ruling(**args)  # type: ignore[arg-type]


# -- opening and configuration ------------------------------------------------------
def test_default_store_is_sqlite_file_from_settings_with_wal_and_full_sync(tmp_path: Path) -> None:
    settings = Settings(base_dir=tmp_path)
    with Store.open(settings) as s:
        assert s.dialect == "sqlite"
        assert (tmp_path / "var" / "floor.sqlite3").is_file()
        with s.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_database_url_in_settings_wins_over_sqlite_path(tmp_path: Path) -> None:
    other = tmp_path / "elsewhere.db"
    settings = Settings(base_dir=tmp_path, store=StoreSettings(database_url=f"sqlite:///{other}"))
    with Store.open(settings):
        pass
    assert other.is_file()
    assert not (tmp_path / "var").exists()


def test_plain_postgresql_url_uses_psycopg3() -> None:
    from bot.store.store import _normalise_url

    assert _normalise_url("postgresql://u:p@h/db").startswith("postgresql+psycopg://u:p@h/db")
    assert _normalise_url("sqlite:///x.db") == "sqlite:///x.db"


# -- migrations -----------------------------------------------------------------------
def test_schema_is_migrated_to_latest_and_reopening_changes_nothing(db_url: str) -> None:
    with Store.open(url=db_url) as s:
        assert s.schema_version == SCHEMA_VERSION
    with Store.open(url=db_url) as s:
        with s.engine.connect() as conn:
            rows = conn.execute(sa.select(current_schema.schema_version.c.version)).scalars().all()
        assert rows == list(range(1, SCHEMA_VERSION + 1))


def test_a_database_left_at_an_old_version_gets_only_the_missing_steps(db_url: str) -> None:
    engine = Store.open(url=db_url).engine  # the store's engine carries the SQLite pragmas
    with engine.begin() as conn:
        for table in reversed(current_schema.metadata.sorted_tables):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {table.name}"))
    assert migrate(engine, STEPS[:1]) == 1
    with engine.begin() as conn:  # a ruling logged by the version-1 Floor
        conn.execute(current_schema.rulings.insert().values(
            created_at=datetime.now(UTC), asker_id="1", asker_name="Old", question="kept?", kind="ruling",
            outcome="yes", citations=["1.2"], citation_text=" 1.2 ", rulebook_version="v", ruling_json={},
            overturned=False))
    engine.dispose()
    with Store.open(url=db_url) as s:
        assert s.schema_version == SCHEMA_VERSION
        assert [r.question for r in s.recent_rulings(guild_id=None)] == ["kept?"]
        assert s.progress_for("anyone") == {}  # the version-2 quiz tables exist now


def test_migrated_columns_match_the_declared_schema(store: Store) -> None:
    insp = sa.inspect(store.engine)
    for table in current_schema.metadata.sorted_tables:
        assert {c["name"] for c in insp.get_columns(table.name)} == set(table.c.keys()), table.name


def test_a_database_from_a_newer_floor_is_refused(db_url: str) -> None:
    with Store.open(url=db_url) as s, s.engine.begin() as conn:
        conn.execute(current_schema.schema_version.insert().values(
            version=SCHEMA_VERSION + 1, description="from the future", applied_at=sa.func.now()))
    with pytest.raises(SchemaTooNew):
        Store.open(url=db_url)


def test_two_processes_opening_a_new_database_at_once_both_succeed(db_url: str) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(3)

    def opener() -> None:
        try:
            barrier.wait()
            Store.open(url=db_url).close()
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(3)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    with Store.open(url=db_url) as s, s.engine.connect() as conn:
        rows = conn.execute(sa.select(current_schema.schema_version.c.version)).scalars().all()
    assert rows == list(range(1, SCHEMA_VERSION + 1))


# -- ruling log -------------------------------------------------------------------------
def test_logged_ruling_is_committed_and_visible_to_another_connection(store: Store, db_url: str) -> None:
    rid = _log(store)
    with Store.open(url=db_url) as other:
        got = other.get_ruling(rid, guild_id="999")
    assert got is not None
    assert got.question == "Facing 25 he drops a single 100 chip"
    assert got.citations == ("1.4.2",)
    assert got.guild_id == "999"
    assert got.created_at.tzinfo is not None and got.created_at.utcoffset() == UTC.utcoffset(None)
    assert got.overturned is False and got.overturned_by is None
    assert store.get_ruling_json(rid, guild_id="999") == {"kind": "ruling", "amounts": {"call": 25}}


def test_recent_rulings_newest_first_and_limited(store: Store) -> None:
    ids = [_log(store, question=f"question {n}") for n in range(5)]
    recent = store.recent_rulings(limit=3, guild_id="999")
    assert [r.id for r in recent] == list(reversed(ids))[:3]


def test_get_ruling_unknown_id_is_none(store: Store) -> None:
    assert store.get_ruling(12345, guild_id="999") is None


def test_search_matches_every_word_case_insensitively(store: Store) -> None:
    chip = _log(store, question="Single OVERSIZED chip facing a bet")
    _log(store, question="Out of turn fold", outcome="The fold is binding.", citations=["1.8.3"])
    assert [r.id for r in store.search_rulings("oversized CHIP", guild_id="999")] == [chip]
    assert [r.id for r in store.search_rulings("dana call", guild_id="999")] == [chip]  # asker name and outcome count
    assert store.search_rulings("oversized fold", guild_id="999") == []


def test_search_by_clause_number_is_exact(store: Store) -> None:
    a = _log(store, citations=["1.4.2", "1.2"])
    b = _log(store, question="min raise", citations=["1.4"])
    assert [r.id for r in store.search_rulings("1.4.2", guild_id="999")] == [a]
    assert [r.id for r in store.search_rulings("1.4", guild_id="999")] == [b]
    assert [r.id for r in store.search_rulings("1.2", guild_id="999")] == [a]


def test_search_treats_like_wildcards_as_text(store: Store) -> None:
    _log(store, question="plain question")
    pct = _log(store, question="run it twice 50% each")
    assert [r.id for r in store.search_rulings("50%", guild_id="999")] == [pct]
    assert [r.id for r in store.search_rulings("%", guild_id="999")] == [pct]
    assert store.search_rulings("_", guild_id="999") == []


def test_empty_search_is_recent(store: Store) -> None:
    rid = _log(store)
    assert [r.id for r in store.search_rulings("   ", guild_id="999")] == [rid]


def test_overturn_records_who_why_and_keeps_the_first(store: Store) -> None:
    rid = _log(store)
    assert store.overturn_ruling(rid, guild_id="999", staff_id="42", reason="Player had declared raise") is True
    assert store.overturn_ruling(rid, guild_id="999", staff_id="43", reason="second thoughts") is False
    got = store.get_ruling(rid, guild_id="999")
    assert got is not None and got.overturned
    assert (got.overturned_by, got.overturn_reason) == ("42", "Player had declared raise")
    assert got.overturned_at is not None and got.overturned_at >= got.created_at
    assert store.overturn_ruling(999, guild_id="999", staff_id="42", reason="x") is False


# -- feedback ---------------------------------------------------------------------------
def test_voting_again_changes_the_vote_instead_of_adding_one(store: Store) -> None:
    rid = _log(store)
    first = store.add_feedback(guild_id="999", ruling_number=rid, question="q", user_id="u1", helpful=True)
    again = store.add_feedback(guild_id="999", ruling_number=rid, question="q", user_id="u1", helpful=False)
    assert first == again
    [summary] = store.feedback_summary(guild_id="999")
    assert (summary.ruling_number, summary.helpful, summary.unhelpful) == (rid, 0, 1)


def test_feedback_summary_puts_unhelpful_answers_first(store: Store) -> None:
    good = _log(store, question="good answer")
    bad = _log(store, question="bad answer")
    for user in ("a", "b", "c"):
        store.add_feedback(guild_id="999", ruling_number=good, question="good answer", user_id=user, helpful=True)
    store.add_feedback(guild_id="999", ruling_number=bad, question="bad answer", user_id="a", helpful=False)
    store.add_feedback(guild_id="999", ruling_number=bad, question="bad answer", user_id="b", helpful=False)
    store.add_feedback(guild_id="999", ruling_number=None, question="what is 3.12", user_id="a", helpful=False)
    rows = store.feedback_summary(guild_id="999")
    assert [(r.ruling_number, r.helpful, r.unhelpful) for r in rows] == [(bad, 0, 2), (None, 0, 1), (good, 3, 0)]
    assert rows[1].question == "what is 3.12"
    assert all(r.last_at.tzinfo is not None for r in rows)
    assert len(store.feedback_summary(limit=1, guild_id="999")) == 1


def test_feedback_on_an_unknown_ruling_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="no logged ruling"):
        store.add_feedback(guild_id="999", ruling_number=777, question="q", user_id="u", helpful=True)


def test_integrity_ok(store: Store) -> None:
    _log(store)
    assert store.integrity_ok() is True


# -- quiz ---------------------------------------------------------------------------------
T0 = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def _answer(store: Store, user: str, clause: str, correct: bool, *, at: datetime = T0, section: str | None = None,
            **kw: object) -> RecordedAnswer:
    return store.record_answer(user_id=user, user_name=kw.pop("name", user.title()),  # type: ignore[arg-type]
                               question_id=str(kw.pop("qid", f"which-clause:{clause}")),
                               section=section or clause.split(".")[0], clause_ids=[clause], correct=correct,
                               now=at, **kw)  # type: ignore[arg-type]


def test_an_answer_is_committed_and_moves_the_clause_in_the_boxes(store: Store, db_url: str) -> None:
    rec = store.record_answer(user_id="u1", user_name="Ann", question_id="scenario:x", section="1",
                              clause_ids=["1.4.2", "1.2"], correct=True, chosen=2, round_id="r1", now=T0)
    assert rec.correct and not rec.duplicate
    assert [(p.clause_id, p.box, p.seen, p.right) for p in rec.progress] == [("1.4.2", 2, 1, 1), ("1.2", 2, 1, 1)]
    with Store.open(url=db_url) as other:  # a different connection sees it: it was committed
        prog = other.progress_for("u1")
        [attempt] = other.attempts_for("u1")
    assert set(prog) == {"1.4.2", "1.2"}
    assert prog["1.4.2"].due_at == T0 + BOX_INTERVALS[2]
    assert prog["1.4.2"].due_at.tzinfo is not None
    assert (attempt.question_id, attempt.clause_ids, attempt.round_id, attempt.chosen) == \
        ("scenario:x", ("1.4.2", "1.2"), "r1", 2)


def test_wrong_answer_sends_the_clause_back_to_box_one(store: Store) -> None:
    for n in range(3):
        _answer(store, "u1", "1.4", True, at=T0 + timedelta(days=n))
    assert store.progress_for("u1")["1.4"].box == 4
    rec = _answer(store, "u1", "1.4", False, at=T0 + timedelta(days=5))
    [p] = rec.progress
    assert (p.box, p.seen, p.right, p.wrong, p.last_correct) == (1, 4, 3, 1, False)
    assert store.progress_for("u1")["1.4"] == p


def test_progress_is_per_user(store: Store) -> None:
    _answer(store, "u1", "1.4", True)
    _answer(store, "u2", "1.4", False)
    assert store.progress_for("u1")["1.4"].box == 2 and store.progress_for("u1")["1.4"].right == 1
    assert store.progress_for("u2")["1.4"].wrong == 1
    assert store.progress_for("nobody") == {}


def test_a_retried_answer_with_the_same_key_counts_once(store: Store) -> None:
    first = _answer(store, "u1", "1.6", True, answer_key="discord:123:q1")
    again = _answer(store, "u1", "1.6", True, answer_key="discord:123:q1")
    assert again.duplicate and again.attempt_id == first.attempt_id
    assert len(store.attempts_for("u1")) == 1
    assert store.progress_for("u1")["1.6"].seen == 1


def test_stats_by_section_and_weakest_clauses(store: Store) -> None:
    _answer(store, "u1", "1.4", True)
    _answer(store, "u1", "1.4", False)
    _answer(store, "u1", "1.6", False)
    _answer(store, "u1", "1.6", False)
    _answer(store, "u1", "2.8", True)
    _answer(store, "u1", "3.6", True)
    st = store.stats_for("u1")
    assert (st.answered, st.right) == (6, 3)
    assert st.accuracy == pytest.approx(0.5)
    assert [(s.section, s.answered, s.right) for s in st.by_section] == [("1", 4, 1), ("2", 1, 1), ("3", 1, 1)]
    assert [w.clause_id for w in st.weakest] == ["1.6", "1.4"]
    assert st.clauses_seen == 4 and st.clauses_mastered == 0
    empty = store.stats_for("nobody")
    assert (empty.answered, empty.accuracy, empty.by_section, empty.weakest) == (0, 0.0, (), ())


def test_leaderboard_ranks_by_right_answers_then_accuracy(store: Store) -> None:
    for _ in range(3):
        _answer(store, "ann", "1.4", True, name="Ann")
    for ok in (True, True, True, False):
        _answer(store, "bob", "1.4", ok, name="Bob")
    _answer(store, "cy", "1.4", True, name="Cy", at=T0 + timedelta(days=10), round_id="friday")
    _answer(store, "cy", "1.4", True, name="Cyrus", at=T0 + timedelta(days=10), round_id="friday")
    board = store.leaderboard()
    assert [(e.rank, e.user_id, e.right, e.answered) for e in board] == [
        (1, "ann", 3, 3), (2, "bob", 3, 4), (3, "cy", 2, 2)]
    assert board[2].user_name == "Cyrus"  # the latest name a user answered under
    assert [e.user_id for e in store.leaderboard(limit=1)] == ["ann"]
    assert [e.user_id for e in store.leaderboard(since=T0 + timedelta(days=9))] == ["cy"]
    assert [e.user_id for e in store.leaderboard(round_id="friday")] == ["cy"]


def test_recent_question_ids_for_avoiding_repeats(store: Store) -> None:
    for q in ("a", "b", "c"):
        _answer(store, "u1", "1.4", True, qid=q)
    assert store.recent_question_ids("u1", limit=2) == ["c", "b"]


def test_answers_from_many_threads_at_once_are_all_counted(store: Store) -> None:
    """The bot calls the store from worker threads (asyncio.to_thread): writers must queue, not fail."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def trainee(n: int) -> None:
        try:
            barrier.wait()
            for i in range(15):
                _answer(store, f"u{n}", "1.4", i % 2 == 0, qid=f"q{n}-{i}")
                _answer(store, "shared", "1.6", True, qid=f"s{n}-{i}")
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=trainee, args=(n,)) for n in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert all(store.progress_for(f"u{n}")["1.4"].seen == 15 for n in range(4))
    shared = store.progress_for("shared")["1.6"]
    assert (shared.seen, shared.right) == (60, 60)  # no lost update on the one row everyone wrote
    assert len(store.attempts_for("shared", limit=1000)) == 60


# -- each server's data is its own ------------------------------------------------------------
def _v2_quiz_tables(md: sa.MetaData) -> tuple[sa.Table, sa.Table, sa.Table]:
    """The quiz tables as version 2 shipped them (no server anywhere), to fill a version-2 database."""
    from bot.store.types import UTCDateTime, json_type

    users = sa.Table("quiz_users", md, sa.Column("user_id", sa.String(64), primary_key=True),
                     sa.Column("user_name", sa.String(200)), sa.Column("updated_at", UTCDateTime))
    attempts = sa.Table(
        "quiz_attempts", md, sa.Column("id", sa.Integer, primary_key=True), sa.Column("user_id", sa.String(64)),
        sa.Column("question_id", sa.String(200)), sa.Column("section", sa.String(16)),
        sa.Column("clause_ids", json_type()), sa.Column("correct", sa.Boolean), sa.Column("chosen", sa.Integer),
        sa.Column("answered_at", UTCDateTime), sa.Column("round_id", sa.String(64)),
        sa.Column("answer_key", sa.String(200)))
    progress = sa.Table(
        "quiz_progress", md, sa.Column("user_id", sa.String(64), primary_key=True),
        sa.Column("clause_id", sa.String(64), primary_key=True), sa.Column("box", sa.Integer),
        sa.Column("due_at", UTCDateTime), sa.Column("seen", sa.Integer), sa.Column("right", sa.Integer),
        sa.Column("wrong", sa.Integer), sa.Column("last_seen_at", UTCDateTime), sa.Column("last_correct", sa.Boolean))
    return users, attempts, progress


def _fill_version_2(engine: sa.Engine) -> None:
    """Rulings from two servers, votes on them and on a player's ruling, and one trainee's quiz rows."""
    users, attempts, progress = _v2_quiz_tables(sa.MetaData())
    r = current_schema.rulings
    ruling = dict(created_at=T0, asker_id="1", asker_name="Old", kind="ruling", outcome="yes", citations=["1.2"],
                  citation_text=" 1.2 ", rulebook_version="v", ruling_json={}, overturned=False)
    with engine.begin() as conn:
        conn.execute(r.insert(), [{**ruling, "id": 1, "guild_id": "A", "question": "in A"},
                                  {**ruling, "id": 2, "guild_id": "B", "question": "in B"}])
        fb = sa.table("feedback", sa.column("ruling_id"), sa.column("question"), sa.column("user_id"),
                      sa.column("helpful"), sa.column("created_at", current_schema.feedback.c.created_at.type))
        conn.execute(fb.insert(), [
            {"ruling_id": 1, "question": "in A", "user_id": "v", "helpful": False, "created_at": T0},
            {"ruling_id": None, "question": "a player's", "user_id": "v", "helpful": True, "created_at": T0}])
        conn.execute(users.insert().values(user_id="u1", user_name="Ann", updated_at=T0))
        conn.execute(attempts.insert().values(id=7, user_id="u1", question_id="q", section="1", clause_ids=["1.4"],
                                              correct=True, chosen=0, answered_at=T0, answer_key="old-key"))
        conn.execute(progress.insert().values(user_id="u1", clause_id="1.4", box=2, due_at=T0, seen=1, right=1,
                                              wrong=0, last_seen_at=T0, last_correct=True))


def test_a_version_2_database_is_migrated_and_every_row_keeps_its_server(db_url: str) -> None:
    engine = Store.open(url=db_url).engine
    with engine.begin() as conn:
        for table in reversed(current_schema.metadata.sorted_tables):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {table.name}"))
    assert migrate(engine, STEPS[:2]) == 2
    _fill_version_2(engine)
    engine.dispose()
    with Store.open(url=db_url) as s:
        assert s.schema_version == SCHEMA_VERSION == 4
        assert [x.question for x in s.recent_rulings(guild_id="A")] == ["in A"]
        assert [x.question for x in s.recent_rulings(guild_id="B")] == ["in B"]
        # The vote on A's ruling is A's; the vote on a player's ruling had no server and keeps none.
        assert [(f.ruling_number, f.unhelpful) for f in s.feedback_summary(guild_id="A")] == [(1, 1)]
        assert s.feedback_summary(guild_id="B") == []
        assert [f.question for f in s.feedback_summary(guild_id=None)] == ["a player's"]
        # Quiz rows had no server: they stay in the no-server scope, and no server sees them.
        (old,) = s.attempts_for("u1")
        assert (old.id, old.guild_id, old.clause_ids) == (7, "", ("1.4",))
        assert s.progress_for("u1")["1.4"].box == 2 and s.progress_for("u1", "A") == {}
        assert s.leaderboard(guild_id="A") == [] and [e.user_name for e in s.leaderboard()] == ["Ann"]
        # New answers after the migration get fresh ids (PostgreSQL's sequence moved past the copied ones).
        new = _answer(s, "u1", "1.6", True, guild_id="A")
        assert new.attempt_id > 7
        assert _answer(s, "u1", "1.4", True, answer_key="old-key").duplicate  # retries still count once
        assert s.integrity_ok()


def test_a_version_3_log_is_numbered_per_server_in_the_order_it_was_kept(db_url: str) -> None:
    """Version 3 numbered rulings by the table's id, across servers; version 4 numbers each server's from 1."""
    engine = Store.open(url=db_url).engine
    with engine.begin() as conn:
        for table in reversed(current_schema.metadata.sorted_tables):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {table.name}"))
    assert migrate(engine, STEPS[:3]) == 3
    ruling = dict(created_at=T0, asker_id="1", asker_name="Old", kind="ruling", outcome="yes", citations=["1.2"],
                  citation_text=" 1.2 ", rulebook_version="v", ruling_json={}, overturned=False)
    kept = [(1, "A"), (2, "B"), (3, "A"), (4, None), (5, "B"), (6, "A"), (7, None)]  # (the id it gets, server)
    with engine.begin() as conn:
        for i, g in kept:
            conn.execute(current_schema.rulings.insert().values(**ruling, guild_id=g, question=f"{g} {i}"))
        conn.execute(sa.text("INSERT INTO feedback (ruling_id, question, user_id, helpful, created_at, guild_id) "
                             "SELECT 5, 'q', 'v', :no, created_at, 'B' FROM rulings WHERE id = 5"), {"no": False})
    engine.dispose()
    with Store.open(url=db_url) as s:
        assert s.schema_version == SCHEMA_VERSION == 4
        numbered = {g: [(x.number, x.question) for x in s.recent_rulings(guild_id=g)] for g in ("A", "B", None)}
        assert numbered == {"A": [(3, "A 6"), (2, "A 3"), (1, "A 1")], "B": [(2, "B 5"), (1, "B 2")],
                            None: [(2, "None 7"), (1, "None 4")]}
        assert [(f.ruling_number, f.unhelpful) for f in s.feedback_summary(guild_id="B")] == [(2, 1)]
        # New rulings carry on from each server's last number; an overturn by number stays in its server.
        assert (_log(s, guild_id="A"), _log(s, guild_id="B"), _log(s, guild_id="C")) == (4, 3, 1)
        assert s.overturn_ruling(2, guild_id="B", staff_id="b", reason="misread") is True
        assert [x.question for x in s.recent_rulings(10, guild_id="A") if x.overturned] == []
        assert s.get_ruling(2, guild_id="B").overturned  # type: ignore[union-attr]
        assert not s.get_ruling(2, guild_id="A").overturned  # type: ignore[union-attr]
        assert s.integrity_ok()


def test_each_servers_log_counts_from_one(store: Store) -> None:
    assert [_log(store, guild_id=g) for g in ("A", "B", "A", "B", "A")] == [1, 1, 2, 2, 3]
    assert _log(store, guild_id=None) == 1  # rulings with no server are numbered among themselves
    assert [(r.number, r.guild_id) for r in store.recent_rulings(guild_id="B")] == [(2, "B"), (1, "B")]
    assert store.get_ruling(3, guild_id="B") is None and store.get_ruling(3, guild_id="A") is not None


def test_rulings_logged_from_many_threads_at_once_get_distinct_numbers(store: Store) -> None:
    """The bot logs from worker threads; two staff ruling at once in one server must not share a number."""
    errors: list[BaseException] = []
    numbers: dict[str, list[int]] = {"A": [], "B": []}
    barrier = threading.Barrier(4)

    def staff(n: int) -> None:
        guild = "A" if n % 2 else "B"
        try:
            barrier.wait()
            for _ in range(8):
                numbers[guild].append(_log(store, guild_id=guild))
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=staff, args=(n,)) for n in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert sorted(numbers["A"]) == sorted(numbers["B"]) == list(range(1, 17))


def test_migrated_keys_match_the_declared_schema(store: Store) -> None:
    insp = sa.inspect(store.engine)
    for table in current_schema.metadata.sorted_tables:
        declared = [c.name for c in table.primary_key.columns]
        assert insp.get_pk_constraint(table.name)["constrained_columns"] == declared, table.name
        fks = {(tuple(fk["constrained_columns"]), fk["referred_table"]) for fk in insp.get_foreign_keys(table.name)}
        assert fks == {(tuple(fk.parent.name for fk in c.elements), c.referred_table.name)
                       for c in table.foreign_key_constraints}, table.name


def test_one_servers_log_is_invisible_to_another(store: Store) -> None:
    mine = _log(store, question="oversized chip in A", guild_id="A")
    theirs = _log(store, question="oversized chip in B", guild_id="B")
    second = _log(store, question="string bet in B", guild_id="B")
    assert (mine, theirs, second) == (1, 1, 2)  # each server counts its own
    assert [r.question for r in store.recent_rulings(guild_id="A")] == ["oversized chip in A"]
    assert [r.number for r in store.search_rulings("oversized", guild_id="B")] == [theirs]
    assert [r.number for r in store.search_rulings("1.4.2", guild_id="A")] == [mine]
    assert store.recent_rulings(guild_id=None) == []  # rows with no server are not everyone's
    # "#2" in A is no ruling: B's #2 is out of A's reach.
    assert store.overturn_ruling(second, guild_id="A", staff_id="a-staff", reason="not mine") is False
    row = store.get_ruling(second, guild_id="B")
    assert row is not None and not row.overturned and row.overturned_by is None
    # "#1" in A is A's own #1, never B's.
    assert store.overturn_ruling(1, guild_id="A", staff_id="a-staff", reason="ours") is True
    assert not store.get_ruling(1, guild_id="B").overturned  # type: ignore[union-attr]
    assert store.overturn_ruling(second, guild_id="B", staff_id="b-staff", reason="ours") is True


def test_feedback_belongs_to_the_server_it_was_given_in(store: Store) -> None:
    a = _log(store, guild_id="A")
    store.add_feedback(guild_id="A", ruling_number=a, question="q", user_id="u", helpful=False)
    with pytest.raises(ValueError, match="no logged ruling"):  # another server's ruling id
        store.add_feedback(guild_id="B", ruling_number=a, question="q", user_id="u", helpful=True)
    store.add_feedback(guild_id="B", ruling_number=None, question="what is 3.12", user_id="u", helpful=True)
    store.add_feedback(guild_id="A", ruling_number=None, question="what is 3.12", user_id="u", helpful=False)
    assert {(f.ruling_number, f.helpful, f.unhelpful) for f in store.feedback_summary(guild_id="A")} == {
        (a, 0, 1), (None, 0, 1)}
    assert [(f.ruling_number, f.helpful, f.unhelpful) for f in store.feedback_summary(guild_id="B")] == [(None, 1, 0)]


def test_quiz_progress_stats_and_leaderboards_are_per_server(store: Store) -> None:
    _answer(store, "u1", "1.4", True, guild_id="A", name="Ann in A")
    _answer(store, "u1", "1.4", False, guild_id="B", name="Annie")
    _answer(store, "u2", "1.6", True, guild_id="B", name="Bob")
    assert store.progress_for("u1", "A")["1.4"].box == 2 and store.progress_for("u1", "B")["1.4"].box == 1
    assert store.progress_for("u1") == {}  # nor in the no-server scope of a terminal
    assert (store.stats_for("u1", guild_id="A").right, store.stats_for("u1", guild_id="B").right) == (1, 0)
    assert [(e.user_name, e.right) for e in store.leaderboard(guild_id="A")] == [("Ann in A", 1)]
    assert [(e.user_name, e.right) for e in store.leaderboard(guild_id="B")] == [("Bob", 1), ("Annie", 0)]
    scoped = store.for_guild("B")
    assert [a.guild_id for a in scoped.attempts_for("u1")] == ["B"]
    assert scoped.recent_question_ids("u2") == ["which-clause:1.6"]
    assert [e.user_id for e in scoped.leaderboard()] == ["u2", "u1"]


def test_a_servers_staff_role_is_kept_and_can_be_cleared(store: Store, db_url: str) -> None:
    assert store.staff_role_for("A") is None
    store.set_staff_role("A", "555", set_by="owner")
    with Store.open(url=db_url) as other:  # committed
        assert other.staff_role_for("A") == "555" and other.staff_role_for("B") is None
    store.set_staff_role("A", None, set_by="owner")
    assert store.staff_role_for("A") is None
