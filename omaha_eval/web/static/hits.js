// The Hits page: what a range makes (omaha_eval.range_hits): on a board,
// the share of the range's hands in every class (docs/hits.md); with no
// board, a row per flop or per texture group, filtered, sorted and cut as
// `omaha-eval hits` does (--where, --sort, --top), its columns every class
// of the groups asked (--show: a partition whole, so that each row adds up
// to 100%) and those the rows are chosen by, with downloads.  Every flop is
// a job of the server's long lane: its progress shows, Cancel stops it.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const ids = ["range", "board", "dead", "game", "group", "show", "where", "sort", "top"];

  const pct = (x) => (typeof x === "number" && Number.isFinite(x) ? `${(100 * x).toFixed(2)}%` : "");

  // the columns of a column-wise document, each a value per row
  function columns(d) {
    const out = {};
    for (const name of d.columns) out[name] = name in d.data ? d.data[name] : Array(d.rows).fill(d.same[name]);
    return out;
  }

  function csvText(d) {
    const cols = columns(d);
    const lines = [d.columns.map(OE.csvCell).join(",")];
    for (let r = 0; r < d.rows; r++) lines.push(d.columns.map((c) => OE.csvCell(cols[c][r])).join(","));
    return lines.join("\n") + "\n";
  }

  function classTable(d) {
    const cols = columns(d);
    const rows = [];
    let group = null;
    for (const c of d.classes) {
      if (c.group !== group) { group = c.group; rows.push([[group.replace(/_/g, " "), ""], ["", ""]]); }
      const share = d.rows === 1 ? cols[c.name][0] : d.mean[c.name];
      rows.push([[`  ${c.label}`, c.label], [pct(share), share]]);
    }
    return OE.table(["class", "share"], rows.map((r) => r.map((c) => c[0])), "Share of the range's hands in each class");
  }

  // the columns the server says a table shows: the classes of the groups
  // asked, whole, then the columns the rows are chosen by (a texture: text)
  function rowsTable(d) {
    const cols = columns(d);
    const names = (d.shown || []).filter((n) => n in cols);
    const labels = Object.fromEntries(d.classes.map((c) => [c.name, c.label]));
    const header = [d.grouped_by ? "group" : "board", "boards", "probability", ...names.map((n) => labels[n] || n)];
    const rows = [];
    for (let r = 0; r < d.rows; r++) {
      const cells = [[String(cols.board[r]), String(cols.board[r])]];
      cells.push([Number(cols.boards[r]).toLocaleString("en"), cols.boards[r]]);
      cells.push([pct(cols.probability[r]), cols.probability[r]]);
      for (const n of names) {
        const v = cols[n][r];
        cells.push(typeof v === "number" ? [pct(v), v] : [String(v), String(v)]);
      }
      rows.push(cells);
    }
    const what = d.grouped_by ? "groups" : "flops";
    return OE.sortableTable(header, rows, `${d.rows.toLocaleString("en")} of ${d.rows_total.toLocaleString("en")} ${what}; click a heading to sort`);
  }

  function render(d) {
    const parts = [OE.el("p", { class: "summary", text: `${d.range}: ${d.game}, ${d.board ? `board ${d.board}` : "every flop"}${d.dead ? `, dead ${d.dead}` : ""}` })];
    if (d.board) parts.push(classTable(d));
    else {
      parts.push(rowsTable(d));
      parts.push(OE.el("h2", { text: "Over every flop" }));
      parts.push(classTable(d));
    }
    parts.push(OE.downloads("hits", () => csvText(d), d));
    results.replaceChildren(...parts);
    results.dataset.state = "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    const values = Object.fromEntries(ids.map((id) => [id, form.querySelector(`#${id}`).value]));
    OE.setLink({ ...values, game: values.game === "omaha8" ? "" : values.game, show: values.show === "high" ? "" : values.show });
    const top = values.top.trim();
    const body = { ...values, group: values.group || null, show: values.show || null, where: values.where || null,
      sort: values.sort || null, top: top === "" ? null : (Number.isNaN(Number(top)) ? top : Number(top)) };
    results.dataset.state = "running";
    c.status(values.board.trim() ? "working..." : "working on every flop...");
    return OE.runJob("hits", body, {
      progress(job) {
        const q = job.progress || {};
        c.progress(q.done || 0, q.total || 0, q.total > 1 ? `${(q.done || 0).toLocaleString("en")} of ${q.total.toLocaleString("en")} flops` : "working...");
      },
      done(job) { render(job.result); c.status(""); c.finish(); },
      cancelled() {
        results.replaceChildren(OE.el("p", { class: "note", text: "cancelled" }));
        results.dataset.state = "cancelled";
        c.status("cancelled");
        c.finish();
      },
      error(error) {
        results.replaceChildren();
        OE.showError(form, error);
        results.dataset.state = "error";
        c.status("");
        c.finish();
      },
    });
  });

  const p = OE.params();
  for (const id of ids) if (p.has(id)) form.querySelector(`#${id}`).value = p.get(id);
  if (p.has("range")) controls.go();
})();
