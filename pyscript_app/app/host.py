"""What the runner needs from the page: the host interface, as a typing.Protocol. Pure.

Two classes satisfy it: browser/page.BrowserHost in the browser (composed of browser/draw,
focus, input and services) and tests/app_fakes.FakeHost in the unit tests
(tests/test_app_host.py checks both against it). Nothing here imports the browser, so
app/runner.py can name the interface without importing `js`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..view.render import Screen


@runtime_checkable
class Host(Protocol):
    """The page as the runner sees it: drawing, time, storage, clipboard, files, the console."""

    def show(self, screen: Screen) -> None:
        """Draw a render.Screen."""

    def schedule(self, fn: Callable[[], None], delay_ms: int) -> None:
        """Call fn about delay_ms later (the browser gets the thread in between)."""

    def storage_set(self, key: str, text: str) -> None:
        """Keep text under key (localStorage); may raise (storage full or disabled)."""

    def storage_remove(self, key: str) -> None:
        """Forget key (localStorage); may raise (storage disabled)."""

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        """Put text on the clipboard, then call done(ok)."""

    def download(self, filename: str, text: str) -> None:
        """Offer text as a file to save."""

    def pick_file(self) -> None:
        """Open the file chooser; the chosen file comes back as a FileChosen event."""

    def set_ready(self) -> None:
        """Say the page is ready (<html data-state="ready">)."""

    def report(self, error: BaseException) -> None:
        """Log an exception for developers (the console)."""
