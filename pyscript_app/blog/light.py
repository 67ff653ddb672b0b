"""The light embeds' common parts, and the light picture (issue 40): HTML a blog author pastes into
a post, drawn ahead by the diagram code, that needs no interpreter in the reader's browser. Pure.

    light_picture(state, art=ART, seat=0, names=("Ada", "Bo"), language="fa", theme="dark",
                  caption="…", page_url="https://example.org/jaipur/") -> "<figure …>…</figure>"

A fragment is one <figure class="jaipur-light"> holding its own <style> (the same text in every
fragment: the colours are custom properties on the figure), the drawing twice (the wide layout and
the narrow one, a container query shows one: below 480 px the narrow), its words, and for a replay
or a puzzle the light script (web/light/light.js, passed in as `script`, inlined: it fetches
nothing, so a post opened from file:// works too). Every id in it starts with the fragment's own
prefix (a hash of what it shows), so two fragments on one page never share one.

The replay is blog/light_replay.py, the puzzle blog/light_puzzle.py; the picture has no script.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from jaipur_core import GameState
from jaipur_core.share import page_link, position_fragment

from ..view.palette import PALETTE
from ..words.languages import LANGUAGES
from ..words.messages import _, speaking
from . import diagram
from . import diagram_words as words
from .scene import Scene, scene_of

CLASS = "jaipur-light"
SCRIPT_LIMIT = 10 * 1024      # the light script's budget, in bytes
#: the palette's colours the fragment's HTML uses, as custom properties on the figure
COLOURS = ("ink", "ink-soft", "paper", "surface", "line", "accent", "accent-ink", "focus", "ok-bg", "ok-ink",
           "error-bg", "error-ink")

STYLE = """.jaipur-light{box-sizing:border-box;margin:0 0 1.5em;padding:8px;max-width:100%;min-width:0;\
container-type:inline-size;background:var(--jl-paper);color:var(--jl-ink);border-radius:12px;\
font:15px/1.45 system-ui,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere;text-align:start}
.jaipur-light *{box-sizing:border-box}
.jaipur-light [hidden]{display:none!important}
.jaipur-light .jl-pic{max-width:600px;border-radius:12px}
.jaipur-light svg{display:block;width:100%;height:auto}
.jaipur-light .jl-n{display:none;max-width:480px}
@container (max-width:479.98px){.jaipur-light .jl-w{display:none}.jaipur-light .jl-n{display:block}}
.jaipur-light p,.jaipur-light ol,.jaipur-light ul{margin:.4em 0}
.jaipur-light .jl-note,.jaipur-light .jl-t{white-space:pre-wrap}
.jaipur-light .jl-soft{color:var(--jl-ink-soft)}
.jaipur-light button{font:inherit;font-size:14px;line-height:1.2;margin:0;padding:.4em .7em;min-height:32px;\
border:var(--jl-line) 1px solid;border-radius:8px;background:var(--jl-surface);color:var(--jl-ink);cursor:pointer}
.jaipur-light button:disabled{opacity:.6;cursor:default}
.jaipur-light button[aria-pressed=true]{background:var(--jl-accent);color:var(--jl-accent-ink)}
.jaipur-light :focus-visible{outline:var(--jl-focus) 3px solid;outline-offset:2px}
.jaipur-light .jl-bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:.5em 0}
.jaipur-light .jl-choices{margin:.5em 0;padding:0;border:0;min-width:0}
.jaipur-light .jl-choices legend{padding:0;margin-bottom:.3em;font-weight:700}
.jaipur-light a{color:var(--jl-accent)}
.jaipur-light ol{padding:0;list-style:none}
.jaipur-light li{margin:.15em 0}
.jaipur-light li[aria-current]{font-weight:700}
.jaipur-light .jl-verdict{padding:.3em .6em;border-radius:8px}
.jaipur-light .jl-verdict[data-verdict=right]{background:var(--jl-ok-bg);color:var(--jl-ok-ink)}
.jaipur-light .jl-verdict[data-verdict=wrong]{background:var(--jl-error-bg);color:var(--jl-error-ink)}
.jaipur-light iframe{display:block;width:100%;max-width:760px;height:640px;border:0}
.jaipur-light figcaption{margin-top:.4em}"""


def escape(text: str) -> str:
    """Text from anywhere as HTML text or an attribute's value: escaped (quotes too), and without
    the characters a document cannot hold."""
    return diagram.escape(text)


def fragment_id(kind: str, *parts: object) -> str:
    """The fragment's own prefix for its ids: "jl" and a hash of what it shows and how."""
    text = "|".join(map(str, (kind, *parts)))
    return "jl" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def check(language: str, theme: str, caption: str, script: str | None = None) -> None:
    """ValueError for an unknown language or theme, a caption over the limit, or a script that is
    over its budget or could end the <script> element it is put in."""
    diagram.check_options(language, theme, caption)
    if script is not None and (len(script.encode("utf-8")) > SCRIPT_LIMIT or "</script" in script.lower()):
        raise ValueError(len(script.encode("utf-8")), SCRIPT_LIMIT)   # over its budget, or it holds "</script"


