"""The repository's documents stand on their own (issue 27, item 11).

A clone holds everything a reader is sent to: no file names a document that
is not in the repository (the old FORMAT.md, `../shared/...`), every relative
link of README.md, docs/*.md and docs/journal/*.md leads to a file (and heading) that exists, and
docs/formats.md describes every format identifier the code reads or writes,
every command and option of `python -m jaipur_core` (its limits are checked
by tests/test_untrusted.py), and gives examples the readers accept.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

import pytest

from jaipur_core.cli import EXIT_BAD_INPUT, build_parser
from jaipur_core.position import position_from_json
from jaipur_core.record import record_from_json
from jaipur_core.view import view_from_json

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ROOT / "docs" / "formats.md"
THIS = Path(__file__).resolve()
TEXT_SUFFIXES = {".py", ".md", ".js", ".mjs", ".html", ".css", ".toml", ".po", ".pot", ".txt",
                 ".webmanifest", ".cfg", ".ini", ".yml", ".yaml", ""}
SKIP_DIRS = {".git", "dist", ".cache", "node_modules", "__pycache__", "build", ".venv", "venv"}
#: Documents that are known to live outside the repository and are not yet brought
#: into it. The rules (RULES.md) are the rules panel's English text
#: (`rules-html` in pyscript_app/words/messages.py); citing them by that name is kept
#: until they get a page of their own. Nothing else may be added here.
OUTSIDE_DOCUMENTS = {"RULES.md"}


def repo_files() -> list[Path]:
    """The repository's files: git's list when there is one, else a walk that skips build output."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True,
                                timeout=60).stdout.decode("utf-8").split("\0")
        files = [ROOT / name for name in listed if name]
    except (OSError, subprocess.SubprocessError):
        files = [path for path in ROOT.rglob("*")
                 if path.is_file() and not SKIP_DIRS & set(path.relative_to(ROOT).parts)]
    return sorted(path for path in files if path.is_file())


def text_files() -> list[Path]:
    return [path for path in repo_files()
            if path.suffix in TEXT_SUFFIXES and path != THIS
            and "data" not in path.relative_to(ROOT).parts[:2]]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def docs() -> list[Path]:
    """README.md, docs/*.md and the journal of dated measurements, docs/journal/*.md."""
    return ([ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
            + sorted((ROOT / "docs" / "journal").glob("*.md")))


# --- nothing outside the repository ---------------------------------------------------------

MD_NAME = re.compile(r"[A-Za-z0-9_./-]*[A-Za-z0-9_]\.md\b")
OUTSIDE_PATH = re.compile(r"(?:\.\./)+shared/|/work/shared\b|\bshared/(?:FORMAT|RULES|STYLE)\b")


def test_no_file_names_a_document_outside_the_repository():
    names_here = {path.name for path in repo_files()}
    dangling = []
    for path in text_files():
        for number, line in enumerate(read(path).splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{number}"
            if OUTSIDE_PATH.search(line):
                dangling.append(f"{where}: {line.strip()}")
                continue
            for name in MD_NAME.findall(line):
                if Path(name).name in OUTSIDE_DOCUMENTS:
                    continue
                if not ((path.parent / name).resolve().is_file() or (ROOT / name).is_file()
                        or ("/" not in name and name in names_here)):
                    dangling.append(f"{where}: {name} is not in the repository")
    assert not dangling, "documents a clone does not have:\n" + "\n".join(dangling)


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<a\s[^>]*href=\"([^\"]+)\"")


def heading_anchors(text: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (duplicates get -1, -2, ...)."""
    anchors, seen, fenced = set(), {}, False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        match = None if fenced else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            slug = re.sub(r"[^\w\- ]", "", match.group(1).lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


@pytest.mark.parametrize("doc", docs(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_of_the_documents_resolves(doc):
    text = read(doc)
    broken = []
    for match in LINK.finditer(text):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # https:, mailto: ...
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        if ROOT not in linked.parents or not linked.is_file():
            broken.append(f"{target}: no such file in the repository")
        elif anchor and linked.suffix == ".md" and anchor not in heading_anchors(read(linked)):
            broken.append(f"{target}: no heading #{anchor} in {linked.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)}:\n" + "\n".join(broken)


# --- docs/formats.md covers what the code knows -------------------------------------------------

FORMAT_ID = re.compile(r"""["'](jaipur-[a-z]+/\d+)["']""")


def code_format_ids() -> set[str]:
    return {found for path in text_files()
            if path.suffix == ".py" and path.relative_to(ROOT).parts[0] in ("jaipur_core", "pyscript_app")
            for found in FORMAT_ID.findall(read(path))}


def test_the_code_has_format_identifiers_to_check():
    assert {"jaipur-position/1", "jaipur-view/1", "jaipur-game/1"} <= code_format_ids()


@pytest.mark.parametrize("format_id", sorted(code_format_ids()))
def test_formats_md_describes_every_format_of_the_code(format_id):
    headings = [line for line in read(FORMATS).splitlines() if line.startswith("#")]
    assert any(f"`{format_id}`" in heading for heading in headings), \
        f"docs/formats.md has no section on {format_id}"


def subcommands() -> dict[str, argparse.ArgumentParser]:
    actions = [action for action in build_parser()._actions
               if isinstance(action, argparse._SubParsersAction)]
    assert len(actions) == 1
    return dict(actions[0].choices)


def section(text: str, heading: str) -> str:
    """The text under the heading line `heading`, up to the next heading of any level."""
    lines = text.splitlines()
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    return "\n".join(lines[start + 1:end])


def test_the_parser_has_the_commands_of_the_contract():
    assert {"new", "legal", "apply", "next-round", "view", "suggest", "replay", "simulate",
            "share"} <= set(subcommands())


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_formats_md_describes_every_command_and_its_options(name):
    text = read(FORMATS)
    heading = f"### `{name}`"
    assert heading in text.splitlines(), f"docs/formats.md has no section {heading}"
    body = section(text, heading)
    table = [line for line in text.splitlines() if line.startswith(f"| `{name} ")]
    assert len(table) == 1, f"the command table of docs/formats.md has no row for {name}"
    for action in subcommands()[name]._actions:
        for option in action.option_strings:
            if option in ("-h", "--help"):
                continue
            assert option in body, f"{name}: {option} is not described under {heading}"
            assert option in table[0], f"{name}: {option} is missing from the command table"
        if isinstance(action.choices, (tuple, list)):
            for choice in action.choices:
                assert f"{choice}" in body, f"{name} {action.dest}: the choice {choice} is not named"


def test_formats_md_states_the_exit_status_of_bad_input():
    assert f"| {EXIT_BAD_INPUT} |" in read(FORMATS)


READERS = {"jaipur-position/1": position_from_json, "jaipur-view/1": view_from_json,
           "jaipur-game/1": record_from_json}


def test_the_complete_examples_of_formats_md_are_accepted():
    blocks = re.findall(r"```json\n(.*?)```", read(FORMATS), re.DOTALL)
    complete = [json.loads(block) for block in blocks if "…" not in block and "..." not in block]
    assert len(complete) >= 2  # the position and the view at least
    for data in complete:
        READERS[data["format"]](data)
