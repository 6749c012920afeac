"""Python calls by the language's own rules (issue 18, Python part; the language reference's
"Naming and binding", "The import statement", "Function definitions").

Each test: a small repository in, the expected and the forbidden call edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources


def _calls(files: dict[str, str]) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph_from_sources(files).edges if e.kind == "calls"}


def test_an_import_inside_a_function_binds_the_name_there_not_the_modules_definition() -> None:
    # An import statement binds in the local namespace of the function that runs it: inside
    # ``serve`` the name is the other module's function, though this module defines one too.
    files = {
        "pkg/__init__.py": "",
        "pkg/reload.py": "def run_with_reloader(main):\n    main()\n",
        "pkg/serving.py": (
            "def serve(app):\n"
            "    from .reload import run_with_reloader\n"
            "    run_with_reloader(app)\n\n"
            "def other():\n"
            "    run_with_reloader(None)\n\n"
            "def run_with_reloader(*args):\n"
            "    from .reload import run_with_reloader\n"
            "    return run_with_reloader(*args)\n"
        ),
    }
    calls = _calls(files)
    assert ("pkg/serving.py::serve", "pkg/reload.py::run_with_reloader") in calls
    assert ("pkg/serving.py::serve", "pkg/serving.py::run_with_reloader") not in calls
    # The wrapper calls the import, not itself.
    assert ("pkg/serving.py::run_with_reloader", "pkg/reload.py::run_with_reloader") in calls
    assert ("pkg/serving.py::run_with_reloader", "pkg/serving.py::run_with_reloader") not in calls
    # Another function's import binds nothing here: the module's own definition is called.
    assert ("pkg/serving.py::other", "pkg/serving.py::run_with_reloader") in calls
    assert ("pkg/serving.py::other", "pkg/reload.py::run_with_reloader") not in calls


def test_a_module_imported_inside_a_function_is_the_receiver_of_its_calls() -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/tools.py": "def build():\n    pass\n",
        "pkg/main.py": (
            "class tools:\n    @staticmethod\n    def build():\n        pass\n\n"
            "def run():\n    from . import tools\n    tools.build()\n\n"
            "def nested():\n    def inner():\n        from . import tools\n    tools.build()\n"
        ),
    }
    calls = _calls(files)
    assert ("pkg/main.py::run", "pkg/tools.py::build") in calls
    assert ("pkg/main.py::run", "pkg/main.py::tools.build") not in calls
    # An import in a nested function binds in that function only, not in the one around it.
    assert ("pkg/main.py::nested", "pkg/main.py::tools.build") in calls
    assert ("pkg/main.py::nested", "pkg/tools.py::build") not in calls
