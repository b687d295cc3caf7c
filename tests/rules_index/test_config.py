"""The settings objects: every way of making one checks it, with pydantic's own rules and messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from rules_index.config import (
    DEFAULT_CHIPS,
    ConfigError,
    DiscordSettings,
    SearchSettings,
    Settings,
    StoreSettings,
    load_settings,
)


def _load(tmp_path: Path, text: str) -> Settings:
    cfg = tmp_path / "config.toml"
    cfg.write_text(text, encoding="utf-8")
    return load_settings(cfg)


def test_defaults_fill_what_the_file_leaves_out(tmp_path: Path) -> None:
    s = _load(tmp_path, "[search]\ndefault_k = 7\n")
    assert s.search.default_k == 7 and s.chips == DEFAULT_CHIPS and s.discord.staff_role == "Floor Staff"
    assert s.base_dir == tmp_path.resolve() and s.sqlite_path == tmp_path.resolve() / "var/floor.sqlite3"


def test_values_are_converted_as_pydantic_converts_them(tmp_path: Path) -> None:
    s = _load(tmp_path, '[discord]\ndev_guild_id = 123456789012345678\nstaff_role = 42\nview_timeout_seconds = 60\n'
                        '[store]\nsqlite_path = "data/f.sqlite3"\n[search]\ndefault_k = "3"\n')
    assert s.discord.dev_guild == 123456789012345678 and s.discord.staff_role == "42"
    assert s.discord.view_timeout_seconds == 60.0 and isinstance(s.discord.view_timeout_seconds, float)
    assert s.store.sqlite_path == Path("data/f.sqlite3") and s.search.default_k == 3


@pytest.mark.parametrize(("text", "where"), [
    ("[chips]\nblack = true\n", "chips.black"),       # strict: a boolean is not a chip value
    ('[chips]\nblack = "100"\n', "chips.black"),      # strict: nor is a string of digits
    ("[search]\ndefault_k = 26\n", "search.default_k"),
    ('[discord]\nlog_level = "LOUD"\n', "discord.log_level"),
    ('[discord]\ndev_guild_id = "12"\n', "discord.dev_guild_id"),
    ('[discord]\nstaff_role = ""\n', "discord.staff_role"),
    ("[discord]\ncooldown_seconds = -1\n", "discord.cooldown_seconds"),
    ("[rulebook]\npath = 5\n", "rulebook.path"),
    ("[rulebook]\npth = 'x'\n", "rulebook.pth"),
])
def test_each_rule_is_enforced_from_the_file(tmp_path: Path, text: str, where: str) -> None:
    with pytest.raises(ConfigError, match=rf": {where}: "):
        _load(tmp_path, text)


def test_several_problems_are_counted(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"\(and 2 more problems\)"):
        _load(tmp_path, "[search]\ndefault_k = 0\n[discord]\ncooldown_seconds = -1\nlog_level = 'x'\n")


def test_settings_made_in_code_are_checked_too() -> None:
    with pytest.raises(ValidationError):
        StoreSettings(sqlite_path=3)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        SearchSettings(default_k=0)
    with pytest.raises(ValidationError):
        Settings(chips={"black": 0})
    with pytest.raises(TypeError):
        Settings(discord={"staff_role": "x"})  # type: ignore[arg-type]
    assert StoreSettings(sqlite_path="x.sqlite3").sqlite_path == Path("x.sqlite3")  # type: ignore[arg-type]


def test_a_copy_is_checked_again_and_leaves_the_original_alone() -> None:
    base = Settings()
    staff = base.model_copy(update={"discord": base.discord.model_copy(update={"staff_role": 1234})})
    assert staff.discord.staff_role == "1234" and base.discord.staff_role == "Floor Staff"
    with pytest.raises(ValidationError):
        base.discord.model_copy(update={"view_timeout_seconds": 900})
    with pytest.raises(AttributeError):
        base.discord.staff_role = "x"  # type: ignore[misc]
    assert DiscordSettings() == base.discord
