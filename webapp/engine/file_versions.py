"""Which Botdeck a file is for: its `version`, its `revision`, and the refusal of a file
made by a newer Botdeck.

Every file Botdeck writes and reads (a game, a deck, a board, the table's copy of the
game, a collection) starts with its `format` and its `version`. The rule, for the
releases to come:

- `version` is the format's, a whole number. It is raised only when a file's meaning
  changes so that an earlier Botdeck would read it wrongly. A file of a greater version
  is refused as made by a newer Botdeck.
- `revision` (absent: 1) is what the Botdeck that wrote the file knew of every format.
  A release that lets a file hold anything new (an option, a field, a part, a step kind
  an earlier Botdeck does not know) raises REVISION by one, and every file it writes
  then says so (`written_by`). An earlier Botdeck still reads such a file when it
  holds nothing new; when it cannot read it, whatever the reason (an unknown option, a
  field its schema refuses, a field it would leave out), the refusal is "made by a
  newer Botdeck", not the name of what it does not know.

Files of revision 1 (every earlier release's) carry no `revision`: an earlier Botdeck,
whose schemas refuse fields they do not list, reads today's files as before.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import Any, TypeGuard

from .text import Msg, msg

#: what this Botdeck knows of its files' formats (see above: raised with anything new)
REVISION = 1
#: the largest revision a file may say (a deck or a board is kept as read: 32 bits)
MAX_REVISION = 2**31 - 1

NEWER = msg("it was made by a newer Botdeck (update Botdeck to open it)")


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def written_by() -> dict[str, int]:
    """What a file this Botdeck writes says of the Botdeck that wrote it (nothing at
    revision 1: see above)."""
    return {"revision": REVISION} if REVISION > 1 else {}


def as_written(data: dict[str, Any]) -> dict[str, Any]:
    """A file kept as it was read (a deck, a board), as this Botdeck writes it: the
    revision it says is this Botdeck's."""
    return {**{k: v for k, v in data.items() if k != "revision"}, **written_by()}


def version_refusal(data: dict[str, Any], reads: int) -> Msg | None:
    """Why a file's `version` and `revision` cannot be read by this Botdeck, which reads
    version `reads` of its format (None: they can)."""
    version, revision = data.get("version"), data.get("revision", 1)
    if _whole(version) and version > reads:
        return NEWER
    if not _whole(version) or version != reads:
        return msg("its version (field 'version') is not a number Botdeck knows")
    if not _whole(revision) or not 1 <= revision <= MAX_REVISION:
        return msg("its revision (field 'revision') is not a number Botdeck knows")
    return None


def from_newer(data: Any) -> bool:
    """Whether the file says a newer Botdeck wrote it (its revision is greater)."""
    revision = data.get("revision") if isinstance(data, dict) else None
    return _whole(revision) and REVISION < revision <= MAX_REVISION


def unknown_fields(data: dict[str, Any], known: Collection[str]) -> bool:
    """Whether a file from a newer Botdeck holds a field this Botdeck would leave out
    (a format whose reader takes only the fields it knows: a game, a collection)."""
    return from_newer(data) and any(field not in known for field in data)


@contextmanager
def refused_as_newer(data: Any, refusal: type[ValueError]) -> Iterator[None]:
    """Within the block, a `refusal` of a file from a newer Botdeck is raised again as
    "made by a newer Botdeck": what this Botdeck does not know is what it cannot read."""
    try:
        yield
    except refusal:
        if from_newer(data):
            raise refusal(NEWER) from None
        raise
