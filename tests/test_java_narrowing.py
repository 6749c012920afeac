"""A Java receiver whose type a cast, a type pattern or a type variable's bound states (JLS 15.16,
14.30.1, 4.4): ``((T) o).m()``, ``var t = (T) o``, ``o instanceof T t``, ``<V extends T> … V v``
bind ``m`` in T, never in another class with a method of that name (before, the name alone decided:
every class's ``run``)."""

from __future__ import annotations

from diffreach import api

FILES = {
    "p/T.java": 'package p;\npublic class T {\n  public String run() { return "t"; }\n  public String other(int a) { return "t"; }\n}\n',
    "p/U.java": 'package p;\npublic class U {\n  public String run() { return "u"; }\n  public String other(int a) { return "u"; }\n}\n',
    "p/S.java": 'package p;\npublic class S extends T {\n  public String run() { return "s"; }\n}\n',
    "p/M.java": (
        "package p;\npublic class M {\n"
        "  static void pattern(Object o) { if (o instanceof T t && t.run() != null) { } }\n"
        "  static void cast(Object o) { ((T) o).other(1); }\n"
        "  static void generic(Object o) { ((java.util.List<String>) o).size(); }\n"
        "  static void local(Object o) { var t = (T) o; t.run(); }\n"
        "  static void untyped(Object o) { o.run(); }\n"
        "}\n"
    ),
}


def _callees(root, symbol: str) -> tuple[set[str], set[str]]:
    rows = api.callees_of(root, symbol)["callees"]
    return {r["id"] for r in rows if not r["dispatch"]}, {r["id"] for r in rows if r["dispatch"]}


def test_a_cast_or_a_type_pattern_binds_the_call_in_the_stated_type(make_repo) -> None:
    root = make_repo(FILES)
    api.index(root)
    for caller, callee in (("pattern", "p/T.java::T.run"), ("cast", "p/T.java::T.other"), ("local", "p/T.java::T.run")):
        bound, runs = _callees(root, f"p/M.java::M.{caller}")
        assert bound == {callee}, caller
        assert not {i for i in bound | runs if i.startswith("p/U.java")}, caller  # U is no T
    # A subclass's override may run: the object is a T or a subclass of T.
    assert "p/S.java::S.run" in _callees(root, "p/M.java::M.pattern")[1]


def test_a_receiver_of_unknown_type_and_a_cast_to_an_outside_type_bind_nothing_of_ours(make_repo) -> None:
    root = make_repo(FILES)
    api.index(root)
    assert _callees(root, "p/M.java::M.generic") == (set(), set())
    bound, _ = _callees(root, "p/M.java::M.untyped")
    assert "p/T.java::T.run" not in bound or "p/U.java::U.run" in bound  # a name match, never a pick of one


BOUNDED = {
    **FILES,
    "p/G.java": (
        "package p;\nclass G<E extends T> {\n  E held;\n"
        "  void field() { held.run(); }\n"
        "  <V extends T> void method(V v) { v.run(); }\n"
        "  <V extends T> void each(java.util.List<V> vs) { for (V v : vs) v.other(1); }\n"
        "  <V> void unbounded(V v) { v.toString(); }\n}\n"
    ),
}


def test_a_type_variable_is_read_as_its_bound(make_repo) -> None:
    root = make_repo(BOUNDED)
    api.index(root)
    for caller, callee in (("field", "p/T.java::T.run"), ("method", "p/T.java::T.run"), ("each", "p/T.java::T.other")):
        bound, runs = _callees(root, f"p/G.java::G.{caller}")
        assert bound == {callee}, caller
        assert not {i for i in bound | runs if i.startswith("p/U.java")}, caller
    assert _callees(root, "p/G.java::G.unbounded") == (set(), set())


ARRAYS = {
    **FILES,
    "p/A.java": (
        "package p;\nclass A {\n  T[] held;\n"
        "  void param(T[] ts) { ts[0].run(); }\n"
        "  void field() { this.held[1].other(1); }\n"
        "  void local() { T[] ts = new T[2]; ts[1].run(); }\n"
        "  void untyped(Object[] os) { os[0].toString(); }\n}\n"
    ),
}


