"""Booting from the memory snapshot, falling back when it cannot be used, and the
boot watchdog. Each test serves its own copy of the session's dist/ built with the
snapshot (conftest's snapshot_dist), so these run the same whatever `--boot` says."""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
import shutil
import threading

import pytest

from tests.e2e.table_driver import play_moves, play_until

pytestmark = pytest.mark.e2e

FAST = "?seed=6&level=easy&first=you&pause=0"
MISSING_FILE_NOISE = r"Failed to load resource"
ROOT_FILES = ("pyproject.toml", "README.md")  # what the wheel is built from, with the packages


@pytest.fixture
def dist_copy(snapshot_dist, tmp_path):
    copy = tmp_path / "dist"
    shutil.copytree(snapshot_dist, copy)
    return copy


@pytest.fixture
def serve(site_build, served_origins):
    """serve(dist, handler_class=None) -> URL; stopped after the test."""
    servers = []

    def start(dist, handler_class=None):
        options = {"handler_class": handler_class} if handler_class else {}
        server = site_build.DistServer(dist, **options).__enter__()
        servers.append(server)
        served_origins.add(server.origin)
        return server.url

    yield start
    for server in servers:
        server.__exit__(None, None, None)


@pytest.fixture
def open_page(browser, browser_guard):
    """A page in a fresh context, watched by browser_guard, with no service
    worker: these tests change dist/ under the worker's feet on purpose, which
    is another test's subject. (Straight from `browser`, not pytest-playwright's
    new_context: that one would tie these tests to the session's served site.)"""
    contexts = []

    def open_():
        context = browser.new_context(service_workers="block")
        browser_guard.watch(context)
        contexts.append(context)
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()


def boot_info(dist) -> dict:
    return json.loads((dist / "build.json").read_text())


def boot(page, url: str, wait_for_boot) -> str:
    page.goto(url)
    assert wait_for_boot(page) == "ready", page.get_by_test_id("boot-error").inner_text()
    return page.locator("html").get_attribute("data-boot")


def test_the_snapshot_boots_and_a_round_is_played(snapshot_dist, serve, open_page, wait_for_boot):
    page = open_page()
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    gets, heads = [], []
    page.on("request", lambda request: request.method == "GET" and gets.append(request.url.rsplit("/", 1)[-1]))
    page.on("request", lambda request: request.method == "HEAD" and heads.append(request.url))
    assert boot(page, serve(snapshot_dist) + FAST, wait_for_boot) == "snapshot"
    # the runtime's files are checked as they arrive, not asked for twice (HEAD requests
    # held the big downloads back behind the browser's six connections: issue 30)
    assert heads == [], heads
    # nor a wheel: the game's files travel with the snapshot
    assert not any(url.endswith(".whl") for url in requested), requested
    # each of the runtime's big files once, the wasm gzipped (never the plain one);
    # and the snapshot path loads no package, so it needs no lock file (build.json
    # carries its info)
    big = ("pyodide.asm.wasm.gz", "pyodide.asm.wasm", "python_stdlib.zip", "jaipur.snapshot.gz")
    assert [gets.count(name) for name in big] == [1, 0, 1, 1], gets
    assert "pyodide-lock.json" not in gets, gets
    table = play_until(page, lambda t: t["turn"] == "over")
    assert table["phase"] in ("round_over", "game_over")
    assert page.get_by_test_id("round-panel").is_visible()


