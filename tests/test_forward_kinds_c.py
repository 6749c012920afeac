"""Forward context in C and C++: the definition line of an enumerator, a macro constant, a typedef
and a struct field a change starts using, through the header it includes; never the same names of
a header it does not include. And a function defined twice under preprocessor conditions is one
function: the new call lists its definition line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.test_forward_kinds import listed, uses_after

ENGINE_FIELDS = "".join(f"    int slot{i};\n" for i in range(12))
C_HEADER = (
    "#ifndef KINDS_H\n#define KINDS_H\n\n"  # 1-3
    "enum mode {\n    MODE_SLOW,\n    MODE_FAST,\n"  # 4-6
    + "".join(f"    MODE_{i},\n" for i in range(12))  # 7-18
    + "};\n\n"  # 19-20
    "#define MAX_RETRIES 5\n"  # 21
    "#define retry_now retry_now_impl\n\n"  # 22-23: a rename, no constant
    "typedef unsigned int retry_count;\n\n"  # 24-25
    "struct engine {\n    int retries;\n" + ENGINE_FIELDS + "};\n\n"  # 26-41
    "int engine_start(struct engine *e);\n\n"  # 42-43: a prototype, no declaration
    "#endif\n"
)
C = {
    "include/kinds.h": C_HEADER,
    "include/engine.c": '#include "kinds.h"\n\nint engine_start(struct engine *e)\n{\n    return e->retries;\n}\n',
    "legacy/kinds.h": "enum mode { MODE_FAST };\n#define MAX_RETRIES 9\ntypedef int retry_count;\n"
    "struct engine { int retries; };\n",
    "src/run.c": '#include "kinds.h"\n\nint run(struct engine *e)\n{\n    return 0;\n}\n',
    "src/other.c": "#define BUFFER_SIZE 64\n\nint other(void)\n{\n    return BUFFER_SIZE;\n}\n",
}


def test_c_enumerator_macro_typedef_and_field_through_an_include(make_repo: Callable[..., Path]) -> None:
    after = (
        '#include "kinds.h"\n\nint run(struct engine *e)\n{\n    retry_count n = MAX_RETRIES;\n'
        "    if (e->retries > n)\n        return MODE_FAST;\n    return engine_start(e) + BUFFER_SIZE;\n}\n"
    )
    uses = uses_after(make_repo, C, {"src/run.c": after})
    found = listed(uses)
    assert found[("include/kinds.h", 6)] == "mode: MODE_FAST,"  # an enumerator is named bare (C11 6.2.1)
    assert found[("include/kinds.h", 21)] == "#define MAX_RETRIES 5"
    assert found[("include/kinds.h", 24)] == "typedef unsigned int retry_count;"
    assert found[("include/kinds.h", 27)] == "engine: int retries;"
    # The function's definition, not its prototype (no declaration: it would make two).
    assert found[("include/engine.c", 3)] == "int engine_start(struct engine *e)"
    assert ("include/kinds.h", 42) not in found
    assert "legacy/kinds.h" not in uses
    # A macro of another source file: no file includes a .c file, so run.c's BUFFER_SIZE is another's.
    assert "src/other.c" not in uses


HID = {
    "include/hid.h": "typedef struct hid_device hid_device;\n"
    "extern DECLSPEC int SDLCALL hid_get_feature_report(hid_device *dev, unsigned char *data, int length);\n",
    "src/hid/hid.c": '#include "hid.h"\n\n#ifndef HID_DISABLED\nstruct hid_device {\n    int magic;\n};\n\n'
    "int hid_get_feature_report(hid_device *dev, unsigned char *data, int length)\n{\n    return dev->magic;\n}\n"
    "#else\nint hid_get_feature_report(hid_device *dev, unsigned char *data, int length)\n{\n    return -1;\n}\n"
    "#endif\n",
    "src/joystick/pad.c": '#include "hid.h"\n\nstatic int pad_open(void)\n{\n    return 0;\n}\n',
}


def test_c_a_function_defined_under_each_branch_of_an_ifdef_is_one_function(make_repo: Callable[..., Path]) -> None:
    after = HID["src/joystick/pad.c"] + (
        "\nstatic int pad_read(hid_device *dev, unsigned char *buf)\n{\n"
        "    return hid_get_feature_report(dev, buf, 64);\n}\n"
    )
    uses = uses_after(make_repo, HID, {"src/joystick/pad.c": after})
    assert uses.startswith("New uses:")
    new = uses.split("\nAlso used:")[0]
    assert "8 `int hid_get_feature_report(hid_device *dev, unsigned char *data, int length)`" in new
    assert "13 `" not in uses  # the stub of the other branch: the same function, listed once


CPP = {
    "include/kinds.hpp": "#pragma once\n\nnamespace kinds {\n\n"  # 1-4
    "enum class Mode {\n    Slow,\n    Fast,\n" + "".join(f"    M{i},\n" for i in range(12)) + "};\n\n"  # 5-21
    "constexpr int kMaxRetries = 5;\n\n"  # 22-23
    "using RetryCount = unsigned int;\n\n"  # 24-25
    "class Engine {\npublic:\n    int retries = 0;\n    static const int kLimit = 3;\n    int start();\n"  # 26-30
     + "".join(f"    int step{i}() {{ return {i}; }}\n" for i in range(10)) + "};\n\n}  // namespace kinds\n",
    "legacy/kinds.hpp": "enum class Mode { Fast };\nconstexpr int kMaxRetries = 9;\nusing RetryCount = int;\n"
    "class Engine {\npublic:\n    int retries;\n};\n",
    "src/run.cpp": '#include "kinds.hpp"\n\nint run(kinds::Engine& e) {\n    return 0;\n}\n',
}


def test_cpp_scoped_enumerator_constexpr_using_alias_and_member_fields(make_repo: Callable[..., Path]) -> None:
    after = (
        '#include "kinds.hpp"\n\nint run(kinds::Engine& e) {\n    kinds::RetryCount n = kinds::kMaxRetries;\n'
        "    if (e.retries > n || n > kinds::Engine::kLimit) {\n        return static_cast<int>(kinds::Mode::Fast);\n"
        "    }\n    return 0;\n}\n"
    )
    uses = uses_after(make_repo, CPP, {"src/run.cpp": after})
    found = listed(uses)
    assert found[("include/kinds.hpp", 7)] == "Mode: Fast,"
    assert found[("include/kinds.hpp", 22)] == "constexpr int kMaxRetries = 5;"
    assert found[("include/kinds.hpp", 24)] == "using RetryCount = unsigned int;"
    assert found[("include/kinds.hpp", 28)] == "Engine: int retries = 0;"
    assert found[("include/kinds.hpp", 29)] == "Engine: static const int kLimit = 3;"
    assert ("include/kinds.hpp", 30) not in found  # a member function's declaration is no field
    assert "legacy/kinds.hpp" not in uses
