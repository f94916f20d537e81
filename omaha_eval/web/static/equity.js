// The Equity page: a spot in, the equity table out (the cells the command
// line prints), with the running figures, a progress bar and Cancel while
// Monte Carlo runs.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const spot = Spot.setup(form);

  function render(result, running) {
    const t = result.table;
    const parts = [OE.table(t.header, t.rows, running ? "Running: the figures so far" : "Equity")];
    for (const line of t.lines) parts.push(OE.el("p", { class: line.startsWith("note:") ? "note" : "how", text: line }));
    if (result.interrupted) parts.push(OE.el("p", { class: "note", text: "Cancelled: the figures are from the trials run before Cancel." }));
    results.replaceChildren(...parts);
    results.dataset.state = running ? "running" : result.interrupted ? "cancelled" : "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    if (spot.missing()) { c.status(""); return null; }
    const options = OE.runOptions(form);
    OE.setLink({ ...spot.link(), ...options.link });
    results.dataset.state = "running";
    return OE.runJob("equity", { ...spot.body(), ...options.body }, {
      progress(job) {
        const p = job.progress;
        if (!p || p.trials === undefined) return;
        const total = p.total ? ` of ${p.total.toLocaleString("en")}` : "";
        c.progress(p.trials, p.total, `${p.trials.toLocaleString("en")}${total} trials`);
        if (p.partial) render(p.partial, true);
      },
      done(job) { render(job.result, false); c.status(""); c.finish(); },
      cancelled(job) {
        if (job.result) render(job.result, false);
        else { results.replaceChildren(OE.el("p", { class: "note", text: "Cancelled before any figures." })); results.dataset.state = "cancelled"; }
        c.status("cancelled");
        c.finish();
      },
      error(error) { OE.showError(form, error); results.dataset.state = "error"; c.status(""); c.finish(); },
    });
  });

  if (spot.given) controls.go();
})();
