"""build.py without a browser: the wheel, dist/'s contents, the service worker
manifest, the dev server. (Needs the runtime in .cache/; the first run fetches it.)"""

import base64
import gzip
import hashlib
import html
import importlib
import inspect
import io
import json
import os
import re
import shutil
import urllib.error
import urllib.request
import zipfile

import pytest

from tools.site import snapshot, snapshot_modules


@pytest.fixture(scope="module")
def built(built_site):
    """The session's snapshot build (the browser tests serve the same one): read, never changed."""
    return built_site("snapshot")


def stamped_build(page) -> dict:
    """The build.json build.py stamped into a page's <html data-build>."""
    stamped = re.search(r'<html [^>]*data-build="([^"]*)"', page.read_text(encoding="utf-8"))
    assert stamped, f"{page.name} carries no build"
    return json.loads(html.unescape(stamped.group(1)))


def shipped_wheel(dist):
    return (dist / json.loads((dist / "build.json").read_text())["app_wheel"]).read_bytes()


def test_the_wheel_is_valid_and_its_record_matches_its_files(built):
    dist, _ = built
    archive = zipfile.ZipFile(io.BytesIO(shipped_wheel(dist)))
    names = archive.namelist()
    dist_info = "jaipur-0.1.0.dist-info"
    assert names[-1] == f"{dist_info}/RECORD"
    assert {f"{dist_info}/METADATA", f"{dist_info}/WHEEL"} <= set(names)
    assert "Tag: py3-none-any" in archive.read(f"{dist_info}/WHEEL").decode()
    metadata = archive.read(f"{dist_info}/METADATA").decode()
    assert "Name: jaipur\n" in metadata and "Version: 0.1.0\n" in metadata
    record = archive.read(f"{dist_info}/RECORD").decode().splitlines()
    assert record[-1] == f"{dist_info}/RECORD,,"
    for line in record[:-1]:
        path, digest, size = line.split(",")
        data = archive.read(path)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(data), path
    assert {line.split(",")[0] for line in record} == set(names)


