"""Keyboard focus on the page: roving tab stops in the rows of cards, Tab kept inside an open
dialog, focus put back after a render and given back to a dialog's opener when it closes.

The index arithmetic is app/keys.py's (`roving_step`, `trap_step`); this module reads and moves the
browser's focus. page.BrowserHost calls `hold()` before a render and `restore(...)` after it;
input.py asks `trap_tab`, `rove`, `jump` and `top_dialog` on a keydown (the first three
prevent the key's default action and answer True when they handled it).
"""

from __future__ import annotations

import js

from ..app.keys import ACTION_KEYS, ARROWS, ROWS, ZONE_ROW, key_for, roving_step, trap_step
from .jsvalues import js_object, page_is_rtl, text, value

FOCUSABLE = ('button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), a[href], '
             '[tabindex]:not([tabindex="-1"])')


class Focus:
    def __init__(self, root):
        self.root = root
        self._roving = {row: 0 for row in ROWS}  # each row's one Tab stop (its position in the row)
        self._openers = {}  # dialog key -> data-key of the control that had focus when it opened

    # --- across a render -----------------------------------------------------------
    def hold(self) -> tuple:
        """Before a render: (data-key, place in a row of cards) of the focused element."""
        active = value(js.document.activeElement)
        key = text(active.getAttribute("data-key")) if active is not None and hasattr(active, "getAttribute") else None
        return key, self._row_place(active)

    def restore(self, held: tuple, opened, dialogs_before, dialogs_now) -> None:
        """After a render: focus the element with the same data-key, or the newly opened dialog's
        `data-autofocus` control, or where _keyboard_place says."""
        key, place = held
        element = value(self.root.querySelector(f'[data-key="{key}"]')) if key else None
        if opened is not None:
            focus = value(opened.querySelector("[data-autofocus]"))
            if focus is not None and (element is None or value(element.closest(".panel")) is None):
                element = focus  # a dialog just opened: take the keyboard there
        element = self._keyboard_place(element, key, place, opened, dialogs_before, dialogs_now)
        if element is not None:
            element.focus(js_object({"preventScroll": True}))

    def _row_cards(self, row: str) -> list:
        return list(self.root.querySelectorAll(ROWS[row]))

    def _row_place(self, element):
        """(row, position in the row) of a focused card, else None."""
        if element is None or not hasattr(element, "getAttribute"):
            return None
        row = ZONE_ROW.get(text(element.getAttribute("data-zone")) or "")
        if row is None or text(element.getAttribute("data-action")) != "select":
            return None
        cards = self._row_cards(row)
        for position, card in enumerate(cards):
            if card == element:
                return row, position
        return None

    def _keyboard_place(self, element, key, place, opened, dialogs_before, dialogs_now):
        """Where focus goes after a render: a closed dialog gives it back to its opener; a card
        that went away (sold, taken) leaves it on its row's nearest card; each row keeps one Tab stop."""
        if opened is not None:
            self._openers[text(opened.getAttribute("data-dialog"))] = key
        now = dict(dialogs_now)
        for dialog, _html in reversed(dialogs_before):
            if dialog in now:
                continue
            opener = self._openers.pop(dialog, None)
            if element is None and opener:
                element = value(self.root.querySelector(f'[data-key="{opener}"]'))
                if element is None and place is None:
                    row = ZONE_ROW.get(opener.split("-", 1)[0])
                    place = (row, int(opener.rsplit("-", 1)[1])) if row and opener[-1:].isdigit() else None
        for dialog in list(self._openers):
            if dialog not in now:
                del self._openers[dialog]
        if element is None and place is not None:
            row, position = place
            cards = self._row_cards(row)
            if cards:
                element = cards[min(position, len(cards) - 1)]
        self._set_tab_stops(element)
        self._mark_shortcuts()
        return element

    def _set_tab_stops(self, focused=None) -> None:
        """Roving tabindex: one card of each row is in the Tab order (the focused one, or the last used)."""
        focused_place = self._row_place(focused)
        for row in ROWS:
            cards = self._row_cards(row)
            if not cards:
                continue
            current = focused_place[1] if focused_place and focused_place[0] == row else self._roving[row]
            current = max(0, min(current, len(cards) - 1))
            self._roving[row] = current
            for position, card in enumerate(cards):
                card.setAttribute("tabindex", "0" if position == current else "-1")

    def _mark_shortcuts(self) -> None:
        for found in ACTION_KEYS:
            control = value(self.root.querySelector(f'[data-testid="{found.testid}"]'))
            if control is not None:
                control.setAttribute("aria-keyshortcuts", found.label)

    # --- keys --------------------------------------------------------------------------
    def rove(self, event, target, key: str) -> bool:
        """An arrow, Home or End on a card: move to another card of its row."""
        if key not in ARROWS:
            return False
        place = self._row_place(target)
        if place is None:
            return False
        row, position = place
        cards = self._row_cards(row)
        to = roving_step(key, position, len(cards), page_is_rtl())
        if to is None:
            return False
        event.preventDefault()
        self._roving[row] = to
        self._set_tab_stops(cards[to])
        cards[to].focus()
        return True

    def jump(self, event, key: str) -> bool:
        """M, Y, L: the keyboard goes to the market, your cards or the log."""
        found = key_for(key, text(event.code) or "", bool(event.shiftKey))
        if found is None or found.event is not None:
            return False
        if found.testid in ROWS:
            cards = self._row_cards(found.testid)
            target = cards[max(0, min(self._roving[found.testid], len(cards) - 1))] if cards else None
        else:
            target = value(self.root.querySelector(f'[data-testid="{found.testid}"]'))
        if target is None:
            return False
        event.preventDefault()
        target.focus()
        return True

    def top_dialog(self):
        """The modal dialog the keyboard belongs to: the one holding focus, else the newest open.

        Only `aria-modal="true"` dialogs hold the keyboard: one set aside (not modal) lets it go."""
        dialogs = [node for node in self.root.querySelector('[data-region="dialogs"]').children
                   if text(node.getAttribute("aria-modal")) == "true"]
        if not dialogs:
            return None
        active = value(js.document.activeElement)
        for dialog in dialogs:
            if active is not None and dialog.contains(active):
                return dialog
        opened = [d for d in dialogs if text(d.getAttribute("data-dialog")) in self._openers]
        return (opened or dialogs)[-1]

    def trap_tab(self, event) -> bool:
        """Tab / Shift+Tab cycle inside an open dialog (True: a dialog is open, the key is handled)."""
        dialog = self.top_dialog()
        if dialog is None:
            return False
        controls = [c for c in dialog.querySelectorAll(FOCUSABLE) if c.getClientRects().length]
        active = value(js.document.activeElement)
        index = next((i for i, c in enumerate(controls) if c == active), -1)
        to = trap_step(index, len(controls), bool(event.shiftKey))
        event.preventDefault()
        if to is not None:
            controls[to].focus()
        return True
