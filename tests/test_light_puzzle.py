"""The light puzzle (issue 40, item 2): the solver's view, their legal moves to choose from, and
the answers and explanation sealed until an accepted answer opens them (pyscript_app/blog/
light_puzzle.py, blog/seal.py). The script's side of the seal is tested in a browser
(tests/e2e/test_light_embeds.py): a wrong move stays wrong, a right one opens it."""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from jaipur_core import Game, legal_actions, parse_action, position_from_json, position_to_json
from jaipur_core.puzzle import Puzzle
from jaipur_core.share import parse_fragment
from pyscript_app.blog import light_puzzle, seal
from tests.test_diagram import _swap_hidden
from tests.test_light_replay import HOSTILE, Parsed, svgs

ROOT = Path(__file__).resolve().parent.parent
ART = (ROOT / "web" / "art" / "cards.svg").read_text(encoding="utf-8")
SCRIPT = (ROOT / "web" / "light" / "light.js").read_text(encoding="utf-8")
SITE = "https://example.org/games/jaipur/"
POSITION = Game.new(seed=2, first=0).state          # three camels, a gold and a leather in the market
EXPLANATION = "Camels first: the herd grows, and the next player finds the gold alone."
PUZZLE = Puzzle(POSITION, "Three camels or the gold?", (parse_action("camels"), parse_action("take gold")),
                EXPLANATION)


def light(puzzle: Puzzle = PUZZLE, **options) -> str:
    return light_puzzle.light_puzzle(puzzle, art=ART, script=SCRIPT, **options)


def sealed_of(fragment: str) -> seal.Sealed:
    figure = Parsed(fragment).elements[0][1]
    return seal.Sealed(salt=figure["data-salt"], wraps=tuple(figure["data-wraps"].split()),
                       check=figure["data-check"], box=figure["data-box"])


def encodings(text: str) -> list[str]:
    raw = text.encode("utf-8")
    return [text, json.dumps(text)[1:-1], base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode(),
            base64.b64encode(raw).decode().rstrip("=")[:-2], binascii.hexlify(raw).decode(),
            binascii.hexlify(raw).decode().upper()]


def test_the_choices_are_the_solvers_legal_moves_in_the_engines_order():
    parsed = Parsed(light())
    choices = [attrs for _tag, attrs in parsed.elements if attrs.get("data-testid") == "light-choice"]
    by_kind = [str(action) for kind in ("take", "camels", "trade", "sell") for action in legal_actions(POSITION)
               if action.kind == kind]
    assert [choice["data-action"] for choice in choices] == by_kind
    assert all("disabled" in choice for choice in choices)   # without a script nothing could judge them
    assert parsed.find(**{"data-testid": "light-puzzle"}) and parsed.find(**{"data-testid": "light-verdict"})
    assert parsed.find(**{"data-testid": "light-explanation"})[0].get("dir") == "auto"


def test_the_answers_and_the_explanation_are_not_in_the_fragment():
    fragment = light()
    # (the answers' words are on their choices, among every other legal move: what gives them away
    # would be anything that depends on which moves they are, which the fragment below does not)
    for secret in (EXPLANATION, "the herd grows", "next player finds", '"a":', '"e":'):
        for encoded in encodings(secret):
            assert encoded not in fragment, (secret, encoded)
    # everything but the seal is the same whatever the answers and the explanation
    other = light(replace(PUZZLE, answers=(parse_action("take leather"),), explanation="Something else entirely."))
    strip = re.compile(r' data-(?:wraps|check|box)="[^"]*"')
    assert strip.sub("", fragment) == strip.sub("", other)
    assert len(sealed_of(fragment).wraps) == len(sealed_of(other).wraps) == seal.SLOTS


def test_an_accepted_answer_opens_the_seal_and_no_other_move_does():
    sealed = sealed_of(light())
    opened = {str(action): seal.open_sealed(sealed, str(action)) for action in legal_actions(POSITION)}
    assert {move for move, payload in opened.items() if payload is not None} == {"camels", "take gold"}
    payload = json.loads(opened["camels"])
    assert payload == json.loads(opened["take gold"]) == {"a": ["take 3 camels", "take a gold"], "e": EXPLANATION}
    assert seal.open_sealed(sealed, "take  gold") is None and seal.open_sealed(sealed, "") is None


