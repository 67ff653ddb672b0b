"""Every word the page shows, keyed by message id: the one catalog.

Designed like gettext so that a translation is a catalog and nothing else:

    _("hand-full", limit=7)              a message with named placeholders
    ngettext("cards-in-hand", 3, n=3)    a message with plural forms
    refusal(code, params)                an engine refusal, by its reason code

An entry is a string, or a tuple of plural forms (English: one, other). A
`Catalog` holds the entries and a plural rule (the C expression of a .po file's
Plural-Forms, as a Python function); `use(catalog)` makes it the active one. A
missing id falls back to English, then to the id itself, so a partial
translation never crashes the page. No other module in pyscript_app builds an
English sentence.
"""

from __future__ import annotations

import gettext
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable

ENGLISH: dict[str, str | tuple[str, ...]] = {
    # --- cards ------------------------------------------------------------------
    "name-diamond": "diamond", "name-gold": "gold", "name-silver": "silver",
    "name-cloth": "cloth", "name-spice": "spice", "name-leather": "leather", "name-camel": "camel",
    "count-diamond": ("{n} diamond", "{n} diamonds"), "count-gold": ("{n} gold", "{n} gold"),
    "count-silver": ("{n} silver", "{n} silver"), "count-cloth": ("{n} cloth", "{n} cloth"),
    "count-spice": ("{n} spice", "{n} spice"), "count-leather": ("{n} leather", "{n} leather"),
    "count-camel": ("{n} camel", "{n} camels"),
    "a-diamond": "a diamond", "a-gold": "a gold", "a-silver": "a silver", "a-cloth": "a cloth",
    "a-spice": "a spice", "a-leather": "a leather", "a-camel": "a camel",
    "plural-diamond": "diamonds", "plural-gold": "gold", "plural-silver": "silver",
    "plural-cloth": "cloth", "plural-spice": "spice", "plural-leather": "leather",
    "plural-camel": "camels",
    "cards-joined": "{first} + {rest}",
    "cards-nothing": "nothing",
    "zone-market": "{card} in the market", "zone-hand": "{card} in your hand",
    "zone-herd": "{card} in your herd",
    "card-times": "{card} ×{n}",
    # --- the page around the table, the language menu, the boot (boot.js reads boot-*) ----
    "page-title": "Jaipur", "manifest-name": "Jaipur, the trading card game",
    "language-menu": "Language",
    "boot-stage-runtime": "Loading Python runtime", "boot-stage-micropip": "Loading micropip",
    "boot-stage-game": "Installing the game", "boot-stage-start": "Starting",
    "boot-loading": "Loading…", "boot-details": "Details", "boot-retry": "Retry",
    "boot-failed-retry": "The game could not start. Check the connection and press Retry.",
    "boot-no-js": "Jaipur needs JavaScript and WebAssembly to run.",
    "boot-stalled": "The game did not start. Check the connection and reload the page.",
    # --- players ------------------------------------------------------------------
    "player-you": "You", "player-computer": "Computer", "player-1": "Player 1", "player-2": "Player 2",
    "record-computer": "Computer ({level})",
    "level-easy": "Easy", "level-medium": "Medium", "level-hard": "Hard", "level-expert": "Expert",
    "level-friend": "friend",
    # --- status line ----------------------------------------------------------------
    "round-number": "Round {round}",
    "status-game-over": "Game over", "status-round-over": "Round over",
    "status-handover": "Pass the device to {name}", "status-to-play": "{name} to play",
    "status-your-turn": "Your turn", "status-thinking": "The computer is thinking…",
    "status-review": "Reviewing the game",
    # --- the log: {actor} is a name; "you" forms have their own ids (verbs agree) -----
    "log-take": "{actor} took {card}", "log-take-you": "You took {card}",
    "log-camels": "{actor} took {cards}", "log-camels-you": "You took {cards}",
    "log-trade": "{actor} traded {given} for {taken}", "log-trade-you": "You traded {given} for {taken}",
    "log-sell": ("{actor} sold {cards} for {n} rupee", "{actor} sold {cards} for {n} rupees"),
    "log-sell-you": ("You sold {cards} for {n} rupee", "You sold {cards} for {n} rupees"),
    "log-sell-short": ("{text} ({n} token short)", "{text} ({n} tokens short)"),
    "log-sell-bonus": "{text} + a bonus token",
    "log-sell-no-bonus": "{text} (no bonus token left)",
    "log-round-start": "Round {round}: {name} starts.", "log-round-start-you": "Round {round}: You start.",
    "log-round-over": "Round {round} is over ({why}): {first} {first_score}, {second} {second_score}. {seal}",
    "why-piles": "three goods token piles are empty", "why-deck": "the deck ran out",
    "log-seal": "{name} takes a seal.", "log-seal-you": "You take a seal.",
    "log-seal-none": "A draw: nobody takes a seal.",
    "log-wins": "{text} {name} wins the game.", "log-wins-you": "{text} You win the game.",
    "log-link": "Position opened from a link: you play the side to move.",
    "log-takeback": ("{name} took back {n} move.", "{name} took back {n} moves."),
    # --- the last move, shown as cards ------------------------------------------------
    "move-took": "took", "move-gave": "gave", "move-sold": "sold",
    # --- buttons --------------------------------------------------------------------
    "btn-take": "Take", "btn-camels": "Take camels", "btn-camels-count": "Take camels ({n})",
    "btn-trade": "Trade", "btn-sell": "Sell", "btn-clear": "Clear",
    "tool-new-game": "New game", "tool-hint": "Hint", "tool-rules": "Rules", "tool-share": "Link",
    "tool-export": "Export", "tool-import": "Import", "tool-takeback": "Take back",
    "tool-review": "Review",
    "start": "Start", "cancel": "Cancel", "close": "Close", "copy-link": "Copy link",
    "load-other-tab": "Load it", "keep-this-tab": "Keep this one",
    "next-round": "Next round", "play-again": "Play again", "show-hand": "Show my hand",
    "resume": "Resume", "delete": "Delete", "continue": "Continue", "try-again": "Try again",
    "review-first": "First", "review-prev": "Back", "review-next": "Forward", "review-last": "Last",
    "review-close": "Close review",
    # --- why a button cannot play the selection ----------------------------------------
    "why-round-over": "The round is over", "why-game-over": "The game is over",
    "why-take-only-market": "To take one good, select only that card in the market",
    "why-take-select": "Select one good in the market to take it",
    "why-take-camel": "Camels are taken all together: use Take camels",
    "why-take-one": "Take takes one good; to take several, give as many cards back with Trade",
    "why-camels-only": "Taking the camels takes nothing else: clear the other cards",
    "why-trade-select": "Select two or more goods in the market, and as many of your cards to give",
    "why-trade-give": "Select the cards to give back from your hand or herd",
    "why-sell-market": "A sale uses cards from your hand only: clear the market cards",
    "why-sell-camels": "Camels cannot be sold",
    "why-sell-select": "Select cards of one good in your hand to sell them",
    "why-sell-one-good": "A sale is of one good only",
    # --- engine refusals, by reason code (jaipur_core IllegalActionError.code) ---------
    "refusal-round-over": "The round is over", "refusal-game-over": "The game is over",
    "refusal-hand-full": "Your hand already holds {limit} cards",
    "refusal-market-lacks": "The market has no {good}",
    "refusal-no-camels": "There are no camels in the market",
    "refusal-camels-not-sold": "Camels cannot be sold",
    "refusal-sell-minimum-diamond": "Diamonds are sold at least two at a time",
    "refusal-sell-minimum-gold": "Gold is sold at least two at a time",
    "refusal-sell-minimum-silver": "Silver is sold at least two at a time",
    "refusal-hand-lacks": "You have {only} in your hand",
    "refusal-market-short": "The market has {only}",
    "refusal-herd-short": "You have {only} in your herd",
    "only-none": "no {goods}", "only-some": "only {cards}",
    "refusal-trade-takes-camels": "A trade never takes camels: take all the camels instead",
    "refusal-trade-too-few": "A trade takes at least two goods; to take one good, use take",
    "refusal-trade-unequal": "A trade gives back as many cards as it takes ({taken}, not {given})",
    "refusal-trade-same-good": "You cannot give back {good} while taking {good}",
    "refusal-hand-over-limit": "Your hand would hold {count} cards; the limit is {limit}",
    "refusal-unknown-action": "Unknown action",
    "refusal-illegal": "That cannot be played.",
    "refusal-text": "{text}",
    # --- messages -----------------------------------------------------------------------
    "wait-your-turn": "Wait: it is not your turn.",
    "hint-own-turn": "A hint is for your own turn.",
    "hint-puzzle": "A puzzle is yours to solve: no hint here (Show the answer gives it away).",
    "hint-thinking": "Thinking about a hint…",
    "hint": "Hint: {what}",
    "hint-take": "take {card}", "hint-camels": "take {cards}", "hint-trade": "trade {given} for {taken}",
    "hint-sell": "sell {cards}",
    "show-hand-first": "Show your hand first.",
    "link-loaded": "Position loaded from the link. Try a move.",
    "link-bad-new": "This link's game could not be opened: {error}. A new game was started instead.",
    "link-bad-resumed": "This link's game could not be opened: {error}. Your saved game was resumed.",
    "resumed": "Welcome back: your game was resumed.",
    "save-not-jaipur": "it is not a Jaipur save", "kept-not-list": "the kept games are not a list",
    "save-bad-level": "level: unknown {level}", "save-bad-seat": "human_seat: expected 0 or 1, got {seat}",
    "storage-refused": "This browser does not let the game be stored here, so it is not being saved: "
                       "play on, but it ends when the page is closed.",
    "tab-followed": "This game was played on in another tab: here it is as it stands now.",
    "tab-moved-on": "This game was changed in another tab. Load that game here, or keep this one "
                    "(the other is kept, not lost).",
    "tab-loaded": "The game from the other tab is here now.",
    "tab-kept-here": "This tab's game is saved.",
    "save-unreadable": "Your saved game could not be read ({error}); it was kept as {key}. "
                       "A new game was started.",
    "save-unreadable-lost": "Your saved game could not be read ({error}); it could not be kept. "
                            "A new game was started.",
    "copying": "Copying the link…", "copied": "Link copied to the clipboard.",
    "copy-failed": "The clipboard is not available: copy the link from the field above.",
    "copying-snippet": "Copying the snippet…",
    "snippet-copied": "Snippet copied to the clipboard: paste it into your post as it is.",
    "snippet-copy-failed": "The clipboard is not available: copy the snippet from the box above.",
    "exported": "The game record was downloaded.",
    "import-failed": "Could not import {name}: {error}. Your current game is unchanged.",
    "imported": "Imported {name}.",
    "import-too-big": "Could not import {name}: a game record is far smaller than {limit} MB. "
                      "Your current game is unchanged.",
    "the-file": "the file",
    "ai-illegal": "The computer chose an illegal move ({action}); it plays {instead} instead. "
                  "Please report this.",
    "ai-failed": "The computer could not choose a move ({error}).",
    "hint-failed": "No hint this time ({error}).",
    "hint-moves": "Hint: the best moves found, with each one's chance to win the round:",
    "hint-option": "{move}: {chance}%",
    "page-failed": "Something went wrong ({error}). Your game is safe.",
    "kept-computer": "Your game against the computer was kept:",
    "kept-friend": "Your game with a friend was kept:",
    "kept-line-computer": "Against the computer ({level}), round {round}, {moves}",
    "kept-line-friend": "With a friend, round {round}, {moves}",
    "kept-moves": ("{n} move", "{n} moves"),
    "kept-title": "Kept games",
    "kept-deleted": "The kept game was deleted.",
    "takeback-none": "There is no move of yours to take back.",
    "takeback-seen": "{name} has seen their hand: the move stands.",
    "takeback-done": "Your last move was taken back.",
    "takeback-friend-done": "{name}'s move was taken back.",
    "review-step": "Action {at} of {total}",
    "review-step-deal": "The deal of round {round}, after action {at} of {total}",
    "review-start": "The deal of round {round}",
    "review-opened": "Reviewing the game: use ← and → to step through it.",
    # --- annotated replays (blog/notes_view.py, blog/notes.py) -------------------------------------
    "notes-heading": "Notes",
    "record-by": "by {author}",
    "note-write": "Write a note", "note-write-edit": "Edit the notes",
    "note-label": "Note at action {at}",
    "note-label-deal": "Note at the deal of round {round}",
    "note-help": "Plain text, at most {limit} characters. It is saved when you leave the field "
                 "or step to another action.",
    "note-save": "Save note", "note-done": "Done",
    "note-saved": "The note at action {at} is saved.",
    "note-saved-unsaved": "The note at action {at} is kept on this page: Export or Link keep it for later.",
    "note-removed": "The note at action {at} is removed.",
    "note-none": "There is no note at action {at}.",
    "note-saved-deal": "The note at the deal of round {round} is saved.",
    "note-saved-unsaved-deal": "The note at the deal of round {round} is kept on this page: "
                               "Export or Link keep it for later.",
    "note-removed-deal": "The note at the deal of round {round} is removed.",
    "note-none-deal": "There is no note at the deal of round {round}.",
    "note-too-long": "A note holds at most {limit} characters; this one has {n}. Shorten it: it is not saved.",
    "note-refused": "The note could not be saved: {error}",
    "autoplay-play": "Play", "autoplay-pause": "Pause",
    "play-from-here": "Play from here",
    "played-from-here": "A new game from action {at} of the record: you play on against the computer.",
    "played-from-here-deal": "A new game from the deal of round {round} of the record: "
                             "you play on against the computer.",
    "play-from-here-over": "No move follows this step: step to an action within a round to play on from it.",
    # --- panels --------------------------------------------------------------------------
    "new-title": "New game", "opponent": "Opponent:", "opponent-computer": "Computer",
    "opponent-friend": "Friend on this device", "difficulty": "Difficulty:", "who-starts": "Who starts:",
    "first-you": "You", "first-computer": "Computer", "first-random": "Random",
    "first-player-1": "Player 1", "first-player-2": "Player 2",
    "rules-title": "How to play Jaipur",
    "share-title": "Share a link",
    "share-text": "Anyone opening this link sees the table as you see it now and can try moves from it. "
                  "Cards you cannot see are dealt at random in the link.",
    "share-text-review": "Anyone opening this link sees this step of the game and can play on from it.",
    "share-field": "Link to this position",
    "share-page": "The links open in:", "share-page-index": "the game's page",
    "share-page-embed": "embed.html (for an iframe in a web page)",
    "share-game-field": "Link to the whole game",
    "share-game-text": "Anyone opening this link can review the whole game move by move, both hands face up.",
    "share-game-step": "It opens at action {at} of the review, where you are.",
    "share-game-step-deal": "It opens at the deal of round {round} in the review, where you are.",
    "share-game-later": "A link to the whole game is offered once the game is over: the game's record holds "
                        "every card, the hidden ones too (the other hand, the order of the deck).",
    "share-game-too-long": "This game's record is too long for a link: export it to a file instead.",
    "copy-game-link": "Copy the game link",
    "share-puzzle-field": "Link to this puzzle",
    "share-puzzle-text": "Anyone opening this link gets the puzzle as you got it: the question, and the answer only "
                         "once they have tried or asked.",
    "copy-puzzle-link": "Copy the puzzle link",
    # --- the embed maker and the Diagram button (blog/maker.py, blog/maker_view.py) ------------
    "maker-title": "Embed in a post",
    "maker-about": "Choose how the table appears in your post, then copy the snippet into your page's HTML. "
                   "Readers whose host strips frames get the plain link under it.",
    "maker-kind": "Show:", "maker-kind-interactive": "the table (interactive)",
    "maker-kind-diagram": "a diagram only (no script)",
    "maker-size": "Frame size:", "maker-size-phone": "phone {width}×{height}",
    "maker-size-tall": "tall {width}×{height}", "maker-size-wide": "wide {width}×{height}",
    "maker-language": "Language:",
    "maker-theme": "Colours:", "maker-theme-light": "light", "maker-theme-dark": "dark",
    "maker-viewpoint": "Hands:", "maker-viewpoint-seat": "from your seat",
    "maker-viewpoint-open": "both face up (for teaching)",
    "maker-start": "Opens at:", "maker-start-here": "this step ({at})",
    "maker-start-here-deal": "this step (the deal of round {round})", "maker-start-first": "the first step",
    "maker-highlight": "Mark the last move",
    "maker-caption": "Caption (a step's note or a puzzle's question when empty)",
    "maker-preview": "Preview the frame",
    "maker-preview-title": "Preview of the embedded table",
    "maker-snippet": "Snippet to paste",
    "maker-copy": "Copy the snippet",
    "embed-plain-link": "Open this Jaipur table",
    "embed-frame-title": "Jaipur: {caption}",
    "embed-frame-title-plain": "Jaipur: a table to play from",
    "diagram-download": "Diagram",
    "diagram-made": "The diagram was downloaded as {name}.",
    "diagram-nothing": "There is no table to draw yet.",
    "diagram-no-art": "The cards' pictures could not be read, so no diagram can be drawn: reload the page.",
    "diagram-failed": "The diagram could not be drawn: {error}",
    "diagram-open-refused": "Both hands are shown face up only for a finished game or a record: "
                            "the other hand of a game in play stays hidden.",
    # --- puzzles (blog/puzzles.py, blog/puzzle_view.py) ------------------------------------
    "puzzle-make": "Make a puzzle",
    "puzzle-make-title": "Make a puzzle",
    "puzzle-making": "Making a puzzle of this position: write the question, play each accepted answer on the "
                     "table (the position stays as it is), write the explanation, then Link or Export.",
    "puzzle-not-now": "A puzzle is made from a position in play on your move, or from a step of a review.",
    "puzzle-question-label": "Question",
    "puzzle-explanation-label": "Explanation (shown once the reader has answered)",
    "puzzle-answers-label": "Accepted answers:",
    "puzzle-answers-none": "None yet: play an answer on the table. A puzzle without one has no fixed answer.",
    "puzzle-answer-added": "Accepted answer added: {what}.",
    "puzzle-answer-again": "{what} is already an accepted answer.",
    "puzzle-answers-clear": "Clear the answers",
    "puzzle-link": "Link", "puzzle-export": "Export", "puzzle-leave": "Stop making the puzzle",
    "puzzle-link-label": "Link to the puzzle",
    "puzzle-linked": "The puzzle's link is ready: copy it from the field “Link to the puzzle”.",
    "puzzle-exported": "The puzzle was downloaded as a file.",
    "puzzle-invalid": "The puzzle cannot be made: {error}",
    "puzzle-opened": "A puzzle from a link: play your move on the table.",
    "puzzle-title": "Puzzle",
    "puzzle-default-question": "What would you play here?",
    "puzzle-play-prompt": "Play your move on the table.",
    "puzzle-show": "Show the answer", "puzzle-retry": "Try again",
    "puzzle-right": "Right: that is an accepted answer.",
    "puzzle-wrong": "That is not an accepted answer.",
    "puzzle-open": "This puzzle has no fixed answer: your move is not judged.",
    "puzzle-shown": "The answer:",
    "status-puzzle": "Puzzle answered.",
    "handover-title": "Pass the device to {name}",
    "handover-text": "{name}: when the other player is not looking, show your hand.",
    "round-title": "Round {round} is over", "win-you": "You win the game!", "win-name": "{name} wins the game.",
    "row-goods": "Goods tokens", "row-bonus": "Bonus tokens", "row-camel": "Camel token", "row-total": "Total",
    "cell-goods": ("{score} ({n} token)", "{score} ({n} tokens)"),
    "cell-bonus": "{score} ({values})", "none": "none",
    "tie-bonus": "Equal totals: the player with more bonus tokens wins the round.",
    "tie-goods": "Equal totals and bonus tokens: the player with more goods tokens wins the round.",
    "tie-all": "Equal in every tie-break: nobody takes a seal.",
    "tie-herds": "Equal herds: nobody takes the camel token.",
    "seal-none": "Nobody takes a seal this round.",
    "seal-name": "{name} takes a seal of excellence.", "seal-you": "You take a seal of excellence.",
    "seals": "Seals: {first} {first_seals}, {second} {second_seals}.",
    "takebacks-used": ("{n} take-back was used in this game.", "{n} take-backs were used in this game."),
    # --- the table ---------------------------------------------------------------------------
    "market": "Market", "tokens": "Tokens", "deck": "Deck <b>{n}</b>",
    "discard-empty": "Discard <b>0</b>", "discard": "Discard <b>{n}</b>, top: {card}",
    "pile-empty": "empty", "pile-label": "{good} tokens: {values}", "pile-none-left": "none left",
    "bonus-pile": "{size} cards: <b>{n}</b> left", "bonus-pile-5": "{size}+ cards: <b>{n}</b> left",
    "camel-token-table": "Camel token (5) on the table", "camel-token-won": "Camel token: {name}",
    "no-cards": "no cards",
    "seals-label": ("{n} seal", "{n} seals"),
    "opp-bonus-hidden": ("<b>{n}</b> bonus token (face down)", "<b>{n}</b> bonus tokens (face down)"),
    "opp-bonus-shown": "bonus tokens: {values}",
    "opp-hand-label": ("{name}'s hand: {n} card", "{name}'s hand: {n} cards"),
    "hidden-hand-label": ("{name}'s hand: {n} card, hidden", "{name}'s hand: {n} cards, hidden"),
    "in-hand": "{n} in hand", "herd-count": "Herd: <b>{n}</b>",
    "goods-line": "goods {goods} rupees · {bonus}",
    "my-bonus-hidden": ("<b>{n}</b> bonus token (face down)", "<b>{n}</b> bonus tokens (face down)"),
    "rupees": ("{n} rupee", "{n} rupees"),
    "your-cards": "Your cards", "your-hand": "Your hand, {n} of 7 cards", "your-herd": "Your herd",
    "hand-of": "{name}'s hand", "herd-of": "{name}'s herd",
    "game-log": "Game log",
    "import-label": "Import a game record",
    "rules-html": """
<p>Two traders compete to be the richest. Win a round to earn a <b>seal of excellence</b>;
two seals win the game.</p>
<h3>Setting up a round</h3>
<p>Three camels go to the market and each player is dealt five cards; the camels among them go at once
to the player's <b>herd</b> (face up, not part of the hand). Two cards from the deck complete the market
to five cards. Each good's tokens are stacked highest first; the three bonus token piles are shuffled
apart.</p>
<h3>On your turn, do one thing</h3>
<ul>
<li><b>Take one good</b> from the market into your hand (not when you already hold 7 cards).
The market is refilled from the deck.</li>
<li><b>Take all the camels</b> from the market into your herd. Camels do not count toward your
hand limit. The market is refilled.</li>
<li><b>Trade</b>: take two or more goods from the market and put back as many cards, from your
hand and/or camels from your herd. You may not give back a good of a type you take.
Your hand may not end above 7 cards.</li>
<li><b>Sell</b> any number of cards of one good from your hand. For each card you take the top
token of that good. Diamonds, gold and silver are sold at least two at a time.
A sale of 3 cards earns a bonus token (1&ndash;3), 4 cards (4&ndash;6), 5 or more (8&ndash;10).
Bonus tokens stay face down until the round is scored.</li>
</ul>
<h3>End of a round and scoring</h3>
<p>A round ends at once when three goods token piles are empty, or when the market cannot be
refilled from the deck. The player with more camels takes the camel token (5 rupees); equal herds: nobody takes it.
The richer player takes a seal of excellence; equal totals go to more bonus tokens, then more goods
tokens. The loser of a round starts the next one. The first to two seals wins the game.</p>
<h3>Playing here</h3>
<p>Tap or click cards to select them (market cards to take, your cards or camels to give or sell),
then press Take, Take camels, Trade or Sell. A button that cannot work tells you why.
While the computer moves you may already pick your own cards.
The keyboard alone plays too: its keys are listed below.
Take back undoes your last move (and the computer's reply); Review steps through a game;
What I know shows what the table tells you about the cards you cannot see.</p>
""",
    # --- issue 12, untrusted input (page side): new ids, to translate ----------------------
    "refusal-round-too-long": "This round has reached {limit} moves, the most a saved game can hold, "
                              "so no more moves can be made in it. Your game is saved; "
                              "start a new game to play on (this one is kept).",
    "log-older-hidden": ("{n} older line is not shown.", "{n} older lines are not shown."),
    "log-show-all": ("Show the whole log ({n} line)", "Show the whole log ({n} lines)"),
    "log-all-title": "The whole game log",
    "what-save": "the saved game", "what-kept": "the kept games",
    # --- end of issue 12 ids ------------------------------------------------------------------
    # --- table looks C: worth and knowledge ---------------------------------------------------
    "worth-rupees": ("earns {n} rupee", "earns {n} rupees"),
    "worth-bonus-range": "+ bonus {low}–{high}",
    "worth-bonus": "+ bonus {value}",
    "worth-bonus-none": "no bonus token left",
    "worth-short": ("{n} card pays nothing", "{n} cards pay nothing"),
    "worth-empties": "empties the {good} pile",
    "worth-ends-round": "empties the {good} pile: the third empty pile ends the round",
    "worth-market-after": "market becomes {cards}",
    "round-why-piles": "The round ended because three goods token piles are empty.",
    "round-why-deck": "The round ended because the deck could not refill the market.",
    "result-aside": "Look at the table",
    "result-back": "Show the scores",
    "result-aside-text": "Round {round} is over.",
    "rounds-title": "Every round",
    "rounds-round": "Round",
    "rounds-seal": "Seal",
    "rounds-seal-nobody": "nobody",
    "rounds-why": "Why it ended",
    "tool-know": "What I know",
    "know-title": "What I know",
    "know-intro": "Counted from what you have seen: the market, your hand, both herds, "
                  "the discard pile and the tokens taken. Nothing else is used.",
    "know-good": "Good",
    "know-unseen": "Not seen yet",
    "know-opponent": "Surely in {name}'s hand",
    "know-next": "Tokens left, next first",
    "know-where": ("{n} card not seen yet: in the deck or in {name}'s hand.",
                   "{n} cards not seen yet: in the deck or in {name}'s hand."),
    "know-deck": ("The deck holds {n} card.", "The deck holds {n} cards."),
    "know-hand": ("{name} holds {n} card, {known} of them known from the market.",
                  "{name} holds {n} cards, {known} of them known from the market."),
    "know-camels": ("{n} camel not seen yet, all in the deck (a hand never holds camels).",
                    "{n} camels not seen yet, all in the deck (a hand never holds camels)."),
    "know-bonus-title": "Bonus tokens",
    "know-bonus": ("{size} cards: {n} token left; values not seen yet: {values}",
                   "{size} cards: {n} tokens left; values not seen yet: {values}"),
    "know-bonus-5": ("{size}+ cards: {n} token left; values not seen yet: {values}",
                     "{size}+ cards: {n} tokens left; values not seen yet: {values}"),
    # --- table looks D: keys (the help's keys section, pyscript_app/app/keys.py) -----------------
    "keys-title": "Keyboard",
    "key-take": "Take the selected good",
    "key-camels": "Take all the camels",
    "key-trade": "Trade the selected cards",
    "key-sell": "Sell the selected cards",
    "key-hint": "Hint: select a good move",
    "key-takeback": "Take back your last move",
    "key-know": "What I know: the cards not yet seen, the tokens left",
    "key-new-game": "New game",
    "key-help": "These rules and keys",
    "key-focus-market": "Go to the market",
    "key-focus-mine": "Go to your cards (hand, then herd)",
    "key-focus-log": "Go to the game log (the arrows scroll it)",
    "key-label-tab": "Tab",
    "key-tab": "Next part of the table: market, your cards, buttons, log; in a window, its next button",
    "key-label-home": "Home", "key-label-end": "End",
    "key-arrows": "Move between the cards of the market, or of your hand and herd; "
                  "while reviewing, step through the game",
    "key-label-space": "Space", "key-label-enter": "Enter",
    "key-select": "Pick or put back the card in focus, or press the button in focus",
    "key-label-escape": "Esc",
    "key-escape": "Close the window (a round's result: set it aside to look at the table); "
                  "on the table, clear the selection",
    # --- end of table looks D ids ---------------------------------------------------------------
    # --- table looks B: layout and motion (the phone strip) ------------------------------------
    "strip-goods": "goods {goods}",
    "strip-open": "Details", "strip-close": "Hide details",
    # --- issue 28: the diagram (pyscript_app/blog/diagram.py), a picture of a position -------------
    "diagram-title": "Jaipur, round {round}: {status}",
    "diagram-open": "Both hands face up",
    "diagram-seen-by": "As {name} sees it",
    "diagram-market": "Market: {cards}",
    "diagram-hand": "{name}'s hand: {cards}",
    "diagram-herd": ("{name}'s herd: {n} camel", "{name}'s herd: {n} camels"),
    "diagram-move": "The move marked: {move}",
    "diagram-tokens": "{name}: {tokens}, {seals}",
    # --- issue 29: the computer's analysis in review (coach/update.py, coach/view.py) -------------
    "analysis-title": "Computer analysis",
    "analyse-who": "Whose moves",
    "analyse-both": "Both",
    "analyse": "Analyse",
    "analyse-done": "Analysed",
    "analyse-not-now": "A game in progress cannot be analysed: its record holds the cards still hidden. "
                       "Finish the game first.",
    "analyse-no-moves": "These players made no move to analyse.",
    "analyse-done-already": "Every move of these players is analysed already: step through the review to see them.",
    "analysis-progress": "Analysing: {done} of {total} moves judged.",
    "analysis-stop": "Stop",
    "analysis-stopped": "Analysis stopped: the moves judged so far are kept.",
    "analysis-finished": "Analysis done: each judged move shows its mark, and the chart the chance over the game.",
    "analysis-failed": "The analysis failed: {error}",
    "chance-percent": "{n}%",
    "mark-best": "Best move.", "mark-good": "Good move.", "mark-mistake": "Mistake.", "mark-blunder": "Blunder.",
    "analysis-chances": "{name}'s chance to win the round: {before} before this move, {after} after it.",
    "analysis-is-best": "It is the best move found.",
    "analysis-best": "Best move found: {move} ({chance}).",
    "analysis-chart-title": "{name}'s chance to win the round, step by step",
    "analysis-point": "Action {at}: {mark} Chance {chance}.",
    "puzzle-judging": "Judging your move…",
    "puzzle-judged-right": "Right: your move is as good as the best move found (within 3 points). "
                           "Its chance to win the round: {chance}.",
    "puzzle-judged-wrong": "Not quite: the computer finds better. Your move's chance to win the round: {chance}.",
    "puzzle-best-label": "The best moves found:",
    "puzzle-best-move": "{what}: {chance}",
    "puzzle-judge-failed": "Your move could not be judged: {error}",
}