def test_an_array_element_has_the_arrays_element_type(make_repo) -> None:
    root = make_repo(ARRAYS)
    api.index(root)
    for caller, callee in (("param", "p/T.java::T.run"), ("field", "p/T.java::T.other"), ("local", "p/T.java::T.run")):
        bound, runs = _callees(root, f"p/A.java::A.{caller}")
        assert bound == {callee}, caller
        assert not {i for i in bound | runs if i.startswith("p/U.java")}, caller
    assert _callees(root, "p/A.java::A.untyped") == (set(), set())


LAMBDAS = {
    **FILES,
    "p/L.java": (
        "package p;\nimport java.util.*;\nclass L {\n  private final List<T> held = new ArrayList<>();\n"
        "  void each(List<T> ts) { ts.forEach(t -> t.run()); }\n"
        "  void field() { this.held.removeIf((t) -> t.run() == null); }\n"
        "  void stream() { held.stream().filter(t -> t.other(1) != null).count(); }\n"
        "  void optional(Optional<T> o) { o.ifPresent(t -> t.run()); }\n"
        "  void map(Map<String, T> m) { m.forEach((k, t) -> t.run()); }\n"
        "  void mine(Mine<T> m) { m.forEach(t -> t.run()); }\n}\n"
    ),
}


def test_a_lambda_given_a_jdk_collections_elements_takes_the_element_type(make_repo) -> None:
    root = make_repo(LAMBDAS)
    api.index(root)
    for caller, callee in (
        ("each", "p/T.java::T.run"),
        ("field", "p/T.java::T.run"),
        ("stream", "p/T.java::T.other"),
        ("optional", "p/T.java::T.run"),
    ):
        bound, runs = _callees(root, f"p/L.java::L.{caller}")
        assert bound == {callee}, caller
        assert not {i for i in bound | runs if i.startswith("p/U.java")}, caller
    # A map's forEach passes a key and a value; a class of the repository's own says nothing of
    # what its forEach passes: matched by name, both classes' run.
    for caller in ("map", "mine"):
        bound, _ = _callees(root, f"p/L.java::L.{caller}")
        assert "p/T.java::T.run" not in bound or "p/U.java::U.run" in bound, caller


CHAINS = {
    **FILES,
    "p/Group.java": "package p;\npublic class Group {\n  public Group add(String s) { return this; }\n}\n",
    "p/Other.java": "package p;\npublic class Other {\n  public Other add(String s) { return this; }\n}\n",
    "p/C.java": (
        "package p;\nclass C {\n"
        '  void chain() { new Group().add("x").add("y"); }\n'
        "  Group newGroup() { return null; }\n"
        '  void factory() { newGroup().add("z"); }\n}\n'
    ),
}


def test_a_chain_that_starts_with_a_class_instance_creation_runs_on_that_class(make_repo) -> None:
    root = make_repo(CHAINS)
    api.index(root)
    rows = api.callees_of(root, "p/C.java::C.chain")["callees"]
    assert {r["id"] for r in rows if r["id"].endswith(".add")} == {"p/Group.java::Group.add"}
    assert len([r for r in rows if r["id"] == "p/Group.java::Group.add"]) == 2  # both links
    # A method whose name starts with "new" is no creation expression.
    assert "p/C.java::C.newGroup" in _callees(root, "p/C.java::C.factory")[0]


ENUMS = {
    **FILES,
    "p/Kind.java": ('package p;\npublic enum Kind {\n  ONE, TWO;\n  public String run() { return "kind"; }\n}\n'),
    "p/E.java": "package p;\nclass E {\n  String constant() { return Kind.ONE.run(); }\n}\n",
}


def test_an_enum_constant_is_an_instance_of_its_enum(make_repo) -> None:
    root = make_repo(ENUMS)
    api.index(root)
    bound, _ = _callees(root, "p/E.java::E.constant")
    assert bound == {"p/Kind.java::Kind.run"}  # not T's or U's run
