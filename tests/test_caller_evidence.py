"""The caller-update truth's receiver and edit rules (v4, bench/caller_evidence.py) and the
evidence rules added with them (bench/caller_truth.py): a call of the changed method's name on a
value counts only when nothing in the text says it is another definition of that name. Each test
mines a two-commit repository: the second commit changes a definition and edits calls of its name
in other files, some real callers, some calls of a namesake."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from tests.conftest import commit_all, write_files

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import caller_evidence
import review_bench

MakeRepo = Callable[..., Path]


def truth(make_repo: MakeRepo, before: dict[str, str], after: dict[str, str]) -> dict[str, list[str]]:
    """The caller-update cases' seed → truth files (empty when no case was mined)."""
    root = make_repo(before)
    write_files(root, after)
    commit_all(root)
    cases = [c for c in review_bench.mine(root, "r", 25, 10) if c.kind == "caller-update"]
    return {c.seed: c.truth_files for c in cases}


PY_CLIENT = "class Client:\n    def fetch(self, url{extra}):\n        return url\n"
PY_TESTCASE = "class TestCase:\n    def fetch(self, path):\n        return path\n"


def test_a_value_receiver_is_decided_by_its_type_its_name_or_the_edit(make_repo: MakeRepo) -> None:
    """Two classes define ``fetch``: a call on a value counts when its declared or constructed
    type, or its edit (a keyword named after the added parameter), says it is ``Client.fetch``."""
    callers = {
        "kw.py": "def go(c, url):\n    return c.fetch(url{kw})\n",  # the edit mirrors: kept
        "built.py": "from client import Client\n\n\ndef go(url):\n    c = Client()\n    return c.fetch(url){n}\n",
        "unsure.py": "def go(c, url):\n    return c.fetch(url){n}\n",  # no evidence: dropped
        "other.py": "from testing import TestCase\n\n\ndef go(url):\n    t = TestCase()\n    return t.fetch(url){n}\n",
    }
    before = {"client.py": PY_CLIENT.format(extra=""), "testing.py": PY_TESTCASE}
    before |= {p: t.format(kw="", n="") for p, t in callers.items()}
    after = {"client.py": PY_CLIENT.format(extra=", raise_error=False")}
    after |= {p: t.format(kw=", raise_error=True", n="  # edited") for p, t in callers.items()}
    assert truth(make_repo, before, after) == {"client.py": ["built.py", "kw.py"]}


def test_a_value_receiver_counts_when_no_other_definition_carries_the_name(make_repo: MakeRepo) -> None:
    before = {"client.py": PY_CLIENT.format(extra=""), "unsure.py": "def go(c, url):\n    return c.fetch(url)\n"}
    after = {
        "client.py": PY_CLIENT.format(extra=", raise_error=False"),
        "unsure.py": "def go(c, url):\n    return c.fetch(url)  # edited\n",
    }
    assert truth(make_repo, before, after) == {"client.py": ["unsure.py"]}


GO_CONN = "package p\n\ntype Conn struct{{}}\n\nfunc (nc *Conn) subscribe(subj string{extra}) error {{ return nil }}\n"
GO_ENC = """package p

type callbacks struct{{}}

func (cs *callbacks) subscribe() error {{ return nil }}

type EncodedConn struct {{
	Conn      *Conn
	callbacks *callbacks
}}

func (c *EncodedConn) A() error {{ return c.Conn.subscribe("a"{arg}) }}

func (c *EncodedConn) B() error {{ return c.callbacks.subscribe(){n} }}
"""


