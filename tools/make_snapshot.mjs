// Makes the page's Pyodide memory snapshot (run by build.py with Node; not shipped).
//
//   node tools/make_snapshot.mjs <job.json>
//
// job.json: {"runtime": dir with pyodide.mjs, "micropip": wheel path,
//            "app_wheel": wheel path, "modules": [names to import, in order],
//            "output": path, "files_output": path,
//            "prepared": ["module:function", ...] called after the imports}
//
// micropip installs the game wheel (so micropip stays the installer) in an
// interpreter of its own. A second one, whose memory becomes the snapshot, gets
// the files the install wrote (as the page writes them back), imports the listed
// modules and calls the prepared functions; its free memory is zeroed and its
// memory written to `output`.
// A snapshot holds memory, not the file system: every file the install wrote
// is written to `files_output` (JSON: {"site_packages": dir, "files": [[path
// under it, base64], ...]}), and build.py packs them with the snapshot, so the
// page writes them back without a wheel to unzip.
// A snapshot must hold no JavaScript object: the modules imported may import `js`
// (the globals, which Pyodide restores as the page's) but keep nothing from it.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
// The interpreter takes sys.argv (and a sys.path entry) from Node's command line;
// give it the browser's program name, so no path of the build machine is shipped.
process.argv.splice(1, process.argv.length - 1, "./this.program");
const runtime = resolve(job.runtime) + "/";
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);

const quiet = () => {};

// Every file under the entries an install added to site-packages, in a fixed order.
function filesOf(pyodide, path, relative) {
  if (!pyodide.FS.isDir(pyodide.FS.stat(path).mode)) {
    return [[relative, Buffer.from(pyodide.FS.readFile(path)).toString("base64")]];
  }
  const children = pyodide.FS.readdir(path).filter((name) => name !== "." && name !== "..").sort();
  return children.flatMap((name) => filesOf(pyodide, `${path}/${name}`, `${relative}/${name}`));
}

// The install, in an interpreter of its own: what micropip wrote. The snapshot's
// interpreter then never runs micropip: the memory the install used and freed (its
// archive, its modules, dropped before the snapshot) would travel in the snapshot
// as garbage that does not compress, for the page to download and unpack (issue 30).
async function install() {
  const pyodide = await loadPyodide({ indexURL: runtime, stdout: quiet, stderr: quiet });
  await pyodide.loadPackage(resolve(job.micropip), { messageCallback: quiet });
  const wheelPath = "/tmp/" + basename(job.app_wheel);
  pyodide.FS.writeFile(wheelPath, readFileSync(job.app_wheel));
  const micropip = pyodide.pyimport("micropip");
  // ("//lib/..." from sysconfig here: one leading slash, as the page's paths have)
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')").replace(/^\/+/, "/");
  const installedBefore = new Set(pyodide.FS.readdir(sitePackages));
  await micropip.install.callKwargs("emfs:" + wheelPath, { deps: false });
  micropip.destroy();
  const installed = pyodide.FS.readdir(sitePackages).filter((name) => !installedBefore.has(name)).sort();
  return { sitePackages, files: installed.flatMap((name) => filesOf(pyodide, `${sitePackages}/${name}`, name)) };
}

const { sitePackages, files } = await install();
writeFileSync(job.files_output, JSON.stringify({ site_packages: sitePackages, files }));

// The snapshot's interpreter: the installed files written as the page writes them
// back, then the listed modules imported and the prepared functions called.
const pyodide = await loadPyodide({ indexURL: runtime, _makeSnapshot: true, stdout: quiet, stderr: quiet });
for (const [path, text] of files) {
  const full = `${sitePackages}/${path}`;
  pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
  pyodide.FS.writeFile(full, Buffer.from(text, "base64"));
}
// (a listing of site-packages taken before the files were written is forgotten, as
// the page does: importlib.invalidate_caches() would import importlib.metadata)
const scratch = pyodide.toPy({}); // a namespace of its own: nothing left in __main__
pyodide.runPython(`
import gc, importlib, json, sys
_ = [finder.invalidate_caches() for path, finder in list(sys.path_importer_cache.items())
     if path.startswith(${JSON.stringify(sitePackages)}) and hasattr(finder, "invalidate_caches")]
for name in json.loads(${JSON.stringify(JSON.stringify(job.modules))}):
    importlib.import_module(name)
# what the page would read from its files at start-up, read once here (e.g. the catalogs)
for name in json.loads(${JSON.stringify(JSON.stringify(job.prepared ?? []))}):
    module, _, function = name.partition(":")
    getattr(importlib.import_module(module), function)()
gc.collect()
`, { globals: scratch });
scratch.destroy();

// Memory the interpreter used and freed (the imports' source text and syntax trees,
// say) still holds what was there, which compresses badly: zero it, so the page
// downloads and unpacks less (issue 30). Every free block of the allocator (dlmalloc)
// is taken, filled with zeros and given back; the footprint limit keeps the memory
// from growing meanwhile (malloc then returns 0), and is lifted again before the
// snapshot is made.
function zeroFreeMemory(module) {
  const limit = module._malloc_footprint_limit(); // 0 (none): -1 sets that again
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  for (let size = 1 << 24; size >= 8; size >>= 1) {
    for (let at = module._malloc(size); at !== 0; at = module._malloc(size)) {
      module.HEAPU8.fill(0, at, at + size);
      taken.push(at);
    }
  }
  for (const at of taken) {
    module._free(at);
  }
  module._malloc_set_footprint_limit(limit === 0 ? -1 : limit);
  if (module._malloc_footprint_limit() !== limit) {
    throw new Error("the allocator's footprint limit was not restored");
  }
}
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
// Check what the snapshot records of the JS side (Pyodide's layout: a JSON text
// at byte 48 whose length is the third 32-bit word): every slot must be empty.
const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
const state = JSON.parse(new TextDecoder().decode(snapshot.subarray(48, 48 + words[2])));
const held = state.hiwireKeys.filter((key) => key !== null);
if (held.length) {
  throw new Error(`the snapshot would hold JavaScript objects: ${JSON.stringify(held)}`);
}
writeFileSync(job.output, snapshot);

