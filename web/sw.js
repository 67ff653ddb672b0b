// Service worker: the whole site (runtime included) precached per build, served
// cache-first, so the game plays offline after one visit.
//
// build.py replaces the placeholder below with
// {"build": id, "files": [...], "integrity": {file: "sha256-..."}}.
// A new build therefore changes this file's bytes, which is how the browser
// notices an update. The new worker precaches into a fresh cache, then waits
// (no skipWaiting) until no page runs the old build: a running page never mixes
// old and new files. On activation it deletes the caches of older builds.

const MANIFEST = "__BUILD_MANIFEST__";
const CACHE_PREFIX = "jaipur-";
const CACHE_NAME = CACHE_PREFIX + MANIFEST.build;
const SCOPE = new URL("./", self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOldBuilds().then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if ((request.method === "GET" || request.method === "HEAD") && request.url.startsWith(SCOPE)) {
    event.respondWith(cacheFirst(request));
  }
});

// All or nothing: every file is fetched and checked against the hash build.py
// recorded before any is stored, so a half-uploaded deploy (this worker beside
// an older or newer file) fails the install and the previous build, still
// active, keeps serving its own complete cache.
async function precache() {
  const responses = await Promise.all(MANIFEST.files.map(async (file) => {
    const url = new URL(file, SCOPE).href;
    // "no-cache" revalidates with the server: never precache a stale HTTP-cached
    // file from an older build, yet pay only a 304 for what the page just loaded.
    // `integrity` makes fetch reject a body whose sha256 is not this build's.
    const request = new Request(url, { cache: "no-cache", integrity: MANIFEST.integrity[file] });
    let response;
    try {
      response = await fetch(request);
    } catch (error) {
      throw new Error(`${file} is not the file of build ${MANIFEST.build}: ${error.message}`);
    }
    if (!response.ok) {
      throw new Error(`${file}: HTTP ${response.status}`);
    }
    return [url, response];
  }));
  const cache = await caches.open(CACHE_NAME);
  try {
    await Promise.all(responses.map(([url, response]) => cache.put(url, response)));
  } catch (error) {
    await caches.delete(CACHE_NAME);
    throw error;
  }
}

async function dropOldBuilds() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}

// The page's URL may carry a query (?seed=N) and may name the folder itself;
// both map to the cached file.
function cacheKey(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) {
    url.pathname += "index.html";
  }
  return url.href;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(cacheKey(request));
  if (!cached) {
    return fetch(request);
  }
  if (request.method === "HEAD") {
    return new Response(null, { status: cached.status, headers: cached.headers });
  }
  return cached;
}
