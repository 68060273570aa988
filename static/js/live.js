// Dame de Pique: a live table's socket in the browser (« Jouer entre amis »).
// The server sends, after every move at the table, this seat's whole table with its hand
// and move numbers (tables.consumers): this script swaps it in when it is newer than the
// one shown (table.js then deals out its new cards), so a missed push or a reconnection
// never leaves the table behind (socket.js reconnects). It runs the turn clock's
// countdown, sends the quick messages, and copies the table's link.
(function () {
  "use strict";

  const URGENT_MS = 5000;
  let clockTimer = null;
  let send = () => {};
  // This page's socket, as the server names it in each table it sends: the table's posts
  // name it (X-Table-Socket), and the news of this page's own move is then not drawn for
  // this socket, the answer to the post carrying it (tables.views.answering).
  let socketKey = "";

  // Where the table shown is: its hand, then its move. A hand dealt with nobody's move in
  // it (four people to pass) is newer at the same move number.
  function isNewer(hand, move) {
    const shown = document.getElementById("table")?.dataset;
    const shownHand = Number(shown?.handNumber ?? -1);
    return hand > shownHand || (hand === shownHand && move > Number(shown?.move ?? -1));
  }

  function say(message) {
    const status = document.querySelector("#table [data-status]");
    if (status) {
      status.textContent = message;
      status.classList.add("status--error");
    } else {
      const room = document.getElementById("room");
      if (room) room.insertAdjacentHTML("afterbegin", "<p class='form-error' role='alert'></p>");
      room?.querySelector(".form-error")?.append(message);
    }
  }

  function handle(message) {
    if (message.socket) socketKey = message.socket;
    switch (message.kind) {
      case "table":
        // A table as new as the one shown is skipped (the answer to this page's own post
        // may have come first), unless the seats changed at the same move.
        if (isNewer(message.hand, message.move) || message.force || !document.getElementById("table")) {
          const table = document.getElementById("table");
          if (table) swapTable(table, message.html);
          else location.reload();
        }
        break;
      case "room":
        if (document.getElementById("room")) swapRoom(message.html);
        else location.reload();
        break;
      case "reload":
        location.reload();
        break;
      case "spectators":
        for (const element of document.querySelectorAll("[data-spectators]")) {
          element.textContent = message.text;
        }
        break;
      case "emote":
        showEmote(message);
        break;
      case "error":
        say(message.message);
        break;
    }
  }

  // Another player's pass arrives while this one is choosing: the new table keeps the
  // cards already picked (the server still takes this pass: play.services).
  function swapTable(table, html) {
    const picked = [...table.querySelectorAll("form[data-hand] input:checked")].map((i) => i.value);
    htmx.swap(table, html, { swapStyle: "outerHTML" });
    const form = document.querySelector("#table form[data-hand]");
    let last = null;
    for (const value of picked) {
      const input = form?.querySelector(`input[value="${value}"]:not(:disabled)`);
      if (input && !input.checked) {
        input.checked = true;
        last = input;
      }
    }
    last?.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Someone sits or leaves while this person types their name: the new room keeps what
  // they typed (and the focus), so the seat they then take carries their name.
  function swapRoom(html) {
    const typed = [...document.querySelectorAll("#room input[type=text]")]
      .filter((input) => input.id && input.value !== input.defaultValue)
      .map((input) => [input.id, input.value]);
    const focused = document.activeElement?.closest("#room") ? document.activeElement.id : "";
    htmx.swap("#room", html, { swapStyle: "outerHTML" });
    for (const [id, value] of typed) {
      const input = document.getElementById(id);
      if (input) input.value = value;
    }
    if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  }

  function showEmote(message) {
    const bubble = document.querySelector(`#table [data-emote="${message.place}"]`);
    if (!bubble) return;
    bubble.textContent = message.text;
    bubble.hidden = false;
    clearTimeout(bubble.hideTimer);
    bubble.hideTimer = setTimeout(() => (bubble.hidden = true), message.ms || 4000);
  }

  function startClock(table) {
    clearInterval(clockTimer);
    const clock = table.querySelector("[data-clock-ms]");
    if (!clock) return;
    const end = performance.now() + Number(clock.dataset.clockMs);
    const text = clock.querySelector("[data-clock-text]");
    const tick = () => {
      const left = Math.max(end - performance.now(), 0);
      text.textContent = Math.ceil(left / 1000) + " s";
      clock.classList.toggle("is-urgent", left <= URGENT_MS);
      if (!left) clearInterval(clockTimer);
    };
    tick();
    clockTimer = setInterval(tick, 250);
  }

  // Whether « Messages rapides » is open: each push swaps a new table in, which keeps it so.
  let emotesOpen = false;

  function setUpTable(table) {
    startClock(table);
    const emotes = table.querySelector(".live-bar__emotes");
    if (emotes) {
      emotes.open = emotesOpen;
      emotes.addEventListener("toggle", () => (emotesOpen = emotes.open));
    }
    for (const button of table.querySelectorAll("[data-emote-phrase]")) {
      button.addEventListener("click", () => {
        send({ type: "emote", phrase: button.dataset.emotePhrase });
        button.closest("details")?.removeAttribute("open");
      });
    }
  }

  htmx.onLoad((element) => {
    const table = element.id === "table" ? element : element.querySelector?.("#table");
    if (table) setUpTable(table);
  });

  // Whether a table's HTML (an answer to this page's post) is newer than the one shown;
  // null if it is no table.
  function answerIsNewer(html) {
    const found = /data-hand-number="(\d+)" data-move="(\d+)"/.exec(html || "");
    return found ? isNewer(Number(found[1]), Number(found[2])) : null;
  }

  // The answer to this page's own post: not swapped in when a push already showed that
  // move (or a later one); a refusal (4xx) always is, for its reason.
  document.body.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target?.id !== "table" || event.detail.xhr.status !== 200) return;
    if (answerIsNewer(event.detail.serverResponse) === false) event.detail.shouldSwap = false;
  });

  document.body.addEventListener("htmx:configRequest", (event) => {
    if (socketKey && event.detail.elt?.closest?.("#table")) {
      event.detail.headers["X-Table-Socket"] = socketKey;
    }
  });

  // The answer that should have carried this page's own move never came (the network, a
  // server error): the socket skipped that move's news, so ask it for the table.
  function answerLost(status) {
    return status === 0 || (status >= 500 && status !== 503); // 503: refused before any move
  }
  document.body.addEventListener("htmx:sendError", () => send({ type: "refresh" }));
  document.body.addEventListener("htmx:responseError", (event) => {
    if (answerLost(event.detail.xhr.status)) send({ type: "refresh" });
  });
  // A push replaced the table while this page's post was on its way: htmx drops the answer
  // (the table it was to replace is gone) and tells no one, its events fired on the
  // detached form. The answer is swapped in here if newer, or the socket asked.
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    const { target, xhr } = event.detail;
    if (target?.id !== "table") return;
    xhr.addEventListener("loadend", () => {
      if (target.isConnected) return;
      const table = document.getElementById("table");
      if (xhr.status !== 200) {
        if (answerLost(xhr.status)) send({ type: "refresh" });
        return;
      }
      if (table && answerIsNewer(xhr.responseText)) swapTable(table, xhr.responseText);
    });
  });

  function setUpLink() {
    const input = document.querySelector("[data-table-link]");
    const copy = document.querySelector("[data-copy-link]");
    const share = document.querySelector("[data-share-link]");
    if (!input) return;
    copy?.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(input.value);
      } catch {
        input.select();
        document.execCommand("copy");
      }
      copy.textContent = copy.dataset.copied;
    });
    if (share && navigator.share) {
      share.hidden = false;
      share.addEventListener("click", () => navigator.share({ url: input.value }).catch(() => {}));
    }
  }

  setUpLink();
  const root = document.querySelector("[data-live-socket]");
  if (root) {
    // 4404: no such table; 4403: not open to spectators. Anything else: try again.
    ({ send } = DameSocket.open(root.dataset.liveSocket, {
      onMessage: handle,
      finalCodes: [4404, 4403],
    }));
  }
})();
