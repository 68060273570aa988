// Dame de Pique's service worker (offline.views.service_worker), at the site's root. The
// page « Jouer hors ligne » downloads the offline game's files into the cache
// "dame-offline-<version>" (static/js/offline.js); this worker then answers from it: a
// page that cannot be reached (no network) is the offline game for « Jouer hors ligne »
// and the home page, and « Disponible avec une connexion » for any other. Pyodide and the
// zips come from the cache first; the rest from the network when there is one. Once a new
// version is prepared, the older caches are deleted.
const PREFIX = "dame-offline-";
const PLAY = "{% url 'offline:play' %}";
const NO_CONNECTION = "{% url 'offline:no_connection' %}";
const HOME = "{% url 'game:home' %}";
const BUILD = "{% load static %}{% get_static_prefix %}offline/build/";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("message", (event) => {
  // The page says which version it has just prepared: the others go.
  if (event.data?.type !== "prepared") return;
  const keep = PREFIX + event.data.version;
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== keep).map((name) => caches.delete(name))),
    ),
  );
});

async function fromCache(request) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const hit = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (hit) return hit;
  }
  return undefined;
}

// « Jouer hors ligne » fetched with the network: the cached copy is replaced, so that the
// page the worker serves offline carries the visitor's current session and settings. Only
// in the cache of the files that page names (its X-Offline-Version): a newer release's page
// names files an older cache does not hold, and waits for « Préparer le jeu hors ligne ».
async function refreshPlayPage(copy) {
  const name = PREFIX + copy.headers.get("X-Offline-Version");
  if (await caches.has(name)) await (await caches.open(name)).put(PLAY, copy);
}

// The offline game for « Jouer hors ligne » and the home page, « Disponible avec une
// connexion » for any other page.
async function offlinePage(url) {
  const page = url.pathname === PLAY || url.pathname === HOME ? PLAY : NO_CONNECTION;
  return (await fromCache(page)) || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    // A page, or a form sent as one (the language switch): without a network, the offline
    // game or « Disponible avec une connexion », never the browser's error.
    event.respondWith(
      fetch(request).then(
        async (response) => {
          if (request.method === "GET" && url.pathname === PLAY && response.ok) {
            event.waitUntil(refreshPlayPage(response.clone()));
          }
          // A server that answers but fails (a restart, an outage): the game still plays.
          if (response.status >= 500 && (url.pathname === PLAY || url.pathname === HOME)) {
            return (await fromCache(PLAY)) || response;
          }
          return response;
        },
        () => offlinePage(url),
      ),
    );
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith(BUILD)) {
    // Pyodide and the zips: big, and part of the version: the cache first.
    event.respondWith(fromCache(request).then((hit) => hit || fetch(request)));
    return;
  }
  // Anything else (styles, scripts): the network's when there is one, else the cache's.
  event.respondWith(fetch(request).catch(async () => (await fromCache(request)) || Response.error()));
});
