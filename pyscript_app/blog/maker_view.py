"""The Link panel's embed maker and Diagram button (issue 28, items 1 and 4). Pure, like view/render.py.

The author picks a frame size, the kind (the interactive table, or a diagram only), language,
theme, viewpoint, the replay's first step, the last move marked and a caption; the panel shows
the snippet (`embed-snippet`) with its Copy button and a preview: the diagram itself, or on
request the frame (it boots a second game, so it is not started by merely opening the panel),
drawn at its real size and scaled down to the panel by CSS (`.embed-preview-<preset>`).
"""

from __future__ import annotations

from ..app.controls import Button
from ..view.markup import Markup, html, join, say
from ..view.palette import THEMES
from ..words.languages import LANGUAGES
from ..words.messages import number
from ..words.steps import step_said
from . import embed
from .maker_state import KINDS, PRESETS, STARTS, VIEWPOINTS, Maker


def _choice(name: str, value: str, chosen: bool, label) -> Markup:
    return html('<button type="button" class="option" data-action="{action}" data-value="{name}:{value}" '
                'data-testid="maker-{name}-{value}" data-key="maker-{name}-{value}" aria-pressed="{pressed}">'
                '{label}</button>',
                action=Button.MAKER, name=name, value=value, pressed="true" if chosen else "false", label=label)


def _row(label_id: str, choices: Markup) -> Markup:
    return html('<p class="option-row" role="group" aria-label="{label}">{label} {choices}</p>',
                label=say(label_id), choices=choices)


def _options(state, maker: Maker) -> Markup:
    rows = [
        _row("maker-kind", join(_choice("kind", kind, maker.kind == kind, say("maker-kind-" + kind))
                                for kind in KINDS)),
        _row("maker-size", join(_choice("preset", preset, maker.preset == preset,
                                        say("maker-size-" + preset, width=number(w), height=number(h)))
                                for preset, (w, h) in PRESETS.items()))
        if maker.kind == "interactive" else "",
        _row("maker-language", join(_choice("language", code, maker.language == code,
                                            html('<span lang="{code}" dir="{way}">{name}</span>', code=code, way=way,
                                                 name=name))
                                    for code, (name, way, _digits) in LANGUAGES.items())),
        _row("maker-theme", join(_choice("theme", theme, maker.theme == theme, say("maker-theme-" + theme))
                                 for theme in THEMES)),
    ]
    if embed.public(state):
        rows.append(_row("maker-viewpoint", join(_choice("viewpoint", view, maker.viewpoint == view,
                                                         say("maker-viewpoint-" + view)) for view in VIEWPOINTS)))
    if state.share is not None and state.share.game is not None and state.review:
        here_id, here = step_said(state.game, state.review, "maker-start-here")
        words = {"here": say(here_id, at=number(here["at"]), round=number(here["round"])),
                 "first": say("maker-start-first")}
        rows.append(_row("maker-start", join(_choice("start", start, maker.start == start, words[start])
                                             for start in STARTS)))
    highlight = "off" if maker.highlight else "on"
    rows.append(html('<p>{button}</p>', button=html(
        '<button type="button" class="option" data-action="{action}" data-value="highlight:{to}" '
        'data-testid="maker-highlight" data-key="maker-highlight" aria-pressed="{pressed}">{label}</button>',
        action=Button.MAKER, to=highlight, pressed="true" if maker.highlight else "false",
        label=say("maker-highlight"))))
    return join(rows)


def _preview(state, maker: Maker) -> Markup:
    if maker.kind == "diagram":
        why = embed.diagram_refusal(state)
        if why is not None:
            return html('<p data-testid="embed-preview">{text}</p>', text=say(why))
        _name, svg = embed.diagram_of(state, maker)
        # our own drawing (blog/diagram.py escapes every text it draws): trusted as Markup
        return html('<div class="embed-preview embed-preview-diagram" data-testid="embed-preview">{svg}</div>',
                    svg=Markup(svg))
    toggle = html('<button type="button" data-action="{action}" data-value="preview:{to}" '
                  'data-testid="maker-preview" data-key="maker-preview" aria-pressed="{pressed}">{label}</button>',
                  action=Button.MAKER, to="off" if maker.preview else "on",
                  pressed="true" if maker.preview else "false", label=say("maker-preview"))
    if not maker.preview:
        return html('<p>{toggle}</p>', toggle=toggle)
    width, height = PRESETS[maker.preset]
    src, _plain = embed.addresses(state, maker)
    return html('<p>{toggle}</p><div class="embed-preview embed-preview-{preset}" data-testid="embed-preview">'
                '<iframe src="{src}" width="{width}" height="{height}" title="{title}"></iframe></div>',
                toggle=toggle, preset=maker.preset, src=src, width=width, height=height,
                title=say("maker-preview-title"))


def maker_section(state) -> Markup:
    """The embed maker and the Diagram button, in the Link panel (nothing before a game is on the table)."""
    if state.line is None or state.share is None:
        return Markup("")
    maker = state.maker
    drawable = maker.kind == "interactive" or embed.diagram_refusal(state) is None
    snippet = embed.snippet(state, maker) if drawable else ""
    caption = html('<label class="share-field">{label} <textarea rows="2" data-field="caption" dir="auto" '
                   'data-testid="maker-caption" data-key="maker-caption">{text}</textarea></label>',
                   label=say("maker-caption"), text=maker.caption)
    field = html('<label class="share-field">{label} <textarea readonly rows="5" class="embed-snippet" '
                 'dir="ltr" data-testid="embed-snippet" data-key="embed-snippet">{text}</textarea></label>',
                 label=say("maker-snippet"), text=snippet)
    buttons = html('<p>{copy} {diagram}</p>',
                   copy=html('<button type="button" class="primary" data-action="{action}" '
                             'data-testid="copy-snippet" data-key="copy-snippet">{label}</button>',
                             action=Button.COPY_SNIPPET, label=say("maker-copy")),
                   diagram=diagram_button())
    return html('<section class="embed-maker" data-testid="embed-maker" aria-labelledby="embed-maker-title">'
                '<h3 id="embed-maker-title">{title}</h3><p>{about}</p>{options}{caption}{preview}{field}{buttons}'
                '</section>',
                title=say("maker-title"), about=say("maker-about"), options=_options(state, maker),
                caption=caption, preview=_preview(state, maker), field=field, buttons=buttons)


def diagram_button() -> Markup:
    return html('<button type="button" data-action="{action}" data-testid="diagram-download" '
                'data-key="diagram-download">{label}</button>', action=Button.DIAGRAM, label=say("diagram-download"))
