"""Spec: code that constructs a class depends on the class's own declaration.

Resolution binds ``new C(…)``, ``C(…)`` to the constructor the class declares (``C.C`` in Java,
``constructor`` in TypeScript, ``__init__`` in Python), so a class whose header changed (its bases,
interfaces, type parameters, modifiers) reaches its constructing callers through those
constructors. The call binds to that constructor as before (reach), unless the class became
abstract: then it can be constructed no more (JLS 15.9.1; TypeScript's abstract classes). A class
that declares no constructor is called directly, as before; code that only names the class as a
type constructs nothing."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_PRINTER = """\
package p;

public class Printer {
    private final String style;

    public Printer() {
        this.style = "plain";
    }

    public String print(Object node) {
        return style + node;
    }
}
"""
_USES = """\
package p;

public class Storage {
    String save(Object cu) {
        return new Printer().print(cu);
    }

    String named(Printer printer, Object cu) {
        return printer.toString();
    }
}
"""


def test_a_java_class_gaining_an_interface_reaches_the_code_that_constructs_it(make_repo: Make) -> None:
    new = _PRINTER.replace("public class Printer {", "public class Printer implements Printable {")
    got = _radius(make_repo, {"p/Printer.java": _PRINTER, "p/Storage.java": _USES}, {"p/Printer.java": new})
    save = got["p/Storage.java::Storage.save"]
    assert save.via == "p/Printer.java::Printer"
    assert (save.verdict, _label(save)) == ("still-binds", "reach"), save.reasons
    assert "through its own constructor" in save.reasons[0]
    # Forbidden: a method that only names the class as a parameter's type constructs nothing.
    assert "p/Storage.java::Storage.named" not in got


def test_a_java_class_made_abstract_breaks_each_construction(make_repo: Make) -> None:
    new = _PRINTER.replace("public class Printer {", "public abstract class Printer {")
    got = _radius(make_repo, {"p/Printer.java": _PRINTER, "p/Storage.java": _USES}, {"p/Printer.java": new})
    save = got["p/Storage.java::Storage.save"]
    assert (save.verdict, _label(save)) == ("no-longer-binds", "behavior-change"), save.reasons
    assert "abstract now" in save.reasons[0]


def test_a_typescript_class_gaining_a_base_reaches_its_constructing_calls(make_repo: Make) -> None:
    old = "export class Client {\n  constructor(url: string) {}\n  get(): number { return 1; }\n}\n"
    new = old.replace("export class Client {", "export class Client extends Base {")
    uses = (
        'import { Client } from "./client";\n'
        'export function make(): Client {\n  return new Client("x");\n}\n'
        "export function typed(c: Client): number {\n  return 1;\n}\n"
    )
    got = _radius(make_repo, {"src/client.ts": old, "src/use.ts": uses}, {"src/client.ts": new})
    make = got["src/use.ts::make"]
    assert (make.verdict, _label(make)) == ("still-binds", "reach"), make.reasons
    # Forbidden: the type annotation constructs nothing.
    assert "src/use.ts::typed" not in got or got["src/use.ts::typed"].verdict != "still-binds"


def test_a_python_class_without_its_own_constructor_is_called_as_before(make_repo: Make) -> None:
    """No constructor declared: ``Job(…)`` runs an inherited one, which new bases may change; the
    call is reached through the class as before, and not told it binds as before."""
    old = "class Base:\n    def __init__(self, n):\n        self.n = n\n\n\nclass Job(Base):\n    pass\n"
    new = old.replace("class Job(Base):", "class Job(Base, dict):")
    uses = "from jobs import Job\n\n\ndef run():\n    return Job(1)\n"
    # Another class of that name, with a constructor of its own, and its caller.
    other = "class Job:\n    def __init__(self, n):\n        self.n = n\n"
    elsewhere = "from other.jobs import Job\n\n\ndef make():\n    return Job(2)\n"
    files = {"jobs.py": old, "run.py": uses, "other/__init__.py": "", "other/jobs.py": other, "make.py": elsewhere}
    got = _radius(make_repo, files, {"jobs.py": new})
    run = got["run.py::run"]
    assert run.via == "jobs.py::Job"
    assert run.verdict != "still-binds"
    assert "make.py::make" not in got
