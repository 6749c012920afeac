"""Spec: a function made async, or plain, judged by what each call does with its value.

Python (PEP 492): calling a coroutine function makes a coroutine and runs none of its body; the
body runs where the coroutine is awaited (or handed to something that runs it, ``create_task``).
Rust's futures likewise do nothing unless polled. ECMAScript's async function runs its body at
the call up to its first ``await`` and gives a promise: what changed is what the call receives, and
for a call that drops the promise, that the rest of the work ends after it and what the body throws
rejects the dropped promise instead of reaching the caller (AsyncFunctionStart).
Through the whole pipeline: expected and forbidden verdicts and labels per caller."""

from __future__ import annotations

from tests.test_callsites import Make, _label, _radius

_SERVER = """\
class Handler:
    def server_event(self, event):
        self.events.append(event)
"""
_USES = """\
import asyncio

from server import Handler


def plain(h: Handler, ev):
    h.server_event(ev)


async def awaits(h: Handler, ev):
    await h.server_event(ev)


async def hands_on(h: Handler, ev):
    asyncio.create_task(h.server_event(ev))
"""


def test_python_a_method_made_async_no_longer_runs_where_it_is_not_awaited(make_repo: Make) -> None:
    new = _SERVER.replace("    def server_event", "    async def server_event")
    got = _radius(make_repo, {"server.py": _SERVER, "uses.py": _USES}, {"server.py": new})
    assert (got["uses.py::plain"].verdict, _label(got["uses.py::plain"])) == ("not-awaited", "behavior-change")
    assert _label(got["uses.py::hands_on"]) == "behavior-change" and got["uses.py::hands_on"].verdict != "not-awaited"
    # Expected: a call that awaits it (written for the new version) binds as before.
    assert (got["uses.py::awaits"].verdict, _label(got["uses.py::awaits"])) == ("still-binds", "reach")


def test_python_a_coroutine_function_made_plain_breaks_the_calls_that_await_it(make_repo: Make) -> None:
    old = _SERVER.replace("    def server_event", "    async def server_event")
    got = _radius(make_repo, {"server.py": old, "uses.py": _USES}, {"server.py": _SERVER})
    assert (got["uses.py::awaits"].verdict, _label(got["uses.py::awaits"])) == ("awaits-a-value", "behavior-change")


def test_javascript_an_async_function_still_runs_its_body_at_the_call(make_repo: Make) -> None:
    # Forbidden: "its body never runs" where the language runs it at the call; what the call
    # receives (a promise) is the return's change where used (medium); a call that drops it no
    # longer waits for the work nor sees its errors (medium); one that awaits it binds as before.
    old = "export function save(x) {\n  store.push(x);\n  return x;\n}\n"
    new = old.replace("export function save", "export async function save")
    uses = (
        "import { save } from './save.js';\n"
        "export function used(x) {\n  const y = save(x);\n  return y.id;\n}\n"
        "export function dropped(x) {\n  save(x);\n}\n"
        "export async function awaits(x) {\n  await save(x);\n}\n"
        "export function chained(x) {\n  save(x).catch(report);\n}\n"
    )
    got = _radius(make_repo, {"save.js": old, "uses.js": uses}, {"save.js": new})
    assert (got["uses.js::used"].verdict, _label(got["uses.js::used"])) == ("return-used", "behavior-change")
    assert (got["uses.js::dropped"].verdict, _label(got["uses.js::dropped"])) == ("unawaited", "behavior-change")
    assert (got["uses.js::awaits"].verdict, _label(got["uses.js::awaits"])) == ("still-binds", "reach")
    assert got["uses.js::chained"].verdict not in ("unawaited", "not-awaited")  # it handles the promise


def test_rust_a_function_made_async_is_not_polled_by_a_plain_call(make_repo: Make) -> None:
    old = "pub fn flush(n: u32) -> u32 {\n    n\n}\n"
    new = old.replace("pub fn flush", "pub async fn flush")
    uses = "use crate::io::flush;\n\npub fn run() {\n    flush(1);\n}\n"
    files = {"src/lib.rs": "pub mod io;\npub mod run;\n", "src/io.rs": old, "src/run.rs": uses}
    got = _radius(make_repo, files, {"src/io.rs": new})
    assert (got["src/run.rs::run"].verdict, _label(got["src/run.rs::run"])) == ("not-awaited", "behavior-change")


def test_typescript_a_method_made_async_leaves_a_dropping_call_unawaited(make_repo: Make) -> None:
    old = (
        "export class Widget {\n  pasteFiles(raw: string): boolean {\n"
        "    if (!raw) {\n      return false;\n    }\n    return true;\n  }\n}\n"
    )
    new = old.replace("  pasteFiles(raw: string): boolean {", "  async pasteFiles(raw: string): Promise<boolean> {")
    uses = (
        "import { Widget } from './widget';\n"
        "export function paste(w: Widget, text: string): void {\n  w.pasteFiles(text);\n}\n"
        "export async function pasteAndWait(w: Widget, text: string): Promise<void> {\n  await w.pasteFiles(text);\n}\n"
    )
    got = _radius(make_repo, {"widget.ts": old, "uses.ts": uses}, {"widget.ts": new})
    assert (got["uses.ts::paste"].verdict, _label(got["uses.ts::paste"])) == ("unawaited", "behavior-change")
    assert _label(got["uses.ts::pasteAndWait"]) == "reach"
