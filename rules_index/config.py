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
from dataclasses import dataclass, field, fields, replace
from functools import cache, lru_cache
from pathlib import Path, PurePath
from typing import Any, ClassVar, Literal

from pydantic_core import CoreSchema, SchemaValidator, ValidationError
from pydantic_core import core_schema as cs

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHIPS = {
    "white": 1, "red": 5, "blue": 10, "green": 25, "black": 100,
    "purple": 500, "yellow": 1000, "orange": 1000, "brown": 5000,
}


# The shape of a Discord bot token (three base64url parts); refused anywhere in the file.
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")


class ConfigError(Exception):
    """A configuration problem, as the one line every command prints before exiting with code 2."""


# -- the schema ------------------------------------------------------------------
# The settings are validated by pydantic's validator (pydantic-core) from schemas written here, not
# by ``BaseModel`` classes: building a single model loads pydantic's model machinery, which alone
# costs as much again as importing pydantic and rapidfuzz, and every command reads the config
# (``floor rule 1.4.2`` would start twice as slowly as it needs to).  The checks are pydantic's own:
# the same types, constraints, strictness, error types and messages, and unknown keys are refused.

def _as_text(value: Any) -> Any:
    """A ``Path`` given in code is a path; TOML gives a string.  Anything else fails as a string."""
    return str(value) if isinstance(value, PurePath) else value


