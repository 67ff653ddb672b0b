"""The light replay (issue 40, item 1): an annotated record as one HTML fragment, every step drawn
ahead by the diagram code (pyscript_app/blog/light_replay.py), and the light picture of a position
(blog/light.py). What a reader's browser does with them is tests/e2e/test_light_embeds.py."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from jaipur_core import GOODS, Game
from jaipur_core.share import parse_fragment, split_step
from pyscript_app.blog import diagram, light, light_replay
from pyscript_app.blog.scene import scene_of
from tests.e2e import records

ROOT = Path(__file__).resolve().parent.parent
ART = (ROOT / "web" / "art" / "cards.svg").read_text(encoding="utf-8")
SCRIPT = (ROOT / "web" / "light" / "light.js").read_text(encoding="utf-8")
SVG = "{http://www.w3.org/2000/svg}"
SITE = "https://example.org/games/jaipur/"
CARD_KEYS = diagram.CARD_KEYS
HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)"> & "quotes" \x00\x07'


def annotated(steps: int = 90, seed: int = 1, note: str = "Why this move: {at}.") -> Game:
    """A real game (easy against easy, tests/e2e/records.py) cut to `steps` review steps, a note at
    every step, a title and an author."""
    whole = records.game_cut_short(seed, 0)
    data = whole.to_record_json()
    left = steps
    rounds = []
    for played in data["rounds"]:
        if left <= 0:
            break
        played["actions"] = played["actions"][:left - 1]
        left -= len(played["actions"]) + 1
        played["notes"] = {str(at): note.format(at=at) for at in range(len(played["actions"]) + 1)}
        rounds.append(played)
    data["rounds"] = rounds
    data["title"], data["author"] = "A first game, annotated", "Ada"
    game = Game.from_record_json(data)
    assert len(game.steps()) == steps
    return game


GAME = annotated()


@pytest.fixture(scope="module")
def fragment() -> str:
    return light_replay.light_replay(GAME, art=ART, script=SCRIPT, step=5, page_url=SITE + "index.html")


class Parsed(HTMLParser):
    """A fragment's elements: (tag, attributes) in order, and the text of each tag kind."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.texts: dict[str, list[str]] = {}
        self.open: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            while self.open.pop() != tag:
                pass

    def handle_data(self, data):
        if self.open:
            self.texts.setdefault(self.open[-1], []).append(data)

    def ids(self) -> list[str]:
        return [attrs["id"] for _tag, attrs in self.elements if "id" in attrs]

    def find(self, **wanted) -> list[dict]:
        return [attrs for _tag, attrs in self.elements if all(attrs.get(k) == v for k, v in wanted.items())]


def svgs(fragment: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in re.findall(r"<svg .*?</svg>", fragment, re.S)]


def steps_of(svg: ET.Element) -> list[list[str]]:
    """Each step's elements (their SVG text, in paint order), rebuilt from data-steps as the light
    script rebuilds them."""
    shown, rest = svg.find(SVG + "g[@data-shown]"), svg.find(SVG + "g[@data-rest]")
    numbered = [ET.tostring(element, encoding="unicode") for element in [*shown, *rest]]
    now: set[int] = set()
    out = []
    for changes in svg.get("data-steps").split(";"):
        for change in changes.split():
            (now.discard if change[0] == "-" else now.add)(int(change.lstrip("-"), 36))
        out.append([numbered[i] for i in sorted(now)])
    return out


def drawn(scene, layout, prefix: str, theme: str = "light", language: str = "en") -> list[str]:
    """The elements blog/diagram.py draws for `scene`, as ElementTree writes them back."""
    picture = diagram.picture(scene, diagram.Defs(prefix, diagram.PALETTE[theme]), layout=layout,
                              rtl=diagram.rtl(language))
    wrapped = f'<g xmlns="http://www.w3.org/2000/svg">{"".join(picture.parts)}</g>'
    return [ET.tostring(element, encoding="unicode") for element in ET.fromstring(wrapped)]


