"""Small helpers for JS values, shared by the modules of browser/.

Imports `js` and `pyodide`: never by the pure modules (snapshot_modules.BROWSER).
"""

from __future__ import annotations

import js
from pyodide.ffi import to_js

try:  # Pyodide >= 0.27 turns JS null into `jsnull`, not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # pragma: no cover
    _JSNULL = None


def value(thing):
    """None for JS null/undefined, else the thing."""
    return None if thing is None or thing is _JSNULL else thing


def text(thing):
    """A JS string (or anything) as a Python str; None for JS null/undefined."""
    thing = value(thing)
    return None if thing is None else str(thing)


def js_object(mapping: dict):
    """A plain JS object (not a Map) with these keys and values."""
    return to_js(mapping, dict_converter=js.Object.fromEntries)


def page_is_rtl() -> bool:
    """Whether the page is written right to left (<html dir="rtl">)."""
    return text(js.document.documentElement.getAttribute("dir")) == "rtl"
