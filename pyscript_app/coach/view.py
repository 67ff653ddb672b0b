"""The computer's analysis in review: whose moves, Analyse / progress and Stop, the mark of the
step shown, and the chart of the chance over the game (issue 29, item 2). Pure, like view/render.py.

A region of its own (`coach`, in the side column after the tools), so that each move judged
redraws only it: the review's step buttons and the author's note field stay the nodes they were.

The chart is an inline SVG: one line per round through the chance of the chart's player after
each judged move (the other player's moves are drawn as one minus theirs), steps on the x axis
(mirrored right to left in a right-to-left language), a "?" over a mistake and "??" over a
blunder. Each point is an HTML button inside the SVG (`foreignObject`), so a click, Enter or
Space jumps the review to its step, with no script of ours and no inline style (the page's CSP).
"""

from __future__ import annotations

from jaipur_core.analysis_format import MoveJudgement

from ..app.controls import Button
from ..app.state import TableState
from ..view.markup import Markup, html, join, say
from ..words.languages import direction
from ..words.messages import _
from ..words.moves import hint_words
from .state import judged_steps, left_to_judge, movers, players_of

STEP_X = 16           # the chart's width per review step (user units: CSS pixels)
PAD = 14              # around the plot
HEIGHT = 150
POINT = 14            # a point's button: less than STEP_X, so two never overlap
MARK_GLYPHS = {"mistake": "?", "blunder": "??"}


def percent(chance: float) -> Markup:
    """A chance (0..1) as a percentage in the language's digits and way of writing it."""
    return say("chance-percent", n=round(chance * 100))


def seat_names(state: TableState) -> tuple:
    """An imported record or a link's game: the names its record gives; else the page's names."""
    if state.reviewable and state.line is not None and len(state.line.players) == 2:
        return tuple(state.line.players)
    return state.names()


def coach_region(state: TableState) -> Markup:
    if state.review is None or state.line is None:
        return Markup("")
    judged = judged_steps(state.line)
    coach = state.coach
    controls = _progress(state) if coach.analysing(state.token) else _controls(state)
    mark = _mark(state, judged.get(state.review))
    chart = _chart(state, judged) if judged else ""
    return html('<section class="analysis" data-testid="analysis" aria-labelledby="analysis-title">'
                '<h2 id="analysis-title">{title}</h2>{controls}{mark}{chart}</section>',
                title=say("analysis-title"), controls=controls, mark=mark, chart=chart)


def _controls(state: TableState) -> Markup:
    names = seat_names(state)
    who = state.coach.who or str(state.seat)
    options = (("0", html("<bdi>{name}</bdi>", name=names[0])), ("1", html("<bdi>{name}</bdi>", name=names[1])),
               ("both", say("analyse-both")))
    buttons = join(
        html('<button type="button" data-action="{action}" data-value="{value}" data-testid="analyse-who-{value}" '
             'data-key="analyse-who-{value}" aria-pressed="{pressed}">{label}</button>',
             action=Button.ANALYSE_WHO, value=value, pressed="true" if value == who else "false", label=label)
        for value, label in options)
    done, total = left_to_judge(state.game, players_of(state.coach, state.seat))
    complete = total > 0 and done == total
    start = html('<button type="button" class="primary" data-action="{action}" data-testid="btn-analyse" '
                 'data-key="btn-analyse" data-done="{complete}">{label}</button>',
                 action=Button.ANALYSE, complete="true" if complete else "false",
                 label=say("analyse-done" if complete else "analyse"))
    return html('<p class="analysis-controls"><span class="analyse-who" role="group" aria-label="{label}">'
                '{buttons}</span> {start}</p>', label=say("analyse-who"), buttons=buttons, start=start)


def _progress(state: TableState) -> Markup:
    coach = state.coach
    stop = html('<button type="button" data-action="{action}" data-testid="analysis-stop" '
                'data-key="analysis-stop">{label}</button>', action=Button.ANALYSE_STOP, label=say("analysis-stop"))
    return html('<p class="analysis-progress" data-testid="analysis-progress" data-done="{done}" '
                'data-total="{total}"><span role="status">{text}</span> '
                '<progress max="{total}" value="{done}" aria-hidden="true"></progress> {stop}</p>',
                done=coach.done, total=coach.total, text=say("analysis-progress", done=coach.done, total=coach.total),
                stop=stop)


