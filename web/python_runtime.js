// The Python runtime's boot, without the page: the pieces web/boot.js (the page) and
// web/ai_worker.js (the search worker, its own Pyodide) share, so both start Python
// the same way from the same files with the same checks: build.json's file list,
// the snapshot's size and sha256 and build, and the full path from the wheels.
// Nothing here touches the document: it runs in a worker as well as in the page.
//
// Every URL is resolved against this module (the folder of boot.js), so the site
// works from any folder of any static host.

export const here = (path) => new URL(path, import.meta.url).href;

// build.py's snapshot envelope: this magic, a JSON header padded to 4096 bytes,
// then Pyodide's snapshot (header.pyodide_bytes), then the installed files: a JSON
// index (header.file_index_bytes) of [path under header.site_packages, size] and
// their bytes in that order.
const SNAPSHOT_MAGIC = "JAIPUR-SNAPSHOT\n";
const SNAPSHOT_HEADER_BYTES = 4096;

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

// Pyodide hangs, or only logs a warning, when some of its files are missing
// (a 404 for pyodide.asm.wasm leaves loadPyodide pending forever). So every
// file a boot path needs (build.json lists them) is checked with a HEAD request,
// in parallel with the loading itself: a missing file becomes a message that
// names it, at no cost in time when all is well.
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

// The runtime's own steps, marked: its script imported (pyodide.asm.mjs, imported
// where loadPyodide would import it) and its wasm compiled and instantiated.
// ready(): awaited once the runtime is up, before loadPyodide goes on (restores).
export function timedRuntime(ready = async () => {}) {
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
      const [module] = await Promise.all([create(settings), ready()]);
      return module;
    },
  };
}

export async function loadRuntime(loadPyodide) {
  try {
    return await loadPyodide(runtimeOptions(timedRuntime()));
  } catch (error) {
    throw new BootError(`Could not start the Python runtime: ${error.message}`, error.stack);
  }
}

// --- the snapshot path ---------------------------------------------------------

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

// The same checks as the unpacking worker's (snapshot_check.js), on this thread:
// a browser without workers, or the search worker. Imported only here, so a
// checker that does not load is a refusal (the full boot), not a dead page.
async function unpackHere(response, info, onProgress) {
  let checker;
  try {
    checker = await import(here("./snapshot_check.js"));
  } catch (error) {
    throw new SnapshotRefused(`its checker did not load: ${error.message}`);
  }
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      onProgress();
      controller.enqueue(chunk);
    },
    flush: () => markStep("snapshot downloaded"),
  }));
  try {
    return await checker.checkedSnapshot(counted, info);
  } catch (error) {
    throw new SnapshotRefused(error.message);
  }
}

// Gunzipping 32 MB and hashing take the main thread a fifth of a second (more on a
// busy machine) that the runtime's script and wasm need: snapshot_check.js, run as
// a worker, does it on another core, fed the body chunk by chunk as this page reads it.
//
// The page starts that worker first thing, before it reads build.json: started when
// the snapshot's headers arrived, its two small scripts queued behind the runtime's
// 21 MB (a page gets six connections to an HTTP/1.1 host, and a small file waits
// while big ones stream), and it began unpacking 100-350 ms after the whole snapshot
// had arrived instead of while it arrived (docs/page.md, issue 30). Its answer (the
// envelope's bytes, or a refusal) is listened for from the start, so a worker whose
// scripts fail to load refuses the snapshot at once.
export class SnapshotUnpacker {
  // null where there are no workers: the snapshot is then unpacked in place.
  static start() {
    return typeof Worker === "function" ? new SnapshotUnpacker() : null;
  }

  constructor() {
    this.failure = null;
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
      this.worker.onmessage = ({ data }) =>
        data.refused ? reject(new SnapshotRefused(data.refused)) : resolve(data.bytes);
      this.worker.onerror = (event) => {
        event.preventDefault();
        reject(new SnapshotRefused(`its worker failed: ${event.message}`));
      };
    });
    this.result.catch(() => {}); // awaited once the body is read
  }

  // Ends the worker: the snapshot is in (or refused), or the boot does not use one.
  stop() {
    this.worker?.terminate();
  }
}

async function unpackInWorker({ worker, result }, response, info, onProgress) {
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
  return result;
}

// Fetch, gunzip, verify (sha256, then that it was made for this very build) and
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

async function fetchAndCheck(build, onProgress, unpacker) {
  const info = build.snapshot;
  if (!globalThis.crypto?.subtle || !globalThis.DecompressionStream) {
    throw new SnapshotRefused("this browser cannot verify it (no crypto.subtle or DecompressionStream)");
  }
  if (unpacker?.failure) {
    throw unpacker.failure;
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
  const bytes = unpacker
    ? await unpackInWorker(unpacker, response, info, onProgress)
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
// the wasm, and its bytes only after: given a buffer of the size build.json names
// (memory_bytes) at once, it compiles and instantiates while the snapshot still
// downloads and is checked; the buffer is filled (or the snapshot refused) before
// Pyodide reads it. A refusal then leaves one runtime instantiated for nothing,
// at no cost in time to the full boot that follows. From a build.json without the
// size, Pyodide waits for the snapshot, as before.
function memoryForPyodide(snapshot, info) {
  const size = info.memory_bytes;
  if (!Number.isSafeInteger(size) || size <= 0) {
    return { memory: snapshot.then((parts) => parts.memory), ready: undefined };
  }
  const memory = new Uint8Array(size);
  const ready = async () => {
    const parts = await snapshot;
    if (parts.memory.length !== size) {
      throw new SnapshotRefused(`its memory is ${parts.memory.length} bytes, build.json names ${size}`);
    }
    memory.set(parts.memory);
  };
  return { memory: Promise.resolve(memory), ready };
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
    pyodide = await loadPyodide(runtimeOptions({ _loadSnapshot: memory, ...timedRuntime(ready), ...noLockFile(build) }));
  } catch (error) {
    throw error instanceof SnapshotRefused ? error : new SnapshotRefused(`the runtime refused it: ${error.message}`);
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
