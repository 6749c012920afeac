"""Spec: Java, Kotlin and Scala share one namespace of packages.

On the JVM a class is named by its package and its name, whatever language declared it: Java
imports a Kotlin class as it imports a Java one (Kotlin's "Calling Kotlin from Java"), Kotlin
imports Java classes, and classes of one package see each other without an import. A Kotlin file's
path need not follow its package (``src/main/kotlin/Services.kt`` may declare ``package a.b``), so
its classes are found by the package it declares. What another package declares under the same
class name stays apart."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources

_SERVICES_KT = """\
package com.acme.ide

class ScriptServices(val name: String) {
    fun complete(code: String, pos: Int): String {
        return code + pos
    }
}
"""
_OTHER_KT = """\
package com.acme.other

class ScriptServices {
    fun complete(code: String, pos: Int): String = code
}
"""
_PROVIDER_JAVA = """\
package com.acme.app;

import com.acme.ide.ScriptServices;

public class Provider {
    private ScriptServices services;

    public String getCompletions(String code) {
        services = new ScriptServices("x");
        return services.complete(code, 1);
    }
}
"""
_HELPER_JAVA = """\
package com.acme.ide;

public class Helper {
    public String run() {
        ScriptServices s = new ScriptServices("y");
        return s.complete("a", 2);
    }
}
"""
_WILDCARD_JAVA = """\
package com.acme.cli;

import com.acme.ide.*;

public class Cli {
    String go(ScriptServices s) {
        return s.complete("b", 3);
    }
}
"""
_USER_KT = """\
package com.acme.use

import com.acme.app.Provider

fun useIt(): String {
    val p = Provider()
    return p.getCompletions("z")
}
"""

_COMPLETE = "src/main/kotlin/Services.kt::ScriptServices.complete"
_OTHER_COMPLETE = "src/main/kotlin/other/Other.kt::ScriptServices.complete"


def _calls() -> set[tuple[str, str]]:
    files = {
        "src/main/kotlin/Services.kt": _SERVICES_KT,
        "src/main/kotlin/other/Other.kt": _OTHER_KT,
        "src/main/java/com/acme/app/Provider.java": _PROVIDER_JAVA,
        "src/main/java/com/acme/ide/Helper.java": _HELPER_JAVA,
        "src/main/java/com/acme/cli/Cli.java": _WILDCARD_JAVA,
        "src/main/kotlin/use/User.kt": _USER_KT,
    }
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_java_imports_a_kotlin_class_by_the_package_its_file_declares() -> None:
    calls = _calls()
    caller = "src/main/java/com/acme/app/Provider.java::Provider.getCompletions"
    assert (caller, _COMPLETE) in calls
    assert (caller, "src/main/kotlin/Services.kt::ScriptServices") in calls  # new ScriptServices(…)
    # Forbidden: the class of that name in another package.
    assert (caller, _OTHER_COMPLETE) not in calls


def test_a_java_wildcard_import_holds_the_kotlin_classes_of_its_package() -> None:
    calls = _calls()
    assert ("src/main/java/com/acme/cli/Cli.java::Cli.go", _COMPLETE) in calls
    assert ("src/main/java/com/acme/cli/Cli.java::Cli.go", _OTHER_COMPLETE) not in calls


def test_a_java_class_sees_the_kotlin_classes_of_its_own_package_without_an_import() -> None:
    calls = _calls()
    assert ("src/main/java/com/acme/ide/Helper.java::Helper.run", _COMPLETE) in calls
    assert ("src/main/java/com/acme/ide/Helper.java::Helper.run", _OTHER_COMPLETE) not in calls


def test_kotlin_imports_a_java_class() -> None:
    calls = _calls()
    user = "src/main/kotlin/use/User.kt::useIt"
    assert (user, "src/main/java/com/acme/app/Provider.java::Provider.getCompletions") in calls


_UTILS_KT = "package com.acme.ide\n\nfun helper(x: Int): Int = x + 1\n\nfun other(): Int = 2\n"
_OTHER_UTILS_KT = "package com.acme.other\n\nfun helper(x: Int): Int = x\n\nfun other(): Int = 3\n"
_FACADE_JAVA = """\
package com.acme.app;

import static com.acme.ide.UtilsKt.helper;
import com.acme.ide.UtilsKt;

public class A {
    int a() { return helper(1); }
    int b() { return UtilsKt.other(); }
}
"""


def test_java_calls_a_kotlin_files_top_level_functions_through_its_file_class() -> None:
    """Kotlin compiles ``Utils.kt``'s top-level functions into static methods of ``UtilsKt``."""
    files = {
        "src/main/kotlin/Utils.kt": _UTILS_KT,
        "src/main/kotlin/other/Utils.kt": _OTHER_UTILS_KT,
        "src/main/java/com/acme/app/A.java": _FACADE_JAVA,
    }
    calls = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}
    a, b = "src/main/java/com/acme/app/A.java::A.a", "src/main/java/com/acme/app/A.java::A.b"
    assert (a, "src/main/kotlin/Utils.kt::helper") in calls
    assert (b, "src/main/kotlin/Utils.kt::other") in calls
    # Forbidden: the file of the same name in another package.
    assert (a, "src/main/kotlin/other/Utils.kt::helper") not in calls
    assert (b, "src/main/kotlin/other/Utils.kt::other") not in calls


_HELPERS_KT = """\
package com.acme.verify

object Helpers {
    fun report(calls: List<String>): String = calls.joinToString()
    fun format(x: Int): String = x.toString()
}
"""
_OTHER_HELPERS_KT = """\
package com.acme.other

object Helpers {
    fun report(calls: List<String>): String = ""
}

fun report(calls: List<String>): String = "top"
"""
_VERIFIER_KT = """\
package com.acme.check

import com.acme.verify.Helpers.report
import com.acme.verify.Helpers

class Verifier {
    fun verify(calls: List<String>): String {
        return run { "failed: " + report(calls) }
    }
    fun show(): String = Helpers.format(1)
}
"""


def test_kotlin_imports_an_objects_member_by_its_path() -> None:
    """Kotlin's ``import a.b.Obj.member`` binds a member of object Obj of package a.b (Kotlin
    spec, "Importing"): a call of the bare name runs that member, not a namesake elsewhere."""
    files = {
        "src/main/kotlin/verify/Helpers.kt": _HELPERS_KT,
        "src/main/kotlin/other/Helpers.kt": _OTHER_HELPERS_KT,
        "src/main/kotlin/check/Verifier.kt": _VERIFIER_KT,
    }
    calls = {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}
    verify = "src/main/kotlin/check/Verifier.kt::Verifier.verify"
    assert (verify, "src/main/kotlin/verify/Helpers.kt::Helpers.report") in calls
    assert (
        "src/main/kotlin/check/Verifier.kt::Verifier.show",
        "src/main/kotlin/verify/Helpers.kt::Helpers.format",
    ) in calls
    # Forbidden: the other package's object member and top-level function of the same name.
    assert (verify, "src/main/kotlin/other/Helpers.kt::Helpers.report") not in calls
    assert (verify, "src/main/kotlin/other/Helpers.kt::report") not in calls
