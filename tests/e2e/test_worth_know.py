"""What a move is worth, the round panel, and "What I know" (issue 9 part C), by real clicks."""

from __future__ import annotations

import json
import re

import pytest

from jaipur_core import apply, record_from_json, view_of
from jaipur_core.cards import CARD_NAMES, GOODS
from pyscript_app.view.knowledge import knowledge
from tests.e2e.records import link_near_the_end
from tests.e2e.table_driver import click_card, export_record, plans, play_one_move, read_table, wait_until_settled

pytestmark = pytest.mark.e2e

FAST = "&level=easy&first=you&pause=0"

READ_WORTH = """() => {
  const worth = document.querySelector('[data-testid=sell-worth]');
  const score = document.querySelector('[data-testid=my-score]').textContent;
  return {score, worth: worth && {rupees: Number(worth.dataset.rupees), low: Number(worth.dataset.bonusLow),
          high: Number(worth.dataset.bonusHigh), ends: worth.dataset.endsRound === 'true',
          text: worth.textContent}};
}"""

READ_KNOW = """() => {
  const panel = document.querySelector('[data-testid=know-panel]');
  const count = (id, name = 'count') => Number(panel.querySelector(`[data-testid=${id}]`).dataset[name]);
  const goods = {};
  for (const row of panel.querySelectorAll('tr[data-testid^=know-]')) {
    goods[row.dataset.testid.slice(5)] = [Number(row.dataset.unseen), Number(row.dataset.opponent),
                                          row.dataset.tokens];
  }
  const bonus = {};
  for (const item of panel.querySelectorAll('li[data-testid^=know-bonus-]')) {
    bonus[item.dataset.testid.slice(11)] = [Number(item.dataset.left), item.dataset.values];
  }
  return {goods, bonus, deck: count('know-deck'), hand: count('know-hand'), known: count('know-hand', 'known'),
          camels: count('know-camels'), unseen: count('know-where'), text: panel.innerText};
}"""


def score_of(text: str) -> int:
    return int(re.search(r"\d+", text).group())


def test_the_sell_preview_is_what_the_sale_adds_to_the_score(load_game):
    page = load_game("./?seed=4" + FAST)
    used = {"sell"}  # the driver then collects sets of 3+ rather than selling pairs
    checked = bonus_seen = 0
    for _ in range(200):
        table = wait_until_settled(page)
        if table["turn"] == "over":
            break
        kind, _market, hand, _herd = plans(table, used)[0]
        if kind != "sell" or (len(hand) < 3 and not bonus_seen):
            play_one_move(page, table, used)
            continue
        for index in hand:
            click_card(page, "hand", index)
        before = page.evaluate(READ_WORTH)
        if before["worth"] is None:  # this sale is not legal (a precious single): play something else
            page.get_by_test_id("btn-clear").click()
            play_one_move(page, table, used)
            continue
        worth = before["worth"]
        assert "rupee" in worth["text"]
        page.get_by_test_id("btn-sell").click()
        after_table = wait_until_settled(page)
        if after_table["phase"] != "play":  # scored: the camel token may join the score
            assert worth["ends"] or after_table["deck"] == 0
            break
        assert not worth["ends"]
        gained = score_of(page.evaluate(READ_WORTH)["score"]) - score_of(before["score"])
        bonus = gained - worth["rupees"]
        if worth["high"] == 0:
            assert bonus == 0, (worth, gained)
        else:
            assert worth["low"] <= bonus <= worth["high"], (worth, gained)
            bonus_seen += 1
        checked += 1
        if checked >= 4 and bonus_seen:
            break
    assert checked >= 2 and bonus_seen >= 1, (checked, bonus_seen)


def test_the_round_panel_says_why_and_can_be_set_aside(load_game):
    page = load_game(link_near_the_end(seed=3, moves_left=6, ending="round"))
    used: set[str] = set()
    for _ in range(300):
        table = wait_until_settled(page)
        if table["turn"] == "over":
            break
        play_one_move(page, table, used)
    panel = page.get_by_test_id("round-panel")
    assert panel.is_visible()
    why = page.get_by_test_id("round-why")
    assert why.get_attribute("data-cause") in ("piles", "deck") and "round ended" in why.inner_text()
    page.get_by_test_id("result-aside-button").click()
    assert page.get_by_test_id("round-panel").count() == 0
    assert page.get_by_test_id("result-aside").is_visible()
    assert page.get_by_test_id("market-card").first.is_visible()
    page.get_by_test_id("result-back").click()
    assert page.get_by_test_id("round-panel").is_visible()


def test_what_i_know_shows_exactly_what_the_view_holds(load_game, tmp_path):
    """Open the panel on each of my turns, then replay the exported record here and compare."""
    page = load_game("./?seed=8" + FAST)
    used: set[str] = set()
    readings = []
    for _ in range(25):
        table = wait_until_settled(page)
        if table["turn"] == "over":
            break
        page.get_by_test_id("btn-know").click()
        readings.append(page.evaluate(READ_KNOW))
        page.get_by_test_id("close-panel").click()
        play_one_move(page, table, used)
    path = tmp_path / "game.json"
    export_record(page, path)
    record = record_from_json(json.loads(path.read_text()))
    assert len(record.rounds) == 1
    state, mine = record.rounds[0].start, []
    for action in record.rounds[0].actions:
        if state.to_move == 0:
            mine.append(state)
        state = apply(state, action)
    assert len(mine) >= len(readings) >= 10
    for reading, position in zip(readings, mine, strict=False):  # my turns after the last reading: no panel
        view = view_of(position, 0)
        facts = knowledge(view)
        assert reading["deck"] == view.deck_size and reading["hand"] == view.opponent_hand_size
        assert reading["known"] == sum(view.opponent_known)
        assert reading["unseen"] == len(position.deck) + sum(position.hands[1])
        assert reading["camels"] == facts.camels_unseen
        for good in GOODS:
            unseen, known, tokens = reading["goods"][CARD_NAMES[good]]
            fact = facts.goods[good]
            assert (unseen, known) == (fact.unseen, fact.opponent_has)
            assert tokens == " ".join(map(str, fact.tokens_left))
            # never more than the view: the other hand is not counted apart from the deck
            assert unseen == position.deck.count(good) + position.hands[1][good]
        for pile in facts.bonus:
            assert reading["bonus"][str(pile.size)] == [pile.left, " ".join(map(str, pile.unseen_values))]
    assert read_table(page)["phase"] in ("play", "round_over")
