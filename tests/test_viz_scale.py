"""The HTML view at scale: labels go to required reading first, names that repeat say their
file, overloads say so, a click is a place in the browser's history, and ``viz --all-callers``.

The browser tests run the page in headless Chromium (skipped only where none is installed);
the page's own behaviour is driven by a script appended to it, which writes what it saw into
the DOM that ``--dump-dom`` returns once the virtual clock has run.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from diffreach.cli import main
from diffreach.model import ImpactResult, Reached
from diffreach.present.html import page_data, render_html
from tests.test_viz import needs_chromium, run_chromium, small_impact, synthetic_impact, synthetic_source

# ----- labels in the page's data ---------------------------------------------------------------------


def _with_reached(reached: tuple[Reached, ...]) -> ImpactResult:
    impact = small_impact()
    return replace(impact, radius=replace(impact.radius, reached=impact.radius.reached + reached))


def _caller(sid: str, hop: int = 1) -> Reached:
    file = sid.split("::", 1)[0]
    return Reached(sid, "function", file, hop, "app/core.py::parse", "calls", "import", 0.2, 1, 2)


def test_a_name_shared_by_several_files_carries_each_files_short_path() -> None:
    impact = _with_reached(
        (
            _caller("lib/static.js::serveStatic"),
            _caller("lib/router/static.js::serveStatic"),
            _caller("test/static.js::serveStatic"),
            _caller("app/api.py::unique"),
        )
    )
    labels = {n["id"]: n["label"] for n in page_data(impact, lambda p: None)["nodes"]}
    assert labels["lib/static.js::serveStatic"] == "serveStatic · lib/static.js"
    assert labels["lib/router/static.js::serveStatic"] == "serveStatic · router/static.js"
    assert labels["test/static.js::serveStatic"] == "serveStatic · test/static.js"
    assert labels["app/api.py::unique"] == "unique"  # a name said once needs no file
    assert labels["app/api.py::handle"] == "handle"


def test_an_overload_suffix_reads_as_words() -> None:
    impact = _with_reached((_caller("app/api.py::Client.send#12"), _caller("app/api.py::Client.send")))
    labels = {n["id"]: n["label"] for n in page_data(impact, lambda p: None)["nodes"]}
    assert labels["app/api.py::Client.send#12"] == "overload 12 of Client.send"
    assert labels["app/api.py::Client.send"] == "Client.send"


# ----- viz --all-callers ------------------------------------------------------------------------------


def test_viz_all_callers_lists_every_caller_of_a_changed_hub(make_repo: Callable[..., Path], tmp_path: Path) -> None:
    callers = "".join(f"def c{i}():\n    return hub()\n\n" for i in range(25))
    root = make_repo({"lib.py": "def hub():\n    return 1\n", "use.py": "from lib import hub\n\n" + callers})
    (root / "lib.py").write_text("def hub():\n    return 2\n")

    def hop_1(*args: str) -> int:
        out = tmp_path / "radius.html"
        result = CliRunner().invoke(main, ["viz", "--root", str(root), "-o", str(out), "--no-warmup", *args])
        assert result.exit_code == 0, result.output
        data = json.loads(re.search(r'id="radius-data">(.*?)</script>', out.read_text(), re.DOTALL).group(1))  # type: ignore[union-attr]
        return sum(1 for n in data["nodes"] if n["hop"] == 1)

    assert hop_1() == 10  # a hub's callers are sampled, as in impact
    assert hop_1("--all-callers") == 25


# ----- in a real browser ------------------------------------------------------------------------------


def _crowded_inner_ring() -> ImpactResult:
    """242 symbols: 3 changed, 125 direct callers (every fifth one's behaviour may change), then
    60 and 54: a crowded hop-1 ring inside roomier outer ones (before: 40 of 125 labelled)."""
    base = synthetic_impact(300)
    reached: list[Reached] = []
    previous = [c.id for c in base.radius.changed]
    for hop, count in ((1, 125), (2, 60), (3, 54)):
        current = []
        for i in range(count):
            sid = f"src/m{hop}_{i % 7}.js::fn{hop}_{i}"
            behavior = 0.85 if hop == 1 and i % 5 == 0 else 0.2
            via = previous[i % len(previous)]
            reached.append(Reached(sid, "function", sid.split("::")[0], hop, via, "calls", "import", behavior, 3, 12))
            current.append(sid)
        previous = current
    return replace(base, radius=replace(base.radius, reached=tuple(reached)))


@needs_chromium
def test_direct_callers_get_their_labels_first(tmp_path: Path) -> None:
    page = tmp_path / "radius.html"
    page.write_text(render_html(_crowded_inner_ring(), synthetic_source))
    raw = run_chromium(tmp_path, page, "--dump-dom")
    placed: Counter[tuple[int, str, bool]] = Counter()
    node = r'<g class="node (\w+)[^"]*" data-id="[^"]*" data-hop="(\d+)".*?<text class="(label[^"]*)"'
    for m in re.finditer(node, raw, re.DOTALL):
        placed[(int(m.group(2)), m.group(1), "culled" not in m.group(3))] += 1
    hop_1 = placed[(1, "behavior", True)] + placed[(1, "reach", True)]
    assert placed[(1, "behavior", False)] == 0 and placed[(1, "behavior", True)] == 25  # behaviour first
    assert hop_1 >= 0.75 * 125, placed


CLICKS = """
<script>
setTimeout(function () {
  function click(id) {
    document.querySelector('g.node[data-id="' + id + '"]').dispatchEvent(new MouseEvent("click", {bubbles: true}));
  }
  function seen() {
    var s = document.querySelector("g.node.selected");
    return decodeURIComponent(location.hash) + " " + (s ? s.getAttribute("data-id") : "-");
  }
  var log = [];
  click("app/api.py::handle"); log.push(seen());
  click("app/cli.py::main"); log.push(seen());
  history.back();
  setTimeout(function () {
    log.push(seen());
    history.forward();
    setTimeout(function () {
      log.push(seen());
      document.body.setAttribute("data-clicks", JSON.stringify(log));
    }, 300);
  }, 300);
}, 300);
</script>
"""


@needs_chromium
def test_a_click_puts_the_symbol_in_the_url_and_back_and_forward_follow(tmp_path: Path) -> None:
    page = tmp_path / "radius.html"
    page.write_text(render_html(small_impact(), lambda p: None).replace("</body>", CLICKS + "</body>"))
    raw = run_chromium(tmp_path, page, "--virtual-time-budget=5000", "--dump-dom")
    found = re.search(r'data-clicks="([^"]*)"', raw)
    assert found is not None, raw[-2000:]
    log = json.loads(found.group(1).replace("&quot;", '"'))
    assert log == [
        "#app/api.py::handle app/api.py::handle",
        "#app/cli.py::main app/cli.py::main",
        "#app/api.py::handle app/api.py::handle",  # back: the symbol opened before
        "#app/cli.py::main app/cli.py::main",  # forward again
    ]
