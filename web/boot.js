// Boots the game: Pyodide runtime -> micropip (local wheel) -> the game wheel
// (installed by micropip from this origin) -> pyscript_app.start().
//
// Every URL is resolved against this module, so dist/ works from any folder of
// any static host, and nothing is fetched from another origin. Any failure ends
// in a visible error box and <html data-state="error">, never in a silent hang.

const root = document.documentElement;
const here = (path) => new URL(path, import.meta.url).href;

const STAGES = [
  "Loading Python runtime",
  "Loading micropip",
  "Installing the game",
  "Starting",
];

class BootError extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "BootError";
    this.detail = detail;
  }
}

function showStage(index) {
  // Marks let bench/load.py (or the devtools timeline) show where the time goes.
  performance.mark(`jaipur: ${STAGES[index]}`);
  const stage = document.querySelector("[data-testid=boot-stage]");
  const progress = document.querySelector("[data-testid=boot-progress]");
  stage.textContent = `${STAGES[index]}… (${index + 1}/${STAGES.length})`;
  progress.value = index;
  root.dataset.bootStage = String(index + 1);
}

function hideProgress() {
  document.querySelector("[data-testid=boot-status]").hidden = true;
}

function showError(error) {
  const box = document.querySelector("[data-testid=boot-error]");
  const plain = error instanceof BootError ? error.message : `The game could not start: ${error.message || error}`;
  box.querySelector("[data-testid=boot-error-message]").textContent = plain;
  box.querySelector("[data-testid=boot-error-detail]").textContent =
    error.detail || error.stack || String(error);
  box.hidden = false;
  hideProgress();
  root.dataset.state = "error";
}

async function fetchJson(path) {
  let response;
  try {
    response = await fetch(here(path), { cache: "no-cache" });
  } catch (error) {
    throw new BootError(`Could not download ${path}: ${error.message}`);
  }
  if (!response.ok) {
    throw new BootError(`Could not download ${path} (HTTP ${response.status}).`);
  }
  return response.json();
}

// Pyodide hangs, or only logs a warning, when some of its files are missing
// (a 404 for pyodide.asm.wasm leaves loadPyodide pending forever). So every
// file the boot needs (build.json lists them) is checked with a HEAD request,
// in parallel with the loading itself: a missing file becomes a message that
// names it, at no cost in time when all is well.
async function requireFile(path) {
  let response;
  try {
    response = await fetch(here(path), { method: "HEAD", cache: "no-cache" });
  } catch (error) {
    throw new BootError(`Could not download ${path}: ${error.message}`);
  }
  if (!response.ok) {
    throw new BootError(`Could not download ${path} (HTTP ${response.status}).`);
  }
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

async function loadRuntime() {
  if (typeof WebAssembly !== "object") {
    throw new BootError("This browser does not support WebAssembly, which the game needs to run Python.");
  }
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(here("./pyodide/pyodide.mjs")));
  } catch (error) {
    throw new BootError(`Could not load the Python runtime (pyodide/pyodide.mjs): ${error.message}`);
  }
  const indexURL = here("./pyodide/");
  try {
    return await loadPyodide({
      indexURL,
      lockFileURL: indexURL + "pyodide-lock.json",
      // Also Pyodide's fallback download location: keep it on this origin.
      packageBaseUrl: indexURL,
    });
  } catch (error) {
    throw new BootError(`Could not start the Python runtime: ${error.message}`, error.stack);
  }
}

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

async function startGame(pyodide) {
  const embed = root.classList.contains("embed");
  let app;
  try {
    app = pyodide.pyimport("pyscript_app");
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
  showStage(0);
  const uncaught = watchUncaughtErrors();
  try {
    // The runtime does not depend on build.json: fetch both at once.
    const runtime = loadRuntime();
    runtime.catch(() => {}); // awaited below; this stops an early exit leaving it "unhandled"
    const buildInfo = fetchJson("./build.json");
    const allFilesPresent = buildInfo.then((build) =>
      Promise.all([...build.runtime_files, build.micropip_wheel, build.app_wheel].map(requireFile)),
    );
    // Each stage races the failures: a missing file or a stray crash ends the
    // boot even when the stage itself would wait forever.
    const never = new Promise(() => {});
    const failure = Promise.race([allFilesPresent.then(() => never), uncaught.failed]);
    const orFail = (stage) => Promise.race([stage, failure]);

    const build = await orFail(buildInfo);
    const pyodide = await orFail(runtime);
    showStage(1);
    const micropip = await orFail(loadMicropip(pyodide, build.micropip_wheel));
    showStage(2);
    try {
      await orFail(installGame(micropip, build.app_wheel));
    } finally {
      micropip.destroy();
    }
    showStage(3);
    await orFail(startGame(pyodide));
    performance.mark("jaipur: started");
    // For the console and for tests; the game itself needs no global.
    globalThis.jaipur = { pyodide, build };
  } finally {
    uncaught.stop(); // from here on the game handles its own errors
  }
  hideProgress();
  await registerServiceWorker();
}

boot().catch((error) => {
  showError(error);
  console.error("Jaipur boot failed:", error);
});
