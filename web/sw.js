// holotable's service worker: the app's files from the network when there is one (and kept),
// from what was kept when there is none, so a page loaded once opens and works offline. Online
// tables (the rooms' API and WebSocket) are never answered from here.
//
// main.wasm is not passed through here: the page fetches it itself (index.html). It compiles from
// the kept copy when the server's file is the same (a HEAD request's validators: kept decoded, the
// copy compiles 250–300 ms sooner than the HTTP cache's brotli one, D156), and keeps the network's
// copy as it streams in when it fetched that. Passed through a worker, its 22 MB were streamed
// across and written to the cache again on every load (a warm reload's start was 200–450 ms
// slower). A few seconds after each page load the kept copy is checked against the server's (a
// HEAD request) and fetched anew only when that changed.
const CACHE = "holotable-v1"; // index.html keeps main.wasm under the same name
const FILES = ["./", "index.html", "ui.js", "game.js", "grid.js", "dice.js", "ui.css", "online.js", "online.css", "wasm_exec.js"];
const WASM = new URL("main.wasm", self.location).href;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).catch(() => {}).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  // Navigation preload: the page's own request starts while this worker boots, instead of after.
  const preload = self.registration.navigationPreload ? self.registration.navigationPreload.enable().catch(() => {}) : null;
  e.waitUntil(Promise.all([preload, caches.keys().then((ks) => Promise.all(ks.filter((k) => k !== CACHE).map((k) => caches.delete(k))))])
    .then(() => self.clients.claim()));
});

// sameFile: the two responses carry the same file: a validator to go by (ETag or Last-Modified)
// and every one of them, and the size, equal (index.html's same, for the page's own choice).
const sameFile = (a, b) => !!(a.headers.get("ETag") || a.headers.get("Last-Modified")) &&
  ["ETag", "Last-Modified", "Content-Length"].every((h) => a.headers.get(h) === b.headers.get(h));

// keepWasm refreshes the kept main.wasm when the server's differs, after the page has started:
// a HEAD request first, the file itself only when it changed (or none is kept).
const keepWasm = () => new Promise((ok) => setTimeout(ok, 5000))
  .then(() => Promise.all([caches.open(CACHE), fetch(WASM, { method: "HEAD", cache: "no-store" })]))
  .then(([c, head]) => c.match(WASM).then((kept) => {
    if (!head.ok || (kept && sameFile(kept, head))) return;
    return fetch(WASM, { cache: "no-cache" }).then((resp) => (resp.ok ? c.put(WASM, resp) : resp.body && resp.body.cancel()));
  }))
  .catch(() => {}); // offline: keep what is kept

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/") || url.pathname === "/ws") return;
  if (url.href.split("?")[0] === WASM) return;
  const navigate = e.request.mode === "navigate";
  if (navigate) e.waitUntil(keepWasm());
  const net = navigate && e.preloadResponse ? e.preloadResponse.then((r) => r || fetch(e.request)) : fetch(e.request);
  e.respondWith(net.then((resp) => {
    if (resp.ok) { const copy = resp.clone(); caches.open(CACHE).then((c) => c.put(e.request, copy)); }
    return resp;
  }).catch(() => caches.match(e.request, { ignoreSearch: true }).then((r) => r || Response.error())));
});
