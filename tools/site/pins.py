"""Where each pinned input of the site is written down. The pins live in the files
their installers read and check: package.json + package-lock.json for `npm ci` (the
Pyodide runtime, the Persian font; the lock holds each tarball's integrity hash) and
micropip.txt for `pip download --require-hashes`. This module only reads them, so a
pin is changed in one place."""

from __future__ import annotations

import json
import re

from .common import ROOT, BuildError

# The npm project: package.json and package-lock.json (a test points this at a broken copy).
NPM_PROJECT = ROOT
_PACKAGE_JSON = json.loads((ROOT / "package.json").read_text())
_PACKAGE_LOCK = json.loads((ROOT / "package-lock.json").read_text())

PYODIDE_VERSION = _PACKAGE_JSON["dependencies"]["pyodide"]
# The runtime's identity for the snapshot's cache key: its tarball's integrity hash.
PYODIDE_INTEGRITY = _PACKAGE_LOCK["packages"]["node_modules/pyodide"]["integrity"]
VAZIRMATN_VERSION = _PACKAGE_JSON["dependencies"]["vazirmatn"]
# Pyodide 314 is CPython 3.14: the micropip wheel must fit that, not the Python running the build.
PYODIDE_PYTHON = "3.14"

MICROPIP_REQUIREMENTS = ROOT / "tools" / "site" / "micropip.txt"
_micropip = re.search(r"^micropip==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*$",
                      MICROPIP_REQUIREMENTS.read_text(), re.M)
if _micropip is None:
    raise BuildError(f"{MICROPIP_REQUIREMENTS} must pin micropip as `micropip==VERSION --hash=sha256:HEX`")
MICROPIP_VERSION, MICROPIP_SHA256 = _micropip.groups()
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
