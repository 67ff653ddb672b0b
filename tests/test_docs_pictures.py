"""docs/embedding.md's pictures are what the diagram command draws today from their committed
sources (tools/docs_pictures.py): a change of the drawing, the words or the art that is not drawn
again into docs/pictures/ fails here, so the guide never shows a stale picture."""

from __future__ import annotations

import re

import pytest

from tools import docs_pictures

PICTURES = docs_pictures.pictures()
GUIDE = (docs_pictures.ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_each_committed_picture_is_what_the_command_draws_from_its_source(name):
    pytest.importorskip("babel")  # a Persian or Turkish picture compiles its catalog from the .po file
    committed = (docs_pictures.PICTURES / name).read_bytes()
    assert committed == docs_pictures.draw(PICTURES[name]), (
        f"docs/pictures/{name} is stale: run python3 tools/docs_pictures.py")


def test_the_guide_shows_every_picture_and_every_picture_it_shows_is_made_here():
    shown = set(re.findall(r"\(pictures/([\w.-]+\.svg)\)", GUIDE))
    assert shown == set(PICTURES)
    on_disk = {path.name for path in docs_pictures.PICTURES.glob("*.svg")}
    assert on_disk == set(PICTURES)
