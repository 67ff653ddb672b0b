"""The built site and where it is served: one copy for the tests and the benches.

Plain functions, no pytest: tests/conftest.py builds and serves with them, and so do the
scripts of bench/ (bench/load.py, bench/embeds.py, bench/ai_turn.py, bench/analyse_page.py),
with the browsers tests/e2e/engines.py starts.

  load_build_module()          build.py as a module (build, DistServer, the site's tools)
  serve(dist, base_path="/")   dist/ on its own 127.0.0.1 port for as long as the block runs
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_build_module():
    """build.py by path: `import build` could pick up the PyPA `build` package."""
    if "jaipur_build" in sys.modules:
        return sys.modules["jaipur_build"]
    spec = importlib.util.spec_from_file_location("jaipur_build", ROOT / "build.py")
    if spec is None or spec.loader is None:
        raise FileNotFoundError(ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def serve(dist: Path, base_path: str = "/", origins: set[str] | None = None) -> Iterator:
    """A DistServer of `dist` under `base_path` (its `url`, `origin`); `origins` collects the
    origin, for the tests' guard against requests to anywhere else."""
    with load_build_module().DistServer(dist, base_path=base_path) as server:
        if origins is not None:
            origins.add(server.origin)
        yield server
