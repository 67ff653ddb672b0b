"""The third-party files of dist/: the Pyodide runtime, the Vazirmatn font and
libsodium from npm, the micropip wheel from PyPI. Each is installed by its own client from the pins
(npm ci checks package-lock.json's integrity hashes, pip --require-hashes the wheel's
sha256) into a .cache/ folder named by the pin files' content, so a changed pin is a
fresh install and an unchanged one needs no network."""

from __future__ import annotations

import gzip
import hashlib
import shutil
import sys
from pathlib import Path

from . import pins
from .common import CACHE, ROOT, BuildError, cached_folder, run

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

# The Persian font (SIL Open Font License), self-hosted so Persian reads well on a
# machine without one and no request leaves the origin. Only the two Non-Latin
# weights the page uses (Latin text keeps the page's own font), with the licence.
VAZIRMATN_FILES = {
    "misc/Non-Latin/fonts/webfonts/Vazirmatn-NL-Regular.woff2": "Vazirmatn-NL-Regular.woff2",
    "misc/Non-Latin/fonts/webfonts/Vazirmatn-NL-Bold.woff2": "Vazirmatn-NL-Bold.woff2",
    "OFL.txt": "Vazirmatn-OFL.txt",
}


# libsodium (ISC licence) for a game at a distance (docs/remote.md): the page loads it
# only when such a game starts, and its Python calls the Ed25519 group operations
# through Pyodide's bridge. The ES-module build of the wrappers, and the sumo build of
# libsodium itself that they import (its wasm is inlined in the module). The wrappers
# import it by the bare name "libsodium-sumo", which a browser cannot resolve without
# an import map, so the copy imports it by its relative path instead.
LIBSODIUM_FOLDER = "libsodium"
LIBSODIUM_WRAPPERS = "libsodium-wrappers.mjs"
LIBSODIUM_CORE = "libsodium-sumo.mjs"
_LIBSODIUM_BARE_IMPORT = b'from"libsodium-sumo"'
_LIBSODIUM_RELATIVE_IMPORT = b'from"./libsodium-sumo.mjs"'


def content_key(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def npm_packages() -> Path:
    """node_modules exactly as package-lock.json pins it (`npm ci` refuses a tarball
    whose integrity hash differs, and a package.json the lock does not match)."""
    manifests = [pins.NPM_PROJECT / "package.json", pins.NPM_PROJECT / "package-lock.json"]

    def install(folder: Path) -> None:
        for manifest in manifests:
            shutil.copyfile(manifest, folder / manifest.name)
        # --ignore-scripts: we copy files out of these packages, nothing of theirs needs to run.
        run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=folder, quiet=True)

    folder = CACHE / "npm" / content_key(*manifests)
    cached_folder(folder, install)
    return folder / "node_modules"


def micropip_wheel() -> Path:
    """The pinned micropip wheel (pip checks its sha256 against micropip.txt)."""

    def download(folder: Path) -> None:
        run([sys.executable, "-m", "pip", "download", "--require-hashes", "-r", str(pins.MICROPIP_REQUIREMENTS),
             "--no-deps", "--python-version", pins.PYODIDE_PYTHON, "--only-binary=:all:",
             "--quiet", "-d", str(folder)], cwd=ROOT, quiet=True)

    folder = CACHE / "wheels" / content_key(pins.MICROPIP_REQUIREMENTS)
    cached_folder(folder, download)
    wheel = folder / pins.MICROPIP_WHEEL
    if not wheel.is_file():
        raise BuildError(f"{folder} lacks {pins.MICROPIP_WHEEL}: delete the folder and build again")
    return wheel


def copy_files(package: Path, wanted: dict[str, str], target: Path) -> None:
    """Copy `wanted` (path in the package -> name in target) out of an installed package."""
    missing = [name for name in wanted if not (package / name).is_file()]
    if missing:
        raise BuildError(f"{package} lacks {', '.join(sorted(missing))}")
    target.mkdir(parents=True, exist_ok=True)
    for name, copy_name in wanted.items():
        shutil.copyfile(package / name, target / copy_name)


# The runtime's binary, gzipped beside it: 9.6 MB -> 3.5 MB, the largest file of a
# first visit to a host that does not compress (python_runtime.js fetches this one
# and unpacks it as it streams; issue 30). The plain file stays, for a browser
# without DecompressionStream.
PACKED_WASM = "pyodide.asm.wasm.gz"


def pack_wasm(pyodide: Path) -> None:
    """pyodide.asm.wasm.gz, the same bytes every build (no name or time in its header)."""
    plain = (pyodide / "pyodide.asm.wasm").read_bytes()
    (pyodide / PACKED_WASM).write_bytes(gzip.compress(plain, compresslevel=9, mtime=0))


def copy_libsodium(node_modules: Path, target: Path) -> None:
    """libsodium-wrappers-sumo's ES module and the libsodium-sumo module it imports, with
    their licences, into `target`; the wrappers' one bare import made relative."""
    copy_files(node_modules / "libsodium-sumo",
               {f"dist/modules-sumo-esm/{LIBSODIUM_CORE}": LIBSODIUM_CORE, "LICENSE": "libsodium-LICENSE.txt"},
               target)
    copy_files(node_modules / "libsodium-wrappers-sumo", {"LICENSE": "libsodium-wrappers-LICENSE.txt"}, target)
    wrappers = node_modules / "libsodium-wrappers-sumo" / "dist" / "modules-sumo-esm" / LIBSODIUM_WRAPPERS
    if not wrappers.is_file():
        raise BuildError(f"{wrappers.parent.parent.parent} lacks dist/modules-sumo-esm/{LIBSODIUM_WRAPPERS}")
    code = wrappers.read_bytes()
    if code.count(_LIBSODIUM_BARE_IMPORT) != 1:
        raise BuildError(f"{wrappers} no longer imports libsodium-sumo once by its bare name: "
                         "see tools/site/vendor.py before taking this version")
    (target / LIBSODIUM_WRAPPERS).write_bytes(code.replace(_LIBSODIUM_BARE_IMPORT, _LIBSODIUM_RELATIVE_IMPORT))


def copy_vendored(staging: Path) -> None:
    """The runtime into pyodide/ (its wasm also gzipped), the font into fonts/, libsodium into
    libsodium/, the micropip wheel at the top."""
    node_modules = npm_packages()
    copy_files(node_modules / "pyodide", {name: name for name in PYODIDE_RUNTIME_FILES}, staging / "pyodide")
    pack_wasm(staging / "pyodide")
    copy_files(node_modules / "vazirmatn", VAZIRMATN_FILES, staging / "fonts")
    copy_libsodium(node_modules, staging / LIBSODIUM_FOLDER)
    shutil.copyfile(micropip_wheel(), staging / pins.MICROPIP_WHEEL)
