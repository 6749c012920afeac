"""The GitHub Action's outputs for gating a workflow, read from `diffreach review --json-file`.

    python outputs.py REVIEW_JSON   # appends name=value lines to $GITHUB_OUTPUT (stdout without it)

Standard library only: it runs beside diffreach, not inside it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


def gating_outputs(review: dict[str, Any]) -> dict[str, str]:
    """The review's figures a later step can test (`if: steps.radius.outputs.behaviour-changes != '0'`)."""
    callers = review.get("callers", [])
    files = review.get("files_by_hop", {})
    fits = review.get("fits")
    return {
        "behaviour-changes": str(sum(1 for c in callers if c.get("label") == "behavior-change")),
        "callers": str(len(callers)),
        "files-reached": str(sum(n for hop, n in files.items() if hop != "0")),
        "tests": str(len(review.get("tests", []))),
        # Empty when no review context was built: nothing to fit.
        "fits": "" if fits is None else str(bool(fits)).lower(),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: outputs.py REVIEW_JSON", file=sys.stderr)
        return 2
    lines = [f"{k}={v}\n" for k, v in gating_outputs(json.loads(Path(argv[0]).read_text())).items()]
    target = os.environ.get("GITHUB_OUTPUT")
    if target:
        with open(target, "a", encoding="utf-8") as out:
            out.writelines(lines)
    else:
        sys.stdout.writelines(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
