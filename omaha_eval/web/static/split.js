// The Split page: every combo of the hero's range (player 1) against the
// villains (omaha_eval.split_graph): how it ran, the range's means, the hi
// share x lo share picture (every combo, those the filter keeps marked) and
// a sortable table of the combos the filter keeps (with the columns the
// filter and the sort read), with a CSV download of them.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const spot = Spot.setup(form);
  const FIGURES = ["equity", "hi_share", "lo_share", "scoop", "quartered", "makes_low"];
  const isNumber = (x) => typeof x === "number" && Number.isFinite(x);
  const p = OE.params();
  for (const name of ["where", "sort", "top"]) if (p.has(name)) form.querySelector(`#${name}`).value = p.get(name);

  // Every combo at (hi share, lo share), as inline SVG: axes with ticks in
  // percent of the pot, the lines of equal equity (hi + lo) named, a
  // point's area its share of the range (weight x live weight), its shade
  // its scoop; the combos the filter keeps in the accent colour over the
  // others, in grey.  `points` (web/split_work.py): every combo, or, for a
  // large range, the combos of each small cell pooled into one point.
  function picture(points, filtered) {
    const NS = "http://www.w3.org/2000/svg";
    const size = 480, left = 58, right = 16, top = 16, bottom = 48;
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${left + size + right} ${top + size / 2 + bottom}`);
    svg.setAttribute("class", "chart split-map");
    svg.setAttribute("role", "img");
    const title = "Each combo's hi share (across) and lo share (up), in percent of the pot";
    svg.setAttribute("aria-label", title);
    const add = (tag, attrs, text, parent = svg) => {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      parent.append(node);
      return node;
    };
    add("title", {}, title);
    const x = (v) => left + size * v, y = (v) => top + size * (0.5 - v);  // lo share 0 to 1/2
    for (let t = 0; t <= 1.0001; t += 0.1) {  // the hi share's ticks: every 10%
      add("line", { x1: x(t), y1: y(0), x2: x(t), y2: y(0.5), class: "grid" });
      add("text", { x: x(t), y: y(0) + 16, "text-anchor": "middle", class: "tick" }, `${Math.round(100 * t)}%`);
    }
    for (let t = 0; t <= 0.5001; t += 0.1) {  // the lo share's
      add("line", { x1: x(0), y1: y(t), x2: x(1), y2: y(t), class: "grid" });
      add("text", { x: x(0) - 6, y: y(t) + 4, "text-anchor": "end", class: "tick" }, `${Math.round(100 * t)}%`);
    }
    add("rect", { x: x(0), y: y(0.5), width: size, height: size / 2, class: "frame" });
    for (const e of [0.25, 0.5, 0.75, 1]) {  // hi + lo = e, from the lo share's top (or its axis) to the hi share's axis
      const hiTop = Math.max(0, e - 0.5);
      add("line", { x1: x(hiTop), y1: y(e - hiTop), x2: x(e), y2: y(0), class: "diagonal" });
      add("text", { x: x(hiTop) + 4, y: y(e - hiTop) + 12, class: "diagonal-label" }, `equity ${Math.round(100 * e)}%`);
    }
    add("text", { x: x(0.5), y: y(0) + 38, "text-anchor": "middle", class: "axis-label" }, "hi share (% of the pot)");
    add("text", { x: 14, y: y(0.25), "text-anchor": "middle", class: "axis-label", transform: `rotate(-90 14 ${y(0.25)})` }, "lo share (% of the pot)");
    const n = (points.hi_share || []).length;
    const mass = points.mass || [];
    const heaviest = Math.max(...mass.filter(isNumber), 1e-300);
    const kept = points.kept || [];
    const others = add("g", { class: "others" }), chosen = add("g", { class: "kept" });  // the kept ones drawn last, on top
    for (let i = 0; i < n; i++) {
      const hi = points.hi_share[i], lo = points.lo_share[i];
      if (!isNumber(hi) || !isNumber(lo)) continue;
      const scoop = isNumber(points.scoop[i]) ? points.scoop[i] : 0;
      const dot = add("circle", { cx: x(hi), cy: y(lo), r: 1.5 + 4 * Math.sqrt((mass[i] || 0) / heaviest),
        class: kept[i] ? "point kept" : "point other", "fill-opacity": 0.3 + 0.6 * scoop }, undefined, kept[i] ? chosen : others);
      const what = points.pooled ? `${(points.combos || [])[i]} combos` : (points.hand || [])[i];
      add("title", {}, `${what}: hi ${OE.pct(hi)}, lo ${OE.pct(lo)}, scoop ${OE.pct(scoop)}`, dot);
    }
    const count = kept.filter(Boolean).length;
    const what = points.pooled ? `${n.toLocaleString("en")} points (the combos of each 1% square pooled)` : `${n.toLocaleString("en")} combos`;
    const legend = filtered ? `${what}: those the filter keeps in blue (${count.toLocaleString("en")}), the others in grey` : what;
    return OE.el("figure", {}, svg, OE.el("figcaption", { text: `${title}; ${legend}; the bigger the point, the more of the range; the darker, the more it scoops.` }));
  }

  function csv(columns) {
    const names = Object.keys(columns);
    const lines = [names.join(",")];
    for (let i = 0; i < columns.hand.length; i++) lines.push(names.map((n) => (columns[n][i] ?? "")).join(","));
    return `data:text/csv;charset=utf-8,${encodeURIComponent(lines.join("\n") + "\n")}`;
  }

  function render(data) {
    if (data.interrupted) {
      results.replaceChildren(OE.el("p", { class: "note", text: "cancelled" }));
      results.dataset.state = "cancelled";
      return;
    }
    const columns = data.columns || {};
    const hands = columns.hand || [];
    const parts = [];
    const means = data.means || {};
    parts.push(OE.el("p", { text: `${data.hero} against ${(data.villains || []).join(", ")}, board ${data.board || "(none)"}: ${(data.combos || 0).toLocaleString("en")} combos` }));
    if (data.run) parts.push(OE.el("p", { class: "how", text: data.run }));  // method, trials per combo, seed
    parts.push(OE.table(["range", ...FIGURES], [["mean", ...FIGURES.map((f) => (isNumber(means[f]) ? OE.pct(means[f]) : ""))]], "The range's means (weighted: equity() on the spot)"));
    if (data.points) parts.push(picture(data.points, (data.matched ?? hands.length) < (data.combos || 0)));
    const sampled = data.method !== "exact";
    const own = [...FIGURES, ...(sampled ? ["stderr"] : [])];
    const read = (data.read || []).filter((name) => name in columns && name !== "hand" && name !== "weight" && !own.includes(name));
    const header = ["hand", "weight", ...own, ...read];
    const shown = (name, v) => (name === "trials" ? [Number(v).toLocaleString("en"), v]
      : name === "live_weight" ? [String(+Number(v).toPrecision(6)), v] : [OE.pct(v), v]);
    const rows = hands.map((hand, i) => [[hand, hand], [String(+columns.weight[i].toPrecision(6)), columns.weight[i]],
      ...[...own, ...read].map((f) => shown(f, columns[f][i]))]);
    const n = (x) => (x ?? 0).toLocaleString("en");
    const matched = data.matched ?? hands.length;
    const kept = !matched ? `no combo of ${n(data.combos)} passes the filter`
      : matched < (data.combos ?? matched) ? `the ${n(matched)} combos the filter keeps of ${n(data.combos)}` : `the ${n(matched)} combos`;
    const caption = `${hands.length < matched ? `The first ${n(hands.length)} of ${kept}` : `${kept[0].toUpperCase()}${kept.slice(1)}`}; click a heading to sort`;
    parts.push(OE.sortableTable(header, rows, caption, null, true));
    if (hands.length) {
      const link = OE.el("a", { href: csv(columns), download: "split.csv", text: "Download these combos (CSV)" });
      parts.push(OE.el("p", {}, link));
    }
    results.replaceChildren(...parts);
    results.dataset.state = "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    if (spot.missing()) { c.status(""); return null; }
    const options = OE.runOptions(form);
    const text = (id) => form.querySelector(id).value.trim();
    const top = text("#top");
    const chosen = { where: text("#where"), sort: text("#sort"), top: top === "" ? null : (Number.isInteger(Number(top)) ? Number(top) : top) };
    OE.setLink({ ...spot.link(), ...options.link, where: chosen.where, sort: chosen.sort, top });
    results.dataset.state = "running";
    return OE.runJob("split", { ...spot.body(), ...options.body, ...chosen }, {
      progress(job) {
        const q = job.progress || {};
        c.progress(q.done || 0, q.total || 0, q.done ? `${q.done.toLocaleString("en")} combos done` : "running...");
      },
      done(job) { render(job.result); c.status(""); c.finish(); },
      cancelled() { render({ interrupted: true }); c.status("cancelled"); c.finish(); },
      error(error) { OE.showError(form, error); results.dataset.state = "error"; c.status(""); c.finish(); },
    });
  });

  if (spot.given) controls.go();
})();
