"""Where an override or an implementation must have its base member's parameters (C#, ECMA-334
15.6.5 and 18.6.5; Kotlin's `override`; Rust's trait impls, E0050/E0053; Swift's `override` and
protocol conformance; Scala, SLS 5.1.4), a changed signature of the base member is a change of
every implementation: a caller that calls one through its own type is a caller of the change, at
hop 1. A body change of the base leaves them out; TypeScript lets an implementation take fewer
parameters, so there it does not hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main

WARMUP = {".diffreach.toml": "warmup_reviews = 0\n"}

CASES = {
    "csharp": (
        {
            "ISettings.cs": "public interface ISettings\n{\n    void Report(string message);\n    void Done();\n}\n",
            "Settings.cs": (
                "public sealed class Settings : ISettings\n{\n"
                "    public void Report(string message) { }\n    public void Done() { }\n}\n"
            ),
            "Other.cs": "public class Other\n{\n    public void Report(string message) { }\n}\n",
            "App.cs": (
                "public class App\n{\n    private readonly Settings _settings = new Settings();\n"
                "    private readonly Other _other = new Other();\n"
                '    public void Run() { _settings.Report("x"); }\n'
                '    public void Unrelated() { _other.Report("y"); }\n'
                "    public void Finish() { _settings.Done(); }\n}\n"
            ),
        },
        ("ISettings.cs", "string message", "Exception error"),
        "App.cs::App.",
        ("Run", "Unrelated", "Finish"),
    ),
    "kotlin": (
        {
            "Callback.kt": "interface Callback {\n    fun clientError(message: String)\n    fun done()\n}\n",
            "UiCallback.kt": (
                "class UiCallback : Callback {\n    override fun clientError(message: String) { }\n"
                "    override fun done() { }\n}\n"
            ),
            "Other.kt": "class Other {\n    fun clientError(message: String) { }\n}\n",
            "Handler.kt": (
                "class Handler(private val callback: UiCallback, private val other: Other) {\n"
                '    fun handle() { callback.clientError("x") }\n'
                '    fun unrelated() { other.clientError("y") }\n'
                "    fun finish() { callback.done() }\n}\n"
            ),
        },
        ("Callback.kt", "message: String", "error: Throwable"),
        "Handler.kt::Handler.",
        ("handle", "unrelated", "finish"),
    ),
    "rust": (
        {
            "src/lib.rs": "mod callback;\nmod ui;\nmod other;\nmod handler;\n",
            "src/callback.rs": "pub trait Callback {\n    fn client_error(&self, message: &str);\n    fn done(&self);\n}\n",
            "src/ui.rs": (
                "use crate::callback::Callback;\npub struct UiCallback;\nimpl Callback for UiCallback {\n"
                "    fn client_error(&self, message: &str) {}\n    fn done(&self) {}\n}\n"
            ),
            "src/other.rs": "pub struct Other;\nimpl Other {\n    pub fn client_error(&self, message: &str) {}\n}\n",
            "src/handler.rs": (
                "use crate::callback::Callback;\nuse crate::other::Other;\nuse crate::ui::UiCallback;\n"
                'pub fn handle(cb: &UiCallback) {\n    cb.client_error("x");\n}\n'
                'pub fn unrelated(o: &Other) {\n    o.client_error("y");\n}\n'
                "pub fn finish(cb: &UiCallback) {\n    cb.done();\n}\n"
            ),
        },
        ("src/callback.rs", "message: &str", "error: &Error"),
        "src/handler.rs::",
        ("handle", "unrelated", "finish"),
    ),
    "swift": (
        {
            "Callback.swift": "protocol Callback {\n    func clientError(message: String)\n    func done()\n}\n",
            "UiCallback.swift": (
                "class UiCallback: Callback {\n    func clientError(message: String) { }\n    func done() { }\n}\n"
            ),
            "Other.swift": "class Other {\n    func clientError(message: String) { }\n}\n",
            "Handler.swift": (
                "class Handler {\n    let callback: UiCallback = UiCallback()\n    let other: Other = Other()\n"
                '    func handle() { callback.clientError(message: "x") }\n'
                '    func unrelated() { other.clientError(message: "y") }\n'
                "    func finish() { callback.done() }\n}\n"
            ),
        },
        ("Callback.swift", "message: String", "error: Error"),
        "Handler.swift::Handler.",
        ("handle", "unrelated", "finish"),
    ),
    "scala": (
        {
            "Callback.scala": "trait Callback {\n  def clientError(message: String): Unit\n  def done(): Unit\n}\n",
            "UiCallback.scala": (
                "class UiCallback extends Callback {\n  def clientError(message: String): Unit = { }\n"
                "  def done(): Unit = { }\n}\n"
            ),
            "Other.scala": "class Other {\n  def clientError(message: String): Unit = { }\n}\n",
            "Handler.scala": (
                "class Handler(callback: UiCallback, other: Other) {\n"
                '  def handle(): Unit = { callback.clientError("x") }\n'
                '  def unrelated(): Unit = { other.clientError("y") }\n'
                "  def finish(): Unit = { callback.done() }\n}\n"
            ),
        },
        ("Callback.scala", "message: String", "error: Throwable"),
        "Handler.scala::Handler.",
        ("handle", "unrelated", "finish"),
    ),
}

TYPESCRIPT = {
    **WARMUP,
    "callback.ts": "export interface Callback {\n  clientError(message: string): void;\n}\n",
    "ui.ts": (
        "import { Callback } from './callback';\n"
        "export class UiCallback implements Callback {\n  clientError(message: string): void {}\n}\n"
    ),
    "handler.ts": (
        "import { UiCallback } from './ui';\nexport function handle(cb: UiCallback) {\n  cb.clientError('x');\n}\n"
    ),
}


def _callers(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["impact", "--root", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in json.loads(result.output)["callers"]}


@pytest.mark.parametrize("language", sorted(CASES))
def test_a_changed_base_signature_reaches_the_callers_of_its_implementations(make_repo, language: str) -> None:
    files, (base, old, new), prefix, (through_impl, other_class, unchanged_member) = CASES[language]
    root = make_repo({**WARMUP, **files})
    (root / base).write_text(files[base].replace(old, new))
    callers = _callers(root)
    assert callers[prefix + through_impl]["hop"] == 1
    assert prefix + other_class not in callers  # its class implements nothing of the base
    assert prefix + unchanged_member not in callers  # that member's signature did not change


def test_a_typescript_implementation_may_take_fewer_parameters(make_repo) -> None:
    root = make_repo(TYPESCRIPT)
    (root / "callback.ts").write_text(
        TYPESCRIPT["callback.ts"].replace("message: string", "message: string, code: number")
    )
    assert "handler.ts::handle" not in _callers(root)
