// The Python runtime's boot, without the page: the pieces web/boot.js (the page) and
// web/ai_worker.js (the search worker, its own Pyodide) share, so both start Python
// the same way from the same files with the same checks: build.json's file list,
// the snapshot's size and sha256 and build, and the full path from the wheels.
// Nothing here touches the document: it runs in a worker as well as in the page.
//
// Every URL is resolved against this module (the folder of boot.js), so the site
// works from any folder of any static host.

export const here = (path) => new URL(path, import.meta.url).href;

export class BootError extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "BootError";
    this.detail = detail;
  }
}

// Why the snapshot was not used; never shown to the player.
export class SnapshotRefused extends Error {
  constructor(message) {
    super(message);
    this.name = "SnapshotRefused";
  }
}

// What each step of a boot cost, for bench/load.py and the devtools timeline:
// "jaipur boot: <step>" marks, apart from the stages' own "jaipur: <stage>" marks.
export function markStep(step) {
  performance.mark(`jaipur boot: ${step}`);
}

export async function fetchOk(path, options = {}) {
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

export async function fetchJson(path) {
  return (await fetchOk(path, { cache: "no-cache" })).json();
}

// The full path's wheels, each checked with a HEAD request beside the load (Pyodide
// only logs a warning when one is missing): a missing one becomes a message that
// names it. The runtime's files are watched as they arrive instead (withRuntimeFetch).
export function requireFiles(paths) {
  return Promise.all(paths.map((path) => fetchOk(path, { method: "HEAD", cache: "no-cache" })));
}

export async function importLoader() {
  if (typeof WebAssembly !== "object") {
    throw new BootError("This browser does not support WebAssembly, which the game needs to run Python.");
  }
  try {
    return (await import(here("./pyodide/pyodide.mjs"))).loadPyodide;
  } catch (error) {
    throw new BootError(`Could not load the Python runtime (pyodide/pyodide.mjs): ${error.message}`);
  }
}

export function runtimeOptions(extra = {}) {
  const indexURL = here("./pyodide/");
  return {
    indexURL,
    lockFileURL: indexURL + "pyodide-lock.json",
    // Also Pyodide's fallback download location: keep it on this origin.
    packageBaseUrl: indexURL,
    ...extra,
  };
}

// The runtime's script (pyodide.asm.mjs, 1.25 MB), imported once. The page asks
// for it first thing, with build.json (importRuntimeScript()): asked for by
// loadPyodide, it came after build.json and the loader, behind the big downloads,
// and the boot waited for it (issue 30).
let runtimeScript = null;

export function importRuntimeScript() {
  runtimeScript ??= import(here("./pyodide/pyodide.asm.mjs")).then((module) => {
    markStep("runtime script imported");
    return module.default;
  });
  runtimeScript.catch(() => {}); // awaited by Pyodide, through timedRuntime()
  return runtimeScript;
}

// The runtime's own steps, marked: its script imported (where loadPyodide would
// import it) and its wasm compiled and instantiated.
// ready(module): awaited once the runtime is up, before loadPyodide goes on (restores).
export function timedRuntime(ready = async () => {}) {
  const script = importRuntimeScript();
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
      const module = await create(settings);
      await ready(module);
      return module;
    },
  };
}

// owner[name] is `replacement` while run() runs, then what it was, unless someone
// replaced it again meanwhile (theirs is kept). Pyodide reads globals it has no option
// for (fetch, WebAssembly.Module) as it loads: withRuntimeFetch and withSharedGlue.
async function whileReplaced(owner, name, replacement, run) {
  const original = owner[name];
  owner[name] = replacement;
  try {
    return await run();
  } finally {
    if (owner[name] === replacement) {
      owner[name] = original;
    }
  }
}

// --- the runtime's files, watched; its wasm, gzipped ---------------------------

