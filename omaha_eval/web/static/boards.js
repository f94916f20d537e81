// The Boards page: the board report of a spot (omaha_eval.board_report):
// a sortable table of the boards with each player's figures, the texture
// groups, and a chart of the first player's equity by group.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const spot = Spot.setup(form);

  const isNumber = (x) => typeof x === "number" && Number.isFinite(x);
  const FRACTIONS = /equity|share|scoop|probability|win|tie|low|quartered|split|weight/i;

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

  // The report's dict (BoardReport.to_dict(), docs/boards.md): rows and
  // groups alike hold board (a group's name), boards, probability, textures
  // (label) and per player the figures; the deal's no_low and low_split.
  const NAMES = { equity: "equity", hi_share: "hi share", lo_share: "lo share", scoop: "scoop",
    quartered: "quartered", nut_low: "nut low", lost_nut_low: "lost nut low" };

  function rowsTable(rows, caption, textured) {
    if (!rows.length) return OE.el("p", { text: `${caption}: none` });
    const count = Math.max(0, ...rows.map((r) => (Array.isArray(r.players) ? r.players.length : 0)));
    // two players: every share and the low's figures (lost nut low on reports that
    // lose one); more: equity and scoop (the table stays readable)
    const lost = rows.some((r) => (r.players || []).some((p) => p && p.lost_nut_low > 0));
    const figures = count <= 2
      ? ["equity", "hi_share", "lo_share", "scoop", "quartered", "nut_low", ...(lost ? ["lost_nut_low"] : [])]
      : ["equity", "scoop"];
    const header = [textured ? "board" : "group"];
    if (textured) header.push("texture");
    header.push("boards", "probability");
    for (let i = 0; i < count; i++) for (const f of figures) header.push(`P${i + 1} ${NAMES[f]}`);
    header.push("no low", "low split");
    const body = rows.map((r) => {
      const cells = [cell("board", r.board)];
      if (textured) cells.push(cell("texture", r.textures ? r.textures.label : ""));
      cells.push(cell("boards", r.boards), cell("probability", r.probability));
      for (let i = 0; i < count; i++) {
        const p = (r.players || [])[i] || {};
        for (const f of figures) cells.push(cell(f, p[f]));
      }
      cells.push(cell("no_low", r.no_low), cell("low_split", r.low_split));
      return cells;
    });
    return OE.sortableTable(header, body, caption);
  }

  function render(data) {
    const parts = [];
    const rows = Array.isArray(data.rows) ? data.rows.filter((r) => r && typeof r === "object") : [];
    const groups = Array.isArray(data.groups) ? data.groups.filter((g) => g && typeof g === "object") : [];
    if (data.interrupted) parts.push(OE.el("p", { class: "note", text: `cancelled: ${rows.length.toLocaleString("en")} of ${(data.rows_total || rows.length).toLocaleString("en")} rows` }));
    if (groups.length) {
      const named = groups.map((g) => [String(g.board ?? ""), ((g.players || [])[0] || {}).equity]).filter(([, v]) => isNumber(v));
      if (named.length) parts.push(OE.barChart(named.map((x) => x[0]), named.map((x) => x[1]), "Player 1's equity by texture group"));
      parts.push(rowsTable(groups, "Texture groups (probability-weighted)", false));
    }
    parts.push(rowsTable(rows, `Boards (${rows.length.toLocaleString("en")}); click a heading to sort`, true));
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
