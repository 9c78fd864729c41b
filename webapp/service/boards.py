"""The board library: the boards the players copied from their printed ones.

A board is a board file the bot accepts (`BoardRules.validate`); an incomplete one is
fine (what it lacks is `BoardRules.problems`). Boards belong to the device that made
them and are kept in the `kept` table (key `board:<id>`), beside what else the table
owns and enters once; the files before the last taps of the editor are kept too
(`board-undo:<id>`), so a tap can be undone. The demo board is built in and read-only.
A game copies the board it starts with: editing a board never changes a game.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ..engine import Bot, Msg, get_bot
from ..engine.capabilities import board_of
from ..storage import db

DEMO = "demo"
BOARD = "board:"
UNDO = "board-undo:"  # its taps that can be undone, the last db.UNDO_DEPTH


@dataclass(frozen=True)
class LibraryBoard:
    id: str
    name: str
    demo: bool
    data: dict[str, Any]
    problems: list[Msg]

    @property
    def complete(self) -> bool:
        return not self.problems


def _library_board(bot: Bot[Any], board_id: str, data: dict[str, Any]) -> LibraryBoard:
    return LibraryBoard(
        board_id, data["name"], board_id == DEMO, data, board_of(bot).problems(data)
    )


def boards(bot_id: str, owner: str) -> list[LibraryBoard]:
    """The owner's boards by name (the demo board is `demo`)."""
    bot = get_bot(bot_id)
    found = [
        _library_board(bot, key[len(BOARD) :], data)
        for key, data in db.list_kept(owner, bot_id, BOARD)
    ]
    return sorted(found, key=lambda board: (board.name.casefold(), board.id))


def demo(bot_id: str) -> LibraryBoard:
    bot = get_bot(bot_id)
    return _library_board(bot, DEMO, board_of(bot).demo())


def find(bot_id: str, board_id: str, owner: str) -> LibraryBoard | None:
    """The demo board, or one of the owner's boards (another device's is not found)."""
    if board_id == DEMO:
        return demo(bot_id)
    data = db.find_kept(owner, bot_id, BOARD + board_id)
    return None if data is None else _library_board(get_bot(bot_id), board_id, data)


def create(bot_id: str, name: str, owner: str) -> str:
    return store(bot_id, board_of(get_bot(bot_id)).empty(name), owner)


def store(bot_id: str, data: dict[str, Any], owner: str) -> str:
    """Store a board file the bot accepts as a new board of the owner's."""
    board_id = secrets.token_urlsafe(9)
    db.save_kept(
        owner, bot_id, BOARD + board_id, board_of(get_bot(bot_id)).validate(data), db.now()
    )
    return board_id


def save(bot_id: str, board_id: str, data: dict[str, Any], owner: str) -> None:
    """Store a changed board (checked first: ValueError and nothing stored if the bot
    refuses it); what it was before can be brought back with `undo`."""
    before = find(bot_id, board_id, owner)
    if before is None or before.demo:
        raise KeyError(board_id)
    data = board_of(get_bot(bot_id)).validate(data)
    db.replace_kept(owner, bot_id, BOARD + board_id, data, history=UNDO + board_id, now=db.now())


def can_undo(bot_id: str, board_id: str, owner: str) -> bool:
    return bool(db.find_kept(owner, bot_id, UNDO + board_id))


def undo(bot_id: str, board_id: str, owner: str) -> bool:
    """Bring back the board as it was before the last change; False if there is none."""
    return db.restore_kept(owner, bot_id, BOARD + board_id, history=UNDO + board_id, now=db.now())


def rename(bot_id: str, board_id: str, name: str, owner: str) -> None:
    found = find(bot_id, board_id, owner)
    if found is None or found.demo:
        raise KeyError(board_id)
    data = board_of(get_bot(bot_id)).validate({**found.data, "name": name})
    db.save_kept(owner, bot_id, BOARD + board_id, data, db.now())


def delete(bot_id: str, board_id: str, owner: str) -> None:
    db.delete_kept(owner, bot_id, BOARD + board_id, UNDO + board_id)


def free_name(bot_id: str, name: str, owner: str) -> str:
    """`name`, or "name (2)", "name (3)"… if the owner has a board of that name."""
    taken = {board.name for board in boards(bot_id, owner)}
    number, found = 1, name
    while found in taken:
        number += 1
        suffix = f" ({number})"
        found = name[: 80 - len(suffix)].rstrip() + suffix
    return found
