"""The card library: the decks of the players' own cards, and what games teach it.

The demo deck is built in and read-only; every other deck is stored, can be
edited, exported and imported, and learns the sections entered during
physical-deck games. A game works on a copy: editing a deck never changes a
game already played. Besides decks, it keeps what the table owns and enters once
(a faction's printed costs), offered again in the next game.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ..engine import get_bot
from ..engine.capabilities import cards_of
from ..storage import db
from . import table_copy

DEMO = "demo"


@dataclass(frozen=True)
class LibraryDeck:
    id: str
    name: str
    demo: bool
    data: dict[str, Any]
    progress: dict[str, int]

    @property
    def complete(self) -> bool:
        return self.progress["sections"] == self.progress["section_total"]


def _library_deck(bot_id: str, deck_id: str, name: str, data: dict[str, Any]) -> LibraryDeck:
    bot = get_bot(bot_id)
    return LibraryDeck(deck_id, name, deck_id == DEMO, data, cards_of(bot).deck_progress(data))


def decks(bot_id: str, owner: str) -> list[LibraryDeck]:
    """The demo deck first, then the owner's own by name."""
    demo = cards_of(get_bot(bot_id)).demo_deck()
    return [_library_deck(bot_id, DEMO, demo["name"], demo)] + [
        _library_deck(bot_id, row.id, row.name, row.data) for row in db.list_decks(bot_id, owner)
    ]


def find(bot_id: str, deck_id: str, owner: str) -> LibraryDeck | None:
    """The demo deck, or one of the owner's decks (another device's is not found)."""
    if deck_id == DEMO:
        demo = cards_of(get_bot(bot_id)).demo_deck()
        return _library_deck(bot_id, DEMO, demo["name"], demo)
    row = db.find_deck(deck_id)
    if row is None or row.bot != bot_id or row.owner != owner:
        return None
    return _library_deck(bot_id, row.id, row.name, row.data)


def create(bot_id: str, name: str, owner: str) -> str:
    deck_id = secrets.token_urlsafe(9)
    db.insert_deck(
        deck_id,
        bot=bot_id,
        name=name,
        data=cards_of(get_bot(bot_id)).empty_deck(name),
        owner=owner,
        now=db.now(),
    )
    return deck_id


def store(bot_id: str, data: dict[str, Any], owner: str, *, replace: str | None = None) -> str:
    """Store a checked deck file: as a new deck, or over one of the owner's."""
    if replace is not None and find(bot_id, replace, owner) is not None:
        db.save_deck(replace, name=data["name"], data=data, now=db.now())
        return replace
    deck_id = secrets.token_urlsafe(9)
    db.insert_deck(deck_id, bot=bot_id, name=data["name"], data=data, owner=owner, now=db.now())
    return deck_id


def named(bot_id: str, name: str, owner: str) -> LibraryDeck | None:
    """The owner's deck of this name (one query: a collection's 200 decks each look
    up their name, the writer lock held)."""
    row = db.find_deck_named(bot_id, name, owner)
    return None if row is None else _library_deck(bot_id, row.id, row.name, row.data)


def free_name(bot_id: str, name: str, owner: str) -> str:
    """`name`, or "name (2)", "name (3)"… if the owner has a deck of that name."""
    if named(bot_id, name, owner) is None:
        return name
    number = 2
    while named(bot_id, f"{name} ({number})", owner) is not None:
        number += 1
    return f"{name} ({number})"[:80]


def save(deck_id: str, data: dict[str, Any]) -> None:
    row = db.find_deck(deck_id)
    if row is not None:
        bot = get_bot(row.bot)
        data = cards_of(bot).validate_deck(data)
        db.save_deck(deck_id, name=data["name"], data=data, now=db.now())


def learn(deck_id: str | None, bot_id: str, entry: dict[str, Any], answer: Any) -> None:
    """A section entered during a game goes into the library deck it came from."""
    if deck_id is None or deck_id == DEMO:
        return
    row = db.find_deck(deck_id)
    if row is None:
        return
    data = row.data
    cards_of(get_bot(bot_id)).learn(data, entry, answer)
    save(deck_id, data)


def known_entry(deck_id: str | None, bot_id: str, entry: dict[str, Any]) -> Any:
    """What the library deck already holds for an entry a game asks, if anything."""
    if deck_id is None or deck_id == DEMO:
        return None
    row = db.find_deck(deck_id)
    return None if row is None else cards_of(get_bot(bot_id)).known_entry(row.data, entry)


def delete(deck_id: str) -> None:
    db.delete_deck(deck_id)


def kept(bot_id: str, draft: Any, owner: str | None) -> Any:
    """What the table entered last time for this entry (a faction's costs), if anything:
    kept for the device that owns the game (what another device entered is not offered)."""
    bot = get_bot(bot_id)
    key = bot.copy.kept_key(draft)
    if key is None:
        return None
    value = db.find_kept(owner or "", bot_id, key)
    part = bot.copy.part(key)
    # invented values kept by an earlier Botdeck are never offered as the table's
    return None if part is not None and table_copy.is_demo(part, value) else value


def keep(bot_id: str, draft: Any, answer: Any, owner: str | None) -> None:
    """Keep an entry's answer for the owner's next game, when the bot says to keep it:
    it goes into the table's copy of the game (webapp/service/table_copy.py)."""
    table_copy.keep_answer(bot_id, draft, answer, owner)