// Pyodide fetches its files (the wasm, the standard library, the lock file) itself,
// with the global fetch, as loadPyodide starts, and has no hook to be handed a
// response. So while loadPyodide runs, the global fetch is wrapped, for those URLs
// only (withRuntimeFetch):
//
// - A file that does not arrive (an HTTP error, no connection) ends the load with a
//   BootError that names it. Pyodide hangs, or only logs a warning, when one of its
//   files is missing (a 404 for the wasm leaves loadPyodide pending forever). The
//   page used to ask for each file with a HEAD request beside the load: five
//   requests that held the big downloads back by 100 ms, behind a browser's six
//   connections to an HTTP/1.1 host (issue 30). The responses Pyodide gets say the
//   same, at no cost.
// - The wasm (9.6 MB) travels gzipped (3.5 MB, build.json's wasm_gzip): on a host
//   that does not compress it (Python's http.server, many object stores) it was most
//   of a first visit's bytes, and the last file to arrive. Its URL is answered with
//   the gzip file unpacked as it streams, which the browser compiles as it arrives as
//   it would the plain file. A host that unpacks .gz files on the way
//   (Content-Encoding: gzip) sends the wasm itself: passed on as it is. Without
//   DecompressionStream (or from a build.json from before), Pyodide gets the plain file.
//
// The page may have asked for the wasm and the standard library before build.json
// was read (prefetchRuntime, from the build stamped into the page): a response asked
// for early answers Pyodide's request for the same file, once.
const PLAIN_WASM = "pyodide/pyodide.asm.wasm";
const STDLIB = "pyodide/python_stdlib.zip";
const prefetched = new Map(); // URL -> a promise of its Response

const packedWasm = (build) => (build?.wasm_gzip && globalThis.DecompressionStream ? build.wasm_gzip : null);
const urlOf = (resource) => String(resource instanceof Request ? resource.url : resource);

// Only files build.json lists: without DecompressionStream the plain wasm is not one of
// them (it lists the gzipped one), and Pyodide asks for it in its own time.
export function prefetchRuntime(build) {
  const files = [packedWasm(build) ?? PLAIN_WASM, STDLIB].filter((path) => build?.runtime_files?.includes(path));
  for (const path of files) {
    const response = fetch(here(path));
    response.catch(() => {}); // a failure is seen where Pyodide's request gets it
    prefetched.set(here(path), response);
  }
}

function fetchOnce(nativeFetch, resource, options) {
  const url = urlOf(resource);
  const early = prefetched.get(url);
  prefetched.delete(url);
  return early ?? nativeFetch(resource, options);
}

export async function withRuntimeFetch(build, load) {
  const packed = packedWasm(build);
  const watched = new Map([PLAIN_WASM, ...(build?.runtime_files ?? [])].map((path) => [here(path), path]));
  let fail;
  const missing = new Promise((_, reject) => (fail = reject));
  const nativeFetch = globalThis.fetch;
  function runtimeFetch(resource, options) {
    const path = watched.get(urlOf(resource));
    if (path === undefined) {
      return nativeFetch(resource, options);
    }
    const sent = path === PLAIN_WASM && packed ? packed : path;
    return fetchOnce(nativeFetch, sent === path ? resource : here(sent), sent === path ? options : undefined).then(
      (response) => {
        if (!response.ok) {
          fail(new BootError(`Could not download ${sent} (HTTP ${response.status}).`));
        }
        return sent === packed ? asWasm(response) : response;
      },
      (error) => {
        fail(new BootError(`Could not download ${sent}: ${error.message}`));
        throw error;
      },
    );
  }
  return whileReplaced(globalThis, "fetch", runtimeFetch, () => Promise.race([load(), missing]));
}

// The gzip file's response as the wasm's: unpacked (unless the host did), typed
// application/wasm for WebAssembly.instantiateStreaming. One that is not ok is
// handed on as it is (withRuntimeFetch has already ended the load, naming the file).
async function asWasm(response) {
  if (!response.ok) {
    return response;
  }
  // Its first bytes say whether it is still gzipped: read from one branch of a
  // tee, dropped at once (the other branch keeps every byte).
  const [probe, body] = response.body.tee();
  const reader = probe.getReader();
  const { value } = await reader.read();
  reader.cancel().catch(() => {});
  const gzipped = value?.length >= 2 && value[0] === 0x1f && value[1] === 0x8b;
  return new Response(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body, {
    headers: { "Content-Type": "application/wasm" },
  });
}

