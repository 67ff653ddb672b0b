"""The diagram (issue 28, item 1): one self-contained SVG of a position, a record's step or a
puzzle (pyscript_app/blog/diagram.py), and its command `python3 -m pyscript_app diagram`."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaipur_core import (
    PLAY,
    Game,
    IllegalActionError,
    legal_actions,
    parse_action,
    position_from_json,
    position_to_json,
)
from pyscript_app.blog import cli as diagram_cli
from pyscript_app.blog.diagram import diagram
from pyscript_app.blog.scene import scene_of
from pyscript_app.view.palette import COLOURS, PALETTE, THEMES

ROOT = Path(__file__).resolve().parent.parent
ART = (ROOT / "web" / "art" / "cards.svg").read_text(encoding="utf-8")
SVG = "{http://www.w3.org/2000/svg}"
MAX_BYTES = 40 * 1024


def _played(seed: int, steps: int) -> Game:
    rng, game = random.Random(seed), Game.new(seed=seed)
    for _ in range(steps):
        if game.state.phase != PLAY:
            break
        game = game.play(rng.choice(legal_actions(game.state)))
    return game


def _crowded():
    """The position of a few random games with the most cards in sight (hands, herds, discard)."""
    best, most = None, -1
    for seed in range(12):
        for state in _played(seed, 120).rounds[0].positions():
            if state.phase != PLAY:
                continue
            seen = sum(state.hand_size(p) + state.herds[p] for p in (0, 1)) + min(len(state.discard), 1)
            if seen > most:
                best, most = state, seen
    return best


GAME = _played(3, 25)
STATE = GAME.state
CROWDED = _crowded()


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)   # valid XML, or this raises


def _texts(root: ET.Element) -> list[str]:
    """The picture's lines, without the isolates around text from outside (FSI, PDI)."""
    return ["".join(text.itertext()).replace("\u2068", "").replace("\u2069", "") for text in root.iter(SVG + "text")]


def _marks(root: ET.Element) -> dict[str, int]:
    found: dict[str, int] = {}
    for element in root.iter():
        mark = element.get("data-mark")
        if mark:
            found[mark] = found.get(mark, 0) + 1
    return found


# --- the picture itself ------------------------------------------------------------------------

