"""The "What I know" panel: `knowledge(view)` as a dialog. Pure.

It is drawn from the PlayerView of the seat shown and nothing else, so it holds
no more than that seat may know (tests/test_knowledge.py re-deals the hidden
cards and checks the panel does not change). In friend mode it is not drawn
while the hand-over screen waits: the person at the screen may be the other player.
"""

from __future__ import annotations

from jaipur_core import view_of
from jaipur_core.cards import CARD_NAMES

from ..app.controls import Button
from ..words.messages import _, card_name, number
from .knowledge import knowledge
from .markup import Markup, html, join, say, say_n
from .table import art

KNOW_PANEL = "know"


def know_panel(state, names) -> tuple:
    """(key, html) of the panel for the seat shown."""
    view = view_of(state.position, state.seat)
    return (KNOW_PANEL, html('<section class="panel know" role="dialog" aria-modal="true" '
                             'aria-labelledby="know-title" data-testid="know-panel" data-dialog="{key}">'
                             '<h2 id="know-title">{title}</h2>{body}'
                             '<p><button type="button" data-action="{action}" data-value="" '
                             'data-testid="close-panel" data-key="close-panel" data-autofocus>{close}</button></p>'
                             '</section>', key=KNOW_PANEL, title=say("know-title"), body=know_body(view, names),
                             action=Button.CLOSE, close=say("close")))


def know_body(view, names) -> Markup:
    """The panel's content; every number carries a data- attribute for the e2e test."""
    known = knowledge(view)
    other = names[view.opponent]
    rows = join(
        html('<tr data-testid="know-{good}" data-unseen="{unseen}" data-opponent="{opponent}" '
             'data-tokens="{tokens}"><th scope="row">{art} {name}</th>'
             '<td>{unseen_shown}</td><td>{opponent_shown}</td><td>{tokens_shown}</td></tr>',
             good=CARD_NAMES[good.good], unseen=good.unseen, opponent=good.opponent_has,
             tokens=" ".join(map(str, good.tokens_left)), art=art(CARD_NAMES[good.good]),
             name=card_name(good.good), unseen_shown=number(good.unseen), opponent_shown=number(good.opponent_has),
             tokens_shown=" ".join(map(number, good.tokens_left)) or _("pile-none-left"))
        for good in known.goods)
    head = html('<tr><th scope="col">{good}</th><th scope="col">{unseen}</th>'
                '<th scope="col">{opponent}</th><th scope="col">{next}</th></tr>',
                good=say("know-good"), unseen=say("know-unseen"), opponent=say("know-opponent", name=other),
                next=say("know-next"))
    facts = html('<p data-testid="know-where" data-count="{unseen_total}">{where} '
                 '<span data-testid="know-deck" data-count="{deck_size}">{deck}</span></p>'
                 '<p data-testid="know-hand" data-count="{hand_size}" data-known="{known_total}">{hand}</p>'
                 '<p data-testid="know-camels" data-count="{camels_unseen}">{camels}</p>',
                 unseen_total=known.unseen_total, where=say_n("know-where", known.unseen_total, name=other),
                 deck_size=known.deck_size, deck=say_n("know-deck", known.deck_size),
                 hand_size=known.opponent_hand_size, known_total=known.opponent_known_total,
                 hand=say_n("know-hand", known.opponent_hand_size, name=other, known=known.opponent_known_total),
                 camels_unseen=known.camels_unseen, camels=say_n("know-camels", known.camels_unseen))

    def pile_words(pile) -> Markup:
        values = " ".join(map(number, pile.unseen_values)) or _("none")
        return say_n("know-bonus-5" if pile.size == 5 else "know-bonus", pile.left, size=pile.size, values=values)

    bonus = join(
        html('<li data-testid="know-bonus-{size}" data-left="{left}" data-values="{values}">{words}</li>',
             size=pile.size, left=pile.left, values=" ".join(map(str, pile.unseen_values)), words=pile_words(pile))
        for pile in known.bonus)
    return html('<p class="know-intro">{intro}</p>'
                '<table class="know-goods" data-testid="know-goods">{head}{rows}</table>{facts}'
                '<h3>{bonus_title}</h3><ul class="know-bonus">{bonus}</ul>',
                intro=say("know-intro"), head=head, rows=rows, facts=facts, bonus_title=say("know-bonus-title"),
                bonus=bonus)
