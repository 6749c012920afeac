-- The graph database, in one readable place: the only DDL of the project. A change here
-- needs a named migration in migrations.py (which moves SCHEMA_VERSION on) unless it only
-- adds a table whose owner creates it when missing (create_missing_tables).

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- One row per indexed source file.
CREATE TABLE IF NOT EXISTS files (
    path         TEXT PRIMARY KEY,
    language     TEXT NOT NULL,
    package      TEXT NOT NULL DEFAULT '',
    hash         TEXT NOT NULL,
    size         INTEGER NOT NULL,
    mtime_ns     INTEGER NOT NULL DEFAULT 0,
    parse_errors INTEGER NOT NULL DEFAULT 0,
    is_test      INTEGER NOT NULL DEFAULT 0
);

-- Files seen but not indexed, with the reason.
CREATE TABLE IF NOT EXISTS skipped (
    path   TEXT PRIMARY KEY,
    reason TEXT NOT NULL
);

-- Nodes: the file itself, classes, functions, methods. ``id`` is readable:
-- 'path' for a file, 'path::Class.method' otherwise.
CREATE TABLE IF NOT EXISTS nodes (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    name       TEXT NOT NULL,
    qualname   TEXT NOT NULL,
    file       TEXT NOT NULL,
    parent     TEXT,
    start_line INTEGER NOT NULL,
    end_line   INTEGER NOT NULL,
    signature  TEXT NOT NULL DEFAULT '',
    doc        TEXT NOT NULL DEFAULT '',
    is_test    INTEGER NOT NULL DEFAULT 0,
    abstract   INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS nodes_file ON nodes(file);
CREATE INDEX IF NOT EXISTS nodes_name ON nodes(name);

-- A node's notes (model.Symbol.notes: the rest of its docstring and its comments, capped),
-- for the query term index only. Apart from ``nodes`` so that the rows every traversal reads
-- stay small; only nodes with notes have a row.
CREATE TABLE IF NOT EXISTS notes (
    node TEXT PRIMARY KEY,
    file TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS notes_file ON notes(file);

-- A file's words (model.FileExtract.words: every identifier-like token of its text, counted), for
-- the query term index only: ``word:count`` pairs, space-separated, one row per file.
CREATE TABLE IF NOT EXISTS file_words (
    file  TEXT PRIMARY KEY,
    words TEXT NOT NULL
) WITHOUT ROWID;

-- Every reference the extractor saw, with what resolution made of it
-- (resolved / ambiguous / external / builtin / unresolved).
CREATE TABLE IF NOT EXISTS refs (
    id       INTEGER PRIMARY KEY,
    file     TEXT NOT NULL,
    scope    TEXT NOT NULL,
    kind     TEXT NOT NULL,
    name     TEXT NOT NULL,
    receiver TEXT NOT NULL,
    line     INTEGER NOT NULL,
    status   TEXT NOT NULL,
    args     INTEGER NOT NULL DEFAULT -1  -- model.Ref.args: a call's argument count, -1 uncounted
);
CREATE INDEX IF NOT EXISTS refs_file ON refs(file);
CREATE INDEX IF NOT EXISTS refs_name ON refs(name);

CREATE TABLE IF NOT EXISTS imports (
    file     TEXT NOT NULL,
    module   TEXT NOT NULL,
    name     TEXT NOT NULL,
    alias    TEXT NOT NULL,
    line     INTEGER NOT NULL,
    wildcard INTEGER NOT NULL DEFAULT 0,
    program_wide INTEGER NOT NULL DEFAULT 0  -- binds in every file of its program (C#'s global using)
);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file);

CREATE TABLE IF NOT EXISTS bindings (
    file      TEXT NOT NULL,
    scope     TEXT NOT NULL,
    name      TEXT NOT NULL,
    type_name TEXT NOT NULL,
    line      INTEGER NOT NULL,
    end_line  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS bindings_file ON bindings(file);

-- Constants, fields, enum members and type aliases (model.Declaration): definitions that are no
-- node, so calls never resolve to them and query ranking never sees them; the review context's
-- forward section reads them by name. ``scope`` is the id of the node holding one.
CREATE TABLE IF NOT EXISTS declarations (
    file     TEXT NOT NULL,
    scope    TEXT NOT NULL,
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    line     INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    text     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS declarations_file ON declarations(file);
CREATE INDEX IF NOT EXISTS declarations_name ON declarations(name);

-- Edges between node ids. ``file`` is the file whose code made the edge and
-- ``ref`` the reference it came from (NULL for imports), so that re-indexing a
-- file or re-resolving a reference replaces exactly its own edges. ``contains``
-- edges are not stored: they are nodes.parent.
CREATE TABLE IF NOT EXISTS edges (
    source     TEXT NOT NULL,
    target     TEXT NOT NULL,
    kind       TEXT NOT NULL,
    resolution TEXT NOT NULL,
    confidence REAL NOT NULL,
    line       INTEGER NOT NULL,
    file       TEXT NOT NULL,
    ref        INTEGER
);
CREATE INDEX IF NOT EXISTS edges_target ON edges(target, kind);
CREATE INDEX IF NOT EXISTS edges_source ON edges(source, kind);
CREATE INDEX IF NOT EXISTS edges_file ON edges(file);
CREATE INDEX IF NOT EXISTS edges_ref ON edges(ref);

-- Every review context served: the token bill (see ledger.py).
CREATE TABLE IF NOT EXISTS ledger (
    id              INTEGER PRIMARY KEY,
    at              TEXT NOT NULL,
    base            TEXT NOT NULL DEFAULT '',
    head            TEXT NOT NULL DEFAULT '',
    budget          INTEGER,
    level           TEXT NOT NULL DEFAULT '',
    returned_tokens INTEGER NOT NULL,
    baseline_tokens INTEGER NOT NULL,
    tokenizer       TEXT NOT NULL DEFAULT '',
    origin          TEXT NOT NULL DEFAULT 'cli'
);

-- Originals of review-context blocks shown in less detail, for ``expand`` (see review/context.py;
-- graph/blocks.py creates the table in databases written before it existed). ``id`` is
-- content-addressed; a row is valid while ``file_hash`` equals files.hash of ``file`` ('' for
-- blocks that come from no single file).
CREATE TABLE IF NOT EXISTS context_blocks (
    id         TEXT PRIMARY KEY,
    file       TEXT NOT NULL,
    file_hash  TEXT NOT NULL,
    text       TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS migrations (
    name       TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
);

-- Query ranking (rank.py): each node's weighted terms, replaced per file at index time.
-- graph/terms.py runs this file's statements again for databases written before they existed.
-- ``weight``/``length`` are the node's identifier fields (name, signature, docstring line, path);
-- ``notes``/``notes_length`` its notes, apart so that a query weighs them (RankParams.notes_weight).
-- A term index of another version (meta 'term_index') drops and rebuilds these two tables.
-- Postings are clustered by term: a query reads each of its terms as one contiguous range (on
-- Django, BM25 over a question's terms took half the time it took through an index on a rowid table).
CREATE TABLE IF NOT EXISTS term_postings (
    term         TEXT NOT NULL,
    node         TEXT NOT NULL,
    file         TEXT NOT NULL,
    weight       REAL NOT NULL,
    length       REAL NOT NULL,
    notes        REAL NOT NULL DEFAULT 0,
    notes_length REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (term, node)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS term_postings_file ON term_postings(file);
CREATE TABLE IF NOT EXISTS term_docs (
    node         TEXT PRIMARY KEY,
    file         TEXT NOT NULL,
    length       REAL NOT NULL,
    notes_length REAL NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS term_docs_file ON term_docs(file);
-- Each file read as one document (its ``file_words`` split and stemmed as a question is): each file's
-- length under a number of its own, and per term its count in each file, clustered by term as the
-- postings are (the number, not the path, in every row: a third of the table's size).
CREATE TABLE IF NOT EXISTS term_file_docs (
    id     INTEGER PRIMARY KEY,
    file   TEXT NOT NULL UNIQUE,
    length REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS term_files (
    term  TEXT NOT NULL,
    doc   INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (term, doc)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS term_files_doc ON term_files(doc);
