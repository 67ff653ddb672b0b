"""The page's HTML, escaped by default. Pure.

Before, each render module wrapped text in `e()` by hand, and catalog strings
reached the page unescaped wherever a call was forgotten. Here the default is
the other way round: a `Markup` is HTML already (built by `html`, `say`,
`join`, or a fragment the source declares trusted); anything else that is
interpolated — a catalog sentence, a player's name, a number, a parameter — is
text and is escaped. So a forgotten call leaves `&lt;` on the page, never a tag.

    html('<p class="note" data-value="{value}">{text}</p>', value=value, text=say("copied"))

Templates are literals of the source (they are the trusted part); their
`{name}` fields are filled with `str.format`, so a literal brace is written `{{`.
"""

from __future__ import annotations

import re
from html import escape as _escape_text

from ..words.messages import _, ngettext, number


class Markup(str):
    """A str that is HTML already: interpolated as it is, never escaped again."""

    __slots__ = ()


_NEEDS_ESCAPING = re.compile(r"""[&<>"']""").search


def escape(value) -> Markup:
    """`value` as HTML: a Markup unchanged, anything else as text with & < > " ' escaped."""
    if isinstance(value, Markup):
        return value
    text = str(value)
    if _NEEDS_ESCAPING(text) is None:  # most values (names, numbers, ids): one scan, no copies
        return Markup(text)
    return Markup(_escape_text(text, quote=True))


def html(template: str, /, **values) -> Markup:
    """`template` with each {name} filled by escape(value): text escaped, Markup kept."""
    return Markup(template.format_map({name: escape(value) for name, value in values.items()}))


def join(parts, separator: str = "") -> Markup:
    """The parts one after another (each escaped unless Markup)."""
    return Markup(escape(separator).join(escape(part) for part in parts))


# The one tag a catalog sentence may hold: <b> around a number ("Deck <b>{n}</b>"). It is
# put back after the sentence is escaped; any other tag in a sentence shows as text.
_CATALOG_TAGS = {"&lt;b&gt;": "<b>", "&lt;/b&gt;": "</b>"}


def say(msg_id: str, **params) -> Markup:
    """The catalog sentence `_(msg_id, **params)` as HTML: its words escaped (but for <b>), each
    parameter escaped unless it is Markup, numbers in the language's digits as `_` writes them."""
    return _sentence(lambda marks: _(msg_id, **marks), params)


def say_n(msg_id: str, n: int, **params) -> Markup:
    """`ngettext(msg_id, n, **params)` as HTML, as `say` does ({n} is written by ngettext: digits only)."""
    return _sentence(lambda marks: ngettext(msg_id, n, **marks), params)


def _sentence(lookup, params: dict) -> Markup:
    # Each parameter goes into the sentence as a placeholder (no catalog text holds a NUL), so
    # the sentence alone is escaped and its <b> restored; then each placeholder becomes its
    # parameter, escaped on its own (a parameter's "<b>" stays text).
    marks = {name: f"\x00{index}\x00" for index, name in enumerate(params)}
    text: str = escape(lookup(marks))
    if "&lt;" in text:
        for escaped, tag in _CATALOG_TAGS.items():
            text = text.replace(escaped, tag)
    for name, mark in marks.items():
        text = text.replace(mark, escape(_as_written(params[name])))
    return Markup(text)


def _as_written(value):
    """A parameter as `messages._` writes it: an int in the active language's digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value
