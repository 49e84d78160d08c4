// Companion's service worker (written into the phone build by companion/site/build.py, which fills in
// VERSION, KEPT, BUILDS and FONTS). After the first visit every file of this version is in the browser's
// cache and the app opens and plays with the network off.
// - Installed in the background on a visit; it keeps every file of KEPT and those of the client build
//   this browser takes (the page names it: service_worker.js?build=...; all of them when it did not),
//   each asked with "no-cache": a file the page has just downloaded is confirmed, not downloaded again.
//   A build's file the page asks for that is not kept yet is kept then.
// - A new version waits while a tab of the old one is open: a phone in the middle of a game is never cut
//   off. The next time Companion opens (its page the only one), the page asks it to take over ("take
//   over") and loads again, from the new version; the old version's files then go.
// - Fonts for names in other scripts: Flutter asks for Google Fonts' slices of a family; a slice cut from
//   Companion's own font of that family (SLICES: fonts/slices/<family>/<its name>) answers it, else that
//   family's whole font from this folder (FONTS), as the laptop answers them. Each is kept the first
//   time a name needs it; Companion's own (OWN_FONTS: emoji, Chinese, Arabic, their slices too) also once the page
//   says Companion's first screen is shown ("keep fonts", at each start until all are kept): not while
//   the first visit downloads what Companion starts with, and a name in them drawn later offline draws.
//   This machine's (Japanese, Korean...: fonts/this-machine/, 16 MB each) only when needed.
"use strict";

const VERSION = "__VERSION__";
const CACHE = "companion-" + VERSION;
const KEPT = __KEPT__;
const BUILDS = __BUILDS__;
const FONTS = __FONTS__;
const OWN_FONTS = __OWN_FONTS__;
const SLICES = __SLICES__;
const BUILD = new URL(self.location.href).searchParams.get("build");
const OPTIONAL = new Set(Object.values(BUILDS).flat());
const SLICE = /\/assets\/fonts\/(noto[a-z0-9]+)\/v\d+\/([A-Za-z0-9_-]+(?:\.\d+)?\.woff2)$/;

self.addEventListener("install", (event) => {
  const build = BUILD in BUILDS ? BUILDS[BUILD] : [...OPTIONAL];
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll([...KEPT, ...build].map((path) => new Request(path, {cache: "no-cache"})))));
});

self.addEventListener("message", (event) => {
  if (event.data === "keep fonts") return event.waitUntil(keepFonts());
  if (event.data !== "take over") return;
  event.waitUntil(self.clients.matchAll({type: "window"}).then((open) => {
    if (open.length <= 1) return self.skipWaiting();  // no other tab is in the middle of a game
  }));
});

async function keepFonts() {
  const cache = await caches.open(CACHE);
  for (const path of OWN_FONTS) {
    const url = new URL(path, self.registration.scope).href;
    if (!(await cache.match(url))) await cache.add(url).catch(() => {});  // offline now: asked again next start
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("companion-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  let path = url.pathname.slice(scope.pathname.length);
  if (request.mode === "navigate" || path === "") path = "index.html";  // every screen is the page (hash routes)
  const slice = SLICE.exec(url.pathname);
  if (slice) {
    if (!(slice[1] in FONTS)) return event.respondWith(new Response("No such font here.", {status: 404}));
    path = (SLICES[slice[1]] || []).includes(slice[2]) ? `fonts/slices/${slice[1]}/${slice[2]}` : FONTS[slice[1]];
  }
  event.respondWith(answer(path));
});

async function answer(path) {
  const cache = await caches.open(CACHE);
  const url = new URL(path, self.registration.scope).href;
  const kept = await cache.match(url);
  if (kept) return kept;
  const response = await fetch(url);
  if (response.ok && (path.startsWith("fonts/") || OPTIONAL.has(path))) await cache.put(url, response.clone());
  return response;
}
