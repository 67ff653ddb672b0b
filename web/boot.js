// Boots the game, by one of two paths, and records which in <html data-boot>:
//
//   snapshot  the interpreter's memory, saved by build.py after the game was
//             installed and imported, is restored instead of starting Python
//             (about a third of the time); then the game's files, which travel
//             with the snapshot, are written back (no wheel, no unzipping) and
//             pyscript_app.start() runs.
//   full      Pyodide starts Python -> micropip (local wheel) -> micropip
//             installs the game wheel -> pyscript_app.start().
//
// The full path runs whenever the snapshot is missing, corrupt, from another
// build, or refused by the browser; the player is not told (it only takes longer).
//
// Every URL is resolved against this module, so dist/ works from any folder of
// any static host, and nothing is fetched from another origin. Any failure ends
// in a visible error box with a Retry button and <html data-state="error">;
// a watchdog turns a stalled download into that box instead of a progress bar
// that never moves.

const root = document.documentElement;
const here = (path) => new URL(path, import.meta.url).href;

// ?theme=light|dark (an embed maker's snippet asks for one): the page's colours whatever the
// system's; app.css reads <html data-theme>, and so does the page's Diagram (its default theme).
const THEME = new URLSearchParams(location.search).get("theme");
if (THEME === "light" || THEME === "dark") root.dataset.theme = THEME;

// The boot's words: English here, other languages from i18n.json (build.py writes it
// from the same .po catalogs as the page's). The language is chosen by the page's
// own rule, defined once in pyscript_app/languages.py: build.py writes its
// boot_choice() (the languages with their direction and digits, the default, the
// storage key, the order of the sources) into <html data-languages>.
const CHOICE = languageChoice();
const BUILT_IN = "en"; // the language of WORDS below
let WORDS = {
  "boot-stage-runtime": "Loading Python runtime",
  "boot-stage-micropip": "Loading micropip",
  "boot-stage-game": "Installing the game",
  "boot-stage-start": "Starting",
  "boot-failed-retry": "The game could not start. Check the connection and press Retry.",
  "boot-loading": "Loading…",
  "boot-details": "Details",
  "boot-retry": "Retry",
  "page-title": "Jaipur",
};
let LANGUAGE = BUILT_IN;
const STAGE_IDS = ["boot-stage-runtime", "boot-stage-micropip", "boot-stage-game", "boot-stage-start"];
const STAGES = STAGE_IDS.map((id) => WORDS[id]); // English, for performance marks

function languageChoice() {
  try {
    return JSON.parse(root.dataset.languages);
  } catch {
    // a page build.py did not write (no data-languages): English, the words above
    return { languages: { en: { dir: "ltr", digits: "0123456789" } }, default: "en", storageKey: "", sources: [] };
  }
}

// The candidates of each source languages.SOURCES names, in languages.choose's order.
const LANGUAGE_SOURCES = {
  param: () => [new URLSearchParams(location.search).get("lang")],
  stored: () => {
    if (location.pathname.endsWith("embed.html")) return []; // an embed does not read the player's choice
    try {
      return [localStorage.getItem(CHOICE.storageKey)];
    } catch {
      return []; // storage disabled: the browser's languages decide
    }
  },
  browser: () => navigator.languages || [navigator.language],
};

function chooseLanguage() {
  for (const source of CHOICE.sources) {
    for (const tag of LANGUAGE_SOURCES[source]()) {
      // as languages._match does: a tag's language, "de-AT" -> "de"
      const code = typeof tag === "string" ? tag.trim().toLowerCase().split(/[-_]/)[0] : "";
      if (Object.hasOwn(CHOICE.languages, code)) return code;
    }
  }
  return CHOICE.default;
}