def _ids_may_be_numbers(value: Any) -> Any:
    """TOML lets ``dev_guild_id = 1234…`` be an integer; an id is an id either way."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _path() -> CoreSchema:
    text = cs.no_info_before_validator_function(_as_text, cs.str_schema(strict=True))
    return cs.no_info_after_validator_function(Path, cs.custom_error_schema(
        text, custom_error_type="path_type", custom_error_message="Input is not a valid path (give it as a string)"))


def _id_or_name(**constraints: Any) -> CoreSchema:
    return cs.no_info_before_validator_function(_ids_may_be_numbers, cs.str_schema(**constraints))


def _table(**schemas: CoreSchema) -> CoreSchema:
    """A TOML table: every key optional (the defaults are the dataclass's), any other key refused."""
    return cs.typed_dict_schema({k: cs.typed_dict_field(v, required=False) for k, v in schemas.items()},
                                total=False, extra_behavior="forbid")


# Strict: ``true`` is not a chip value, and ``"100"`` is a typo worth hearing about.  A chip's value
# must be positive: a zero or negative chip would turn "a black chip" into a refund.
_CHIPS = cs.dict_schema(cs.str_schema(), cs.int_schema(strict=True, gt=0))

SCHEMAS: dict[str, CoreSchema] = {
    "rulebook": _table(path=_path(), lexicon=_path(), clause_terms=_path()),
    "chips": _CHIPS,
    "search": _table(default_k=cs.int_schema(ge=1, le=25)),
    "discord": _table(
        staff_role=_id_or_name(min_length=1, max_length=100),
        dev_guild_id=_id_or_name(pattern=r"^\s*(\d{15,21})?\s*$"),
        cooldown_seconds=cs.float_schema(ge=0, le=3600),
        # Interaction tokens live 15 minutes: a view must expire before its message can no
        # longer be edited, or its buttons would be left looking live but dead.
        view_timeout_seconds=cs.float_schema(gt=0, le=840),
        sync_on_start=cs.bool_schema(),
        log_level=cs.literal_schema(["DEBUG", "INFO", "WARNING", "ERROR"]),
    ),
    "store": _table(sqlite_path=_path(), database_url=cs.str_schema()),
    "batch": _table(workers=cs.int_schema(strict=True, ge=1, le=16)),
}
SECTIONS = tuple(SCHEMAS)


@cache
def validator(section: str | None = None) -> SchemaValidator:
    """The validator for one section, or (``None``) for the whole file; built once, on first use."""
    if section is not None:
        return SchemaValidator(SCHEMAS[section], cs.CoreConfig(title=f"[{section}]"))
    return SchemaValidator(_table(**SCHEMAS), cs.CoreConfig(title="config.toml"))


class _Section:
    """A validated table: constructing one (from the file, in code, or by ``model_copy``) checks it."""

    _section: ClassVar[str]

    def __post_init__(self) -> None:
        checked = validator(self._section).validate_python({f.name: getattr(self, f.name) for f in fields(self)})
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A copy with ``update`` applied, validated again (the call reads as it does on the other models)."""
        return replace(self, **(update or {}))


@dataclass(frozen=True, kw_only=True)
class RulebookSettings(_Section):
    _section = "rulebook"
    path: Path = Path("rules_index/rulebooks/poker-ape-house-rules.txt")
    lexicon: Path = Path("rules_index/lexicon.toml")
    # Phrases people use for each clause's subject, indexed with the clause (ids of this rulebook).
    clause_terms: Path = Path("rules_index/clause_terms.toml")


@dataclass(frozen=True, kw_only=True)
class SearchSettings(_Section):
    _section = "search"
    default_k: int = 5


@dataclass(frozen=True, kw_only=True)
class DiscordSettings(_Section):
    """The ``[discord]`` table.  The token is deliberately not a setting: it comes
    only from ``DISCORD_TOKEN`` so it can never be committed with the config.
    Unknown keys are refused (a ``token = ...`` line fails loudly, as does a typo)."""

    _section = "discord"
    # A role id (all digits) or a role name; members holding it may use staff commands.
    staff_role: str = "Floor Staff"
    # Empty: sync commands globally.  A guild id: sync there only (instant, for development).
    dev_guild_id: str = ""
    cooldown_seconds: float = 3.0
    view_timeout_seconds: float = 300
    # Push the slash commands to Discord at start-up (to dev_guild_id if set, else globally).
    sync_on_start: bool = True
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"

    @property
    def dev_guild(self) -> int | None:
        """The development guild as an id, or None for global commands."""
        value = self.dev_guild_id.strip()
        return int(value) if value else None


@dataclass(frozen=True, kw_only=True)
class StoreSettings(_Section):
    _section = "store"
    sqlite_path: Path = Path("var/floor.sqlite3")
    database_url: str = ""


@dataclass(frozen=True, kw_only=True)
class BatchSettings(_Section):
    """The ``[batch]`` table: how ``--jsonl`` batches are answered."""

    _section = "batch"
    # Processes answering `floor ruling --jsonl` side by side (1: one after another); answers keep input order.
    workers: int = 2


def _default_chips() -> dict[str, int]:
    return dict(DEFAULT_CHIPS)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything in ``config.toml``; ``base_dir`` anchors relative paths."""

    base_dir: Path = PROJECT_ROOT
    rulebook: RulebookSettings = field(default_factory=RulebookSettings)
    chips: dict[str, int] = field(default_factory=_default_chips)
    search: SearchSettings = field(default_factory=SearchSettings)
    discord: DiscordSettings = field(default_factory=DiscordSettings)
    store: StoreSettings = field(default_factory=StoreSettings)
    batch: BatchSettings = field(default_factory=BatchSettings)

    def __post_init__(self) -> None:
        object.__setattr__(self, "base_dir", Path(self.base_dir))
        object.__setattr__(self, "chips", validator("chips").validate_python(self.chips))
        for name, kind in _SECTION_TYPES.items():
            if not isinstance(getattr(self, name), kind):
                raise TypeError(f"Settings.{name} must be a {kind.__name__}")

    @classmethod
    def from_tables(cls, base_dir: Path, data: dict[str, Any]) -> Settings:
        """Settings from the parsed file, checked whole first so an error names its ``section.key``."""
        checked = validator().validate_python(data)
        sections = {name: kind(**checked[name]) for name, kind in _SECTION_TYPES.items() if name in checked}
        return cls(base_dir=base_dir, **sections, **({"chips": checked["chips"]} if "chips" in checked else {}))

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Settings:
        """A copy with ``update`` applied, validated again (the call reads as it does on the other models)."""
        return replace(self, **(update or {}))

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


_SECTION_TYPES: dict[str, type[_Section]] = {
    "rulebook": RulebookSettings, "search": SearchSettings, "discord": DiscordSettings, "store": StoreSettings,
    "batch": BatchSettings}


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
        return Settings.from_tables(p.resolve().parent, data)
    except ValidationError as exc:
        first = exc.errors(include_input=False, include_url=False)[0]
        more = len(exc.errors()) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ConfigError(f"{p}: {_where(first['loc'])}: {_problem(first)}{tail}") from None


@lru_cache(maxsize=1)
def default_settings() -> Settings:
    return load_settings()
