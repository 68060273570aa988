// Dame de Pique: the one websocket loop of the pages that listen to the server (a live
// table, the « Jouer en direct » queue). It opens `path` on this site and hands every JSON
// message to `onMessage`; it reconnects by itself with backoff and some jitter (a restarted
// server is not hit by every browser at once), unless the server closed with one of
// `finalCodes` (no such table, not allowed). Back online or back on the tab, it asks for
// the state again (`{type: "refresh"}`: a push may have been missed), or reconnects at once.
(function () {
  "use strict";

  const RETRY_MS = [500, 1000, 2000, 4000, 8000];

  function openSocket(path, { onMessage, finalCodes = [] }) {
    let socket = null;
    let attempts = 0;
    let retry = null;
    let closedForGood = false;

    function send(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    }

    function connect() {
      clearTimeout(retry);
      if (socket || closedForGood) return;
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      socket = new WebSocket(scheme + location.host + path);
      socket.addEventListener("open", () => (attempts = 0));
      socket.addEventListener("message", (event) => {
        try {
          onMessage(JSON.parse(event.data));
        } catch (error) {
          console.error(error);
        }
      });
      socket.addEventListener("close", (event) => {
        socket = null;
        closedForGood = finalCodes.includes(event.code);
        if (closedForGood) return;
        const wait = RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)];
        attempts += 1;
        retry = setTimeout(connect, wait + Math.random() * wait * 0.5);
      });
    }

    function comeBack() {
      if (socket) send({ type: "refresh" });
      else connect();
    }

    window.addEventListener("online", comeBack);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") comeBack();
    });
    connect();
    return { send };
  }

  window.DameSocket = { open: openSocket };
})();
