"""The shape of a graph database: created from ``schema.sql``, brought forward by named migrations.

``schema.sql`` declares every table in its current shape, and a new database runs it whole: it is
then at ``SCHEMA_VERSION`` (meta ``schema_version``) and needs no migration. A database written at
an older version is brought forward the way simonw/llm does it: each migration is a plain function
named for the step it takes (``m1_to_2_notes``: schema 1 to 2, the notes table), ``MIGRATIONS``
lists them in order, and a step is due when the database's version has not passed it and its
``migrations`` table does not record it. Each step runs in one transaction with its record and the
version it reaches, so a killed migration leaves the database as it was. A database that no chain
leads from (a newer diffreach's, a version since dropped) is rebuilt by ``index`` (never by a
reader: ``check_schema``): the graph is a cache of the source, and the ledger, which is not, is
kept (``rebuild``). A migration that adds a table creates it from
``schema.sql`` (``create_missing_tables``), so a later migration that reshapes that table must
accept it in its newest shape too.
"""

from __future__ import annotations

import functools
import re
import sqlite3
import time
from collections.abc import Callable
from importlib import resources

from diffreach.errors import NotIndexedError, StoreError
from diffreach.graph.ledger import LEDGER_COLUMNS
from diffreach.graph.opening import APPLICATION_ID


def m1_to_2_notes(conn: sqlite3.Connection) -> None:
    """The ``notes`` table. Notes come from the source, so every file is marked for reading again
    (no stored hash or mtime matches): the next index fills them in, as an update."""
    create_missing_tables(conn, "notes")
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


def m2_to_3_ref_arguments(conn: sqlite3.Connection) -> None:
    """``refs.args``: a call's argument count, which picks an overload. Counted from the source,
    so every file is marked for reading again, as in ``m1_to_2_notes``."""
    if "args" not in {r[1] for r in conn.execute("PRAGMA table_info(refs)")}:  # not made in its newest shape
        conn.execute("ALTER TABLE refs ADD COLUMN args INTEGER NOT NULL DEFAULT -1")
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


def m3_to_4_declarations(conn: sqlite3.Connection) -> None:
    """The ``declarations`` table (constants, fields, enum members, type aliases). Read from the
    source, so every file is marked for reading again, as in ``m1_to_2_notes``."""
    create_missing_tables(conn, "declarations")
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


def m4_to_5_abstract(conn: sqlite3.Connection) -> None:
    """``nodes.abstract``: a method declared without a body for its implementations. Read from
    the source, so every file is marked for reading again, as in ``m1_to_2_notes``."""
    if "abstract" not in {r[1] for r in conn.execute("PRAGMA table_info(nodes)")}:  # not made in its newest shape
        conn.execute("ALTER TABLE nodes ADD COLUMN abstract INTEGER NOT NULL DEFAULT 0")
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


def m5_to_6_program_wide_imports(conn: sqlite3.Connection) -> None:
    """``imports.program_wide``: an import that binds in every file of its program (C#'s
    ``global using``). Read from the source, so every file is marked for reading again, as in
    ``m1_to_2_notes``."""
    if "program_wide" not in {r[1] for r in conn.execute("PRAGMA table_info(imports)")}:  # newest shape
        conn.execute("ALTER TABLE imports ADD COLUMN program_wide INTEGER NOT NULL DEFAULT 0")
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


def m6_to_7_binding_blocks(conn: sqlite3.Connection) -> None:
    """``bindings.end_line``: the end of the block a declaration holds in (Rust's ``let`` in a
    block or a match arm). Read from the source, so every file is marked for reading again, as in
    ``m1_to_2_notes``."""
    if "end_line" not in {r[1] for r in conn.execute("PRAGMA table_info(bindings)")}:  # newest shape
        conn.execute("ALTER TABLE bindings ADD COLUMN end_line INTEGER NOT NULL DEFAULT 0")
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


def m7_to_8_file_words(conn: sqlite3.Connection) -> None:
    """``file_words``: each file's words, for the query's whole-file documents. Read from the source,
    so every file is marked for reading again, as in ``m1_to_2_notes``."""
    create_missing_tables(conn)
    conn.execute("UPDATE files SET hash = '', mtime_ns = 0")


# In order: MIGRATIONS[i] takes the schema from version i + 1 to i + 2, as its name says.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    m1_to_2_notes,
    m2_to_3_ref_arguments,
    m3_to_4_declarations,
    m4_to_5_abstract,
    m5_to_6_program_wide_imports,
    m6_to_7_binding_blocks,
    m7_to_8_file_words,
)
SCHEMA_VERSION = str(len(MIGRATIONS) + 1)


