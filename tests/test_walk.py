"""Which files a plain directory (no git) offers for indexing: .gitignore files by git's rules."""

from __future__ import annotations

from pathlib import Path

from diffreach.config import Config
from diffreach.index.walk import walk
from tests.conftest import write_files


def walked(root: Path) -> list[str]:
    candidates, _ = walk(root, Config(), is_git=False)
    return sorted(c.path for c in candidates)


def test_a_hidden_folder_ignored_at_the_root_is_not_entered(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {".gitignore": ".cache/\n", ".cache/gen.py": "x = 1\n", "cache/kept.py": "y = 2\n", "app.py": "z = 3\n"},
    )
    assert walked(tmp_path) == ["app.py", "cache/kept.py"]


def test_a_negated_pattern_re_includes_a_file(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {".gitignore": "gen_*.py\n!gen_keep.py\n", "gen_a.py": "", "gen_keep.py": "", "app.py": ""},
    )
    assert walked(tmp_path) == ["app.py", "gen_keep.py"]


def test_a_nested_gitignore_is_relative_to_its_folder_and_overrides_the_root(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            ".gitignore": "*.gen.py\n/top.py\n",
            "top.py": "",
            "pkg/top.py": "",
            "pkg/.gitignore": "!keep.gen.py\nlocal/\n",
            "pkg/a.gen.py": "",
            "pkg/keep.gen.py": "",
            "pkg/local/x.py": "",
            "local/y.py": "",
        },
    )
    assert walked(tmp_path) == ["local/y.py", "pkg/keep.gen.py", "pkg/top.py"]
