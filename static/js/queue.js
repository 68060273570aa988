// Dame de Pique: the « Jouer en direct » queue page's socket (ranked.consumers).
// The server sends this player's whole queue state after every change: this script swaps
// it in, ticks the waiting time between pushes, confirms a table found (that is the
// player showing up: a closed tab never confirms, and is dropped after 20 s), and goes to
// the table once it is dealt. It reconnects by itself with backoff.
(function () {
  "use strict";

  const RETRY_MS = [500, 1000, 2000, 4000, 8000];
  let socket = null;
  let attempts = 0;
  const root = document.querySelector("[data-queue-socket]");
  if (!root) return;

  function go(url) {
    if (url) window.location.assign(url);
  }

  function handle(message) {
    if (message.kind !== "queue") return;
    const status = document.getElementById("queue-status");
    if (status) status.outerHTML = message.html;
    drawnAt = Date.now();
    if (message.stage === "found") send({ type: "ready" });
    if (message.stage === "playing") go(message.url);
    tick();
  }

  function send(message) {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.dataset.queueSocket);
    socket.addEventListener("open", () => (attempts = 0));
    socket.addEventListener("message", (event) => {
      try {
        handle(JSON.parse(event.data));
      } catch (error) {
        console.error(error);
      }
    });
    socket.addEventListener("close", (event) => {
      socket = null;
      if (event.code === 4403) return;
      const wait = RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)];
      attempts += 1;
      setTimeout(connect, wait + Math.random() * wait * 0.5);
    });
  }

  // The server says how long the player had waited when it drew the state; the page adds
  // the time since (no trust in the device's clock being set right).
  let drawnAt = Date.now();

  function tick() {
    const waited = document.querySelector("[data-waited-seconds]");
    if (!waited) return;
    const seconds = Number(waited.dataset.waitedSeconds) + Math.floor((Date.now() - drawnAt) / 1000);
    const minutes = Math.floor(seconds / 60);
    waited.textContent = minutes ? `${minutes} min ${String(seconds % 60).padStart(2, "0")} s` : `${seconds} s`;
  }

  const stage = document.getElementById("queue-status")?.dataset.stage;
  if (stage === "playing") go(document.getElementById("queue-status").dataset.tableUrl);
  setInterval(tick, 1000);
  tick();
  connect();
})();
