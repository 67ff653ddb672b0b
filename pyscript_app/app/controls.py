"""Every control of the page, named once: what a click (or a key) sends. Pure.

Elm writes `onClick NextRound`: one typed value, checked by the compiler. Here
the value is a member of `Button` or `Control`. render writes `data-action` from
a member (never a bare string), events.from_dom reads the attribute back into
the same member, app/keys.py names the member each key stands for, and app/update.py
dispatches on it with `match`. tests/test_app_controls.py checks that every
`data-action` rendered is a member and that update handles every member.

Both are `StrEnum`s: a member is its `data-action` text (`Button.CLEAR == "clear"`,
`f"{Button.CLEAR}"` is "clear"), so the HTML is the same as before.
"""

from __future__ import annotations

from enum import StrEnum


class Button(StrEnum):
    """A plain button: `events.Pressed(button, data-value)`, handled by update's `_pressed`."""

    CLEAR = "clear"                    # the selection
    HINT = "hint"
    HINT_PICK = "hint-pick"            # data-value: a hinted move's notation (its cards are selected)
    PANEL = "panel"                    # data-value: new | rules | share | log | know
    CLOSE = "close"                    # the open panel
    SHARE = "share"
    SHARE_PAGE = "share-page"          # data-value: index | embed (the page the links open in)
    COPY_LINK = "copy-link"            # data-value: position | game | puzzle
    EXPORT = "export"
    IMPORT = "import"
    NEXT_ROUND = "next-round"
    PLAY_AGAIN = "play-again"
    NEW_GAME = "new-game"
    HANDOVER_READY = "handover-ready"  # friend mode: "Show my hand"
    TAKE_BACK = "take-back"
    REVIEW = "review"
    REVIEW_CLOSE = "review-close"
    RESUME = "resume"                  # data-value: the kept game's index ("" : the one just kept)
    DELETE_KEPT = "delete-kept"        # data-value: the kept game's index
    DISMISS = "dismiss"                # continue after an error
    TRY_AGAIN = "try-again"            # the computer's search failed: start it again
    RESULT_ASIDE = "result-aside"      # data-value: table (set the result aside) | result (back)
    DETAILS = "details"                # phones: the opponent and token piles
    PUZZLE = "puzzle"                  # data-value: make | show | retry | clear | link | export | copy | leave
    NOTE_WRITE = "note-write"          # data-value: open | close (review's note field)
    NOTE_SAVE = "note-save"            # the note field's Save (the field saves on change too)
    AUTOPLAY = "autoplay"              # data-value: play | pause (review steps on by itself)
    PLAY_FROM_HERE = "play-from-here"  # review: a new game from the step shown, against the computer
    LOAD_OTHER = "load-other-tab"      # another tab saved a different game: show it here (app/tabs.py)
    KEEP_HERE = "keep-this-tab"        # ... or keep this tab's game (the other one is kept)
    DIAGRAM = "diagram"                # download the SVG diagram of what is on the table
    MAKER = "maker"                    # data-value "option:value": the Link panel's embed maker (blog/embed.py)
    COPY_SNIPPET = "copy-snippet"      # the embed maker's snippet to the clipboard
    ANALYSE = "analyse"                # review: judge the chosen players' moves (coach/update.py)
    ANALYSE_WHO = "analyse-who"        # data-value: 0 | 1 | both (whose moves Analyse judges)
    ANALYSE_STOP = "analyse-stop"      # stop the analysis running (what is judged stays)
    ANALYSIS_JUMP = "analysis-jump"    # a point of the analysis chart: data-value the review step


class Control(StrEnum):
    """A control whose click carries more than a name: each has its own event in app/events.py."""

    SELECT = "select"                  # a card (data-zone, data-index): CardClicked
    PLAY = "play"                      # data-value take | camels | trade | sell: ActionPressed
    REVIEW_STEP = "review-step"        # data-value first | prev | next | last: ReviewStepped
    SET_LANGUAGE = "set-language"      # data-value en | fa | tr: LanguageChosen
    SET_LEVEL = "set-level"            # the New game panel's options: OptionChosen
    SET_FIRST = "set-first"
    SET_OPPONENT = "set-opponent"


# The New game panel's option controls and the Settings field each one sets.
OPTION_SETTINGS = {Control.SET_LEVEL: "level", Control.SET_FIRST: "first", Control.SET_OPPONENT: "opponent"}


def control_named(action: str) -> Button | Control | None:
    """The member a `data-action` attribute names, or None (a stale or foreign attribute)."""
    for kind in (Button, Control):
        try:
            return kind(action)
        except ValueError:
            pass
    return None