async function useBootLanguage() {
  LANGUAGE = chooseLanguage();
  root.lang = LANGUAGE;
  root.dir = CHOICE.languages[LANGUAGE].dir;
  if (LANGUAGE !== BUILT_IN) {
    try {
      const response = await fetch(here("i18n.json"));
      const all = await response.json();
      WORDS = { ...WORDS, ...(all[LANGUAGE] || {}) };
    } catch (error) {
      console.warn(`Jaipur: boot words stay English: ${error.message}`);
    }
  }
  document.title = WORDS["page-title"];
  const heading = document.querySelector(".page-header h1");
  if (heading) heading.textContent = WORDS["page-title"];
  document.querySelector("[data-testid=boot-stage]").textContent = WORDS["boot-loading"];
  document.querySelector(".boot-error summary").textContent = WORDS["boot-details"];
  document.querySelector("[data-testid=boot-retry]").textContent = WORDS["boot-retry"];
}
// Seconds the boot may wait with nothing arriving before it gives up. Counted in
// one-second ticks of an idle main thread, so a slow machine busy compiling or
// starting Python is never mistaken for a stalled download.
const STALL_SECONDS = 60;
// build.py's snapshot envelope: this magic, a JSON header padded to 4096 bytes,
// then Pyodide's snapshot (header.pyodide_bytes), then the installed files: a JSON
// index (header.file_index_bytes) of [path under header.site_packages, size] and
// their bytes in that order.
const SNAPSHOT_MAGIC = "JAIPUR-SNAPSHOT\n";
const SNAPSHOT_HEADER_BYTES = 4096;

class BootError extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "BootError";
    this.detail = detail;
  }
}

// Why the snapshot was not used; never shown to the player.
class SnapshotRefused extends Error {
  constructor(message) {
    super(message);
    this.name = "SnapshotRefused";
  }
}

// What each step of a boot cost, for bench/load.py and the devtools timeline:
// "jaipur boot: <step>" marks, apart from the stages' own "jaipur: <stage>" marks.
function markStep(step) {
  performance.mark(`jaipur boot: ${step}`);
}

function showStage(index) {
  // Marks let bench/load.py (or the devtools timeline) show where the time goes.
  performance.mark(`jaipur: ${STAGES[index]}`);
  const stage = document.querySelector("[data-testid=boot-stage]");
  const progress = document.querySelector("[data-testid=boot-progress]");
  const digits = CHOICE.languages[LANGUAGE].digits; // the page's digits (messages.number)
  const count = (n) => String(n).replace(/[0-9]/g, (digit) => digits[digit]);
  stage.textContent = `${WORDS[STAGE_IDS[index]]}… (${count(index + 1)}/${count(STAGES.length)})`;
  progress.value = index;
  root.dataset.bootStage = String(index + 1);
}

function hideProgress() {
  document.querySelector("[data-testid=boot-status]").hidden = true;
}

function showError(error) {
  const box = document.querySelector("[data-testid=boot-error]");
  let plain = error instanceof BootError ? error.message : `The game could not start: ${error.message || error}`;
  let detail = error.detail || error.stack || String(error);
  if (LANGUAGE !== BUILT_IN) { // the player's language up front; the technical English in Details
    detail = `${plain}\n${detail}`;
    plain = WORDS["boot-failed-retry"];
  }
  box.querySelector("[data-testid=boot-error-message]").textContent = plain;
  box.querySelector("[data-testid=boot-error-detail]").textContent = detail;
  // A stalled Pyodide cannot be cancelled: Retry starts the page over.
  box.querySelector("[data-testid=boot-retry]")?.addEventListener("click", () => location.reload(), { once: true });
  box.hidden = false;
  hideProgress();
  root.dataset.state = "error";
}

// One promise that rejects with the first failure from anywhere (a missing file,
// a stray crash, the watchdog), raced against each stage: a failure ends the
// boot even when the stage itself would wait forever.
function failureWatch() {
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => {}); // raced below; this keeps an unraced failure from being "unhandled"
  return {
    watch: (promise) => promise.catch(fail),
    fail,
    race: (stage) => Promise.race([stage, failed]),
  };
}