def english_plural(n: int) -> int:
    """Plural-Forms: nplurals=2; plural=(n != 1);"""
    return 0 if n == 1 else 1


ASCII_DIGITS = "0123456789"


@dataclass(frozen=True)
class Catalog:
    """One language: its entries and its plural rule (as a .po file would give them).

    `translations` is a gettext.GNUTranslations read from a compiled .mo (msgctxt
    = message id, msgid = the English text): it answers first, with the plural
    rule of its own header. `digits` are the ten digits numbers are written with
    (Persian: ۰…۹); the ASCII action notation is passed as text, never as a number.
    """

    entries: dict = field(default_factory=dict)
    plural: Callable[[int], int] = english_plural
    translations: gettext.GNUTranslations | None = None
    digits: str = ASCII_DIGITS

    def gettext(self, msg_id: str, **params) -> str:
        entry = self._entry(msg_id)
        if isinstance(entry, tuple):
            entry = entry[0]
        if self.translations is not None:
            entry = self.translations.pgettext(msg_id, entry)
        return _fill(entry, self._numbers(params))

    def ngettext(self, msg_id: str, n: int, **params) -> str:
        entry = self._entry(msg_id)
        if isinstance(entry, tuple):
            if self.translations is not None:
                entry = self.translations.npgettext(msg_id, entry[0], entry[-1], n)
            else:
                forms = entry
                entry = forms[min(self.plural(n), len(forms) - 1)]
        elif self.translations is not None:
            entry = self.translations.pgettext(msg_id, entry)
        return _fill(entry, self._numbers({"n": n, **params}))

    def number(self, n) -> str:
        """`n` written with this language's digits."""
        text = str(n)
        if self.digits == ASCII_DIGITS:
            return text
        return text.translate(str.maketrans(ASCII_DIGITS, self.digits))

    def _numbers(self, params: dict) -> dict:
        if self.digits == ASCII_DIGITS:
            return params
        return {key: self.number(value) if isinstance(value, int) and not isinstance(value, bool) else value
                for key, value in params.items()}

    def _entry(self, msg_id: str):
        entry = self.entries.get(msg_id)
        if entry is None:
            entry = ENGLISH.get(msg_id, msg_id)
        return entry


