#!/usr/bin/env python3
"""A tiny outside bot for tests/test_spar.py, speaking bench/spar.py's protocol.

    python3 tests/spar_fake_bot.py MODE [ARG]

Reads one jaipur-view/1 JSON line per move and answers one line:
  first-legal   the first of the seat's legal actions (in the engine's order)
  garbage       text that is not an action
  illegal       'take diamond' when the market has no diamond, else 'sell diamond 1'
  hang          never answers (sleeps)
  exit          exits without answering
  endless       writes a line with no end
  one-shot      first-legal, then exits after each answer (the harness restarts it)
  late N        first-legal, but the N-th answer (1-based) is 'garbage'
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.cards import DIAMOND  # noqa: E402
from jaipur_core.rules import legal_actions_for  # noqa: E402
from jaipur_core.view import view_from_json  # noqa: E402


def first_legal(line: str) -> str:
    view = view_from_json(json.loads(line))
    return str(legal_actions_for(view.market, view.hand, view.herds[view.seat])[0])


def main() -> None:
    mode = sys.argv[1]
    answered = 0
    for line in sys.stdin:
        answered += 1
        if mode == "hang":
            time.sleep(3600)
        if mode == "exit":
            sys.exit(3)
        if mode == "endless":
            while True:
                sys.stdout.write("x" * 1000)
                sys.stdout.flush()
        if mode == "garbage" or (mode == "late" and answered == int(sys.argv[2])):
            answer = "hello there"
        elif mode == "illegal":
            answer = "take diamond" if not view_from_json(json.loads(line)).market[DIAMOND] else "sell diamond 1"
        else:
            answer = first_legal(line)
        print(answer, flush=True)
        if mode == "one-shot":
            return


if __name__ == "__main__":
    main()
