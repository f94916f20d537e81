// The Query page: a PQL editor (the examples of the PQL guide one click
// away), the answer tables as the command line prints them, and each
// histogram column drawn as bars.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const text = form.querySelector("#text");
  const picker = form.querySelector("#examples");

  fetch("/api/examples").then((r) => r.json()).then((data) => {
    data.examples.forEach((example, i) => {
      const first = example.split("\n").find((line) => !line.startsWith("--")) || example;
      picker.append(OE.el("option", { value: String(i), text: first.length > 70 ? first.slice(0, 69) + "…" : first }));
    });
    picker.addEventListener("change", () => {
      if (picker.value === "") return;
      text.value = data.examples[Number(picker.value)];
      text.focus();
    });
  });

  // Ctrl+Enter runs the query from the editor
  text.addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); controls.go(); } });

  function render(answer) {
    const parts = [];
    answer.results.forEach((r, i) => {
      const section = OE.el("section", { class: "statement" },
        OE.el("h2", { text: answer.statements > 1 ? `Statement ${i + 1}` : "Answer" }),
        OE.el("pre", { text: r.statement }),
        OE.table(r.table.header, r.table.rows));
      for (const c of r.columns) {
        if (c.aggregate === "histogram" && c.value && typeof c.value === "object") {
          const labels = Object.keys(c.value);
          section.append(OE.barChart(labels, labels.map((k) => c.value[k]), c.name));
        }
      }
      for (const line of r.table.lines) section.append(OE.el("p", { class: line.startsWith("note:") ? "note" : "how", text: line }));
      parts.push(section);
    });
    if (answer.interrupted) parts.push(OE.el("p", { class: "note", text: "Cancelled: the figures are from the trials run before Cancel." }));
    results.replaceChildren(...parts);
    results.dataset.state = answer.interrupted ? "cancelled" : "done";
  }

  const controls = OE.jobControls(form, async (c) => {
    const options = OE.runOptions(form);
    OE.setLink({ text: text.value, ...options.link });
    results.dataset.state = "running";
    return OE.runJob("query", { text: text.value, ...options.body }, {
      progress(job) {
        const p = job.progress;
        if (!p || p.trials === undefined) return;
        const which = p.statements > 1 ? `statement ${p.statement} of ${p.statements}: ` : "";
        c.progress(p.trials, null, `${which}${p.trials.toLocaleString("en")} trials`);
      },
      done(job) { render(job.result); c.status(""); c.finish(); },
      cancelled(job) { if (job.result) render(job.result); results.dataset.state = "cancelled"; c.status("cancelled"); c.finish(); },
      error(error) { OE.showError(form, error); results.dataset.state = "error"; c.status(""); c.finish(); },
    });
  });

  const p = OE.params();
  OE.fillRunOptions(form, p);
  if (p.has("text")) { text.value = p.get("text"); controls.go(); }
})();
