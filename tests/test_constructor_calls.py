"""Spec: the calls that run a constructor (issue 19).

A subclass that defines no constructor of its own is constructed by its base's. Python's
``Sub(a)`` runs ``type.__call__``, which looks ``__init__`` up on ``Sub`` by the method
resolution order and finds the base's; an ECMAScript class without a ``constructor`` gets the
default derived one, ``constructor(...args) { super(...args) }`` (ECMA-262 15.7.14). So a call
constructing such a subclass is a call of the changed base constructor, judged against its old
and new parameters like ``Base(a)`` is. A subclass that declares its own constructor runs that
one: constructing it is not a call of the base's. Java's constructors are not inherited at all
(JLS 8.8): ``new Sub()`` runs ``Sub``'s own; ``super(…)`` in it runs the superclass's and
``this(…)`` another of its own class's, the one its arguments pick (JLS 8.8.7.1), each a call
judged like any other. Through the whole pipeline: expected and forbidden verdicts and labels per
caller."""

from __future__ import annotations

from diffreach.model import Reached
from tests.test_callsites import Make, _label, _radius

_APP_OLD = """\
class App:
    def __init__(self, driver=None, css_path=None):
        self.driver = driver
        self.css_path = css_path

    def run(self):
        return self.driver
"""
_APP_NEW = _APP_OLD.replace("driver=None, css_path=None", "driver=None, *, css_path=None")
_APPS = """\
from app import App


class Clock(App):
    def compose(self):
        return 1


class Alarm(Clock):
    pass


class Own(App):
    def __init__(self, first, second):
        super().__init__(first)
        self.second = second


def still_binds():
    Clock().run()


def now_refused():
    return Clock(None, "clock.css")


def grandchild_refused():
    return Alarm(None, "alarm.css")


def own_constructor():
    return Own(None, "own.css"), Clock(css_path="x")
"""


def _python() -> tuple[dict[str, str], dict[str, str]]:
    return {"app.py": _APP_OLD, "apps.py": _APPS}, {"app.py": _APP_NEW}


def test_python_a_subclass_built_without_its_own_init_binds_to_the_base_init(make_repo: Make) -> None:
    old, new = _python()
    got = _radius(make_repo, old, new)
    r = got["apps.py::still_binds"]
    assert (r.verdict, _label(r)) == ("still-binds", "reach"), r.reasons
    r = got["apps.py::now_refused"]
    assert _label(r) == "behavior-change" and r.verdict == "no-longer-binds", (r.verdict, r.reasons)


def test_python_a_grandchild_inherits_the_constructor_through_its_parent(make_repo: Make) -> None:
    old, new = _python()
    r = _radius(make_repo, old, new)["apps.py::grandchild_refused"]
    assert r.verdict == "no-longer-binds", (r.verdict, r.reasons)


def test_python_a_subclass_with_its_own_init_is_not_a_call_of_the_base_init(make_repo: Make) -> None:
    # Forbidden: ``Own(None, "own.css")`` judged against ``App.__init__`` (it runs ``Own.__init__``,
    # whose parameters did not change), which would refuse it; the line's ``Clock(css_path=…)`` binds.
    old, new = _python()
    r = _radius(make_repo, old, new)["apps.py::own_constructor"]
    assert (r.verdict, _label(r)) == ("still-binds", "reach"), r.reasons


_BASE_OLD = """\
export class Base {
  constructor(host, port) {
    this.host = host
    this.port = port
  }
}
"""
_BASE_NEW = _BASE_OLD.replace("constructor(host, port)", "constructor(host)").replace("this.port = port", "")
_SUBS = """\
import { Base } from "./base.js"

export class Local extends Base {
  ping() {
    return this.host
  }
}

export function onlyHost() {
  return new Local("localhost").ping()
}

export function withPort() {
  return new Local("localhost", 8080)
}
"""


