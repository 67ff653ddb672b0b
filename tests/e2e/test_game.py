"""Whole games in the browser, played by clicking like a person."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from jaipur_core import CARD_NAMES, Game
from tests.e2e.table_driver import (
    CARDS,
    export_record,
    import_file,
    play_moves,
    play_one_move,
    play_until,
    read_table,
    snapshot,
    wait_until_settled,
)

pytestmark = pytest.mark.e2e

FAST = "&level=easy&first=you&pause=0"


def test_a_complete_game_using_every_kind_of_action(load_game):
    page = load_game("./?seed=3" + FAST)
    used: set[str] = set()
    rounds = set()
    table = play_until(page, lambda t: rounds.add(t["round"]) or page.get_by_test_id("play-again").count() > 0,
                       used, limit=600)
    assert used == {"take", "camels", "trade", "sell"}, used
    assert page.get_by_test_id("game-over").is_visible()
    assert len(rounds) >= 2
    panel = page.get_by_test_id("round-panel").inner_text()
    assert "Total" in panel and "seal" in panel.lower()
    log = table["log"]
    assert any(line.startswith("Computer ") for line in log)
    assert any("Round" in line and "is over" in line for line in log)
    page.get_by_test_id("play-again").click()
    fresh = wait_until_settled(page)
    assert fresh["round"] == 1 and fresh["phase"] == "play"


def test_an_illegal_attempt_is_explained_and_changes_nothing(load_game):
    page = load_game("./?seed=3" + FAST)
    before = wait_until_settled(page)
    assert before["market"][:2] == ["gold", "spice"] and before["hand"][0] == "diamond"
    page.get_by_test_id("market-card").nth(0).click()
    page.get_by_test_id("market-card").nth(1).click()
    page.get_by_test_id("hand-card").nth(0).click()
    assert page.get_by_test_id("btn-trade").get_attribute("aria-disabled") == "true"
    page.get_by_test_id("btn-trade").click(force=True)  # aria-disabled: a person can still press it
    message = page.get_by_test_id("message")
    assert message.inner_text() == "A trade gives back as many cards as it takes (2, not 1)"
    assert message.is_visible()
    page.get_by_test_id("btn-clear").click()
    page.get_by_test_id("hand-card").nth(0).click()
    page.get_by_test_id("btn-sell").click(force=True)
    assert message.inner_text() == "Diamonds are sold at least two at a time"
    after = read_table(page)
    assert snapshot(after) == snapshot(before)
    assert after["turn"] == "human"


@pytest.mark.full_boot
def test_reload_mid_round_resumes_the_same_position(load_game, wait_for_boot):
    page = load_game("./?seed=5" + FAST)
    used: set[str] = set()
    before = play_moves(page, 3, used)
    page.reload()
    assert wait_for_boot(page) == "ready"
    after = wait_until_settled(page)
    assert snapshot(after) == snapshot(before)
    assert "resumed" in after["message"]
    play_one_move(page, after, used)  # and play goes on
    assert len(wait_until_settled(page)["log"]) > len(after["log"])


def test_a_corrupt_save_is_reported_and_set_aside(load_game, wait_for_boot):
    page = load_game("./?seed=4" + FAST)
    page.evaluate("localStorage.setItem('jaipur.save', '{\"format\": \"jaipur-save/1\", oops')")
    page.reload()
    assert wait_for_boot(page) == "ready"
    table = wait_until_settled(page)
    assert "could not be read" in table["message"] and "new game" in table["message"]
    kept = page.evaluate("""() => Object.keys(localStorage)
        .filter((k) => k.startsWith('jaipur.save.corrupt-')).map((k) => localStorage.getItem(k))""")
    assert kept == ['{"format": "jaipur-save/1", oops']
    assert json.loads(page.evaluate("localStorage.getItem('jaipur.save')"))["format"] == "jaipur-save/1"


def test_hidden_information_never_reaches_the_page(load_game, tmp_path):
    page = load_game("./?seed=8" + FAST)
    table = play_moves(page, 4)
    path = tmp_path / "game.json"
    export_record(page, path)
    game = Game.from_record_json(json.loads(path.read_text()))
    state, human = game.state, 0
    # the page shows this very position...
    assert Counter(table["market"]) == Counter({CARD_NAMES[c]: n for c, n in enumerate(state.market) if n})
    assert Counter(table["hand"]) == Counter({CARD_NAMES[c]: n for c, n in enumerate(state.hands[human]) if n})
    assert table["opponentHand"] == sum(state.hands[1]) and table["deck"] == len(state.deck)
    # ...and names no card beyond the market, the hand, the herd and the discard's top
    page.locator(".flight").first.wait_for(state="detached")  # once the copies in flight have landed
    html = page.content()
    discard_top = state.discard[:1]
    for card, name in enumerate(CARDS):
        shown = state.market[card] + (state.hands[human][card] if card < 6 else state.herds[human])
        assert html.count(f'data-card="{name}"') == shown, name
        assert html.count(f"card--{name}") == shown + discard_top.count(card), name
    deck_words = [CARD_NAMES[c] for c in state.deck[:8]]
    for separator in (",", " ", "+", '","', "\n"):
        assert separator.join(deck_words) not in html
    for pile in state.bonus_piles:
        if len(pile) > 2:
            assert " ".join(map(str, pile)) not in html and ",".join(map(str, pile)) not in html
    assert "#position=" not in html and '"deck":' not in html


@pytest.mark.full_boot
def test_offline_after_one_visit_a_round_can_be_played(page, context, load_game, wait_for_boot):
    load_game("./?seed=6" + FAST)
    assert page.evaluate("async () => (await navigator.serviceWorker.ready).active.state") in (
        "activating", "activated")
    context.set_offline(True)
    page.reload()
    assert wait_for_boot(page) == "ready"
    table = play_until(page, lambda t: t["turn"] == "over")
    assert table["phase"] in ("round_over", "game_over")
    assert page.get_by_test_id("round-panel").is_visible()


def test_a_hint_shows_three_moves_and_a_click_selects_one(load_game):
    page = load_game("./?seed=3" + FAST)
    wait_until_settled(page)
    page.get_by_test_id("btn-hint").click()
    options = page.get_by_test_id("hint-option")
    options.nth(2).wait_for(timeout=120_000)  # expert's 1500 iterations, on a busy machine too
    assert options.count() == 3
    texts = options.all_inner_texts()
    assert all(text.endswith("%") for text in texts), texts
    assert options.nth(0).get_attribute("aria-pressed") == "true"      # the best move's cards are marked
    marked = page.locator("[data-testid$=-card][aria-pressed=true]")
    picked = marked.evaluate_all("(cards) => cards.map((card) => card.dataset.testid + card.dataset.card)")
    assert picked or read_table(page)["enabled"]["camels"]   # (taking the camels picks no card)
    options.nth(1).click()
    assert options.nth(1).get_attribute("aria-pressed") == "true"
    assert marked.evaluate_all("(cards) => cards.map((card) => card.dataset.testid + card.dataset.card)") != picked
    assert options.nth(0).get_attribute("aria-pressed") == "false"
    assert any(read_table(page)["enabled"].values())                    # its cards make a playable move


def test_new_game_options_set_level_and_starter(load_game):
    page = load_game("./?seed=3" + FAST)
    page.get_by_test_id("btn-new-game").click()
    page.get_by_test_id("level-hard").click()
    page.get_by_test_id("first-computer").click()
    assert page.get_by_test_id("level-hard").get_attribute("aria-pressed") == "true"
    page.get_by_test_id("start-game").click()
    table = wait_until_settled(page)
    assert table["log"][0].startswith("Computer ")  # newest first: the computer has moved
    assert "hard" in page.get_by_test_id("status").inner_text().lower()


# A heartbeat, not the Long Tasks API (Firefox and Safari lack it): a gap between
# ticks is a time the main thread was busy, in every engine.
LONG_TASKS = """
window.__longTasks = [];
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 50) window.__longTasks.push([lastTick, now - lastTick]);
  lastTick = now;
}, 10);
"""


def test_the_hard_ai_thinks_without_freezing_the_page(page, load_game):
    page.add_init_script(LONG_TASKS)
    load_game("./?seed=3&level=hard&first=you&pause=0")
    wait_until_settled(page)
    since = page.evaluate("performance.now()")
    table = play_moves(page, 8)
    assert sum(line.startswith("Computer ") for line in table["log"]) >= 8
    tasks = page.evaluate(f"window.__longTasks.filter(([start]) => start >= {since})")
    longest = max((duration for _, duration in tasks), default=0)
    assert page.evaluate("window.__longTasks.length") > 0, "the observer saw the boot's long tasks"
    # A guard against a frozen page (the search run in one go, or not yielding),
    # not the 200 ms target: that is measured by bench/ai_turn.py, since a timed
    # assertion near the target would fail on a loaded CI machine.
    assert longest < 1000, f"the page froze for {longest:.0f} ms: {tasks}"


def test_export_then_import_and_a_bad_file_is_refused(load_game, tmp_path):
    page = load_game("./?seed=10" + FAST)
    exported = play_moves(page, 2)
    good = tmp_path / "game.json"
    export_record(page, good)
    # a different game, then a bad file through the file chooser: nothing changes
    page.get_by_test_id("btn-new-game").click()
    page.get_by_test_id("start-game").click()
    other = wait_until_settled(page)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "jaipur-game/1", "players": ["a"]}')
    import_file(page, bad)
    page.get_by_test_id("message").filter(has_text="Could not import").wait_for()
    assert "unchanged" in page.get_by_test_id("message").inner_text()
    assert snapshot(read_table(page)) == snapshot(other)
    # the exported file brings the first game back
    import_file(page, good)
    page.get_by_test_id("message").filter(has_text="Imported").wait_for()
    back = wait_until_settled(page)
    for key in ("market", "hand", "herd", "opponentHand", "deck", "piles"):
        assert back[key] == exported[key], key
