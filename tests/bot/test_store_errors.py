"""A store that cannot be opened is named, with the cause and what still works; never a bare sqlite message."""

from __future__ import annotations

from pathlib import Path

from bot.ruling_log import NoLog, open_ruling_log, read_only_warning, store_location
from rules_index.config import Settings, StoreSettings, load_settings


def settings_with(**store: object) -> Settings:
    return load_settings().model_copy(update={"store": StoreSettings(**store)})


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "floor.sqlite3"
    db.write_bytes(b"this is not sqlite at all" * 100)
    rlog = await open_ruling_log(settings_with(sqlite_path=db))
    assert isinstance(rlog, NoLog)
    why = rlog.why_unavailable
    assert str(db) in why and "not an SQLite database" in why and "rulings are still given" in why


async def test_a_folder_that_cannot_exist(tmp_path: Path) -> None:
    blocker = tmp_path / "var"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    db = blocker / "floor.sqlite3"
    rlog = await open_ruling_log(settings_with(sqlite_path=db))
    assert isinstance(rlog, NoLog) and str(db) in rlog.why_unavailable and "not logged" in rlog.why_unavailable


def test_a_database_url_is_shown_without_its_password() -> None:
    where = store_location(settings_with(database_url="postgresql+psycopg://floor:hunter2@db.example/floor"))
    assert "hunter2" not in where and "db.example" in where


def test_a_read_only_store_is_reported(tmp_path: Path, monkeypatch: object) -> None:
    import os

    db = tmp_path / "floor.sqlite3"
    db.write_bytes(b"")
    s = settings_with(sqlite_path=db)
    assert read_only_warning(s) is None
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == db else real(p, mode))  # type: ignore[attr-defined]
    warning = read_only_warning(s)
    assert warning is not None and str(db) in warning and "read-only" in warning and "not saved" in warning
