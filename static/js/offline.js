// Dame de Pique: « Jouer hors ligne » (offline.views.play). « Préparer le jeu hors ligne »
// downloads the files offline.files lists into the cache "dame-offline-<version>", with a
// progress bar in bytes, and registers the service worker (/sw.js) that serves them when
// there is no network. The page then starts the project's own engine and bots in Pyodide
// from those files, and plays one deal with them to show it works.
const root = document.querySelector(".offline[data-files-url]");
const STORED = "dame-offline-version";

if (root && root.dataset.filesUrl) {
  const words = document.querySelector("template[data-words]").dataset;
  const part = (name) => root.querySelector(`[data-${name}]`);
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  const number = (value, digits) =>
    value.toLocaleString(document.documentElement.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const megabytes = (bytes) => number(bytes / 1e6, 1);

  function fail(message) {
    const error = part("error");
    error.textContent = message;
    error.hidden = false;
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

  // The engine and bots of this very site, in Pyodide: one deal of four Normal bots.
  async function startEngine() {
    const engine = part("engine");
    try {
      const started = performance.now();
      const { loadPyodide } = await import(root.dataset.pyodideUrl);
      const pyodide = await loadPyodide({ indexURL: root.dataset.pyodideDir });
      const zip = await (await fetch(root.dataset.zipUrl)).arrayBuffer();
      pyodide.unpackArchive(zip, "zip");
      const readyAt = performance.now();
      const points = pyodide.runPython(`
import random
from game.bots import make_bot
from game.engine import Deal, Move, PassDirection, Phase, deal_hands

bots = [make_bot("normal", seed=seat) for seat in range(4)]
deal = Deal.start(deal_hands(random.Random(1)), PassDirection.LEFT)
for seat in range(4):
    Move.passing(seat, bots[seat].choose_pass(deal.view(seat))).apply(deal)
while deal.phase != Phase.FINISHED:
    seat = deal.turn
    Move.playing(seat, bots[seat].choose_play(deal.view(seat))).apply(deal)
sum(deal.points_taken)
`);
      const dealMs = performance.now() - readyAt;
      root.dataset.enginePoints = String(points);
      engine.textContent = fill(words.engineText, {
        start: number((readyAt - started) / 1000, 1),
        deal: number(dealMs, 0),
      });
      engine.hidden = false;
    } catch (error) {
      console.error(error);
      fail(words.engineFailed);
    }
  }

  async function begin() {
    const stored = localStorage.getItem(STORED);
    let list = null;
    try {
      list = await fileList();
    } catch (error) {
      // No network: what was prepared before, if anything, is what there is.
      if (stored) {
        showReady();
        await startEngine();
      } else fail(words.failed);
      return;
    }
    if (stored === list.version) {
      showReady();
      await registerWorker(list.version);
      await startEngine();
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
        await startEngine();
      } catch (error) {
        console.error(error);
        button.disabled = false;
        fail(words.failed);
      }
    });
  }

  begin();
}
