/* diffreach page script: ring layout by hop, label culling, zoom and pan, the side panel.
 * No dependencies and no network. Every piece of repository text reaches the page through
 * textContent, never innerHTML. */
(function () {
  "use strict";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var SPACING = 18;          // minimum arc length between two nodes of a ring, in world units
  // Hop 1 is required reading: its ring gets room for a label beside most marks at the zoom that
  // fits the page (a label is ~14 px high), even when an outer ring holds fewer, roomier nodes.
  var HOP_SPACING = {1: 36, 2: 24};
  var STAGGER = 3;           // rows a label may step outward from its mark on a crowded ring
  var RING_GAP = 150;        // minimum distance between two rings
  var LABEL_PX = 11;         // label font size on screen, whatever the zoom
  var HOP_NAMES = {0: "changed", 1: "direct callers: required reading", 2: "indirect callers: skim for contract drift",
                   3: "reference only"};

  var data = JSON.parse(document.getElementById("radius-data").textContent);
  var nodes = data.nodes;
  var byId = {};
  nodes.forEach(function (n) { byId[n.id] = n; });
  var view = {scale: 1, tx: 0, ty: 0, selected: null, extent: 100};
  var svg = document.getElementById("graph");
  var viewport = document.getElementById("viewport");

  function svgEl(tag, attrs, parent) {
    var e = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  function h(tag, cls, text, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }

  function short(rev) { return rev ? (rev.charAt(0) === "(" ? rev : rev.slice(0, 12)) : "nothing"; }

  function where(n) { return n.file + (n.start_line ? ":" + n.start_line : ""); }

  function roleOf(n) { return n.hub ? "hub" : n.role; }

  // ----- layout: rings by hop, children facing their parent ---------------------------------------

  function wrap(a) { while (a > Math.PI) a -= 2 * Math.PI; while (a < -Math.PI) a += 2 * Math.PI; return a; }

  function parentAngle(n, depth) {
    var p = byId[n.via];
    if (!p || depth > 8) return null;
    if (p.angle !== undefined && p.angle !== null) return p.angle;
    return parentAngle(p, depth + 1);
  }

  function layoutRing(ring, hop, radius) {
    var count = ring.length;
    ring.forEach(function (n) { n.key = parentAngle(n, 0); });
    ring.sort(function (a, b) {
      var ka = a.key === null ? -10 : wrap(a.key + Math.PI / 2);
      var kb = b.key === null ? -10 : wrap(b.key + Math.PI / 2);
      if (ka !== kb) return ka - kb;
      if (a.via !== b.via) return a.via < b.via ? -1 : 1;
      if (a.file !== b.file) return a.file < b.file ? -1 : 1;
      return a.id < b.id ? -1 : 1;
    });
    var step = 2 * Math.PI / Math.max(count, 1);
    var sin = 0, cos = 0;
    ring.forEach(function (n, i) {
      if (n.key === null) return;
      var d = wrap(n.key - (-Math.PI / 2 + (i + 0.5) * step));
      sin += Math.sin(d); cos += Math.cos(d);
    });
    // Rotate the whole ring so that, on average, children sit in front of their parents.
    var shift = (sin || cos) ? Math.atan2(sin, cos) : 0;
    ring.forEach(function (n, i) {
      n.angle = -Math.PI / 2 + (i + 0.5) * step + shift;
      n.r = radius;
      n.x = count === 1 && hop === 0 ? 0 : Math.cos(n.angle) * radius;
      n.y = count === 1 && hop === 0 ? 0 : Math.sin(n.angle) * radius;
      if (count === 1 && hop === 0) n.angle = null;
    });
  }

  function layout() {
    var rings = {};
    nodes.forEach(function (n) { (rings[n.hop] = rings[n.hop] || []).push(n); });
    var hops = Object.keys(rings).map(Number).sort(function (a, b) { return a - b; });
    var radii = {};
    var previous = 0;
    hops.forEach(function (hop) {
      var ring = rings[hop];
      var needed = ring.length * (HOP_SPACING[hop] || SPACING) / (2 * Math.PI);
      var radius = hop === 0 ? (ring.length <= 1 ? 0 : Math.max(40, needed)) : Math.max(previous + RING_GAP, needed);
      radii[hop] = radius;
      previous = radius;
      layoutRing(ring, hop, radius);
    });
    view.extent = previous + 24;
    return radii;
  }

  // ----- drawing ----------------------------------------------------------------------------------

  // Marks keep their size on screen when zooming in, and shrink with the ring when zooming out
  // so that neighbours never merge.
  function markRadius(n) {
    var px = n.hop === 0 ? 8 : n.hop === 1 ? 6 : 4.5;
    return Math.min(px / view.scale, SPACING * 0.42);
  }

  function drawRings(radii) {
    var group = document.getElementById("rings");
    Object.keys(radii).forEach(function (key) {
      var hop = Number(key), r = radii[key];
      if (hop === 0 && r === 0) return;
      svgEl("circle", {"class": "ring", cx: 0, cy: 0, r: r}, group);
      var label = svgEl("text", {"class": "ring-label", x: 0, y: -r - 8, "data-ring": hop, "data-r": r}, group);
      label.textContent = "hop " + hop + " · " + (HOP_NAMES[hop] || "hidden");
      label.width = label.getComputedTextLength();
    });
  }

  function drawEdges() {
    var group = document.getElementById("edges");
    data.edges.forEach(function (e) {
      var a = byId[e.source], b = byId[e.target];
      if (!a || !b) return;
      var cls = "edge" + (a.role === "behavior" ? " behavior" : "") + (e.ambiguous ? " ambiguous" : "");
      e.el = svgEl("line", {"class": cls, x1: a.x, y1: a.y, x2: b.x, y2: b.y, "data-source": e.source,
                            "data-target": e.target}, group);
    });
  }

  function drawNodes() {
    var group = document.getElementById("nodes");
    // Reach-only first so that behaviour-change and changed marks are drawn on top.
    var order = nodes.slice().sort(function (a, b) { return priority(b) - priority(a); });
    order.forEach(function (n) {
      var cls = "node " + roleOf(n) + (n.hub ? " " + n.role : "") + (n.is_test ? " test" : "");
      var g = svgEl("g", {"class": cls, "data-id": n.id, "data-hop": n.hop, transform: "translate(" + n.x + "," + n.y + ")"}, group);
      var title = svgEl("title", {}, g);
      title.textContent = n.id + "\n" + where(n);
      n.mark = svgEl("circle", {"class": "mark", r: markRadius(n)}, g);
      n.text = svgEl("text", {"class": "label", dy: "0.35em"}, g);
      n.text.textContent = n.label;
      n.el = g;
      g.addEventListener("click", function (ev) { ev.stopPropagation(); select(n.id, true); remember(n.id); });
    });
    order.forEach(function (n) { n.width = n.text.getComputedTextLength() || n.label.length * 6.2; });
  }

  // Lower is more important: gets its label first.
  function priority(n) {
    return (n.hop === 0 ? 0 : 10 + n.hop * 10) + (n.role === "behavior" ? 0 : 5) - (n.hub ? 1 : 0);
  }

  // ----- labels: constant screen size, greedy culling of overlaps -----------------------------------

  function placeLabels() {
    var s = view.scale;
    document.documentElement.style.setProperty("--label-size", (LABEL_PX / s) + "px");
    var cell = 120 / s, grid = {}, shown = 0;
    var frame = svg.getBoundingClientRect();
    // The visible part of the world: a label cut by the edge of the view counts as not placed.
    var seen = [-view.tx / s, -view.ty / s, ((frame.width || 800) - view.tx) / s, ((frame.height || 600) - view.ty) / s];
    function occupy(box) { cells(box, cell).forEach(function (k) { (grid[k] = grid[k] || []).push(box); }); }
    // Marks and ring titles are obstacles: a label may not cover another symbol's mark.
    nodes.forEach(function (n) {
      var m = markRadius(n);
      n.mark.setAttribute("r", m);
      var box = [n.x - m, n.y - m, n.x + m, n.y + m];
      box.owner = n.id;
      occupy(box);
    });
    var titles = document.querySelectorAll(".ring-label");
    for (var t = 0; t < titles.length; t++) {
      var ry = -Number(titles[t].getAttribute("data-r")) - 8 / s, half = (titles[t].width || 150) / s / 2;
      titles[t].setAttribute("y", ry);
      occupy([-half, ry - 10 / s, half, ry + 4 / s]);
    }
    var order = nodes.slice().sort(function (a, b) {
      if (a.id === view.selected) return -1;
      if (b.id === view.selected) return 1;
      return priority(a) - priority(b) || (a.id < b.id ? -1 : 1);
    });
    function isFree(box, owner) {
      if (box[0] < seen[0] || box[1] < seen[1] || box[2] > seen[2] || box[3] > seen[3]) return false;
      var keys = cells(box, cell);
      for (var i = 0; i < keys.length; i++) {
        var list = grid[keys[i]] || [];
        for (var j = 0; j < list.length; j++) if (list[j].owner !== owner && overlap(box, list[j])) return false;
      }
      return true;
    }
    order.forEach(function (n) {
      var gap = markRadius(n) + 3 / s, w = n.width / s, hgt = 14 / s;
      var spots = labelSpots(n, gap, hgt), free = false, spot = spots[0];
      for (var c = 0; c < spots.length && !free; c++) {
        spot = spots[c];
        var x0 = spot.anchor === "start" ? spot.x : spot.anchor === "end" ? spot.x - w : spot.x - w / 2;
        var box = [n.x + x0, n.y + spot.y - hgt / 2, n.x + x0 + w, n.y + spot.y + hgt / 2];
        free = isFree(box, n.id);
      }
      n.text.setAttribute("text-anchor", spot.anchor);
      n.text.setAttribute("x", spot.x);
      n.text.setAttribute("y", spot.y);
      if (free) { occupy(box); shown++; }
      n.text.setAttribute("class", free ? "label" : "label culled");
    });
    document.getElementById("label-status").textContent = shown === nodes.length
      ? nodes.length + " symbols, all labelled"
      : nodes.length + " symbols, " + shown + " labelled (zoom in or hover for the rest)";
  }

  // Where a label may go, best first (positions relative to the mark): beside it, facing
  // away from the centre; then straight outward from the centre, which is what frees the
  // labels at the top and bottom of a crowded ring.
  function labelSpots(n, gap, hgt) {
    if (n.angle === null) {
      return [{anchor: "middle", x: 0, y: gap + hgt / 2}, {anchor: "start", x: gap, y: 0}, {anchor: "end", x: -gap, y: 0}];
    }
    var ux = Math.cos(n.angle), uy = Math.sin(n.angle), side = ux < -0.01 ? "end" : "start";
    var spots = [{anchor: side, x: side === "end" ? -gap : gap, y: 0}];
    // Outward, then staggered further out (a row per step) into the gap before the next ring:
    // neighbours on a crowded ring, whose labels would overlap side by side, take turns by row.
    // Then the same inward, toward the centre: inside a crowded inner ring (hop 1) is mostly
    // empty, so required reading keeps its names where the outer rings leave no room.
    var inward = side === "end" ? "start" : "end", mid = Math.abs(ux) < 0.35;
    [1, -1].forEach(function (dir) {
      if (dir < 0) spots.push({anchor: inward, x: inward === "end" ? -gap : gap, y: 0});
      for (var row = 0; row < STAGGER; row++) {
        var d = dir * (gap + hgt * (0.2 + row)), vy = dir * uy;
        spots.push({anchor: mid ? "middle" : dir > 0 ? side : inward, x: ux * d, y: uy * d + (vy > 0 ? 1 : -1) * hgt / 2});
      }
    });
    return spots;
  }

  function cells(b, size) {
    var out = [];
    for (var x = Math.floor(b[0] / size); x <= Math.floor(b[2] / size); x++)
      for (var y = Math.floor(b[1] / size); y <= Math.floor(b[3] / size); y++) out.push(x + "," + y);
    return out;
  }

  function overlap(a, b) { return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]; }

  // ----- zoom and pan -------------------------------------------------------------------------------

  var pending = 0;
  function apply(relabel) {
    viewport.setAttribute("transform", "translate(" + view.tx + "," + view.ty + ") scale(" + view.scale + ")");
    if (!relabel) return;
    if (pending) cancelAnimationFrame(pending);
    pending = requestAnimationFrame(function () { pending = 0; placeLabels(); });
  }

  function zoomAt(factor, px, py) {
    var s = Math.min(20, Math.max(0.03, view.scale * factor));
    var wx = (px - view.tx) / view.scale, wy = (py - view.ty) / view.scale;
    view.scale = s;
    view.tx = px - wx * s;
    view.ty = py - wy * s;
    apply(true);
  }

  function fit() {
    var box = svg.getBoundingClientRect();
    var w = box.width || 800, hgt = box.height || 600, size = 2 * view.extent;
    // Labels keep their screen size, so leave them a margin in pixels rather than in world units.
    view.scale = Math.max(0.03, Math.min((w - 2 * 150) / size, (hgt - 2 * 24) / size));
    if (nodes.length <= 1) view.scale = Math.min(view.scale, 1.5);
    view.tx = w / 2;
    view.ty = hgt / 2;
    apply(false);
    placeLabels();
  }

  function wireZoom() {
    svg.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var box = svg.getBoundingClientRect();
      zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - box.left, ev.clientY - box.top);
    }, {passive: false});
    var drag = null;
    svg.addEventListener("pointerdown", function (ev) {
      if (ev.target.closest && ev.target.closest(".node")) return;
      drag = {x: ev.clientX, y: ev.clientY, tx: view.tx, ty: view.ty, moved: false};
      svg.classList.add("panning");
    });
    window.addEventListener("pointermove", function (ev) {
      if (!drag) return;
      view.tx = drag.tx + ev.clientX - drag.x;
      view.ty = drag.ty + ev.clientY - drag.y;
      drag.moved = drag.moved || Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 3;
      apply(false);
    });
    window.addEventListener("pointerup", function () {
      if (drag && !drag.moved) { select(null, false); remember(null); }
      else if (drag) placeLabels();
      drag = null;
      svg.classList.remove("panning");
    });
    function centre(factor) { var b = svg.getBoundingClientRect(); zoomAt(factor, b.width / 2, b.height / 2); }
    document.getElementById("zoom-in").addEventListener("click", function () { centre(1.4); });
    document.getElementById("zoom-out").addEventListener("click", function () { centre(1 / 1.4); });
    document.getElementById("zoom-fit").addEventListener("click", fit);
    window.addEventListener("resize", fit);
  }

  // ----- selection and details -----------------------------------------------------------------------

  function select(id, fromGraph) {
    if (view.selected && byId[view.selected]) {
      byId[view.selected].el.classList.remove("selected");
      if (byId[view.selected].item) byId[view.selected].item.classList.remove("selected");
    }
    data.edges.forEach(function (e) { if (e.el) e.el.classList.remove("on"); });
    view.selected = id;
    var details = document.getElementById("details");
    if (!id || !byId[id]) { details.hidden = true; placeLabels(); return; }
    var n = byId[id];
    n.el.classList.add("selected");
    if (n.item) {
      n.item.classList.add("selected");
      if (fromGraph) { var d = n.item.closest("details"); if (d) d.open = true; n.item.scrollIntoView({block: "nearest"}); }
    }
    // Light the path back to the change, and the edges from this symbol's own callers.
    var seen = {}, cur = n;
    while (cur && !seen[cur.id]) {
      seen[cur.id] = true;
      data.edges.forEach(function (e) { if (e.el && e.source === cur.id && e.target === cur.via) e.el.classList.add("on"); });
      cur = byId[cur.via];
    }
    data.edges.forEach(function (e) { if (e.el && e.target === id) e.el.classList.add("on"); });
    showDetails(n);
    placeLabels();
  }

  function showDetails(n) {
    var box = document.getElementById("details");
    box.textContent = "";
    box.hidden = false;
    var head = h("div", "", null, box);
    h("span", "badge " + roleOf(n), n.hub ? "hub, not expanded" : n.role === "behavior" ? "behaviour may change"
      : n.role === "changed" ? "changed" : "reached", head);
    h("span", "", n.kind + " · hop " + n.hop, head);
    h("div", "id", n.id, box);
    h("div", "meta", where(n) + (n.end_line && n.end_line !== n.start_line ? "–" + n.end_line : ""), box);
    if (n.role === "changed") {
      h("div", "meta", "change: " + n.change.join(", "), box);
      if (n.old_signature && n.old_signature !== n.signature) h("div", "meta", "was: " + n.old_signature, box);
    } else {
      h("div", "meta", n.edge + " → " + n.via + " (" + n.resolution + ")", box);
      h("div", "meta", "behaviour score " + n.behavior + (n.call_lines.length ? " · at line " + n.call_lines.join(", ") : ""), box);
    }
    if (n.code) code(n.code, n.call_lines || [], box);
    else h("div", "note-cut", n.role === "changed" && n.change.indexOf("deleted") >= 0
      ? "deleted by this change: no code on the new side" : "code not available", box);
    var diff = n.role === "changed" ? data.diffs[n.file] : null;
    if (diff) {
      h("div", "meta", "diff of " + n.file, box);
      var pre = h("pre", "code", null, box);
      diff.text.split("\n").forEach(function (line) {
        h("span", line.charAt(0) === "+" ? "add" : line.charAt(0) === "-" ? "del" : "", line + "\n", pre);
      });
      if (diff.cut) h("div", "note-cut", "diff cut: " + diff.shown + " of " + diff.total + " lines shown", box);
    }
  }

  function code(c, marks, parent) {
    var pre = h("pre", "code", null, parent);
    c.segments.forEach(function (seg, i) {
      if (i > 0) h("span", "gap", "      ⋮\n", pre);
      seg.lines.forEach(function (line, j) {
        var no = seg.start + j;
        var row = h("span", marks.indexOf(no) >= 0 ? "hit" : "", null, pre);
        h("span", "ln", no, row);
        row.appendChild(document.createTextNode(line));
        pre.appendChild(document.createTextNode("\n"));
      });
    });
    if (c.cut) h("div", "note-cut", "cut: " + c.shown + " of " + c.total + " lines shown (cap " + data.caps.max_lines + ")", parent);
  }

  // ----- panel ---------------------------------------------------------------------------------------

  function summary() {
    var box = document.getElementById("summary");
    var heading = document.getElementById("heading");
    heading.textContent = data.title + " · " + short(data.base) + " → " + short(data.head || "(working tree)");
    h("span", data.index.stale ? "stale" : "fresh", data.index.stale ? "STALE graph" : "graph current", heading);
    document.title = data.title + " — diffreach";
    h("h2", "", data.title, box);
    h("div", "meta", "graph at " + short(data.index.commit) + (data.index.stale ? " (stale: HEAD is " + short(data.index.head) + ")" : "")
      + (data.index.dirty ? ", working tree dirty" : ""), box);
    var counts = h("div", "counts", null, box);
    function row(n, what) { h("b", "", n, counts); h("span", "", what, counts); }
    var byHop = {}, behaviour = 0;
    nodes.forEach(function (n) { byHop[n.hop] = (byHop[n.hop] || 0) + 1; if (n.role === "behavior") behaviour++; });
    row(byHop[0] || 0, "symbols changed");
    Object.keys(byHop).map(Number).filter(function (k) { return k > 0; }).sort(function (a, b) { return a - b; }).forEach(function (k) {
      row(byHop[k], "at hop " + k + " (" + (HOP_NAMES[k] || "hidden") + ")");
    });
    row(behaviour, "callers whose behaviour may change");
    row(data.files.length, "files to read");
    row(data.tests.length, "test files to run");
    if (data.truncated) h("div", "cut", "This radius was cut (caps reached): see the notes.", box);
    if (data.notes.length) {
      var ul = h("ul", "notes", null, box);
      data.notes.forEach(function (t) { h("li", "", t, ul); });
    }
  }

  function lists() {
    var box = document.getElementById("lists");
    var byHop = {};
    nodes.forEach(function (n) { (byHop[n.hop] = byHop[n.hop] || []).push(n); });
    Object.keys(byHop).map(Number).sort(function (a, b) { return a - b; }).forEach(function (hop) {
      var items = byHop[hop].slice().sort(function (a, b) { return priority(a) - priority(b) || (a.id < b.id ? -1 : 1); });
      var det = h("details", "", null, box);
      det.open = hop <= 1 || items.length <= 40;
      var bad = items.filter(function (n) { return n.role === "behavior"; }).length;
      h("summary", "", hop === 0 ? "Changed (" + items.length + ")" : "Hop " + hop + " — " + (HOP_NAMES[hop] || "hidden")
        + " (" + items.length + (bad ? ", " + bad + " may change" : "") + ")", det);
      var ul = h("ul", "", null, det);
      items.forEach(function (n) {
        var li = h("li", "", null, ul);
        li.setAttribute("data-id", n.id);
        h("i", "dot " + roleOf(n), null, li);
        var text = h("div", "text", null, li);
        h("span", "name", n.label, text);
        if (n.hub) h("span", "tag", "hub", text);
        if (n.role === "changed") h("span", "tag", n.change.join(", "), text);
        h("div", "where", where(n), text);
        li.addEventListener("click", function () { select(n.id, false); remember(n.id); });
        n.item = li;
      });
    });
    plain(box, "Tests to run", data.tests, data.test_functions.length + " test functions");
    plain(box, "Hubs whose callers were cut", data.hub_callers.map(function (x) { return x.id + " (" + x.total + " callers)"; }));
    plain(box, "Uses (what the change calls)", data.uses);
  }

  function plain(box, title, items, extra) {
    if (!items.length) return;
    var det = h("details", "plain", null, box);
    det.open = title === "Tests to run";
    h("summary", "", title + " (" + items.length + (extra ? "; " + extra : "") + ")", det);
    var ul = h("ul", "", null, det);
    items.forEach(function (t) { h("li", "", t, ul); });
  }

  function wireFilter() {
    var input = document.getElementById("filter");
    input.addEventListener("input", function () {
      var q = input.value.trim().toLowerCase();
      svg.classList.toggle("dim", q.length > 0);
      nodes.forEach(function (n) {
        var hit = !q || n.id.toLowerCase().indexOf(q) >= 0 || n.file.toLowerCase().indexOf(q) >= 0;
        n.el.classList.toggle("match", hit && q.length > 0);
        if (n.item) n.item.classList.toggle("hidden", !hit);
      });
    });
  }

  var radii = layout();
  drawRings(radii);
  drawEdges();
  drawNodes();
  summary();
  lists();
  wireZoom();
  wireFilter();
  fit();
  // A link may name a symbol to open with: radius.html#path/to/file.py::name. A click puts the
  // symbol in the URL (a history entry), so back and forward walk the symbols opened.
  function hashOf(id) {
    return id ? "#" + encodeURIComponent(id).replace(/%2F/g, "/").replace(/%3A/g, ":") : "";
  }
  function remember(id) {
    if (location.hash === hashOf(id)) return;
    history.pushState(null, "", id ? hashOf(id) : location.pathname + location.search);
  }
  function follow(fromGraph) {
    var wanted = decodeURIComponent(location.hash.slice(1));
    select(wanted && byId[wanted] ? wanted : null, fromGraph);
  }
  window.addEventListener("popstate", function () { follow(true); });
  window.addEventListener("hashchange", function () { if (view.selected !== decodeURIComponent(location.hash.slice(1))) follow(true); });
  if (location.hash) follow(true);
  document.body.setAttribute("data-rendered", String(nodes.length));
})();
