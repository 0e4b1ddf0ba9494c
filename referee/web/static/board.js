// The scoreboard's live updates: every server-sent `board` event carries the board, already
// drawn (and escaped) by the server; this script only puts it in place and says when the
// connection is lost. The browser reconnects a dropped stream by itself; a refused one
// (the server busy or restarting) is tried again here.
"use strict";
(function () {
  var body = document.body;
  var board = document.getElementById("board");
  var link = document.getElementById("link");
  var source = null;
  var again = null;

  function lost() {
    link.hidden = false;
    body.dataset.link = "lost";
  }

  function connect() {
    again = null;
    source = new EventSource(body.dataset.events);
    source.addEventListener("open", function () {
      link.hidden = true;
      body.dataset.link = "live";
    });
    source.addEventListener("board", function (event) {
      board.innerHTML = event.data;
      body.dataset.moves = event.lastEventId;
    });
    source.addEventListener("error", function () {
      lost();
      if (source.readyState === EventSource.CLOSED && again === null) {
        source.close();
        again = setTimeout(connect, 2000);
      }
    });
  }

  connect();
})();
