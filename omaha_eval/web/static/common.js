// What every page shares: calling the API, showing each error beside its
// input, tables of the numbers the server formatted (as the command line
// prints them), long runs as jobs with progress and Cancel, bar charts as
// inline SVG, and the page's state in its link.  No framework, nothing
// loaded from elsewhere.
"use strict";

const OE = (() => {
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  async function post(path, body) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      return { ok: false, status: 0, data: { error: "the server does not answer: is omaha-eval serve still running?", field: null } };
    }
    let data;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: `the server answered ${response.status} without JSON`, field: null };
    }
    return { ok: response.ok, status: response.status, data };
  }

  // ---------------------------------------------------------------- errors

  function clearErrors(root) {
    for (const slot of root.querySelectorAll("[data-error]")) slot.textContent = "";
    for (const input of root.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  }

  // The error beside the input of its field ("players[1]", "board"...),
  // and always in the form's own error line (role=alert), which nothing but
  // the next run clears: the checks made as the inputs are typed rewrite
  // the fields' slots, and a refusal of the run (one card in two hands,
  // each hand fine on its own; a busy server) must stay shown.  The page's
  // results go: they answered another question than the one refused.
  function showError(root, error) {
    const results = root.ownerDocument.querySelector("#results");
    if (results) { results.replaceChildren(); results.dataset.state = "error"; }
    const field = error.field || "";
    const line = root.querySelector('[data-error=""]');
    let slot = root.querySelector(`[data-error="${CSS.escape(field)}"]`);
    if (!slot) slot = line;
    slot.textContent = error.error;
    if (line && line !== slot) line.textContent = error.error;
    const input = slot.closest(".field, .player")?.querySelector("input, textarea, select");
    if (input && slot.dataset.error !== "") input.setAttribute("aria-invalid", "true");
  }

  // ---------------------------------------------------------------- tables

  // header and rows of text cells: the first column left, the others right
  // (numbers = false: every column is text, left-aligned).  A table of more
  // than WIDE columns is "wide": on a phone each row is a card of
  // heading: value pairs (style.css), every cell labelled by its column.
  const WIDE = 5;
  function table(header, rows, caption, numbers = true) {
    const kind = (j) => (j && numbers ? "num" : null);
    const head = el("tr", {}, ...header.map((h, j) => el("th", { scope: "col", class: kind(j), text: h })));
    const body = rows.map((row) => el("tr", {}, ...row.map((c, j) =>
      j ? el("td", { class: kind(j), text: c, "data-label": header[j] }) : el("th", { scope: "row", text: c }))));
    const classes = [numbers ? null : "text", header.length > WIDE ? "wide" : null].filter(Boolean).join(" ");
    return el("div", { class: "table-wrap" },
      el("table", { class: classes || null }, caption ? el("caption", { text: caption }) : null, el("thead", {}, head), el("tbody", {}, ...body)));
  }

  // A table whose columns sort when their heading is clicked (keyboard:
  // the headings are buttons).  `rows` hold [shown text, sort key] pairs.
  // Only a page of rows is in the document at once (PAGE; "Show more" adds
  // a page), so that a report of 13,000 rows stays quick; a table of more
  // rows than a page has a box that finds rows (every word typed in some
  // cell of the row, or of `words[i]`, the row's other texts: what a phone's
  // narrower table leaves out).  The sort and the box act on every row, the
  // page shows the first of those they keep.
  const PAGE = 200;
  // `cards`: on a phone each row is a card of "column value" pairs (as a
  // wide table of table() is), the first cell across its top.
  function sortableTable(header, rows, caption, words = null, cards = false) {
    const wrap = el("div", { class: "rows" });
    const tableWrap = el("div", { class: "table-wrap" });
    // each row's texts in lower case, apart (a word typed matches within one)
    const texts = rows.map((row, i) => [...row.map((c) => c[0]), ...(words ? words[i] : [])]
      .map((t) => String(t).toLowerCase()).join("\u0001"));
    const numeric = (j) => j > 0 && rows.length > 0 && typeof rows[0][j][1] === "number";
    let by = -1, down = false, shown = PAGE, typed = [];
    const count = el("span", { class: "rows-count", role: "status" });
    const more = el("button", { type: "button", class: "rows-more", onclick: () => { shown += PAGE; draw(); } }, "");
    let finder = null;
    if (rows.length > PAGE) {
      const input = el("input", { type: "search", autocomplete: "off", spellcheck: "false", placeholder: "Kh two-tone" });
      const find = debounce(() => {
        typed = input.value.toLowerCase().split(/[\s,]+/).filter(Boolean);
        shown = PAGE;
        draw();
      }, 150);
      input.addEventListener("input", find);
      finder = el("label", { class: "rows-filter" }, "Find rows holding ", input);
    }
    function kept() {
      const all = [];
      for (let i = 0; i < rows.length; i++) if (typed.every((w) => texts[i].includes(w))) all.push(i);
      if (by >= 0) all.sort((a, b) => {
        const x = rows[a][by][1], y = rows[b][by][1];
        const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        return (down ? -order : order) || a - b;
      });
      return all;
    }
    function draw() {
      const order = kept();
      const page = order.slice(0, shown);
      const head = el("tr", {}, ...header.map((h, j) => el("th", {
        scope: "col", class: numeric(j) ? "num" : null,
        "aria-sort": by === j ? (down ? "descending" : "ascending") : "none",
      }, el("button", { type: "button", class: "sort", onclick: () => { down = by === j ? !down : j > 0; by = j; draw(); } },
        h, by === j ? (down ? " ▼" : " ▲") : ""))));
      const cell = (c, j) => (cards && !j ? el("th", { scope: "row", text: c[0] })
        : el("td", { class: typeof c[1] === "number" && j ? "num" : null, text: c[0], "data-label": cards ? header[j] : null }));
      const body = page.map((i) => el("tr", {}, ...rows[i].map(cell)));
      tableWrap.replaceChildren(el("table", { class: cards ? "wide" : null }, caption ? el("caption", { text: caption }) : null, el("thead", {}, head), el("tbody", {}, ...body)));
      const n = (x) => x.toLocaleString("en");
      const found = order.length ? `${n(order.length)} of ${n(rows.length)} rows found` : `none of ${n(rows.length)} rows found`;
      const rest = page.length < order.length ? `; the first ${n(page.length)} shown` : "";
      if (typed.length) count.textContent = found + rest;
      else count.textContent = rest ? `the first ${n(page.length)} of ${n(rows.length)} rows shown` : "";
      const next = Math.min(PAGE, order.length - page.length);
      more.hidden = next <= 0;
      more.textContent = `Show ${n(next)} more`;
    }
    draw();
    wrap.append(...[finder, tableWrap, el("div", { class: "actions rows-page" }, count, more)].filter(Boolean));
    return wrap;
  }

  function pct(x) {  // only for chart labels; tables show the server's text
    return `${(100 * x).toFixed(2)}%`;
  }

  // ---------------------------------------------------------------- charts

  // Horizontal bars, one per label (values are fractions), as inline SVG.
  function barChart(labels, values, title) {
    const NS = "http://www.w3.org/2000/svg";
    const row = 22, labelWidth = 240, barWidth = 300, width = labelWidth + barWidth + 70;
    const top = Math.max(...values, 1e-12);
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${row * labels.length + 8}`);
    svg.setAttribute("class", "chart");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", title);
    const t = document.createElementNS(NS, "title");
    t.textContent = title;
    svg.append(t);
    labels.forEach((label, i) => {
      const y = 4 + i * row;
      const text = document.createElementNS(NS, "text");
      text.setAttribute("x", labelWidth - 6);
      text.setAttribute("y", y + 15);
      text.setAttribute("text-anchor", "end");
      text.textContent = String(label).length > 36 ? String(label).slice(0, 35) + "…" : label;
      const bar = document.createElementNS(NS, "rect");
      bar.setAttribute("x", labelWidth);
      bar.setAttribute("y", y + 3);
      bar.setAttribute("height", row - 6);
      bar.setAttribute("width", Math.max(0.5, (barWidth * values[i]) / top));
      bar.setAttribute("class", "bar");
      const value = document.createElementNS(NS, "text");
      value.setAttribute("x", labelWidth + (barWidth * values[i]) / top + 4);
      value.setAttribute("y", y + 15);
      value.textContent = pct(values[i]);
      svg.append(text, bar, value);
    });
    return el("figure", {}, svg, el("figcaption", { text: title }));
  }

  // ---------------------------------------------------------------- jobs

  // Start a long run as a job and follow its events; returns a handle
  // whose cancel() stops the engine.
  async function runJob(kind, body, on) {
    const started = await post(`/api/jobs/${kind}`, body);
    if (!started.ok) { on.error(started.data); return null; }
    const job = started.data;
    const events = new EventSource(job.events);
    let finished = false;
    function end(handler, data) {
      if (finished) return;
      finished = true;
      events.close();
      handler(data);
    }
    events.addEventListener("progress", (e) => on.progress(JSON.parse(e.data)));
    events.addEventListener("done", (e) => end(on.done, JSON.parse(e.data)));
    events.addEventListener("cancelled", (e) => end(on.cancelled, JSON.parse(e.data)));
    events.addEventListener("failed", (e) => end(on.error, JSON.parse(e.data).error));
    events.onerror = () => {
      if (!finished) end(on.error, { error: "the connection to the server was lost", field: null });
    };
    return {
      async cancel() {
        const response = await fetch(job.url, { method: "DELETE" });
        const data = await response.json();
        end(on.cancelled, data);
      },
    };
  }

  // The Run / Cancel buttons, the progress bar and the status line of a
  // form whose submit starts a job.
  function jobControls(form, start) {
    const run = form.querySelector("#run"), cancel = form.querySelector("#cancel");
    const bar = form.querySelector("#progress"), status = form.querySelector("#status");
    let handle = null;
    const controls = {
      busy(on) {
        run.disabled = on;
        cancel.disabled = !on;
        bar.hidden = !on;
        if (on) bar.removeAttribute("value");
      },
      progress(done, total, text) {
        if (total) { bar.max = total; bar.value = done; } else bar.removeAttribute("value");
        status.textContent = text;
      },
      status(text) { status.textContent = text; },
      async go() {
        if (handle) return;
        clearErrors(form);
        controls.busy(true);
        status.textContent = "running...";
        handle = await start(controls);
        if (!handle) controls.finish();
      },
      finish() { handle = null; controls.busy(false); },
    };
    form.addEventListener("submit", (e) => { e.preventDefault(); controls.go(); });
    cancel.addEventListener("click", async () => {
      if (!handle) return;
      status.textContent = "cancelling...";
      await handle.cancel();
    });
    return controls;
  }

  // ---------------------------------------------------------------- links

  function params() { return new URLSearchParams(window.location.search); }

  function setLink(values) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) if (v !== "" && v !== null && v !== undefined) query.set(k, v);
    const text = query.toString().replaceAll("%7C", "|");
    window.history.replaceState(null, "", text ? `?${text}` : window.location.pathname);
  }

  function debounce(fn, ms) {
    let timer = null;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  // The run options (game, method, trials, target, seed) of a form as the
  // API's fields, and as the link's.
  function runOptions(form) {
    const method = form.querySelector("#method").value;
    const number = (id) => { const v = form.querySelector(id).value.trim(); return v === "" ? null : Number(v); };
    const game = form.querySelector("#game");
    const body = {
      ...(game ? { game: game.value } : {}),
      exact: method === "exact" ? true : method === "auto" ? null : false,
      trials: method === "mc" || method === "target" ? number("#trials") : null,
      target_stderr: method === "target" ? number("#target") : null,
      seed: number("#seed"),
    };
    const strict = form.querySelector("#strict");  // equity and query: look-alike cards refused
    if (strict) body.strict = strict.checked;
    for (const [k, id] of [["trials", "#trials"], ["target_stderr", "#target"], ["seed", "#seed"]]) {
      const v = form.querySelector(id).value.trim();
      if (v !== "" && body[k] !== null && Number.isNaN(body[k])) body[k] = v;  // the server names it
    }
    const link = { game: !game || body.game === "omaha8" ? "" : body.game, method: method === "auto" ? "" : method,
      trials: form.querySelector("#trials").value.trim(), target: form.querySelector("#target").value.trim(),
      seed: form.querySelector("#seed").value.trim(), ...(strict ? { strict: strict.checked ? "1" : "" } : {}) };
    return { body, link };
  }

  // trials and the target apply to Monte Carlo only: the others are off
  function methodFields(form) {
    const method = form.querySelector("#method");
    const sync = () => {
      form.querySelector("#trials").disabled = !(method.value === "mc" || method.value === "target");
      form.querySelector("#target").disabled = method.value !== "target";
    };
    method.addEventListener("change", sync);
    sync();
  }

  function fillRunOptions(form, p) {
    for (const [name, id] of [["game", "#game"], ["method", "#method"], ["trials", "#trials"], ["target", "#target"], ["seed", "#seed"]]) {
      if (p.has(name) && form.querySelector(id)) form.querySelector(id).value = p.get(name);
    }
    if (form.querySelector("#strict")) form.querySelector("#strict").checked = p.get("strict") === "1";
    if (!p.has("method") && p.has("target")) form.querySelector("#method").value = "target";
    else if (!p.has("method") && p.has("trials")) form.querySelector("#method").value = "mc";
    methodFields(form);
  }

  // a CSV cell: quoted when it holds a quote, a comma or a line break
  function csvCell(v) {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // the buttons that save the answer as `stem`.csv (the text csv() makes,
  // when clicked) and as `stem`.json (the answer `data` as it came)
  function downloads(stem, csv, data) {
    return el("div", { class: "actions downloads" },
      el("button", { type: "button", id: "download-csv", onclick: () => download(`${stem}.csv`, csv(), "text/csv") }, "Download CSV"),
      el("button", { type: "button", id: "download-json", onclick: () => download(`${stem}.json`, JSON.stringify(data), "application/json") }, "Download JSON"));
  }

  return { el, post, clearErrors, showError, table, sortableTable, barChart, runJob, jobControls,
    params, setLink, debounce, runOptions, fillRunOptions, pct, csvCell, downloads };
})();
