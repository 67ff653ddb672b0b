// Makes the page's Pyodide memory snapshot (run by build.py with Node; not shipped).
//
//   node tools/make_snapshot.mjs <job.json>
//
// job.json: {"runtime": dir with pyodide.mjs, "micropip": wheel path,
//            "app_wheel": wheel path, "modules": [names to import], "output": path,
//            "compiled": [names imported after the restore], "files_output": path,
//            "prepared": ["module:function", ...] called after the imports}
//
// micropip installs the game wheel (so micropip stays the installer), the listed
// modules are imported, and the interpreter's memory is written to `output`.
// A snapshot holds memory, not the file system: every file the install wrote
// is written to `files_output` (JSON: {"site_packages": dir, "files": [[path
// under it, base64], ...]}), and build.py packs them with the snapshot, so the
// page writes them back without a wheel to unzip. The modules the page imports
// after the restore go with their bytecode (unchecked-hash .pyc: valid whatever
// the files' times on the page), so the page does not compile them.
// Only modules that never touch `js` are imported: a snapshot must hold no
// JavaScript object, so the DOM-facing module is imported after the restore.
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
const pyodide = await loadPyodide({ indexURL: runtime, _makeSnapshot: true, stdout: quiet, stderr: quiet });
const before = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
await pyodide.loadPackage(resolve(job.micropip), { messageCallback: quiet });
const wheelPath = "/tmp/" + basename(job.app_wheel);
pyodide.FS.writeFile(wheelPath, readFileSync(job.app_wheel));
const micropip = pyodide.pyimport("micropip");
const scratch = pyodide.toPy({}); // a namespace of its own: nothing left in __main__
// ("//lib/..." from sysconfig here: one leading slash, as the page's paths have)
const sitePackages = pyodide
  .runPython("import sysconfig; sysconfig.get_path('purelib')", { globals: scratch })
  .replace(/^\/+/, "/");
scratch.destroy();
const installedBefore = new Set(pyodide.FS.readdir(sitePackages));
await micropip.install.callKwargs("emfs:" + wheelPath, { deps: false });
micropip.destroy();
pyodide.FS.unlink(wheelPath);
const compiler = pyodide.toPy({ names: job.compiled });
pyodide.runPython(`
import importlib.util, py_compile
for name in names:
    py_compile.compile(importlib.util.find_spec(name).origin, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`, { globals: compiler });
compiler.destroy();

// Every file under the entries the game's install added to site-packages, in a fixed order.
function filesOf(path, relative) {
  if (!pyodide.FS.isDir(pyodide.FS.stat(path).mode)) {
    return [[relative, Buffer.from(pyodide.FS.readFile(path)).toString("base64")]];
  }
  const children = pyodide.FS.readdir(path).filter((name) => name !== "." && name !== "..").sort();
  return children.flatMap((name) => filesOf(`${path}/${name}`, `${relative}/${name}`));
}
const installed = pyodide.FS.readdir(sitePackages).filter((name) => !installedBefore.has(name)).sort();
const files = installed.flatMap((name) => filesOf(`${sitePackages}/${name}`, name));
writeFileSync(job.files_output, JSON.stringify({ site_packages: sitePackages, files }));
// The installer's modules (micropip and what it imported, e.g. pyodide.http)
// hold JavaScript functions: drop every module the install brought in, so no
// Python object refers to a JS object, and forget the loader's record of
// loaded packages, which a snapshot must carry empty.
pyodide.globals.set("_modules_before", pyodide.toPy(before));
pyodide.runPython(`
import gc, sys
for _name in set(sys.modules) - set(_modules_before):
    del sys.modules[_name]
    _parent, _, _child = _name.rpartition(".")
    if _parent in sys.modules:  # a package keeps its submodules as attributes
        sys.modules[_parent].__dict__.pop(_child, None)
del _modules_before, _name, _parent, _child
gc.collect()
`);
for (const name of Object.keys(pyodide.loadedPackages)) {
  delete pyodide.loadedPackages[name];
}
pyodide.runPython(`
import importlib, json
for name in json.loads(${JSON.stringify(JSON.stringify(job.modules))}):
    importlib.import_module(name)
# what the page would read from its files at start-up, read once here (e.g. the catalogs)
for name in json.loads(${JSON.stringify(JSON.stringify(job.prepared ?? []))}):
    module, _, function = name.partition(":")
    getattr(importlib.import_module(module), function)()
del importlib, json, name
`);
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