@pytest.mark.parametrize("field", ("salt", "wraps", "check", "box"))
def test_a_tampered_seal_does_not_open_or_says_nothing_of_the_answers(field):
    sealed = sealed_of(light())
    flip = lambda text: base64.b64encode(bytes([base64.b64decode(text)[0] ^ 1]) + base64.b64decode(text)[1:]).decode()  # noqa: E731
    value = getattr(sealed, field)
    tampered = replace(sealed, **{field: tuple(flip(w) for w in value) if field == "wraps" else flip(value)})
    payload = seal.open_sealed(tampered, "camels")
    if field == "box":   # the key still opens it, and the box's first byte comes out changed
        assert payload is not None and payload != seal.open_sealed(sealed, "camels")
    else:
        assert payload is None


def test_the_seal_is_the_same_for_the_same_puzzle_and_needs_a_key():
    assert light() == light()
    with pytest.raises(ValueError):
        seal.seal(b"x", [], b"public")


def test_a_puzzle_judged_by_the_computer_opens_the_full_game_once_answered():
    open_puzzle = replace(PUZZLE, answers=())
    with pytest.raises(ValueError):
        light(open_puzzle)
    fragment = light(open_puzzle, page_url=SITE + "index.html", language="tr", theme="dark")
    figure = Parsed(fragment).elements[0][1]
    assert "data-wraps" not in figure and "<iframe" not in fragment   # nothing of the game loads before
    judge = urlsplit(figure["data-judge"])
    assert f"{judge.scheme}://{judge.netloc}{judge.path}" == SITE + "embed.html" and judge.query == "lang=tr&theme=dark"
    kind, puzzle = parse_fragment(judge.fragment)
    assert kind == "puzzle" and puzzle == open_puzzle
    assert EXPLANATION not in fragment   # in the judge's link, deflated as in every puzzle link
    assert len(Parsed(fragment).find(**{"data-testid": "light-choice"})) == len(legal_actions(POSITION))


def test_the_solver_sees_only_their_own_hand():
    for seed in range(4):
        state = Game.new(seed=seed).state
        changed = _swap_hidden(state, 1 - state.to_move)
        if changed is None:
            continue
        one = light(replace(PUZZLE, position=state, answers=(legal_actions(state)[0],)))
        two = light(replace(PUZZLE, position=changed, answers=(legal_actions(changed)[0],)))
        strip = re.compile(r' data-(?:salt|wraps|check|box)="[^"]*"|jl[0-9a-f]{8}')   # the seal and ids hash it all
        assert strip.sub("", one) == strip.sub("", two)


def test_hostile_questions_and_explanations_stay_text():
    puzzle = replace(PUZZLE, question=HOSTILE[:400], explanation=HOSTILE)
    fragment = light(puzzle, caption=HOSTILE[:300])
    parsed = Parsed(fragment)
    tags = [tag for tag, _attrs in parsed.elements]
    assert tags.count("script") == 1 and "img" not in tags
    assert not any(name.startswith("on") for _tag, attrs in parsed.elements for name in attrs)
    payload = json.loads(seal.open_sealed(sealed_of(fragment), "camels"))
    assert payload["e"] == HOSTILE   # the explanation comes out as the script puts it: textContent, not markup
    assert all(svg.find("{http://www.w3.org/2000/svg}desc").text for svg in svgs(fragment))


def test_a_puzzle_in_persian(translated):
    fragment = light(language="fa")
    figure = Parsed(fragment).elements[0][1]
    assert figure["dir"] == "rtl" and figure["lang"] == "fa"
    answers = json.loads(seal.open_sealed(sealed_of(fragment), "camels"))["a"]
    assert len(answers) == 2 and all(re.search("[\u0600-\u06ff]", answer) for answer in answers)


def test_a_position_from_json_round_trips_into_the_puzzle():
    state = position_from_json(position_to_json(POSITION))
    assert light(replace(PUZZLE, position=state)) == light()
