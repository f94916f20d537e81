// The spot form of the Equity and Boards pages: the players (as many as the
// page's #players says, data-min to data-max, from the server's games), each read
// as it is typed ("range, 1,854 combos"), the board and dead cards, and a
// card picker that greys out every card the texts name.  The server reads
// everything (POST /api/check): no card rule is written here.
"use strict";

const Spot = (() => {
  const RANKS = "AKQJT98765432", SUITS = "shdc";
  const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const SUIT_SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  const RANK_NAMES = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten" };
  function setup(form, onChange) {
    const box = form.querySelector("#players");
    const MIN = Number(box.dataset.min), MAX = Number(box.dataset.max);
    const picker = form.querySelector("#picker");

    function rows() { return [...box.querySelectorAll(".player")]; }

    function renumber() {
      rows().forEach((row, i) => {
        const input = row.querySelector("input");
        input.id = `player-${i}`;
        row.querySelector("label").htmlFor = input.id;
        row.querySelector("label").textContent = `Player ${i + 1}`;
        row.querySelector(".reading").id = `player-${i}-reading`;
        row.querySelector(".error").dataset.error = `players[${i}]`;
        row.querySelector(".error").id = `player-${i}-error`;
        input.setAttribute("aria-describedby", `player-${i}-reading player-${i}-error`);
        row.querySelector(".remove").setAttribute("aria-label", `Remove player ${i + 1}`);
        row.querySelector(".remove").disabled = rows().length <= MIN;
      });
      form.querySelector("#add-player").disabled = rows().length >= MAX;
    }

    function addPlayer(text) {
      const input = OE.el("input", { type: "text", autocomplete: "off", spellcheck: "false", value: text || "",
        placeholder: rows().length ? "KcKd4c5d, 15% or *" : "AsAh2c3d" });
      const row = OE.el("div", { class: "player" },
        OE.el("label", {}), input,
        OE.el("button", { type: "button", class: "remove", onclick: () => { row.remove(); renumber(); check(); }, text: "×" }),
        OE.el("span", { class: "reading" }),
        OE.el("span", { class: "error" }));
      input.addEventListener("input", check);
      box.append(row);
      renumber();
      return input;
    }

    form.querySelector("#add-player").addEventListener("click", () => { addPlayer("").focus(); check(); });

    // the picker: a button per card, suits in rows
    for (const s of SUITS) {
      const line = OE.el("div", { class: "suit-row" });
      for (const r of RANKS) {
        const card = r + s;
        line.append(OE.el("button", { type: "button", class: `card suit-${s}`, "data-card": card,
          "aria-label": `${RANK_NAMES[r] || r} of ${SUIT_NAMES[s]}`,
          onclick: () => {
            const into = form.querySelector('input[name="pick-into"]:checked').value;
            const input = form.querySelector(`#${into}`);
            input.value = (input.value.trim() + card);
            input.dispatchEvent(new Event("input"));
          } }, r, OE.el("span", { "aria-hidden": "true", text: SUIT_SYMBOLS[s] })));
      }
      picker.append(line);
    }

    let asked = 0;
    const check = OE.debounce(async () => {
      const mine = ++asked;
      const body = { players: texts(), board: form.querySelector("#board").value, dead: form.querySelector("#dead").value,
        game: form.querySelector("#game").value };
      const answer = await OE.post("/api/check", body);
      if (mine !== asked) return;  // a later check is on its way
      if (!answer.ok) return;
      show(answer.data);
    }, 250);

    function show(data) {
      rows().forEach((row, i) => {
        const got = data.players[i];
        const reading = row.querySelector(".reading"), error = row.querySelector(".error");
        const input = row.querySelector("input");
        reading.textContent = got && !got.error ? got.reading : "";
        error.textContent = got && got.error ? got.error : "";
        if (got && got.error) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      });
      for (const which of ["board", "dead"]) {
        const got = data[which];
        const slot = form.querySelector(`[data-error="${which}"]`);
        slot.textContent = got && got.error ? got.error : got && got.pattern ? "a pattern: every board it names" : "";
        const input = form.querySelector(`#${which}`);
        if (got && got.error) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      }
      if (data.game && data.game.error) form.querySelector('[data-error="game"]').textContent = data.game.error;
      const used = new Set(data.used);
      for (const button of picker.querySelectorAll(".card")) button.disabled = used.has(button.dataset.card);
      if (onChange) onChange(data);
    }

    function texts() { return rows().map((row) => row.querySelector("input").value); }

    for (const id of ["#board", "#dead", "#game"]) form.querySelector(id).addEventListener("input", check);

    // the link's spot, or two empty players
    const p = OE.params();
    const given = p.has("players") ? p.get("players").split("|") : [];
    for (const text of given.slice(0, MAX)) addPlayer(text);
    while (rows().length < MIN) addPlayer("");
    form.querySelector("#board").value = p.get("board") || "";
    form.querySelector("#dead").value = p.get("dead") || "";
    OE.fillRunOptions(form, p);
    check();

    // players left empty: each says so beside its input (nothing is run)
    function missing() {
      let count = 0;
      rows().forEach((row, i) => {
        if (row.querySelector("input").value.trim()) return;
        row.querySelector(".error").textContent = `player ${i + 1}: type a hand (AsAh2c3d), * or a range (15%)`;
        row.querySelector("input").setAttribute("aria-invalid", "true");
        count += 1;
      });
      return count;
    }

    return {
      texts,
      missing,
      // the API's fields of the spot, and the link's
      body() {
        return { players: texts(), board: form.querySelector("#board").value, dead: form.querySelector("#dead").value };
      },
      link() {
        return { players: texts().join("|"), board: form.querySelector("#board").value.trim(),
          dead: form.querySelector("#dead").value.trim() };
      },
      given: given.length >= MIN,
    };
  }

  return { setup };
})();