// --- the runtime's glue, compiled once per signature ---------------------------

// As it starts, Pyodide puts JavaScript functions into the wasm's function table,
// each wrapped in a tiny wasm module of its own (Emscripten's convertJsFunctionToWasm:
// about 260 on a restore), compiled from bytes that depend only on the function's
// signature: 29 different ones. Compiling them took 30-35 ms of the page's thread
// on a cold boot (issue 30). While loadPyodide runs, a module of at most
// GLUE_MODULE_BYTES is compiled once per content and handed out again: a
// WebAssembly.Module is immutable, and each function still gets an instance of
// its own. Anything larger (the runtime's wasm) is compiled as it would be.
const GLUE_MODULE_BYTES = 64;

function withSharedGlue(load) {
  const compiled = new Map();
  const shared = new Proxy(WebAssembly.Module, {
    construct(target, args, newTarget) {
      const [bytes] = args;
      if (!(bytes instanceof Uint8Array) || bytes.length > GLUE_MODULE_BYTES) {
        return Reflect.construct(target, args, newTarget);
      }
      const key = bytes.join();
      let module = compiled.get(key);
      if (!module) {
        module = Reflect.construct(target, args, newTarget);
        compiled.set(key, module);
      }
      return module;
    },
  });
  return whileReplaced(WebAssembly, "Module", shared, load);
}

export async function loadRuntime(loadPyodide, build) {
  try {
    return await withRuntimeFetch(build, () => withSharedGlue(() => loadPyodide(runtimeOptions(timedRuntime()))));
  } catch (error) {
    if (error instanceof BootError) {
      throw error; // one of its files is missing, named
    }
    throw new BootError(`Could not start the Python runtime: ${error.message}`, error.stack);
  }
}

// --- the snapshot path ---------------------------------------------------------

// The same download and checks as the unpacking worker's (snapshot_check.js), on
// this thread: a browser without workers, or the search worker. Imported only here,
// so a checker that does not load is a refusal (the full boot), not a dead page.
async function unpackHere(info, onProgress) {
  const failure = cannotVerify();
  if (failure) {
    throw failure;
  }
  let checker;
  try {
    checker = await import(here("./snapshot_check.js"));
  } catch (error) {
    throw new SnapshotRefused(`its checker did not load: ${error.message}`);
  }
  try {
    return await checker.downloadedSnapshot(here(info.path), info, {
      onChunk: onProgress,
      onEnd: () => markStep("snapshot downloaded"),
    });
  } catch (error) {
    throw new SnapshotRefused(error.message);
  }
}

// Downloading, gunzipping 32 MB and hashing take time on the page's thread that
// the runtime's script, wasm and start need: snapshot_check.js, run as a module
// worker, does it all on another core.
//
// The page starts that worker first thing, before it reads build.json: started when
// the snapshot's headers arrived, its scripts queued behind the runtime's 21 MB (a
// page gets six connections to an HTTP/1.1 host, and a small file waits while big
// ones stream), and it began unpacking 100-350 ms after the whole snapshot had
// arrived instead of while it arrived (docs/journal/boot.md, issue 30). Its answer (the
// envelope's header, memory and files, or a refusal) is listened for from the start,
// so a worker whose script fails to load refuses the snapshot at once.
export class SnapshotUnpacker {
  // null where there are no workers: the snapshot is then unpacked in place.
  static start() {
    return typeof Worker === "function" ? new SnapshotUnpacker() : null;
  }

