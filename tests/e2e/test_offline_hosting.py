"""Offline play (service worker) and static hosting (any folder, strict CSP)."""

import json
import shutil
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
HTML_FILES = ["index.html", "embed.html"]


def wait_for_service_worker(page) -> str:
    """Wait until the worker is active (so its precache is complete); its state."""
    return page.evaluate("async () => (await navigator.serviceWorker.ready).active.state")


def cached_paths(page) -> list[str]:
    return page.evaluate("""async () => {
        const names = await caches.keys();
        const urls = [];
        for (const name of names) {
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls.map((url) => new URL(url).pathname).sort();
    }""")


@pytest.mark.e2e
@pytest.mark.search_worker
def test_after_one_visit_the_game_boots_offline(page, context, load_game, wait_for_boot):
    load_game()
    assert wait_for_service_worker(page) in ("activating", "activated")
    context.set_offline(True)
    page.reload()
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.get_by_test_id("table").is_visible()
    # The search worker boots offline too (its files are precached, its fetches the page's).
    page.locator("html[data-ai=worker]").wait_for(state="attached", timeout=180_000)


@pytest.mark.e2e
def test_the_service_worker_precaches_the_whole_site_in_one_versioned_cache(page, load_game, dist_dir, site_build):
    load_game()
    wait_for_service_worker(page)
    report = json.loads((dist_dir / "build-report.json").read_text())
    assert page.evaluate("caches.keys()") == [f"jaipur-{report['build']}"]
    expected = sorted(
        "/" + name for name in report["files"] if name not in site_build.NOT_PRECACHED
    )
    assert cached_paths(page) == expected


@pytest.mark.e2e
def test_the_site_boots_from_a_sub_folder(page, served_dist_subpath, wait_for_boot):
    requested = []
    page.on("request", lambda request: requested.append(urlsplit(request.url).path))
    page.goto(served_dist_subpath + "?seed=2")
    assert wait_for_boot(page) == "ready"
    assert requested, "no request seen"
    outside = [path for path in requested if not path.startswith(urlsplit(served_dist_subpath).path)]
    assert outside == []


class ScriptAndStyleAudit(HTMLParser):
    """Collects what a strict CSP would block or what weakens it."""

    def __init__(self):
        super().__init__()
        self.csp = None
        self.inline = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "meta" and attributes.get("http-equiv", "").lower() == "content-security-policy":
            self.csp = attributes.get("content")
        if tag == "script":
            self._in_script = True
            if "src" not in attributes:
                self.inline.append("<script> without src")
        if tag == "style":
            self.inline.append("<style> element")
        for name, _ in attrs:
            if name.startswith("on"):
                self.inline.append(f"{name}= handler on <{tag}>")
            if name == "style":
                self.inline.append(f"style= attribute on <{tag}>")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline.append("inline script text")


@pytest.mark.parametrize("name", HTML_FILES)
def test_html_has_a_strict_csp_and_nothing_inline(name):
    audit = ScriptAndStyleAudit()
    audit.feed((WEB / name).read_text())
    assert audit.inline == []
    assert audit.csp is not None, "no CSP meta tag"
    directives = {
        part.split()[0]: part.split()[1:] for part in audit.csp.split(";") if part.strip()
    }
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["connect-src"] == ["'self'"]
    assert directives["worker-src"] == ["'self'"]
    assert "'unsafe-inline'" not in audit.csp and "'unsafe-eval'" not in audit.csp


@pytest.mark.parametrize("name", HTML_FILES + ["manifest.webmanifest"])
def test_paths_are_relative(name):
    """No absolute paths: dist/ must work from any folder of any host."""
    text = (WEB / name).read_text()
    for marker in ('href="/', 'src="/', '"src": "/', '"start_url": "/', "://"):
        assert marker not in text, f"{name} contains {marker!r}"


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def fetched_text(page, path: str) -> str:
    return page.evaluate("async (path) => (await fetch(path)).text()", path)


def open_once_the_old_build_is_gone(context, url: str, waiting: str, patience: float = 20):
    """A new page at url, reopened (up to patience seconds) while a worker still waits."""
    deadline = time.monotonic() + patience
    while True:
        page = context.new_page()
        page.goto(url)
        if not page.evaluate(waiting) or time.monotonic() > deadline:
            return page
        page.close()
        time.sleep(0.5)


