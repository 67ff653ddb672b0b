#!/usr/bin/env python3
"""Assemble dist/: a self-contained static site that plays Jaipur in the browser.

    python build.py                      build dist/
    python build.py serve [--port P] [--base /games/jaipur/]
                                         build, then serve dist/ on 127.0.0.1
    python build.py --no-snapshot [serve ...]
                                         the same without the memory snapshot

dist/ holds the page (web/), the Pyodide runtime, the micropip wheel, a wheel of
this project, a gzipped memory snapshot of the interpreter with the game already
imported (made with Node; the page restores it instead of starting Python), a
service worker that knows every file and its hash, and build-report.json.
Every path inside is relative, so the folder works from any sub-folder of any
static host. Downloads go to .cache/ (outside dist/) and are checked by sha256,
so a rebuild with nothing changed needs no network and takes well under a second.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import json
import shutil
import sys
import tarfile
import time
from pathlib import Path

try:
    import fcntl  # POSIX: several builds at once (parallel test workers) share .cache/
except ImportError:  # pragma: no cover - Windows: one build at a time
    fcntl = None

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # loaded by path (the tests, the benchmarks): tools/ must be importable
    sys.path.insert(0, str(ROOT))

from tools.site import snapshot_modules, translations  # noqa: E402
from tools.site.common import BuildError, copy_tree, dist_files, run, sha256_of  # noqa: E402
from tools.site.serve import DistRequestHandler, DistServer  # noqa: E402
from tools.site.service_worker import (  # noqa: E402
    NOT_PRECACHED,
    SW_MANIFEST_PLACEHOLDER,
    build_id,
    write_service_worker,
)
from tools.site.wheel import Project, wheel_bytes  # noqa: E402

# What the tests and the benchmarks use by these names besides what is defined here.
__all__ = ["BuildError", "DistRequestHandler", "DistServer", "NOT_PRECACHED", "Project", "SW_MANIFEST_PLACEHOLDER",
           "copy_tree", "dist_files", "wheel_bytes"]

DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"

PYODIDE_VERSION = "314.0.7"
# sha256 of the tarball `npm pack pyodide@314.0.7` produces (measured 2026-11-29).
PYODIDE_TARBALL_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# What the loader actually requests at run time (measured with a request log):
# the ES-module loader, the Emscripten glue, the binary, the stdlib and the lock
# file (always fetched, even though we load no package by name).
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

MICROPIP_VERSION = "0.11.1"

# The Persian font (SIL Open Font License), self-hosted so Persian reads well on a
# machine without one and no request leaves the origin. Only the two Non-Latin
# weights the page uses (Latin text keeps the page's own font), with the licence.
VAZIRMATN_VERSION = "33.0.3"
# sha256 of the tarball `npm pack vazirmatn@33.0.3` produces (measured 2026-11-29).
VAZIRMATN_TARBALL_SHA256 = "9506e9e6a27e62b353c04a136c27de0cc3aa9e434658b45a6363f7c98c357090"
VAZIRMATN_FILES = {
    "package/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL-Regular.woff2": "Vazirmatn-NL-Regular.woff2",
    "package/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL-Bold.woff2": "Vazirmatn-NL-Bold.woff2",
    "package/OFL.txt": "Vazirmatn-OFL.txt",
}
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# sha256 of the wheel `pip download micropip==0.11.1` fetches. It differs from the
# hash in pyodide-lock.json, which is why boot.js loads it by URL, not by name.
MICROPIP_WHEEL_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# The memory snapshot (see make_snapshot): Node runs this script with the pinned
# runtime; the page restores the result instead of starting the interpreter.
SNAPSHOT_MAKER = ROOT / "tools" / "make_snapshot.mjs"
# Bumped when the envelope below or what goes into a snapshot changes.
SNAPSHOT_FORMAT = 1
# The envelope: this magic, then a JSON header padded with spaces to 4096 bytes,
# then Pyodide's own snapshot (4096 keeps it aligned for its Uint32Array view).
SNAPSHOT_MAGIC = b"JAIPUR-SNAPSHOT\n"
SNAPSHOT_HEADER_BYTES = 4096
SNAPSHOT_FILE = "jaipur.snapshot.gz"


# --- downloads -----------------------------------------------------------------


def require_hash(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise BuildError(
            f"{path} has sha256 {actual}, expected {expected}. "
            f"Delete it and build again; if it persists the pinned version changed upstream."
        )


@contextlib.contextmanager
def cache_lock():
    """Hold .cache/ while filling it: two builds at once (the test workers each build the site)
    would otherwise download or make the same file at the same time, one deleting the other's
    half-written copy."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / ".lock").open("a") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def npm_pack(name: str, version: str, sha256: str) -> Path:
    """npm pack a pinned package into the cache (once) and check its hash."""
    folder = CACHE / "npm"
    tarball = folder / f"{name}-{version}.tgz"
    with cache_lock():
        if not tarball.exists():
            folder.mkdir(parents=True, exist_ok=True)
            run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=folder)
    require_hash(tarball, sha256)
    return tarball


