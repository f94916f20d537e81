// The Range page: what a range text holds: how many hands, their share of
// all hands, the weights, and the first hands, strongest first.
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");
  const status = form.querySelector("#status");
  const ids = ["text", "hole_cards", "game", "order", "limit"];
  // the form's defaults as the server wrote them (its owners'): left out of the link
  const initial = Object.fromEntries(ids.map((id) => [id, form.querySelector(`#${id}`).value]));

  async function show() {
    OE.clearErrors(form);
    const values = Object.fromEntries(ids.map((id) => [id, form.querySelector(`#${id}`).value]));
    OE.setLink(Object.fromEntries(ids.map((id) => [id, id !== "text" && values[id] === initial[id] ? "" : values[id]])));
    const limit = values.limit.trim();
    const body = { text: values.text, hole_cards: Number(values.hole_cards), game: values.game,
      order: values.order || null, limit: limit === "" ? null : (Number.isNaN(Number(limit)) ? limit : Number(limit)) };
    status.textContent = "reading...";
    const answer = await OE.post("/api/range", body);
    status.textContent = "";
    if (!answer.ok) { OE.showError(form, answer.data); results.dataset.state = "error"; return; }
    const d = answer.data;
    const how = d.order === "cards" ? "in card order" : `best first, ${d.order === "6h" ? "six-handed" : "heads-up"} order`;
    const shown = d.hands.length < d.count ? `first ${d.hands.length.toLocaleString("en")} of ${d.count.toLocaleString("en")}, ` : "";
    results.replaceChildren(
      OE.el("p", { class: "summary", text: d.summary }),
      OE.el("p", { text: `weights: ${d.weights.map((w) => w.shown).join(", ")}` }),
      OE.table(["hand", "weight"], d.hands.map((h) => [h.hand, h.weight === 1 ? "1" : String(h.weight)]), `Hands (${shown}${how})`));
    results.dataset.state = "done";
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); show(); });
  const p = OE.params();
  for (const id of ids) if (p.has(id)) form.querySelector(`#${id}`).value = p.get(id);
  if (p.has("text")) show();
})();
