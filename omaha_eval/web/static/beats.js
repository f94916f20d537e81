// The Beats page: what beats a hand now (omaha_eval.beats): for each
// villain, the live combos that beat it for high and for low, grouped by
// high category and by low, best first, each group with its share of the
// villain's live combos, its count and its first hands (as `omaha-eval
// beats` prints them).  A short answer: the server prices it first.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const status = form.querySelector("#status");
  const ids = ["hand", "board", "dead", "game"];
  const SHOWN = 5;  // hands a group shows (the answer holds more)
  const pct = (x) => (typeof x === "number" && Number.isFinite(x) ? `${(100 * x).toFixed(2)}%` : "");

  function groups(title, share, list) {
    const rows = list.map((g) => [g.name, pct(g.share), g.count.toLocaleString("en"),
      g.hands.slice(0, SHOWN).join(" ") + (g.count > SHOWN ? " ..." : "")]);
    return OE.table(["group", "share", "combos", "hands"], rows, `Beats the ${title}: ${pct(share)}`);
  }

  function render(d) {
    const parts = [OE.el("p", { class: "summary", text: `${d.hand} on ${d.board}: ${d.hand_high}; ${d.hand_low || "no low"}` })];
    for (const v of d.villains) {
      parts.push(OE.el("h2", { text: v.villain }));
      parts.push(OE.el("p", { class: "how", text: `${v.combos.toLocaleString("en")} combos live, weight ${+v.weight.toPrecision(6)}` }));
      parts.push(groups("high", v.high_share, v.high));
      if (d.game !== "omaha") parts.push(groups("low", v.low_share, v.low));
    }
    results.replaceChildren(...parts);
    results.dataset.state = "done";
  }

  async function show() {
    OE.clearErrors(form);
    const values = Object.fromEntries(ids.map((id) => [id, form.querySelector(`#${id}`).value]));
    const villains = form.querySelector("#villains").value.split("\n").map((v) => v.trim()).filter(Boolean);
    OE.setLink({ ...values, game: values.game === "omaha8" ? "" : values.game, villains: villains.join("|") });
    status.textContent = "working...";
    results.dataset.state = "running";
    const answer = await OE.post("/api/beats", { ...values, villains });
    status.textContent = "";
    if (!answer.ok) {
      results.replaceChildren();
      OE.showError(form, answer.data);
      results.dataset.state = "error";
      return;
    }
    render(answer.data);
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); show(); });
  const p = OE.params();
  for (const id of ids) if (p.has(id)) form.querySelector(`#${id}`).value = p.get(id);
  if (p.has("villains")) form.querySelector("#villains").value = p.get("villains").split("|").join("\n");
  if (p.has("hand")) show();
})();
