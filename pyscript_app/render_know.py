"""The "What I know" panel: `knowledge(view)` as a dialog. Pure.

It is drawn from the PlayerView of the seat shown and nothing else, so it holds
no more than that seat may know (tests/test_knowledge.py re-deals the hidden
cards and checks the panel does not change). In friend mode it is not drawn
while the hand-over screen waits: the person at the screen may be the other player.
"""

from __future__ import annotations

from jaipur_core import view_of
from jaipur_core.cards import CARD_NAMES

from .controls import Button
from .knowledge import knowledge
from .messages import _, card_name, ngettext, number
from .render_table import art, e

KNOW_PANEL = "know"


def know_panel(state, names) -> tuple:
    """(key, html) of the panel for the seat shown."""
    view = view_of(state.position, state.seat)
    return (KNOW_PANEL, f'<section class="panel know" role="dialog" aria-modal="true" aria-labelledby="know-title" '
                        f'data-testid="know-panel" data-dialog="{KNOW_PANEL}">'
                        f'<h2 id="know-title">{e(_("know-title"))}</h2>{know_body(view, names)}'
                        f'<p><button type="button" data-action="{Button.CLOSE}" data-value="" '
                        f'data-testid="close-panel" data-key="close-panel" data-autofocus>{e(_("close"))}</button></p>'
                        f'</section>')


def know_body(view, names) -> str:
    """The panel's content; every number carries a data- attribute for the e2e test."""
    known = knowledge(view)
    other = names[view.opponent]
    rows = "".join(
        f'<tr data-testid="know-{CARD_NAMES[good.good]}" data-unseen="{good.unseen}" '
        f'data-opponent="{good.opponent_has}" data-tokens="{" ".join(map(str, good.tokens_left))}">'
        f'<th scope="row">{art(CARD_NAMES[good.good])} {e(card_name(good.good))}</th>'
        f'<td>{number(good.unseen)}</td><td>{number(good.opponent_has)}</td>'
        f'<td>{e(" ".join(map(number, good.tokens_left)) or _("pile-none-left"))}</td></tr>'
        for good in known.goods)
    head = (f'<tr><th scope="col">{e(_("know-good"))}</th><th scope="col">{e(_("know-unseen"))}</th>'
            f'<th scope="col">{e(_("know-opponent", name=other))}</th>'
            f'<th scope="col">{e(_("know-next"))}</th></tr>')
    facts = (f'<p data-testid="know-where" data-count="{known.unseen_total}">'
             f'{e(ngettext("know-where", known.unseen_total, name=other))} '
             f'<span data-testid="know-deck" data-count="{known.deck_size}">'
             f'{e(ngettext("know-deck", known.deck_size))}</span></p>'
             f'<p data-testid="know-hand" data-count="{known.opponent_hand_size}" '
             f'data-known="{known.opponent_known_total}">'
             f'{e(ngettext("know-hand", known.opponent_hand_size, name=other, known=known.opponent_known_total))}'
             f'</p><p data-testid="know-camels" data-count="{known.camels_unseen}">'
             f'{e(ngettext("know-camels", known.camels_unseen))}</p>')

    def pile_words(pile) -> str:
        values = " ".join(map(number, pile.unseen_values)) or _("none")
        return e(ngettext("know-bonus-5" if pile.size == 5 else "know-bonus", pile.left, size=pile.size, values=values))

    bonus = "".join(
        f'<li data-testid="know-bonus-{pile.size}" data-left="{pile.left}" '
        f'data-values="{" ".join(map(str, pile.unseen_values))}">'
        f'{pile_words(pile)}</li>'
        for pile in known.bonus)
    return (f'<p class="know-intro">{e(_("know-intro"))}</p>'
            f'<table class="know-goods" data-testid="know-goods">{head}{rows}</table>{facts}'
            f'<h3>{e(_("know-bonus-title"))}</h3><ul class="know-bonus">{bonus}</ul>')
