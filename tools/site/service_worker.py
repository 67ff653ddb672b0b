"""The offline cache's manifest: the build id and every file's hash, stamped into sw.js."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from .common import BuildError

# Files of dist/ the service worker must not precache: itself, the report, and the
# runtime's plain wasm (the page fetches it gzipped; precaching the plain one too
# would add 9.6 MB to a first visit).
NOT_PRECACHED = ("sw.js", "build-report.json", "pyodide/pyodide.asm.wasm")
SW_MANIFEST_PLACEHOLDER = '"__BUILD_MANIFEST__"'


def build_id(digests: dict[str, str]) -> str:
    """Hash of every precached file's path and bytes: changes iff the site changes."""
    digest = hashlib.sha256()
    for name in sorted(digests):
        digest.update(name.encode() + b"\0" + bytes.fromhex(digests[name]))
    return digest.hexdigest()[:16]


def sri(sha256_hex: str) -> str:
    """A Subresource Integrity value ("sha256-<base64>") from a hex sha256."""
    return "sha256-" + base64.b64encode(bytes.fromhex(sha256_hex)).decode()


def write_service_worker(folder: Path, web: Path, build: str, digests: dict[str, str]) -> None:
    """Inject the build id, the file list and each file's hash into sw.js, so
    every deploy changes the worker's bytes (which is how browsers notice an
    update) and the worker can refuse a file that is not this build's."""
    template = (web / "sw.js").read_text()
    if SW_MANIFEST_PLACEHOLDER not in template:
        raise BuildError(f"web/sw.js lacks the placeholder {SW_MANIFEST_PLACEHOLDER}")
    manifest = json.dumps({
        "build": build,
        "files": sorted(digests),
        "integrity": {name: sri(digest) for name, digest in sorted(digests.items())},
    }, indent=1)
    (folder / "sw.js").write_text(template.replace(SW_MANIFEST_PLACEHOLDER, manifest))
