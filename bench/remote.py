"""A game at a distance in CPython with PyNaCl: the cost of each message, and the size of its link.

    python3 bench/remote.py [--games N] [--seed S] [--site URL]

Two RemoteGames (jaipur_core.remote) play N whole games of uniform-random legal moves with
libsodium's Ed25519 group through PyNaCl. For each kind of message (its steps, e.g.
`unlock+move`) it prints how many were sent, the link's length with the page address `--site`
in front (median and largest), and the median milliseconds its sender took to make it
(`play`/`advance`) and its receiver to read it (`receive`; for the invitation, the joiner's
`join`, which reads it and makes the answer). The deal's messages are each side's setup of a
round; the last line is the end-of-round check (reading the friend's seed: every pass,
unlock and move of the round replayed), medians and largest. One process, one core; the
machine is shared, so read ratios and medians rather than single figures. Not a test.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.remote import RemoteGame, sodium_group, to_link  # noqa: E402
from jaipur_core.remote.messages import STEP_NAMES, Reveal, decode  # noqa: E402

#: A page address of 100 characters: the longest the links were made to fit.
SITE = "https://" + "games.example.org/" + "j" * 73 + "/"


def kind_of(encoded: bytes) -> str:
    return "+".join(STEP_NAMES[type(step)] for step in decode(encoded).steps)


def play(group, seed: int, figures: dict) -> int:
    """One game; each message's kind, link length, send and receive time into `figures`."""
    rng = random.Random(seed)
    clock = time.perf_counter

    def timed(call, *args):
        start = clock()
        result = call(*args)
        return result, (clock() - start) * 1000

    (a, invitation), made = timed(RemoteGame.start, group, random.Random(rng.random()), "Ada")
    (b, answer), joined = timed(RemoteGame.join, group, random.Random(rng.random()), "Ben", invitation)
    figures["invite+encrypt"].append((len(to_link(invitation, SITE)), made, joined))
    a, read = timed(a.receive, answer)
    figures[kind_of(answer)].append((len(to_link(answer, SITE)), joined, read))
    sides, rngs = [a, b], [random.Random(rng.random()), random.Random(rng.random())]
    messages = 2
    while not sides[0].over:
        turn = sides[0].whose_turn
        assert turn is not None
        me = sides[turn]
        if me.next_step == "move":
            (me, message), sent = timed(me.play, rng.choice(me.legal_actions()))
        else:
            (me, message), sent = timed(me.advance, rngs[turn])
        other = sides[1 - turn]
        # the receiver checks the round whole when this message brings it the friend's seed
        reveals = any(isinstance(step, Reveal) for step in decode(message).steps)
        checks = reveals and other.current is not None and other.current.record is None
        other, read = timed(other.receive, message)
        sides[turn], sides[1 - turn] = me, other
        figures[kind_of(message)].append((len(to_link(message, SITE)), sent, read))
        if checks:
            figures["(end-of-round check: reading a seed)"].append((0, 0.0, read))
        messages += 1
    assert sides[0].record() == sides[1].record()
    return messages


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    group = sodium_group()
    figures: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    import nacl
    print(f"CPython {platform.python_version()}, PyNaCl {nacl.__version__}, {args.games} games, "
          f"links after a {len(SITE)}-character address")
    started = time.perf_counter()
    messages = sum(play(group, args.seed + game, figures) for game in range(args.games))
    elapsed = time.perf_counter() - started
    print(f"{messages} messages in {elapsed:.1f} s ({messages / args.games:.0f} a game, "
          f"{elapsed / args.games:.2f} s a game for both sides)\n")
    print(f"{'message':<38} {'count':>6} {'link chars':>16} {'send ms':>16} {'receive ms':>16}")
    print(f"{'':<38} {'':>6} {'median':>8}{'max':>8} {'median':>8}{'max':>8} {'median':>8}{'max':>8}")
    for kind in sorted(figures, key=lambda kind: (-statistics.median(size for size, _, _ in figures[kind]), kind)):
        rows = figures[kind]
        sizes = [size for size, _, _ in rows]
        sends = [sent for _, sent, _ in rows]
        reads = [read for _, _, read in rows]
        size_text = f"{statistics.median(sizes):>8.0f}{max(sizes):>8}" if max(sizes) else f"{'':>16}"
        send_text = f"{statistics.median(sends):>8.2f}{max(sends):>8.2f}" if max(sends) else f"{'':>16}"
        print(f"{kind:<38} {len(rows):>6} {size_text} {send_text} {statistics.median(reads):>8.2f}{max(reads):>8.2f}")


if __name__ == "__main__":
    main()
