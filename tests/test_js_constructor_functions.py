"""JavaScript's classes before `class`: constructor functions, their prototypes, and calls through
``Function.prototype.call``/``apply`` (ECMA-262: ``new F()`` makes an object whose prototype is
``F.prototype``; ``f.call(t, …)`` and ``f.apply(t, args)`` run ``f``). A small repository in, the
expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.config import Config
from diffreach.index.build import graph_from_sources
from diffreach.index.indexer import Indexer
from tests.test_incremental import assert_each_step_equals_a_rebuild


def calls(files: dict[str, str]) -> set[tuple[str, str]]:
    g = graph_from_sources(files)
    return {(e.source, e.target) for e in g.edges if e.kind == "calls"}


SHAPES = (
    "export function Shape() { this.init(); }\n"
    "Shape.prototype.init = function () { this.draw(); };\n"
    "Shape.prototype.draw = function () {};\n"
    "Shape.create = function () { return new Shape(); };\n"
    "export function plain() { this.draw(); }\n"
)
OTHER = "export class Canvas {\n  draw() {}\n  init() {}\n}\n"


def test_this_in_a_constructor_function_and_its_prototype_methods_is_its_instance() -> None:
    edges = calls({"shape.js": SHAPES, "canvas.js": OTHER})
    assert ("shape.js::Shape", "shape.js::Shape.init") in edges
    assert ("shape.js::Shape.init", "shape.js::Shape.draw") in edges
    # The type decides: no by-name match to another class's method of the same name.
    assert not {e for e in edges if e[0].startswith("shape.js::Shape") and e[1].startswith("canvas.js::")}
    # A function with no methods of its own is no class: its `this` is unknown, never a Shape.
    assert ("shape.js::plain", "shape.js::Shape.draw") not in edges


def test_new_of_a_constructor_function_types_the_variable() -> None:
    edges = calls(
        {
            "shape.js": SHAPES,
            "canvas.js": OTHER,
            "app.js": (
                "import { Shape, plain } from './shape';\n"
                "export function run() {\n  const s = new Shape();\n  s.draw();\n}\n"
                "export function other() {\n  const p = new plain();\n  p.draw();\n}\n"
            ),
        }
    )
    assert ("app.js::run", "shape.js::Shape.draw") in edges
    assert ("app.js::run", "canvas.js::Canvas.draw") not in edges
    # `new plain()`: a function without methods says nothing of what `p.draw` is.
    assert ("app.js::other", "shape.js::Shape.draw") not in edges


def test_call_and_apply_run_the_function() -> None:
    edges = calls(
        {
            "shape.js": SHAPES,
            "canvas.js": OTHER,
            "app.js": (
                "import { Shape, plain } from './shape';\n"
                "function helper(a) {}\n"
                "export function run(s, args) {\n"
                "  helper.call(null, 1);\n"
                "  plain.apply(s, args);\n"
                "  Shape.prototype.draw.call(s);\n"
                "}\n"
                "export function other(thing) {\n  thing.call(1);\n  thing.init.apply(null);\n}\n"
                "export function direct(thing) {\n  thing.init();\n}\n"
            ),
        }
    )
    assert {
        ("app.js::run", "app.js::helper"),
        ("app.js::run", "shape.js::plain"),
        ("app.js::run", "shape.js::Shape.draw"),
    } <= edges
    # A function the receiver does not name (a parameter, a member of an object of unknown type)
    # is not guessed through `call`/`apply`, though a direct call of it may be matched by name.
    assert not {target for source, target in edges if source == "app.js::other"}
    assert {target for source, target in edges if source == "app.js::direct"} == {"canvas.js::Canvas.init"}


def test_a_python_function_with_nested_functions_is_no_class() -> None:
    edges = calls(
        {
            "a.py": "def Maker():\n    def build():\n        pass\n    return 1\n",
            "b.py": "from a import Maker\n\ndef run():\n    m = Maker()\n    m.build()\n",
        }
    )
    assert ("b.py::run", "a.py::Maker.build") not in edges


def test_a_prototype_object_literal_and_members_made_in_the_constructor_are_methods() -> None:
    # `F.prototype = {m() {}}` gives F's instances m; `this.m = function () {}` in F's body gives
    # each new F an own m. Neither is a top-level function of the file.
    g = graph_from_sources(
        {
            "queue.js": (
                "export function Queue() {\n  this.drain = function () { this.flush(); };\n}\n"
                "Queue.prototype = {\n  flush: function () {},\n  push(x) { this.drain(); },\n};\n"
                "export const exported = { helper: function () {} };\n"
            ),
            "app.js": (
                "import { Queue } from './queue';\n"
                "export function run() {\n  const q = new Queue();\n  q.push(1);\n  q.flush();\n}\n"
                "export function flush() {}\n"
            ),
        }
    )
    kinds = {s.id: s.kind for s in g.symbols}
    assert kinds["queue.js::Queue.flush"] == "method"
    assert kinds["queue.js::Queue.push"] == "method"
    assert kinds["queue.js::Queue.drain"] == "method"
    assert "queue.js::flush" not in kinds and "queue.js::push" not in kinds
    assert kinds["queue.js::exported.helper"] == "method"
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert {
        ("app.js::run", "queue.js::Queue.push"),
        ("app.js::run", "queue.js::Queue.flush"),
        ("queue.js::Queue.push", "queue.js::Queue.drain"),
        ("queue.js::Queue.drain", "queue.js::Queue.flush"),
    } <= edges
    assert ("app.js::run", "app.js::flush") not in edges


def test_an_update_that_makes_a_function_a_constructor_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The first method given to F (in F's file) changes what `new F()` is in another file.
    root = make_repo(
        {
            "shape.js": "export function Shape() {}\n",
            "app.js": "import { Shape } from './shape';\nexport function run() {\n  const s = new Shape();\n  s.draw();\n}\n",
        }
    )
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"shape.js": "export function Shape() {}\nShape.prototype.draw = function () { this.size(); };\n"},
        {"shape.js": "export function Shape() {}\nShape.prototype = { draw() { this.size(); }, size() {} };\n"},
        {"shape.js": "export function Shape() { this.draw = () => 1; }\n"},
        {"shape.js": "function paint() {}\nexport function Shape() {}\nShape.prototype.draw = paint;\n"},
        {
            "shape.js": "function paint() {}\nfunction fill() {}\nexport function Shape() {}\nShape.prototype.draw = fill;\n"
        },
        {"shape.js": "export function Shape() {}\n"},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()


def test_this_in_a_method_given_to_a_plain_object_is_that_object() -> None:
    # `o.m = function () { this.n(); }`: called as `o.m()`, `this` is o (ECMA-262 EvaluateCall
    # passes the member expression's base as this), so `this.n` is the o.n the file gives o.
    edges = calls(
        {
            "app.js": (
                "var app = exports = module.exports = {};\n"
                "app.init = function init() {\n  this.set('x', 1);\n  this.missing();\n};\n"
                "app.set = function set(k, v) {};\n"
            ),
            "res.js": "var res = module.exports = {};\nres.set = function (k, v) {};\nres.missing = function () {};\n",
        }
    )
    assert ("app.js::app.init", "app.js::app.set") in edges
    # The object's own member, not the same name given to another object. (A member the file
    # does not give it may be added elsewhere: `this.missing()` keeps the by-name rule.)
    assert ("app.js::app.init", "res.js::res.set") not in edges


def test_a_subclass_constructor_overrides_nothing_and_a_method_still_does() -> None:
    # ECMA-262: `new Base()` runs Base's constructor only; a subclass's reaches Base's through
    # super(). So no dispatch edge Base.constructor → Sub.constructor; Base.m → Sub.m stays.
    g = graph_from_sources(
        {
            "a.ts": (
                "export class Base {\n  constructor(x: number) {}\n  m() {}\n}\n"
                "export class Sub extends Base {\n  constructor() { super(1); }\n  m() {}\n}\n"
                "export function make() { return new Base(1); }\n"
            ),
        }
    )
    dynamic = {(e.source, e.target) for e in g.edges if e.kind == "dynamic"}
    assert ("a.ts::Base.m", "a.ts::Sub.m") in dynamic
    assert ("a.ts::Base.constructor", "a.ts::Sub.constructor") not in dynamic
    edges = {(e.source, e.target) for e in g.edges if e.kind == "calls"}
    assert ("a.ts::Sub.constructor", "a.ts::Base.constructor") in edges


def test_object_create_makes_an_object_whose_prototype_is_its_argument() -> None:
    # ECMA-262 Object.create(O): a new object whose prototype is O; its members are O's.
    edges = calls(
        {
            "a.js": (
                "const person = {\n  intro: function () {},\n};\n"
                "const robot = {\n  intro: function () {},\n};\n"
                "function Animal() {}\nAnimal.prototype.speak = function () {};\n"
                "function run() {\n  const me = Object.create(person);\n  me.intro();\n"
                "  const d = Object.create(Animal.prototype);\n  d.speak();\n"
                "  const bare = Object.create(null);\n  bare.intro();\n}\n"
            ),
        }
    )
    assert {("a.js::run", "a.js::person.intro"), ("a.js::run", "a.js::Animal.speak")} <= edges
    assert ("a.js::run", "a.js::robot.intro") not in edges
    # `Animal.prototype` passed as a value is an object, not the function Animal: no call of it or
    # reference to it; Dog's prototype inherits from it (below).
    g = graph_from_sources(
        {
            "b.js": "function Animal() {}\nAnimal.prototype.speak = function () {};\n"
            "function Dog() {}\nDog.prototype = Object.create(Animal.prototype);\n"
        }
    )
    assert [(e.source, e.kind) for e in g.edges if e.target == "b.js::Animal" and e.kind != "contains"] == [
        ("b.js::Dog", "inherits")
    ]


def test_a_stated_type_decides_over_the_call_that_gives_the_value() -> None:
    # `const c: Cart = make()`: the checker types c as Cart, whatever make returns.
    edges = calls(
        {
            "a.ts": (
                "export class Cart {\n  total() {}\n}\n"
                "export class Other {\n  total() {}\n}\n"
                "export function make(): Other {\n  return new Other();\n}\n"
                "export function run() {\n  const c: Cart = make() as unknown as Cart;\n  c.total();\n"
                "  const d: Cart = make();\n  d.total();\n}\n"
            ),
        }
    )
    assert ("a.ts::run", "a.ts::Cart.total") in edges
    assert ("a.ts::run", "a.ts::Other.total") not in edges


def test_a_prototype_method_binds_no_name_in_the_constructor_function() -> None:
    # ``Console.prototype.log = function () { log(...) }``: the method is reached through an object
    # only; the bare ``log`` in its body is the module's (here required from common.js).
    edges = calls(
        {
            "common.js": "exports.log = function (level, msg) { return level + msg; };\n",
            "console.js": (
                "var log = require('./common').log;\n"
                "function Console() {}\n"
                "Console.prototype.log = function (level, msg) { return log(level, msg); };\n"
                "Console.prototype.warn = function (msg) { return this.log('warn', msg); };\n"
                "module.exports = Console;\n"
            ),
        }
    )
    assert ("console.js::Console.log", "common.js::log") in edges
    assert ("console.js::Console.log", "console.js::Console.log") not in edges
    assert ("console.js::Console.warn", "console.js::Console.log") in edges


def test_a_function_assigned_to_a_prototype_member_runs_on_an_instance() -> None:
    """``F.prototype.m = g``: ``new F()`` makes an object whose prototype is ``F.prototype``, so
    ``x.m()`` on it runs ``g``, at any scope; ``F.m()`` (the function object's own member) does
    not, nor does ``m`` on another constructor's instance or on a receiver of unknown type."""
    files = {
        "a.js": (
            "function foo() {}\nfunction bar() {}\n\n"
            "function A() {}\nA.prototype.m = foo;\n\n"
            "function B() {}\nB.prototype.m = bar;\n\n"
            "const top = new A();\ntop.m();\n\n"
            "function main(unknown) {\n  const b = new B();\n  b.m();\n  A.m();\n  unknown.m();\n}\n"
        )
    }
    edges = calls(files)
    assert ("a.js", "a.js::foo") in edges
    assert ("a.js::main", "a.js::bar") in edges
    assert ("a.js", "a.js::bar") not in edges
    assert ("a.js::main", "a.js::foo") not in edges  # neither A.m() nor unknown.m() runs foo


ANIMALS = (
    "export function Animal() {}\n"
    "Animal.prototype.speak = function () {};\n"
    "Animal.kind = function () {};\n"
    "function sound() {}\n"
    "export function Plant() {}\n"
    "Plant.prototype = { grow: sound };\n"
    "Plant.prototype.speak = function () {};\n"
)


def test_a_constructor_inherits_what_its_prototype_is_linked_to() -> None:
    """``F.prototype = Object.create(G.prototype)``, ``Object.setPrototypeOf(F.prototype,
    G.prototype)`` and Node's ``util.inherits(F, G)`` make ``G.prototype`` the prototype of
    ``F.prototype`` (ECMA-262; Node's documentation), and ``class C extends G`` takes any
    constructor: an instance of F or C finds G's methods, and a method of F's own comes first.
    The function objects' own members are not inherited, and util.inherits calls neither."""
    edges = calls(
        {
            "animal.js": ANIMALS,
            "dog.js": (
                "import { Animal, Plant } from './animal';\n"
                "const util = require('util');\n"
                "function Dog() {}\nDog.prototype = Object.create(Animal.prototype);\n"
                "function Cat() {}\nObject.setPrototypeOf(Cat.prototype, Animal.prototype);\n"
                "function Fox() {}\nutil.inherits(Fox, Animal);\n"
                "function Fern() {}\nFern.prototype = Object.create(Plant.prototype);\n"
                "Fern.prototype.speak = function () {};\n"
                "class Puppy extends Dog {\n  bark() { this.speak(); }\n}\n"
                "export function run() {\n"
                "  new Dog().speak();\n  const c = new Cat();\n  c.speak();\n"
                "  const f = new Fox();\n  f.speak();\n"
                "  const n = new Fern();\n  n.speak();\n  n.grow();\n"
                "  Dog.kind();\n}\n"
            ),
        }
    )
    for caller in ("dog.js::run", "dog.js::Puppy.bark"):
        assert (caller, "animal.js::Animal.speak") in edges
    # Fern's own speak comes before its base's; grow is the function Plant's prototype object holds.
    assert {("dog.js::run", "dog.js::Fern.speak"), ("dog.js::run", "animal.js::sound")} <= edges
    assert ("dog.js::run", "animal.js::Plant.speak") not in edges
    # A member of the function object Animal is no member of Dog's instances or of Dog.
    assert ("dog.js::run", "animal.js::Animal.kind") not in edges
    # Linking prototypes (at the module's top level) calls neither constructor.
    assert not {e for e in edges if e[0] == "dog.js"}


def test_prototype_inheritance_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "animal.js": ANIMALS,
            "dog.js": (
                "import { Animal } from './animal';\n"
                "function Dog() {}\nDog.prototype = Object.create(Animal.prototype);\n"
                "export function run() {\n  const d = new Dog();\n  d.speak();\n  d.grow();\n}\n"
            ),
        }
    )
    indexer = Indexer(root, Config(workers=1))
    indexer.run(full=True)
    steps = [
        {"animal.js": ANIMALS.replace("Animal.prototype.speak = function () {};\n", "")},
        {
            "dog.js": "import { Plant } from './animal';\nfunction Dog() {}\nObject.setPrototypeOf(Dog.prototype, Plant.prototype);\n"
            "export function run() {\n  const d = new Dog();\n  d.speak();\n  d.grow();\n}\n"
        },
        {"animal.js": ANIMALS.replace("grow: sound", "grow: function () {}")},
        {"dog.js": "function Dog() {}\nexport function run() {\n  const d = new Dog();\n  d.speak();\n}\n"},
    ]
    try:
        assert_each_step_equals_a_rebuild(indexer, root, tmp_path, steps)
    finally:
        indexer.close()
