// The Boards page: the board report of a spot (omaha_eval.board_report):
// a sortable table of the boards with each player's figures, the texture
// groups, and a chart of the first player's equity by group.  The report's
// dict is read defensively: a key it lacks leaves its column out.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const spot = Spot.setup(form);

  const isNumber = (x) => typeof x === "number" && Number.isFinite(x);
  const FRACTIONS = /equity|share|scoop|probability|win|tie|low|quartered|weight/i;

  function cell(key, value) {
    if (value === null || value === undefined) return ["", ""];
    if (isNumber(value)) {
      if (FRACTIONS.test(key) && Math.abs(value) <= 1) return [OE.pct(value), value];
      return [Number.isInteger(value) ? value.toLocaleString("en") : String(+value.toPrecision(6)), value];
    }
    if (Array.isArray(value)) return [value.join(", "), value.join(", ")];
    if (typeof value === "object") return [Object.entries(value).map(([k, v]) => `${k} ${v}`).join(", "), ""];
    return [String(value), String(value)];
  }

  // the per-player figures of a row, as {figure: [value per player]}
  function playerFigures(row) {
    const out = {};
    const players = Array.isArray(row.players) ? row.players : null;
    if (players) players.forEach((p, i) => {
      if (p && typeof p === "object") for (const [k, v] of Object.entries(p)) if (isNumber(v)) (out[k] ||= [])[i] = v;
    });
    for (const [k, v] of Object.entries(row)) if (Array.isArray(v) && v.length && v.every(isNumber)) out[k] = v;
    return out;
  }

  function rowsTable(rows, caption) {
    if (!rows.length) return OE.el("p", { text: `${caption}: none` });
    const scalar = Object.keys(rows[0]).filter((k) => k !== "players" && !(Array.isArray(rows[0][k]) && rows[0][k].every(isNumber)));
    const figures = Object.keys(playerFigures(rows[0])).filter((k) => k === "equity" || k === "hi_share" || k === "lo_share" || k === "scoop");
    const count = Math.max(0, ...rows.map((r) => (playerFigures(r).equity || []).length));
    const header = [...scalar];
    for (const f of figures) for (let i = 0; i < count; i++) header.push(`P${i + 1} ${f.replace("_", " ")}`);
    const body = rows.map((r) => {
      const pf = playerFigures(r);
      const cells = scalar.map((k) => cell(k, r[k]));
      for (const f of figures) for (let i = 0; i < count; i++) cells.push(cell(f, (pf[f] || [])[i]));
      return cells;
    });
    return OE.sortableTable(header, body, caption);
  }

  function groupsOf(data) {
    const g = data.groups;
    if (Array.isArray(g)) return g.filter((x) => x && typeof x === "object");
    if (g && typeof g === "object") return Object.entries(g).map(([name, v]) => (v && typeof v === "object" && !Array.isArray(v) ? { group: name, ...v } : { group: name, value: v }));
    return [];
  }

  function render(data) {
    const parts = [];
    const rows = Array.isArray(data.rows) ? data.rows.filter((r) => r && typeof r === "object") : [];
    const groups = groupsOf(data);
    if (groups.length) {
      const named = groups.map((g) => [g.group ?? g.name ?? g.texture ?? g.key ?? "", (playerFigures(g).equity || [])[0]]).filter(([, v]) => isNumber(v));
      if (named.length) parts.push(OE.barChart(named.map((x) => x[0]), named.map((x) => x[1]), "Player 1's equity by texture group"));
      parts.push(rowsTable(groups, "Texture groups"));
    }
    parts.push(rowsTable(rows, `Boards (${rows.length.toLocaleString("en")}); click a heading to sort`));
    for (const note of data.notes || []) parts.push(OE.el("p", { class: "note", text: `note: ${note}` }));
    results.replaceChildren(...parts);
    results.dataset.state = data.interrupted ? "cancelled" : "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    if (spot.missing()) { c.status(""); return null; }
    const options = OE.runOptions(form);
    OE.setLink({ ...spot.link(), ...options.link });
    results.dataset.state = "running";
    return OE.runJob("boards", { ...spot.body(), ...options.body }, {
      progress(job) {
        const p = job.progress || {};
        const done = p.done ?? p.boards ?? p.trials;
        if (isNumber(p.fraction)) c.progress(p.fraction, 1, `${(100 * p.fraction).toFixed(0)}%`);
        else c.progress(done || 0, p.total || 0, done ? `${done.toLocaleString("en")} done` : "running...");
      },
      done(job) { render(job.result); c.status(""); c.finish(); },
      cancelled(job) { if (job.result) render(job.result); c.status("cancelled"); results.dataset.state = "cancelled"; c.finish(); },
      error(error) { OE.showError(form, error); results.dataset.state = "error"; c.status(""); c.finish(); },
    });
  });

  if (spot.given) controls.go();
})();