def test_the_wheel_bytes_depend_only_on_the_sources(built, site_build, tmp_path):
    dist, _ = built
    project = site_build.Project.from_pyproject()
    # A copy of the sources made at another time, with other file times and modes:
    # the declared backend builds the very bytes the site ships.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(site_build.ROOT / name, source / name)
    for package in ("jaipur_core", "pyscript_app"):
        shutil.copytree(site_build.ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    for path in source.rglob("*"):
        if path.is_file():
            path.chmod(0o600)
            os.utime(path, (978_307_200, 978_307_200))  # 2001
    assert site_build.wheel_bytes(project, source_root=source) == shipped_wheel(dist)
    changed = site_build.wheel_bytes(project, {"jaipur_core/__init__.py": b"# changed\n"}, source_root=source)
    assert changed != shipped_wheel(dist)
    assert zipfile.ZipFile(io.BytesIO(changed)).read("jaipur_core/__init__.py") == b"# changed\n"


def test_the_project_wheel_holds_every_listed_package(built, site_build):
    dist, _ = built
    project = site_build.Project.from_pyproject()
    # Every package folder of the two, listed (setuptools takes sub-packages only when named).
    on_disk = {name for package in snapshot_modules.PACKAGES for name in snapshot_modules.modules_of(package)
               if (site_build.ROOT / name.replace(".", "/") / "__init__.py").is_file()}
    assert set(project.packages) == on_disk and "pyscript_app.browser" in on_disk and "jaipur_core.remote" in on_disk
    names = zipfile.ZipFile(io.BytesIO(shipped_wheel(dist))).namelist()
    for package in project.packages:
        assert package.replace(".", "/") + "/__init__.py" in names
    # The compiled catalogs (build output, never in the tree) are package data.
    for po in (site_build.ROOT / "pyscript_app" / "locale").glob("*/LC_MESSAGES/jaipur.po"):
        assert po.relative_to(site_build.ROOT).with_suffix(".mo").as_posix() in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert not [name for name in names if name.endswith((".po", ".pot"))]


def test_dist_has_the_runtime_the_wheels_and_the_page(built, site_build):
    dist, report = built
    names = set(report["files"])
    assert {f"pyodide/{name}" for name in site_build.PYODIDE_RUNTIME_FILES} <= names
    assert {"index.html", "embed.html", "boot.js", "python_runtime.js", "ai_worker.js", "boot.css", "sw.js",
            "manifest.webmanifest", "snapshot_check.js",
            "build.json", site_build.MICROPIP_WHEEL} <= names
    assert report["total_bytes"] == sum(report["files"].values())
    assert json.loads((dist / "build-report.json").read_text()) == report
    app_wheel = json.loads((dist / "build.json").read_text())["app_wheel"]
    # Named by content, so an HTTP cache cannot hand out an older build's wheel.
    assert re.fullmatch(r"app/[0-9a-f]{16}/jaipur-0\.1\.0-py3-none-any\.whl", app_wheel)
    digest = hashlib.sha256((dist / app_wheel).read_bytes()).hexdigest()
    assert app_wheel.split("/")[1] == digest[:16]
    assert app_wheel in names


def test_the_service_worker_knows_every_file_its_hash_and_the_build(built, site_build):
    dist, report = built
    source = (dist / "sw.js").read_text()
    assert site_build.SW_MANIFEST_PLACEHOLDER not in source
    manifest = json.loads(re.search(r"const MANIFEST = (\{.*?\});", source, re.S).group(1))
    assert manifest["build"] == report["build"]
    assert manifest["files"] == sorted(set(report["files"]) - set(site_build.NOT_PRECACHED))
    assert all(not name.startswith("/") for name in manifest["files"])
    # Subresource Integrity of each file's bytes as built, so the worker refuses another.
    assert sorted(manifest["integrity"]) == manifest["files"]
    for name, integrity in manifest["integrity"].items():
        digest = hashlib.sha256((dist / name).read_bytes()).digest()
        assert integrity == "sha256-" + base64.b64encode(digest).decode(), name
        assert report["sha256"][name] == digest.hex(), name


def test_the_snapshot_is_content_named_gzipped_and_verifiable(built, site_build):
    dist, report = built
    boot = json.loads((dist / "build.json").read_text())
    entry = boot["snapshot"]
    assert re.fullmatch(r"snapshot/[0-9a-f]{16}/jaipur\.snapshot\.gz", entry["path"])
    data = gzip.decompress((dist / entry["path"]).read_bytes())
    digest = hashlib.sha256(data).hexdigest()
    assert entry["path"].split("/")[1] == digest[:16]
    assert (entry["sha256"], entry["bytes"]) == (digest, len(data))
    assert report["snapshot"]["sha256"] == digest and report["snapshot"]["path"] == entry["path"]
    # the page hashes the file as it arrives (gzip_sha256), or the envelope if a host unpacked it
    assert report["sha256"][entry["path"]] == entry["gzip_sha256"] == hashlib.sha256(
        (dist / entry["path"]).read_bytes()).hexdigest()
    # The envelope names the build it belongs to; boot.js checks these against build.json.
    header = site_build.read_snapshot_header(data)
    assert header["build"] == entry["build"]
    assert header["app_wheel"] == boot["app_wheel"]
    assert header["pyodide"] == boot["pyodide_version"] == site_build.PYODIDE_VERSION
    # every module the page imports, the browser layer's last (boot.js then imports nothing)
    assert header["modules"] == sorted(snapshot_modules.SNAPSHOT) + sorted(snapshot_modules.BROWSER)
    assert "pyscript_app.browser.page" in header["modules"] and "jaipur_core" in header["modules"]
    # Each page that boots carries build.json, so boot.js starts the big downloads before build.json is read.
    for page in ("index.html", "embed.html"):
        assert stamped_build(dist / page) == boot, page
    # Pyodide's snapshot is stored without its long runs of zero pages, the header says which pages are kept.
    memory = site_build.read_snapshot_memory(data)
    assert len(memory) == header["pyodide_bytes"] == entry["memory_bytes"]
    assert header["pyodide_runs"] == snapshot.kept_pages(memory)
    kept = snapshot.stored_pages(memory, header["pyodide_runs"])
    stored_end = site_build.SNAPSHOT_HEADER_BYTES + snapshot.stored_length(header["pyodide_runs"], len(memory))
    assert data[site_build.SNAPSHOT_HEADER_BYTES:stored_end] == kept and len(kept) < len(memory) * 0.7
    # Then Pyodide's own snapshot, 4096-aligned (its magic is the first 32-bit word).
    pyodide_part = data[site_build.SNAPSHOT_HEADER_BYTES:]
    assert int.from_bytes(pyodide_part[:4], "little") == 1886286592


def test_the_snapshot_carries_the_installed_game_so_its_path_needs_no_wheel(built, site_build):
    """The page's snapshot path unzips nothing and imports no installer: the files
    the install wrote travel in the envelope, after Pyodide's part, as they are."""
    dist, _ = built
    boot = json.loads((dist / "build.json").read_text())
    data = gzip.decompress((dist / boot["snapshot"]["path"]).read_bytes())
    header = site_build.read_snapshot_header(data)
    assert re.fullmatch(r"/lib/python3\.\d+/site-packages", header["site_packages"])
    files = site_build.read_snapshot_files(data)  # and they fill the envelope to its end
    wheel = zipfile.ZipFile(io.BytesIO(shipped_wheel(dist)))
    # Every file of the wheel, byte for byte; besides, micropip's record of the install
    # (every module is imported in the snapshot: no bytecode travels for the page).
    for name in wheel.namelist():
        assert files[name] == wheel.read(name), name
    extra = set(files) - set(wheel.namelist())
    assert all(name.startswith("jaipur-0.1.0.dist-info/") for name in extra), extra
    assert "pyscript_app/browser/page.py" in files and "pyscript_app/locale/fa/LC_MESSAGES/jaipur.mo" in files
    # boot.js writes them itself: the snapshot path fetches no wheel and unpacks no archive.
    boot_js = (dist / "python_runtime.js").read_text()  # boot.js and ai_worker.js restore with it
    restore = boot_js[boot_js.index("async function restoreSnapshot"):boot_js.index("// --- the full path")]
    assert "app_wheel" not in restore and "unpackArchive" not in restore and "sysconfig" not in restore


PAGE = snapshot.PAGE_BYTES
LONG = snapshot.ZERO_RUN_PAGES


@pytest.mark.parametrize(("pages", "runs"), [
    ("", []),
    ("x", [[0, 1]]),
    ("0" * LONG, []),
    ("0" * (LONG - 1), [[0, LONG - 1]]),  # a short run of zero pages is kept
    ("x" + "0" * LONG + "xx", [[0, 1], [LONG + 1, 2]]),
    ("x" + "0" * (LONG - 1) + "x", [[0, LONG + 1]]),
    ("xx" + "0" * (LONG + 3), [[0, 2]]),
    ("0" * LONG + "x" + "0" * 2, [[LONG, 3]]),
])
def test_a_snapshot_keeps_its_pages_but_long_runs_of_zero_pages_and_gets_them_back(pages, runs):
    for short_end in (0, PAGE - 100):  # Pyodide's snapshot need not end on a whole page
        memory = b"".join(bytes(PAGE) if page == "0" else b"\x07" * PAGE for page in pages)
        memory = memory[:len(memory) - short_end] if memory else memory
        assert snapshot.kept_pages(memory) == runs
        stored = snapshot.stored_pages(memory, runs)
        assert snapshot.stored_length(runs, len(memory)) == len(stored)
        assert snapshot.with_zero_pages(stored, runs, len(memory)) == memory


def test_a_build_without_the_snapshot_has_none(site_build, tmp_path):
    report = site_build.build(dist=tmp_path / "dist", quiet=True, snapshot=False)
    assert report["snapshot"] is None
    assert "snapshot" not in json.loads((tmp_path / "dist" / "build.json").read_text())
    assert not any(name.startswith("snapshot/") for name in report["files"])
    assert "snapshot" not in stamped_build(tmp_path / "dist" / "index.html")


def test_the_snapshot_key_follows_every_input(site_build):
    key = site_build.snapshot_key(b"wheel", ["a", "b"])
    assert site_build.snapshot_key(b"wheel", ["a", "b"]) == key
    assert site_build.snapshot_key(b"other wheel", ["a", "b"]) != key
    assert site_build.snapshot_key(b"wheel", ["a"]) != key


def test_a_rebuild_reuses_the_snapshot_and_gives_the_same_build_id(built, site_build, tmp_path):
    dist, report = built
    again = site_build.build(dist=tmp_path / "dist", quiet=True)  # beside the shared build, not over it
    assert again["build"] == report["build"]
    # The snapshot comes from .cache/snapshots: Node does not run again.
    assert again["snapshot"]["reused"] is True
    assert again["snapshot"]["path"] == report["snapshot"]["path"]


def package_modules(site_build) -> set[str]:
    """Every module of the wheel's packages, from the source files."""
    found = set()
    for package in site_build.Project.from_pyproject().packages:
        for path in (site_build.ROOT / package.replace(".", "/")).glob("*.py"):
            found.add(package if path.stem == "__init__" else f"{package}.{path.stem}")
    return found


def test_no_module_is_in_two_snapshot_lists():
    lists = (snapshot_modules.SNAPSHOT, snapshot_modules.BROWSER, snapshot_modules.NOT_IMPORTED)
    placed = [name for names in lists for name in names]
    assert len(placed) == len(set(placed)), "a module is in two lists"


def test_the_declared_lists_cover_every_module_of_the_wheel(site_build):
    """A new module must be put in one of the lists, never left out of the snapshot unnoticed."""
    lists = (snapshot_modules.SNAPSHOT, snapshot_modules.BROWSER, snapshot_modules.NOT_IMPORTED)
    placed = {name for names in lists for name in names}
    modules = package_modules(site_build)
    assert modules - placed == set(), "new modules: add each to a list in tools/site/snapshot_modules.py"
    assert placed - modules == set(), "listed modules that do not exist"


def test_the_projects_snapshot_modules_import_without_a_browser():
    modules = snapshot_modules.SNAPSHOT
    assert "jaipur_core" in modules and "pyscript_app.browser.page" in snapshot_modules.BROWSER
    for name in modules:
        importlib.import_module(name)  # CPython has no `js`: this would fail for a DOM module
    with pytest.raises(ImportError):
        importlib.import_module("pyscript_app.browser.page")  # so the browser layer has a list of its own


def test_a_changed_page_gives_a_new_build_id(built, site_build, tmp_path):
    _, report = built
    web = tmp_path / "web"
    site_build.copy_tree(site_build.WEB, web)
    (web / "boot.css").write_text((web / "boot.css").read_text() + "/* changed */\n")
    changed = site_build.build(dist=tmp_path / "dist", quiet=True, web=web)
    assert changed["build"] != report["build"]


def test_a_runtime_with_the_wrong_hash_stops_the_build(site_build, monkeypatch, tmp_path):
    # package-lock.json pins each tarball's integrity hash; npm ci refuses one that differs.
    npm_project = tmp_path / "npm"
    npm_project.mkdir()
    shutil.copyfile(site_build.ROOT / "package.json", npm_project / "package.json")
    lock = json.loads((site_build.ROOT / "package-lock.json").read_text())
    wrong = base64.b64encode(hashlib.sha512(b"not the runtime").digest()).decode()
    lock["packages"]["node_modules/pyodide"]["integrity"] = f"sha512-{wrong}"
    (npm_project / "package-lock.json").write_text(json.dumps(lock, indent=2))
    monkeypatch.setattr(site_build.pins, "NPM_PROJECT", npm_project)
    with pytest.raises(site_build.BuildError, match="EINTEGRITY"):
        site_build.build(dist=tmp_path / "dist", quiet=True)
    assert not (tmp_path / "dist").exists()


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("boot.js", "text/javascript"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("", "text/html"),
    ],
)
def test_the_server_sends_the_types_browsers_need_under_its_base_path(built, site_build, path, content_type):
    dist, _ = built
    with site_build.DistServer(dist, base_path="/games/jaipur/") as server:
        with urllib.request.urlopen(server.url + path) as response:
            assert response.headers["Content-Type"] == content_type
        with pytest.raises(urllib.error.HTTPError) as outside:
            urllib.request.urlopen(server.origin + "/" + path)
        assert outside.value.code == 404


def test_the_manifest_icons_exist_with_their_declared_sizes(site_build):
    manifest = json.loads((site_build.WEB / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        data = (site_build.WEB / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", icon["src"]
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


def test_each_prepared_function_is_a_snapshot_modules_function_without_arguments():
    for name in snapshot_modules.PREPARED:
        module, _, function = name.partition(":")
        assert module in snapshot_modules.SNAPSHOT, name
        called = getattr(importlib.import_module(module), function)
        assert all(parameter.default is not inspect.Parameter.empty
                   for parameter in inspect.signature(called).parameters.values()), name
