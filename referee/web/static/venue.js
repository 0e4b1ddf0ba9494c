// The big screen: the state of every table and the standings, asked for every second.
"use strict";
(function () {
  const tables = document.getElementById("tables");
  const standings = document.getElementById("standings");
  const round = document.getElementById("round");

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    // Names are data: set as text, never as markup.
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function draw(state) {
    if (!state.tables) return;
    const w = state.words;
    // Every sentence comes from the server, in the venue's language.
    round.textContent = state.heading;
    tables.replaceChildren(...state.tables.map(function (t) {
      const tile = el("article", "tile " + t.colour);
      tile.dataset.table = t.table;
      tile.dataset.moves = t.moves;
      const head = el("h2", null);
      head.append(el("span", null, t.label), el("span", "clock", t.clock));
      tile.append(head, el("p", "players", t.players.join(" · ")));
      if (t.turn_text) tile.append(el("p", "turn", t.turn_text));
      return tile;
    }));
    const table = el("table", null);
    const head = el("tr", null);
    [w.rank, w.player, w.points].forEach(function (h) { head.append(el("th", null, h)); });
    table.append(head);
    state.standings.forEach(function (r) {
      const row = el("tr", null);
      row.append(el("td", null, String(r.rank)), el("td", null, r.player), el("td", null, r.points));
      table.append(row);
    });
    standings.replaceChildren(el("h2", null, w.standings), table);
  }

  function ask() {
    fetch("state.json", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) { if (state) draw(state); })
      .catch(function () {})
      .finally(function () { setTimeout(ask, 1000); });
  }
  ask();
})();
