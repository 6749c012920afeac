"""Spec: a method reference passed where a functional interface is expected implements it.

JLS 9.8 and 15.13.2: ``setHandler(this::onWay)``, where ``setHandler`` declares its parameter with an
interface of one abstract method, makes an instance of that interface whose method runs ``onWay``.
The builder keeps it in a field and another method calls ``handler.handle(w)``: that call runs
``onWay``, so ``onWay``'s callers hold it (through the interface method, as an implementation's do).
Forbidden: a reference passed to a parameter of a class type, of an interface of two methods, or of
no declared type; an interface's static method is not its abstract one. Kotlin's callable
references (``::f``, ``this::f``) convert so to a ``fun interface`` (Kotlin spec, "SAM conversions").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from diffreach.index.indexer import index
from tests.test_structural import dynamic_edges

PARSER = """\
package p;

public class Parser {
    private Handler handler;
    private Pair pair;
    private Box box;

    public interface Handler {
        void handle(String way);
        static Handler none() { return null; }
    }

    public interface Pair {
        void first(String a);
        void second(String b);
    }

    public static class Box {
        public void handle(String way) {}
    }

    public Parser setHandler(Handler handler) {
        this.handler = handler;
        return this;
    }

    public Parser setPair(int rank, Pair pair) {
        this.pair = pair;
        return this;
    }

    public Parser setBox(Box box) {
        this.box = box;
        return this;
    }

    void run(String w) {
        handler.handle(w);
        pair.first(w);
    }
}
"""
READER = """\
package p;

public class Reader {
    void read() {
        Parser p = new Parser()
            .setHandler(this::onWay);
        new Parser().setHandler(Reader::stat);
        new Parser().setPair(1, this::onPair);
        new Parser().setBox(this::onBox);
    }

    protected void onWay(String way) {
    }

    static void stat(String way) {
    }

    void onPair(String a) {
    }

    void onBox(String w) {
    }
}
"""
FILES = {"src/p/Parser.java": PARSER, "src/p/Reader.java": READER, ".diffreach.toml": "warmup_reviews = 0\n"}
HANDLE = "src/p/Parser.java::Parser.Handler.handle"


def test_a_method_reference_passed_as_a_functional_interface_implements_its_method(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo(FILES)
    index(root)
    edges = dynamic_edges(root)
    assert (HANDLE, "src/p/Reader.java::Reader.onWay") in edges  # this::onWay, on a line of its own
    assert (HANDLE, "src/p/Reader.java::Reader.stat") in edges  # Reader::stat, a static method
    # Forbidden: an interface of two methods is no functional interface; a class type takes no
    # method reference; the static method of the interface is not the one a reference implements.
    assert not {t for s, t in edges if t.endswith(("Reader.onPair", "Reader.onBox"))}
    assert not {s for s, _ in edges if s.endswith("Handler.none")}


def test_an_update_that_passes_a_reference_links_it_as_a_rebuild_would(make_repo: Callable[..., Path]) -> None:
    root = make_repo(FILES)
    index(root)
    passing = READER.replace("this::onBox", "this::onBox);\n        new Parser().setHandler(this::onPair")
    (root / "src/p/Reader.java").write_text(passing)
    update = index(root)
    assert update.mode == "incremental"
    after_update = dynamic_edges(root)
    assert (HANDLE, "src/p/Reader.java::Reader.onPair") in after_update
    rebuilt = index(root, full=True)
    assert dynamic_edges(root) == after_update and rebuilt.counts == update.counts
    # The interface gains a second method: no longer functional, every link goes, as in a rebuild.
    (root / "src/p/Parser.java").write_text(
        PARSER.replace("void handle(String way);", "void handle(String way);\n        void flush();")
    )
    update = index(root)
    assert not {s for s, _ in dynamic_edges(root) if s == HANDLE}
    rebuilt = index(root, full=True)
    assert rebuilt.counts == update.counts


BUS = """\
package p

fun interface Listener {
    fun fire(x: Int)
}

interface Two {
    fun a(x: Int)
    fun b(x: Int)
}

class Bus {
    var l: Listener? = null
    var t: Two? = null
    fun on(listener: Listener) { l = listener }
    fun onTwo(two: Two) { t = two }
    fun emit() { l?.fire(1) }
}

class App {
    fun start(b: Bus) {
        b.on(::handle)
        b.on(this::handle2)
        b.onTwo(this::handle3)
    }
    fun handle2(x: Int) {}
    fun handle3(x: Int) {}
}

fun handle(x: Int) {}
"""


def test_a_kotlin_callable_reference_passed_as_a_fun_interface_implements_it(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"src/p/Bus.kt": BUS, ".diffreach.toml": "warmup_reviews = 0\n"})
    index(root)
    edges = dynamic_edges(root)
    fire = "src/p/Bus.kt::Listener.fire"
    assert {(fire, "src/p/Bus.kt::handle"), (fire, "src/p/Bus.kt::App.handle2")} <= edges
    assert not {t for _, t in edges if t.endswith("handle3")}  # Two has two methods: no conversion
