"""Reading and extracting many files: worker processes give what one process gives."""

from __future__ import annotations

from pathlib import Path

from diffreach.extract.pool import extract_many, iter_extracts


def _tree(root: Path, files: int = 90) -> list[str]:
    paths = []
    for i in range(files):
        path = f"pkg/m{i:03d}.py"
        # Sizes vary a hundredfold, so batches finish out of step.
        body = "".join(f"def f{i}_{j}(x):\n    return g(x) + {j}\n\n" for j in range(1 + (i % 7) ** 3))
        (root / "pkg").mkdir(exist_ok=True)
        (root / path).write_text(f"from pkg import m000\n\n{body}")
        paths.append(path)
    (root / "pkg/blob.py").write_bytes(b"\0binary")
    return [*paths, "pkg/blob.py", "pkg/gone.py"]


def test_workers_give_what_one_process_gives_in_the_same_order(tmp_path: Path) -> None:
    paths = _tree(tmp_path)
    alone = extract_many(str(tmp_path), paths, workers=1)
    parallel = extract_many(str(tmp_path), paths, workers=2)
    assert parallel == alone
    assert parallel[1] == {"pkg/blob.py": "binary", "pkg/gone.py": "unreadable"}
    ordered = [r[0] if isinstance(r, tuple) else r.path for r in iter_extracts(str(tmp_path), paths, workers=2)]
    assert ordered == paths  # the streamed build's order: as given
