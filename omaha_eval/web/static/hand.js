// The Hand page: the best high and the best low of a hand on a board, with
// the five cards each uses (the hand's two marked).
"use strict";

(() => {
  const form = document.querySelector("#spot");
  const results = document.querySelector("#results");

  function cards(used) {
    return OE.el("span", { class: "cards" }, ...used.map((u) => OE.el("span", {
      class: `card-chip suit-${u.card[1]}${u.from_hand ? " from-hand" : ""}`,
      title: u.from_hand ? "from the hand" : "from the board", text: u.card })));
  }

  async function show() {
    OE.clearErrors(form);
    const hole = form.querySelector("#hole").value, board = form.querySelector("#board").value;
    OE.setLink({ hole: hole.trim(), board: board.trim() });
    const answer = await OE.post("/api/eval", { hole, board });
    if (!answer.ok) { OE.showError(form, answer.data); results.dataset.state = "error"; return; }
    const d = answer.data;
    const row = (what, v) => OE.el("tr", {}, OE.el("th", { scope: "row", text: what }),
      OE.el("td", { text: v ? v.name : "none (no eight-or-better low)" }),
      OE.el("td", {}, v ? cards(v.used) : ""), OE.el("td", { class: "num", text: v ? String(v.value) : "" }));
    results.replaceChildren(OE.el("div", { class: "table-wrap" }, OE.el("table", { class: "hand" },
      OE.el("caption", { text: "Best hands (the hand's two cards are marked)" }),
      OE.el("thead", {}, OE.el("tr", {}, ...["", "hand", "cards used", "value"].map((h, j) => OE.el("th", { scope: "col", class: j === 3 ? "num" : null, text: h })))),
      OE.el("tbody", {}, row("high", d.high), row("low", d.low)))));
    results.dataset.state = "done";
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); show(); });
  const p = OE.params();
  for (const id of ["hole", "board"]) if (p.has(id)) form.querySelector(`#${id}`).value = p.get(id);
  if (p.has("hole")) show();
})();
