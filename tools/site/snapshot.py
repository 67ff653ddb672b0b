"""The memory snapshot: Node runs tools/make_snapshot.mjs with the pinned runtime,
micropip installs the game wheel, the modules of snapshot_modules.SNAPSHOT and then
of snapshot_modules.BROWSER are imported, the functions of snapshot_modules.PREPARED
are called, and the interpreter's memory is saved; the page restores it instead of
starting Python. Wrapped in an envelope naming the build it belongs to (boot.js
checks it) and carrying the files the install wrote (a snapshot holds memory, not
the file system: the page writes them back as they are, with no wheel to unzip),
gzipped, and cached in .cache/snapshots/ under a key of everything it depends on,
so a rebuild with the same inputs reuses it."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil
import time
from pathlib import Path

from . import pins, snapshot_modules
from .common import CACHE, ROOT, BuildError, cached_folder, run, sha256_of

SNAPSHOT_MAKER = ROOT / "tools" / "make_snapshot.mjs"
# Bumped when the envelope below or what goes into a snapshot changes.
SNAPSHOT_FORMAT = 3
# The envelope: this magic, then a JSON header padded with spaces to 4096 bytes,
# then Pyodide's own snapshot of header["pyodide_bytes"] without its long runs of
# zero pages (its stack's and heap's unused parts, 14 of its 31 MB, which took a
# third of the page's unpacking: issue 30): header["pyodide_runs"] lists the
# [first page, page count] of the 4096-byte pages kept, one after the other; then
# the installed files: a JSON index of header["file_index_bytes"] ([[path under
# header["site_packages"], size], ...]) and their bytes, one after the other in the
# index's order. web/snapshot_check.js reads it back.
SNAPSHOT_MAGIC = b"JAIPUR-SNAPSHOT\n"
SNAPSHOT_HEADER_BYTES = 4096
SNAPSHOT_FILE = "jaipur.snapshot.gz"
PAGE_BYTES = 4096
# Shorter runs of zero pages are kept: the runs stay few (about 15), the header short.
ZERO_RUN_PAGES = 16


def kept_pages(memory: bytes) -> list[list[int]]:
    """The [first page, page count] runs of `memory`'s pages to keep: all but runs of
    ZERO_RUN_PAGES or more zero pages (the last page may be short)."""
    zero = [not any(memory[at:at + PAGE_BYTES]) for at in range(0, len(memory), PAGE_BYTES)]
    runs: list[list[int]] = []
    page = 0
    while page < len(zero):
        end = page + 1
        while zero[page] and end < len(zero) and zero[end]:
            end += 1
        if not zero[page] or end - page < ZERO_RUN_PAGES:  # kept, with the run before it if they touch
            if runs and sum(runs[-1]) == page:
                runs[-1][1] += end - page
            else:
                runs.append([page, end - page])
        page = end
    return runs


def _spans(runs: list[list[int]], size: int):
    """(start, stop) in a memory of `size` bytes of each run of kept pages (the last page may be short)."""
    for first, count in runs:
        yield first * PAGE_BYTES, min((first + count) * PAGE_BYTES, size)


def stored_pages(memory: bytes, runs: list[list[int]]) -> bytes:
    return b"".join(memory[start:stop] for start, stop in _spans(runs, len(memory)))


def stored_length(runs: list[list[int]], size: int) -> int:
    """How many bytes the kept pages of a memory of `size` bytes take."""
    return sum(stop - start for start, stop in _spans(runs, size))


def with_zero_pages(stored: bytes, runs: list[list[int]], size: int) -> bytes:
    """The memory back from its stored pages, as the page does (snapshot_check.js: withZeroPages)."""
    memory = bytearray(size)
    at = 0
    for start, stop in _spans(runs, size):
        memory[start:stop] = stored[at:at + stop - start]
        at += stop - start
    return bytes(memory)


def modules() -> list[str]:
    """In the order they are imported: the pure modules, then the browser layer."""
    return sorted(snapshot_modules.SNAPSHOT) + sorted(snapshot_modules.BROWSER)


def snapshot_key(app_wheel: bytes, modules: list[str]) -> str:
    """Everything a snapshot depends on; the same key means the same snapshot."""
    inputs = {
        "format": SNAPSHOT_FORMAT,
        "pyodide": pins.PYODIDE_INTEGRITY,
        "micropip": pins.MICROPIP_SHA256,
        "app_wheel": hashlib.sha256(app_wheel).hexdigest(),
        "maker": sha256_of(SNAPSHOT_MAKER),
        "modules": modules,
        "prepared": list(snapshot_modules.PREPARED),
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def snapshot_envelope(header: dict, pyodide_snapshot: bytes, site_packages: str,
                      files: list[tuple[str, bytes]]) -> bytes:
    index = json.dumps([[path, len(data)] for path, data in files]).encode()
    runs = kept_pages(pyodide_snapshot)
    header = {**header, "pyodide_bytes": len(pyodide_snapshot), "pyodide_runs": runs,
              "site_packages": site_packages, "file_index_bytes": len(index)}
    text = SNAPSHOT_MAGIC + json.dumps(header, sort_keys=True).encode()
    if len(text) > SNAPSHOT_HEADER_BYTES:
        raise BuildError("the snapshot header is too long")
    return b"".join([text.ljust(SNAPSHOT_HEADER_BYTES, b" "), stored_pages(pyodide_snapshot, runs), index,
                     *(data for _, data in files)])


def read_snapshot_header(data: bytes) -> dict:
    """The header of an envelope (the page does the same in boot.js)."""
    if not data.startswith(SNAPSHOT_MAGIC):
        raise ValueError("not a Jaipur snapshot")
    return json.loads(data[len(SNAPSHOT_MAGIC):SNAPSHOT_HEADER_BYTES])


def read_snapshot_memory(data: bytes) -> bytes:
    """Pyodide's snapshot in an envelope, its zero pages put back."""
    header = read_snapshot_header(data)
    return with_zero_pages(data[SNAPSHOT_HEADER_BYTES:], header["pyodide_runs"], header["pyodide_bytes"])


