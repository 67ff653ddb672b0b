"""The puzzle's bar above the table: the reader's question and verdict, or the author's maker. Pure.

Hidden information by construction: the accepted answers and the explanation of a puzzle being
solved are written only once the reader has answered or asked (`Solving.answered`); before that
the bar holds the question and the two things the reader may do (play, or Show the answer).
"""

from __future__ import annotations

from jaipur_core import JaipurError
from jaipur_core.actions import parse_action

from ..app.controls import Button
from ..coach.view import percent
from ..view.markup import Markup, html, join, say
from ..words.messages import _
from ..words.moves import hint_words
from .maker_view import diagram_button
from .puzzle_state import Draft, Solving


def _button(value: str, label_id: str, testid: str, primary: bool = False) -> Markup:
    return html('<button type="button"{primary} data-action="{action}" data-value="{value}" '
                'data-testid="{testid}" data-key="{testid}">{label}</button>',
                primary=Markup(" class=primary") if primary else "", action=Button.PUZZLE, value=value,
                testid=testid, label=say(label_id))


def _answers(answers, position, testid: str) -> Markup:
    return html('<ul class="puzzle-answers" data-testid="{testid}">{items}</ul>', testid=testid,
                items=join(html('<li data-answer="{notation}">{words}</li>', notation=str(action),
                                words=hint_words(action, position)) for action in answers))


def with_bar(state, board: Markup) -> Markup:
    """`board` with the puzzle's bar before it (the board itself when no puzzle is on the table)."""
    puzzle = state.puzzle
    if isinstance(puzzle, Solving):
        return html("{bar}{board}", bar=_solving(state, puzzle), board=board)
    if isinstance(puzzle, Draft):
        return html("{bar}{board}", bar=_maker(puzzle, state.panel is None), board=board)
    return board


def _solving(state, solving: Solving) -> Markup:
    puzzle = solving.puzzle
    question = html('<p class="puzzle-question" data-testid="puzzle-question">{text}</p>',
                    text=puzzle.question or _("puzzle-default-question"))
    if not solving.answered(state.token):
        rest = html('<p>{prompt} {show}</p>', prompt=say("puzzle-play-prompt"),
                    show=_button("show", "puzzle-show", "puzzle-show"))
    elif solving.verdict == "judging":  # a puzzle without answers: the search is judging the move
        said = html('<p class="puzzle-verdict" role="status" data-testid="puzzle-judging">{text}</p>',
                    text=say("puzzle-judging"))
        rest = html("{said}<p>{again}</p>", said=said, again=_button("retry", "puzzle-retry", "puzzle-retry"))
    elif solving.judged:
        rest = _judged(state, solving)
    else:
        verdict = solving.verdict
        words = {"right": "puzzle-right", "wrong": "puzzle-wrong", "open": "puzzle-open",
                 "shown": "puzzle-shown" if puzzle.answers else "puzzle-open"}[verdict]
        said = html('<p class="puzzle-verdict" role="alert" data-testid="puzzle-verdict" data-verdict="{verdict}">'
                    '{text}</p>',
                    verdict=verdict, text=say(words))
        told = ""
        if verdict != "wrong":  # a wrong answer keeps the rest back, so the retry is still a puzzle
            answers = (html('<p>{label}</p>{list}', label=say("puzzle-answers-label"),
                            list=_answers(puzzle.answers, puzzle.position, "puzzle-answer-list"))
                       if puzzle.answers else "")
            explanation = (html('<p class="puzzle-explanation" data-testid="puzzle-explanation">{text}</p>',
                                text=puzzle.explanation) if puzzle.explanation else "")
            told = html("{answers}{explanation}", answers=answers, explanation=explanation)
        again = _button("retry", "puzzle-retry", "puzzle-retry", primary=verdict == "wrong")
        show = _button("show", "puzzle-show", "puzzle-show") if verdict == "wrong" else ""
        rest = html('{said}{told}<p>{again} {show}</p>', said=said, told=told, again=again, show=show)
    return html('<section class="puzzle-bar" data-testid="puzzle" aria-labelledby="puzzle-title">'
                '<h2 id="puzzle-title">{title}</h2>{question}{rest}</section>',
                title=say("puzzle-title"), question=question, rest=rest)


