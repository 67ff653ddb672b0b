"""The game log: its recent lines on the table, the whole of it in a panel. Pure.

The record keeps every action; a long game (up to MAX_ROUNDS rounds of
MAX_ACTIONS_PER_ROUND actions) would make thousands of lines, rebuilt on every
render. The table shows only the last MAX_LOG_LINES_RENDERED of them and a
"Show all" button; the whole log is rendered only while its panel is open.
"""

from __future__ import annotations

from jaipur_core.limits import MAX_LOG_LINES_RENDERED

from .messages import _, ngettext
from .render_table import e

LOG_PANEL = "log"


def _lines(lines, total: int, testid: str) -> str:
    # Newest first; `start` keeps each line's number in the whole log.
    items = "".join(f"<li>{e(line)}</li>" for line in reversed(lines))
    # tabindex: the list scrolls, so a keyboard must be able to reach it (WCAG 2.1.1)
    return f'<ol class="log" data-testid="{testid}" tabindex="0" reversed start="{total}">{items}</ol>'


def log_region(state, limit: int = MAX_LOG_LINES_RENDERED) -> str:
    log = state.log
    shown = log[-limit:] if limit > 0 else ()
    more = ""
    if len(log) > len(shown):
        more = (f'<p class="log-more">{e(ngettext("log-older-hidden", len(log) - len(shown)))} '
                f'<button type="button" data-action="panel" data-value="{LOG_PANEL}" '
                f'data-testid="log-show-all" data-key="log-show-all">'
                f'{e(ngettext("log-show-all", len(log)))}</button></p>')
    return (f'<section class="log-area" aria-label="{e(_("game-log"))}"><h2>{e(_("game-log"))}</h2>'
            f'{_lines(shown, len(log), "log")}{more}</section>')


def log_panel(state) -> tuple:
    """(key, html) of the dialog holding every line of the log."""
    close = (f'<button type="button" data-action="close" data-value="" data-testid="close-panel" '
             f'data-key="close-panel" data-autofocus>{e(_("close"))}</button>')
    return (LOG_PANEL, f'<section class="panel" role="dialog" aria-labelledby="log-title" '
                       f'data-testid="log-panel" data-dialog="{LOG_PANEL}">'
                       f'<h2 id="log-title">{e(_("log-all-title"))}</h2>'
                       f'{_lines(state.log, len(state.log), "log-all")}<p>{close}</p></section>')