def _fill(text: str, params: dict) -> str:
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a wrong placeholder
        return text


ENGLISH_CATALOG = Catalog(ENGLISH)
_active = ENGLISH_CATALOG
_languages: dict[str, Catalog] = {"en": ENGLISH_CATALOG}


def use(catalog: Catalog) -> None:
    """Make `catalog` the language of every later `_` / `ngettext` call."""
    global _active
    _active = catalog


def register(language: str, catalog: Catalog) -> None:
    """Make a language available to `speak` (done once at start-up, from the .mo files)."""
    _languages[language] = catalog


def available() -> tuple:
    return tuple(_languages)


def speak(language: str) -> None:
    """Use the registered catalog of `language` (English if it was not registered)."""
    use(_languages.get(language, ENGLISH_CATALOG))


@contextmanager
def speaking(language: str):
    """Words in `language` for the duration (used to rewrite the log when the language changes)."""
    before = _active
    speak(language)
    try:
        yield
    finally:
        use(before)


def _(msg_id: str, **params) -> str:
    return _active.gettext(msg_id, **params)


def ngettext(msg_id: str, n: int, **params) -> str:
    return _active.ngettext(msg_id, n, **params)


def number(n) -> str:
    """A number as the active language writes it (Persian digits in فارسی)."""
    return _active.number(n)