def fetch_pyodide_tarball() -> Path:
    """The pinned runtime's npm tarball, hash-checked."""
    return npm_pack("pyodide", PYODIDE_VERSION, PYODIDE_TARBALL_SHA256)


def copy_font(target: Path) -> None:
    """The pinned Vazirmatn (npm, hash-checked): copy the woff2 files it needs."""
    tarball = npm_pack("vazirmatn", VAZIRMATN_VERSION, VAZIRMATN_TARBALL_SHA256)
    target.mkdir(parents=True, exist_ok=True)
    wanted = dict(VAZIRMATN_FILES)
    with tarfile.open(tarball, "r|gz") as tar:
        for member in tar:
            if member.name in wanted and member.isfile():
                with tar.extractfile(member) as extracted:
                    (target / wanted.pop(member.name)).write_bytes(extracted.read())
    if wanted:
        raise BuildError(f"{tarball} lacks {', '.join(sorted(wanted))}")


def copy_pyodide_runtime(target: Path) -> None:
    """Copy the runtime files straight out of the hash-checked tarball (no
    extracted copy that could drift from it). One sequential pass: seeking in
    a .tgz would decompress it again for every file."""
    tarball = fetch_pyodide_tarball()
    target.mkdir(parents=True, exist_ok=True)
    wanted = {f"package/{name}": name for name in PYODIDE_RUNTIME_FILES}
    with tarfile.open(tarball, "r|gz") as tar:
        for member in tar:
            if member.name not in wanted or not member.isfile():
                continue
            name = wanted.pop(member.name)
            with tar.extractfile(member) as extracted, (target / name).open("wb") as out:
                shutil.copyfileobj(extracted, out, 1 << 20)
    if wanted:
        raise BuildError(f"{tarball} lacks {', '.join(sorted(wanted))}")


def micropip_wheel() -> Path:
    folder = CACHE / "wheels"
    wheel = folder / MICROPIP_WHEEL
    with cache_lock():
        if not wheel.exists():
            folder.mkdir(parents=True, exist_ok=True)
            run([sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}",
                 "--no-deps", "--python-version", "3.14", "--only-binary=:all:",
                 "--quiet", "-d", str(folder)], cwd=ROOT)
    require_hash(wheel, MICROPIP_WHEEL_SHA256)
    return wheel


# --- the memory snapshot -------------------------------------------------------------


