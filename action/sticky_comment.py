"""Post the review as one pull-request comment, or update the one this action posted before.

    python sticky_comment.py BODY_FILE   # env: REPO (owner/name), PR (number), GH_TOKEN for `gh`

The action's own comment is the one that starts with the marker AND was written by the token's
own account: a user who quotes the marker in a comment of theirs must not have it overwritten
(the PATCH would fail with 403 and fail the job). The account is `gh api user`'s login, or
`github-actions[bot]` for the workflow's GITHUB_TOKEN (which may not read /user); AUTHOR
overrides both. Standard library and the `gh` CLI only (both on GitHub's runners).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

MARKER = "<!-- diffreach -->"
WORKFLOW_BOT = "github-actions[bot]"  # the author of comments made with the workflow's GITHUB_TOKEN
PAGE = 100  # comments per page (GitHub's maximum)


def gh(*args: str) -> str:
    return subprocess.run(["gh", "api", *args], check=True, capture_output=True, text=True).stdout


def own_login() -> str:
    if os.environ.get("AUTHOR"):
        return os.environ["AUTHOR"]
    try:
        return str(json.loads(gh("user"))["login"])
    except (subprocess.CalledProcessError, ValueError, KeyError):
        return WORKFLOW_BOT  # an installation token may not read /user: it is the workflow's bot


def comments(repo: str, pr: str) -> Iterator[dict[str, Any]]:
    page = 1
    while True:
        batch = json.loads(gh(f"repos/{repo}/issues/{pr}/comments?per_page={PAGE}&page={page}"))
        yield from batch
        if len(batch) < PAGE:
            return
        page += 1


def own_comment(found: Iterator[dict[str, Any]] | list[dict[str, Any]], author: str) -> int | None:
    """The id of the first comment that starts with the marker and that ``author`` wrote."""
    for c in found:
        if (c.get("user") or {}).get("login") == author and (c.get("body") or "").lstrip().startswith(MARKER):
            return int(c["id"])
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: sticky_comment.py BODY_FILE  (env: REPO, PR)", file=sys.stderr)
        return 2
    body, repo, pr = argv[0], os.environ["REPO"], os.environ["PR"]
    found = own_comment(comments(repo, pr), own_login())
    if found is None:
        gh("--method", "POST", f"repos/{repo}/issues/{pr}/comments", "-F", f"body=@{body}")
        print("posted a new comment")
    else:
        gh("--method", "PATCH", f"repos/{repo}/issues/comments/{found}", "-F", f"body=@{body}")
        print(f"updated comment {found}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
