"""Settings shared by every shell, read from ``config.toml``.

The file is found through ``FLOOR_CONFIG`` or next to the project; every path
in it is relative to the file itself, so a room can keep its own copy (and its
own rulebook) anywhere.  Missing file or keys fall back to the defaults below.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHIPS = {
    "white": 1, "red": 5, "blue": 10, "green": 25, "black": 100,
    "purple": 500, "yellow": 1000, "orange": 1000, "brown": 5000,
}


class RulebookSettings(BaseModel):
    path: Path = Path("rules_index/rulebooks/poker-ape-house-rules.txt")
    lexicon: Path = Path("rules_index/lexicon.toml")
    # Phrases people use for each clause's subject, indexed with the clause (ids of this rulebook).
    clause_terms: Path = Path("rules_index/clause_terms.toml")


class SearchSettings(BaseModel):
    default_k: int = Field(default=5, ge=1, le=25)


class DiscordSettings(BaseModel):
    """The ``[discord]`` table.  The token is deliberately not a setting: it comes
    only from ``DISCORD_TOKEN`` so it can never be committed with the config.
    Unknown keys are refused (a ``token = ...`` line fails loudly, as does a typo)."""

    model_config = ConfigDict(extra="forbid")

    # A role id (all digits) or a role name; members holding it may use staff commands.
    staff_role: str = Field(default="Floor Staff", min_length=1, max_length=100)
    # Empty: sync commands globally.  A guild id: sync there only (instant, for development).
    dev_guild_id: str = Field(default="", pattern=r"^\s*(\d{15,21})?\s*$")
    cooldown_seconds: float = Field(default=3.0, ge=0, le=3600)
    # Interaction tokens live 15 minutes: a view must expire before its message can no
    # longer be edited, or its buttons would be left looking live but dead.
    view_timeout_seconds: float = Field(default=300, gt=0, le=840)
    # Push the slash commands to Discord at start-up (to dev_guild_id if set, else globally).
    sync_on_start: bool = True
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"

    @property
    def dev_guild(self) -> int | None:
        """The development guild as an id, or None for global commands."""
        value = self.dev_guild_id.strip()
        return int(value) if value else None

    @field_validator("dev_guild_id", "staff_role", mode="before")
    @classmethod
    def _ids_may_be_numbers(cls, value: Any) -> Any:
        """TOML lets ``dev_guild_id = 1234…`` be an integer; an id is an id either way."""
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class StoreSettings(BaseModel):
    sqlite_path: Path = Path("var/floor.sqlite3")
    database_url: str = ""


class Settings(BaseModel):
    """Everything in ``config.toml``; ``base_dir`` anchors relative paths."""

    base_dir: Path = PROJECT_ROOT
    rulebook: RulebookSettings = RulebookSettings()
    chips: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_CHIPS))
    search: SearchSettings = SearchSettings()
    discord: DiscordSettings = DiscordSettings()
    store: StoreSettings = StoreSettings()

    def resolve(self, p: Path) -> Path:
        return p if p.is_absolute() else (self.base_dir / p)

    @property
    def rulebook_path(self) -> Path:
        return self.resolve(self.rulebook.path)

    @property
    def lexicon_path(self) -> Path:
        return self.resolve(self.rulebook.lexicon)

    @property
    def clause_terms_path(self) -> Path:
        return self.resolve(self.rulebook.clause_terms)

    @property
    def sqlite_path(self) -> Path:
        return self.resolve(self.store.sqlite_path)


def config_path() -> Path:
    env = os.environ.get("FLOOR_CONFIG")
    return Path(env) if env else PROJECT_ROOT / "config.toml"


def load_settings(path: Path | None = None) -> Settings:
    p = path or config_path()
    data: dict[str, Any] = {}
    if p.is_file():
        with p.open("rb") as fh:
            data = tomllib.load(fh)
    return Settings(base_dir=p.resolve().parent, **data)


@lru_cache(maxsize=1)
def default_settings() -> Settings:
    return load_settings()
