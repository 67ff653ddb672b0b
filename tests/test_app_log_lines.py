"""The log is a numbered list ("12. "): no line may begin with an ordinal of its own, or the two
read as one ("1. 1. tur: siz başlıyorsunuz."; issue 27, item 5), in any language. A count may
begin a line ("12. 2 deve aldınız": Turkish and Persian drop the "you")."""

from __future__ import annotations

import re

import pytest

from jaipur_core.share import game_fragment
from pyscript_app.words.languages import LANGUAGES
from tests.app_fakes import started
from tests.e2e.records import game_cut_short


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_log_line_begins_with_an_ordinal_after_the_lists_own_number(language, translated):
    finished = game_cut_short(seed=3, moves_left=0)          # every kind of line: starts, moves, results
    assert finished.state.phase == "game_over" and len(finished.rounds) >= 2
    host, runner = started(fragment="#" + game_fragment(finished), lang=language)
    lines = [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<li>(.*?)</li>", host.screen.log)]
    assert len(lines) == len(runner.state.log) > finished.actions_played
    starts = [line for line in lines if re.match(r"\d+\.", line)]  # any script's digits
    assert not starts, starts[:3]
