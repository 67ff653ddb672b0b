"""A diagram's words, all from the catalog in the active language: its title, its labels and
the description that says the whole scene in sentences (the SVG's <desc>). Pure.

Only the scene is read (blog/scene.py), so the words reveal nothing the picture hides.
"""

from __future__ import annotations

import re

from jaipur_core import GOODS

from ..words.messages import _, card_name, cards_words, ngettext, number
from .scene import Scene, Seat

_TAG = re.compile(r"</?b>")
_BONUS_SIZES = (3, 4, 5)
#: Unicode's first-strong isolate and its end: text from outside (a name, a caption) keeps its
#: own direction inside a sentence or a picture of the other one ("Ada." in Persian stays "Ada.")
FSI, PDI = "\u2068", "\u2069"


def isolated(text: str) -> str:
    """`text` between FSI and PDI (empty stays empty)."""
    return f"{FSI}{text}{PDI}" if text else text


def plain(text: str) -> str:
    """A catalog sentence without its <b> marks (the one tag a sentence may hold)."""
    return _TAG.sub("", text)


def runs(text: str) -> list[tuple[str, bool]]:
    """A catalog sentence as (text, bold) runs: what <b>…</b> marks is bold."""
    out, bold = [], False
    for part in re.split(r"(</?b>)", text):
        if part in ("<b>", "</b>"):
            bold = part == "<b>"
        elif part:
            out.append((part, bold))
    return out


def values(tokens) -> str:
    return " ".join(number(value) for value in tokens)


def status(scene: Scene) -> str:
    if scene.phase == "game_over":
        return _("status-game-over")
    if scene.phase == "round_over":
        return _("status-round-over")
    return _("status-to-play", name=scene.seats[scene.to_move].name)


def title(scene: Scene) -> str:
    return _("diagram-title", round=scene.round, status=status(scene))


def viewpoint(scene: Scene) -> str:
    if scene.viewer is None:
        return _("diagram-open")
    return _("diagram-seen-by", name=scene.seats[scene.viewer].name)


def deck_label(scene: Scene) -> str:
    return _("deck", n=scene.deck_size)


def discard_label(scene: Scene) -> str:
    if not scene.discard:
        return _("discard-empty")
    return _("discard", n=len(scene.discard), card=card_name(scene.discard[-1]))


def pile_words(good: int, pile) -> str:
    return _("pile-label", good=card_name(good), values=values(pile) if pile else _("pile-none-left"))


def bonus_label(index: int, count: int) -> str:
    size = _BONUS_SIZES[index]
    return _("bonus-pile-5" if size == 5 else "bonus-pile", size=size, n=count)


def bonus_words(seat: Seat) -> str:
    if seat.bonus is None:
        return ngettext("opp-bonus-hidden", seat.bonus_count)
    return _("opp-bonus-shown", values=values(seat.bonus) or _("none"))


def score_line(seat: Seat) -> str:
    return _("goods-line", goods=seat.goods_score, bonus=bonus_words(seat))


def hand_words(seat: Seat) -> str:
    if seat.hand is None:
        return ngettext("hidden-hand-label", seat.hand_size, name=seat.name)
    return _("diagram-hand", name=seat.name, cards=cards_words(tuple(seat.hand) + (0,)))


def result_line(scene: Scene) -> str | None:
    """A scored round in one sentence, the bottom seat's score first (the log's words), or None."""
    result = scene.result
    if result is None:
        return None
    first, second = scene.bottom, 1 - scene.bottom
    names = [seat.name for seat in scene.seats]
    seal = _("log-seal-none") if result.seal is None else _("log-seal", name=names[result.seal])
    text = _("log-round-over", round=scene.round, why=_("why-" + (scene.cause or "deck")), first=names[first],
             first_score=result.scores[first], second=names[second], second_score=result.scores[second],
             seal=seal)
    if scene.winner is not None:
        text = _("log-wins", text=text, name=names[scene.winner])
    return text


def description(scene: Scene, move_words: str | None) -> str:
    """The scene in sentences: the <desc> a screen reader or a search engine reads."""
    sentences = [title(scene) + ".", viewpoint(scene) + ".",
                 _("diagram-market", cards=cards_words(scene.market)) + ".",
                 ngettext("know-deck", scene.deck_size), plain(discard_label(scene)) + "."]
    sentences.append("; ".join(pile_words(good, scene.piles[good]) for good in GOODS) + ".")
    sentences.append("; ".join(plain(bonus_label(i, n)) for i, n in enumerate(scene.bonus_sizes)) + ".")
    if scene.camel_token_on_table:
        sentences.append(_("camel-token-table") + ".")
    for index in (scene.bottom, 1 - scene.bottom):
        seat = scene.seats[index]
        sentences.append(hand_words(seat) + ".")
        sentences.append(ngettext("diagram-herd", seat.herd, name=seat.name) + ".")
        sentences.append(_("diagram-tokens", name=seat.name, tokens=plain(score_line(seat)),
                           seals=ngettext("seals-label", seat.seals)) + ".")
        if seat.camel_token:
            sentences.append(_("camel-token-won", name=seat.name) + ".")
    said = result_line(scene)
    if said:
        sentences.append(said)
    if move_words:
        sentences.append(_("diagram-move", move=move_words) + ".")
    return " ".join(sentences)
