"""The game log: its recent lines on the table, the whole of it in a panel. Pure.

The record keeps every action; a long game (up to MAX_ROUNDS rounds of
MAX_ACTIONS_PER_ROUND actions) would make thousands of lines, rebuilt on every
render. The table shows only the last MAX_LOG_LINES_RENDERED of them and a
"Show all" button; the whole log is rendered only while its panel is open.
"""

from __future__ import annotations

from jaipur_core.limits import MAX_LOG_LINES_RENDERED

from ..app.controls import Button
from .markup import Markup, html, join, say, say_n

LOG_PANEL = "log"


def _lines(lines, total: int, testid: str, labelled_by: str) -> Markup:
    # Newest first; `start` keeps each line's number in the whole log. The list scrolls:
    # it is a Tab stop with a name, so a keyboard can reach and scroll it.
    items = join(html("<li>{line}</li>", line=line) for line in reversed(lines))
    return html('<ol class="log" data-testid="{testid}" data-key="{testid}" tabindex="0" '
                'aria-labelledby="{labelled_by}" reversed start="{total}">{items}</ol>',
                testid=testid, labelled_by=labelled_by, total=total, items=items)


def log_region(state, limit: int = MAX_LOG_LINES_RENDERED) -> Markup:
    log = state.log
    shown = log[-limit:] if limit > 0 else ()
    more = ""
    if len(log) > len(shown):
        more = html('<p class="log-more">{hidden} '
                    '<button type="button" data-action="{action}" data-value="{panel}" '
                    'data-testid="log-show-all" data-key="log-show-all">{label}</button></p>',
                    hidden=say_n("log-older-hidden", len(log) - len(shown)), action=Button.PANEL,
                    panel=LOG_PANEL, label=say_n("log-show-all", len(log)))
    return html('<section class="log-area" aria-label="{title}"><h2 id="log-heading">{title}</h2>{lines}{more}'
                '</section>', title=say("game-log"), lines=_lines(shown, len(log), "log", "log-heading"), more=more)


def log_panel(state) -> tuple:
    """(key, html) of the dialog holding every line of the log."""
    close = html('<button type="button" data-action="{action}" data-value="" data-testid="close-panel" '
                 'data-key="close-panel" data-autofocus>{label}</button>', action=Button.CLOSE, label=say("close"))
    return (LOG_PANEL, html('<section class="panel" role="dialog" aria-modal="true" aria-labelledby="log-title" '
                            'data-testid="log-panel" data-dialog="{key}"><h2 id="log-title">{title}</h2>'
                            '{lines}<p>{close}</p></section>',
                            key=LOG_PANEL, title=say("log-all-title"),
                            lines=_lines(state.log, len(state.log), "log-all", "log-title"), close=close))