@pytest.mark.e2e
def test_a_new_deploy_never_mixes_with_a_running_page_and_then_replaces_it(
    new_context, site_build, tmp_path, served_origins, wait_for_boot, boot_path
):
    web = tmp_path / "web"
    shutil.copytree(WEB, web)
    dist = tmp_path / "dist"
    with_snapshot = boot_path == "snapshot"
    first = site_build.build(dist=dist, quiet=True, web=web, snapshot=with_snapshot)
    with site_build.DistServer(dist) as server:
        served_origins.add(server.origin)
        context = new_context()
        old_page = context.new_page()
        old_page.goto(server.url)
        assert wait_for_boot(old_page) == "ready"
        wait_for_service_worker(old_page)
        assert cache_names(old_page) == [f"jaipur-{first['build']}"]

        # Deploy a new build (one changed file) while the old page stays open.
        (web / "boot.css").write_text((web / "boot.css").read_text() + "/* second deploy */\n")
        second = site_build.build(dist=dist, quiet=True, web=web, snapshot=with_snapshot)
        assert second["build"] != first["build"]
        old_page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        waiting = "async () => !!(await navigator.serviceWorker.getRegistration()).waiting"
        deadline = time.monotonic() + 20
        while not old_page.evaluate(waiting) and time.monotonic() < deadline:
            old_page.wait_for_timeout(100)
        # The new build is precached beside the old one, but the open page still
        # gets the old files: the new worker waits.
        assert old_page.evaluate(waiting), "the new service worker did not install"
        assert sorted(cache_names(old_page)) == sorted([f"jaipur-{first['build']}", f"jaipur-{second['build']}"])
        assert "second deploy" not in fetched_text(old_page, "boot.css")

        # Once no page runs the old build, the new one takes over and the old cache goes.
        # The browser lets go of a closed tab's client asynchronously: a page opened at once
        # can still find the old worker in charge (a CI run saw it), and is rightly served the
        # old build. Like a player who comes back later, open the game again until the
        # closed page is gone; the new worker must then be in charge.
        old_page.close()
        new_page = open_once_the_old_build_is_gone(context, server.url, waiting)
        assert not new_page.evaluate(waiting), "the new service worker never took over"
        assert wait_for_boot(new_page) == "ready"
        deadline = time.monotonic() + 20
        while cache_names(new_page) != [f"jaipur-{second['build']}"] and time.monotonic() < deadline:
            new_page.wait_for_timeout(100)
        assert cache_names(new_page) == [f"jaipur-{second['build']}"]
        assert "second deploy" in fetched_text(new_page, "boot.css")


# Runs in the page: ask for an update and follow the new worker to where it ends.
UPDATE_AND_FOLLOW = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const found = new Promise((resolve) =>
        registration.addEventListener("updatefound", () => resolve(registration.installing), { once: true }));
    await registration.update().catch(() => {});
    const worker = await found;
    const settled = ["installed", "activated", "redundant"];
    while (!settled.includes(worker.state)) {
        await new Promise((resolve) => worker.addEventListener("statechange", resolve, { once: true }));
    }
    return worker.state;
}"""


@pytest.mark.e2e
def test_a_mixed_deploy_fails_the_install_and_the_old_version_keeps_working_offline(
    new_context, site_build, tmp_path, served_origins, wait_for_boot, boot_path, browser_guard
):
    """A deploy that uploaded the new sw.js (and the rest) but not yet one changed
    file that is not content-named: the new worker must refuse to install rather
    than cache the old file as the new build's, and the old build plays offline."""
    # What the worker's refused fetch may log, in the worker's console.
    browser_guard.expect_error(r"integrity|is not the file of build")
    web = tmp_path / "web"
    shutil.copytree(WEB, web)
    dist, next_dist = tmp_path / "dist", tmp_path / "next"
    with_snapshot = boot_path == "snapshot"
    first = site_build.build(dist=dist, quiet=True, web=web, snapshot=with_snapshot)
    with site_build.DistServer(dist) as server:
        served_origins.add(server.origin)
        context = new_context()
        page = context.new_page()
        page.goto(server.url)
        assert wait_for_boot(page) == "ready"
        wait_for_service_worker(page)

        (web / "boot.css").write_text((web / "boot.css").read_text() + "/* second deploy */\n")
        second = site_build.build(dist=next_dist, quiet=True, web=web, snapshot=with_snapshot)
        assert second["build"] != first["build"]
        for name in site_build.dist_files(next_dist):
            if name != "boot.css":  # the upload that has not happened yet
                target = dist / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(next_dist / name, target)

        assert page.evaluate(UPDATE_AND_FOLLOW) == "redundant", "the mixed deploy was installed"
        assert cache_names(page) == [f"jaipur-{first['build']}"]

        context.set_offline(True)
        page.reload()
        assert wait_for_boot(page) == "ready"
        assert page.locator("html").get_attribute("data-boot") == boot_path
        assert page.get_by_test_id("table").is_visible()
        assert cache_names(page) == [f"jaipur-{first['build']}"]
        assert "second deploy" not in fetched_text(page, "boot.css")
