"""Keyboard and screen-reader play: a whole game with keys alone, dialogs that keep and give back focus.

After the page loads, these tests only press keys (page.keyboard.press); they read
the page (which card has focus, what the table shows) but never click or call
the page's code. `Keys` counts every press, which gives the keys-per-move figure.
"""

from __future__ import annotations

import pytest

from tests.e2e.table_driver import plans, read_table, wait_until_settled

pytestmark = pytest.mark.e2e

FAST = "&level=easy&first=you&pause=0"
MOST_KEYS_PER_MOVE = 8  # Tab-only play took ~21 presses per move before rows of cards and action keys

FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const row = a.dataset.zone === 'market' ? 'market' : (a.dataset.zone ? 'mine' : '');
  const mine = [...document.querySelectorAll(
    '[data-action=select][data-zone=hand], [data-action=select][data-zone=herd]')];
  const market = [...document.querySelectorAll('[data-action=select][data-zone=market]')];
  return {testid: a.dataset.testid || '', key: a.dataset.key || '', row,
          position: row === 'market' ? market.indexOf(a) : mine.indexOf(a),
          dialog: a.closest('[role=dialog]') ? a.closest('[role=dialog]').dataset.dialog : null,
          tabStops: [...document.querySelectorAll('[data-action=select]')]
            .filter((c) => c.getAttribute('tabindex') === '0').map((c) => c.dataset.key)};
}"""

MOVE_KEY = {"take": "t", "camels": "c", "trade": "r", "sell": "s"}

# The page's Tab order as a person sees it: every control Tab stops at, in document order.
TAB_ORDER = """() => [...document.querySelectorAll(
    'button:not([disabled]), input:not([type=hidden]), a[href], [tabindex]')]
  .filter((e) => e.tabIndex >= 0 && e.getClientRects().length)
  .map((e) => e.dataset.key || e.dataset.testid || e.tagName)"""
TAB_ONLY_MOVES = 12
MOST_TAB_ONLY_KEYS_PER_MOVE = 12


class Keys:
    """The keyboard, counted."""

    def __init__(self, page):
        self.page = page
        self.presses = 0
        self.kinds: dict[str, int] = {}

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.presses += 1
            kind = key if key in ("Tab", "Shift+Tab", "Space", "Enter", "Escape") else (
                "arrow" if key.startswith(("Arrow", "Home", "End")) else "letter")
            self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def focused(self) -> dict | None:
        return self.page.evaluate(FOCUSED)

    def assert_per_move(self, moves: int, most: float, what: str) -> None:
        """Print the presses a move took (the figure the CI log keeps) and hold them to `most`."""
        per_move = self.presses / moves
        print(f"\n{what}: {self.presses} key presses for {moves} moves = {per_move:.2f} per move ({self.kinds})")
        assert per_move <= most, per_move

    def pick(self, row: str, position: int, size: int) -> None:
        """Go to a row (M: market, Y: your cards), arrow to a card, Space picks it."""
        self.press("m" if row == "market" else "y")
        at = self.focused()
        assert at and at["row"] == row, at
        forward = (position - at["position"]) % size
        backward = (at["position"] - position) % size
        if forward <= backward:
            self.press("ArrowRight", forward)
        else:
            self.press("ArrowLeft", backward)
        at = self.focused()
        assert at["row"] == row and at["position"] == position, (row, position, at)
        self.press("Space")

    def pick_arrows(self, at: dict, key: str) -> None:
        """From a focused card, arrow along its row (the shorter way round) to the card `key`."""
        cards = self.page.evaluate(
            "(row) => [...document.querySelectorAll(row === 'market' ? '[data-action=select][data-zone=market]'"
            " : '[data-action=select][data-zone=hand], [data-action=select][data-zone=herd]')]"
            ".map((c) => c.dataset.key)", at["row"])
        position, size = cards.index(key), len(cards)
        forward = (position - at["position"]) % size
        backward = (at["position"] - position) % size
        if forward <= backward:
            self.press("ArrowRight", forward)
        else:
            self.press("ArrowLeft", backward)


def play_one_move_by_keys(keys: Keys, table: dict, used: set[str]) -> str:
    page = keys.page
    mine_size = len(table["hand"]) + table["herd"]
    for kind, market, hand, herd in plans(table, used):
        for index in market:
            keys.pick("market", index, len(table["market"]))
        for index in hand:
            keys.pick("mine", index, mine_size)
        for index in herd:
            keys.pick("mine", len(table["hand"]) + index, mine_size)
        if page.get_by_test_id(f"btn-{kind}").get_attribute("aria-disabled") == "false":
            keys.press(MOVE_KEY[kind])
            used.add(kind)
            return kind
        if market or hand or herd:
            keys.press("Escape")  # clears the selection
            assert read_table(page) and page.locator("[aria-pressed=true][data-action=select]").count() == 0
    raise AssertionError(f"no move found for {table}")


def assert_tab_stays_inside(keys: Keys, dialog: str, presses: int = 8) -> None:
    for key in ("Tab", "Shift+Tab"):
        for _ in range(presses):
            keys.press(key)
            at = keys.focused()
            assert at is not None and at["dialog"] == dialog, (key, at)


def test_a_whole_game_played_with_the_keyboard_alone(load_game):
    page = load_game("./?seed=3" + FAST)
    keys = Keys(page)
    live = page.get_by_test_id("live").element_handle()
    used: set[str] = set()
    moves = rounds_ended = 0
    announced = False
    for _ in range(400):
        table = wait_until_settled(page)
        if table["turn"] == "over":
            rounds_ended += 1
            panel = page.get_by_test_id("round-panel")
            dialog = panel.get_attribute("data-dialog")
            assert panel.get_attribute("role") == "dialog" and panel.get_attribute("aria-modal") == "true"
            at = keys.focused()
            assert at and at["dialog"] == dialog, at  # the result takes the keyboard
            assert_tab_stays_inside(keys, dialog, presses=3)
            if page.get_by_test_id("play-again").count():
                break
            if rounds_ended == 1:  # Escape sets the result aside; the table is the keyboard's again
                keys.press("Escape")
                assert page.get_by_test_id("round-panel").count() == 0
                page.get_by_test_id("result-aside").wait_for(state="visible")
                keys.press("m")
                assert keys.focused()["row"] == "market"
                tab_to(keys, "next-round")  # the set-aside result's button, a few Shift+Tabs away
            for _ in range(6):  # back to the round panel's main button
                if keys.focused()["testid"] == "next-round":
                    break
                keys.press("Tab")
            assert keys.focused()["testid"] == "next-round"
            keys.press("Enter")
            assert page.get_by_test_id("result-aside").count() == 0
            continue
        if moves and not announced and any(line.startswith("Computer ") for line in table["log"]):
            computer_line = next(line for line in reversed(table["log"]) if line.startswith("Computer "))
            assert computer_line in live.inner_text()  # said in the persistent live region
            announced = True
        play_one_move_by_keys(keys, table, used)
        moves += 1
    else:
        raise AssertionError("the game did not end")
    assert page.get_by_test_id("game-over").is_visible()
    assert rounds_ended >= 2 and used == {"take", "camels", "trade", "sell"}, (rounds_ended, used)
    assert announced
    # the live region was never replaced: the node held since the start is still the page's
    assert live.evaluate("(node) => node.isConnected && node === document.querySelector('[data-testid=live]')")
    assert live.get_attribute("aria-live") == "polite"
    keys.assert_per_move(moves, MOST_KEYS_PER_MOVE, f"keyboard game over {rounds_ended} rounds")


def test_each_row_of_cards_is_one_tab_stop_and_arrows_move_inside_it(load_game):
    page = load_game("./?seed=3" + FAST)
    wait_until_settled(page)
    keys = Keys(page)
    keys.press("m")
    at = keys.focused()
    assert at["row"] == "market" and at["position"] == 0
    assert at["tabStops"] == ["market-0", "hand-0"]  # one per row
    keys.press("ArrowRight", 2)
    assert keys.focused()["key"] == "market-2"
    keys.press("ArrowLeft", 3)  # wraps to the far end
    assert keys.focused()["key"] == "market-4"
    keys.press("Home")
    assert keys.focused()["key"] == "market-0"
    keys.press("End")
    assert keys.focused()["key"] == "market-4"
    assert keys.focused()["tabStops"][0] == "market-4"  # the row remembers its card
    keys.press("Tab")
    assert keys.focused()["row"] == "mine"  # the next Tab stop is your cards, not the next market card
    keys.press("Shift+Tab")
    assert keys.focused()["key"] == "market-4"
    keys.press("Space")
    assert page.get_by_test_id("market-card").nth(4).get_attribute("aria-pressed") == "true"
    assert keys.focused()["key"] == "market-4"  # focus survives the render
    keys.press("Escape")
    assert page.get_by_test_id("market-card").nth(4).get_attribute("aria-pressed") == "false"
    # every action button says its key
    for name, key in MOVE_KEY.items():
        assert page.get_by_test_id(f"btn-{name}").get_attribute("aria-keyshortcuts") == key.upper()


@pytest.mark.parametrize("open_with, dialog, testid", [
    ("n", "new", "new-game-panel"),
    ("Shift+?", "rules", "rules-panel"),
    ("share", "share", "share-panel"),
    ("k", "know", "know-panel"),
])
def test_a_dialog_keeps_the_keyboard_and_gives_it_back(booted_page, open_with, dialog, testid):
    page = booted_page("./?seed=3" + FAST)  # one page for the four dialogs: each closes its own
    wait_until_settled(page)
    keys = Keys(page)
    keys.press("m")
    keys.press("ArrowRight")
    card = keys.focused()["key"]  # the market card the dialog must give the keyboard back to
    assert card.startswith("market-"), card
    if open_with == "share":  # no key of its own: Tab on to the Share tool (the tools follow the play), Enter
        for _ in range(30):
            if keys.focused()["testid"] == "btn-share":
                break
            keys.press("Tab")
        opener = "btn-share"
        keys.press("Enter")
    else:
        opener = "btn-market"
        keys.press(open_with)
    panel = page.get_by_test_id(testid)
    panel.wait_for(state="visible")
    assert panel.get_attribute("role") == "dialog" and panel.get_attribute("aria-modal") == "true"
    title = page.locator(f"#{panel.get_attribute('aria-labelledby')}")
    assert title.inner_text().strip()
    assert keys.focused()["dialog"] == dialog  # opening takes the keyboard in
    assert_tab_stays_inside(keys, dialog)
    if dialog == "rules":
        help_text = page.get_by_test_id("keys-help").inner_text()
        assert "Take the selected good" in help_text and "Go to the market" in help_text
    keys.press("t")  # the table's keys rest while a dialog is open
    assert read_table(page)["hand"] and page.get_by_test_id(testid).count() == 1
    keys.press("Escape")
    assert page.get_by_test_id(testid).count() == 0
    back = keys.focused()
    if opener == "btn-market":
        assert back["key"] == card, back
    else:
        assert back["testid"] == opener, back


def test_the_hand_over_screen_keeps_the_keyboard(load_game):
    page = load_game("./?seed=5&opponent=friend&first=you")
    handover = page.get_by_test_id("handover")
    handover.wait_for(state="visible")
    keys = Keys(page)
    assert keys.focused()["testid"] == "handover-ready"
    assert_tab_stays_inside(keys, handover.get_attribute("data-dialog"), presses=3)
    keys.press("s")  # no table key behind the screen
    assert handover.is_visible()
    for _ in range(4):
        if keys.focused()["testid"] == "handover-ready":
            break
        keys.press("Tab")
    keys.press("Enter")
    assert page.get_by_test_id("handover").count() == 0
    keys.press("y")
    assert keys.focused()["row"] == "mine"


def test_the_log_is_reached_by_tab_and_by_its_key(booted_page):
    page = booted_page("./?seed=3" + FAST)
    wait_until_settled(page)
    keys = Keys(page)
    keys.press("y")
    for _ in range(20):
        keys.press("Tab")
        if keys.focused() and keys.focused()["testid"] == "log":
            break
    log = page.get_by_test_id("log")
    assert keys.focused()["testid"] == "log"
    assert log.get_attribute("tabindex") == "0"
    name = page.locator(f"#{log.get_attribute('aria-labelledby')}").inner_text()
    assert name.strip() == "Game log"
    keys.press("m")
    assert keys.focused()["row"] == "market"
    keys.press("l")
    assert keys.focused()["testid"] == "log"


def tab_to(keys: Keys, key: str) -> None:
    """Tab or Shift+Tab (whichever is shorter, as a person who sees the page would) to the control `key`;
    a card of a row with roving focus is reached through the row's Tab stop, then the arrows."""
    page = keys.page
    card = page.locator(f'[data-key="{key}"][data-action=select]')
    target = key
    if card.count() and card.get_attribute("tabindex") == "-1":  # a row with one Tab stop
        zone = card.get_attribute("data-zone")
        stops = page.locator('[data-action=select][tabindex="0"]')
        row = "market" if zone == "market" else "mine"
        at = keys.focused()
        if at and at["row"] == row:
            keys.pick_arrows(at, key)
            assert keys.focused()["key"] == key, (key, keys.focused())
            return
        target = next(stops.nth(i).get_attribute("data-key") for i in range(stops.count())
                      if (stops.nth(i).get_attribute("data-zone") == "market") == (row == "market"))
    order = page.evaluate(TAB_ORDER)
    at = keys.focused()
    here = order.index(at["key"] or at["testid"]) if at and (at["key"] or at["testid"]) in order else -1
    there = order.index(target)
    if there > here:
        keys.press("Tab", there - here)
    elif there < here:
        keys.press("Shift+Tab", here - there)
    at = keys.focused()
    if at["key"] != key:  # inside a row: the arrows
        keys.pick_arrows(at, key)
    assert keys.focused()["key"] == key, (key, keys.focused())


