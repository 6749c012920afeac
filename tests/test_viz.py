"""The HTML view: the page's data (bounded code excerpts), a self-contained file, the CLI,
and the page itself rendered in headless Chromium (skipped only where no chromium exists)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from diffreach.cli import main
from diffreach.model import (
    Change,
    FileDiff,
    Hunk,
    ImpactResult,
    IndexState,
    Radius,
    Reached,
)
from diffreach.present.html import page_data, render_html

WORDS = ["parse", "load", "render", "fetch", "commit", "index", "resolve", "walk", "emit", "store", "plan", "merge"]


def synthetic_impact(total: int = 300) -> ImpactResult:
    """3 changed functions and ``total - 3`` callers over three hops, some behaviour-changing, some hubs."""
    changed = tuple(
        Change(
            f"pkg/core.py::{w}",
            "function",
            "pkg/core.py",
            ("signature",) if i == 0 else ("body",),
            1 + 10 * i,
            8 + 10 * i,
            f"def {w}(x):",
        )
        for i, w in enumerate(["parse", "load", "plan"])
    )
    reached: list[Reached] = []
    per_hop = {1: (total - 3) // 5, 2: (total - 3) // 2}
    per_hop[3] = total - 3 - per_hop[1] - per_hop[2]
    previous = [c.id for c in changed]
    for hop in (1, 2, 3):
        current = []
        for i in range(per_hop[hop]):
            via = previous[i % len(previous)]
            name = f"{WORDS[i % len(WORDS)]}_{WORDS[(i * 7 + hop) % len(WORDS)]}_{i}"
            file = f"pkg/mod{hop}_{i % 9}.py"
            sid = f"{file}::{'Handler.' if i % 4 == 0 else ''}{name}"
            behavior = 0.85 if hop == 1 and via.endswith("parse") else 0.2
            reached.append(
                Reached(
                    sid,
                    "method" if i % 4 == 0 else "function",
                    file,
                    hop,
                    via,
                    "calls",
                    "import",
                    behavior,
                    3,
                    12,
                    hub=(hop == 2 and i % 37 == 0),
                    lines=(5,),
                    signature=f"def {name}(a, b):",
                )
            )
            current.append(sid)
        previous = current
    radius = Radius(
        changed=changed,
        reached=tuple(reached),
        uses=("pkg/util.py::helper",),
        tests=("tests/test_core.py::test_parse",),
        test_files=("tests/test_core.py",),
        files=tuple(sorted({r.file for r in reached} | {"pkg/core.py"})),
        truncated=True,
        notes=("callers beyond hop 3 not shown (use --hops to widen)",),
        hops=3,
    )
    return ImpactResult(
        radius, "", (), IndexState("a" * 40, "a" * 40, False, False), base="b" * 40, head="(working tree)"
    )


def synthetic_source(path: str) -> str:
    return "".join(f"# {path} line {n}\n" for n in range(1, 80))


# ----- the page's data -----------------------------------------------------------------------------


def small_impact() -> ImpactResult:
    changed = (
        Change(
            "app/core.py::parse",
            "function",
            "app/core.py",
            ("signature",),
            1,
            3,
            "def parse(text, strict=False):",
            "def parse(text):",
        ),
    )
    reached = (
        Reached(
            "app/api.py::handle",
            "function",
            "app/api.py",
            1,
            "app/core.py::parse",
            "calls",
            "import",
            0.85,
            3,
            103,
            lines=(90,),
            signature="def handle(req):",
        ),
        Reached(
            "app/cli.py::main",
            "function",
            "app/cli.py",
            2,
            "app/api.py::handle",
            "calls",
            "import",
            0.2,
            1,
            4,
            lines=(2,),
            hub=True,
            signature="def main():",
        ),
    )
    radius = Radius(
        changed=changed,
        reached=reached,
        uses=(),
        tests=(),
        test_files=("tests/test_api.py",),
        files=("app/api.py", "app/cli.py", "app/core.py"),
        truncated=False,
        notes=(),
        ambiguous_edges=(("app/cli.py::main", "app/api.py::handle"),),
    )
    diff = FileDiff(
        "app/core.py",
        "app/core.py",
        (Hunk(1, 1, 1, 1, (1,), (1,)),),
        text="--- a/app/core.py\n+++ b/app/core.py\n@@ -1 +1 @@\n-def parse(text):\n+def parse(text, strict=False):\n",
    )
    return ImpactResult(radius, diff.text, (diff,), IndexState("c" * 40, "d" * 40, True, True), base="e" * 40)


SOURCES = {
    "app/core.py": "def parse(text, strict=False):\n    return text.split(',')\n    # end\n",
    "app/api.py": "".join(f"line {n}\n" for n in range(1, 110)),
    "app/cli.py": "def main():\n    handle(x)  # </script><!-- no escape -->\n    return 0\n    # end\n",
}


def test_page_data_marks_roles_hubs_and_ambiguous_edges() -> None:
    data = page_data(small_impact(), SOURCES.get)
    roles = {n["id"]: (n["role"], n.get("hub", False)) for n in data["nodes"]}
    assert roles == {
        "app/core.py::parse": ("changed", False),
        "app/api.py::handle": ("behavior", False),
        "app/cli.py::main": ("reach", True),
    }
    assert data["edges"] == [
        {"source": "app/api.py::handle", "target": "app/core.py::parse", "kind": "calls", "ambiguous": False},
        {"source": "app/cli.py::main", "target": "app/api.py::handle", "kind": "calls", "ambiguous": True},
    ]
    assert data["index"]["stale"] is True
    assert data["diffs"]["app/core.py"]["cut"] is False


def test_code_excerpts_are_capped_keep_the_call_site_and_say_so() -> None:
    data = page_data(small_impact(), SOURCES.get, max_lines=12)
    handle = next(n for n in data["nodes"] if n["id"] == "app/api.py::handle")
    code = handle["code"]
    shown = [seg["start"] + i for seg in code["segments"] for i in range(len(seg["lines"]))]
    assert code["cut"] is True and code["total"] == 101 and code["shown"] == len(shown) == 12
    assert shown[0] == 3 and 90 in shown  # the head of the function and the call site
    assert code["segments"][-1]["lines"][-1] == "line 92"
    whole = next(n for n in data["nodes"] if n["id"] == "app/core.py::parse")["code"]
    assert whole == {
        "segments": [{"start": 1, "lines": SOURCES["app/core.py"].splitlines()}],
        "shown": 3,
        "total": 3,
        "cut": False,
    }


def test_missing_source_gives_no_code_rather_than_failing() -> None:
    data = page_data(small_impact(), lambda path: None)
    assert all(n["code"] is None for n in data["nodes"])


def test_page_is_self_contained_and_data_cannot_break_out_of_its_script() -> None:
    page = render_html(small_impact(), SOURCES.get)
    assert "__DIFFREACH" not in page
    assert not re.search(r"<script[^>]+src=|<link[^>]+href=|@import|url\(", page)
    assert not re.findall(r"https?://(?!www\.w3\.org/2000/svg)", page)  # the SVG namespace is a name, not a fetch
    assert page.count("</script>") == page.count("<script")  # the code line's </script> stayed escaped
    payload = re.search(r'<script type="application/json" id="radius-data">(.*?)</script>', page, re.DOTALL)
    assert payload is not None
    data = json.loads(payload.group(1))
    main_code = next(n for n in data["nodes"] if n["id"] == "app/cli.py::main")["code"]
    assert main_code["segments"][0]["lines"][1] == "    handle(x)  # </script><!-- no escape -->"


# ----- the command ---------------------------------------------------------------------------------


def test_viz_command_writes_one_page(make_repo: Callable[..., Path], tmp_path: Path) -> None:
    root = make_repo(
        {
            "lib.py": "def area(w, h):\n    return w * h\n",
            "app.py": "from lib import area\n\n\ndef main():\n    return area(2, 3)\n",
        }
    )
    (root / "lib.py").write_text("def area(w, h, d):\n    return w * h * d\n")
    out = tmp_path / "radius.html"
    result = CliRunner().invoke(main, ["viz", "--root", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 changed, 1 reached" in result.output
    page = out.read_text()
    data = json.loads(re.search(r'id="radius-data">(.*?)</script>', page, re.DOTALL).group(1))  # type: ignore[union-attr]
    assert [(n["id"], n["role"]) for n in data["nodes"]] == [("lib.py::area", "changed"), ("app.py::main", "behavior")]
    assert data["nodes"][1]["code"]["segments"][0]["lines"][1] == "    return area(2, 3)"
    assert list(tmp_path.glob(".diffreach-*")) == []  # no temporary file left behind


def test_viz_command_refuses_a_missing_folder(make_repo: Callable[..., Path], tmp_path: Path) -> None:
    root = make_repo({"lib.py": "def f():\n    return 1\n"})
    result = CliRunner().invoke(main, ["viz", "--root", str(root), "-o", str(tmp_path / "nope" / "x.html")])
    assert result.exit_code == 2
    assert "does not exist" in result.output


# ----- in a real browser ---------------------------------------------------------------------------


def chromium_binary() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


needs_chromium = pytest.mark.skipif(
    chromium_binary() is None, reason="no chromium binary (Debian: apt-get install chromium)"
)


def run_chromium(tmp_path: Path, page: Path, *mode: str, fragment: str = "") -> str:
    profile = tmp_path / "chromium-profile"
    cmd = [
        chromium_binary() or "chromium",
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1400,900",
        *mode,
        page.as_uri() + fragment,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


class DomSummary(HTMLParser):
    """Counts the graph's nodes and collects their labels, the page's error box and its ready flag."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self.labels: list[tuple[str, bool]] = []  # (text, culled)
        self.list_items = 0
        self.errors = ""
        self.rendered = ""
        self.raw = ""
        self._in: str | None = None
        self._culled = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "body":
            self.rendered = a.get("data-rendered") or ""
        if tag == "g" and "node" in classes:
            self.nodes.append(a.get("data-id") or "")
        if tag == "text" and "label" in classes:
            self._in, self._culled = "label", "culled" in classes
            self.labels.append(("", self._culled))
        if tag == "pre" and a.get("id") == "br-errors":
            self._in = "errors"
        if tag == "li" and a.get("data-id"):
            self.list_items += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("text", "pre"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "label":
            text, culled = self.labels[-1]
            self.labels[-1] = (text + data, culled)
        elif self._in == "errors":
            self.errors += data


def dom_of(tmp_path: Path, page: Path) -> DomSummary:
    summary = DomSummary()
    summary.raw = run_chromium(tmp_path, page, "--dump-dom")
    summary.feed(summary.raw)
    return summary


@needs_chromium
def test_browser_renders_300_nodes_with_labels_and_no_errors(tmp_path: Path) -> None:
    impact = synthetic_impact(300)
    page = tmp_path / "radius.html"
    page.write_text(render_html(impact, synthetic_source, title="synthetic radius"))
    dom = dom_of(tmp_path, page)
    assert dom.errors.strip() == ""
    assert dom.rendered == "300"
    assert len(dom.nodes) == 300 and len(set(dom.nodes)) == 300
    assert dom.list_items == 300
    labels = {text for text, _ in dom.labels}
    assert {"parse", "load", "plan"} <= labels
    assert "Handler.parse_load_0" in labels
    visible = [text for text, culled in dom.labels if not culled]
    # Collision handling hides some labels at this zoom, never the changed symbols.
    assert 30 < len(visible) < 300
    assert {"parse", "load", "plan"} <= set(visible)
    shot = tmp_path / "radius.png"
    run_chromium(tmp_path, page, f"--screenshot={shot}")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000


@needs_chromium
def test_browser_renders_the_cli_page_of_a_real_change(make_repo: Callable[..., Path], tmp_path: Path) -> None:
    root = make_repo(
        {
            "lib.py": "def area(w, h):\n    return w * h\n",
            "app.py": "from lib import area\n\n\ndef main():\n    return area(2, 3)\n\n\n"
            "def report():\n    return main()\n",
            "test_lib.py": "from lib import area\n\n\ndef test_area():\n    assert area(1, 1) == 1\n",
        }
    )
    (root / "lib.py").write_text("def area(w, h, d=1):\n    return w * h * d\n")
    page = tmp_path / "radius.html"
    assert CliRunner().invoke(main, ["viz", "--root", str(root), "-o", str(page)]).exit_code == 0
    dom = dom_of(tmp_path, page)
    assert dom.errors.strip() == ""
    assert sorted(dom.nodes) == ["app.py::main", "app.py::report", "lib.py::area"]
    assert sorted(text for text, culled in dom.labels if not culled) == ["area", "main", "report"]
    # A link can open a symbol: its details show its code, the call line marked.
    linked = run_chromium(tmp_path, page, "--dump-dom", fragment="#app.py::main")
    details = re.search(r'<section id="details"(.*?)</section>', linked, re.DOTALL)
    assert details is not None and not details.group(1).startswith(" hidden")
    assert '<span class="hit"><span class="ln">5</span>    return area(2, 3)</span>' in details.group(1)
    assert 'id="details" hidden' in dom.raw  # nothing selected without a link
