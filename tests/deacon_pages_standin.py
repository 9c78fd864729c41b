"""Stand-in for `webapp.bots.deacon.pages` until Deacon's own pages land (tests only).

Deacon is registered, and the web app refuses to start for a bot that declares no
pages. Until its pages are merged, the tests declare minimal ones here: every region
drawn by an empty template, and the board editor as Deacon's pages will declare it.
Once `webapp/bots/deacon/pages.py` exists this does nothing (and can be deleted).
"""

from __future__ import annotations

import importlib.util
import sys
import types

if importlib.util.find_spec("webapp.bots.deacon.pages") is None:
    from webapp.bots.deacon.board_editor import BOARD_EDITOR
    from webapp.bots.pages import BotPages, EntryEditor, Templates

    EMPTY = "_notice.html"  # renders nothing without a notice
    module = types.ModuleType("webapp.bots.deacon.pages")
    module.PAGES = BotPages[None](  # type: ignore[attr-defined]
        icon="star",
        templates=Templates(
            board=EMPTY,
            state=EMPTY,
            card=EMPTY,
            entry=EMPTY,
            library_card=EMPTY,
            library_deck=EMPTY,
        ),
        entry=EntryEditor(start=lambda draft, kept: {}),
        board_editor=BOARD_EDITOR,
    )
    sys.modules[module.__name__] = module
