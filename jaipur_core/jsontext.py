"""JSON text from outside, read within the limits of `limits.py`.

`json.loads` alone is not safe on untrusted text: deep nesting raises
RecursionError (and could overflow the WebAssembly stack in the page), a
number of 4300+ digits raises a bare ValueError, and nothing bounds the size.
`load_json` checks the size, pre-scans the nesting depth on the text (outside
strings) before parsing, and parses numbers through hooks that refuse overlong
tokens. Every failure is an InvalidJSONError with a one-line message.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from itertools import accumulate

from .errors import InvalidJSONError
from .limits import MAX_JSON_BYTES, MAX_JSON_DEPTH, MAX_NUMBER_CHARS

# A JSON string, or an unterminated one running to the end of the text. The
# possessive `*+` and the `\Z` alternative keep every match attempt linear, so
# the scan is linear even on text made of quotes and backslashes.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def load_json(text: str | bytes, what: str = "the data", max_bytes: int = MAX_JSON_BYTES):
    """The JSON value of `text` (str, or UTF-8 bytes); InvalidJSONError if it cannot be read.

    `what` names the input in the message ("the file", "the link's data").
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise InvalidJSONError(f"{what} is larger than {_size(max_bytes)}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidJSONError(f"{what} is not UTF-8 text") from None
    elif not isinstance(text, str):
        raise InvalidJSONError(f"{what} must be text, not {type(text).__name__}")
    # A character takes 1 to 4 UTF-8 bytes: count bytes only when it can matter.
    if len(text) > max_bytes or (len(text) * 4 > max_bytes and _utf8_size(text) > max_bytes):
        raise InvalidJSONError(f"{what} is larger than {_size(max_bytes)}")
    depth = nesting_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise InvalidJSONError(f"{what} nests more than {MAX_JSON_DEPTH} levels deep")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise InvalidJSONError(f"{what} is not valid JSON: {error.msg} "
                               f"(line {error.lineno}, column {error.colno})") from None
    except _NumberError as error:
        raise InvalidJSONError(f"{what} holds {error}") from None
    except RecursionError:  # not reached after the depth scan; kept as a last line of defence
        raise InvalidJSONError(f"{what} nests too deeply") from None


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { in `text`, brackets inside strings not counted.

    Linear in the text; an over-estimate only for text that is not JSON anyway.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)) if '"' in text else _NOT_BRACKET.sub("", text)
    if not brackets:
        return 0
    return max(0, max(accumulate(_STEP[char] for char in brackets)))


class _NumberError(ValueError):
    """Raised from inside json.loads' number hooks; turned into InvalidJSONError."""


def _parse_int(token: str) -> int:
    if len(token) > MAX_NUMBER_CHARS:
        raise _NumberError(f"a number of {len(token)} characters (the limit is {MAX_NUMBER_CHARS})")
    return int(token)


def _parse_float(token: str) -> float:
    if len(token) > MAX_NUMBER_CHARS:
        raise _NumberError(f"a number of {len(token)} characters (the limit is {MAX_NUMBER_CHARS})")
    value = float(token)
    if not math.isfinite(value):
        raise _NumberError(f"the number {token}, too large to represent")
    return value


def _refuse_constant(token: str):
    raise _NumberError(f"{token}, which JSON does not allow")


def _utf8_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _size(count: int) -> str:
    return f"{count // 1024} KB" if count < 1024 * 1024 else f"{count / (1024 * 1024):g} MB"


def json_value_problem(value, depth: int = 0) -> str | None:
    """Why `value` could not have come from `load_json` (too deep, a type JSON lacks,
    an overlong number or a key that is not text), or None if it could.

    For data handed over already parsed, e.g. a record's extra fields that are
    written back out unchanged.
    """
    if depth > MAX_JSON_DEPTH:
        return f"nests more than {MAX_JSON_DEPTH} levels deep"
    if value is None or isinstance(value, (bool, str)):
        return None
    if type(value) is int:
        return None if value.bit_length() <= 100 else "holds an integer too long for JSON input"
    if type(value) is float:
        return None if math.isfinite(value) else "holds a number JSON does not allow"
    entries: Iterable[object]
    if isinstance(value, list):
        entries = value
    elif isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            return "has an object key that is not text"
        entries = value.values()
    else:
        return f"holds a {type(value).__name__}, which JSON does not have"
    for entry in entries:
        problem = json_value_problem(entry, depth + 1)
        if problem:
            return problem
    return None
