"""Configuration: ``.diffreach.toml`` or ``[tool.diffreach]`` in ``pyproject.toml``.

Every cap the tool applies is a field here with its default; CLI flags and MCP
arguments override single fields. Unknown keys and values of the wrong type are
errors that name the key, so a typo never silently does nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from diffreach.errors import ConfigError


@dataclass(frozen=True)
class Config:
    hops: int = 2
    utility_threshold: int = 20
    hub_callers_shown: int = 10
    inheritance_depth: int = 1
    include_tests: bool = False
    cross_cutting: tuple[str, ...] = ()
    warmup_reviews: int = 3
    warmup_hops: int = 3
    exclude: tuple[str, ...] = ()
    dynamic: tuple[dict[str, str], ...] = ()
    max_file_bytes: int = 1_000_000
    max_nodes: int = 400
    name_matches: int = 25  # call sites of a changed contract matched by name alone, per name
    budget: int = 8000
    query_max_files: int = 5
    tokenizer: str = "heuristic"
    workers: int = 0  # 0: one per core; a repository's configuration is capped at the cores
    # From this many files, or this much source, a full build streams through the store (bounded
    # memory): held at once, source takes many times its size in memory.
    stream_min_files: int = 10_000
    stream_min_bytes: int = 24_000_000
    resolve_chunk_files: int = 5000  # a streamed build's resolver forgets its per-file memos after this many files
    history: bool = True  # files changed together in git history (cochange.py)
    cochange_commits: int = 2000
    cochange_min_support: int = 1
    cochange_min_confidence: int = 5  # percent
    cochange_max_files: int = 30
    cochange_max_results: int = 20
    vendored_dirs: tuple[str, ...] = field(
        default=(
            "node_modules",
            "vendor",
            "third_party",
            "third-party",
            "bower_components",
            ".venv",
            "venv",
            "site-packages",
            "dist",
            "build",
            "__pycache__",
            ".git",
            ".tox",
            ".mypy_cache",
            "target",
        )
    )
    # Hostile input (issue 22): a question is cut past this many characters, a diff refused past this many bytes.
    max_question_chars: int = 100_000
    max_diff_bytes: int = 20_000_000
    # The opt-in daemon (`diffreach daemon start`): it exits after this many seconds without a
    # request; refuses a request (argv, environment, stdin) past this many bytes; cuts its log here.
    daemon_idle_timeout: int = 1800
    daemon_max_request_bytes: int = 32_000_000
    daemon_log_bytes: int = 1_000_000

    def with_overrides(self, **values: Any) -> Config:
        return replace(self, **{k: v for k, v in values.items() if v is not None})


# Defaults the command line and the MCP server share (issue 21): the per-repository ones are the
# fields above (``hops``, ``budget``, ``query_max_files``: an option or argument left out takes the
# repository's value); these bound what either front end accepts. Documented once, in the README.
MAX_HOPS = 6  # the largest hop cap a caller may ask for (impact, viz, callers; MCP hops)
CALLER_HOPS = 2  # hops of `callers` / get_callers when none is given: required reading and skim

_TYPES = {f.name: f.type for f in fields(Config)}


# Configurations read, by the file's identity and stamp: a kept process (the daemon, the MCP
# server) reads one several times per answer; a file rewritten has a new stamp. Bounded.
_LOADED: dict[tuple[str, int, int, int], Config] = {}
_MAX_LOADED = 64


def load_config(root: str | Path) -> Config:
    root = Path(root)
    own = root / ".diffreach.toml"
    pyproject = root / "pyproject.toml"
    if not own.is_file() and not pyproject.is_file():
        return parse_config({}, "configuration")
    read = own if own.is_file() else pyproject
    try:
        st = read.stat()
    except OSError as exc:
        raise ConfigError(f"cannot read configuration: {exc}") from exc
    key = (str(read), st.st_mtime_ns, st.st_size, st.st_ino)
    config = _LOADED.get(key)
    if config is None:
        if len(_LOADED) >= _MAX_LOADED:
            _LOADED.clear()
        config = _LOADED[key] = _read_config(own, pyproject)
    return config


def _read_config(own: Path, pyproject: Path) -> Config:
    raw: dict[str, Any] = {}
    source = ""
    # Loaded only when a file is there to read (speed: a tenth of a warm answer's imports
    # where no configuration is written).
    import tomllib

    try:
        if own.is_file():
            raw, source = tomllib.loads(own.read_text()), own.name
        elif pyproject.is_file():
            raw = tomllib.loads(pyproject.read_text()).get("tool", {}).get("diffreach", {})
            source = "pyproject.toml [tool.diffreach]"
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{source or own.name}: not valid TOML ({exc})") from exc
    except OSError as exc:
        raise ConfigError(f"cannot read configuration: {exc}") from exc
    return parse_config(raw, source or "configuration")


def parse_config(raw: dict[str, Any], source: str = "configuration") -> Config:
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in _TYPES:
            raise ConfigError(f"{source}: unknown key '{key}' (known: {', '.join(sorted(_TYPES))})")
        values[key] = _check(key, _TYPES[key], value, source)
    # A repository's configuration is untrusted: its resource settings are bounded by the machine.
    if values.get("workers"):
        values["workers"] = min(values["workers"], os.cpu_count() or 1)
    return Config(**values)


def _check(key: str, typ: Any, value: Any, source: str) -> Any:
    typ = str(typ)
    if typ == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError(f"{source}: '{key}' must be a non-negative integer, not {value!r}")
        return value
    if typ == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"{source}: '{key}' must be true or false, not {value!r}")
        return value
    if typ == "str":
        if not isinstance(value, str):
            raise ConfigError(f"{source}: '{key}' must be a string, not {value!r}")
        return value
    if typ.startswith("tuple[str"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{source}: '{key}' must be a list of strings")
        return tuple(value)
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ConfigError(f"{source}: '{key}' must be a list of tables")
    for entry in value:
        unknown = set(entry) - {"register", "dispatch"}
        if unknown or not all(isinstance(v, str) for v in entry.values()):
            raise ConfigError(f"{source}: '{key}' entries take string keys 'register' and 'dispatch'")
    return tuple(value)