@pytest.mark.parametrize("seat", (0, 1, None))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_diagram_is_one_self_contained_svg(seat, theme):
    svg = diagram(STATE, art=ART, seat=seat, theme=theme, caption="A <caption> & more")
    root = _tree(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert "<script" not in svg.lower() and "foreignobject" not in svg.lower()
    assert not re.search(r"\bon[a-z]+=", svg), "no event handler attributes"
    for element in root.iter():
        for name, value in element.attrib.items():
            if name.endswith("href"):
                assert value.startswith("#"), f"an outside reference: {value}"
    assert "url(" not in svg and "http" not in svg.replace("http://www.w3.org/2000/svg", "")
    assert root.find(SVG + "title").text and root.find(SVG + "desc").text
    labelled = root.get("aria-labelledby").split()
    assert labelled == [root.find(SVG + "title").get("id"), root.find(SVG + "desc").get("id")]
    assert "A <caption> & more" in _texts(root)
    assert len(svg.encode()) <= MAX_BYTES


def test_a_crowded_position_with_the_longest_caption_stays_within_40_kb():
    move = max(legal_actions(CROWDED), key=lambda action: len(str(action)))
    caption = ("یک توضیح بلند " * 200)[:2000]
    for seat in (0, 1, None):
        svg = diagram(CROWDED, art=ART, seat=seat, move=move, language="fa", theme="dark", caption=caption)
        _tree(svg)
        assert len(svg.encode()) <= MAX_BYTES, len(svg.encode())


def test_the_description_says_the_market_and_the_hands_in_words():
    state = position_from_json(json.loads((ROOT / "docs" / "formats.md").read_text().split("```json\n")[1]
                                          .split("```")[0]))
    svg = diagram(state, art=ART, seat=None, names=("Ada", "Bo"))
    desc = _tree(svg).find(SVG + "desc").text
    assert "Market: 1 diamond + 1 gold + 1 spice + 1 leather + 1 camel." in desc
    assert "Ada's hand: 1 diamond + 1 gold + 1 leather." in desc
    assert "Bo's hand: 1 diamond + 1 gold + 1 silver + 1 cloth + 1 spice." in desc
    assert "Bo's herd: 4 camels." in desc and "The deck holds 35 cards." in desc
    assert "cloth tokens: 2 2 1 1" in desc and "Ada to play" in desc
    seen_by_ada = _tree(diagram(state, art=ART, seat=0, names=("Ada", "Bo"))).find(SVG + "desc").text
    assert "Bo's hand: 5 cards, hidden." in seen_by_ada and "As Ada sees it." in seen_by_ada


def _swap_hidden(state, seat: int):
    """`state` with one card of `seat`'s hand (not a known one) swapped with another good of the deck,
    or None if there is none to swap."""
    data = position_to_json(state)
    player = data["players"][seat]
    known = list(player.get("known", []))
    for card in player["hand"]:
        if card in known:
            known.remove(card)
            continue
        other = next((c for c in data["deck"] if c not in ("camel", card)), None)
        if other is None:
            continue
        player["hand"][player["hand"].index(card)] = other
        data["deck"][data["deck"].index(other)] = card
        player["hand"].sort(key=["diamond", "gold", "silver", "cloth", "spice", "leather"].index)
        return position_from_json(data)
    return None


@pytest.mark.parametrize("seat", (0, 1))
def test_a_seat_sees_nothing_of_the_other_hand_or_the_deck(seat):
    """Hidden information by construction: what a seat cannot see does not change its diagram."""
    swapped = 0
    for state in (STATE, CROWDED, *(state for seed in range(6) for state in _played(seed, 80).rounds[0].positions()[::7]
                                     if state.phase == PLAY)):
        changed = _swap_hidden(state, 1 - seat)
        if changed is None:
            continue
        swapped += 1
        assert diagram(changed, art=ART, seat=seat) == diagram(state, art=ART, seat=seat)
        assert diagram(changed, art=ART, seat=None) != diagram(state, art=ART, seat=None)
        scene = scene_of(state, seat, ("a", "b"))
        assert scene.seats[1 - seat].hand is None and scene.seats[seat].hand == state.hands[seat]
    assert swapped >= 3


def _expected_marks(state, action) -> dict[str, int]:
    expected: dict[str, int] = {}
    if action.kind == "take":
        expected["take"] = 1
    elif action.kind == "camels":
        expected["take"] = state.market[6]
    elif action.kind == "trade":
        expected["take"], expected["give"] = sum(action.taken), sum(action.given)
    else:
        expected["sell"] = action.count
    return expected


@pytest.mark.parametrize("seat", (None, "mover", "other"))
def test_a_move_marks_exactly_the_cards_it_takes_and_gives(seat):
    for state in (STATE, CROWDED):
        viewer = {None: None, "mover": state.to_move, "other": 1 - state.to_move}[seat]
        for action in legal_actions(state):
            root = _tree(diagram(state, art=ART, seat=viewer, move=action))
            assert _marks(root) == _expected_marks(state, action), str(action)


def test_text_from_strangers_is_drawn_as_text_and_xml_stays_valid():
    names = ("<b>Ada</b> & \x00\x01\ud800 " + "x" * 90, "Bo\u202e\ufffe")
    svg = diagram(STATE, art=ART, names=names, caption="\x07note <script>alert(1)</script> \udfff")
    root = _tree(svg)
    assert "<script" not in svg and "&lt;script&gt;" in svg and "<b>" not in svg
    assert "<b>Ada</b> &  xxx" in root.find(SVG + "desc").text   # the text itself, controls dropped
    svg.encode("utf-8")   # no lone surrogate left
    assert "#@x" in _texts(_tree(diagram(STATE, art=ART, caption="#@x")))
    assert all(len(text) < 60 for text in _texts(root) if "Ada" in text)   # a long name is cut in the picture


def test_every_phase_draws_finished_rounds_and_games_included():
    game, rng = Game.new(seed=11), random.Random(11)
    while game.state.phase != "game_over":
        game = game.play(rng.choice(legal_actions(game.state))) if game.state.phase == PLAY else game.next_round()
    for state in (game.rounds[0].end, game.state):
        for seat in (0, 1, None):
            root = _tree(diagram(state, art=ART, seat=seat))
            assert root.find(SVG + "title").text.endswith(("Round over", "Game over"))


POSITIONS = [state for seed in range(4) for state in _played(seed, 90).rounds[0].positions()[::9]
             if state.phase == PLAY]


@given(index=st.integers(0, len(POSITIONS) - 1), seat=st.sampled_from((0, 1, None)), pick=st.integers(0, 10_000),
       language=st.sampled_from(("en", "fa", "tr")), theme=st.sampled_from(sorted(THEMES)),
       caption=st.text(max_size=300))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_position_seat_move_and_caption_give_a_valid_small_svg(translated_once, index, seat, pick, language,
                                                                    theme, caption):
    state = POSITIONS[index]
    actions = legal_actions(state)
    move = actions[pick % len(actions)]
    svg = diagram(state, art=ART, seat=seat, move=move, language=language, theme=theme, caption=caption)
    root = _tree(svg)
    assert len(svg.encode("utf-8")) <= MAX_BYTES
    assert _marks(root) == _expected_marks(state, move)


@pytest.fixture(scope="module")
def translated_once():
    """The fa and tr catalogs, compiled once for the module (the command's own loader)."""
    pytest.importorskip("babel")
    for language in ("fa", "tr"):
        diagram_cli._load_language(language)


def test_an_illegal_move_is_refused():
    with pytest.raises(IllegalActionError):
        diagram(STATE, art=ART, move=parse_action("sell camel 2"))


def test_the_persian_diagram_is_right_to_left_in_persian_digits(translated):
    svg = diagram(CROWDED, art=ART, seat=None, language="fa", move=legal_actions(CROWDED)[0])
    root = _tree(svg)
    assert root.get("direction") == "rtl"
    texts = _texts(root) + [root.find(SVG + "desc").text, root.find(SVG + "title").text]
    assert all(not re.search(r"[0-9]", text) for text in texts), [t for t in texts if re.search(r"[0-9]", t)]
    assert any(re.search("[۰-۹]", text) for text in texts)
    assert "بازار" in svg
    turkish = diagram(CROWDED, art=ART, language="tr")
    assert _tree(turkish).get("direction") == "ltr" and "Pazar" in turkish


def test_the_diagrams_colours_are_the_tables():
    """The diagram draws with the palette the build writes into the page's CSS (view/palette.py):
    web/app.css itself defines none of its colours, so the two cannot drift apart."""
    from tools.site.palette import MARKER, palette_css
    css = (ROOT / "web" / "app.css").read_text(encoding="utf-8")
    assert css.count(MARKER) == 1
    for name in COLOURS:
        assert not re.search(rf"--{name}:", css), f"web/app.css defines --{name}: the palette is its one place"
    written = palette_css(PALETTE)
    dark_at = written.index("@media (prefers-color-scheme: dark)")
    for theme, part in (("light", written[:dark_at]), ("dark", written[dark_at:])):
        for name, colour in PALETTE[theme].items():
            assert f"--{name}: {colour};" in part, f"{theme} --{name}"
    svg = diagram(STATE, art=ART, theme="dark")
    assert PALETTE["dark"]["felt"] in svg and PALETTE["light"]["felt"] not in svg


def test_the_art_is_the_tables_and_only_what_is_used_is_inlined():
    svg = diagram(STATE, art=ART, seat=0)
    root = _tree(svg)
    symbols = {s.get("id").split("-", 1)[1] for s in root.iter(SVG + "symbol")}
    faces = {g.get("id") for g in root.find(SVG + "defs").findall(SVG + "g")}
    used = {u.get("href")[1:] for u in root.iter(SVG + "use")}
    assert faces <= used, "every card face is placed"
    assert symbols == {href.split("-", 1)[1] for href in used - faces} and "seal" not in symbols
    with pytest.raises(ValueError):
        diagram(STATE, art="<svg/>")


# --- the command -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("diagram")
    record = GAME.to_record_json()
    record["rounds"][0]["notes"] = {"3": "After the third move."}
    puzzle = {"format": "jaipur-puzzle/1", "position": position_to_json(STATE), "question": "What now?",
              "answers": [str(legal_actions(STATE)[0])], "explanation": "Because."}
    paths = {}
    for name, data in (("position", position_to_json(STATE)), ("record", record), ("puzzle", puzzle),
                       ("view", {"format": "jaipur-view/1"}), ("bad-position", {"format": "jaipur-position/1"})):
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(data))
    paths["not-json"] = folder / "not.json"
    paths["not-json"].write_text("{")
    paths["missing"] = folder / "missing.json"
    return paths


