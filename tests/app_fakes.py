"""Shared helpers for the DOM-free page tests: a fake host and crafted states."""

from __future__ import annotations

from jaipur_core import Game


class FakeHost:
    """Stands in for dom.BrowserHost: a dict storage and a manual scheduler."""

    def __init__(self, storage=None, url="http://example.test/"):
        self.storage = dict(storage or {})
        self.html = ""
        self.renders = 0
        self.queue = []
        self.ready = False
        self.downloads = []
        self.picked = 0
        self.url = url
        self.clipboard_ok = False
        self.copied = []

    def render(self, html):
        self.html = html
        self.renders += 1

    def schedule(self, fn, delay_ms):
        self.queue.append(fn)

    def run(self, limit=100_000):
        """Run scheduled callbacks (AI slices) until none are left."""
        steps = 0
        while self.queue:
            self.queue.pop(0)()
            steps += 1
            assert steps < limit, "the scheduler never went quiet"
        return steps

    def storage_get(self, key):
        return self.storage.get(key)

    def storage_set(self, key, text):
        self.storage[key] = text

    def now_ms(self):
        return 1_700_000_000_000

    def copy_text(self, text, done):
        self.copied.append(text)
        done(self.clipboard_ok)

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def pick_file(self):
        self.picked += 1

    def page_url(self):
        return self.url

    def set_ready(self):
        self.ready = True


def crafted(market, hand, herd=0, seed=1, to_move=0):
    """A state of a seeded game with the mover's market, hand and herd replaced.

    market/hand: dicts of card -> count (hand: goods only). Card totals no longer
    add up, which the rules functions used here do not check.
    """
    state = Game.new(seed=seed, first=to_move).state.copy()
    counts = [0] * 7
    for card, n in market.items():
        counts[card] += n
    state.market = tuple(counts)
    goods = [0] * 6
    for card, n in hand.items():
        goods[card] += n
    hands = list(state.hands)
    hands[to_move] = tuple(goods)
    state.hands = tuple(hands)
    herds = list(state.herds)
    herds[to_move] = herd
    state.herds = tuple(herds)
    return state


def started(storage=None, **params):
    """A controller started with these URL parameters, its scheduled work run."""
    from pyscript_app.controller import Controller
    host = FakeHost(storage)
    controller = Controller(host, params={k: str(v) for k, v in params.items()})
    controller.start()
    host.run()
    return host, controller


def play_by_selection(controller, action):
    """Select the cards of `action` for the seat shown, then press its button."""
    from pyscript_app.selection import selection_for
    state = controller.game.state
    controller.selection = selection_for(action, state.market, state.hands[controller.human],
                                         state.herds[controller.human])
    controller.handle("play", action.kind)
