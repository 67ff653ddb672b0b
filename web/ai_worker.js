// The search worker: a module worker with its own Pyodide, so the computer's moves,
// the hints, the analysis and a puzzle's judge never run on the table's thread (issue 29).
//
// The page (pyscript_app/browser/worker.py) starts it once the table is ready. It boots
// Python as the page does (python_runtime.js: the same snapshot with the same checks,
// else the full path from the wheels), then imports pyscript_app.coach.worker_jobs, whose
// Jobs reads the requests and writes the answers (JSON; the protocol is documented in
// pyscript_app/coach/protocol.py). It says {"kind": "ready", "boot": "snapshot" | "full"} once it can search,
// or {"kind": "unavailable", "error"} if Python cannot start here (the page then
// keeps searching on its own thread, and says nothing alarming).
//
// Between two slices of a job the worker goes back to its event loop, so a "stop"
// (or a more urgent request) is read while a long analysis runs.

import {
  SnapshotRefused,
  fetchJson,
  importLoader,
  installGame,
  loadMicropip,
  loadRuntime,
  restoreSnapshot,
} from "./python_runtime.js";

const SLICE_SECONDS = 0.05;

async function startPython() {
  const build = await fetchJson("./build.json");
  const loadPyodide = await importLoader();
  if (build.snapshot) {
    try {
      return { pyodide: await restoreSnapshot(loadPyodide, build, () => {}), boot: "snapshot" };
    } catch (error) {
      if (!(error instanceof SnapshotRefused)) {
        throw error;
      }
      console.info(`Jaipur search worker: starting Python the full way; snapshot not used: ${error.message}`);
    }
  }
  const pyodide = await loadRuntime(loadPyodide, build);
  const micropip = await loadMicropip(pyodide, build.micropip_wheel);
  try {
    await installGame(micropip, build.app_wheel);
  } finally {
    micropip.destroy();
  }
  return { pyodide, boot: "full" };
}

function serve(pyodide) {
  const { Jobs } = pyodide.pyimport("pyscript_app.coach.worker_jobs");
  const jobs = Jobs((text) => self.postMessage(JSON.parse(text)));
  let pumping = false;
  const pump = () => {
    let busy = false;
    try {
      busy = jobs.work(SLICE_SECONDS);
    } finally {
      pumping = busy;
      if (busy) {
        setTimeout(pump, 0);
      }
    }
  };
  self.onmessage = ({ data }) => {
    jobs.receive(JSON.stringify(data));
    if (jobs.busy && !pumping) {
      pumping = true;
      setTimeout(pump, 0);
    }
  };
}

// Requests that arrive before Python is up wait for it (the page sends none before "ready").
const early = [];
self.onmessage = ({ data }) => early.push(data);

startPython().then(
  ({ pyodide, boot }) => {
    serve(pyodide);
    self.postMessage({ kind: "ready", boot });
    for (const data of early.splice(0)) {
      self.onmessage({ data });
    }
  },
  (error) => self.postMessage({ kind: "unavailable", error: `${error.name}: ${error.message}` }),
);
