"""Reading and clicking the game table like a person (for the e2e tests)."""

from __future__ import annotations

from collections import Counter

from tests.e2e.engines import save_download

PRECIOUS = ("diamond", "gold", "silver")
GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather")
CARDS = GOODS + ("camel",)

READ_TABLE = """() => {
  const table = document.querySelector('[data-testid=table]');
  const cards = (id) => [...document.querySelectorAll(`[data-testid=${id}]`)].map((e) => e.dataset.card);
  const enabled = (n) => document.querySelector(`[data-testid=btn-${n}]`).getAttribute('aria-disabled') === 'false';
  const piles = {};
  for (const pile of document.querySelectorAll('[data-testid^=pile-]')) {
    if (pile.dataset.values !== undefined) piles[pile.dataset.testid.slice(5)] = pile.dataset.values;
  }
  return {
    turn: table.dataset.turn, phase: table.dataset.phase, round: Number(table.dataset.round),
    market: cards('market-card'), hand: cards('hand-card'),
    herd: document.querySelectorAll('[data-testid=herd-card]').length,
    opponentHand: Number(document.querySelector('[data-testid=opponent-hand]').dataset.count),
    opponentHerd: Number(document.querySelector('[data-testid=opponent-herd]').dataset.count),
    deck: Number(document.querySelector('[data-testid=deck]').dataset.count),
    piles,
    enabled: Object.fromEntries(['take', 'camels', 'trade', 'sell'].map((n) => [n, enabled(n)])),
    log: [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.textContent),
    message: document.querySelector('[data-testid=message]').textContent,
  };
}"""

SETTLED = "[data-testid=table][data-turn=human], [data-testid=table][data-turn=over]"


def read_table(page) -> dict:
    return page.evaluate(READ_TABLE)


def wait_until_settled(page, timeout_ms: int = 60_000) -> dict:
    """Wait for the human's turn (or a round/game end); the table then."""
    page.locator(SETTLED).wait_for(state="attached", timeout=timeout_ms)
    return read_table(page)


def click_card(page, zone: str, index: int) -> None:
    page.get_by_test_id(f"{zone}-card").nth(index).click()


def plans(table: dict, used: set[str]):
    """Candidate moves for a simple player, best first: (kind, market, hand, herd)."""
    hand, market = table["hand"], table["market"]
    groups = Counter(hand)
    found = []
    # 1. sell a set
    for good, count in groups.most_common():
        if count >= 3 or (good in PRECIOUS and count >= 2) or (count >= 2 and "sell" not in used):
            found.append(("sell", [], [i for i, c in enumerate(hand) if c == good], []))
    # 2. camels
    if "camel" in market and ("camels" not in used or market.count("camel") >= 2):
        found.append(("camels", [], [], []))
    # 3. trade two market goods for two cards of other goods (or camels)
    market_goods = [i for i, c in enumerate(market) if c != "camel"]
    if len(market_goods) >= 2:
        taken = market_goods[:2]
        taken_kinds = {market[i] for i in taken}
        give = [i for i, c in enumerate(hand) if c not in taken_kinds][:2]
        if len(give) == 2 and "trade" not in used:
            found.append(("trade", taken, give, []))
        elif table["herd"] >= 2 and len(hand) + 2 <= 7 and "trade" not in used:
            found.append(("trade", taken, [], [0, 1]))
    # 4. take a good (one we already collect, if possible)
    if len(hand) < 7 and market_goods:
        best = max(market_goods, key=lambda i: groups.get(market[i], 0))
        found.append(("take", [best], [], []))
    # 5. sell whatever can be sold
    for good, count in groups.most_common():
        if good not in PRECIOUS or count >= 2:
            found.append(("sell", [], [i for i, c in enumerate(hand) if c == good], []))
    if "camel" in market:
        found.append(("camels", [], [], []))
    return found


def play_one_move(page, table: dict, used: set[str]) -> str:
    """Make one move by clicking cards and a button; the kind played."""
    for kind, market, hand, herd in plans(table, used):
        for index in market:
            click_card(page, "market", index)
        for index in hand:
            click_card(page, "hand", index)
        for index in herd:
            click_card(page, "herd", index)
        button = page.get_by_test_id(f"btn-{kind}")
        if button.get_attribute("aria-disabled") == "false":
            button.click()
            used.add(kind)
            return kind
        if market or hand or herd:
            page.get_by_test_id("btn-clear").click()
    raise AssertionError(f"no move found for {table}")


def play_until(page, stop, used: set[str] | None = None, limit: int = 400) -> dict:
    """Play moves until stop(table) is true; the table then."""
    used = set() if used is None else used
    for _ in range(limit):
        table = wait_until_settled(page)
        if stop(table):
            return table
        if table["turn"] == "over":
            if page.get_by_test_id("next-round").count():
                page.get_by_test_id("next-round").click()
                continue
            return table
        play_one_move(page, table, used)
    raise AssertionError("the game did not reach the expected point")


def snapshot(table: dict) -> dict:
    return {key: table[key] for key in ("market", "hand", "herd", "opponentHand", "opponentHerd",
                                        "deck", "piles", "log", "round", "phase")}


def play_moves(page, count: int, used: set[str] | None = None) -> dict:
    """Make `count` moves, each once it is the human's turn; the table after the last."""
    used = set() if used is None else used
    for _ in range(count):
        play_one_move(page, wait_until_settled(page), used)
    return wait_until_settled(page)


def export_record(page, path) -> None:
    """Click Export and save the downloaded game record at `path`."""
    save_download(page, page.get_by_test_id("btn-export").click, path)


def import_file(page, path) -> None:
    """Click Import and choose `path` in the file chooser, as a person does."""
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("btn-import").click()
    chooser.value.set_files(path)


def choose_language(page, language: str) -> None:
    """Switch the page's language with its menu, as a person does (where the menu shows)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_test_id(f"lang-{language}").click()
    page.locator(f"html[lang={language}]").wait_for(state="attached")
