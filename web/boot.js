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

import {
  BootError,
  SnapshotRefused,
  SnapshotUnpacker,
  fetchJson,
  here,
  importLoader,
  importRuntimeScript,
  installGame,
  loadMicropip,
  loadRuntime,
  markStep,
  prefetchRuntime,
  requireFiles,
  restoreSnapshot,
} from "./python_runtime.js";

const root = document.documentElement;
// boot.js runs: boot.css hides the line it shows when boot.js never ran (boot-stalled).
root.dataset.bootScript = "ran";

// ?theme=light|dark (an embed maker's snippet asks for one): the page's colours whatever the
// system's; app.css reads <html data-theme>, and so does the page's Diagram (its default theme).
const THEME = new URLSearchParams(location.search).get("theme");
if (THEME === "light" || THEME === "dark") root.dataset.theme = THEME;

// The boot's words: English here, other languages from i18n.json (build.py writes it
// from the same .po catalogs as the page's). The language is chosen by the page's
// own rule, defined once in pyscript_app/words/languages.py: build.py writes its
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
// build.json as build.py stamped it into the page (<html data-build>), so that the big
// downloads start a round trip before build.json is read. build.json still decides:
// boot() restarts the snapshot's worker if the two name different snapshots, and a
// runtime file fetched early is only used if build.json names the same one.
function pageBuild() {
  try {
    return JSON.parse(root.dataset.build ?? "null");
  } catch {
    return null;
  }
}

// Seconds the boot may wait with nothing arriving before it gives up. Counted in
// one-second ticks of an idle main thread, so a slow machine busy compiling or
// starting Python is never mistaken for a stalled download.
const STALL_SECONDS = 60;

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


async function fullBoot(loadPyodide, build, failures) {
  failures.watch(requireFiles([build.micropip_wheel, build.app_wheel]));
  const pyodide = await failures.race(loadRuntime(loadPyodide, build));
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
  // Every download starts before anything else, the boot's words included (a
  // Persian or Turkish visitor's i18n.json held them back by a round trip): the
  // snapshot's unpacking worker (its script must not wait behind the runtime's) and,
  // by the build stamped into the page, the snapshot's download in it; the loader, the
  // runtime's script, its wasm and standard library, and build.json. Awaited below.
  let unpacker = SnapshotUnpacker.start();
  const hinted = pageBuild();
  if (hinted?.snapshot) {
    unpacker?.unpack(hinted.snapshot).catch(() => {}); // answered in restoreSnapshot
  }
  const loader = importLoader();
  loader.catch(() => {});
  importRuntimeScript();
  prefetchRuntime(hinted);
  const buildInfo = fetchJson("./build.json");
  buildInfo.catch(() => {});
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
    const build = await failures.race(buildInfo);
    markStep("build.json read");
    watchdog.progress();
    if (unpacker && !(build.snapshot && unpacker.unpacks(build.snapshot))) {
      // this page came from another build than build.json (a host's cache), or that build has no snapshot
      unpacker.stop();
      unpacker = build.snapshot ? SnapshotUnpacker.start() : null;
    }
    if (build.snapshot) {
      unpacker?.unpack(build.snapshot, watchdog.progress).catch(() => {}); // answered in restoreSnapshot
    }
    const loadPyodide = await failures.race(loader);
    markStep("loader imported");

    let pyodide = null;
    let path = "full";
    if (build.snapshot) {
      try {
        pyodide = await failures.race(
          restoreSnapshot(loadPyodide, build, watchdog.progress, { onRestored: () => showStage(2), unpacker }),
        );
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
    unpacker?.stop(); // unused (a build without a snapshot), or the boot failed first
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
