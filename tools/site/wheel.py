"""The project wheel, built by the backend pyproject.toml declares (setuptools), from
a staged copy of the sources with the compiled translations added, so the source
tree stays clean. The bytes are reproducible: SOURCE_DATE_EPOCH fixes every zip
timestamp and the staged files' modes are fixed, so the same sources give the same
wheel (the content-named folder and the snapshot cache rely on that)."""

from __future__ import annotations

import os
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

from . import translations
from .common import ROOT, BuildError, run

# 1980-01-01, the earliest time a zip can record: the bytes never depend on when the
# sources were checked out or built.
SOURCE_DATE_EPOCH = "315532800"
# What the backend reads besides the packages: the metadata and the readme it names. The
# page's wheel gets a short readme of its own: the project's README would travel to every
# player as the wheel's long description (16 KB raw), read by no one in a browser.
PROJECT_FILES = ("pyproject.toml",)
README = "README.md"
WHEEL_README = "Jaipur, the card game, for the browser: the rules engine, the AI and the page's Python.\n"
# Runs the declared backend in this Python (no isolated environment to download: the
# build stays offline and quick; the `build` extra installs the backend).
BUILD_WHEEL = "import importlib, sys; importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2])"


@dataclass(frozen=True)
class Project:
    name: str
    version: str
    packages: tuple[str, ...]
    backend: str

    @classmethod
    def from_pyproject(cls, path: Path = ROOT / "pyproject.toml") -> Project:
        data = tomllib.loads(path.read_text())
        return cls(
            name=data["project"]["name"],
            version=data["project"]["version"],
            packages=tuple(data["tool"]["setuptools"]["packages"]),
            backend=data["build-system"]["build-backend"],
        )

    @property
    def wheel_name(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


def stage_sources(project: Project, source_root: Path, target: Path,
                  replaced: dict[str, bytes] | None = None) -> None:
    """Copy what the backend builds from into target: the project files, each listed
    package's files (sub-packages are listed on their own, as setuptools wants them),
    the compiled catalogs, then `replaced` (path -> bytes) over them."""
    for name in PROJECT_FILES:
        (target / name).write_bytes((source_root / name).read_bytes())
    (target / README).write_text(WHEEL_README)
    for package in project.packages:
        folder = source_root / package.replace(".", "/")
        if not (folder / "__init__.py").is_file():
            raise BuildError(f"package {package} is listed in pyproject.toml but {folder} has no __init__.py")
        (target / folder.relative_to(source_root)).mkdir(parents=True, exist_ok=True)
        for path in folder.iterdir():
            if path.is_file() and path.suffix not in (".pyc", ".pyo"):
                (target / path.relative_to(source_root)).write_bytes(path.read_bytes())
    translations.write_catalogs(source_root, target)
    for name, data in (replaced or {}).items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(data)
    for path in target.rglob("*"):  # the zip records each file's mode: not the umask's to decide
        path.chmod(0o755 if path.is_dir() else 0o644)


def build_wheel(project: Project, staged: Path, out: Path) -> Path:
    """Run the declared backend on a staged copy; returns the wheel's path."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        run([sys.executable, "-c", BUILD_WHEEL, project.backend, str(out)], cwd=staged, env=env, quiet=True)
    except BuildError as error:
        raise BuildError(f"{error}\nThe wheel is built by {project.backend} in this Python "
                         "(pyproject.toml's [build-system]): python3 -m pip install -e '.[build]'") from error
    wheel = out / project.wheel_name
    if not wheel.is_file():
        raise BuildError(f"{project.backend} did not make {project.wheel_name} (made: "
                         f"{', '.join(p.name for p in out.iterdir()) or 'nothing'})")
    return wheel


def wheel_bytes(project: Project, replaced: dict[str, bytes] | None = None, source_root: Path = ROOT) -> bytes:
    """The project's wheel from source_root's sources, with `replaced` (path -> bytes)
    put over them first (tests build a deliberately broken game this way)."""
    with tempfile.TemporaryDirectory(prefix="jaipur-wheel-") as scratch:
        staged, out = Path(scratch) / "src", Path(scratch) / "out"
        staged.mkdir()
        out.mkdir()
        stage_sources(project, source_root, staged, replaced)
        return build_wheel(project, staged, out).read_bytes()