  constructor() {
    this.failure = null;
    this.asked = null; // the snapshot's entry the worker was sent
    this.onProgress = () => {};
    try {
      // snapshot_check.js as a module worker (one that does not load is a worker
      // error below, and the page boots the full way); the name makes it serve.
      this.worker = new Worker(here("./snapshot_check.js"), { type: "module", name: "jaipur-snapshot-unpacker" });
    } catch (error) {
      this.worker = null;
      this.failure = new SnapshotRefused(`no worker to unpack it: ${error.message}`);
      return;
    }
    this.result = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.progress) {
          this.onProgress();
        } else if (data.downloaded) {
          this.onProgress();
          markStep("snapshot downloaded");
        } else if (data.refused) {
          reject(new SnapshotRefused(data.refused));
        } else {
          resolve(data.snapshot);
        }
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        reject(new SnapshotRefused(`its worker failed: ${event.message}`));
      };
    });
    this.result.catch(() => {}); // awaited by unpack()
  }

  // The snapshot of build.json's entry, downloaded, unpacked and checked in the
  // worker. The page calls it first thing with the entry of the build stamped into
  // it (boot.js: pageBuild), then with build.json's once read; restoreSnapshot's
  // call gets the same answer. An entry other than the first is refused.
  unpack(info, onProgress = () => {}) {
    const failure = this.failure ?? cannotVerify();
    if (failure) {
      return Promise.reject(failure);
    }
    if (!this.unpacks(info)) {
      return Promise.reject(new SnapshotRefused(`its worker unpacks another one (${this.asked.path})`));
    }
    this.onProgress = onProgress;
    if (!this.asked) {
      this.asked = info;
      const { path, bytes, sha256, gzip_sha256: gzipSha256 } = info;
      this.worker.postMessage({ start: { url: here(path), bytes, sha256, gzip_sha256: gzipSha256 } });
    }
    return this.result;
  }

  // Whether unpack(info) would answer for this entry: nothing asked yet, or the same file.
  unpacks(info) {
    const same = (key) => this.asked[key] === info?.[key];
    return !this.asked || ["path", "bytes", "sha256", "gzip_sha256"].every(same);
  }

  // Ends the worker: the snapshot is in (or refused), or the boot does not use one.
  stop() {
    this.worker?.terminate();
  }
}

// Download, gunzip, verify (sha256, then that it was made for this very build) and
// hand back its parts. Anything wrong is a SnapshotRefused. The sha256 checked is
// the gzip file's, as it arrived (build.json's gzip_sha256: the same guarantee as
// the unpacked bytes' hash at a quarter of the work), or, from a host that
// unpacked it on the way (Content-Encoding: gzip), the envelope's (sha256).
// unpacker: a SnapshotUnpacker (stopped here once done), or null to unpack in place.
async function fetchSnapshot(build, onProgress, unpacker) {
  try {
    return await fetchAndCheck(build, onProgress, unpacker);
  } finally {
    unpacker?.stop();
  }
}

// Why this browser cannot unpack and check a snapshot, or null if it can.
function cannotVerify() {
  if (!globalThis.crypto?.subtle || !globalThis.DecompressionStream) {
    return new SnapshotRefused("this browser cannot verify it (no crypto.subtle or DecompressionStream)");
  }
  return null;
}