def ensure_schema(conn: sqlite3.Connection, notice: Callable[[str], None]) -> None:
    """Leave ``conn`` at ``SCHEMA_VERSION``: created when empty, migrated when older, rebuilt
    (with a ``notice``, the ledger kept) when no migration leads there; a database with tables
    but no ``meta`` is not a graph database (``sqlite3.DatabaseError``). Only ``index`` calls
    this; readers call ``check_schema``, which writes nothing."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "meta" in tables:
        version = schema_version(conn)
        if version == SCHEMA_VERSION:
            return
        if version is not None and migrate(conn, version):
            return
        notice(f"graph database schema {version} is not {SCHEMA_VERSION}; rebuilding it (the ledger is kept)")
        rebuild(conn)
        return
    if tables:
        raise sqlite3.DatabaseError("not a diffreach graph database")
    rebuild(conn)


def rebuild(conn: sqlite3.Connection) -> None:
    """Drop every table but the ledger (the token history is not derived from the source, so it
    is never dropped: one of another shape is renamed apart) and create the schema, in one
    transaction: a process killed meanwhile leaves the database as it was."""
    drops: list[str] = []
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
        if name.startswith(("sqlite_", "ledger_kept_")):
            continue
        if name == "ledger":
            columns = {r[1] for r in conn.execute("PRAGMA table_info(ledger)")}
            if columns >= LEDGER_COLUMNS:
                continue
            drops.append(f'ALTER TABLE ledger RENAME TO "ledger_kept_{int(time.time())}";')
            continue
        drops.append(f'DROP TABLE IF EXISTS "{name}";')
    conn.executescript(
        "BEGIN IMMEDIATE;\n" + "\n".join(drops) + f"\n{_schema_text()}\nINSERT OR REPLACE INTO meta(key, value)"
        f" VALUES ('schema_version', '{SCHEMA_VERSION}');\nPRAGMA application_id = {APPLICATION_ID};\nCOMMIT;"
    )


def check_schema(conn: sqlite3.Connection, path: str) -> None:
    """For readers, which never write the schema: NotIndexedError when there is no graph,
    StoreError when it is of another version (a newer diffreach's, or one ``index`` migrates)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "meta" not in tables:
        raise NotIndexedError(f"{path} holds no graph yet; run 'diffreach index' first")
    version = schema_version(conn)
    if version == SCHEMA_VERSION:
        return
    if version is not None and version.isdigit() and int(version) > int(SCHEMA_VERSION):
        raise StoreError(
            f"{path} is a graph from a newer diffreach (schema {version}; this one reads {SCHEMA_VERSION}):"
            " upgrade diffreach, or run 'diffreach index' to rebuild it for this version"
        )
    raise StoreError(f"{path} is a graph of schema {version}, not {SCHEMA_VERSION}; run 'diffreach index' first")


def schema_version(conn: sqlite3.Connection) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    return None if row is None else str(row[0])


def migrate(conn: sqlite3.Connection, version: str) -> bool:
    """Apply the migrations due from ``version``; False when that leaves the database short of
    ``SCHEMA_VERSION`` (no chain starts at ``version``, or it records a step its version denies)."""
    start = {str(i + 1): i for i in range(len(MIGRATIONS))}.get(version)
    if start is None:
        return False
    recorded = {name for (name,) in conn.execute("SELECT name FROM migrations")}
    for i in range(start, len(MIGRATIONS)):
        step = MIGRATIONS[i]
        if step.__name__ in recorded:
            # Each step records itself with the version it reaches, in one transaction: a step
            # recorded that the version has not passed is a database no chain explains.
            return False
        conn.execute("BEGIN IMMEDIATE")
        try:
            step(conn)
            conn.execute(
                "INSERT OR REPLACE INTO migrations(name, applied_at) VALUES (?, ?)",
                (step.__name__, time.strftime("%Y-%m-%dT%H:%M:%S")),
            )
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)", (str(i + 2),))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return schema_version(conn) == SCHEMA_VERSION


def create_missing_tables(conn: sqlite3.Connection, *tables: str) -> None:
    """Run the statements of ``schema.sql`` that create ``tables`` and their indexes (every
    statement when none is named). All are ``IF NOT EXISTS``, so only what is missing is made:
    databases written before a table existed get it. One statement at a time, so that it can
    run inside a caller's transaction (``executescript`` would commit it first)."""
    for table, statement in _schema_statements():
        if not tables or table in tables:
            conn.execute(statement)


def _schema_text() -> str:
    return resources.files("diffreach.graph").joinpath("schema.sql").read_text()


_CREATES = re.compile(
    r"CREATE\s+TABLE\s+IF\s+NOT\s+EXISTS\s+(\w+)|CREATE\s+INDEX\s+IF\s+NOT\s+EXISTS\s+\w+\s+ON\s+(\w+)"
)


@functools.cache
def _schema_statements() -> tuple[tuple[str, str], ...]:
    """(table, statement) of every statement of ``schema.sql``, in order."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in _schema_text().splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found = _CREATES.search(pending)
            if found is None:
                raise ValueError(f"schema.sql: a statement that creates no table or index: {pending.strip()!r}")
            out.append((found.group(1) or found.group(2), pending.strip()))
            pending = ""
    return tuple(out)
