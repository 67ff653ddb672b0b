"""The game log: its recent lines on the table, the whole of it in a panel. Pure.

The record keeps every action; a long game (up to MAX_ROUNDS rounds of
MAX_ACTIONS_PER_ROUND actions) would make thousands of lines, rebuilt on every
render. The table shows only the last MAX_LOG_LINES_RENDERED of them and a
"Show all" button; the whole log is rendered only while its panel is open.
"""

from __future__ import annotations

from jaipur_core.limits import MAX_LOG_LINES_RENDERED

from .controls import Button
from .messages import _, ngettext
from .render_table import e

LOG_PANEL = "log"


def _lines(lines, total: int, testid: str, labelled_by: str) -> str:
    # Newest first; `start` keeps each line's number in the whole log. The list scrolls:
    # it is a Tab stop with a name, so a keyboard can reach and scroll it.
    items = "".join(f"<li>{e(line)}</li>" for line in reversed(lines))
    return (f'<ol class="log" data-testid="{testid}" data-key="{testid}" tabindex="0" '
            f'aria-labelledby="{labelled_by}" reversed start="{total}">{items}</ol>')


def log_region(state, limit: int = MAX_LOG_LINES_RENDERED) -> str:
    log = state.log
    shown = log[-limit:] if limit > 0 else ()
    more = ""
    if len(log) > len(shown):
        more = (f'<p class="log-more">{e(ngettext("log-older-hidden", len(log) - len(shown)))} '
                f'<button type="button" data-action="{Button.PANEL}" data-value="{LOG_PANEL}" '
                f'data-testid="log-show-all" data-key="log-show-all">'
                f'{e(ngettext("log-show-all", len(log)))}</button></p>')
    return (f'<section class="log-area" aria-label="{e(_("game-log"))}"><h2 id="log-heading">{e(_("game-log"))}</h2>'
            f'{_lines(shown, len(log), "log", "log-heading")}{more}</section>')


def log_panel(state) -> tuple:
    """(key, html) of the dialog holding every line of the log."""
    close = (f'<button type="button" data-action="{Button.CLOSE}" data-value="" data-testid="close-panel" '
             f'data-key="close-panel" data-autofocus>{e(_("close"))}</button>')
    return (LOG_PANEL, f'<section class="panel" role="dialog" aria-modal="true" aria-labelledby="log-title" '
                       f'data-testid="log-panel" data-dialog="{LOG_PANEL}">'
                       f'<h2 id="log-title">{e(_("log-all-title"))}</h2>'
                       f'{_lines(state.log, len(state.log), "log-all", "log-title")}<p>{close}</p></section>')
