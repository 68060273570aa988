// Dame de Pique: the « Jouer en direct » queue page's socket (ranked.consumers).
// The server sends this player's whole queue state after every change: this script swaps
// it in, ticks the waiting time between pushes, confirms a table found (that is the
// player showing up: a closed tab never confirms, and is dropped after 20 s), and goes to
// the table once it is dealt (socket.js reconnects).
(function () {
  "use strict";

  const root = document.querySelector("[data-queue-socket]");
  if (!root) return;

  // Once on the way to the table, later news (another "playing", a redraw) changes
  // nothing: the page is leaving.
  let leaving = false;
  let send = () => {};

  function go(url) {
    if (!url || leaving) return;
    leaving = true;
    window.location.assign(url);
  }

  function handle(message) {
    if (message.kind !== "queue" || leaving) return;
    const status = document.getElementById("queue-status");
    if (status) status.outerHTML = message.html;
    showInviteCopied();
    drawnAt = Date.now();
    if (["found", "invited", "playing"].includes(message.stage)) callBack();
    if (message.stage === "found") send({ type: "ready" });
    if (message.stage === "playing") go(message.url);
    tick();
  }

  // « Jouer une partie solo en attendant » opens a solo game in a new tab; this tab keeps
  // the place and, once a table is found, calls the player back: a notification (asked for
  // on that click), a chime (unless « Réglages » turned the sounds off) and its title. So it
  // does when the player went to another tab on their own.
  let playingElsewhere = false;
  let calledBack = false;
  let audio = null;

  root.addEventListener("submit", (event) => {
    if (!event.target.matches("[data-solo-while-waiting]")) return;
    playingElsewhere = true;
    try {
      audio ??= new AudioContext(); // made on a click, so the browser lets it play later
    } catch {
      audio = null;
    }
    if (window.Notification?.permission === "default") Notification.requestPermission();
  });

  function callBack() {
    if (calledBack || !(playingElsewhere || document.hidden)) return;
    calledBack = true;
    document.title = `♠ ${root.dataset.callTitle}`;
    chime();
    if (window.Notification?.permission !== "granted") return;
    const notice = new Notification(root.dataset.callTitle, { body: root.dataset.callBody, tag: "dame-de-pique-queue" });
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
  }

  function soundsOn() {
    try {
      return JSON.parse(localStorage.getItem("dame-de-pique:preferences"))?.sounds !== false;
    } catch {
      return true;
    }
  }

  function chime() {
    if (!audio || !soundsOn()) return;
    audio.resume();
    let at = audio.currentTime;
    for (const frequency of [660, 880, 1320]) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.2, at);
      volume.gain.exponentialRampToValueAtTime(0.001, at + 0.35);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.35);
      at += 0.2;
    }
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
    // The table with bots is offered once the wait is long enough, without a push.
    const offer = document.querySelector("[data-offer-at]");
    if (offer?.hidden && seconds >= Number(offer.dataset.offerAt)) {
      offer.hidden = false;
      document.querySelector("[data-offer-hint]")?.remove();
    }
  }

  // « Copier le lien d’invitation »: the « Jouer en direct » page with this queue's options
  // chosen, for a friend to join the same queue. The button lives in the swapped status,
  // hence one listener on the page, and « Lien copié » is said again on the button of each
  // new status (a push while the clipboard is written, or any later one, redraws it).
  let inviteCopied = false;

  function showInviteCopied() {
    const button = document.querySelector("[data-invite]");
    if (inviteCopied && button) button.textContent = button.dataset.copied;
  }

  root.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-invite]");
    if (!button) return;
    const link = new URL(button.dataset.invite, window.location.href).href;
    try {
      await navigator.clipboard.writeText(link);
      inviteCopied = true;
      showInviteCopied();
    } catch {
      window.prompt(button.textContent, link);
    }
  });

  // An invitation to a friendly table with bots (from « Classée »): the player answers,
  // « Rejoindre la table amicale » (the confirmation a table found sends on its own) or
  // « Rester en Classée ».
  root.addEventListener("click", (event) => {
    const answer = event.target.closest("[data-queue-answer]");
    if (!answer) return;
    answer.disabled = true;
    send({ type: answer.dataset.queueAnswer });
  });

  const stage = document.getElementById("queue-status")?.dataset.stage;
  if (stage === "playing") go(document.getElementById("queue-status").dataset.tableUrl);
  setInterval(tick, 1000);
  tick();
  // 4403: not signed in (the page asks to sign in). Anything else: try again.
  if (!leaving) {
    ({ send } = DameSocket.open(root.dataset.queueSocket, { onMessage: handle, finalCodes: [4403] }));
  }
})();
