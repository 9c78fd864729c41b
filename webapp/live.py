"""Live updates: a tap on one device wakes every open stream of that game.

One `threading.Condition` per game. A stream thread waits until the game's
version differs from the one it last sent, then renders and pushes. Everything
runs in the one server process (waitress threads), so no message broker.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable

_versions: dict[Hashable, int] = {}
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


def wait(key: Hashable, seen: int, timeout: float) -> bool:
    """Block until the game's version is not `seen` (True) or the timeout (False)."""
    condition = _condition(key)
    with condition:
        return condition.wait_for(lambda: _versions.get(key, seen) != seen, timeout)
