"""Ruby: ``require``/``require_relative``, classes and modules, mixins, specs.

A ``require`` loads a file whose constants become global, so it is a wildcard
import of that file: looked up beside the requiring file (``require_relative``)
and then on the load path (every ``lib/`` folder, then the root, then a unique
file whose path ends with the required name). Constants are global in Ruby, so
a receiver like ``Util`` that no require brings in is still the one class of
that name (``global_types``), and reopened classes share their members
(``open_classes``). ``include``/``extend``/``prepend`` of a module is an
inheritance edge; ``def self.x`` is a method of the class; ``Foo.new`` calls
``initialize``. RSpec (``*_spec.rb``, ``spec/``) and minitest (``test_*.rb``,
``*_test.rb``, ``test/``) files are test code.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from .c import _normalize
from .spec import LanguageSpec, RepoFiles, grammar_of


class RubyLoadPath:
    def __init__(self, repo: RepoFiles, spec: LanguageSpec) -> None:
        self._files = frozenset(p for p in repo.paths() if p.endswith(".rb"))
        self._roots = [
            *sorted({str(parent) for p in self._files for parent in PurePosixPath(p).parents if parent.name == "lib"}),
            ".",
        ]

    def resolve(self, module: str, from_file: str) -> tuple[str, ...]:
        name = module if module.endswith(".rb") else f"{module}.rb"
        here = str(PurePosixPath(from_file).parent)
        for base in (here, *self._roots):
            candidate = _normalize(name if base == "." else f"{base}/{name}")
            if candidate in self._files:
                return (candidate,)
        tail = "/" + name.lstrip("./")
        found = [p for p in self._files if ("/" + p).endswith(tail)]
        return (found[0],) if len(found) == 1 else ()


SPEC = LanguageSpec(
    name="ruby",
    extensions=(".rb", ".rake"),
    grammar=grammar_of("tree_sitter_ruby"),
    query_file="ruby.scm",
    resolver=RubyLoadPath,
    test_globs=("*_spec.rb", "spec/*", "test_*.rb", "*_test.rb", "test/*"),
    self_names=frozenset({"self"}),
    constructor_names=("initialize",),
    # ``Base.new`` runs Base's initialize, never a subclass's (which reaches it through super).
    hidden_members=frozenset({"initialize"}),
    implicit_self=True,
    open_classes=True,
    global_types=True,
    constructor_methods=frozenset({"new"}),
    name_sigils=":",
    builtins=frozenset(
        {
            "puts",
            "print",
            "p",
            "pp",
            "require",
            "require_relative",
            "raise",
            "attr_accessor",
            "attr_reader",
            "attr_writer",
            "include",
            "extend",
            "prepend",
            "private",
            "protected",
            "public",
            "lambda",
            "proc",
            "loop",
            "format",
            "sprintf",
            "block_given?",
            "yield",
            "describe",
            "context",
            "it",
            "expect",
            "let",
            "before",
            "after",
            "subject",
            "eq",
            "module_function",
            "freeze",
        }
    ),
    builtin_methods=frozenset(
        {
            "each",
            "map",
            "select",
            "reject",
            "find",
            "reduce",
            "inject",
            "each_with_object",
            "each_with_index",
            "push",
            "pop",
            "shift",
            "unshift",
            "first",
            "last",
            "size",
            "length",
            "count",
            "empty?",
            "nil?",
            "include?",
            "key?",
            "fetch",
            "merge",
            "keys",
            "values",
            "to_s",
            "to_i",
            "to_a",
            "to_h",
            "to_sym",
            "join",
            "split",
            "strip",
            "gsub",
            "sub",
            "downcase",
            "upcase",
            "sort",
            "sort_by",
            "uniq",
            "call",
            "send",
            "new",
            "dup",
            "freeze",
            "is_a?",
            "respond_to?",
            "get",
            "set",
            "delete",
            "add",
            "flatten",
            "compact",
            "any?",
            "all?",
            "min",
            "max",
            "sum",
            "group_by",
            "tap",
            "then",
            "read",
            "write",
            "close",
        }
    ),
    module_separator="/",
    member_separators=("::",),
    resolution="require/require_relative as wildcard loads (beside the file, lib/ folders); global "
    "constants; include/extend as inheritance; reopened classes merged",
)