def figure(kind: str, prefix: str, *, language: str, theme: str, attributes: str, body: str,
           script: str | None = None) -> str:
    """The <figure> of a light embed: its style, its colours, its direction, the body and the script."""
    colours = ";".join(f"--jl-{name}:{PALETTE[theme][name]}" for name in COLOURS)
    direction = LANGUAGES[language][1]
    tail = "" if script is None else f"<script>{script}</script>"
    return (f'<figure class="{CLASS}" id="{prefix}" data-light="{kind}" lang="{language}" dir="{direction}" '
            f'style="{colours}" {attributes}><style>{STYLE}</style>{body}{tail}</figure>')


def drawing(scenes: Sequence[Scene], *, art: str, language: str, theme: str, prefix: str, shown: int = 0,
            labelled_by: str | None = None) -> str:
    """Both layouts of a drawing of `scenes` (one, or the steps of a replay), step `shown` visible.

    Each layout is one <svg>: the card faces and symbols once in its <defs>, and every distinct
    element of every step's picture (blog/diagram.py's `Picture.parts`) once: step `shown`'s, in
    the order it paints them, in <g data-shown>, all the others in <g data-rest display="none">.
    Numbered in that order, a step's elements painted in the order of their numbers paint it as
    its own picture does (an element new to a later step comes later: the herd's next card lies
    on the one before). `data-steps` says each step by what changes from the step before: the
    numbers (base 36) of the elements it adds and, after "-", of those it takes away, steps apart
    by ";" (the light script rebuilds each step from them). One scene: its title and whole
    description in words (role="img"); several: labelled by the element `labelled_by` (the step
    said in words, which the script keeps up to date)."""
    out = []
    for layout in (diagram.WIDE, diagram.NARROW):
        defs = diagram.Defs(f"{prefix}{layout.name[0]}", PALETTE[theme])
        drawn = [diagram.picture(scene, defs, layout=layout, rtl=diagram.rtl(language)) for scene in scenes]
        number: dict[str, int] = {}
        for picture in (drawn[shown], *drawn):
            for part in picture.parts:
                number.setdefault(part, len(number))
        steps = [{number[part] for part in picture.parts} for picture in drawn]
        elements = list(number)
        visible = steps[shown]
        body = (f'<g data-shown="">{"".join(elements[i] for i in sorted(visible))}</g>'
                f'<g data-rest="" display="none">{"".join(e for i, e in enumerate(elements) if i not in visible)}</g>')
        if len(scenes) == 1:
            head = (f'<title id="{defs.prefix}-t">{escape(words.title(scenes[0]))}</title>'
                    f'<desc id="{defs.prefix}-d">{escape(words.description(scenes[0], None))}</desc>')
            aria = f'role="img" aria-labelledby="{defs.prefix}-t {defs.prefix}-d"'
        else:
            head = ""
            aria = f'role="img" aria-labelledby="{labelled_by}" data-steps="{_changes(steps)}"'
        height = max(picture.height for picture in drawn)
        out.append(diagram.svg(layout, height, language=language, defs=defs, art=art, head=head,
                               attributes=f'class="jl-{layout.name[0]}" {aria}', body=body))
    return "".join(out)


def _changes(steps: Sequence[set[int]]) -> str:
    """Each step as the elements it adds and ("-") takes away from the step before."""
    said: list[str] = []
    before: set[int] = set()
    for step in steps:
        said.append(" ".join([_base36(i) for i in sorted(step - before)]
                             + ["-" + _base36(i) for i in sorted(before - step)]))
        before = step
    return ";".join(said)


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text


def plain_link(page_url: str, fragment: str, language: str) -> str:
    """The site's game page (index.html) opening `fragment`, in `language` (as the maker's plain link)."""
    return page_link(page_url, "index", fragment).replace("#", f"?lang={language}#", 1)


def caption_html(caption: str, link: str = "") -> str:
    """The <figcaption>: the caption (isolated: its own direction) and a plain link, or nothing."""
    said = f'<span dir="auto">{escape(caption)}</span>' if caption else ""
    linked = f' <a href="{escape(link)}">{escape(_("embed-plain-link"))}</a>' if link else ""
    return f"<figcaption>{said}{linked}</figcaption>" if said or linked else ""


def light_picture(state: GameState, *, art: str, seat: int | None = None, names=("", ""), language: str = "en",
                  theme: str = "light", caption: str = "", page_url: str = "") -> str:
    """A position as a light picture: both layouts, the caption, and (with the site's address)
    a plain link that opens it on the game's page. No script."""
    check(language, theme, caption)
    with speaking(language):
        scene = scene_of(state, seat, diagram.default_names(names))
        prefix = fragment_id("picture", position_fragment(state), seat, names, language, theme, caption)
        link = plain_link(page_url, position_fragment(state), language) if page_url else ""
        body = (f'<div class="jl-pic">{drawing([scene], art=art, language=language, theme=theme, prefix=prefix)}'
                f"</div>{caption_html(caption, link)}")
        return figure("picture", prefix, language=language, theme=theme, attributes='data-testid="light-picture"',
                      body=body)
