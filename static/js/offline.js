// Dame de Pique: « Jouer hors ligne » (offline.views.play).
//  - « Préparer le jeu hors ligne » downloads the files offline.files lists into the cache
//    "dame-offline-<version>", with a progress bar in bytes, and registers the service
//    worker (/sw.js) that serves them when there is no network.
//  - The game: the site's own engine, bots and table (offline.browser, Django's template
//    engine included) run in Pyodide and draw the very table the server draws; this script
//    answers the table's forms (their addresses are "#action", offline.device.OFFLINE_URLS)
//    instead of posting them, and table.js animates the answer as on the server's pages.
//  - The record of the game is saved after every card (localStorage: a reload, a closed
//    browser resume it), and a finished game is sent to the server when the connection
//    allows (offline.views.upload); a refusal's reason stays here beside the game.
const root = document.querySelector(".offline[data-files-url]");
const STORED = "dame-offline-version";
const CURRENT = "dame-offline:game";
const OUTBOX = "dame-offline:outbox";
// A saved game this release could not resume, kept rather than lost.
const BROKEN = "dame-offline:unreadable";
const RETRY_MS = 30_000;

if (root && root.dataset.filesUrl) {
  const words = document.querySelector("template[data-words]").dataset;
  const part = (name) => document.querySelector(`[data-${name}]`);
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  const number = (value, digits) =>
    value.toLocaleString(document.documentElement.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const megabytes = (bytes) => number(bytes / 1e6, 1);
  const slot = document.querySelector("[data-table-slot]");
  let offlinePage = null;
  // The record of the game on the table (« Rejouer » starts another like it).
  let playing = null;
  let acting = false;

  function fail(message) {
    const error = part("error");
    error.textContent = message;
    error.hidden = false;
  }

  function read(key, fallback) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
    } catch {
      return fallback;
    }
  }

  // Whether it was kept (a full or forbidden storage says no: the page says so).
  function write(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (error) {
      console.error(error);
      return false;
    }
  }

  function sayOnTable(message) {
    const status = document.querySelector("#table [data-status]");
    if (!status) return fail(message);
    status.textContent = message;
    status.classList.add("status--error");
  }

  async function fileList() {
    const response = await fetch(root.dataset.filesUrl, { cache: "no-store" });
    if (!response.ok) throw new Error(`${root.dataset.filesUrl}: ${response.status}`);
    return response.json();
  }

  // Every file read as it arrives, so that the bar moves with the bytes; a file is put in
  // the cache once whole, with its type (WebAssembly must be served as such).
  async function prepare(list) {
    const progress = part("progress");
    const shown = part("bytes");
    progress.max = list.total;
    progress.hidden = false;
    const cache = await caches.open("dame-offline-" + list.version);
    let done = 0;
    const show = () => {
      progress.value = Math.min(done, list.total);
      shown.textContent = fill(words.megabytes, {
        done: megabytes(Math.min(done, list.total)),
        total: megabytes(list.total),
      });
    };
    show();
    for (const file of list.files) {
      const response = await fetch(file.url, { cache: "no-store" });
      if (!response.ok) throw new Error(`${file.url}: ${response.status}`);
      const reader = response.body.getReader();
      const chunks = [];
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        chunks.push(value);
        if (file.bytes) done += value.length;
        show();
      }
      const type = response.headers.get("Content-Type") || "application/octet-stream";
      await cache.put(file.url, new Response(new Blob(chunks, { type }), { headers: { "Content-Type": type } }));
    }
    localStorage.setItem(STORED, list.version);
  }

  async function registerWorker(version) {
    if (!("serviceWorker" in navigator)) return;
    await navigator.serviceWorker.register(root.dataset.workerUrl, { scope: "/" });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: "prepared", version });
  }

  function showReady() {
    part("prepare").hidden = true;
    part("ready").hidden = false;
  }

  // The site's engine, bots, table and templates in Pyodide (offline.browser).
  async function startEngine() {
    const engine = part("engine");
    engine.textContent = words.starting;
    engine.hidden = false;
    const started = performance.now();
    const { loadPyodide } = await import(root.dataset.pyodideUrl);
    const pyodide = await loadPyodide({ indexURL: root.dataset.pyodideDir });
    for (const url of root.dataset.zipUrls.split(" ")) {
      pyodide.unpackArchive(await (await fetch(url)).arrayBuffer(), "zip");
    }
    const pageData = JSON.parse(document.getElementById("offline-page").textContent);
    pageData.preferences = JSON.parse(document.getElementById("preferences").textContent);
    offlinePage = pyodide.pyimport("offline.browser").OfflinePage(JSON.stringify(pageData));
    const seconds = (performance.now() - started) / 1000;
    root.dataset.engineSeconds = seconds.toFixed(2);
    engine.textContent = fill(words.engineText, { start: number(seconds, 1) });
  }

  // An answer of offline.browser: the record saved first, then the table drawn, swapped
  // in by htmx (table.js then deals its cards out as on the server's pages).
  function show(answerJson) {
    const answer = JSON.parse(answerJson);
    playing = answer.record;
    const kept = answer.finished ? finish(answer.record, answer.totals[0]) : write(CURRENT, answer.record);
    let table = document.getElementById("table");
    if (!table) {
      root.hidden = true;
      document.body.classList.add("page-table");
      table = document.createElement("section");
      table.id = "table";
      slot.replaceChildren(table);
    }
    htmx.swap(table, answer.html, { swapStyle: "outerHTML" });
    if (!kept) sayOnTable(words.storageFull);
  }

  // A call into the game that fails (a bug, a release gone wrong) leaves the table as the
  // record says, with the reason, never a table that waits for nothing.
  function run(call) {
    try {
      show(call());
    } catch (error) {
      console.error(error);
      try {
        if (playing) show(offlinePage.resume(JSON.stringify(playing)));
      } finally {
        sayOnTable(words.actionFailed);
      }
    }
  }

  function newGame(target, difficulty) {
    run(() => offlinePage.new_game(target, difficulty));
  }

  // The table's forms, answered here (their addresses are "#action"): nothing of the game
  // is posted. The settings' form goes to the account when there is a network (table.js
  // keeps the settings in this browser in any case).
  document.body.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt;
    if (!form.closest("#table")) return;
    const address = form.getAttribute("hx-post") || "";
    if (!address.startsWith("#")) {
      if (!navigator.onLine) event.preventDefault();
      return;
    }
    event.preventDefault();
    if (!offlinePage || acting || !form.isConnected) return;
    const action = address.slice(1);
    if (action === "play_again") {
      newGame(playing.target, playing.difficulty);
      return;
    }
    const data = new FormData(form);
    const fields = {
      move: data.get("move"),
      card: data.get("card"),
      cards: data.getAll("cards"),
      difficulty: data.get("difficulty"),
    };
    acting = true;
    // After the next paint, so that « réfléchit… » shows before a bot thinks.
    requestAnimationFrame(() =>
      setTimeout(() => {
        try {
          run(() => offlinePage.act(action, JSON.stringify(fields)));
        } finally {
          acting = false;
        }
      }, 0),
    );
  });

  // Another tab of this page played on, or finished, or started another game: this one
  // follows, rather than play a second game under the same name.
  window.addEventListener("storage", (event) => {
    if (event.key === OUTBOX) showOutbox();
    if (event.key !== CURRENT || !offlinePage || !playing) return;
    if (event.newValue) run(() => offlinePage.resume(event.newValue));
    else window.location.reload();
  });

  // A finished game waits in the outbox until the server has it; whether it was kept.
  function finish(record, total) {
    const outbox = read(OUTBOX, []);
    if (!outbox.some((entry) => entry.id === record.id)) {
      outbox.push({ id: record.id, target: record.target, hands: record.hands.length, total, record, state: "waiting" });
    }
    const kept = write(OUTBOX, outbox);
    if (kept) write(CURRENT, null);
    sendFinished();
    return kept;
  }

  function csrfToken() {
    const cookie = document.cookie.split("; ").find((item) => item.startsWith("csrftoken="));
    if (cookie) return cookie.slice("csrftoken=".length);
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  }

  // One sender at a time; it goes on while games wait, and tries again later when the
  // server could not take them (no network, a session to renew, too many at once).
  let sending = false;
  let retry = null;
  const waitingGames = () => read(OUTBOX, []).filter((item) => item.state === "waiting");
  async function sendFinished() {
    if (sending) return;
    sending = true;
    clearTimeout(retry);
    const tried = new Set();
    try {
      for (;;) {
        const entry = waitingGames().find((item) => !tried.has(item.id));
        if (!entry || !navigator.onLine) break;
        tried.add(entry.id);
        await send(entry);
      }
    } finally {
      sending = false;
      showOutbox();
    }
    if (waitingGames().length && navigator.onLine) retry = setTimeout(sendFinished, RETRY_MS);
  }

  // Stored (201) or stored already (200): only its summary and replay stay here. Refused
  // by the engine (400) or another player's (409): the reason is kept beside it.
  async function send(entry) {
    const update = (changes) =>
      write(OUTBOX, read(OUTBOX, []).map((item) => (item.id === entry.id ? { ...item, ...changes } : item)));
    let response;
    try {
      response = await fetch(root.dataset.uploadUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify(entry.record),
        credentials: "same-origin",
      });
    } catch {
      return; // No network after all: tried again later.
    }
    const answer = await response.json().catch(() => ({}));
    if (response.ok) update({ state: "sent", replay: answer.replay, record: null });
    else if (response.status === 400 || response.status === 409)
      update({ state: "refused", reason: answer.error || String(response.status) });
  }

  function showOutbox() {
    const outbox = read(OUTBOX, []);
    const list = part("outbox-list");
    part("outbox").hidden = !outbox.length;
    list.replaceChildren(
      ...outbox
        .slice()
        .reverse()
        .map((entry) => {
          const item = document.createElement("li");
          item.className = `offline__game offline__game--${entry.state}`;
          const summary = document.createElement("span");
          summary.textContent = fill(words.game, { target: entry.target, hands: entry.hands, total: entry.total });
          const state = document.createElement("span");
          state.className = "offline__state";
          state.textContent =
            entry.state === "sent"
              ? words.sent
              : entry.state === "refused"
                ? fill(words.refused, { reason: entry.reason })
                : words.waiting;
          item.append(summary, " ", state);
          if (entry.state === "sent" && entry.replay) {
            const link = document.createElement("a");
            link.href = entry.replay;
            link.textContent = words.review;
            item.append(" ", link);
          }
          return item;
        }),
    );
  }

  // The saved game, unless the menu's « Nouvelle partie » asked for another (?nouvelle):
  // then the choice of a new one, with the way back to the saved game.
  async function play() {
    await startEngine();
    const saved = read(CURRENT, null);
    const wantsNew = new URLSearchParams(window.location.search).has("nouvelle");
    if (saved && !wantsNew) {
      try {
        show(offlinePage.resume(JSON.stringify(saved)));
        return;
      } catch (error) {
        // Kept aside, not lost: a later release may read it again.
        console.error(error);
        write(BROKEN, saved);
        write(CURRENT, null);
        fail(words.actionFailed);
      }
    }
    const form = part("new-game");
    form.hidden = false;
    part("resume").hidden = !(saved && wantsNew);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      newGame(Number(data.get("target")), data.get("difficulty"));
    });
  }

  async function begin() {
    showOutbox();
    window.addEventListener("online", sendFinished);
    const stored = localStorage.getItem(STORED);
    let list = null;
    try {
      list = await fileList();
    } catch {
      // No network: what was prepared before, if anything, is what there is.
      if (stored) {
        showReady();
        await play();
      } else fail(words.failed);
      return;
    }
    sendFinished();
    if (stored === list.version) {
      showReady();
      await registerWorker(list.version);
      await play();
      return;
    }
    part("size").textContent = fill(words.sizeText, { total: megabytes(list.total) });
    const button = part("prepare-button");
    button.addEventListener("click", async () => {
      button.disabled = true;
      part("error").hidden = true;
      try {
        await prepare(list);
        await registerWorker(list.version);
        showReady();
      } catch (error) {
        console.error(error);
        button.disabled = false;
        fail(words.failed);
        return;
      }
      await play();
    });
  }

  begin().catch((error) => {
    console.error(error);
    fail(words.engineFailed);
  });
}