def _judged(state, solving: Solving) -> Markup:
    """The search's verdict on a puzzle without accepted answers: right within 3 points of the best
    move found; the move's chance and the best moves found with theirs, either way."""
    position = solving.puzzle.position
    said = html('<p class="puzzle-verdict" role="alert" data-testid="puzzle-verdict" data-verdict="{verdict}">'
                '{text}</p>', verdict=solving.verdict,
                text=say("puzzle-judged-" + solving.verdict, chance=percent(solving.chance)))
    best = html('<p>{label}</p><ol class="puzzle-answers" data-testid="puzzle-best">{items}</ol>',
                label=say("puzzle-best-label"),
                items=join(html('<li data-answer="{notation}">{text}</li>', notation=notation,
                                text=say("puzzle-best-move", what=_move_words(notation, position),
                                         chance=percent(chance)))
                           for notation, chance in solving.judged))
    explanation = (html('<p class="puzzle-explanation" data-testid="puzzle-explanation">{text}</p>',
                        text=solving.puzzle.explanation) if solving.puzzle.explanation else "")
    again = _button("retry", "puzzle-retry", "puzzle-retry", primary=solving.verdict == "wrong")
    return html('{said}{best}{explanation}<p>{again}</p>', said=said, best=best, explanation=explanation,
                again=again)


def _move_words(notation: str, position) -> str:
    try:
        return hint_words(parse_action(notation), position)
    except JaipurError:  # never expected: the judge names legal moves
        return notation


def _maker(draft: Draft, diagram: bool) -> Markup:
    answers = (_answers(draft.answers, draft.position, "puzzle-answers") if draft.answers
               else html('<p data-testid="puzzle-answers-none">{text}</p>', text=say("puzzle-answers-none")))
    clear = _button("clear", "puzzle-answers-clear", "puzzle-clear") if draft.answers else ""
    link = ""
    if draft.link:
        link = html('<label class="share-field">{label} <input type="text" readonly value="{url}" '
                    'data-testid="puzzle-link" data-key="puzzle-link"></label><p>{copy}</p>',
                    label=say("puzzle-link-label"), url=draft.link,
                    copy=_button("copy", "copy-link", "puzzle-copy"))
    return html('<section class="puzzle-bar puzzle-maker" data-testid="puzzle-maker" '
                'aria-labelledby="puzzle-maker-title"><h2 id="puzzle-maker-title">{title}</h2>'
                '<label class="share-field">{question_label} <textarea rows="2" data-field="question" '
                'data-testid="puzzle-question-edit" data-key="puzzle-question-edit">{question}</textarea></label>'
                '<p>{answers_label}</p>{answers}<p>{clear}</p>'
                '<label class="share-field">{explanation_label} <textarea rows="3" data-field="explanation" '
                'data-testid="puzzle-explanation-edit" data-key="puzzle-explanation-edit">{explanation}'
                '</textarea></label>'
                '<p>{make_link} {export} {diagram} {leave}</p>{link}</section>',
                title=say("puzzle-make-title"), question_label=say("puzzle-question-label"),
                question=draft.question, answers_label=say("puzzle-answers-label"), answers=answers, clear=clear,
                explanation_label=say("puzzle-explanation-label"), explanation=draft.explanation,
                make_link=_button("link", "puzzle-link", "puzzle-link-make", primary=True),
                export=_button("export", "puzzle-export", "puzzle-export"),
                diagram=diagram_button() if diagram else "",
                leave=_button("leave", "puzzle-leave", "puzzle-leave"), link=link)
