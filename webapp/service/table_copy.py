"""The table's copy of the game: what its printed parts hold, entered once, before play.

Each bot declares the parts of its copy (`Bot.copy`, a `CopyParts`: a faction's board
costs, a printed track…); their values are kept in the `kept` table under the part's key, owned
by the device as decks are, and so is the board the table plays on (`TABLE_BOARD`: which
of the board library's boards is the table's). Every change made here, or entered in a
game, is one unit of the undo list (`UNDO`): Undo puts back what the keys held before.

The copy is also one file, `botdeck-copy` (`export`, `check_file`, `store_file`): its
parts, and the table's board. A game never reads the copy at replay: what it uses is
answered into its log (webapp/service/games.py) or given as its options (the board).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from ..engine import Bot, CopyPart, Msg, get_bot, msg
from ..engine.file_versions import as_written, refused_as_newer, version_refusal, written_by
from ..engine.schema import first_error, in_words
from ..engine.text import reason
from ..storage import db
from . import boards

FORMAT = "botdeck-copy"
VERSION = 1
TABLE_BOARD = "copy:board"  # {"board": id}: the library board that is the table's
UNDO = "copy-undo"  # units of changes, the last one first taken back (the last db.UNDO_DEPTH)

ENTERED, DEMO, MISSING = "entered", "demo", "missing"


class CopyFileError(ValueError):
    """A copy file that cannot be imported: the reason names the part and the field."""


@dataclass(frozen=True)
class PartState:
    """A part of the copy and what the copy holds for it."""

    part: CopyPart
    value: Any  # None: not entered

    @property
    def state(self) -> str:
        """`ENTERED`, `DEMO` (the bot's invented values: not the table's cardboard) or
        `MISSING`."""
        if self.value is None:
            return MISSING
        return DEMO if is_demo(self.part, self.value) else ENTERED

    @property
    def usable(self) -> bool:
        """What a game with the printed components may take without asking."""
        return self.state == ENTERED


def is_demo(part: CopyPart, value: Any) -> bool:
    return part.demo is not None and value == part.demo


def _entered_keys(bot: Bot[Any], owner: str) -> list[str]:
    parts = bot.copy.parts(None, ())
    known = {part.key for part in parts}
    # a part the bot lists only once entered (another faction) is found by its key
    prefixes = sorted({part.key.split(":")[0] + ":" for part in parts if ":" in part.key})
    found = [key for prefix in prefixes for key, _data in db.list_kept(owner, bot.id, prefix)]
    return sorted(known | set(found))


def parts(bot_id: str, owner: str, options: dict[str, Any] | None = None) -> list[PartState]:
    """The copy's parts in the rulebook's setup order, each with its value; with
    `options`, the parts a game with these options may use."""
    bot = get_bot(bot_id)
    listed = bot.copy.parts(options, () if options is not None else _entered_keys(bot, owner))
    return [PartState(part, db.find_kept(owner, bot_id, part.key)) for part in listed]


def find_part(bot_id: str, key: str, owner: str) -> PartState | None:
    part = get_bot(bot_id).copy.part(key)
    return None if part is None else PartState(part, db.find_kept(owner, bot_id, key))


def usable_value(bot_id: str, draft: Any, owner: str | None) -> Any:
    """What the copy holds for a game's question with this draft, if a game with the
    printed components may take it without asking (None: ask)."""
    bot = get_bot(bot_id)
    key = bot.copy.kept_key(draft)
    part = None if key is None else bot.copy.part(key)
    if part is None:
        return None
    found = PartState(part, db.find_kept(owner or "", bot_id, part.key))
    return found.value if found.usable else None


def _change(bot_id: str, owner: str, changes: list[tuple[str, Any]]) -> None:
    db.change_kept(owner, bot_id, changes, history=UNDO, now=db.now())


def save_part(bot_id: str, part: CopyPart, raw: Any, owner: str) -> Any:
    """Check what was entered for a part as a game checks it (ValueError naming the field,
    nothing stored) and store it; returns the value stored."""
    value = part.parse(raw)
    _change(bot_id, owner, [(part.key, value)])
    return value


def keep_answer(bot_id: str, draft: Any, answer: Any, owner: str | None) -> None:
    """A part entered in a game goes into the copy (an answer equal to the invented
    values does not: a demo is never kept as the table's cardboard)."""
    bot = get_bot(bot_id)
    key = bot.copy.kept_key(draft)
    if key is None:
        return
    part = bot.copy.part(key)
    if part is not None and is_demo(part, answer):
        return
    if db.find_kept(owner or "", bot_id, key) == answer:
        return  # answered from the copy: nothing to take back
    _change(bot_id, owner or "", [(key, answer)])


def forget_part(bot_id: str, key: str, owner: str) -> None:
    _change(bot_id, owner, [(key, None)])


# --- the table's board ------------------------------------------------------------------


def table_board(bot_id: str, owner: str) -> boards.LibraryBoard | None:
    """The board the table plays on: the one chosen in the copy, else the first complete
    board of the library, else the first one (None: no board entered)."""
    if get_bot(bot_id).board is None:
        return None
    chosen = db.find_kept(owner, bot_id, TABLE_BOARD)
    if isinstance(chosen, dict) and isinstance(chosen.get("board"), str):
        found = boards.find(bot_id, chosen["board"], owner)
        if found is not None and not found.demo:
            return found
    own = boards.boards(bot_id, owner)
    return next((b for b in own if b.complete), own[0] if own else None)


def choose_board(bot_id: str, board_id: str, owner: str) -> None:
    """Make one of the owner's boards the table's (KeyError: not one of theirs)."""
    found = boards.find(bot_id, board_id, owner)
    if found is None or found.demo:
        raise KeyError(board_id)
    _change(bot_id, owner, [(TABLE_BOARD, {"board": board_id})])


# --- undo -------------------------------------------------------------------------------


def can_undo(bot_id: str, owner: str) -> bool:
    return bool(db.find_kept(owner, bot_id, UNDO))


def undo(bot_id: str, owner: str) -> bool:
    """Put back what the copy held before its last change; False if there is none."""
    return bool(db.undo_kept(owner, bot_id, history=UNDO, now=db.now()))


# --- the copy file ----------------------------------------------------------------------


def schema(bot_id: str) -> dict[str, Any]:
    """The JSON Schema of a bot's copy files (published at /schemas/<bot>-copy.json)."""
    bot = get_bot(bot_id)
    listed = bot.copy.parts(None, ())
    part_schema = {"type": "object"}
    properties: dict[str, Any] = {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "revision": {
            "type": "integer",
            "minimum": 1,
            "maximum": 2**31 - 1,
            "description": "Which Botdeck wrote the file (absent: 1); an earlier one "
            "refuses what it cannot read as made by a newer Botdeck.",
        },
        "bot": {"const": bot.id},
        "parts": {
            "type": "object",
            "description": "What each printed part holds, by the part's key: the "
            "fields its form in a game takes, as a game stores them.",
            "properties": {
                part.key: {**part_schema, "description": str(part.name)} for part in listed
            },
            "additionalProperties": part_schema if bot.copy.extra is not None else False,
        },
    }
    if bot.board is not None:
        properties["board"] = {
            "description": "The table's board, a board file (see the board file schema).",
            "type": "object",
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Botdeck copy of the game: {bot.id}",
        "type": "object",
        "required": ["format", "version", "bot", "parts"],
        "properties": properties,
        "additionalProperties": False,
    }


def export(bot_id: str, owner: str) -> dict[str, Any]:
    """The copy as one file: every part it holds, and the table's board."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        **written_by(),
        "bot": bot_id,
        "parts": {
            found.part.key: found.value for found in parts(bot_id, owner) if found.value is not None
        },
    }
    board = table_board(bot_id, owner)
    if board is not None:
        data["board"] = as_written({k: v for k, v in board.data.items() if k != "photo"})
    return data


@dataclass(frozen=True)
class CheckedCopy:
    """A copy file checked in full, ready to store."""

    bot: str
    values: dict[str, Any]  # by part key, as a game stores them
    board: dict[str, Any] | None


def check_file(bot_id: str, data: Any) -> CheckedCopy:
    """Every part of a copy file checked as a game checks it; CopyFileError naming the
    part and field of the first that cannot be used (or saying that a newer Botdeck made
    the file). Nothing is stored."""
    bot = get_bot(bot_id)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CopyFileError(msg("this is not a Botdeck copy file (field 'format')"))
    refused = version_refusal(data, VERSION)
    if refused is not None:
        raise CopyFileError(refused)
    if data.get("bot") != bot_id:
        raise CopyFileError(msg("it is the copy of another game"))
    with refused_as_newer(data, CopyFileError):
        return _checked_file(bot, data)


def _checked_file(bot: Bot[Any], data: dict[str, Any]) -> CheckedCopy:
    """`check_file` once the file is known to be a copy of this version, for this bot."""
    bot_id = bot.id
    error = first_error(data, schema(bot_id))
    if error is not None:
        path, wrong = in_words(error)
        if len(path) >= 2 and path[0] == "parts":
            part = bot.copy.part(str(path[1]))
            name = part.name if part is not None else msg("{key}", key=str(path[1]))
            raise CopyFileError(msg("part “{part}” {wrong}", part=name, wrong=wrong))
        where = ".".join(str(p) for p in path) or "copy"
        raise CopyFileError(msg("field '{field}' {wrong}", field=where, wrong=wrong))
    values: dict[str, Any] = {}
    for key, raw in data["parts"].items():
        part = bot.copy.part(key)
        if part is None:
            raise CopyFileError(msg("part '{key}': there is no such part", key=key))
        values[key] = _checked(part.name, part.parse, raw)
    rules = bot.board  # a board in the file only if the bot has one (the schema says so)
    board = data.get("board") if rules is not None else None
    if rules is not None and board is not None:
        board = _checked(msg("Board"), rules.validate, board)
        board.pop("photo", None)
    return CheckedCopy(bot_id, values, board)


def _checked(name: Msg, check: Callable[[Any], Any], raw: Any) -> Any:
    try:
        return check(raw)
    except ValueError as error:
        raise CopyFileError(msg("part “{part}”: {why}", part=name, why=reason(error))) from None


def store_file(checked: CheckedCopy, owner: str) -> None:
    """Store a checked copy file over the owner's copy, as one change Undo takes back:
    its parts, and its board as the table's (stored in the board library, or the
    owner's board that is the very same file). One transaction: a board stored and
    the copy not changed would be a board no one chose."""
    changes: list[tuple[str, Any]] = list(checked.values.items())
    with db.all_or_nothing():
        if checked.board is not None:
            own = boards.boards(checked.bot, owner)
            same = next((b for b in own if b.data == checked.board), None)
            if same is not None:
                board_id = same.id
            else:
                board = {
                    **checked.board,
                    "name": boards.free_name(checked.bot, checked.board["name"], owner),
                }
                board_id = boards.store(checked.bot, board, owner)
            changes.append((TABLE_BOARD, {"board": board_id}))
        _change(checked.bot, owner, changes)


def entered_count(found: Collection[PartState]) -> int:
    return sum(1 for part in found if part.state == ENTERED)