function startWatchdog(onStall) {
  let idleSeconds = 0;
  const progress = () => (idleSeconds = 0);
  const ticker = setInterval(() => {
    idleSeconds += 1;
    if (idleSeconds >= STALL_SECONDS) {
      onStall();
    }
  }, 1000);
  // A file arriving is progress (Resource Timing reports each one as it ends).
  const observer = new PerformanceObserver(progress);
  observer.observe({ type: "resource" });
  return {
    progress,
    stop: () => {
      clearInterval(ticker);
      observer.disconnect();
    },
  };
}

async function fetchOk(path, options = {}) {
  let response;
  try {
    response = await fetch(here(path), options);
  } catch (error) {
    throw new BootError(`Could not download ${path}: ${error.message}`);
  }
  if (!response.ok) {
    throw new BootError(`Could not download ${path} (HTTP ${response.status}).`);
  }
  return response;
}

async function fetchJson(path) {
  return (await fetchOk(path, { cache: "no-cache" })).json();
}

// Pyodide hangs, or only logs a warning, when some of its files are missing
// (a 404 for pyodide.asm.wasm leaves loadPyodide pending forever). So every
// file a boot path needs (build.json lists them) is checked with a HEAD request,
// in parallel with the loading itself: a missing file becomes a message that
// names it, at no cost in time when all is well.
function requireFiles(paths) {
  return Promise.all(paths.map((path) => fetchOk(path, { method: "HEAD", cache: "no-cache" })));
}

// Failures inside Pyodide that escape its promises (e.g. a missing stdlib)
// surface only as uncaught errors; while booting, they end the boot.
function watchUncaughtErrors() {
  let onRejection;
  let onError;
  const failed = new Promise((_, reject) => {
    const fail = (error) =>
      reject(new BootError(`The Python runtime failed: ${error?.message || error}`, error?.stack));
    onRejection = (event) => fail(event.reason);
    onError = (event) => fail(event.error || event.message);
  });
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("error", onError);
  const stop = () => {
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("error", onError);
  };
  return { failed, stop };
}

async function importLoader() {
  if (typeof WebAssembly !== "object") {
    throw new BootError("This browser does not support WebAssembly, which the game needs to run Python.");
  }
  try {
    return (await import(here("./pyodide/pyodide.mjs"))).loadPyodide;
  } catch (error) {
    throw new BootError(`Could not load the Python runtime (pyodide/pyodide.mjs): ${error.message}`);
  }
}

function runtimeOptions(extra = {}) {
  const indexURL = here("./pyodide/");
  return {
    indexURL,
    lockFileURL: indexURL + "pyodide-lock.json",
    // Also Pyodide's fallback download location: keep it on this origin.
    packageBaseUrl: indexURL,
    ...extra,
  };
}

// The runtime's own steps, marked: its script imported (pyodide.asm.mjs, imported
// where loadPyodide would import it) and its wasm compiled and instantiated.
function timedRuntime() {
  const script = import(here("./pyodide/pyodide.asm.mjs")).then((module) => {
    markStep("runtime script imported");
    return module.default;
  });
  script.catch(() => {}); // awaited by Pyodide below
  return {
    createPyodideModule: async (settings) => {
      const create = await script;
      const instantiate = settings.instantiateWasm;
      if (instantiate) {
        settings.instantiateWasm = (imports, done) => instantiate(imports, (instance, module) => {
          markStep("wasm compiled and instantiated");
          done(instance, module);
        });
      }
      return create(settings);
    },
  };
}

async function loadRuntime(loadPyodide) {
  try {
    return await loadPyodide(runtimeOptions(timedRuntime()));
  } catch (error) {
    throw new BootError(`Could not start the Python runtime: ${error.message}`, error.stack);
  }
}

// --- the snapshot path ---------------------------------------------------------

