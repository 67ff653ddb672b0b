"""Reading the command line's input: JSON within the limits, and the one-line error.

Shared by cli.py (the engine's commands) and ai/cli.py (suggest, simulate), so
neither imports the other to read a file: cli.py imports ai/cli.py, nothing
imports back.
"""

from __future__ import annotations

import sys

from .errors import JaipurError
from .jsontext import load_json
from .limits import MAX_JSON_BYTES, clip
from .position import position_from_json


class BadInput(Exception):
    """Input the command cannot use; its message is the one line printed."""


def read_json(source: str, what: str):
    """The JSON value in file `source` (or stdin for '-'), read within the limits."""
    name = "stdin" if source == "-" else repr(clip(source, 200))
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_JSON_BYTES + 1)
        else:
            with open(source, "rb") as handle:
                raw = handle.read(MAX_JSON_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read {what} {name}: {error.strerror or error}") from None
    except ValueError:  # e.g. a NUL character in the file name
        raise BadInput(f"cannot read {what} {name}: not a usable file name") from None
    try:
        return load_json(raw, f"{what} in {name}")
    except JaipurError as error:
        raise BadInput(str(error)) from None


def read_position(source: str):
    data = read_json(source, "position")
    try:
        return position_from_json(data)
    except JaipurError as error:
        raise BadInput(f"invalid position: {error}") from None
