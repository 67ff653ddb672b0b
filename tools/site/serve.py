"""dist/ on 127.0.0.1 (`build.py serve`, the tests, the benchmarks)."""

from __future__ import annotations

import http.server
import sys
import threading
from pathlib import Path


class DistRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on (wasm streaming needs
    application/wasm; module scripts need a JavaScript type), mounted under a
    base path so sub-folder hosting can be tested."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".gz": "application/gzip",
        ".svg": "image/svg+xml",
        ".png": "image/png",
    }
    base_path = "/"

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.base_path):
            return str(Path(self.directory) / "__outside_base_path__")  # a 404
        return super().translate_path("/" + path[len(self.base_path):])

    def end_headers(self) -> None:
        # Revalidate every time: a rebuilt dist/ is seen at once, and the service
        # worker's install step gets cheap 304s for files the page just loaded.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class QuietThreadingHTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that drops a download half way (a test ending, a page
        # navigating away) is normal; anything else still gets a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class DistServer:
    """dist/ on 127.0.0.1 in a background thread. Use as a context manager."""

    def __init__(self, dist: Path, port: int = 0, base_path: str = "/",
                 verbose: bool = False, handler_class: type = DistRequestHandler):
        base_path = "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/"
        # handler_class: tests pass a subclass that misbehaves (e.g. stalls a file).
        handler = type("Handler", (handler_class,), {"base_path": base_path})

        def make_handler(*args, **kwargs):
            return handler(*args, directory=str(dist), **kwargs)

        self.httpd = QuietThreadingHTTPServer(("127.0.0.1", port), make_handler)
        self.httpd.verbose = verbose  # type: ignore[attr-defined]
        self.base_path = base_path
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def url(self) -> str:
        return self.origin + self.base_path

    def __enter__(self) -> DistServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()