def run(capsysbinary, *argv) -> tuple[int, str, str]:
    code = diagram_cli.main(["diagram", *map(str, argv)])
    out, err = capsysbinary.readouterr()
    return code, out.decode(), err.decode()


def test_the_command_writes_the_svg_of_a_position(files, capsysbinary):
    code, out, err = run(capsysbinary, files["position"], "--seat", "0", "--theme", "dark")
    assert code == 0 and err == "" and out.endswith("</svg>\n")
    assert "As Player 1 sees it" in out and _tree(out).get("role") == "img"


def test_the_command_draws_a_records_step_with_its_note(files, capsysbinary):
    code, out, _err = run(capsysbinary, files["record"], "--round", "1", "--at", "3")
    state = GAME.rounds[0].positions()[3]
    assert code == 0 and "After the third move." in _texts(_tree(out))
    assert out == diagram(state, art=ART, names=GAME.players, caption="After the third move.") + "\n"
    code, last, _err = run(capsysbinary, files["record"], "--caption", "")
    assert code == 0 and last == diagram(GAME.state, art=ART, names=GAME.players) + "\n"


def test_the_command_shows_a_puzzle_to_its_solver(files, capsysbinary):
    code, out, _err = run(capsysbinary, files["puzzle"], "--lang", "tr")
    desc = _tree(out).find(SVG + "desc").text
    assert code == 0 and "What now?" in out and "gözünden" in desc
    assert desc.count("gizli") == 1   # the other hand is face down: the solver sees their own view