def test_tab_arrows_space_and_enter_alone_measured(load_game):
    """No letter keys: the figure to set beside the ~21 Tab presses per move of a page without rows."""
    page = load_game("./?seed=3" + FAST)
    keys = Keys(page)
    used: set[str] = set()
    for _ in range(TAB_ONLY_MOVES):
        table = wait_until_settled(page)
        assert table["turn"] == "human"
        for kind, market, hand, herd in plans(table, used):
            cards = ([f"market-{i}" for i in market] + [f"hand-{i}" for i in hand]
                     + [f"herd-{i}" for i in herd])
            for card in cards:
                tab_to(keys, card)
                keys.press("Space")
            if page.get_by_test_id(f"btn-{kind}").get_attribute("aria-disabled") == "false":
                tab_to(keys, f"btn-{kind}")
                keys.press("Enter")
                used.add(kind)
                break
            if cards:
                tab_to(keys, "btn-clear")
                keys.press("Enter")
        else:
            raise AssertionError(f"no move found for {table}")
    keys.assert_per_move(TAB_ONLY_MOVES, MOST_TAB_ONLY_KEYS_PER_MOVE, "Tab, arrows, Space and Enter alone")


def test_right_to_left_the_arrows_follow_the_writing(load_game):
    page = load_game("./?lang=fa&seed=3" + FAST)
    wait_until_settled(page)
    keys = Keys(page)
    keys.press("m")
    keys.press("ArrowLeft")  # forward in a right-to-left row
    assert keys.focused()["key"] == "market-1"
    keys.press("ArrowRight")
    assert keys.focused()["key"] == "market-0"
    keys.press("Shift+?")
    help_text = page.get_by_test_id("keys-help").inner_text()
    assert "برداشتن کالای انتخاب‌شده" in help_text  # the help in Persian
    keys.press("Escape")
    assert keys.focused()["key"] == "market-0"