// The body of a response, gunzipped in the page (DecompressionStream), so any
// static host works without content-encoding set up. A host that already
// decoded it (served it with Content-Encoding: gzip) is handled too. Returns the
// unpacked stream and, if the body came gzipped, the gzipped chunks as they came
// (filled by the time the stream ends), which are what is hashed.
async function gunzippedBody(response, onChunk) {
  const reader = response.body.getReader();
  const first = await reader.read();
  const gzipped = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const packed = gzipped ? [first.value] : null;
  const counted = new ReadableStream({
    start(controller) {
      if (!first.done) {
        controller.enqueue(first.value);
      }
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
      } else {
        onChunk();
        packed?.push(value);
        controller.enqueue(value);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream: gzipped ? counted.pipeThrough(new DecompressionStream("gzip")) : counted, packed };
}

function joined(chunks) {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

// Reads the whole stream into one buffer of the size build.json promises; more
// bytes than that is a wrong file, and memory stays bounded.
async function readExactly(stream, size) {
  const bytes = new Uint8Array(size);
  let filled = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    if (filled + value.length > size) {
      await reader.cancel();
      throw new SnapshotRefused(`longer than the ${size} bytes build.json names`);
    }
    bytes.set(value, filled);
    filled += value.length;
  }
  if (filled !== size) {
    throw new SnapshotRefused(`${filled} bytes, build.json names ${size}`);
  }
  return bytes;
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function snapshotHeader(bytes) {
  const text = new TextDecoder().decode(bytes.subarray(0, SNAPSHOT_HEADER_BYTES));
  if (!text.startsWith(SNAPSHOT_MAGIC)) {
    throw new SnapshotRefused("not a Jaipur snapshot");
  }
  try {
    return JSON.parse(text.slice(SNAPSHOT_MAGIC.length));
  } catch {
    throw new SnapshotRefused("unreadable header");
  }
}

// The envelope's parts: Pyodide's snapshot and the files to write back.
function snapshotParts(bytes, header) {
  const memoryEnd = SNAPSHOT_HEADER_BYTES + header.pyodide_bytes;
  const indexEnd = memoryEnd + header.file_index_bytes;
  let index;
  try {
    index = JSON.parse(new TextDecoder().decode(bytes.subarray(memoryEnd, indexEnd)));
  } catch {
    throw new SnapshotRefused("unreadable file index");
  }
  const files = [];
  let at = indexEnd;
  for (const [path, size] of index) {
    files.push({ path: `${header.site_packages}/${path}`, data: bytes.subarray(at, at + size) });
    at += size;
  }
  if (at !== bytes.length) {
    throw new SnapshotRefused("its files do not fill it");
  }
  return { memory: bytes.subarray(SNAPSHOT_HEADER_BYTES, memoryEnd), files, sitePackages: header.site_packages };
}

// The same checks as snapshot_worker.js's, on the main thread (a browser without workers).
async function unpackHere(response, info, onProgress) {
  let bytes;
  let packed;
  try {
    const body = await gunzippedBody(response, onProgress);
    packed = body.packed;
    bytes = await readExactly(body.stream, info.bytes);
  } catch (error) {
    throw error instanceof SnapshotRefused ? error : new SnapshotRefused(`unreadable: ${error.message}`);
  }
  const [hashed, sha256] = packed ? [joined(packed), info.gzip_sha256] : [bytes, info.sha256];
  if ((await sha256Hex(hashed)) !== sha256) {
    throw new SnapshotRefused("its sha256 is not the one build.json names");
  }
  return bytes;
}

// Gunzipping 32 MB and hashing take the main thread a fifth of a second (more on a
// busy machine) that the runtime's script and wasm need: snapshot_worker.js does
// it on another core, fed the body chunk by chunk as this page reads it.
async function unpackInWorker(response, info, onProgress) {
  let worker;
  try {
    worker = new Worker(here("./snapshot_worker.js"));
  } catch (error) {
    throw new SnapshotRefused(`no worker to unpack it: ${error.message}`);
  }
  const result = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) =>
      data.refused ? reject(new SnapshotRefused(data.refused)) : resolve(data.bytes);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new SnapshotRefused(`its worker failed: ${event.message}`));
    };
  });
  result.catch(() => {}); // awaited below, after the body is read
  const reader = response.body.getReader();
  try {
    worker.postMessage({ start: { bytes: info.bytes, sha256: info.sha256, gzip_sha256: info.gzip_sha256 } });
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), result]); // the worker may refuse early
      if (done) {
        break;
      }
      onProgress();
      // handed over, not copied (unless the chunk is a view of a bigger buffer)
      const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
      const chunk = whole ? value : value.slice();
      worker.postMessage({ chunk }, [chunk.buffer]);
    }
    worker.postMessage({ end: true });
  } catch (error) {
    worker.terminate();
    reader.cancel().catch(() => {});
    throw error instanceof SnapshotRefused ? error : new SnapshotRefused(`unreadable: ${error.message}`);
  }
  markStep("snapshot downloaded");
  try {
    return await result;
  } finally {
    worker.terminate();
  }
}