def _overlapping_in_order(elements: list[str], picture: list[str], layout) -> bool:
    """Cards that overlap (the herd's) are painted in the picture's order."""
    def box(element):
        found = re.search(r'href="#[^"]*_\w+" x="([\d.-]+)" y="([\d.-]+)"', element)
        return (float(found.group(1)), float(found.group(2))) if found else None
    cards = [(element, box(element)) for element in picture if box(element)]
    for i, (first, (x1, y1)) in enumerate(cards):
        for second, (x2, y2) in cards[i + 1:]:
            if y1 == y2 and abs(x1 - x2) < layout.card_w and elements.index(first) > elements.index(second):
                return False
    return True


def faces(svg: ET.Element) -> dict[str, str]:
    """A card face's id -> its card ("back" for a card's back), through the stacks of the narrow layout."""
    defined = {g.get("id"): g for g in svg.find(SVG + "defs").findall(SVG + "g")}

    def card_of(face) -> str:
        for use in face.iter(SVG + "use"):
            target = use.get("href")[1:]
            if target in defined:
                return card_of(defined[target])
            return target.split("-", 1)[1]
        raise AssertionError(ET.tostring(face))
    return {name: card_of(face) for name, face in defined.items()}


def cards_in(elements: list[str], names: dict[str, str]) -> Counter:
    """The card faces the elements place (a wide drawing: one <use> a card)."""
    found: Counter = Counter()
    for element in elements:
        match = re.match(r'<ns0:use xmlns:ns0="[^"]+" href="#([^"]+)"', element) or re.match(
            r'<use href="#([^"]+)"', element)
        if match and match.group(1) in names:
            found[names[match.group(1)]] += 1
    return found


# --- the fragment ---------------------------------------------------------------------------------

def test_the_fragment_is_one_figure_with_its_style_its_script_and_the_hooks(fragment):
    parsed = Parsed(fragment)
    assert fragment.startswith('<figure class="jaipur-light"') and fragment.endswith("</figure>")
    figure = parsed.find(**{"data-testid": "light-replay"})[0]
    index, at = GAME.step_place(5)
    assert (figure["data-step"], figure["data-round"], figure["data-at"]) == ("5", str(index + 1), str(at))
    assert figure["lang"] == "en" and figure["dir"] == "ltr" and figure["id"].startswith("jl")
    assert fragment.count("<script>") == 1 and fragment.count("<style>") == 1
    assert [tag for tag, _attrs in parsed.elements].count("svg") == 2   # the wide and the narrow layout
    for test_id in ("light-next", "light-prev", "light-note", "light-play-on"):
        assert parsed.find(**{"data-testid": test_id}), test_id
    assert "A first game, annotated" in parsed.texts["cite"] and "by \u2068Ada\u2069" in "".join(parsed.texts["span"])


def test_every_step_is_drawn_by_the_diagram_code_and_the_chosen_one_shows_without_a_script(fragment):
    scenes = [scene_of(after, None, GAME.players) for _r, _a, _b, after in GAME.steps()]
    for svg, layout in zip(svgs(fragment), (diagram.WIDE, diagram.NARROW), strict=True):
        prefix = svg.find(SVG + "defs")[0].get("id").rsplit("-", 1)[0]
        rebuilt = steps_of(svg)
        assert len(rebuilt) == len(scenes) == 90
        for step, scene in enumerate(scenes):
            picture = drawn(scene, layout, prefix)
            assert sorted(rebuilt[step]) == sorted(picture), step
            assert _overlapping_in_order(rebuilt[step], picture, layout), step
        shown = [ET.tostring(element, encoding="unicode") for element in svg.find(SVG + "g[@data-shown]")]
        assert shown == rebuilt[5] == drawn(scenes[5], layout, prefix)   # without a script: step 5, as drawn
        assert svg.find(SVG + "g[@data-rest]").get("display") == "none"


