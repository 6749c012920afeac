"""The graph database: the one owner of SQL.

Every table is declared in ``schema.sql`` and every statement that reads or writes one lives in
this package: ``store.py`` opens the database and writes the graph (``Store``, a context manager),
``reader.py`` reads it, ``lookup.py`` finds symbols by the names people write, ``source.py`` is
the resolver's view of it, ``counts.py`` its cached figures, ``terms.py`` the query term index,
``ledger.py`` the token bill, ``blocks.py`` the originals of shortened review-context blocks,
``meta.py`` the key/value facts, ``migrations.py`` the schema's creation and named migrations,
``opening.py`` what may be opened at all (the data folder, whose database, whose checkout).
The stages above call these functions; none of them writes SQL of its own.

The graph is a cache of the source, so stored data carries the key it was made under, and a
different key means "made otherwise", never "wrong": three keys decide what is still valid.

- The schema version (``SCHEMA_VERSION``, meta ``schema_version``) guards the shape of the tables.
  Checked when a database is opened: an older version is brought forward by the named migrations
  (``migrations.py``) and one no migration leads from is rebuilt with a notice, the ledger kept;
  the next index then builds the graph in full. Only ``index`` does either: readers refuse.
- The term-index version (``graph.term_marks.TERM_INDEX_VERSION``, meta ``term_index``) guards how
  nodes are split into terms and weighed (``term_postings``, ``term_docs``). Checked by the first
  query after a change: when it differs, the two term tables are dropped and built again from the
  nodes; the graph itself is untouched. The indexer clears it after a full build so that the next
  query rebuilds the terms instead of the indexer.
- The extraction key (``languages.extraction_key()``: ``EXTRACTION_VERSION`` and every language's
  query text, kept in meta ``config`` with the index settings) guards what was extracted from each
  file. Checked by every index run: when it differs, the run re-extracts every file (a full build)
  even though no file's content hash changed.
"""