def test_javascript_a_class_without_a_constructor_is_built_by_its_base_constructor(make_repo: Make) -> None:
    got = _radius(make_repo, {"src/base.js": _BASE_OLD, "src/subs.js": _SUBS}, {"src/base.js": _BASE_NEW})
    r = got["src/subs.js::onlyHost"]
    assert (r.verdict, _label(r)) == ("still-binds", "reach"), r.reasons
    r = got["src/subs.js::withPort"]
    assert _label(r) == "behavior-change", (r.verdict, r.reasons)
    assert any("port" in why for why in r.reasons), r.reasons


_JAVA_BASE_OLD = """\
package p;

public class Base {
    public Base(int size) {
    }
}
"""
_JAVA_BASE_NEW = _JAVA_BASE_OLD.replace("Base(int size)", "Base(int size, int limit)")
_JAVA_SUB = """\
package p;

public class Sub extends Base {
    public Sub(int size) {
        super(size);
    }
}
"""
_JAVA_USE = """\
package p;

public class Use {
    public Sub make() {
        return new Sub(3);
    }
}
"""


def test_java_a_subclass_is_built_by_its_own_constructor_whose_super_call_runs_the_base_one(
    make_repo: Make,
) -> None:
    # Forbidden: ``new Sub(3)`` judged against ``Base(int, int)`` (JLS 8.8: constructors are not
    # inherited); it runs ``Sub(int)``, unchanged. Expected: ``super(size)`` no longer binds.
    files = {"src/p/Base.java": _JAVA_BASE_OLD, "src/p/Sub.java": _JAVA_SUB, "src/p/Use.java": _JAVA_USE}
    got = _radius(make_repo, files, {"src/p/Base.java": _JAVA_BASE_NEW})
    assert "src/p/Use.java::Use.make" not in got, got["src/p/Use.java::Use.make"].reasons
    r = got["src/p/Sub.java::Sub.Sub"]
    assert (r.edge, r.verdict, _label(r)) == ("calls", "no-longer-binds", "behavior-change"), r.reasons
    assert r.call_lines == (5,)


_JAVA_FOO_OLD = """\
package p;

public class Foo {
    public Foo(int size) {
        this(size, 0);
    }

    public Foo(int size, int limit) {
    }
}
"""
_JAVA_FOO_NEW = _JAVA_FOO_OLD.replace("Foo(int size, int limit)", "Foo(int size, int limit, boolean strict)")


def test_java_this_in_a_constructor_is_a_call_of_the_constructor_it_picks(make_repo: Make) -> None:
    # JLS 8.8.7.1: ``this(size, 0)`` runs ``Foo(int, int)``; with a third parameter it no longer binds.
    got = _radius(make_repo, {"src/p/Foo.java": _JAVA_FOO_OLD}, {"src/p/Foo.java": _JAVA_FOO_NEW})
    r = got["src/p/Foo.java::Foo.Foo"]
    assert (r.verdict, _label(r), r.call_lines) == ("no-longer-binds", "behavior-change", (5,)), r.reasons


# -- a dataclass's generated __init__ (PEP 557): its fields, in order, are the parameters ----------

_POINT = """\
from dataclasses import KW_ONLY, dataclass, field
from typing import ClassVar


@dataclass
class Point:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)

    def norm(self):
        return abs(self.x) + abs(self.y)
"""
_POINT_USES = """\
from model import Point


def origin():
    return Point(0)


def both():
    return Point(1, 2)


def named():
    return Point(x=1, y=2)
"""


def _points(make_repo: Make, new_point: str) -> dict[str, Reached]:
    return _radius(make_repo, {"model.py": _POINT, "use.py": _POINT_USES}, {"model.py": new_point})


def test_a_required_field_inserted_is_a_new_parameter_of_the_dataclass(make_repo: Make) -> None:
    got = _points(make_repo, _POINT.replace("    y: int = 0\n", "    z: int\n    y: int = 0\n"))
    assert {i: (r.verdict, _label(r)) for i, r in got.items()} == {
        "use.py::origin": ("no-longer-binds", "behavior-change"),  # z required, not passed
        "use.py::both": ("binds-differently", "behavior-change"),  # 2 now binds z
        "use.py::named": ("no-longer-binds", "behavior-change"),
    }


