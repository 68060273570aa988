// Dame de Pique: the table in the browser. The server decides everything and sends the
// final table; this script only
//  - deals out the moves of the last action one at a time over that final table (the
//    server never waits: pacing belongs here), with « Avance rapide » and a tap on the
//    trick to skip;
//  - asks the server to go on (« avancer ») when the bots still have moves to make;
//  - lets the player select then play a card, or choose three cards to pass, and shows
//    the refusal reason of a dimmed card at once (the server checks everything again).
(function () {
  "use strict";

  const STEP_MS = 500;
  const TRICK_SHOWN_MS = 900;
  const COLLECT_MS = 350;
  // How long a table whose bots think in another request waits before asking again.
  const BUSY_RETRY_MS = 800;
  // « Jouer automatiquement une carte seule possible »: the card goes after this pause.
  const AUTO_PLAY_MS = 350;
  const text = JSON.parse(document.getElementById("table-text")?.textContent || "{}");

  // « Réglages »: the account's when it has saved some, else this browser's (localStorage),
  // else the defaults the page gives (accounts.selectors.PlayerPreferences).
  const SPEEDS = { lente: 1.6, normale: 1, rapide: 0.45, instantanee: 0 };
  const STORE_KEY = "dame-de-pique:preferences";
  const fromPage = JSON.parse(document.getElementById("preferences")?.textContent || "{}");
  const preferences = loadPreferences();
  // An account with no saved settings is given this browser's once per page.
  let seeded = false;
  applyCardSize();

  function loadPreferences() {
    const settings = { speed: "normale", auto_play: false, card_size: "normale", sounds: false };
    let stored = null;
    try {
      stored = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    } catch {
      stored = null;
    }
    const source = fromPage.saved || !stored ? fromPage : stored;
    for (const name of Object.keys(settings)) {
      if (typeof source[name] === typeof settings[name]) settings[name] = source[name];
    }
    if (!(settings.speed in SPEEDS)) settings.speed = "normale";
    remember(settings);
    return settings;
  }

  function remember(settings) {
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(settings));
    } catch {
      // Private browsing without storage: the settings last as long as the page.
    }
  }

  function applyCardSize() {
    document.documentElement.dataset.cardSize = preferences.card_size;
  }

  // The settings form shows what is in force (the page drew the server's values), and each
  // change applies at once; htmx posts it to the account (accounts.views.preferences).
  function setUpPreferences(table) {
    const form = table.querySelector("[data-preferences-form]");
    if (!form) return;
    for (const input of form.elements) {
      if (!(input.name in preferences)) continue;
      if (input.type === "checkbox") input.checked = preferences[input.name];
      else if (input.type === "radio") input.checked = input.value === preferences[input.name];
    }
    form.addEventListener("change", () => {
      const data = new FormData(form);
      preferences.speed = data.get("speed") || preferences.speed;
      preferences.card_size = data.get("card_size") || preferences.card_size;
      preferences.auto_play = data.has("auto_play");
      preferences.sounds = data.has("sounds");
      remember(preferences);
      applyCardSize();
    });
    // An account that never saved any takes this browser's on its first table.
    if (fromPage.signed_in && !fromPage.saved && !seeded) {
      seeded = true;
      htmx.trigger(form, "change");
    }
  }

  // Short sounds made by the browser itself (Web Audio), off unless chosen in « Réglages ».
  let audio = null;
  function sound(kind) {
    if (!preferences.sounds || !window.AudioContext) return;
    audio ||= new AudioContext();
    const notes = { card: [[660, 0.05]], win: [[523, 0.12], [659, 0.12], [784, 0.25]] }[kind];
    let at = audio.currentTime;
    for (const [frequency, length] of notes) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.08, at);
      volume.gain.exponentialRampToValueAtTime(0.001, at + length);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + length);
      at += length;
    }
  }

  let skipPause = null;
  // « Avance rapide » lasts until the table waits for the player again: through every
  // batch of the bots' moves (a Difficile turn comes in several answers).
  let fastForward = false;
  // Focus follows the hand after each swap only for keyboard players.
  let usingKeyboard = false;
  document.addEventListener("keydown", () => (usingKeyboard = true), true);
  document.addEventListener("pointerdown", () => (usingKeyboard = false), true);

  function pause(ms) {
    const factor = SPEEDS[preferences.speed];
    if (fastForward || !factor) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        skipPause = null;
        resolve();
      };
      const timer = setTimeout(done, ms * factor);
      skipPause = done;
    });
  }

  function say(table, message, isError) {
    const status = table.querySelector("[data-status]");
    if (!status) return;
    status.textContent = message;
    status.classList.toggle("status--error", Boolean(isError));
  }

  // The seats' points, the moon threat and the markers as they stood when a replayed card
  // landed (play.table.table_state): nothing shows a trick's result before its cards.
  // `scored` false: the card that ends a trick has landed but the trick is not yet taken,
  // so the points and the moon threat it brings wait for the collection (called again).
  function showState(table, json, scored = true) {
    if (!json) return;
    const state = JSON.parse(json);
    if (scored) {
      for (const [place, label] of Object.entries(state.points)) {
        const points = table.querySelector(`.seat--${place} .seat__points`);
        if (points) points.textContent = label;
      }
    }
    for (const [place, [count, label]] of Object.entries(state.cards)) {
      const cards = table.querySelector(`.seat--${place} .seat__cards`);
      if (!cards) continue;
      cards.dataset.cards = count;
      cards.querySelector(".seat__count").textContent = count;
      cards.querySelector(".seat__cards-label").textContent = label;
    }
    for (const seat of table.querySelectorAll(".seat")) {
      seat.classList.toggle("is-turn", seat.classList.contains(`seat--${state.turn}`));
      if (!scored) continue;
      const threatened = seat.classList.contains(`seat--${state.moon}`);
      seat.classList.toggle("is-moon", threatened);
      const badge = seat.querySelector(".badge--moon");
      if (threatened && !badge) {
        seat.querySelector(".seat__score")?.after(marker("badge badge--moon", text.moonThreat));
      } else if (!threatened) badge?.remove();
    }
    const markers = table.querySelector(".markers");
    if (!markers) return;
    for (const [kind, shown, label] of [
      ["hearts", state.hearts, text.heartsBroken],
      ["queen", state.queen, text.queenPlayed],
    ]) {
      const present = markers.querySelector(`.marker--${kind}`);
      if (shown && !present) {
        const element = marker(`marker marker--${kind}`, label);
        if (kind === "hearts") markers.prepend(element);
        else markers.append(element);
      } else if (!shown) present?.remove();
    }
  }

  function marker(className, label) {
    const element = document.createElement("span");
    element.className = className;
    element.textContent = label;
    return element;
  }

  async function replay(table) {
    const steps = table.querySelectorAll("[data-replay-steps] > .played");
    if (!steps.length) return;
    const stage = table.querySelector(".trick__stage");
    table.classList.add("is-replaying");
    const start = table.querySelector("[data-replay-start]");
    const final = steps[steps.length - 1].dataset.state;
    showState(table, start?.dataset.state);
    for (const card of table.querySelectorAll("[data-replay-start] > .played")) {
      stage.append(card.cloneNode(true));
    }
    for (const [index, step] of steps.entries()) {
      if (index > 0) await pause(STEP_MS);
      if (!table.isConnected) return;
      stage.append(step.cloneNode(true));
      const winner = step.dataset.wins;
      showState(table, step.dataset.state, !winner);
      sound("card");
      if (winner) {
        await pause(TRICK_SHOWN_MS);
        stage.classList.add("is-collecting", "to-" + winner);
        await pause(COLLECT_MS);
        if (!table.isConnected) return;
        stage.className = "trick__stage";
        stage.replaceChildren();
        showState(table, step.dataset.state);
      }
    }
    stage.replaceChildren();
    showState(table, final);
    table.classList.remove("is-replaying");
  }

  function advance(table) {
    const form = table.querySelector("[data-advance]");
    if (form) htmx.trigger(form, "submit");
  }

  function focusHand(table) {
    if (!usingKeyboard) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const input =
      table.querySelector(".hand__card input:checked") ||
      table.querySelector(".hand__card:not(.is-dimmed) input:not(:disabled)");
    input?.focus({ preventScroll: true });
  }

  function setUpHand(table) {
    const form = table.querySelector("[data-hand]");
    if (!form) return;
    const passing = form.classList.contains("hand--passing");
    const inputs = [...form.querySelectorAll(".hand__card input")];
    const submit = form.querySelector("[data-submit]");
    const chosen = () => inputs.filter((input) => input.checked);
    const reasonOf = (input) => input.closest(".hand__card").dataset.reason || "";

    const refresh = () => {
      if (!submit) return;
      const picked = chosen();
      submit.disabled = passing
        ? picked.length !== 3
        : picked.length !== 1 || Boolean(reasonOf(picked[0]));
    };

    form.addEventListener("click", (event) => {
      const card = event.target.closest(".hand__card");
      // A click on a label is followed by one on its input: act on the label's only.
      if (!card || event.target.matches("input")) return;
      const input = card.querySelector("input");
      if (card.dataset.reason) {
        event.preventDefault();
        say(table, card.dataset.reason, true);
      } else if (!passing && input.checked) {
        event.preventDefault();
        form.requestSubmit();
      }
    });

    form.addEventListener("change", (event) => {
      const input = event.target;
      if (passing && input.checked && chosen().length > 3) {
        input.checked = false;
        say(table, text.threeChosen, true);
      } else if (!passing && reasonOf(input)) {
        say(table, reasonOf(input), true);
      } else {
        say(table, "", false);
      }
      refresh();
    });

    // Arrow keys move between the cards, Enter selects (and plays a selected card). The
    // hand is one tab stop, like a radio group, so Tab goes on to the buttons.
    const tabStop = (target) => {
      for (const input of inputs) input.tabIndex = input === target ? 0 : -1;
    };
    if (passing && inputs.length) tabStop(inputs[0]);
    form.addEventListener("keydown", (event) => {
      const input = event.target;
      if (!inputs.includes(input)) return;
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
      if (step && passing) {
        event.preventDefault();
        const next = inputs[(inputs.indexOf(input) + step + inputs.length) % inputs.length];
        tabStop(next);
        next.focus();
      } else if (event.key === "Enter") {
        event.preventDefault();
        input.closest(".hand__card").click();
      }
    });

    form.querySelector("[data-hint-button]")?.addEventListener("click", (event) => {
      for (const input of inputs) input.checked = input.hasAttribute("data-hint");
      refresh();
      say(table, text.suggestion + " " + event.currentTarget.dataset.hintText, false);
      form.querySelector("input[data-hint]")?.focus({ preventScroll: true });
    });

    refresh();
  }

  // The one card the rules allow, played for the player who chose so in « Réglages ».
  function autoPlay(table) {
    if (!preferences.auto_play) return;
    const form = table.querySelector("form.hand--playing");
    const playable = form ? [...form.querySelectorAll(".hand__card:not(.is-dimmed) input")] : [];
    if (playable.length !== 1) return;
    playable[0].checked = true;
    setTimeout(() => table.isConnected && form.requestSubmit(), AUTO_PLAY_MS * (SPEEDS[preferences.speed] || 0));
  }

  // « Feuille de marque » (menu, result panel): a dialog that stays open across the
  // table's swaps (a live table swaps on every card of the others).
  let sheetOpen = false;
  function setUpSheet(table) {
    const sheet = table.querySelector("[data-sheet]");
    if (!sheet) return;
    const open = () => {
      htmx.trigger(sheet.querySelector("[data-sheet-body]"), "load-sheet");
      sheet.showModal();
      sheetOpen = true;
    };
    for (const button of table.querySelectorAll("[data-open-sheet]")) {
      button.addEventListener("click", () => {
        button.closest("details")?.removeAttribute("open");
        open();
      });
    }
    sheet.addEventListener("close", () => (sheetOpen = false));
    if (sheetOpen) open();
  }

  function start(table) {
    setUpHand(table);
    setUpPreferences(table);
    setUpSheet(table);
    table.querySelector(".trick")?.addEventListener("click", () => skipPause?.());
    table.querySelector("[data-fast-forward]")?.addEventListener("click", () => {
      fastForward = true;
      skipPause?.();
    });
    replay(table).then(() => {
      if (!table.isConnected) return;
      if (!table.dataset.botsPending) {
        fastForward = false;
        focusHand(table);
        autoPlay(table);
        if (table.querySelector(".result--victory")) sound("win");
      }
      // The bots think in another request (another tab): ask again in a moment.
      else if (table.dataset.botsBusy) setTimeout(() => table.isConnected && advance(table), BUSY_RETRY_MS);
      else advance(table);
    });
  }

  htmx.onLoad((element) => {
    const table = element.id === "table" ? element : element.querySelector?.("#table");
    if (table) start(table);
  });

  // A refused action comes back as a table (400, 409, 429); anything else leaves the table as
  // it was and says why (503: the server had no database connection to lend, docs/security.md).
  const STATUS_TEXT = { 403: "expired", 404: "notFound", 503: "busy" };
  document.body.addEventListener("htmx:responseError", (event) => {
    const table = document.getElementById("table");
    const message = text[STATUS_TEXT[event.detail.xhr.status] || "failed"];
    if (table) say(table, message, true);
  });
  document.body.addEventListener("htmx:sendError", () => {
    const table = document.getElementById("table");
    if (table) say(table, text.failed, true);
  });

  // Back to a page kept in the browser's memory: the game may have moved on since.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) window.location.reload();
  });
})();
