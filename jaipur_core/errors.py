"""Typed errors. All are ValueErrors, so callers may catch either."""


class JaipurError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidActionError(JaipurError):
    """Text that is not an action at all (syntax, unknown card, bad count)."""


class IllegalActionError(JaipurError):
    """A well-formed action that the rules do not allow in this position."""

    def __init__(self, action, reason: str):
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = action
        self.reason = reason


class InvalidPositionError(JaipurError):
    """A position (or view) that is malformed or inconsistent; names the field."""


class InvalidRecordError(JaipurError):
    """A game record that is malformed or does not replay."""


class InvalidJSONError(JaipurError):
    """Text from outside that is not JSON within the limits of `limits.py`
    (syntax, size, nesting, an overlong number)."""
