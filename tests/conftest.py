"""Shared fixtures: temporary git repositories and an isolated home."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's home or git configuration."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Test")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "test@example.com")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Test")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "test@example.com")


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def write_files(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[..., Path]:
    """Build a git repository from {path: text}; commit it unless commit=False."""
    counter = {"n": 0}

    def make(files: dict[str, str], commit: bool = True) -> Path:
        counter["n"] += 1
        root = tmp_path / f"repo{counter['n']}"
        root.mkdir()
        git(root, "init", "-q", "-b", "main")
        write_files(root, files)
        if commit:
            git(root, "add", "-A")
            git(root, "commit", "-q", "-m", "initial")
        return root

    return make


def commit_all(root: Path, message: str = "change") -> None:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)


os.environ.setdefault("DIFFREACH_TEST", "1")


def calls_from_f(files: dict[str, str], method: str) -> dict[str, str]:
    """The calls a small repository's function or method ``f`` makes to methods named ``method``:
    each target's id and how it was resolved (the spec tests of the type and value rules)."""
    from diffreach.index.build import graph_from_sources

    return {
        e.target: e.resolution
        for e in graph_from_sources(files).edges
        if e.kind == "calls" and e.source.endswith(("::f", ".f")) and e.target.endswith(f".{method}")
    }
