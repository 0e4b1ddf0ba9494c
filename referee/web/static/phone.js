// A seat's phone: the pad (drawn by the server in this phone's language, only the legal moves
// enabled) is fetched again after every board update and on waking; a tap sends the move with
// the number of moves this phone saw and an id of its own, so that a retry is recorded once.
"use strict";
(function () {
  var body = document.body;
  var phone = document.getElementById("phone");
  var said = document.getElementById("said");
  var colour = null;
  var fetching = null;
  var again = false;
  var ASKING_MS = 1500;
  var SEATED_MS = 3000;
  var timer = null;
  // The pad as last drawn, as the browser writes it out (before this script marks a colour):
  // a pad fetched again that is the same is not drawn again, so that a tap on one of its
  // buttons as it comes is not lost to a button put in its place.
  var drawn = phone.innerHTML;

  function newId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  // A proposal not answered by then is sent again with its id (answered once, recorded once):
  // a request lost with a dropped connection must not leave the phone waiting for ever.
  var ANSWER_MS = 20000;

  function post(path, data, within) {
    var options = {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data),
    };
    var giveUp = null;
    if (within && window.AbortController) {
      var abort = new AbortController();
      options.signal = abort.signal;
      giveUp = setTimeout(function () { abort.abort(); }, within);
    }
    return fetch(path, options).then(function (response) {
      return response.json().catch(function () { return { error: "answer" }; })
        .then(function (answer) {
          clearTimeout(giveUp);
          answer.httpStatus = response.status;
          return answer;
        });
    }, function (failure) {
      clearTimeout(giveUp);
      throw failure;
    });
  }

  function pad() {
    // Asked again while a fetch is on its way: that one may answer for the table as it was, so
    // one more follows it.
    if (fetching) { again = true; return fetching; }
    fetching = fetch("pad", { credentials: "same-origin" }).then(function (response) {
      return response.text();
    }).then(function (html) {
      var fresh = document.createElement("template");
      fresh.innerHTML = html;
      if (fresh.innerHTML === drawn) {
        mine();  // the board may have been drawn again, without this phone's mark
        return;
      }
      drawn = fresh.innerHTML;
      // What is being typed survives the new pad (the board moves on while a player types).
      var typed = {};
      var focused = document.activeElement && phone.contains(document.activeElement)
        ? document.activeElement.name : null;
      phone.querySelectorAll("input[name]").forEach(function (input) {
        typed[input.name] = input.value;
      });
      phone.innerHTML = html;
      phone.querySelectorAll("input[name]").forEach(function (input) {
        if (typed[input.name]) { input.value = typed[input.name]; }
        if (input.name === focused) { input.focus(); }
      });
      choose(colour);
      mine();
    }).catch(function () {}).then(function () {
      fetching = null;
      if (again) { again = false; return pad(); }
      // What changes no move is looked for now and then: the scorekeeper's approval of a seat
      // asked for, a verdict waiting for this seat to confirm, a proposal accepted or not.
      clearTimeout(timer);
      if (phone.querySelector(".asking")) {
        timer = setTimeout(pad, ASKING_MS);
      } else if (phone.querySelector(".mine") && document.visibilityState === "visible") {
        timer = setTimeout(pad, SEATED_MS);
      }
    });
    return fetching;
  }

  // The phone's own seat, highlighted on the board that every phone shares.
  function mine() {
    var here = phone.querySelector("#pad");
    var player = here ? here.dataset.player || "" : "";
    document.querySelectorAll("#players tr[data-name]").forEach(function (row) {
      row.classList.toggle("mine", player !== "" && row.dataset.name === player);
    });
  }

  function choose(code) {
    var buttons = phone.querySelectorAll("[data-colour]");
    if (!buttons.length) { return; }
    var found = false;
    buttons.forEach(function (b) { if (b.dataset.colour === code) { found = true; } });
    colour = found ? code : buttons[0].dataset.colour;
    buttons.forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.colour === colour ? "true" : "false");
    });
    phone.querySelectorAll("[data-in]").forEach(function (b) {
      b.hidden = b.dataset.in !== colour;
    });
  }

  function seen() {
    var here = phone.querySelector("#pad");
    return here ? parseInt(here.dataset.seen, 10) : -1;
  }

  function propose(action) {
    if (!action.trim()) { return Promise.resolve(); }
    var request = newId();
    said.textContent = "";
    var send = function (tries) {
      return post("propose", { action: action, seen: seen(), request: request }, ANSWER_MS)
        .catch(function () {
          // The same id again: a request that did arrive is answered, never recorded twice.
          if (tries > 0) { return send(tries - 1); }
          return { said: "", status: "lost" };
        });
    };
    return send(2).then(function (answer) {
      said.textContent = answer.said || "";
      said.dataset.status = answer.status || answer.error || "";
      return pad().then(function () { return answer; });
    });
  }

  function colourWord(code) {
    var button = phone.querySelector('[data-colour="' + code + '"]');
    return button ? button.dataset.word || code : code;
  }

  phone.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || button.disabled) { return; }
    if (button.dataset.seat) {
      // A seat asked for whose request was lost (a busy server, a dropped connection) is asked
      // for again, and the pad is drawn whatever became of it: the phone never just sits there.
      var player = button.dataset.seat;
      var ask = function (tries) {
        return post("seat", { player: player }, ANSWER_MS).catch(function () {
          return tries > 0 ? ask(tries - 1) : {};
        });
      };
      ask(2).then(pad);
    } else if (button.dataset.colour) {
      choose(button.dataset.colour);
    } else if (button.dataset.card) {
      var action = button.dataset.card;
      if (button.dataset.wild) { action += " " + colourWord(colour); }
      var uno = phone.querySelector("#with-uno");
      if (uno && uno.checked) { action += " uno"; }
      propose(action);
    } else if (button.dataset.action) {
      propose(button.dataset.action);
    } else if (button.dataset.second) {
      post("second", { agree: button.dataset.second === "yes" }).then(function (answer) {
        said.textContent = answer.said || "";
        return pad();
      });
    } else if (button.dataset.call) {
      post("call", {}).then(pad);
    }
  });

  phone.addEventListener("submit", function (event) {
    event.preventDefault();
    var form = event.target;
    var input = form.querySelector("input");
    var value = input ? input.value : "";
    if (form.dataset.post === "code") {
      post("code", { code: value }).then(function (answer) {
        said.textContent = answer.error ? form.dataset.wrong || "" : "";
        return pad();
      });
    } else {
      // A move that went in (or waits) leaves the box empty; a refused one stays to be fixed.
      propose(form.dataset.post === "hand" ? "hand " + value : value).then(function (answer) {
        var now = phone.querySelector('input[name="' + (input ? input.name : "") + '"]');
        if (now && answer && (answer.status === "recorded" || answer.status === "waiting")) {
          now.value = "";
        }
      });
    }
  });

  document.querySelectorAll("[data-lang]").forEach(function (button) {
    button.addEventListener("click", function () {
      post("lang", { lang: button.dataset.lang }).then(function () { location.reload(); });
    });
  });

  // The board script sets the moves seen after each update: the pad follows it.
  new MutationObserver(function () { pad(); }).observe(body, {
    attributes: true, attributeFilter: ["data-moves"],
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { pad(); }
  });
  pad();
})();