def test_a_field_appended_with_a_default_leaves_every_call_binding(make_repo: Make) -> None:
    got = _points(make_repo, _POINT.replace("    tags: list", "    z: int = 5\n    tags: list"))
    assert {(r.verdict, _label(r)) for r in got.values()} == {("still-binds", "reach")}


def test_a_keyword_only_marker_refuses_the_positional_call(make_repo: Make) -> None:
    got = _points(make_repo, _POINT.replace("    y: int = 0\n", "    _: KW_ONLY\n    y: int = 0\n"))
    assert (got["use.py::both"].verdict, _label(got["use.py::named"])) == ("no-longer-binds", "reach")
    assert _label(got["use.py::origin"]) == "reach"


def test_a_class_variable_or_a_field_kept_out_of_init_is_no_parameter(make_repo: Make) -> None:
    # Forbidden: a ClassVar or field(init=False) read as a parameter (the calls still bind).
    added = "    total: ClassVar[int] = 0\n    cache: dict = field(init=False, default_factory=dict)\n"
    got = _points(make_repo, _POINT.replace("    y: int = 0\n", "    y: int = 0\n" + added))
    assert {_label(r) for r in got.values()} == {"reach"}, {i: r.reasons for i, r in got.items()}


def test_a_plain_class_or_a_dataclass_with_a_base_is_not_judged_by_its_fields(make_repo: Make) -> None:
    # Forbidden: fields read as parameters where the language generates no __init__ from them
    # (a plain class) or where they are not the whole list (a base's fields come first).
    for header in ("class Point:", "@dataclass\nclass Point(Base):"):
        old = _POINT.replace("@dataclass\nclass Point:", "class Base:\n    pass\n\n\n" + header)
        got = _radius(
            make_repo,
            {"model.py": old, "use.py": _POINT_USES},
            {"model.py": old.replace("    y: int = 0\n", "    z: int\n    y: int = 0\n")},
        )
        assert all(r.verdict == "" for r in got.values()), {i: r.verdict for i, r in got.items()}


_POINT_NAMED = """\
from model import Point


class Holder:
    def __init__(self, point: Point, depth=0):
        self.point = point
        self.depth = depth

    def clone(self):
        return Holder(point=self.point, depth=self.depth)


def deeper(h: Holder):
    return Holder(h.point, h.depth + 1)
"""


def test_a_dataclass_value_passed_on_is_not_a_call_of_its_constructor(make_repo: Make) -> None:
    # ``Holder(point=self.point)`` refers to a Point (the value of a field typed so) and constructs
    # none. Forbidden: the line's one call, ``Holder(…)``, judged against Point's fields.
    got = _radius(
        make_repo,
        {"model.py": _POINT, "use.py": _POINT_USES, "named.py": _POINT_NAMED},
        {"model.py": _POINT.replace("    y: int = 0\n", "    z: int\n    y: int = 0\n")},
    )
    for caller in ("named.py::Holder.clone", "named.py::deeper"):
        assert (got[caller].verdict, _label(got[caller])) == ("named-only", "reach"), got[caller].reasons
    assert _label(got["use.py::origin"]) == "behavior-change"


_PAIR = """\
from typing import NamedTuple


class Pair(NamedTuple):
    left: int
    right: int = 0
"""
_PAIR_USES = """\
from pair import Pair


def two():
    return Pair(1, 2)


def named():
    return Pair(left=1)
"""


def test_a_named_tuple_s_fields_are_its_constructor_s_parameters(make_repo: Make) -> None:
    # typing.NamedTuple: the fields, in order, are the generated __new__'s parameters.
    new = _PAIR.replace("    right: int = 0\n", "    middle: int\n    right: int = 0\n")
    got = _radius(make_repo, {"pair.py": _PAIR, "uses.py": _PAIR_USES}, {"pair.py": new})
    assert (got["uses.py::two"].verdict, got["uses.py::named"].verdict) == ("binds-differently", "no-longer-binds")