def read_snapshot_files(data: bytes) -> dict[str, bytes]:
    """The installed files an envelope carries, by path under its site_packages
    (what boot.js writes into the restored interpreter's file system)."""
    header = read_snapshot_header(data)
    at = SNAPSHOT_HEADER_BYTES + stored_length(header["pyodide_runs"], header["pyodide_bytes"])
    index = json.loads(data[at:at + header["file_index_bytes"]])
    at += header["file_index_bytes"]
    files = {}
    for path, size in index:
        files[path] = data[at:at + size]
        at += size
    if at != len(data):
        raise ValueError("the envelope's files do not fill it")
    return files


def make_with_node(staging: Path, app_wheel_path: str, key: str, folder: Path) -> None:
    """Run the snapshot maker on the staged runtime and wheels; write the gzipped
    envelope and its meta.json into folder."""
    names = modules()
    raw_path, files_path, job_path = folder / "pyodide.snapshot", folder / "files.json", folder / "job.json"
    job_path.write_text(json.dumps({
        "runtime": str(staging / "pyodide"),
        "micropip": str(staging / pins.MICROPIP_WHEEL),
        "app_wheel": str(staging / app_wheel_path),
        "modules": names,
        "prepared": list(snapshot_modules.PREPARED),
        "output": str(raw_path),
        "files_output": str(files_path),
    }))
    run(["node", str(SNAPSHOT_MAKER), str(job_path)], cwd=ROOT)
    header = {"format": SNAPSHOT_FORMAT, "build": key[:16], "app_wheel": app_wheel_path,
              "pyodide": pins.PYODIDE_VERSION, "modules": names}
    installed = json.loads(files_path.read_text())
    files = [(path, base64.b64decode(text)) for path, text in installed["files"]]
    data = snapshot_envelope(header, raw_path.read_bytes(), installed["site_packages"], files)
    for path in (raw_path, files_path, job_path):
        path.unlink()
    (folder / SNAPSHOT_FILE).write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
    (folder / "meta.json").write_text(json.dumps({
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "build": key[:16],
    }))


def make_snapshot(staging: Path, app_wheel_path: str) -> dict:
    """The gzipped snapshot for this runtime + wheel + module list, from .cache/snapshots/
    when one was made before (Node takes ~10 s), else made now, copied into staging
    under a folder named by its content. Returns its entry for build.json and the report."""
    started = time.perf_counter()
    key = snapshot_key((staging / app_wheel_path).read_bytes(), modules())
    cached = CACHE / "snapshots" / key
    reused = cached_folder(cached, lambda folder: make_with_node(staging, app_wheel_path, key, folder))
    meta = json.loads((cached / "meta.json").read_text())
    with gzip.open(cached / SNAPSHOT_FILE) as packed:
        header = read_snapshot_header(packed.read(SNAPSHOT_HEADER_BYTES))
    path = f"snapshot/{meta['sha256'][:16]}/{SNAPSHOT_FILE}"
    (staging / path).parent.mkdir(parents=True)
    shutil.copyfile(cached / SNAPSHOT_FILE, staging / path)
    return {
        "path": path,
        "sha256": meta["sha256"],
        "bytes": meta["bytes"],
        "build": meta["build"],
        # Pyodide's part of the envelope: the page hands Pyodide a buffer of this
        # size before the snapshot arrives, so the wasm is instantiated meanwhile
        "memory_bytes": header["pyodide_bytes"],
        "gzip_bytes": (cached / SNAPSHOT_FILE).stat().st_size,
        # what the page hashes: the file as it arrives, before it unpacks it
        "gzip_sha256": sha256_of(cached / SNAPSHOT_FILE),
        "reused": reused,
        "seconds": round(time.perf_counter() - started, 3),
    }
