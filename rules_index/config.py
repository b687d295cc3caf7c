"""Settings shared by every shell, read from ``config.toml``.

The file is found through ``FLOOR_CONFIG`` or next to the project; every path
in it is relative to the file itself, so a room can keep its own copy (and its
own rulebook) anywhere.  Missing keys fall back to the defaults below.

A bad file fails with ``ConfigError``: one line naming the file, the
``section.key`` and the problem, never the value, because the value may be a
secret (a token or a database password pasted in the wrong place).  Unknown
sections and keys are refused: a typo such as ``sqlite_pth`` would otherwise
silently move the data to the default file.
"""

from __future__ import annotations

import os
import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHIPS = {
    "white": 1, "red": 5, "blue": 10, "green": 25, "black": 100,
    "purple": 500, "yellow": 1000, "orange": 1000, "brown": 5000,
}


# The shape of a Discord bot token (three base64url parts); refused anywhere in the file.
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")


# Strict: ``true`` is not a chip value, and ``"100"`` is a typo worth hearing about.
ChipValue = Annotated[int, Field(strict=True, gt=0)]


class ConfigError(Exception):
    """A configuration problem, as the one line every command prints before exiting with code 2."""


class _Strict(BaseModel):
    # defer_build: each section is validated inside Settings, so only Settings builds a validator at start-up.
    model_config = ConfigDict(extra="forbid", defer_build=True)


class RulebookSettings(_Strict):
    path: Path = Path("rules_index/rulebooks/poker-ape-house-rules.txt")
    lexicon: Path = Path("rules_index/lexicon.toml")
    # Phrases people use for each clause's subject, indexed with the clause (ids of this rulebook).
    clause_terms: Path = Path("rules_index/clause_terms.toml")


class SearchSettings(_Strict):
    default_k: int = Field(default=5, ge=1, le=25)


class DiscordSettings(_Strict):
    """The ``[discord]`` table.  The token is deliberately not a setting: it comes
    only from ``DISCORD_TOKEN`` so it can never be committed with the config.
    Unknown keys are refused (a ``token = ...`` line fails loudly, as does a typo)."""

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


class StoreSettings(_Strict):
    sqlite_path: Path = Path("var/floor.sqlite3")
    database_url: str = ""


class Settings(BaseModel):
    """Everything in ``config.toml``; ``base_dir`` anchors relative paths."""

    base_dir: Path = PROJECT_ROOT
    rulebook: RulebookSettings = Field(default_factory=RulebookSettings)
    # A chip's value must be positive: a zero or negative chip would turn "a black chip" into a refund.
    chips: dict[str, ChipValue] = Field(default_factory=lambda: dict(DEFAULT_CHIPS))
    search: SearchSettings = Field(default_factory=SearchSettings)
    discord: DiscordSettings = Field(default_factory=DiscordSettings)
    store: StoreSettings = Field(default_factory=StoreSettings)

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


SECTIONS = ("rulebook", "chips", "search", "discord", "store")


def config_path() -> Path:
    env = os.environ.get("FLOOR_CONFIG")
    return Path(env) if env else PROJECT_ROOT / "config.toml"


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top level)"


def _problem(err: dict[str, Any]) -> str:
    """Pydantic's message, minus anything that could quote the value."""
    if err["type"] == "extra_forbidden":
        return "unknown key (not a setting; check the spelling)"
    return str(err["msg"])


def _find_token(data: Any, loc: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """Where a Discord-token-shaped string sits in the parsed file, if anywhere."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k.casefold() == "token" or _TOKEN_SHAPE.search(str(k)):
                return (*loc, "token" if k.casefold() == "token" else "(a key)")
            found = _find_token(v, (*loc, str(k)))
            if found:
                return found
    elif isinstance(data, list):
        for n, v in enumerate(data):
            found = _find_token(v, (*loc, str(n)))
            if found:
                return found
    elif isinstance(data, str) and _TOKEN_SHAPE.search(data):
        return loc
    return None


def read_toml(path: Path, what: str = "file") -> dict[str, Any]:
    """A TOML file, or ``ConfigError`` naming it (syntax errors with their line and column)."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(f"{what} not found: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        # tomllib's messages say what is wrong and where ("... (at line 3, column 7)"), never the text.
        raise ConfigError(f"{path}: TOML syntax error: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid UTF-8 text") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read it: {exc.strerror or type(exc).__name__}") from None


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default: ``config_path()``), validated; ``ConfigError`` when they are not."""
    p = path or config_path()
    data = read_toml(p, "config")
    token_at = _find_token(data)
    if token_at:
        raise ConfigError(f"{p}: {_where(token_at)}: looks like a Discord token; remove it from the file "
                          "(the token is read only from DISCORD_TOKEN)")
    for key, value in data.items():
        if key not in SECTIONS:
            raise ConfigError(f"{p}: {key}: unknown section (known: {', '.join(SECTIONS)})")
        if not isinstance(value, dict):
            raise ConfigError(f"{p}: {key}: must be a [{key}] table")
    try:
        return Settings(base_dir=p.resolve().parent, **data)
    except ValidationError as exc:
        first = exc.errors(include_input=False, include_url=False)[0]
        more = len(exc.errors()) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ConfigError(f"{p}: {_where(first['loc'])}: {_problem(first)}{tail}") from None


@lru_cache(maxsize=1)
def default_settings() -> Settings:
    return load_settings()