// Fetch, gunzip, verify (sha256, then that it was made for this very build) and
// hand back its parts. Anything wrong is a SnapshotRefused. The sha256 checked is
// the gzip file's, as it arrived (build.json's gzip_sha256: the same guarantee as
// the unpacked bytes' hash at a quarter of the work), or, from a host that
// unpacked it on the way (Content-Encoding: gzip), the envelope's (sha256).
async function fetchSnapshot(build, onProgress) {
  const info = build.snapshot;
  if (!globalThis.crypto?.subtle || !globalThis.DecompressionStream) {
    throw new SnapshotRefused("this browser cannot verify it (no crypto.subtle or DecompressionStream)");
  }
  let response;
  try {
    response = await fetch(here(info.path));
  } catch (error) {
    throw new SnapshotRefused(`download failed: ${error.message}`);
  }
  if (!response.ok) {
    throw new SnapshotRefused(`HTTP ${response.status}`);
  }
  const bytes = typeof Worker === "function"
    ? await unpackInWorker(response, info, onProgress)
    : await unpackHere(response, info, onProgress);
  markStep("snapshot unpacked and checked");
  const header = snapshotHeader(bytes);
  const expected = { build: info.build, app_wheel: build.app_wheel, pyodide: build.pyodide_version };
  for (const [key, value] of Object.entries(expected)) {
    if (header[key] !== value) {
      throw new SnapshotRefused(`made for another build (${key} ${header[key]}, this build has ${value})`);
    }
  }
  return snapshotParts(bytes, header);
}

