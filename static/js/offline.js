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

  function write(key, value) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
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
    const pageData = document.getElementById("offline-page").textContent;
    offlinePage = pyodide.pyimport("offline.browser").OfflinePage(pageData);
    const seconds = (performance.now() - started) / 1000;
    root.dataset.engineSeconds = seconds.toFixed(2);
    engine.textContent = fill(words.engineText, { start: number(seconds, 1) });
  }

  // An answer of offline.browser: the table drawn, swapped in by htmx (table.js then
  // deals its cards out), and the record saved before anything else.
  function show(answerJson) {
    const answer = JSON.parse(answerJson);
    playing = answer.record;
    if (answer.finished) finish(answer.record, answer.totals[0]);
    else write(CURRENT, answer.record);
    let table = document.getElementById("table");
    if (!table) {
      root.hidden = true;
      document.body.classList.add("page-table");
      table = document.createElement("section");
      table.id = "table";
      slot.replaceChildren(table);
    }
    htmx.swap(table, answer.html, { swapStyle: "outerHTML" });
  }

  function newGame(target, difficulty) {
    show(offlinePage.new_game(target, difficulty));
  }

  // The table's forms, answered here: nothing of the table is posted to the server. The
  // settings' form is kept in this browser by table.js.
  document.body.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt;
    if (!form.closest("#table")) return;
    event.preventDefault();
    const address = form.getAttribute("hx-post") || "";
    if (!address.startsWith("#") || !offlinePage || acting || !form.isConnected) return;
    const action = address.slice(1);
    if (action === "play_again") {
      newGame(playing.target, playing.difficulty);
      return;
    }
    const data = new FormData(form);
    const fields = { move: data.get("move"), card: data.get("card"), cards: data.getAll("cards") };
    acting = true;
    // Out of the event first, so that the page paints « réfléchit… » before a bot thinks.
    setTimeout(() => {
      try {
        show(offlinePage.act(action, JSON.stringify(fields)));
      } finally {
        acting = false;
      }
    }, 0);
  });

  // A finished game waits in the outbox until the server has it.
  function finish(record, total) {
    const outbox = read(OUTBOX, []);
    if (!outbox.some((entry) => entry.record.id === record.id)) {
      outbox.push({ record, total, state: "waiting" });
      write(OUTBOX, outbox);
    }
    write(CURRENT, null);
    sendFinished();
  }

  function csrfToken() {
    const cookie = document.cookie.split("; ").find((item) => item.startsWith("csrftoken="));
    if (cookie) return cookie.slice("csrftoken=".length);
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  }

  let sending = false;
  async function sendFinished() {
    if (sending || !navigator.onLine) return showOutbox();
    sending = true;
    try {
      for (const entry of read(OUTBOX, []).filter((item) => item.state === "waiting")) {
        let response;
        try {
          response = await fetch(root.dataset.uploadUrl, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
            body: JSON.stringify(entry.record),
            credentials: "same-origin",
          });
        } catch {
          break; // No network after all: the next time it comes back.
        }
        const answer = await response.json().catch(() => ({}));
        // Stored (201) or stored already (200); refused by the engine (400) or another
        // player's (409): the reason is kept. Anything else (a session to renew, too many
        // at once) is tried again later.
        if (response.ok) Object.assign(entry, { state: "sent", replay: answer.replay });
        else if (response.status === 400 || response.status === 409)
          Object.assign(entry, { state: "refused", reason: answer.error || String(response.status) });
        else continue;
        write(OUTBOX, read(OUTBOX, []).map((item) => (item.record.id === entry.record.id ? entry : item)));
      }
    } finally {
      sending = false;
    }
    showOutbox();
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
          const hands = entry.record.hands;
          const summary = document.createElement("span");
          summary.textContent = fill(words.game, {
            target: entry.record.target,
            hands: hands.length,
            total: entry.total,
          });
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

  async function play() {
    await startEngine();
    const saved = read(CURRENT, null);
    if (saved) {
      try {
        show(offlinePage.resume(JSON.stringify(saved)));
        return;
      } catch (error) {
        console.error(error);
        write(CURRENT, null);
      }
    }
    const form = part("new-game");
    form.hidden = false;
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
