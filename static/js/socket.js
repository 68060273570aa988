// Dame de Pique: the one websocket loop of the pages that listen to the server (a live
// table, the « Jouer en direct » queue). It opens `path` on this site and hands every JSON
// message to `onMessage`; it reconnects by itself with backoff and some jitter (a restarted
// server is not hit by every browser at once), unless the server closed with one of
// `finalCodes` (no such table, not allowed). Back online, back on the tab or back from the
// browser's page cache, it asks for the state again (`{type: "refresh"}`: a push may have
// been missed), or reconnects at once. A socket that looks open may be dead (a phone that
// slept or changed network keeps a half-open connection for minutes, and sends into the
// void): when a refresh gets no answer within ANSWER_MS, that socket is dropped for a new one.
(function () {
  "use strict";

  const RETRY_MS = [500, 1000, 2000, 4000, 8000];
  const ANSWER_MS = 4000;

  function openSocket(path, { onMessage, finalCodes = [] }) {
    let socket = null;
    let attempts = 0;
    let retry = null;
    let closedForGood = false;
    let awaitingAnswer = null;
    let reopened = false; // a socket of this page was open before

    function send(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    }

    function connect() {
      clearTimeout(retry);
      if (socket || closedForGood) return;
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      const opened = new WebSocket(scheme + location.host + path);
      socket = opened;
      opened.addEventListener("open", () => {
        attempts = 0;
        // A new socket's first state is skipped when no move was made since the one shown,
        // yet the seats may have changed meanwhile: ask for the state swapped in regardless.
        if (reopened) send({ type: "refresh" });
        reopened = true;
      });
      opened.addEventListener("message", (event) => {
        clearTimeout(awaitingAnswer);
        try {
          onMessage(JSON.parse(event.data));
        } catch (error) {
          console.error(error);
        }
      });
      opened.addEventListener("close", (event) => {
        if (socket !== opened) return; // dropped already, its successor is under way
        socket = null;
        closedForGood = finalCodes.includes(event.code);
        if (closedForGood) return;
        const wait = RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)];
        attempts += 1;
        retry = setTimeout(connect, wait + Math.random() * wait * 0.5);
      });
    }

    // A new socket now, whatever became of this one (its late close event is ignored).
    function reconnect() {
      const dropped = socket;
      socket = null;
      dropped?.close();
      connect();
    }

    function comeBack() {
      if (socket?.readyState === WebSocket.CONNECTING) return; // its first message is the state
      if (socket?.readyState !== WebSocket.OPEN) {
        reconnect();
        return;
      }
      send({ type: "refresh" });
      clearTimeout(awaitingAnswer);
      awaitingAnswer = setTimeout(reconnect, ANSWER_MS);
    }

    window.addEventListener("online", comeBack);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") comeBack();
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) comeBack();
    });
    connect();
    return { send };
  }

  window.DameSocket = { open: openSocket };
})();