// The game's files, as the install wrote them: the restored interpreter has the
// modules it imported in memory, but reads the rest (the DOM modules, the
// catalogs) from its file system, which a snapshot does not hold.
function writeFiles(pyodide, files) {
  for (const { path, data } of files) {
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
}

async function restoreSnapshot(loadPyodide, build, onProgress) {
  const snapshot = fetchSnapshot(build, onProgress);
  snapshot.catch(() => {}); // Pyodide awaits it; if it fails before, no "unhandled" rejection
  let pyodide;
  try {
    // Pyodide awaits the snapshot promise before it instantiates anything, so a
    // refused snapshot costs no second runtime.
    const memory = snapshot.then((parts) => parts.memory);
    pyodide = await loadPyodide(runtimeOptions({ _loadSnapshot: memory, ...timedRuntime() }));
  } catch (error) {
    throw error instanceof SnapshotRefused ? error : new SnapshotRefused(`the runtime refused it: ${error.message}`);
  }
  showStage(2);
  try {
    const { files, sitePackages } = await snapshot;
    writeFiles(pyodide, files);
    markStep("files written");
    // The import system's listings of the folders just written date from the
    // build machine: forget them (only theirs: importlib.invalidate_caches()
    // would import importlib.metadata, a tenth of a second). And a restored
    // interpreter shares its random state with every other visitor: reseed it
    // from the browser's entropy.
    pyodide.runPython(`
import random, sys
[finder.invalidate_caches() for path, finder in list(sys.path_importer_cache.items())
 if path.startswith(${JSON.stringify(sitePackages)}) and hasattr(finder, "invalidate_caches")]
random.seed()
`);
    markStep("random reseeded");
  } catch (error) {
    throw new BootError("Could not install the game from the snapshot.", error.message);
  }
  return pyodide;
}

// --- the full path ------------------------------------------------------------

async function loadMicropip(pyodide, wheel) {
  // By URL, not by name: the lock file's hash is for a different build of this
  // wheel, and a by-name load would fail its integrity check (and only log it).
  const problems = [];
  await pyodide.loadPackage(here(wheel), {
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
  });
  try {
    return pyodide.pyimport("micropip");
  } catch (error) {
    throw new BootError(`Could not load micropip from ${wheel}.`, [...problems, error.message].join("\n"));
  }
}

async function installGame(micropip, wheel) {
  try {
    // deps=False: the game needs the standard library only, and micropip must
    // not go looking for dependencies on an outside index.
    await micropip.install.callKwargs(here(wheel), { deps: false });
  } catch (error) {
    throw new BootError(`Could not install the game from ${wheel}.`, error.message);
  }
}

async function fullBoot(loadPyodide, build, failures) {
  failures.watch(requireFiles([build.micropip_wheel, build.app_wheel]));
  const pyodide = await failures.race(loadRuntime(loadPyodide));
  showStage(1);
  const micropip = await failures.race(loadMicropip(pyodide, build.micropip_wheel));
  showStage(2);
  try {
    await failures.race(installGame(micropip, build.app_wheel));
  } finally {
    micropip.destroy();
  }
  return pyodide;
}

// --- both ---------------------------------------------------------------------

async function startGame(pyodide) {
  const embed = root.classList.contains("embed");
  let app;
  try {
    app = pyodide.pyimport("pyscript_app");
    markStep("game imported");
    // start() may be sync or async; awaiting covers both.
    await app.start.callKwargs({ embed });
  } catch (error) {
    throw new BootError("The game failed to start (a Python error).", error.message);
  } finally {
    app?.destroy();
  }
}

// Offline play: after a good boot, let the service worker precache the site.
// Registered late so the first visit does not download everything twice at once.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  try {
    await navigator.serviceWorker.register(here("./sw.js"));
  } catch (error) {
    // The game works without it; offline play does not. Not an error for the page.
    console.warn(`Offline support unavailable: ${error.message}`);
  }
}

async function boot() {
  await useBootLanguage();
  showStage(0);
  const failures = failureWatch();
  const uncaught = watchUncaughtErrors();
  failures.watch(uncaught.failed);
  const watchdog = startWatchdog(() =>
    failures.fail(new BootError(
      `The game stopped loading: nothing arrived for ${STALL_SECONDS} seconds. ` +
      "Check the connection and press Retry.",
    )),
  );
  try {
    const loader = importLoader();
    loader.catch(() => {}); // awaited below; this stops an early exit leaving it "unhandled"
    const build = await failures.race(fetchJson("./build.json"));
    markStep("build.json read");
    watchdog.progress();
    failures.watch(requireFiles(build.runtime_files));
    const loadPyodide = await failures.race(loader);
    markStep("loader imported");

    let pyodide = null;
    let path = "full";
    if (build.snapshot) {
      try {
        pyodide = await failures.race(restoreSnapshot(loadPyodide, build, watchdog.progress));
        path = "snapshot";
      } catch (error) {
        if (!(error instanceof SnapshotRefused)) {
          throw error;
        }
        console.info(`Jaipur: starting Python the full way; snapshot not used: ${error.message}`);
      }
    }
    if (pyodide === null) {
      pyodide = await fullBoot(loadPyodide, build, failures);
    }
    root.dataset.boot = path;
    showStage(3);
    await failures.race(startGame(pyodide));
    performance.mark("jaipur: started");
    // For the console and for tests, and only when asked for: the runtime holds
    // both hands and the deck.
    if (new URLSearchParams(location.search).has("debug")) {
      globalThis.jaipur = { pyodide, build, boot: path };
    }
  } finally {
    uncaught.stop(); // from here on the game handles its own errors
    watchdog.stop();
  }
  hideProgress();
  await registerServiceWorker();
}

boot().catch((error) => {
  showError(error);
  console.error("Jaipur boot failed:", error);
});
