"""Re-derive cached caller-update cases with the current truth rules, same commits and seeds, and
say per case what the new rules removed: the way to compare two truth versions case by case.

    python bench/retruth.py HISTORY OLD.cases-v3-25-1500.json NEW.cases-v4-25-1500.json

HISTORY is the repository's clone; the new file holds every case (a case left with no truth keeps
empty truth and its ``dropped`` reasons; loading skips it). One JSON line per case goes to stdout.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from review_bench import Case, rederive


def main() -> None:
    history, source, target = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    old = [Case(**c) for c in json.loads(source.read_text())]
    new = rederive(history, old)
    for before, after in zip(old, new, strict=True):
        if before.kind != "caller-update":
            continue
        row = {
            "commit": before.commit[:10],
            "files": [len(before.truth_files), len(after.truth_files)],
            "funcs": [len(before.truth_funcs), len(after.truth_funcs)],
            "removed_files": {f: after.dropped.get(f, "") for f in set(before.truth_files) - set(after.truth_files)},
            "removed_funcs": {
                f: after.dropped_funcs.get(f, "") for f in set(before.truth_funcs) - set(after.truth_funcs)
            },
            "added_files": sorted(set(after.truth_files) - set(before.truth_files)),
            "added_funcs": sorted(set(after.truth_funcs) - set(before.truth_funcs)),
        }
        print(json.dumps(row))
    target.write_text(json.dumps([c.__dict__ for c in new]))


if __name__ == "__main__":
    main()