def flip_a_byte(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def cut_in_half(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def not_gzip_nor_a_snapshot(path):
    path.write_bytes(b"<html>a host's 'not found' page, served with 200</html>")


@pytest.mark.parametrize(
    "damage",
    [lambda path: path.unlink(), flip_a_byte, cut_in_half, not_gzip_nor_a_snapshot],
    ids=["deleted", "a-flipped-byte", "truncated", "an-html-page"],
)
def test_a_missing_or_corrupt_snapshot_boots_the_full_way_and_plays(
    dist_copy, serve, open_page, wait_for_boot, browser_guard, damage
):
    browser_guard.expect_error(MISSING_FILE_NOISE)
    damage(dist_copy / boot_info(dist_copy)["snapshot"]["path"])
    page = open_page()
    notes = []
    page.on("console", lambda message: notes.append(message.text))
    assert boot(page, serve(dist_copy) + FAST, wait_for_boot) == "full"
    assert page.get_by_test_id("boot-error").is_hidden()
    assert any("snapshot not used" in note for note in notes), notes
    table = play_moves(page, 2)
    assert table["phase"] == "play" and len(table["log"]) >= 2


def test_a_browser_without_workers_checks_the_snapshot_itself_and_boots_from_it(
    snapshot_dist, serve, open_page, wait_for_boot
):
    """No Worker: python_runtime.js imports snapshot_check.js and runs the same checks on its own thread."""
    page = open_page()
    page.add_init_script("delete globalThis.Worker")
    requested, workers = [], []
    page.on("request", lambda request: requested.append(request.url))
    page.on("worker", lambda worker: workers.append(worker.url))
    assert boot(page, serve(snapshot_dist) + FAST, wait_for_boot) == "snapshot"
    assert any(url.endswith("/snapshot_check.js") for url in requested), requested
    assert workers == []


def test_the_unpacking_worker_is_started_before_the_runtime_downloads_begin(
    snapshot_dist, serve, open_page, wait_for_boot
):
    """The worker that unpacks the snapshot (snapshot_check.js, run as a worker) is
    started first thing: its script is asked for before any of the big downloads
    (the snapshot, the wasm, the standard library, asked for as early) has arrived,
    behind which it would otherwise wait (and the unpacking with it: issue 30)."""
    page = open_page()
    events = []
    page.on("request", lambda request: events.append(("asked", request.url.rsplit("/", 1)[-1])))
    page.on("requestfinished", lambda request: events.append(("arrived", request.url.rsplit("/", 1)[-1])))
    assert boot(page, serve(snapshot_dist) + FAST, wait_for_boot) == "snapshot"
    big = ("jaipur.snapshot.gz", "pyodide.asm.wasm.gz", "python_stdlib.zip")
    first_big = min(events.index(("arrived", name)) for name in big)
    assert events.index(("asked", "snapshot_check.js")) < first_big, events


def a_syntax_error(path):
    path.write_text("export function checkedSnapshot( {\n")


@pytest.mark.parametrize("workers", [True, False], ids=["in-the-worker", "without-workers"])
@pytest.mark.parametrize("damage", [lambda path: path.unlink(), a_syntax_error], ids=["deleted", "a-syntax-error"])
def test_a_snapshot_checker_that_does_not_load_boots_the_full_way(
    dist_copy, serve, open_page, wait_for_boot, browser_guard, damage, workers
):
    """snapshot_check.js (imported by the snapshot's worker, or by python_runtime.js
    on the page's thread when there are no workers) missing or broken: the snapshot
    cannot be checked, so it is not used, and the page plays all the same."""
    browser_guard.expect_error(r"Failed to load resource|SyntaxError|[Ss]yntax|snapshot_check\.js|^Error$")
    damage(dist_copy / "snapshot_check.js")
    page = open_page()
    if not workers:
        page.add_init_script("delete globalThis.Worker")
    notes = []
    page.on("console", lambda message: notes.append(message.text))
    assert boot(page, serve(dist_copy) + FAST, wait_for_boot) == "full"
    assert page.get_by_test_id("boot-error").is_hidden()
    reason = "its worker failed" if workers else "its checker did not load"
    assert any("snapshot not used" in note and reason in note for note in notes), notes
    assert play_moves(page, 1)["phase"] == "play"


def test_the_big_downloads_are_asked_for_before_build_json_is_read(snapshot_dist, serve, open_page, wait_for_boot):
    """build.py stamps build.json into the page (<html data-build>): the worker starts the
    snapshot's download, and the page the wasm's and the standard library's, while
    build.json is still on the way (held back here)."""
    page = open_page()
    requested = []
    page.on("request", lambda request: requested.append(request.url.rsplit("/", 1)[-1]))
    held = []
    page.route("**/build.json", lambda route: held.append(route))
    page.goto(serve(snapshot_dist) + FAST)
    early = {"jaipur.snapshot.gz", "pyodide.asm.wasm.gz", "python_stdlib.zip"}
    for _ in range(400):
        if early <= set(requested):
            break
        page.wait_for_timeout(25)
    assert held and early <= set(requested), requested
    held[0].continue_()
    assert wait_for_boot(page) == "ready"
    assert page.locator("html").get_attribute("data-boot") == "snapshot"
    assert [requested.count(name) for name in sorted(early)] == [1, 1, 1], requested


def stamped_snapshot(dist, change) -> None:
    """Change the snapshot entry of the build stamped into index.html (as a host's cache
    might serve the page of another build beside this build's build.json)."""
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    found = re.search(r'data-build="([^"]*)"', text)
    stamped_build = json.loads(html.unescape(found.group(1)))
    change(stamped_build["snapshot"])
    stamped = html.escape(json.dumps(stamped_build), quote=True)
    page.write_text(text[:found.start(1)] + stamped + text[found.end(1):], encoding="utf-8")


def another_build(entry):
    entry.update(path="snapshot/0123456789abcdef/jaipur.snapshot.gz", sha256="0" * 64, gzip_sha256="1" * 64)


def test_a_page_from_another_build_than_build_json_boots_from_build_json_s_snapshot(
    dist_copy, serve, open_page, wait_for_boot, browser_guard
):
    """The page's stamp only starts the download early: build.json decides which snapshot
    is used. The stale one is dropped (it may have been asked for: a 404 here)."""
    browser_guard.expect_error(MISSING_FILE_NOISE)
    stamped_snapshot(dist_copy, another_build)
    page = open_page()
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    assert boot(page, serve(dist_copy) + FAST, wait_for_boot) == "snapshot"
    path = boot_info(dist_copy)["snapshot"]["path"]
    assert [url for url in requested if url.endswith(path)] != [], requested


def test_a_build_json_without_a_snapshot_boots_the_full_way_whatever_the_page_says(
    dist_copy, serve, open_page, wait_for_boot
):
    info = boot_info(dist_copy)
    del info["snapshot"]
    (dist_copy / "build.json").write_text(json.dumps(info))
    assert boot(open_page(), serve(dist_copy) + FAST, wait_for_boot) == "full"


@pytest.fixture(scope="module")
def other_build_snapshot(site_build, tmp_path_factory):
    """The snapshot of another build: the same game with one source file changed
    (so a different wheel, so a different snapshot). Made with Node, once."""
    source = tmp_path_factory.mktemp("other-source")
    for name in ROOT_FILES:
        shutil.copyfile(site_build.ROOT / name, source / name)
    for package in ("jaipur_core", "pyscript_app"):
        shutil.copytree(site_build.ROOT / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    (source / "jaipur_core" / "errors.py").write_text(
        (source / "jaipur_core" / "errors.py").read_text() + "\n# another build\n")
    dist = tmp_path_factory.mktemp("other-site") / "dist"
    site_build.build(dist=dist, quiet=True, snapshot=True, source_root=source)
    return dist / boot_info(dist)["snapshot"]["path"], boot_info(dist)["snapshot"]


def test_a_snapshot_from_another_build_is_refused(
    dist_copy, other_build_snapshot, serve, open_page, wait_for_boot
):
    foreign_file, foreign = other_build_snapshot
    info = boot_info(dist_copy)
    assert foreign["build"] != info["snapshot"]["build"]
    # A deploy that mixed builds: the other build's snapshot in this build's place,
    # even with build.json naming its hash and size (so only the build check is left).
    shutil.copyfile(foreign_file, dist_copy / info["snapshot"]["path"])
    info["snapshot"].update(sha256=foreign["sha256"], gzip_sha256=foreign["gzip_sha256"], bytes=foreign["bytes"])
    (dist_copy / "build.json").write_text(json.dumps(info))

    page = open_page()
    notes = []
    page.on("console", lambda message: notes.append(message.text))
    assert boot(page, serve(dist_copy) + FAST, wait_for_boot) == "full"
    assert any("made for another build" in note for note in notes), notes
    assert play_moves(page, 1)["phase"] == "play"


def test_a_snapshot_the_runtime_refuses_boots_the_full_way(
    dist_copy, site_build, serve, open_page, wait_for_boot
):
    """Our checks pass (hash, size, build id all rewritten to match), but Pyodide's
    own check does not: its snapshot names another build of the runtime."""
    info = boot_info(dist_copy)
    path = dist_copy / info["snapshot"]["path"]
    data = bytearray(gzip.decompress(path.read_bytes()))
    runtime_id = site_build.SNAPSHOT_HEADER_BYTES + 16  # Pyodide's 32-byte build id
    data[runtime_id:runtime_id + 32] = bytes(32)
    packed = gzip.compress(bytes(data), 1)
    path.write_bytes(packed)
    info["snapshot"].update(sha256=hashlib.sha256(data).hexdigest(),
                            gzip_sha256=hashlib.sha256(packed).hexdigest(), bytes=len(data))
    (dist_copy / "build.json").write_text(json.dumps(info))

    page = open_page()
    notes = []
    page.on("console", lambda message: notes.append(message.text))
    assert boot(page, serve(dist_copy) + FAST, wait_for_boot) == "full"
    assert any("the runtime refused it" in note for note in notes), notes
    assert play_moves(page, 1)["phase"] == "play"


def test_a_snapshot_whose_memory_is_not_the_size_build_json_names_boots_the_full_way(
    dist_copy, serve, open_page, wait_for_boot
):
    """Pyodide is handed a buffer of build.json's memory_bytes before the snapshot
    arrives (so it instantiates the wasm meanwhile); a snapshot that does not fit it
    exactly is refused, and the runtime already instantiated is left unused."""
    info = boot_info(dist_copy)
    info["snapshot"]["memory_bytes"] += 65536
    (dist_copy / "build.json").write_text(json.dumps(info))

    page = open_page()
    notes = []
    page.on("console", lambda message: notes.append(message.text))
    assert boot(page, serve(dist_copy) + FAST, wait_for_boot) == "full"
    assert any("snapshot not used" in note and "build.json names" in note for note in notes), notes
    assert play_moves(page, 1)["phase"] == "play"


def test_a_build_json_without_the_memory_size_still_boots_from_the_snapshot(
    dist_copy, serve, open_page, wait_for_boot
):
    """A build.json from before memory_bytes: Pyodide waits for the snapshot itself."""
    info = boot_info(dist_copy)
    del info["snapshot"]["memory_bytes"]
    (dist_copy / "build.json").write_text(json.dumps(info))
    assert boot(open_page(), serve(dist_copy) + FAST, wait_for_boot) == "snapshot"


def test_a_snapshot_the_host_unpacks_on_the_way_is_used(snapshot_dist, site_build, serve, open_page, wait_for_boot):
    """A host that sends .gz files with Content-Encoding: gzip: the page gets the
    envelope itself, so it checks the envelope's sha256 instead of the gzip file's."""

    class Encoding(site_build.DistRequestHandler):
        def end_headers(self):
            if self.path.split("?")[0].endswith(".gz"):
                self.send_header("Content-Encoding", "gzip")
            super().end_headers()

    page = open_page()
    gets = []
    page.on("request", lambda request: request.method == "GET" and gets.append(request.url.rsplit("/", 1)[-1]))
    assert boot(page, serve(snapshot_dist, Encoding) + FAST, wait_for_boot) == "snapshot"
    # the runtime's wasm.gz too arrives unpacked, and is passed on as it came
    assert "pyodide.asm.wasm.gz" in gets and "pyodide.asm.wasm" not in gets, gets


def test_a_browser_without_decompression_streams_fetches_the_plain_wasm_and_boots_the_full_way(
    snapshot_dist, serve, open_page, wait_for_boot
):
    """No DecompressionStream: the snapshot cannot be unpacked (so it is refused) and
    neither can the gzipped wasm, so Pyodide fetches the plain one, as it would alone."""
    page = open_page()
    page.add_init_script("delete globalThis.DecompressionStream")
    gets = []
    page.on("request", lambda request: request.method == "GET" and gets.append(request.url.rsplit("/", 1)[-1]))
    assert boot(page, serve(snapshot_dist) + FAST, wait_for_boot) == "full"
    assert "pyodide.asm.wasm" in gets and "pyodide.asm.wasm.gz" not in gets, gets
    assert play_moves(page, 1)["phase"] == "play"


def stalling_handler(site_build, suffix: str):
    """A request handler that holds every GET of a file ending in `suffix` until
    `release` is set (`requested` tells the test it has started waiting, `sent` that
    the held file has then gone out whole)."""
    requested, release, sent = threading.Event(), threading.Event(), threading.Event()

    class Stalling(site_build.DistRequestHandler):
        def do_GET(self):
            held = self.path.split("?")[0].endswith(suffix) and not release.is_set()
            if held:
                requested.set()
                release.wait(timeout=300)
            try:
                super().do_GET()
            finally:
                if held:
                    sent.set()

    return Stalling, requested, release, sent


@pytest.mark.parametrize("stalled", ["pyodide.asm.wasm.gz", ".snapshot.gz"])
def test_a_stalled_file_ends_in_the_error_box_and_retry_boots(
    snapshot_dist, site_build, serve, open_page, wait_for_boot, browser_guard, stalled
):
    # The console line boot.js writes (Firefox shows the error as just "Error");
    # what the player reads is checked on the page below.
    browser_guard.expect_error(r"^Jaipur boot failed: ")
    handler, requested, release, sent = stalling_handler(site_build, stalled)
    url = serve(snapshot_dist, handler)
    page = open_page()
    # The page's own clock, so the test need not sit through the watchdog's minute.
    page.clock.install()
    page.goto(url)
    try:
        assert requested.wait(timeout=120), f"the page never asked for {stalled}"
        page.wait_for_timeout(500)  # let the rest settle: only the stalled file is missing
        assert page.locator("html").get_attribute("data-state") == "loading"
        page.clock.run_for(61_000)
        assert wait_for_boot(page) == "error"
        message = page.get_by_test_id("boot-error-message").inner_text()
        assert "stopped loading" in message
        assert page.get_by_test_id("boot-status").is_hidden()
    finally:
        release.set()
    # The failed boot still reads the file it was held on, and Retry reloads the page. Once,
    # in Firefox under CI's load, the old page reported "TypeError: Error in input stream":
    # most likely that body cut off by the reload. Retry is pressed once the file is out.
    assert sent.wait(timeout=60), f"{stalled} was never sent"
    page.get_by_test_id("boot-retry").click()
    assert wait_for_boot(page) == "ready"
    assert page.get_by_test_id("boot-error").is_hidden()
    assert page.locator("html").get_attribute("data-boot") == "snapshot"
