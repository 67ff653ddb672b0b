#!/usr/bin/env python3
"""Spar: whole games between one of our AI levels and an outside bot (any program).

    nice -n 19 python3 bench/spar.py --ai hard --bot "/path/to/bot --its-options" \
        --games 200 --seed 2026 --progress spar-hard.jsonl [--records games.jsonl] [--jobs 2]
    python3 bench/spar.py --report spar-hard.jsonl [more.jsonl ...]

The protocol (docs/ai.md, "Sparring with outside bots"): the bot is started once
per game; each time it is to move it receives ONE line on stdin, the compact
`jaipur-view/1` JSON of its own seat, and answers ONE line on stdout, an action
in the notation of docs/formats.md. Our engine is the referee: an answer that is
not legal (unparsable, illegal, silence past --timeout, the bot exiting)
forfeits that game, and the reason is recorded. The bot's process group is killed at the end
of every game, so a bot that hangs costs at most --timeout seconds.

Game n: our level sits in seat n % 2 and the first round's starter is
(n // 2) % 2, so every four games cover both seats x both starters; later rounds
follow the rules (the loser starts). The deal and our AI's RNG derive from
--seed and n, so a game is reproducible on its own: --jobs J plays J games at once, and runs
split with --start and --games give the same games as one long run.

Each finished game is appended to --progress as one JSON line at once, so a
run cut short keeps every game it finished, and the same command run again
plays only the games of its range not yet in that file (a file of another
level, bot name or seed is refused); --report merges such files and
prints the summary: wins with a 95% (Wilson) interval, points per round,
round-ending moves and time per move (p50/p95) per side, forfeits with reasons.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import selectors
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.actions import parse_action  # noqa: E402
from jaipur_core.ai import ALL_LEVELS, choose_action  # noqa: E402
from jaipur_core.ai.simulate import ROUND_CAP, GameOutcome, Summary  # noqa: E402
from jaipur_core.errors import JaipurError  # noqa: E402
from jaipur_core.position import position_to_json  # noqa: E402
from jaipur_core.rules import apply_legal, why_illegal  # noqa: E402
from jaipur_core.state import GAME_OVER, PLAY, new_game, next_round  # noqa: E402
from jaipur_core.view import view_of  # noqa: E402

#: An answer longer than this is not an action (FORMAT's longest is far shorter).
MAX_ANSWER_BYTES = 4096
OURS, BOT = 0, 1   # sides, as in simulate's GameOutcome: side 0 = our level, side 1 = the bot


class OutsideBot:
    """One outside program, spoken to line by line; restarted if it exited between moves."""

    def __init__(self, command: list[str], timeout: float):
        self.command, self.timeout = command, timeout
        self.process: subprocess.Popen | None = None
        self._buffer = b""
        self._answered = 0      # answers from the current process

    def _start(self) -> None:
        # Own session: the bot's helpers (e.g. an engine it runs) die with it in close().
        self._answered = 0
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        self._buffer = b""

    def ask(self, view_line: str) -> tuple[str | None, str | None]:
        """Send one view line; return (answer, None) or (None, why there is no answer).

        A bot that exits after an answer (one process per move) is started again
        for its next move: if a process that has answered before reaches end of
        output without answering, the view is sent once more to a fresh one.
        """
        answer, problem, ended = self._ask_once(view_line)
        if ended and self._answered:
            self.close()
            answer, problem, ended = self._ask_once(view_line)
        if problem is None:
            self._answered += 1
        return answer, problem

    def _ask_once(self, view_line: str) -> tuple[str | None, str | None, bool]:
        if self.process is None or self.process.poll() is not None:
            self.close()
            try:
                self._start()
            except OSError as error:
                return None, f"cannot start the bot: {error}", False
        try:
            self.process.stdin.write(view_line.encode() + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return None, f"the bot exited (code {self.process.poll()}) before reading its view", True
        return self._read_line()

    def _read_line(self) -> tuple[str | None, str | None, bool]:
        """(answer, problem, whether the bot's output ended)."""
        deadline = time.monotonic() + self.timeout
        stream = self.process.stdout
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_ANSWER_BYTES:
                    return None, f"answer longer than {MAX_ANSWER_BYTES} bytes without a line end", False
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return None, f"no answer within {self.timeout:g} s", False
                chunk = os.read(stream.fileno(), 65536)
                if not chunk:
                    try:
                        code = self.process.wait(timeout=1)
                    except subprocess.TimeoutExpired:
                        return None, "the bot closed its output without answering", True
                    return None, f"the bot exited (code {code}) without answering", True
                self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            return line.decode().strip(), None, False
        except UnicodeDecodeError:
            return None, "answer is not UTF-8 text", False

    def close(self) -> None:
        if self.process is None:
            return
        # The whole group, even if the bot itself has exited: helpers it left behind go too.
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            if self.process.poll() is None:
                self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self.process = None


@dataclass
class SparGame:
    number: int
    our_seat: int
    first: int
    outcome: GameOutcome
    forfeit: dict | None = None          # {"side": "ours"|"bot", "reason": ...}
    record: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        o = self.outcome
        return {"game": self.number, "our_seat": self.our_seat, "first": self.first,
                "winner": None if o.winner is None else ("ours", "bot")[o.winner],
                "rounds": o.rounds, "turns": o.turns, "points": [list(p) for p in o.points],
                "round_enders": list(o.round_enders), "faults": list(o.faults), "cap_hits": o.cap_hits,
                "ms": [[round(1000 * t, 2) for t in side] for side in o.times],
                "forfeit": self.forfeit}


def outcome_from_json(data: dict) -> GameOutcome:
    winner = {"ours": OURS, "bot": BOT, None: None}[data["winner"]]
    return GameOutcome(winner, data["rounds"], data["turns"],
                       tuple([t / 1000 for t in side] for side in data["ms"]),
                       tuple(data["faults"]), data["cap_hits"],
                       tuple(list(p) for p in data["points"]), tuple(data["round_enders"]))


def _game_rngs(seed, number: int) -> tuple[random.Random, random.Random]:
    return (random.Random(f"jaipur-spar/{seed}/{number}/deal"),
            random.Random(f"jaipur-spar/{seed}/{number}/ours"))


def play_game(level: str, command: list[str], seed, number: int, timeout: float = 60.0,
              round_cap: int = ROUND_CAP, bot_name: str = "bot") -> SparGame:
    """Play game `number` of a seeded match; the bot runs for this game only."""
    our_seat, first = number % 2, (number // 2) % 2
    deal_rng, our_rng = _game_rngs(seed, number)
    state = new_game(deal_rng, first=first)
    names = [level, level]
    names[1 - our_seat] = bot_name
    rounds_json: list[dict] = []
    times, points, enders = ([], []), ([], []), [0, 0]
    turns, faults = [], [0, 0]
    bot = OutsideBot(command, timeout)

    def finish(winner, forfeit=None, cap_hits=0):
        outcome = GameOutcome(winner, len(rounds_json), turns, times, tuple(faults), cap_hits,
                              points, tuple(enders))
        record = {"format": "jaipur-game/1", "players": names, "rounds": rounds_json,
                  "spar": {"seed": seed, "game": number, "our_seat": our_seat, "forfeit": forfeit}}
        return SparGame(number, our_seat, first, outcome, forfeit, record)

    try:
        while True:
            played: list[str] = []
            rounds_json.append({"start": position_to_json(state), "actions": played})
            while state.phase == PLAY:
                if len(played) >= round_cap:
                    return finish(None, None, cap_hits=1)
                mover = state.to_move
                side = OURS if mover == our_seat else BOT
                view = view_of(state, mover)
                started = time.perf_counter()
                if side == OURS:
                    action, problem = choose_action(view, level, our_rng), None
                else:
                    answer, problem = bot.ask(json.dumps(view.to_json(), separators=(",", ":")))
                    action = None
                    if problem is None:
                        try:
                            action = parse_action(answer)
                        except JaipurError as error:
                            problem = f"unreadable answer: {error}"
                times[side].append(time.perf_counter() - started)
                if problem is None:
                    reason = why_illegal(state, action)
                    if reason is not None:
                        problem = f"illegal action '{action}': {reason}"
                if problem is not None:
                    faults[side] += 1
                    where = f"round {state.round}, action {len(played) + 1}"
                    return finish(1 - side, {"side": ("ours", "bot")[side], "reason": f"{where}: {problem}"})
                state = apply_legal(state, action)
                played.append(str(action))
            turns.append(len(played))
            enders[side] += 1
            for s in (OURS, BOT):
                seat = our_seat if s == OURS else 1 - our_seat
                points[s].append(state.round_result.scores[seat])
            if state.phase == GAME_OVER:
                return finish(OURS if state.winner == our_seat else BOT)
            state = next_round(state, deal_rng)
    finally:
        bot.close()


def summarize(level: str, bot_name: str, games: list[dict], seed="mixed") -> str:
    """The simulate-style summary of finished games (side `ai` = ours, `vs` = the bot), plus forfeits."""
    summary = Summary((level, bot_name), len(games), seed)
    summary.outcomes = [outcome_from_json(game) for game in games]
    lines = [summary.to_text()]
    seats = [sum(g["winner"] == "ours" for g in games if g["our_seat"] == s) for s in (0, 1)]
    played = [sum(g["our_seat"] == s for g in games) for s in (0, 1)]
    lines.append(f"our wins by our seat: seat 0 {seats[0]}/{played[0]}, seat 1 {seats[1]}/{played[1]}")
    for game in games:
        if game["forfeit"]:
            lines.append(f"forfeit game {game['game']} by {game['forfeit']['side']}: {game['forfeit']['reason']}")
    return "\n".join(lines)


def round_starts(records) -> dict:
    """Rounds each side won, split by which side started the round, from game records.

    Replays every finished round of each `jaipur-game/1` record written by this
    harness (its `spar.our_seat` says which seat was ours); a round cut short by
    a forfeit or the cap is skipped. A round without a seal (a full tie) counts
    for nobody.
    """
    from jaipur_core.position import position_from_json
    from jaipur_core.record import play_through
    table = {"ours": [0, 0], "bot": [0, 0]}   # starter -> [rounds, won by our side]
    for record in records:
        our_seat = record["spar"]["our_seat"]
        for played in record["rounds"]:
            start = position_from_json(played["start"])
            starter = "ours" if start.round_starter == our_seat else "bot"
            state = play_through(start, played["actions"])[-1]
            if state.round_result is None:
                continue
            table[starter][0] += 1
            table[starter][1] += state.round_result.seal == our_seat
    return table


def action_mix(records) -> dict:
    """Per side: how many actions of each kind it played, and the cards it sold, from game records."""
    from jaipur_core.actions import parse_action as parse
    mix = {side: {"take": 0, "camels": 0, "trade": 0, "sell": 0, "cards_sold": 0} for side in ("ours", "bot")}
    for record in records:
        our_seat = record["spar"]["our_seat"]
        for played in record["rounds"]:
            mover = played["start"]["to_move"]
            for text in played["actions"]:
                action = parse(text)
                counts = mix["ours" if mover == our_seat else "bot"]
                counts[action.kind] += 1
                if action.kind == "sell":
                    counts["cards_sold"] += action.count
                mover = 1 - mover
    return mix


#: Buckets of our side's token margin (goods + bonus tokens won) when the second goods pile emptied.
MARGIN_BUCKETS = ((-99, -10), (-10, -3), (-3, 3), (3, 10), (10, 99))


def round_endings(records) -> dict:
    """How the finished rounds ended, and how the token race stood before the end, from game records.

    `ended`: (cause, side that made the round-ending move) -> [rounds, won by our side], cause
    "piles" (a sale emptied the third goods pile) or "deck" (the market could not be refilled).
    `margins`: per MARGIN_BUCKETS bucket of our side's token margin at the moment the second
    goods pile emptied (rounds where it did, before the end) -> [rounds, won by our side].
    """
    from itertools import pairwise

    from jaipur_core.cards import EMPTY_PILES_TO_END
    from jaipur_core.position import position_from_json
    from jaipur_core.record import play_through
    from jaipur_core.state import PLAY
    ended = {(cause, side): [0, 0] for cause in ("piles", "deck") for side in ("ours", "bot")}
    margins = {bucket: [0, 0] for bucket in MARGIN_BUCKETS}
    for record in records:
        ours = record["spar"]["our_seat"]
        for played in record["rounds"]:
            positions = play_through(position_from_json(played["start"]), played["actions"])
            state, margin = positions[-1], None
            for before, after in pairwise(positions):
                mover = before.to_move
                if after.phase == PLAY and before.empty_piles() < EMPTY_PILES_TO_END - 1 <= after.empty_piles():
                    margin = ((after.goods_score(ours) + sum(after.bonus_won[ours]))
                              - (after.goods_score(1 - ours) + sum(after.bonus_won[1 - ours])))
            if state.round_result is None:
                continue
            won = state.round_result.seal == ours
            cause = "piles" if state.empty_piles() >= EMPTY_PILES_TO_END else "deck"
            counts = ended[(cause, "ours" if mover == ours else "bot")]
            counts[0] += 1
            counts[1] += won
            if margin is not None:
                bucket = next(b for b in MARGIN_BUCKETS if b[0] <= margin < b[1])
                margins[bucket][0] += 1
                margins[bucket][1] += won
    return {"ended": ended, "margins": margins}


def round_endings_text(endings: dict) -> str:
    parts = []
    for (cause, side), (rounds, won) in endings["ended"].items():
        what = "a sale emptied the third pile" if cause == "piles" else "the deck ran out"
        who = "us" if side == "ours" else "the bot"
        parts.append(f"{what}, by {who}: {rounds} (we won {won})")
    lines = ["rounds ended: " + "; ".join(parts)]
    buckets = []
    for (low, high), (rounds, won) in endings["margins"].items():
        if rounds:
            buckets.append(f"[{low:+d},{high:+d}): {rounds} (we won {won})")
    lines.append("our token margin when the second pile emptied: " + ("; ".join(buckets) or "never"))
    return "\n".join(lines)


def action_mix_text(mix: dict) -> str:
    lines = []
    for side, label in (("ours", "our side"), ("bot", "the bot")):
        counts = mix[side]
        sells = counts["sell"]
        per_sale = f"{counts['cards_sold'] / sells:.2f}" if sells else "-"
        lines.append(f"actions of {label}: take {counts['take']}, camels {counts['camels']}, "
                     f"trade {counts['trade']}, sell {sells} ({per_sale} cards per sale)")
    return "\n".join(lines)


def round_starts_text(table: dict) -> str:
    parts = []
    for starter, label in (("ours", "we started"), ("bot", "the bot started")):
        rounds, won = table[starter]
        parts.append(f"{label}: we won {won}/{rounds}")
    return "rounds won by our side when " + "; when ".join(parts)


def read_records(paths) -> list[dict]:
    """Records from --records files, one per game (later duplicates of a game dropped)."""
    records, seen = [], set()
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                if record["spar"]["game"] not in seen:
                    seen.add(record["spar"]["game"])
                    records.append(record)
    return records


def read_progress(paths) -> tuple[dict, list[dict]]:
    """The run header and the finished games of progress files (later duplicates of a game dropped)."""
    header, games, seen = {}, [], set()
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if not line.strip():
                continue
            data = json.loads(line)
            if "run" in data:
                if header and (header["level"], header["bot_name"], header["seed"]) != (
                        data["run"]["level"], data["run"]["bot_name"], data["run"]["seed"]):
                    raise SystemExit(f"{path}: a different run ({data['run']}) than {header}")
                header = data["run"]
            elif data["game"] not in seen:
                seen.add(data["game"])
                games.append(data)
    games.sort(key=lambda game: game["game"])
    return header, games


def _play_job(job) -> SparGame | None:
    level, command, seed, number, timeout, bot_name, deadline = job
    if deadline is not None and time.monotonic() > deadline:
        return None
    return play_game(level, command, seed, number, timeout, bot_name=bot_name)


def _already_played(args, run: dict, numbers: range) -> list[dict]:
    """The games of `numbers` already in --progress, refusing a file of another run."""
    if not args.progress or not Path(args.progress).exists():
        return []
    header, games = read_progress([args.progress])
    if header and (header["level"], header["bot_name"], header["seed"]) != (run["level"], run["bot_name"], run["seed"]):
        raise SystemExit(f"{args.progress}: games of another run ({header}), not {run}")
    return [data for data in games if data["game"] in numbers]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", choices=ALL_LEVELS, help="our level")
    parser.add_argument("--bot", help="the outside bot's command line (split like a shell would)")
    parser.add_argument("--bot-name", default="bot", help="its name in the summary and records")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first game number (to split a run)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds the bot may take per move")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (worker processes)")
    parser.add_argument("--progress", help="append each finished game here (JSON lines)")
    parser.add_argument("--records", help="append each game's jaipur-game/1 record here (JSON lines)")
    parser.add_argument("--report", nargs="+", metavar="PROGRESS", help="only summarize progress files")
    parser.add_argument("--report-records", nargs="+", metavar="RECORDS",
                        help="with --report: also rounds won by who started them, from record files")
    args = parser.parse_args(argv)
    if args.report:
        header, games = read_progress(args.report)
        if not header:
            parser.error("no run header in the progress files")
        print(summarize(header["level"], header["bot_name"], games, header["seed"]))
        if args.report_records:
            records = read_records(args.report_records)
            print(round_starts_text(round_starts(records)))
            print(action_mix_text(action_mix(records)))
            print(round_endings_text(round_endings(records)))
        return 0
    if not args.ai or not args.bot:
        parser.error("--ai and --bot are required (or --report)")
    # Stopped with kill: unwind, so the game's finally kills the bot's process group too
    # (the pool's workers inherit it). A caller's own handler is given back at the end.
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        return _play(args)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _play(args) -> int:
    """Play the run `args` asks for (resuming its progress file), print each game and the summary."""
    command = shlex.split(args.bot)
    run = {"level": args.ai, "bot": args.bot, "bot_name": args.bot_name, "seed": args.seed}
    numbers = range(args.start, args.start + args.games)
    finished, records = _already_played(args, run, numbers), []
    if args.progress:
        with open(args.progress, "a") as progress:
            progress.write(json.dumps({"run": run}) + "\n")
    if finished:
        print(f"resuming: {len(finished)} of the {len(numbers)} games already in {args.progress}", flush=True)
    done = {data["game"] for data in finished}
    if args.records and Path(args.records).exists():
        records = [record for record in read_records([args.records]) if record["spar"]["game"] in done]
    deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    jobs = [(args.ai, command, args.seed, number, args.timeout, args.bot_name, deadline)
            for number in numbers if number not in done]
    wins = sum(data["winner"] == "ours" for data in finished)
    if args.jobs > 1:
        import multiprocessing
        # spawn, not fork: a fork of a process with threads (pytest's workers) can copy a lock
        # another thread holds, and the child then waits for ever (a test run hung so).
        pool = multiprocessing.get_context("spawn").Pool(args.jobs)
        games = pool.imap_unordered(_play_job, jobs, chunksize=1)
    else:
        pool, games = None, map(_play_job, jobs)
    try:
        for game in games:
            if game is None:      # past --minutes: not started
                continue
            data = game.to_json()
            finished.append(data)
            records.append(game.record)
            wins += data["winner"] == "ours"
            for path, line in ((args.progress, data), (args.records, game.record)):
                if path:
                    with open(path, "a") as out:
                        out.write(json.dumps(line, separators=(",", ":")) + "\n")
            print(f"game {game.number}: our seat {game.our_seat}, first {game.first}, winner {data['winner']}, "
                  f"points {data['points']}, enders {data['round_enders']}"
                  + (f", forfeit: {game.forfeit['reason']}" if game.forfeit else "")
                  + f" -> ours {wins}/{len(finished)}", flush=True)
    finally:
        if pool is not None:
            pool.terminate()    # workers unwind (SIGTERM handler): their bots are killed
            pool.join()
    finished.sort(key=lambda data: data["game"])
    print(summarize(args.ai, args.bot_name, finished, args.seed), flush=True)
    print(round_starts_text(round_starts(records)), flush=True)
    print(action_mix_text(action_mix(records)), flush=True)
    print(round_endings_text(round_endings(records)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
