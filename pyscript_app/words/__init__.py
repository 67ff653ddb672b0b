"""What the page says: the one catalog, the languages, and moves and steps put in words.

Every text a player reads comes from here (gettext-style: `_`, `ngettext`, `refusal`); the
translations are the .po files in pyscript_app/locale/. These modules import nothing of the
page but each other, so every other layer may use them.

Modules (layer, what it holds):
  messages   base    the catalog: every message id in English, _/ngettext/refusal, numbers, card words
  languages  base    which language to speak (?lang=, the stored choice, the browser's) and its catalog
  moves      base    actions, rounds and results in words for the log, from public facts only
  steps      base    how a review step is named ("action N", "the deal of round R")
"""