def _mark(state: TableState, judgement: MoveJudgement | None) -> Markup:
    """The judgement of the move the step shown played, in words."""
    if judgement is None or state.review is None:
        return Markup("")
    before = state.game.steps()[state.review][2]
    name = html("<bdi>{name}</bdi>", name=seat_names(state)[before.to_move])
    chances = say("analysis-chances", name=name, before=percent(judgement.before), after=percent(judgement.after))
    if judgement.mark == "best":
        best = say("analysis-is-best")
    else:
        best = say("analysis-best", move=hint_words(judgement.best, before), chance=percent(judgement.best_chance))
    return html('<p class="analysis-mark mark-{mark}" data-testid="analysis-mark" data-mark="{mark}" '
                'data-at="{at}"><b>{word}</b> {chances} {best}</p>',
                mark=judgement.mark, at=state.review, word=say("mark-" + judgement.mark), chances=chances, best=best)


def chart_points(state: TableState, judged: dict[int, MoveJudgement]) -> tuple[int, tuple]:
    """(the chart's seat, ((review step, round, chance for that seat, mark), ...) in step order)."""
    who = state.coach.who or str(state.seat)
    seat = int(who) if who in ("0", "1") else state.seat
    by_move = movers(state.game)
    points = []
    for at in sorted(judged):
        judgement = judged[at]
        mover = by_move[(judgement.round, judgement.step)]
        chance = judgement.after if mover == seat else 1 - judgement.after
        points.append((at, judgement.round, round(chance, 3), judgement.mark))
    return seat, tuple(points)


def _chart(state: TableState, judged: dict[int, MoveJudgement]) -> Markup:
    seat, points = chart_points(state, judged)
    steps = len(state.game.steps()) - 1
    width = 2 * PAD + max(steps, 1) * STEP_X
    rtl = direction(state.settings.language) == "rtl"

    def x(at: int) -> int:
        across = PAD + at * STEP_X
        return width - across if rtl else across

    def y(chance: float) -> float:
        return round(PAD + (1 - chance) * (HEIGHT - 2 * PAD), 1)

    rounds = sorted({number for _at, number, _c, _m in points})
    lines = join(
        html('<polyline class="analysis-line" data-round="{number}" points="{points}"></polyline>', number=number,
             points=" ".join(f"{x(at)},{y(chance)}" for at, n, chance, _m in points if n == number))
        for number in rounds)
    glyphs = join(html('<text class="analysis-glyph mark-{mark}" x="{x}" y="{y}" text-anchor="middle">{glyph}</text>',
                       mark=mark, x=x(at), y=max(10, y(chance) - POINT), glyph=MARK_GLYPHS[mark])
                  for at, _n, chance, mark in points if mark in MARK_GLYPHS)
    name = seat_names(state)[seat]
    buttons = join(_point(state, at, chance, mark, x(at), y(chance)) for at, _n, chance, mark in points)
    shown = x(state.review or 0)
    title = say("analysis-chart-title", name=html("<bdi>{name}</bdi>", name=name))
    return html('<figure class="analysis-figure"><figcaption id="analysis-chart-title">{title}</figcaption>'
                '<div class="analysis-chart-scroll">'
                '<svg class="analysis-chart" data-testid="analysis-chart" role="group" '
                'aria-labelledby="analysis-chart-title" width="{width}" height="{height}" '
                'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
                '<g aria-hidden="true"><line class="analysis-even" x1="{left}" x2="{right}" y1="{middle}" '
                'y2="{middle}"></line><line class="analysis-shown" x1="{shown}" x2="{shown}" y1="{top}" '
                'y2="{bottom}"></line>{lines}{glyphs}</g>{buttons}</svg></div></figure>',
                title=title, width=width, height=HEIGHT, left=PAD, right=width - PAD, middle=y(0.5), shown=shown,
                top=PAD, bottom=HEIGHT - PAD, lines=lines, glyphs=glyphs, buttons=buttons)


def _point(state: TableState, at: int, chance: float, mark: str, x: int, y: float) -> Markup:
    # named by the game's action count, as the review bar and the links say it (`at` counts deals too)
    label = _("analysis-point", at=state.game.actions_before(at), mark=_("mark-" + mark),
              chance=_("chance-percent", n=round(chance * 100)))
    current = Markup(' aria-current="step"') if at == state.review else ""
    return html('<foreignObject x="{x}" y="{y}" width="{size}" height="{size}">'
                '<button type="button" class="analysis-point mark-{mark}" data-action="{action}" data-value="{at}" '
                'data-testid="analysis-point" data-at="{at}" data-mark="{mark}" data-key="analysis-point-{at}" '
                'aria-label="{label}"{current}></button></foreignObject>',
                x=x - POINT // 2, y=round(y - POINT / 2, 1), size=POINT, mark=mark, action=Button.ANALYSIS_JUMP,
                at=at, label=label, current=current)
