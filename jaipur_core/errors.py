"""Typed errors. All are ValueErrors, so callers may catch either."""


class JaipurError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidActionError(JaipurError):
    """Text that is not an action at all (syntax, unknown card, bad count)."""


class Reason(str):
    """A refusal's English sentence (it is a str) that also carries a stable code.

    `code` (e.g. "sell-precious-minimum") and `params` (e.g. {"good": "gold"}) let a
    front end say the same thing in its own words; the text stays for the CLI.
    """

    code: str
    params: dict

    def __new__(cls, code: str, text: str, **params):
        reason = super().__new__(cls, text)
        reason.code, reason.params = code, params
        return reason

    def __reduce__(self):  # pickles (e.g. across simulate's processes) with its code
        return (_reason, (self.code, str(self), self.params))


def _reason(code: str, text: str, params: dict) -> "Reason":
    return Reason(code, text, **params)


class IllegalActionError(JaipurError):
    """A well-formed action that the rules do not allow in this position.

    `.code` and `.params` name the refusal without words (see `Reason`).
    """

    def __init__(self, action, reason: str, code: str | None = None, params: dict | None = None):
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = action
        self.reason = reason
        self.code = code or getattr(reason, "code", "illegal")
        self.params = dict(params if params is not None else getattr(reason, "params", {}))


class InvalidPositionError(JaipurError):
    """A position (or view) that is malformed or inconsistent; names the field."""


class InvalidRecordError(JaipurError):
    """A game record that is malformed or does not replay."""


class InvalidJSONError(JaipurError):
    """Text from outside that is not JSON within the limits of `limits.py`
    (syntax, size, nesting, an overlong number)."""


class InvalidPuzzleError(JaipurError):
    """A puzzle that is malformed, whose position is refused, or whose answers are not legal."""
