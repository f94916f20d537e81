// The Boards page: the board report of a spot (omaha_eval.board_report):
// a sortable table of the boards with each player's figures, the texture
// groups, and a chart of the first player's equity by group.  The rows can
// be grouped by a texture and chosen as `omaha-eval boards` chooses them
// (group, where, sort, top: the server does it), and downloaded.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const spot = Spot.setup(form);
  const ROWS = ["group", "where", "sort", "top"];  // the rows asked for (web/rows.py)
  const narrow = () => window.matchMedia("(max-width: 600px)").matches;

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

  // `read`: the columns the filter and the sort read, a value per row
  // (web/rows.py), shown after the others when they are not among them.
  function rowsTable(rows, caption, textured, read = {}) {
    if (!rows.length) return OE.el("p", { text: `${caption}: none` });
    const count = Math.max(0, ...rows.map((r) => (Array.isArray(r.players) ? r.players.length : 0)));
    // two players on a wide screen: every share; more: equity and scoop; a
    // phone: player 1's equity and scoop (the table fits the screen: 1280
    // px and a phone's 390 px; the downloads hold every figure)
    const small = narrow();
    const wide = count <= 2 ? ["equity", "hi_share", "lo_share", "scoop"] : ["equity", "scoop"];
    const figuresOf = (i) => (small ? (i === 0 ? ["equity", "scoop"] : []) : wide);
    const header = [textured ? "board" : "group"];
    if (textured && !small) header.push("texture");
    if (!small) header.push("boards");
    header.push(small ? "prob." : "probability");
    for (let i = 0; i < count; i++) for (const f of figuresOf(i)) header.push(`P${i + 1} ${NAMES[f]}`);
    header.push("no low", small ? "low spl." : "low split");
    const shown = new Set(["board", "probability", "no_low", "low_split", ...(small ? [] : ["boards"]),
      ...(textured && !small ? ["texture"] : [])]);
    for (let i = 0; i < count; i++) for (const f of figuresOf(i)) shown.add(`p${i + 1}_${f}`);
    const extra = Object.keys(read).filter((name) => !shown.has(name));
    header.push(...extra);
    const body = rows.map((r, row) => {
      const cells = [cell("board", r.board)];
      if (textured && !small) cells.push(cell("texture", r.textures ? r.textures.label : ""));
      if (!small) cells.push(cell("boards", r.boards));
      cells.push(cell("probability", r.probability));
      for (let i = 0; i < count; i++) {
        const p = (r.players || [])[i] || {};
        for (const f of figuresOf(i)) cells.push(cell(f, p[f]));
      }
      cells.push(cell("no_low", r.no_low), cell("low_split", r.low_split));
      for (const name of extra) cells.push(cell(name, (read[name] || [])[row]));
      return cells;
    });
    // the box finds a row by its board and texture, shown or not
    const words = rows.map((r) => [String(r.board ?? ""), r.textures ? String(r.textures.label ?? "") : ""]);
    return OE.sortableTable(header, body, caption, words);
  }

  // The rows as CSV: the command line's columns (board, boards,
  // probability, the textures, p1_equity ..., the deal's figures).
  function csvText(rows) {
    const count = Math.max(0, ...rows.map((r) => (Array.isArray(r.players) ? r.players.length : 0)));
    const first = rows.find((r) => r.players && r.players[0]) || { players: [{}] };
    const figures = Object.keys(first.players[0] || {}).filter((k) => k !== "stderr");
    const textures = rows.some((r) => r.textures) ? Object.keys(rows.find((r) => r.textures).textures) : [];
    const header = ["board", "boards", "probability", "probability_stderr", "trials", ...textures];
    for (let i = 0; i < count; i++) header.push(...figures.map((f) => `p${i + 1}_${f}`));
    const deal = ["no_low", "low_split", "any_quartered"].filter((k) => k in first);
    header.push(...deal);
    const lines = [header.join(",")];
    for (const r of rows) {
      const cells = [r.board, r.boards, r.probability, r.probability_stderr, r.trials, ...textures.map((t) => (r.textures || {})[t])];
      for (let i = 0; i < count; i++) cells.push(...figures.map((f) => ((r.players || [])[i] || {})[f]));
      cells.push(...deal.map((k) => r[k]));
      lines.push(cells.map(OE.csvCell).join(","));
    }
    return lines.join("\n") + "\n";
  }

  function rowOptions() {
    const values = Object.fromEntries(ROWS.map((id) => [id, form.querySelector(`#${id}`).value.trim()]));
    const top = values.top;
    return {
      link: values,
      body: { group: values.group || null, where: values.where || null, sort: values.sort || null,
        top: top === "" ? null : (Number.isNaN(Number(top)) ? top : Number(top)) },
    };
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
    const all = data.rows_all ?? rows.length;
    const shown = rows.length < all ? `${rows.length.toLocaleString("en")} of ${all.toLocaleString("en")}` : rows.length.toLocaleString("en");
    const grouped = Boolean(data.grouped_by);
    const read = data.read && typeof data.read === "object" ? data.read : {};
    parts.push(rowsTable(rows, `${grouped ? `Groups by ${data.grouped_by}` : "Boards"} (${shown}); click a heading to sort`, !grouped, read));
    parts.push(OE.downloads("boards", () => csvText(rows), data));
    for (const note of data.notes || []) parts.push(OE.el("p", { class: "note", text: `note: ${note}` }));
    results.replaceChildren(...parts);
    results.dataset.state = data.interrupted ? "cancelled" : "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    if (spot.missing()) { c.status(""); return null; }
    const options = OE.runOptions(form);
    const chosen = rowOptions();
    OE.setLink({ ...spot.link(), ...options.link, ...chosen.link });
    results.dataset.state = "running";
    return OE.runJob("boards", { ...spot.body(), ...options.body, ...chosen.body }, {
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

  const p = OE.params();
  for (const id of ROWS) if (p.has(id)) form.querySelector(`#${id}`).value = p.get(id);
  if (spot.given) controls.go();
})();
