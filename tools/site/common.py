"""What the build steps share: the repository's folders, the build's one error,
running a tool, hashing, copying, and the cache's write-once folders."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
# Downloads, installed npm packages and snapshots: outside dist/, reused by every build.
CACHE = ROOT / ".cache"


class BuildError(RuntimeError):
    """The build cannot go on; the message says what to fix."""


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, quiet: bool = False) -> None:
    """Run a tool; quiet=True keeps its output unless it fails (then the error carries the end of it)."""
    try:
        result = subprocess.run(command, cwd=cwd, env=env, check=False, text=True,
                                capture_output=quiet)
    except OSError as error:
        raise BuildError(f"`{' '.join(command)}` failed: {error}") from error
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-20:]) if quiet else ""
        raise BuildError(f"`{' '.join(command)}` failed (exit status {result.returncode})"
                         + (f":\n{tail}" if tail else ""))


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def copy_tree(source: Path, target: Path) -> None:
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)


PAGES = ("index.html", "embed.html")  # the pages that boot the game (boot.js)


def stamp_pages(staging: Path, name: str, value: object) -> None:
    """`value` as JSON into each page's <html data-`name`>, which boot.js reads before any fetch."""
    from html import escape

    attribute = escape(json.dumps(value, ensure_ascii=False), quote=True)
    for page in PAGES:
        path = staging / page
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            path.write_text(text.replace("<html ", f'<html data-{name}="{attribute}" ', 1), encoding="utf-8")


def dist_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def cached_folder(folder: Path, fill: Callable[[Path], None]) -> bool:
    """Make `folder` once: `fill` writes into a private sibling, which is renamed into
    place only when complete. So a build stopped half way leaves nothing behind, and
    two builds at once (the test workers each build the site) never see each other's
    half-written files: the later one to finish keeps the first one's folder, no lock
    needed. Returns True if the folder was already there."""
    if folder.is_dir():
        return True
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f"{folder.name}.partial-", dir=folder.parent))
    try:
        fill(partial)
        try:
            partial.rename(folder)
        except OSError:
            if not folder.is_dir():  # not another build winning the race: a real failure
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return False
