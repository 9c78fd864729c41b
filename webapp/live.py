"""Live updates: a tap on one device wakes every open stream of that game.

One `threading.Condition` per game. A stream thread waits until the game's
version differs from the one it last sent, then renders and pushes. Everything
runs in the one server process (waitress threads), so no message broker.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable

_versions: dict[Hashable, int] = {}
_epoch = 0  # moves when every game may have changed at once (a backup was restored)
_conditions: dict[Hashable, threading.Condition] = {}
_guard = threading.Lock()


def _condition(key: Hashable) -> threading.Condition:
    with _guard:
        return _conditions.setdefault(key, threading.Condition())


def publish(key: Hashable, version: int) -> None:
    """The game changed (version -1: it was deleted); wake its streams."""
    condition = _condition(key)
    with condition:
        _versions[key] = version
        condition.notify_all()


def epoch() -> int:
    return _epoch


def wait(key: Hashable, seen: int, timeout: float) -> bool:
    """Block until the game's version is not `seen` or every game changed (True), or
    the timeout (False)."""
    condition = _condition(key)
    started = _epoch
    with condition:
        return condition.wait_for(
            lambda: _versions.get(key, seen) != seen or _epoch != started, timeout
        )


def reset() -> None:
    """Every game may have changed (the database was restored): wake every stream."""
    global _epoch
    with _guard:
        _epoch += 1
        conditions = list(_conditions.values())
    for condition in conditions:
        with condition:
            condition.notify_all()
