// The Split page: every combo of the hero's range (player 1) against the
// villains (omaha_eval.split_graph): the range's means, the hi share x lo
// share picture (a point per combo) and a sortable table of the combos the
// filter keeps, with a CSV download of them.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const spot = Spot.setup(form);
  const FIGURES = ["equity", "hi_share", "lo_share", "scoop", "quartered", "makes_low"];
  const isNumber = (x) => typeof x === "number" && Number.isFinite(x);
  const p = OE.params();
  for (const name of ["where", "sort", "top"]) if (p.has(name)) form.querySelector(`#${name}`).value = p.get(name);

  // Each combo at (hi share, lo share), as inline SVG; the point's size is
  // its share of the range (weight x live weight), its shade its scoop.
  function picture(columns) {
    const NS = "http://www.w3.org/2000/svg";
    const size = 360, pad = 40;
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${size + 2 * pad} ${size / 2 + 2 * pad}`);
    svg.setAttribute("class", "chart");
    svg.setAttribute("role", "img");
    const title = "Each combo's hi share (across) and lo share (up), of the pot";
    svg.setAttribute("aria-label", title);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    add("title", {}, title);
    const x = (v) => pad + size * v, y = (v) => pad + (size / 2) * (1 - 2 * v);
    add("rect", { x: pad, y: pad, width: size, height: size / 2, fill: "none", stroke: "#999" });
    for (const e of [0.25, 0.5, 0.75]) add("line", { x1: x(0), y1: y(Math.min(e, 0.5)), x2: x(e), y2: y(0), stroke: "#ccc", "stroke-dasharray": "2 3" });
    add("text", { x: pad + size / 2, y: size / 2 + 2 * pad - 8, "text-anchor": "middle" }, "hi share");
    add("text", { x: 4, y: pad - 10 }, "lo share");
    const w = columns.weight.map((v, i) => v * columns.live_weight[i]);
    const top = Math.max(...w, 1e-300);
    columns.hi_share.forEach((hi, i) => {
      const lo = columns.lo_share[i];
      if (!isNumber(hi) || !isNumber(lo)) return;
      const dot = add("circle", { cx: x(hi), cy: y(lo), r: 1.5 + 4 * Math.sqrt(w[i] / top), class: "bar",
        "fill-opacity": 0.25 + 0.6 * (columns.scoop[i] || 0) });
      const t = document.createElementNS(NS, "title");
      t.textContent = `${columns.hand[i]}: hi ${OE.pct(hi)}, lo ${OE.pct(lo)}, scoop ${OE.pct(columns.scoop[i])}`;
      dot.append(t);
    });
    return OE.el("figure", {}, svg, OE.el("figcaption", { text: title }));
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
    parts.push(OE.el("p", { text: `${data.hero} against ${(data.villains || []).join(", ")}, board ${data.board || "(none)"}: ${(data.combos || 0).toLocaleString("en")} combos, ${data.method}` }));
    parts.push(OE.table(["range", ...FIGURES], [["mean", ...FIGURES.map((f) => (isNumber(means[f]) ? OE.pct(means[f]) : ""))]], "The range's means (weighted: equity() on the spot)"));
    if (hands.length) parts.push(picture(columns));
    const sampled = data.method !== "exact";
    const header = ["hand", "weight", ...FIGURES, ...(sampled ? ["stderr"] : [])];
    const rows = hands.map((hand, i) => [[hand, hand], [String(+columns.weight[i].toPrecision(6)), columns.weight[i]],
      ...[...FIGURES, ...(sampled ? ["stderr"] : [])].map((f) => [OE.pct(columns[f][i]), columns[f][i]])]);
    const shown = `${hands.length.toLocaleString("en")} of ${(data.matched ?? hands.length).toLocaleString("en")} combos kept; click a heading to sort`;
    parts.push(OE.sortableTable(header, rows, shown));
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