async function fetchAndCheck(build, onProgress, unpacker) {
  const info = build.snapshot;
  // Each way checks first that this browser can verify a snapshot (cannotVerify).
  const { header, memory, files } = unpacker
    ? await unpacker.unpack(info, onProgress)
    : await unpackHere(info, onProgress);
  markStep("snapshot unpacked and checked");
  const expected = { build: info.build, app_wheel: build.app_wheel, pyodide: build.pyodide_version };
  for (const [key, value] of Object.entries(expected)) {
    if (header[key] !== value) {
      throw new SnapshotRefused(`made for another build (${key} ${header[key]}, this build has ${value})`);
    }
  }
  const sitePackages = header.site_packages;
  return { memory, files: files.map(({ path, data }) => ({ path: `${sitePackages}/${path}`, data })), sitePackages };
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

// The import system's listings of the folders just written date from the build
// machine: forget them (only theirs: importlib.invalidate_caches() would import
// importlib.metadata, a tenth of a second). Through the proxies, not runPython:
// no Python source to compile, whose parser would run for the first time here.
function forgetListings(pyodide, sitePackages) {
  const sys = pyodide.pyimport("sys");
  const cache = sys.path_importer_cache;
  try {
    for (const path of cache) {
      if (!path.startsWith(sitePackages)) {
        continue;
      }
      const finder = cache.get(path);
      try {
        if (typeof finder?.invalidate_caches === "function") {
          finder.invalidate_caches();
        }
      } finally {
        finder?.destroy?.();
      }
    }
  } finally {
    cache.destroy();
    sys.destroy();
  }
}

// A restored interpreter shares its random state with every other visitor: reseed
// it from the browser's entropy.
function reseed(pyodide) {
  const random = pyodide.pyimport("random");
  try {
    random.seed();
  } finally {
    random.destroy();
  }
}

// The snapshot path loads no package: Pyodide gets an empty package list with the
// lock file's info (its ABI, checked) from build.json instead of the lock file.
function noLockFile(build) {
  if (!build.pyodide_lock_info) {
    return {}; // a build.json from before: Pyodide fetches the lock file
  }
  return { lockFileURL: undefined, lockFileContents: { info: build.pyodide_lock_info, packages: {} } };
}

// What Pyodide is handed as the snapshot, and the hook that readies it before the
// restore. Pyodide reads the memory's size before it compiles and instantiates
// the wasm, and its bytes only at the restore: given a placeholder of the size
// build.json names (memory_bytes) at once, it compiles and instantiates while the
// snapshot still downloads and is checked. Once the runtime is up and the snapshot
// in (or refused), its restore is pointed at the snapshot's bytes instead of the
// placeholder (no 32 MB copy into it: 28 ms of the page's thread), or, from a
// runtime without that function, the bytes are copied into the placeholder. A
// refusal then leaves one runtime instantiated for nothing, at no cost in time to
// the full boot that follows. From a build.json without the size, Pyodide waits
// for the snapshot, as before.
function memoryForPyodide(snapshot, info) {
  const size = info.memory_bytes;
  if (!Number.isSafeInteger(size) || size <= 0) {
    return { memory: snapshot.then((parts) => parts.memory), ready: undefined };
  }
  const placeholder = new Uint8Array(size);
  const ready = async (module) => {
    const { memory } = await snapshot;
    if (memory.length !== size) {
      throw new SnapshotRefused(`its memory is ${memory.length} bytes, build.json names ${size}`);
    }
    const api = module.API;
    const restore = api?.restoreSnapshot;
    if (typeof restore === "function") {
      api.restoreSnapshot = (handed) => restore.call(api, handed === placeholder ? memory : handed);
    } else {
      placeholder.set(memory);
    }
  };
  return { memory: Promise.resolve(placeholder), ready };
}

// onRestored: called once the interpreter is back (the page moves its progress bar on).
// unpacker: the page's SnapshotUnpacker (SnapshotUnpacker.start()); without one the
// snapshot is unpacked on this thread (the search worker: already off the page's).
export async function restoreSnapshot(loadPyodide, build, onProgress, { onRestored = () => {}, unpacker = null } = {}) {
  const snapshot = fetchSnapshot(build, onProgress, unpacker);
  snapshot.catch(() => {}); // awaited below; if it fails first, no "unhandled" rejection
  let pyodide;
  try {
    const { memory, ready } = memoryForPyodide(snapshot, build.snapshot);
    pyodide = await withRuntimeFetch(build, () => withSharedGlue(() =>
      loadPyodide(runtimeOptions({ _loadSnapshot: memory, ...timedRuntime(ready), ...noLockFile(build) }))));
  } catch (error) {
    if (error instanceof SnapshotRefused || error instanceof BootError) {
      throw error; // a BootError: a runtime's file is missing, which the full path needs too
    }
    throw new SnapshotRefused(`the runtime refused it: ${error.message}`);
  }
  onRestored();
  try {
    const { files, sitePackages } = await snapshot;
    writeFiles(pyodide, files);
    markStep("files written");
    forgetListings(pyodide, sitePackages);
    reseed(pyodide);
    markStep("random reseeded");
  } catch (error) {
    throw new BootError("Could not install the game from the snapshot.", error.message);
  }
  return pyodide;
}

// --- the full path ------------------------------------------------------------

export async function loadMicropip(pyodide, wheel) {
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

export async function installGame(micropip, wheel) {
  try {
    // deps=False: the game needs the standard library only, and micropip must
    // not go looking for dependencies on an outside index.
    await micropip.install.callKwargs(here(wheel), { deps: false });
  } catch (error) {
    throw new BootError(`Could not install the game from ${wheel}.`, error.message);
  }
}