@pytest.mark.parametrize("seat", (0, 1, None))
def test_each_steps_cards_are_the_real_ones_and_from_a_seat_the_other_hand_stays_face_down(seat):
    fragment = light_replay.light_replay(GAME, art=ART, script=SCRIPT, seat=seat)
    wide = svgs(fragment)[0]
    names = faces(wide)
    rebuilt = steps_of(wide)
    for step, (_round, _action, _before, state) in enumerate(GAME.steps()):
        seen = cards_in(rebuilt[step], names)
        expected: Counter = Counter()
        for card in range(7):
            expected[CARD_KEYS[card]] += state.market[card]
        for player in (0, 1):
            expected["camel"] += state.herds[player]
            if seat is None or seat == player:
                for good in GOODS:
                    expected[CARD_KEYS[good]] += state.hands[player][good]
            else:
                expected["back"] += state.hand_size(player)
        if state.discard:
            expected[CARD_KEYS[state.discard[-1]]] += 1
        expected["back"] += 1 if state.deck else 0
        assert +seen == +expected, (step, seen, expected)
    assert "'s hand: " not in fragment   # no step's hands in words (a replay says the moves: public facts)
    if seat is not None:
        other = 1 - seat
        _round, _action, _before, state = GAME.steps()[10]
        assert cards_in(rebuilt[10], names)["back"] == state.hand_size(other) + (1 if state.deck else 0)


def test_the_words_of_every_step_its_note_and_the_whole_game_as_text(fragment):
    parsed = Parsed(fragment)
    items = [attrs for tag, attrs in parsed.elements if tag == "li"]
    assert len(items) == 90
    for step, item in enumerate(items):
        index, at = GAME.step_place(step)
        assert (item["data-round"], item["data-at"]) == (str(index + 1), str(at))
    log = re.search(r"<ol>(.*)</ol>", fragment, re.S).group(1)
    assert log.count("Why this move:") == 90 and "Round 1: \u2068Player 1\u2069 starts." in log   # names isolated
    assert "<b>1.</b> " in log and f"<b>{GAME.actions_played}.</b> " in log   # numbered as the page counts
    assert "Round 1 is over" in log   # the round's result, at its end
    assert '<details class="jl-log" open>' in fragment   # without a script: the whole game, open
    assert 'class="jl-bar" hidden' in fragment           # and no buttons that could not work
    note = parsed.find(**{"data-testid": "light-note"})[0]
    assert "hidden" not in note and "Why this move: " in "".join(parsed.texts["p"])


def test_play_from_here_opens_the_game_at_the_step_shown(fragment):
    link = Parsed(fragment).find(**{"data-testid": "light-play-on"})[0]
    assert link["target"] == "_blank" and "noopener" in link["rel"]
    address = urlsplit(link["href"])
    assert f"{address.scheme}://{address.netloc}{address.path}" == SITE + "index.html" and address.query == "lang=en"
    code, step = split_step(address.fragment)
    kind, game = parse_fragment(code)
    assert kind == "game" and game.to_record_json() == GAME.to_record_json()
    assert step.review_step(game) == 5 and link["href"] == link["data-base"] + address.fragment[len(code):]


def test_hostile_notes_names_and_titles_stay_text():
    data = GAME.to_record_json()
    data["players"] = ["<b>Ada</b>", HOSTILE[:90]]
    data["title"], data["author"] = HOSTILE[:150], "</cite><script>x</script>"
    data["rounds"][0]["notes"] = {"0": HOSTILE, "3": "<!-- " + HOSTILE}
    game = Game.from_record_json(data)
    fragment = light_replay.light_replay(game, art=ART, script=SCRIPT, page_url=SITE)
    parsed = Parsed(fragment)
    tags = [tag for tag, _attrs in parsed.elements]
    assert tags.count("script") == 1 and "img" not in tags and tags.count("cite") == 1 and "b" in tags
    assert not any(name.startswith("on") for _tag, attrs in parsed.elements for name in attrs)
    assert "\x00" not in fragment and "<!-- " not in fragment
    assert HOSTILE.replace("\x00", "").replace("\x07", "") in "".join(parsed.texts.get("p", []))
    for svg in svgs(fragment):   # the pictures stay valid XML with the names in them as text
        assert svg.tag == SVG + "svg"