def snapshot_key(app_wheel: bytes, modules: list[str]) -> str:
    """Everything a snapshot depends on; the same key means the same snapshot."""
    inputs = {
        "format": SNAPSHOT_FORMAT,
        "pyodide": PYODIDE_TARBALL_SHA256,
        "micropip": MICROPIP_WHEEL_SHA256,
        "app_wheel": hashlib.sha256(app_wheel).hexdigest(),
        "maker": sha256_of(SNAPSHOT_MAKER),
        "modules": modules,
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def snapshot_envelope(header: dict, pyodide_snapshot: bytes) -> bytes:
    text = SNAPSHOT_MAGIC + json.dumps(header, sort_keys=True).encode()
    if len(text) > SNAPSHOT_HEADER_BYTES:
        raise BuildError("the snapshot header is too long")
    return text.ljust(SNAPSHOT_HEADER_BYTES, b" ") + pyodide_snapshot


def read_snapshot_header(data: bytes) -> dict:
    """The header of an envelope (the page does the same in boot.js)."""
    if not data.startswith(SNAPSHOT_MAGIC):
        raise ValueError("not a Jaipur snapshot")
    return json.loads(data[len(SNAPSHOT_MAGIC):SNAPSHOT_HEADER_BYTES])


def make_snapshot(staging: Path, app_wheel_path: str, modules: list[str]) -> dict:
    """The gzipped snapshot for this runtime + wheel + module list, from
    .cache/snapshots/ when one was made before (Node takes ~10 s), else made now.
    Returns its entry for build.json and the report."""
    app_wheel = (staging / app_wheel_path).read_bytes()
    key = snapshot_key(app_wheel, modules)
    folder = CACHE / "snapshots"
    cached, meta_path = folder / f"{key}.gz", folder / f"{key}.json"
    started = time.perf_counter()
    with cache_lock():  # another build may be making the same snapshot
        reused = cached.exists() and meta_path.exists()
        if not reused:
            folder.mkdir(parents=True, exist_ok=True)
            raw_path = folder / f"{key}.raw.partial"
            job = {
                "runtime": str(staging / "pyodide"),
                "micropip": str(staging / MICROPIP_WHEEL),
                "app_wheel": str(staging / app_wheel_path),
                "modules": modules,
                "output": str(raw_path),
            }
            job_path = folder / f"{key}.job.json"
            job_path.write_text(json.dumps(job))
            try:
                run(["node", str(SNAPSHOT_MAKER), str(job_path)], cwd=ROOT)
                header = {"format": SNAPSHOT_FORMAT, "build": key[:16], "app_wheel": app_wheel_path,
                          "pyodide": PYODIDE_VERSION, "modules": modules}
                data = snapshot_envelope(header, raw_path.read_bytes())
            finally:
                job_path.unlink(missing_ok=True)
                raw_path.unlink(missing_ok=True)
            packed = gzip.compress(data, compresslevel=6, mtime=0)
            partial = cached.with_suffix(".partial")
            partial.write_bytes(packed)
            partial.rename(cached)
            meta_path.write_text(json.dumps({
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
                "build": key[:16],
            }))
    meta = json.loads(meta_path.read_text())
    path = f"snapshot/{meta['sha256'][:16]}/{SNAPSHOT_FILE}"
    (staging / path).parent.mkdir(parents=True)
    shutil.copyfile(cached, staging / path)
    return {
        "path": path,
        "sha256": meta["sha256"],
        "bytes": meta["bytes"],
        "build": meta["build"],
        "gzip_bytes": cached.stat().st_size,
        "reused": reused,
        "seconds": round(time.perf_counter() - started, 3),
    }


# --- assembling dist/ ---------------------------------------------------------------


def build(dist: Path = DIST, quiet: bool = False, web: Path = WEB, snapshot: bool = True,
          source_root: Path = ROOT) -> dict:
    """Build dist/ from scratch (in a staging folder, swapped in at the end, so a
    failed build never leaves half a site). Returns the build report.
    `web` is the page's source folder and `source_root` the folder holding the
    Python packages (tests pass edited copies); snapshot=False leaves the memory
    snapshot out, so the page boots the interpreter the full way."""
    started = time.perf_counter()
    project = Project.from_pyproject(source_root / "pyproject.toml")
    micropip = micropip_wheel()

    staging = dist.with_name(dist.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    copy_tree(web, staging)
    (staging / "sw.js").unlink(missing_ok=True)  # written below, with the manifest
    copy_pyodide_runtime(staging / "pyodide")
    copy_font(staging / "fonts")
    shutil.copyfile(micropip, staging / MICROPIP_WHEEL)
    translations.write_translated_web(staging, source_root)
    app_wheel = wheel_bytes(project, source_root=source_root)
    # The wheel keeps its name (micropip reads the version from it) but lives in a
    # folder named by its content, so a browser's HTTP cache can never serve a
    # previous build's game code after a deploy.
    app_wheel_path = f"app/{hashlib.sha256(app_wheel).hexdigest()[:16]}/{project.wheel_name}"
    (staging / app_wheel_path).parent.mkdir(parents=True)
    (staging / app_wheel_path).write_bytes(app_wheel)
    boot_info = {
        "app_wheel": app_wheel_path,
        "micropip_wheel": MICROPIP_WHEEL,
        "pyodide_version": PYODIDE_VERSION,
        "runtime_files": [f"pyodide/{name}" for name in PYODIDE_RUNTIME_FILES],
    }
    snapshot_info = None
    if snapshot:
        snapshot_info = make_snapshot(staging, app_wheel_path, sorted(snapshot_modules.SNAPSHOT))
        boot_info["snapshot"] = {key: snapshot_info[key] for key in ("path", "sha256", "bytes", "build")}
    # boot.js reads the file names from here rather than hard-coding versions.
    (staging / "build.json").write_text(json.dumps(boot_info, indent=1) + "\n")

    digests = {name: sha256_of(staging / name) for name in dist_files(staging)
               if name not in NOT_PRECACHED}
    this_build = build_id(digests)
    write_service_worker(staging, web, this_build, digests)
    digests["sw.js"] = sha256_of(staging / "sw.js")

    sizes = {name: (staging / name).stat().st_size for name in dist_files(staging)}
    report = {
        "build": this_build,
        "files": sizes,
        "sha256": dict(sorted(digests.items())),
        "file_count": len(sizes),
        "total_bytes": sum(sizes.values()),
        "snapshot": snapshot_info,
        "seconds": round(time.perf_counter() - started, 3),
    }
    (staging / "build-report.json").write_text(json.dumps(report, indent=1) + "\n")

    shutil.rmtree(dist, ignore_errors=True)
    staging.rename(dist)
    if not quiet:
        print_report(report, dist)
    return report


def print_report(report: dict, dist: Path) -> None:
    for name, size in report["files"].items():
        print(f"{size:>12,}  {name}")
    print(f"{report['total_bytes']:>12,}  total, {report['file_count']} files in {dist}")
    snapshot = report["snapshot"]
    if snapshot:
        how = "reused from .cache/snapshots" if snapshot["reused"] else "made with Node"
        print(f"snapshot {snapshot['path']}: {snapshot['bytes']:,} bytes, "
              f"{snapshot['gzip_bytes']:,} gzipped, {how} in {snapshot['seconds']:.2f} s")
    print(f"build {report['build']} in {report['seconds']:.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--base", default="/", help="URL path to mount dist/ under")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="leave out the memory snapshot (the page then boots the full way)")
    args = parser.parse_args(argv)
    try:
        build(snapshot=not args.no_snapshot)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        try:
            server = DistServer(DIST, port=args.port, base_path=args.base, verbose=True)
        except OSError as error:
            print(f"cannot serve on 127.0.0.1:{args.port}: {error.strerror} (try --port)", file=sys.stderr)
            return 1
        with server:
            print(f"serving {DIST} at {server.url}  (Ctrl-C stops)", flush=True)
            try:
                server.thread.join()
            except KeyboardInterrupt:
                pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
