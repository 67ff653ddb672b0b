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

// Some files are only fetched from inside Pyodide, whose errors can be vague;
// a HEAD first turns a missing file into a message that names it.
async function requireFile(path) {
  const response = await fetch(here(path), { method: "HEAD", cache: "no-cache" });
  if (!response.ok) {
    throw new BootError(`Could not download ${path} (HTTP ${response.status}).`);
  }
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
  await requireFile(wheel);
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
  await requireFile(wheel);
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
  const build = await fetchJson("./build.json");
  const pyodide = await loadRuntime();
  showStage(1);
  const micropip = await loadMicropip(pyodide, build.micropip_wheel);
  showStage(2);
  try {
    await installGame(micropip, build.app_wheel);
  } finally {
    micropip.destroy();
  }
  showStage(3);
  await startGame(pyodide);
  hideProgress();
  // For the console and for tests; the game itself needs no global.
  globalThis.jaipur = { pyodide, build };
  await registerServiceWorker();
}

boot().catch((error) => {
  showError(error);
  console.error("Jaipur boot failed:", error);
});