def test_go_argument_count_and_receiver_field_name_decide(make_repo: MakeRepo) -> None:
    """``c.Conn.subscribe`` names ``Conn`` (and gains the argument the parameter list gained);
    ``c.callbacks.subscribe()`` names the other type that defines ``subscribe``."""
    before = {
        "go.mod": "module example.com/p\n",
        "conn.go": GO_CONN.format(extra=""),
        "enc.go": GO_ENC.format(arg="", n=""),
    }
    after = {"conn.go": GO_CONN.format(extra=", q int"), "enc.go": GO_ENC.format(arg=", 1", n=" // edited")}
    root = make_repo(before)
    write_files(root, after)
    commit_all(root)
    (case,) = [c for c in review_bench.mine(root, "r", 25, 10) if c.kind == "caller-update"]
    assert (case.seed, case.truth_files, case.truth_funcs) == ("conn.go", ["enc.go"], ["enc.go::EncodedConn.A"])
    assert case.dropped_funcs == {"enc.go::EncodedConn.B": "receiver-names-other"}


JS_COMMON = "exports.log = function (level{extra}) {{ return level; }};\n"
JS_UTILS = "exports.log = function (level) { return level; };\n"


def test_js_this_call_and_a_relative_module_that_is_not_the_changed_one(make_repo: MakeRepo) -> None:
    """``this.log()`` is a member lookup, never ``common.js``'s function; ``utils.log()`` with
    ``utils = require('./utils')`` names another file that does not re-export it."""
    callers = {
        "console.js": "var common = require('./common');\nexports.go = function () {{ return common.log('a'{arg}); }};\n",
        "transport.js": "function T() {{}}\nT.prototype.go = function () {{ return this.log('a'{arg}); }};\n",
        "other.js": "var utils = require('./utils');\nexports.go = function () {{ return utils.log('a'{arg}); }};\n",
    }
    before = {"common.js": JS_COMMON.format(extra=""), "utils.js": JS_UTILS}
    before |= {p: t.format(arg="") for p, t in callers.items()}
    after = {"common.js": JS_COMMON.format(extra=", msg")} | {p: t.format(arg=", 'm'") for p, t in callers.items()}
    assert truth(make_repo, before, after) == {"common.js": ["console.js"]}


JAVA_ENCODER = "package q;\npublic class MinimalEncoder {{\n    public MinimalEncoder({params}) {{ }}\n}}\n"
JAVA_WRITER = """package o;
class Writer {{
    int go() {{ new MinimalEncoder(); return {arg}; }}
    private static final class MinimalEncoder {{ MinimalEncoder() {{ }} }}
}}
"""
JAVA_USER = "package o;\nimport q.MinimalEncoder;\nclass User {{\n    void go() {{ new MinimalEncoder({arg}); }}\n}}\n"


def test_java_a_constructor_call_of_a_class_the_file_declares_is_its_own(make_repo: MakeRepo) -> None:
    before = {
        "q/MinimalEncoder.java": JAVA_ENCODER.format(params=""),
        "o/Writer.java": JAVA_WRITER.format(arg="1"),
        "o/User.java": JAVA_USER.format(arg=""),
    }
    after = {
        "q/MinimalEncoder.java": JAVA_ENCODER.format(params="int x"),
        "o/Writer.java": JAVA_WRITER.format(arg="2"),  # the line of its own constructor's call edited
        "o/User.java": JAVA_USER.format(arg="1"),
    }
    assert truth(make_repo, before, after) == {"q/MinimalEncoder.java": ["o/User.java"]}


def test_parameter_lists_are_read_across_languages() -> None:
    assert caller_evidence.params("def f(self, a, b: int = 3, *, c=None)", "f") == (3, {"a", "b", "c"})
    assert caller_evidence.params("func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)", "Raw")[0] == 2
    assert caller_evidence.params("pub fn go(&mut self, f: impl Fn(u8) -> u8, n: usize)", "go")[0] == 2
    assert caller_evidence.params("Map<String, Integer> get(Map<String, Integer> m, int k)", "get")[0] == 2
    assert caller_evidence.text_args(["x = c.fetch(a, g(b, c),", "  d)"], 1, "fetch") == [3]


