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
static host. This file only puts the steps in order; each step is a module of
tools/site/. Third-party files are installed by npm ci and pip from the pins
(package.json + package-lock.json, tools/site/micropip.txt) into .cache/, so a
rebuild with nothing changed needs no network and takes about a second.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # loaded by path (the tests, the benchmarks): tools/ must be importable
    sys.path.insert(0, str(ROOT))

from tools.site import palette, pins, translations, vendor  # noqa: E402
from tools.site.common import BuildError, copy_tree, dist_files, sha256_of, stamp_pages  # noqa: E402
from tools.site.pins import MICROPIP_WHEEL, PYODIDE_VERSION  # noqa: E402
from tools.site.serve import DistRequestHandler, DistServer  # noqa: E402
from tools.site.service_worker import (  # noqa: E402
    NOT_PRECACHED,
    SW_MANIFEST_PLACEHOLDER,
    build_id,
    write_service_worker,
)
from tools.site.snapshot import (  # noqa: E402
    SNAPSHOT_HEADER_BYTES,
    make_snapshot,
    read_snapshot_files,
    read_snapshot_header,
    read_snapshot_memory,
    snapshot_key,
)
from tools.site.vendor import PACKED_WASM, PYODIDE_RUNTIME_FILES  # noqa: E402
from tools.site.wheel import Project, wheel_bytes  # noqa: E402

# What the tests and the benchmarks use of the build, by these names (they load this file as a module).
__all__ = [
    "ROOT", "DIST", "WEB", "BuildError", "Project", "DistServer", "DistRequestHandler", "MICROPIP_WHEEL",
    "NOT_PRECACHED", "PYODIDE_RUNTIME_FILES", "PYODIDE_VERSION", "SNAPSHOT_HEADER_BYTES",
    "SW_MANIFEST_PLACEHOLDER", "build", "copy_tree", "dist_files", "main", "pins", "read_snapshot_files",
    "read_snapshot_header", "read_snapshot_memory", "snapshot_key", "wheel_bytes",
]

DIST = ROOT / "dist"
WEB = ROOT / "web"


def build(dist: Path = DIST, quiet: bool = False, web: Path = WEB, snapshot: bool = True,
          source_root: Path = ROOT) -> dict:
    """Build dist/ from scratch (in a staging folder, swapped in at the end, so a
    failed build never leaves half a site). Returns the build report.
    `web` is the page's source folder and `source_root` the folder holding the
    Python packages (tests pass edited copies); snapshot=False leaves the memory
    snapshot out, so the page boots the interpreter the full way."""
    started = time.perf_counter()
    project = Project.from_pyproject(source_root / "pyproject.toml")
    staging = dist.with_name(dist.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        snapshot_info = assemble(staging, project, web, source_root, snapshot)
        report = stamp(staging, web, snapshot_info, started)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(dist, ignore_errors=True)
    staging.rename(dist)
    if not quiet:
        print_report(report, dist)
    return report


def assemble(staging: Path, project: Project, web: Path, source_root: Path, with_snapshot: bool) -> dict | None:
    """Every file of the site but sw.js and the report; returns the snapshot's entry (or None)."""
    copy_tree(web, staging)
    palette.write_palette(staging, source_root)  # the colours into app.css, from their one definition
    (staging / "sw.js").unlink(missing_ok=True)  # written by stamp(), with the manifest
    vendor.copy_vendored(staging)
    translations.write_translated_web(staging, source_root)
    translations.write_language_choice(staging)
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
        # What the page fetches of the runtime (each watched as it arrives): the wasm gzipped.
        "runtime_files": [f"pyodide/{PACKED_WASM if name == 'pyodide.asm.wasm' else name}"
                          for name in PYODIDE_RUNTIME_FILES],
        "wasm_gzip": f"pyodide/{PACKED_WASM}",
        # The lock file's "info" (its ABI, which Pyodide checks): the snapshot path
        # loads no package, so it hands Pyodide this instead of the 119 KB lock file.
        "pyodide_lock_info": json.loads((staging / "pyodide" / "pyodide-lock.json").read_text())["info"],
    }
    snapshot_info = None
    if with_snapshot:
        snapshot_info = make_snapshot(staging, app_wheel_path)
        boot_info["snapshot"] = {key: snapshot_info[key]
                                 for key in ("path", "sha256", "gzip_sha256", "bytes", "memory_bytes", "build")}
    # boot.js reads the file names from here rather than hard-coding versions.
    (staging / "build.json").write_text(json.dumps(boot_info, indent=1) + "\n")
    # The same in the pages (<html data-build>), so boot.js starts the big downloads (the
    # snapshot, the wasm, the standard library) before build.json, which still decides, is read.
    stamp_pages(staging, "build", boot_info)
    return snapshot_info


def stamp(staging: Path, web: Path, snapshot_info: dict | None, started: float) -> dict:
    """The service worker (with every file's hash and the build id) and build-report.json."""
    digests = {name: sha256_of(staging / name) for name in dist_files(staging) if name not in NOT_PRECACHED}
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
    return report


def print_report(report: dict, dist: Path) -> None:
    for name, size in report["files"].items():
        print(f"{size:>12,}  {name}")
    print(f"{report['total_bytes']:>12,}  total, {report['file_count']} files in {dist}")
    snapshot_info = report["snapshot"]
    if snapshot_info:
        how = "reused from .cache/snapshots" if snapshot_info["reused"] else "made with Node"
        print(f"snapshot {snapshot_info['path']}: {snapshot_info['bytes']:,} bytes, "
              f"{snapshot_info['gzip_bytes']:,} gzipped, {how} in {snapshot_info['seconds']:.2f} s")
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
