"""Deacon's board editor, as its pages declare it (`BotPages.board_editor`): the taps
(`board_editing.py`), what it draws (`board_editor_view.py`) and its template."""

from __future__ import annotations

from ..pages import BoardEditor
from .board_editing import edit_board, start_editing
from .board_editor_view import board_summary, board_view

__all__ = ["BOARD_EDITOR"]

BOARD_EDITOR = BoardEditor(
    template="deacon/board_editor.html",
    start=start_editing,
    edit=edit_board,
    view=board_view,
    summary=board_summary,
    stylesheet="deacon_editor.css",
)