def test_two_fragments_on_one_page_never_share_an_id():
    one = light_replay.light_replay(GAME, art=ART, script=SCRIPT)
    other = light_replay.light_replay(annotated(40, seed=2), art=ART, script=SCRIPT, language="en", theme="dark")
    same_game_other_step = light_replay.light_replay(GAME, art=ART, script=SCRIPT, step=3)
    picture = light.light_picture(GAME.state, art=ART)
    seen: list[str] = []
    for fragment in (one, other, same_game_other_step, picture):
        ids = Parsed(fragment).ids()   # the HTML's and the pictures' (the parser reads both)
        assert len(ids) > 20
        prefix = Parsed(fragment).elements[0][1]["id"]
        assert all(name.startswith(prefix) for name in ids) and len(ids) == len(set(ids))
        references = re.findall(r'(?:href="#|aria-labelledby=")([^"]+)"', fragment)
        assert {name for reference in references for name in reference.split()} <= set(ids)
        seen += ids
    assert len(seen) == len(set(seen))


def test_sizes_a_90_step_annotated_replay_stays_within_its_budget(fragment):
    raw = fragment.encode("utf-8")
    assert len(raw) <= 150 * 1024 and len(gzip.compress(raw)) <= 40 * 1024, (len(raw), len(gzip.compress(raw)))
    assert len(SCRIPT.encode("utf-8")) <= light.SCRIPT_LIMIT
    persian = light_replay.light_replay(annotated(90, seed=2, note="چرا این حرکت: {at}."), art=ART, script=SCRIPT,
                                        language="fa", seat=0)
    puzzle_sized = 60 * 1024   # a light puzzle with its many choices (test_light_puzzle) stays under this
    assert len(raw) + len(persian.encode("utf-8")) + puzzle_sized <= 300 * 1024


def test_a_replay_in_persian_is_right_to_left_with_persian_digits(translated):
    fragment = light_replay.light_replay(GAME, art=ART, script=SCRIPT, language="fa")
    figure = Parsed(fragment).elements[0][1]
    assert figure["dir"] == "rtl" and figure["lang"] == "fa"
    log = re.search(r"<ol>(.*)</ol>", fragment, re.S).group(1)
    assert "<b>۱.</b>" in log and not re.search(r"<b>[0-9]+\.</b>", log)


def test_bad_options_are_refused():
    for options in ({"step": 90}, {"step": -1}, {"language": "de"}, {"theme": "blue"}, {"caption": "x" * 2001}):
        with pytest.raises(ValueError):
            light_replay.light_replay(GAME, art=ART, script=SCRIPT, **options)
    with pytest.raises(ValueError):
        light_replay.light_replay(GAME, art=ART, script="x" * (light.SCRIPT_LIMIT + 1))
    with pytest.raises(ValueError):
        light_replay.light_replay(GAME, art=ART, script="a = '</script>';")


# --- the light picture ------------------------------------------------------------------------------

def test_a_light_picture_is_both_layouts_its_words_and_a_plain_link_without_a_script():
    state = GAME.steps()[7][3]
    fragment = light.light_picture(state, art=ART, seat=0, names=("Ada", "Bo"), caption="Take it?",
                                   page_url=SITE)
    parsed = Parsed(fragment)
    assert "<script" not in fragment and parsed.find(**{"data-testid": "light-picture"})
    wide, narrow = svgs(fragment)
    assert wide.get("viewBox").split()[2] == "600" and narrow.get("viewBox").split()[2] == "340"
    assert "Bo's hand: " in wide.find(SVG + "desc").text and "hidden" in wide.find(SVG + "desc").text
    links = [attrs for tag, attrs in parsed.elements if tag == "a"]
    assert len(links) == 1 and links[0]["href"].startswith(SITE + "index.html?lang=en#position=v1.")
    assert "Take it?" in "".join(parsed.texts["span"])
    scene = scene_of(state, 0, ("Ada", "Bo"))
    prefix = wide.find(SVG + "defs")[0].get("id").rsplit("-", 1)[0]
    assert [ET.tostring(e, encoding="unicode") for e in wide.find(SVG + "g[@data-shown]")] == drawn(
        scene, diagram.WIDE, prefix)