RS_GIF = "pub struct Encoder;\n\nimpl Encoder {{\n    pub fn encode(&mut self, frame: {ty}) {{}}\n}}\n"
RS_PNG = "pub struct PngEncoder;\n\nimpl PngEncoder {\n    pub fn encode(&self, n: u8) {}\n}\n"
RS_USER = """use gif;
use png;

fn save(frame: Frame) {{
    let mut g = gif::Encoder::new();
    g.encode({frame});
}}

fn other(e: png::PngEncoder) {{
    e.encode({n});
}}
"""


def test_rust_a_local_constructed_or_typed_names_the_class_whatever_the_edit(make_repo: MakeRepo) -> None:
    """``let mut g = gif::Encoder::new()`` makes ``g.encode`` the changed method's call (its edit
    mirrors no parameter count); ``e: png::PngEncoder`` makes ``e.encode`` another's."""
    before = {
        "src/gif.rs": RS_GIF.format(ty="Frame"),
        "src/png.rs": RS_PNG,
        "src/dynimage.rs": RS_USER.format(frame="frame", n="1"),
    }
    after = {"src/gif.rs": RS_GIF.format(ty="&Frame"), "src/dynimage.rs": RS_USER.format(frame="&frame", n="2")}
    root = make_repo(before)
    write_files(root, after)
    commit_all(root)
    (case,) = [c for c in review_bench.mine(root, "r", 25, 10) if c.kind == "caller-update"]
    assert (case.seed, case.truth_funcs) == ("src/gif.rs", ["src/dynimage.rs::save"])
    assert case.dropped_funcs == {"src/dynimage.rs::other": "receiver-names-other"}


GO_MIG = "package gorm\n\ntype Migrator interface {{\n\tColumnTypes(dst interface{{}}) ({ret}, error)\n}}\n"
GO_IMPL = """package migrator

func (m Migrator) ColumnTypes(value interface{{}}) ([]int, error) {{
	rows := m.rows()
	return rows.ColumnTypes(){n}
}}

func use(m gorm.Migrator) {{
	m.ColumnTypes(1){n}
}}
"""


def test_go_a_call_with_another_argument_count_is_not_a_call_of_the_changed_method(make_repo: MakeRepo) -> None:
    """Go passes exactly the declared parameters: ``rows.ColumnTypes()`` cannot call the
    one-parameter ``ColumnTypes``; ``m.ColumnTypes(1)`` can."""
    before = {
        "go.mod": "module example.com/g\n",
        "migrator.go": GO_MIG.format(ret="[]int"),
        "migrator/m.go": GO_IMPL.format(n=""),
    }
    after = {"migrator.go": GO_MIG.format(ret="[]string"), "migrator/m.go": GO_IMPL.format(n=" // edited")}
    root = make_repo(before)
    write_files(root, after)
    commit_all(root)
    (case,) = [c for c in review_bench.mine(root, "r", 25, 10) if c.kind == "caller-update"]
    assert case.truth_funcs == ["migrator/m.go::use"]
    assert case.dropped_funcs == {"migrator/m.go::Migrator.ColumnTypes": "arity"}


PY_MANAGER = "class Manager:\n    def open_spider(self, spider{extra}):\n        return spider\n"
PY_OTHER = "class Other:\n    def open_spider(self, spider):\n        return spider\n"
PY_SCRAPER = """from manager import Manager
from other import Other


class Scraper:
    def __init__(self, make):
        self.itemproc: Manager = make()
        self.other = Other()

    def start(self, spider):
        self.itemproc.open_spider(spider){n}
        self.other.open_spider(spider){n}
"""


def test_an_attribute_of_self_is_typed_by_its_annotation_or_constructor(make_repo: MakeRepo) -> None:
    before = {"manager.py": PY_MANAGER.format(extra=""), "other.py": PY_OTHER, "scraper.py": PY_SCRAPER.format(n="")}
    after = {"manager.py": PY_MANAGER.format(extra=": str"), "scraper.py": PY_SCRAPER.format(n="  # edited")}
    assert truth(make_repo, before, after) == {"manager.py": ["scraper.py"]}
