// The Solve page: a heads-up river spot solved by discounted CFR
// (omaha_eval.solve_river): the exploitability as it falls while the job
// runs, then the EVs, the exploitability reached, and each decision node's
// strategy by hand class, as a table and as bars of action frequencies.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const TEXTS = ["board", "dead", "game", "oop", "ip", "bets", "raises", "oop_bets", "ip_bets"];
  const NUMBERS = ["pot", "stack", "max_raises", "target", "max_iterations", "time_limit"];
  const value = (id) => form.querySelector(`#${id}`).value.trim();
  const pct = (x, digits = 2) => (typeof x === "number" && Number.isFinite(x) ? `${(100 * x).toFixed(digits)}%` : "");

  // a number typed, or the text itself (the server names what it cannot read)
  function number(id, scale = 1) {
    const text = value(id);
    if (text === "") return null;
    const n = Number(text);
    return Number.isNaN(n) ? text : n * scale;
  }

  function body() {
    const out = Object.fromEntries(TEXTS.map((id) => [id, value(id)]));
    for (const id of ["pot", "stack", "max_raises", "max_iterations", "time_limit"]) out[id] = number(id);
    out.target_exploitability = number("target", 0.01);  // typed in % of the pot
    out.allin = form.querySelector("#allin").checked;
    return out;
  }

  // One bar per class, split into the actions' frequencies, as inline SVG.
  function bars(node) {
    const NS = "http://www.w3.org/2000/svg";
    const row = 24, label = 150, width = 420, legend = 22;
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${label + width + 10} ${legend + row * node.rows.length + 6}`);
    svg.setAttribute("class", "chart");
    svg.setAttribute("role", "img");
    const title = `${node.player.toUpperCase()}'s strategy ${node.line ? `after ${node.line}` : "at the root"}, by hand class`;
    svg.setAttribute("aria-label", title);
    const add = (tag, attrs, text) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.append(e);
      return e;
    };
    add("title", {}, title);
    const shades = ["#3a7bd5", "#e08a2e", "#3aa66b", "#b04bb5", "#c0262d", "#7a8699", "#1b7a8a"];
    let x = label;
    node.actions.forEach((a, i) => {
      add("rect", { x, y: 4, width: 12, height: 12, fill: shades[i % shades.length] });
      add("text", { x: x + 16, y: 14 }, a);
      x += 20 + 8 * a.length;
    });
    node.rows.forEach((r, j) => {
      const y = legend + j * row;
      add("text", { x: label - 6, y: y + 16, "text-anchor": "end" }, r.class);
      let left = label;
      node.actions.forEach((a, i) => {
        const w = width * (r.frequencies[a] || 0);
        const bar = add("rect", { x: left, y: y + 4, width: Math.max(0, w), height: row - 8, fill: shades[i % shades.length] });
        const t = document.createElementNS(NS, "title");
        t.textContent = `${r.class}: ${a} ${pct(r.frequencies[a])}`;
        bar.append(t);
        left += w;
      });
    });
    return OE.el("figure", {}, svg, OE.el("figcaption", { text: title }));
  }

  function nodeTable(node) {
    const header = ["class", "combos", "share", ...node.actions, ...(node.line === "" ? ["EV"] : [])];
    const rows = node.rows.map((r) => [r.class, r.combos.toLocaleString("en"), pct(r.share),
      ...node.actions.map((a) => pct(r.frequencies[a])), ...(node.line === "" ? [r.ev === null ? "" : r.ev.toFixed(2)] : [])]);
    const where = node.line ? `after ${node.line}` : "at the root";
    return OE.table(header, rows, `${node.player.toUpperCase()} to act ${where}`);
  }

  function render(d) {
    if (!d.nodes) {
      results.replaceChildren(OE.el("p", { class: "note", text: "Cancelled before the first measure: no strategy." }));
      results.dataset.state = "cancelled";
      return;
    }
    const reached = d.stopped_by === "target" ? "target reached" : `stopped by ${d.stopped_by}`;
    const parts = [
      OE.el("p", { class: "summary", text: `River ${d.board} (${d.game}), pot ${d.pot}, stack ${d.stack}: OOP ${d.players.oop} (${d.combos.oop.toLocaleString("en")} combos), IP ${d.players.ip} (${d.combos.ip.toLocaleString("en")} combos)` }),
      OE.el("p", { class: "how", id: "evs", text: `EV: OOP ${d.evs.oop.toFixed(2)}, IP ${d.evs.ip.toFixed(2)} chips` }),
      OE.el("p", { class: "how", id: "exploitability", text: `exploitability ${pct(d.exploitability, 3)} of the pot (OOP ${pct(d.exploitabilities.oop, 3)}, IP ${pct(d.exploitabilities.ip, 3)}) after ${d.iterations.toLocaleString("en")} iterations, ${reached}` }),
    ];
    if (d.interrupted) parts.push(OE.el("p", { class: "note", text: "Cancelled: the best strategy measured before Cancel." }));
    const chooser = OE.el("select", { id: "node" }, ...d.nodes.map((n, i) => OE.el("option", { value: String(i), text: n.line || "(the root)" })));
    const shown = OE.el("div", { id: "node-view" });
    const show = () => { const n = d.nodes[Number(chooser.value)]; shown.replaceChildren(nodeTable(n), bars(n)); };
    chooser.addEventListener("change", show);
    parts.push(OE.el("div", { class: "field" }, OE.el("label", { for: "node", text: "Decision node (action line)" }), chooser), shown);
    results.replaceChildren(...parts);
    show();
    results.dataset.state = d.interrupted ? "cancelled" : "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    const link = Object.fromEntries([...TEXTS, ...NUMBERS].map((id) => [id, value(id)]));
    OE.setLink({ ...link, game: link.game === "omaha8" ? "" : link.game, allin: form.querySelector("#allin").checked ? "" : "0" });
    results.dataset.state = "running";
    return OE.runJob("solve", body(), {
      progress(job) {
        const p = job.progress || {};
        if (p.iterations === undefined) return;
        c.progress(0, 0, `${p.iterations.toLocaleString("en")} iterations: exploitability ${pct(p.exploitability, 3)} of the pot`);
      },
      done(job) { render(job.result); c.status(""); c.finish(); },
      cancelled(job) { render(job.result || {}); c.status("cancelled"); c.finish(); },
      error(error) { OE.showError(form, error); results.dataset.state = "error"; c.status(""); c.finish(); },
    });
  });

  const p = OE.params();
  for (const id of [...TEXTS, ...NUMBERS]) if (p.has(id)) form.querySelector(`#${id}`).value = p.get(id);
  if (p.get("allin") === "0") form.querySelector("#allin").checked = false;
  if (p.has("board") && p.has("oop") && p.has("ip")) controls.go();
})();