def test_the_command_marks_a_move(files, capsysbinary):
    action = next(a for a in legal_actions(STATE) if a.kind == "trade")
    code, out, _err = run(capsysbinary, files["position"], "--move", str(action))
    assert code == 0 and _marks(_tree(out)) == _expected_marks(STATE, action)


BAD = [
    ("missing file", ("missing",), "cannot read"),
    ("not JSON", ("not-json",), "is not valid JSON"),
    ("a view", ("view",), "format: expected jaipur-position/1, jaipur-game/1 or jaipur-puzzle/1"),
    ("a refused position", ("bad-position",), "invalid position: phase: missing"),
    ("--round of a position", ("position", "--round", "1"), "--round and --at choose a step of a game record"),
    ("--at of a puzzle", ("puzzle", "--at", "0"), "--round and --at choose a step"),
    ("round out of range", ("record", "--round", "2"), "--round: the record has rounds 1 to 1, not 2"),
    ("step out of range", ("record", "--at", "99"), "--at: round 1 has steps 0 to"),
    ("--at not a number", ("record", "--at", "x"), "not an integer"),
    ("illegal move", ("position", "--move", "sell camel 2"), "--move: illegal action 'sell camel 2'"),
    ("not a move", ("position", "--move", "take camel"), "--move: 'take camel': to take the camels, write 'camels'"),
    ("not an action", ("position", "--move", "fly away"), "--move: 'fly away' is not an action (take GOOD,"),
    ("bad seat", ("position", "--seat", "2"), "invalid choice"),
    ("bad language", ("position", "--lang", "de"), "invalid choice"),
    ("bad theme", ("position", "--theme", "blue"), "invalid choice"),
    ("caption too long", ("position", "--caption", "x" * 2001), "--caption: 2,001 characters, the limit is 2,000"),
    ("no file", (), "the following arguments are required"),
]


