"""Forward context: the definitions the changed lines use, in the ``uses`` section."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from diffreach import api
from diffreach.model import ImpactResult, Reached
from diffreach.review.context import build_context
from diffreach.review.forward import ForwardUse
from tests.test_context import SOURCES, make_impact

FILLER = "".join(f"export function helper{i}(x: number): number {{\n  return x + {i};\n}}\n\n" for i in range(60))
BEFORE = {
    "src/modes.ts": 'export enum ApprovalMode {\n  Auto = "auto",\n  Manual = "manual",\n}\n',
    "src/types.ts": "export interface TaskFeedback {\n  kind: string;\n  score: number;\n}\n"
    'export type FeedbackKind = "good" | "bad";\n',
    "src/limits.ts": "export const MAX_RETRIES = 3;\n",
    "src/session.ts": "export class EngineSession {\n  private s = 0;\n  public retries: number = 0;\n"
    "  get engineState(): string {\n"
    '    return this.s ? "busy" : "idle";\n  }\n  reset(): void {\n    this.s = 0;\n  }\n}\n',
    "src/other.ts": "export function unrelated(): number {\n  return 1;\n}\n" + FILLER,
    "src/app.ts": 'import { EngineSession } from "./session";\n\n'
    "export function decide(session: EngineSession): boolean {\n  return true;\n}\n",
}
AFTER = (
    'import { EngineSession } from "./session";\nimport { ApprovalMode } from "./modes";\n'
    'import { TaskFeedback, FeedbackKind } from "./types";\nimport { MAX_RETRIES } from "./limits";\n\n'
    "export function decide(session: EngineSession, fb: TaskFeedback, kind: FeedbackKind): ApprovalMode {\n"
    '  if (session.engineState === "busy" && session.retries < MAX_RETRIES && kind === "bad") {\n'
    "    return ApprovalMode.Manual;\n  }\n  return ApprovalMode.Auto;\n}\n"
)


def entries(block: str) -> dict[tuple[str, int], str]:
    """(file, line) → the text listed for it in a ``uses`` block (an owner kept as ``Owner: ``)."""
    out: dict[tuple[str, int], str] = {}
    file, lines = "", block.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("- `"):
            file = line.split("`")[1]
        elif line.startswith("  - "):
            number, _, rest = line[4:].partition(" ")
            if rest.endswith("`"):
                owner, _, text = rest.partition("`")
                out[(file, int(number))] = owner + text[:-1]
            else:
                end = lines.index("```", i + 2)
                out[(file, int(number))] = (rest + " " if rest else "") + "\n".join(lines[i + 2 : end])
    return out


def test_a_change_that_starts_using_definitions_of_other_files_shows_their_lines(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo(BEFORE)
    api.index(root)
    (root / "src/app.ts").write_text(AFTER)
    impact = api.blast_radius(root)
    ctx = api.review_context(root, impact, budget=4000)
    assert ctx.fits and ctx.tokens <= 4000
    uses = next(b.text for b in ctx.blocks if b.title == "uses:forward")
    # The enum, whole with its members (it is short); the interface; the property accessor; the
    # property (a field); the constant with its value; the type alias with its union.
    listed = entries(uses)
    assert uses.startswith("New uses:")
    assert 'Manual = "manual",' in listed[("src/modes.ts", 1)]
    assert "kind: string;" in listed[("src/types.ts", 1)]
    assert listed[("src/session.ts", 4)] == "EngineSession: get engineState(): string {"
    assert listed[("src/session.ts", 3)] == "EngineSession: public retries: number = 0;"
    assert listed[("src/limits.ts", 1)] == "export const MAX_RETRIES = 3;"
    assert listed[("src/types.ts", 5)] == 'export type FeedbackKind = "good" | "bad";'
    # What the change only keeps using (EngineSession) comes after, in a block that gives way sooner.
    more = next(b.text for b in ctx.blocks if b.title == "uses:more")
    assert entries(more)[("src/session.ts", 1)] == "export class EngineSession {"  # kept: its line only
    assert ("src/session.ts", 1) not in listed and "reset(): void" not in ctx.text
    assert [b.title for b in ctx.blocks].index("uses:forward") < [b.title for b in ctx.blocks].index("uses:more")
    # Not listed: definitions the change does not name; members of a class listed whole (the
    # enum's, the interface's); the ``s`` field the change does not use.
    assert "helper1" not in uses and "unrelated" not in uses
    assert len(listed) == 6  # not the enum's members nor the interface's fields on lines of their own
    assert "private s = 0" not in ctx.text


def test_at_a_tight_budget_new_uses_and_flagged_callers_outlast_the_rest() -> None:
    quiet = Reached("app/x.py::quiet", "function", "app/x.py", 1, "app/core.py::parse", "calls", "import", 0.1, 1, 40)
    base = make_impact()
    impact = ImpactResult(
        radius=replace(base.radius, reached=(*base.radius.reached, quiet)),
        diff_text=base.diff_text,
        file_diffs=base.file_diffs,
        index=base.index,
        base=base.base,
        head=base.head,
    )
    sources = {**SOURCES, "app/x.py": "".join(f"def quiet():\n    v{i} = parse({i})\n" for i in range(40))}
    new = ForwardUse("app/modes.py::Mode", "app/modes.py", 1, "class Mode(Enum): A = 1; B = 2", True, False)
    kept = ForwardUse("app/old.py::Thing", "app/old.py", 1, "class Thing: " + "x" * 400, False, False)
    full = build_context(impact, sources.get, budget=None, forward=((new, kept), False))
    ctx = build_context(impact, sources.get, budget=full.tokens - 400, min_detail="full", forward=((new, kept), False))
    assert ctx.fits
    stubbed = {i.split("@")[0] for i in ctx.stubbed}
    assert "app/x.py::quiet" in stubbed and "app/cli.py::main" in stubbed  # unflagged, hop 2
    assert "uses:forward" not in stubbed and "app/core.py::parse" not in stubbed
    assert "class Mode(Enum): A = 1; B = 2" in ctx.text


PY_BEFORE = {
    "app/__init__.py": "",
    "app/modes.py": "from enum import Enum\n\n\nclass Mode(Enum):\n"
    + "".join(f"    M{i} = {i}\n" for i in range(14))
    + "    FAST = 99\n",
    "app/speeds.py": "from enum import Enum\n\n\nclass Speed(Enum):\n    FAST = 1\n    SLOW = 2\n",
    "app/limits.py": "TIMEOUT = 30\n",
    "app/payloads.py": "from typing import TypeAlias\n\nPayload: TypeAlias = dict[str, int]\n",
    "app/session.py": "class Session:\n    def __init__(self):\n        self.retries = 0\n"
    + "".join(f"\n    def step{i}(self):\n        return {i}\n" for i in range(5)),
    "app/a.py": "class A:\n    def __init__(self):\n        self.label = 'a'\n        self.count = 0\n",
    "app/b.py": "class B:\n    def __init__(self):\n        self.label = 'b'\n",
    "app/main.py": "def run():\n    return 1\n",
}
PY_AFTER = (
    "from app.limits import TIMEOUT\nfrom app.modes import Mode\nfrom app.payloads import Payload\n"
    "from app.session import Session\n\nLOCAL_LIMIT = 5\n\n\n"
    "def run(session: Session, thing, data: Payload) -> Mode:\n"
    "    count = LOCAL_LIMIT\n"
    "    if session.retries > TIMEOUT or thing.label or count:\n"
    "        return Mode.FAST\n"
    "    return Mode.M1\n"
)


def test_python_constants_aliases_members_and_attributes_are_found_and_guesses_are_not(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo(PY_BEFORE)
    api.index(root)
    (root / "app/main.py").write_text(PY_AFTER)
    ctx = api.review_context(root, api.blast_radius(root), budget=4000)
    assert ctx.fits
    uses = next(b.text for b in ctx.blocks if b.title == "uses:forward")
    listed = entries(uses)
    assert listed[("app/limits.py", 1)] == "TIMEOUT = 30"
    assert listed[("app/payloads.py", 3)] == "Payload: TypeAlias = dict[str, int]"
    assert listed[("app/session.py", 3)] == "Session: self.retries = 0"
    # A long enum: its line, and the members the change names, each by the enum written before it.
    assert listed[("app/modes.py", 4)] == "class Mode(Enum):"
    assert listed[("app/modes.py", 19)] == "Mode: FAST = 99"
    assert listed[("app/modes.py", 6)] == "Mode: M1 = 1"
    # Never a guess: Speed.FAST is another enum's; ``label`` is a field of two classes; the bare
    # local ``count`` is not A's field; LOCAL_LIMIT is on the diff's own lines.
    every = "\n".join(b.text for b in ctx.blocks if b.section == "uses")
    assert "app/speeds.py" not in every and "app/b.py" not in every and "app/a.py" not in every
    assert listed[("app/session.py", 1)] == "class Session:"
    assert "app/main.py" not in uses and len(listed) == 7
