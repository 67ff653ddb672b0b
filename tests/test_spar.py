"""bench/spar.py: whole games against an outside program, refereed by our engine.

The outside bots are tests/spar_fake_bot.py in its modes: one that plays the
first legal action, and ones that answer garbage, illegal actions, nothing
(hang), exit, or write without end: each must cost the bot that game, with the
reason recorded, in bounded time, and leave no process behind.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from bench.spar import (
    MARGIN_BUCKETS,
    OutsideBot,
    action_mix,
    action_mix_text,
    main,
    play_game,
    read_progress,
    round_endings,
    round_endings_text,
    round_starts,
    round_starts_text,
)
from jaipur_core.record import record_from_json, replay
from jaipur_core.state import GAME_OVER

FAKE_BOT = str(Path(__file__).resolve().parent / "spar_fake_bot.py")
LEVEL = "easy"   # our side: fast; the harness is what is under test


def bot(mode: str, *args: str) -> list[str]:
    return [sys.executable, FAKE_BOT, mode, *args]


def test_a_whole_game_against_a_legal_bot_is_scored_and_replays():
    game = play_game(LEVEL, bot("first-legal"), seed=5, number=0, timeout=30)
    outcome = game.outcome
    assert game.forfeit is None and outcome.winner in (0, 1)
    assert outcome.faults == (0, 0) and outcome.cap_hits == 0
    final = replay(record_from_json(game.record))
    assert final.phase == GAME_OVER
    our_seat = game.our_seat
    assert final.winner == (our_seat if outcome.winner == 0 else 1 - our_seat)
    # Points per side are the scores of the seat that side sat in, round by round.
    assert outcome.points[1][-1] == final.round_result.scores[1 - our_seat]
    assert outcome.points[0][-1] == final.round_result.scores[our_seat]
    assert sum(outcome.round_enders) == outcome.rounds == len(game.record["rounds"])
    moves = sum(len(r["actions"]) for r in game.record["rounds"])
    assert len(outcome.times[0]) + len(outcome.times[1]) == moves
    assert outcome.turns == [len(r["actions"]) for r in game.record["rounds"]]
    assert game.record["players"][our_seat] == LEVEL and game.record["players"][1 - our_seat] == "bot"


@pytest.mark.parametrize("mode, args, reason", [
    ("garbage", (), "unreadable answer: 'hello there'"),
    ("illegal", (), "illegal action"),
    ("hang", (), "no answer within 1 s"),
    ("exit", (), "the bot exited (code 3) without answering"),
    ("endless", (), "answer longer than 4096 bytes"),
    ("late", ("4",), "unreadable answer: 'hello there'"),
])
def test_a_bad_answer_forfeits_the_game_with_its_reason(mode, args, reason):
    # Only the hanging bot gets a 1 s timeout: the others must not lose their game to a slow
    # start of Python on a loaded machine (that made the endless bot a timeout once in CI).
    timeout = 1 if mode == "hang" else 30
    started = time.monotonic()
    game = play_game(LEVEL, bot(mode, *args), seed=3, number=1, timeout=timeout)
    assert time.monotonic() - started < 20 + timeout   # bounded: a hang costs about the timeout
    assert game.outcome.winner == 0            # our side wins by forfeit
    assert game.outcome.faults == (0, 1)
    assert game.forfeit["side"] == "bot"
    assert reason in game.forfeit["reason"] and game.forfeit["reason"].startswith("round 1, action ")
    assert game.record["spar"]["forfeit"] == game.forfeit
    # The record holds the legal actions played before the forfeit; it still replays.
    record = record_from_json(game.record)
    replay(record)
    bot_answers = sum(1 for _ in game.outcome.times[1])
    assert bot_answers == (4 if mode == "late" else 1)


def test_a_hanging_bot_is_killed():
    outside = OutsideBot(bot("hang"), timeout=0.5)
    answer, problem = outside.ask('{"format": "jaipur-view/1"}')
    assert answer is None and problem == "no answer within 0.5 s"
    pid = outside.process.pid
    outside.close()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_bot_that_exits_after_each_answer_is_restarted_and_plays_the_same_game():
    kept = play_game(LEVEL, bot("first-legal"), seed=8, number=2, timeout=30)
    restarted = play_game(LEVEL, bot("one-shot"), seed=8, number=2, timeout=30)
    assert restarted.forfeit is None
    assert restarted.record == kept.record


@pytest.mark.parametrize("number, our_seat, first", [(0, 0, 0), (1, 1, 0), (2, 0, 1), (3, 1, 1), (6, 0, 1)])
def test_seats_and_starters_alternate(number, our_seat, first):
    game = play_game(LEVEL, bot("garbage"), seed=1, number=number, timeout=5)
    assert (game.our_seat, game.first) == (our_seat, first)
    start = game.record["rounds"][0]["start"]
    assert start["round_starter"] == first
    assert game.record["players"][our_seat] == LEVEL


def test_games_are_seeded():
    one = play_game(LEVEL, bot("first-legal"), seed=11, number=0, timeout=30)
    again = play_game(LEVEL, bot("first-legal"), seed=11, number=0, timeout=30)
    other = play_game(LEVEL, bot("first-legal"), seed=12, number=0, timeout=30)
    assert one.record == again.record
    assert one.record["rounds"][0]["start"] != other.record["rounds"][0]["start"]


def saved_run(tmp_path):
    """(progress file, records file, the arguments of a run against the fake bot that keeps both)."""
    progress, records = tmp_path / "progress.jsonl", tmp_path / "records.jsonl"
    command = f"{sys.executable} {FAKE_BOT} first-legal"
    return progress, records, ["--ai", LEVEL, "--bot", command, "--bot-name", "fake", "--seed", "4",
                               "--progress", str(progress), "--records", str(records)]


def test_progress_files_survive_and_report(tmp_path, capsys):
    progress, records, common = saved_run(tmp_path)
    assert main(common + ["--games", "2"]) == 0
    assert main(common + ["--start", "2", "--games", "1"]) == 0   # a second process's share
    capsys.readouterr()
    header, games = read_progress([progress])
    assert header["bot_name"] == "fake" and [g["game"] for g in games] == [0, 1, 2]
    assert len(records.read_text().splitlines()) == 3
    for line in records.read_text().splitlines():
        assert replay(record_from_json(json.loads(line))).phase == GAME_OVER
    assert main(["--report", str(progress)]) == 0
    text = capsys.readouterr().out
    assert "games 3 (seed 4)" in text and "95% CI" in text and "points/round" in text
    assert "rounds ended" in text and "ms/move median" in text and "fake" in text
    ours = sum(g["winner"] == "ours" for g in games)
    assert f"wins {ours:>4}" in text


def test_rounds_won_by_who_started_them_follow_the_records():
    games = [play_game(LEVEL, bot("first-legal"), seed=6, number=n, timeout=30) for n in range(4)]
    cut_short = play_game(LEVEL, bot("late", "3"), seed=6, number=4, timeout=30)
    table = round_starts([game.record for game in games + [cut_short]])
    # Every finished round is counted once; the unfinished one is not.
    assert table["ours"][0] + table["bot"][0] == sum(game.outcome.rounds for game in games)
    # Rounds our side won = the seals it holds at the end of each game.
    seals = sum(replay(record_from_json(game.record)).seals[game.our_seat] for game in games)
    assert table["ours"][1] + table["bot"][1] == seals
    # Each game's first round was started by the side the harness put first.
    for game in games:
        first_round_only = dict(game.record, rounds=game.record["rounds"][:1])
        starter = "ours" if game.first == game.our_seat else "bot"
        assert round_starts([first_round_only])[starter][0] == 1
    text = round_starts_text(table)
    assert text == (f"rounds won by our side when we started: we won {table['ours'][1]}/{table['ours'][0]}; "
                    f"when the bot started: we won {table['bot'][1]}/{table['bot'][0]}")


def test_action_mix_counts_each_sides_actions():
    game = play_game(LEVEL, bot("first-legal"), seed=9, number=1, timeout=30)
    mix = action_mix([game.record])
    moves = [len(side) for side in game.outcome.times]
    for side, index in (("ours", 0), ("bot", 1)):
        counts = mix[side]
        assert counts["take"] + counts["camels"] + counts["trade"] + counts["sell"] == moves[index]
    sold = sum(int(text.split()[2]) for r in game.record["rounds"] for text in r["actions"] if text.startswith("sell"))
    assert mix["ours"]["cards_sold"] + mix["bot"]["cards_sold"] == sold
    text = action_mix_text(mix)
    assert text.startswith("actions of our side: take ") and "\nactions of the bot: take " in text


def test_round_endings_follow_the_games():
    games = [play_game(LEVEL, bot("first-legal"), seed=7, number=n, timeout=30) for n in range(4)]
    cut_short = play_game(LEVEL, bot("late", "3"), seed=7, number=4, timeout=30)
    endings = round_endings([game.record for game in games + [cut_short]])
    ended = endings["ended"]
    # Who made each round-ending move is what the harness counted while playing.
    for side, index in (("ours", 0), ("bot", 1)):
        assert ended[("piles", side)][0] + ended[("deck", side)][0] == sum(g.outcome.round_enders[index] for g in games)
    # The rounds our side won are its seals; a round ended by the deck left fewer than three empty piles.
    seals = sum(replay(record_from_json(game.record)).seals[game.our_seat] for game in games)
    assert sum(won for _, won in ended.values()) == seals
    for game in games:
        state = None
        for played in game.record["rounds"]:
            state = replay(record_from_json(dict(game.record, rounds=[played])))
            by_deck = state.empty_piles() < 3
            alone = round_endings([dict(game.record, rounds=[played])])["ended"]
            assert sum(alone[("deck", side)][0] for side in ("ours", "bot")) == by_deck
    margins = endings["margins"]
    assert set(margins) == set(MARGIN_BUCKETS)
    assert all(0 <= won <= rounds for rounds, won in margins.values())
    assert sum(rounds for rounds, _ in margins.values()) <= sum(rounds for rounds, _ in ended.values())
    text = round_endings_text(endings)
    assert text.startswith("rounds ended: a sale emptied the third pile, by us: ")
    assert "\nour token margin when the second pile emptied: " in text


def test_a_rerun_plays_only_the_games_missing_from_its_progress_file(tmp_path, capsys):
    progress, records, common = saved_run(tmp_path)
    command = f"{sys.executable} {FAKE_BOT} first-legal"
    assert main(common + ["--games", "2"]) == 0
    capsys.readouterr()
    assert main(common + ["--games", "3"]) == 0            # as if the first run had been cut short
    text = capsys.readouterr().out
    assert "resuming: 2 of the 3 games" in text
    assert [line.split(":")[0] for line in text.splitlines() if line.startswith("game ")] == ["game 2"]
    assert "games 3 (seed 4)" in text
    _, games = read_progress([progress])
    assert [g["game"] for g in games] == [0, 1, 2]
    assert len(records.read_text().splitlines()) == 3
    alone = tmp_path / "alone.jsonl"
    assert main(["--ai", LEVEL, "--bot", command, "--bot-name", "fake", "--seed", "4", "--start", "2", "--games", "1",
                 "--records", str(alone)]) == 0
    assert alone.read_text() == records.read_text().splitlines(keepends=True)[2]


def test_a_progress_file_of_another_run_is_refused(tmp_path, capsys):
    progress = tmp_path / "progress.jsonl"
    command = f"{sys.executable} {FAKE_BOT} first-legal"
    assert main(["--ai", LEVEL, "--bot", command, "--seed", "4", "--games", "1", "--progress", str(progress)]) == 0
    before = progress.read_text()
    with pytest.raises(SystemExit, match="another run"):
        main(["--ai", LEVEL, "--bot", command, "--seed", "5", "--games", "1", "--progress", str(progress)])
    assert progress.read_text() == before


def test_games_played_in_parallel_are_the_same_games(tmp_path, capsys):
    command = f"{sys.executable} {FAKE_BOT} first-legal"
    files = {}
    for jobs in (1, 2):
        records = tmp_path / f"records-{jobs}.jsonl"
        assert main(["--ai", LEVEL, "--bot", command, "--seed", "21", "--games", "3", "--jobs", str(jobs),
                     "--records", str(records)]) == 0
        files[jobs] = sorted(records.read_text().splitlines())
    assert files[1] == files[2] and len(files[1]) == 3
    assert "games 3 (seed 21)" in capsys.readouterr().out


def test_a_run_gives_its_callers_sigterm_handler_back(tmp_path, capsys):
    import signal

    def mine(signum, frame):
        pass

    before = signal.signal(signal.SIGTERM, mine)
    try:
        command = f"{sys.executable} {FAKE_BOT} first-legal"
        assert main(["--ai", LEVEL, "--bot", command, "--seed", "4", "--games", "1"]) == 0
        assert signal.getsignal(signal.SIGTERM) is mine
    finally:
        signal.signal(signal.SIGTERM, before)