@pytest.mark.parametrize("name, argv, message", BAD, ids=[case[0] for case in BAD])
def test_bad_input_is_one_line_and_exit_2(files, capsysbinary, name, argv, message):
    argv = tuple(files.get(arg, arg) if isinstance(arg, str) else arg for arg in argv)
    code, out, err = run(capsysbinary, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert message in err, err


def test_python_m_pyscript_app_runs_the_command(files):
    done = subprocess.run([sys.executable, "-m", "pyscript_app", "diagram", str(files["position"]), "--lang", "fa"],
                          capture_output=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout.decode().startswith("<svg") and b"rtl" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "pyscript_app", "diagram", "-"], input=b"[]",
                         capture_output=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count(b"\n") == 1


def test_formats_md_describes_the_command_and_every_option():
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    heading = "### `diagram`"
    assert heading in text.splitlines()
    body = text.split(heading, 1)[1].split("\n#", 1)[0]
    command = diagram_cli.build_parser()._subparsers._group_actions[0].choices["diagram"]  # type: ignore[union-attr]
    for action in command._actions:
        for option in action.option_strings:
            if option not in ("-h", "--help"):
                assert option in body, option
        for choice in action.choices or ():
            assert f"{choice}" in body, choice


def test_a_record_step_leaves_the_input_untouched(files):
    data = json.loads(files["record"].read_text())
    before = copy.deepcopy(data)
    Game.from_record_json(data)
    assert data == before


# --- measured width: nothing cut at the edge, in every language and both layouts ----------------

def _overflowing(svg: str) -> list[str]:
    """The lines whose measured extent (blog/text_width.py: the widest font that may draw them)
    leaves the picture's width, given their anchor and the picture's direction, or a card face's
    name its card (a face is drawn once in <defs>, at 0,0)."""
    from pyscript_app.blog.text_width import width
    root = _tree(svg)
    rtl = root.get("direction") == "rtl"
    out = []
    defined = {face.get("id"): face for face in root.find(SVG + "defs").findall(SVG + "g")}

    def face_width(face) -> float:   # a face's own box, or the box of the face it places
        for child in face:
            if child.get("width"):
                return float(child.get("width"))
            if child.tag == SVG + "use" and child.get("href")[1:] in defined:
                return face_width(defined[child.get("href")[1:]])
        raise AssertionError(ET.tostring(face))
    faces = [(face, face_width(face)) for face in defined.values()]
    in_faces = {id(text) for face, _w in faces for text in face.iter(SVG + "text")}
    for element, picture_width in [(root, float(root.get("viewBox").split()[2]))] + faces:
        out += _lines_outside(element, picture_width, rtl, in_faces if element is root else set(), width)
    return out


def _lines_outside(root, picture_width: float, rtl: bool, skip: set, width) -> list[str]:
    out = []
    for text in root.iter(SVG + "text"):
        if id(text) in skip:
            continue
        content = "".join(text.itertext())
        size = float(text.get("font-size"))
        bold = text.get("font-weight") == "700"
        wide = float(text.get("textLength") or 0) or sum(
            width(part.text or "", size, bold or part.get("font-weight") == "700") + width(part.tail or "", size, bold)
            for part in text) + width(text.text or "", size, bold)
        x, anchor = float(text.get("x")), text.get("text-anchor")
        if anchor == "middle":
            left = x - wide / 2
        elif (anchor == "end") != rtl:
            left = x - wide   # an end-anchored line (or a start-anchored one right to left) ends at x
        else:
            left = x
        if left < -0.5 or left + wide > picture_width + 0.5:
            out.append(f"{content!r} at {x} ({anchor}): {left:.1f}..{left + wide:.1f} of {picture_width}")
    return out


LONG_CAPTION = ("Why not the camels? With three in the market the herd would grow to eight, and the "
                "next player could not take them back; but the gold is the last one before the deck runs "
                "short, and leaving it gives the other side a sale of three golds with a bonus token. "
                "Compare both lines: 'camels' first, then 'take gold', counting the tokens left on each pile, "
                "and the cards the deck still holds for the last two turns.")


@pytest.mark.parametrize("layout", ("wide", "narrow"))
@pytest.mark.parametrize("language", ("en", "fa", "tr"))
def test_a_400_character_caption_and_a_long_trade_stay_inside_the_picture(translated_once, language, layout):
    assert len(LONG_CAPTION) >= 400
    move = max(legal_actions(CROWDED), key=lambda action: len(str(action)))
    names = ("Ada Augusta King, Countess of Lovelace", "Bo " + "W" * 40)
    for seat in (0, 1, None):
        svg = diagram(CROWDED, art=ART, seat=seat, move=move, names=names, language=language, caption=LONG_CAPTION,
                      layout=layout)
        assert _overflowing(svg) == []
        caption_lines = ["".join(text.itertext()) for text in _tree(svg).iter(SVG + "text")
                         if text.get("font-size") == "15"]
        assert all(line[0] == "\u2068" and line[-1] == "\u2069" for line in caption_lines)   # each line isolated
        assert " ".join(line[1:-1] for line in caption_lines) == LONG_CAPTION   # wrapped between words, nothing lost


def test_the_check_of_the_edges_can_fail():
    svg = diagram(STATE, art=ART, caption="short")
    assert _overflowing(svg.replace("short", "W" * 60)) != []


def test_an_english_caption_in_a_persian_picture_keeps_its_direction(translated_once):
    svg = diagram(STATE, art=ART, language="fa", names=("Ada", "Bo"), caption="Take the camels.")
    assert "\u2068Take the camels.\u2069" in svg   # isolated: its full stop stays at its end
    assert "\u2068Ada\u2069" in svg   # a name inside a Persian sentence, isolated too
    assert "\u2068" not in _tree(svg).find(SVG + "desc").text   # the words read aloud are left as they are


def test_a_round_over_picture_says_the_rounds_result():
    game, rng = Game.new(seed=11), random.Random(11)
    while game.state.phase == PLAY:
        game = game.play(rng.choice(legal_actions(game.state)))
    state = game.state
    result = state.round_result
    for seat in (0, 1, None):
        for layout in ("wide", "narrow"):
            root = _tree(diagram(state, art=ART, seat=seat, names=("Ada", "Bo"), layout=layout))
            said = " ".join(_texts(root))
            assert f"Ada {result.scores[0]}" in said and f"Bo {result.scores[1]}" in said, said
            assert "Round 1 is over" in root.find(SVG + "desc").text


def test_the_narrow_layout_keeps_every_word_at_least_12_units_and_every_card_name_under_its_card(translated_once):
    from pyscript_app.blog import diagram as drawing
    from pyscript_app.blog.text_width import width
    from pyscript_app.words.messages import card_name, speaking
    for language in ("en", "fa", "tr"):
        svg = diagram(CROWDED, art=ART, seat=None, language=language, layout="narrow")
        root = _tree(svg)
        assert root.get("viewBox").split()[2] == str(drawing.NARROW.width)
        assert all(float(text.get("font-size")) >= drawing.NARROW_TEXT for text in root.iter(SVG + "text"))
        with speaking(language):
            names = [card_name(card) for card in range(7)]
        room = drawing.NARROW.card_step - 2
        assert all(width(name, drawing.NARROW_TEXT) <= room * drawing.SQUEEZE for name in names), names


@pytest.mark.parametrize("seat", (0, 1))
def test_the_narrow_layout_hides_the_other_hand_too(seat):
    for state in (STATE, CROWDED):
        changed = _swap_hidden(state, 1 - seat)
        if changed is not None:
            assert diagram(changed, art=ART, seat=seat, layout="narrow") == diagram(state, art=ART, seat=seat,
                                                                                     layout="narrow")


# --- --output: written only when whole ---------------------------------------------------------

def test_output_writes_the_same_picture_into_the_file(files, capsysbinary, tmp_path):
    target = tmp_path / "picture.svg"
    code, out, err = run(capsysbinary, files["position"], "--seat", "0", "--output", target)
    assert code == 0 and out == "" and err == ""
    _code, printed, _err = run(capsysbinary, files["position"], "--seat", "0")
    assert target.read_text(encoding="utf-8") == printed
    assert [path.name for path in tmp_path.iterdir()] == ["picture.svg"]   # no temporary file left


def test_bad_input_leaves_the_output_file_as_it_was(files, capsysbinary, tmp_path):
    target = tmp_path / "picture.svg"
    code, _out, _err = run(capsysbinary, files["position"], "--move", "fly away", "--output", target)
    assert code == 2 and not target.exists() and list(tmp_path.iterdir()) == []   # no empty file
    target.write_text("the old picture")
    code, _out, err = run(capsysbinary, files["not-json"], "--output", target)
    assert code == 2 and target.read_text() == "the old picture" and err.count("\n") == 1
    code, _out, err = run(capsysbinary, files["position"], "--output", tmp_path / "missing" / "x.svg")
    assert code == 2 and err.startswith("error: --output: cannot write") and err.count("\n") == 1


def test_an_illegal_move_is_refused_without_naming_cards_the_seat_cannot_see(files, capsysbinary, tmp_path):
    mover = STATE.to_move
    good = next(g for g in range(3) if STATE.hands[mover][g] < 3)   # a precious good the mover lacks 3 of
    sale = f"sell {('diamond', 'gold', 'silver')[good]} 3"
    code, _out, err = run(capsysbinary, files["position"], "--seat", str(1 - mover), "--move", sale)
    assert code == 2 and "face down from seat" in err and "You have" not in err and " only " not in err, err
    for seat in (str(mover), "open"):
        code, _out, err = run(capsysbinary, files["position"], "--seat", seat, "--move", sale)
        assert code == 2 and "You have" in err, err   # the hand is in the picture: the reason is said whole
    code, _out, err = run(capsysbinary, files["position"], "--seat", str(1 - mover), "--move", "sell camel 2")
    assert code == 2 and "Camels cannot be sold" in err   # a reason about no hidden card is said whole
