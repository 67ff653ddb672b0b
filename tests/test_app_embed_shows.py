"""An embedded table is the table alone; the snippet may ask for the tools and the log (?show=).

Issue 28, item 6: in a post, New game, Import, the language menu and the log are noise. The
stylesheet hides the side (tools, log) of an embed unless the table says `shows-tools` or
`shows-log`; this is what the page's Python says, from the embed's address.
"""

from __future__ import annotations

import re

import pytest

from tests.app_fakes import booted


def table_classes(host) -> set[str]:
    return set(re.search(r'<div class="([^"]*)"[^>]*data-testid="table"', host.html).group(1).split())


@pytest.mark.parametrize("show, expected", [
    (None, set()),
    ("tools", {"shows-tools"}),
    ("log", {"shows-log"}),
    ("tools,log", {"shows-tools", "shows-log"}),
    ("log,tools,log", {"shows-tools", "shows-log"}),
    ("everything,<b>", set()),  # only what an embed knows how to show
])
def test_an_embed_shows_what_its_address_asks_for(show, expected):
    params = {} if show is None else {"show": show}
    host, _runner = booted(embed=True, seed=3, **params)
    classes = table_classes(host)
    assert "is-embed" in classes
    assert {name for name in classes if name.startswith("shows-")} == expected


def test_the_games_own_page_ignores_show():
    host, _runner = booted(seed=3, show="tools,log")
    assert not {name for name in table_classes(host) if name.startswith("shows-")}
