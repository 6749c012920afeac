#!/usr/bin/env python3
"""How many labels of each hop the HTML view places at the zoom that fits the page.

Usage:
    python bench/viz_labels.py

Two synthetic radii are rendered in headless Chromium (1400×900, as the tests run it): the
300-symbol radius of tests/test_viz.py, and a crowded inner ring (3 changed, 125 direct
callers of which 25 may change behaviour, 60 at hop 2, 54 at hop 3; the shape of a 242-node
radius seen on a web framework). It prints, per hop and outcome, labelled / symbols.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_viz import run_chromium, synthetic_impact, synthetic_source
from tests.test_viz_scale import _crowded_inner_ring

from diffreach.present.html import render_html

NODE = r'<g class="node (\w+)[^"]*" data-id="[^"]*" data-hop="(\d+)".*?<text class="(label[^"]*)"'


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, impact in (("300 symbols", synthetic_impact(300)), ("crowded hop 1", _crowded_inner_ring())):
            page = folder / "radius.html"
            page.write_text(render_html(impact, synthetic_source))
            raw = run_chromium(folder, page, "--dump-dom")
            total: Counter[tuple[int, str]] = Counter()
            shown: Counter[tuple[int, str]] = Counter()
            for m in re.finditer(NODE, raw, re.DOTALL):
                key = (int(m.group(2)), m.group(1))
                total[key] += 1
                shown[key] += "culled" not in m.group(3)
            parts = [f"hop {h} {role}: {shown[(h, role)]}/{n}" for (h, role), n in sorted(total.items())]
            print(f"{name}: " + ", ".join(parts))


if __name__ == "__main__":
    main()
