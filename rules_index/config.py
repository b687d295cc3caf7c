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
from typing import Any

from pydantic import BaseModel, Field

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHIPS = {
    "white": 1, "red": 5, "blue": 10, "green": 25, "black": 100,
    "purple": 500, "yellow": 1000, "orange": 1000, "brown": 5000,
}


class RulebookSettings(BaseModel):
    path: Path = Path("rules_index/rulebooks/poker-ape-house-rules.txt")
    lexicon: Path = Path("rules_index/lexicon.toml")


class SearchSettings(BaseModel):
    default_k: int = Field(default=5, ge=1, le=25)


class DiscordSettings(BaseModel):
    staff_role: str = "Floor Staff"
    dev_guild_id: str = ""
    cooldown_seconds: float = Field(default=3.0, ge=0)
    view_timeout_seconds: float = Field(default=300, gt=0)


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