# --- composite words ------------------------------------------------------------------

CARD_KEYS = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")


def card_name(card: int) -> str:
    return _("name-" + CARD_KEYS[card])


def count_cards(card: int, n: int) -> str:
    """'2 diamonds', '1 camel'."""
    return ngettext("count-" + CARD_KEYS[card], n)


def cards_words(counts) -> str:
    """'2 camels + 1 leather' for a 7-entry count tuple (goods first, camels last)."""
    parts = [count_cards(card, counts[card]) for card in range(7) if counts[card]]
    if not parts:
        return _("cards-nothing")
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = _("cards-joined", first=part, rest=text)
    return text


def _only(count: int, good: str | None) -> str:
    card = CARD_KEYS.index(good) if good in CARD_KEYS else 6
    if count == 0:
        return _("only-none", goods=_("plural-" + CARD_KEYS[card]))
    return _("only-some", cards=count_cards(card, count))


def refusal(code: str, params: dict | None = None) -> str:
    """The page's words for an engine refusal (IllegalActionError.code / Reason.code)."""
    params = dict(params or {})
    good = params.get("good")
    if code == "sell-precious-minimum":  # a whole sentence per good: no upper-casing (Turkish İ/ı)
        if good not in ("diamond", "gold", "silver"):
            return _("refusal-illegal")
        return _("refusal-sell-minimum-" + good)
    if code in ("hand-lacks", "market-short"):
        return _("refusal-" + code, only=_only(params.get("count", 0), good))
    if code == "herd-short":
        return _("refusal-herd-short", only=_only(params.get("count", 0), "camel"))
    if isinstance(good, str) and good in CARD_KEYS:
        params["good"] = card_name(CARD_KEYS.index(good))
    msg_id = "refusal-" + code
    if msg_id not in ENGLISH:
        msg_id = "refusal-illegal"
    return _(msg_id, **params)
