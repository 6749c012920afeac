"""Behaviour judgement through the client's model (MCP sampling).

The blast radius scores each hop-1 caller from its call sites (bound to the old and the new
signature) or by rule from the kind of change; when the client offers sampling, up to
``SAMPLED_CALLERS`` of them are instead scored 0..1 by the client's own model, from the
change's diff, the caller's call sites and the syntax check's outcome, all at
once and each within ``SAMPLE_TIMEOUT``. A client that cannot sample, refuses, fails
or answers with no number leaves the rule's score; the result says which it was.
"""

from __future__ import annotations

import logging
import re
import warnings
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types

from diffreach.model import Change, ImpactResult, Reached

log = logging.getLogger("diffreach.mcp")

SAMPLED_CALLERS = 12  # hop-1 callers scored by the client's model per request; the rest keep the rule
SAMPLE_TIMEOUT = 60.0
SAMPLE_DIFF_CHARS = 4000


def supports_sampling(session: Any) -> bool:
    try:
        return bool(session.check_client_capability(types.ClientCapabilities(sampling=types.SamplingCapability())))
    except Exception:
        return False


def judge_prompt(root: Path, result: ImpactResult, change: Change, caller: Reached) -> str:
    diff = next((fd.text for fd in result.file_diffs if fd.path == change.file), "")[:SAMPLE_DIFF_CHARS]
    try:
        lines = (root / caller.file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        lines = []
    sites = "\n".join(f"{n}: {lines[n - 1]}" for n in caller.lines if 0 < n <= len(lines)) or "(call site not found)"
    return (
        f"A code change touches `{change.id}` ({', '.join(change.changes)}).\n"
        f"Old signature: {change.old_signature or change.signature}\nNew signature: {change.signature}\n"
        f"Diff:\n```\n{diff}\n```\nThe caller `{caller.id}` uses it here:\n```\n{sites}\n```\n"
        f"{_syntax_outcome(caller)}"
        "How likely is it that the caller's behaviour changes because of this change? "
        "Answer with one number between 0 and 1 and nothing else."
    )


def _syntax_outcome(caller: Reached) -> str:
    """The call-site check's outcome, computed first: the model gives a second opinion on it."""
    if not caller.verdict:
        return ""
    return (
        f"A syntax check bound these calls to the old and the new signature: {caller.verdict} "
        f"({caller.severity}): {'; '.join(caller.reasons)}.\n"
    )


def parse_score(text: str) -> float | None:
    m = re.search(r"\d*\.?\d+", text)
    if m is None:
        return None
    value = float(m.group())
    return value if 0.0 <= value <= 1.0 else None


async def sample_one(session: Any, prompt: str) -> float | None:
    with anyio.move_on_after(SAMPLE_TIMEOUT), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # sampling is deprecated in the newest protocol era, not in ours
        try:
            reply = await session.create_message(
                [types.SamplingMessage(role="user", content=types.TextContent(type="text", text=prompt))],
                max_tokens=8,
                temperature=0.0,
            )
        except Exception as exc:
            log.info("sampling failed: %s", exc)
            return None
        content = reply.content if not isinstance(reply.content, list) else reply.content[0]
        return parse_score(getattr(content, "text", "") or "")
    return None


async def sample_scores(session: Any, root: Path, result: ImpactResult) -> tuple[str, dict[tuple[str, str], float]]:
    """Hop-1 callers scored 0..1 by the client's model, when the client can sample."""
    changed = {c.id: c for c in result.radius.changed}
    pairs = [(changed[r.via], r) for r in result.radius.reached if r.hop == 1 and r.via in changed]
    if not pairs:
        return "deterministic (no direct callers to judge)", {}
    if session is None or not supports_sampling(session):
        return "deterministic: the client does not support sampling, so scores come from the change kinds", {}
    chosen = pairs[:SAMPLED_CALLERS]
    scores: dict[tuple[str, str], float] = {}

    async def score(change: Change, caller: Reached) -> None:
        value = await sample_one(session, judge_prompt(root, result, change, caller))
        if value is not None:
            scores[(change.id, caller.id)] = value

    async with anyio.create_task_group() as tg:
        for change, caller in chosen:
            tg.start_soon(score, change, caller)
    rest = len(pairs) - len(chosen)
    return (
        f"sampled: the client's model scored {len(scores)} of {len(pairs)} direct callers"
        + (f" (the first {SAMPLED_CALLERS}; the rest keep the rule's score)" if rest else "")
    ), scores
