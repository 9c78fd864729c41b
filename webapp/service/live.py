"""Live updates: a tap on one device wakes every open stream of that game.

Two kinds of follower hear a change. Under the served app, the async stream layer
(webapp/serving/streams.py) `listen`s: it holds every open stream without a thread and
renders each change once for all of them. Under a plain WSGI server (the tests',
Werkzeug's), a stream is a thread waiting on the game's `threading.Condition`.
Everything runs in the one server process, so no message broker.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_versions: dict[Hashable, int] = {}
_epoch = 0  # moves when every game may have changed at once (a backup was restored)
_conditions: dict[Hashable, threading.Condition] = {}
_guard = threading.Lock()

# A listener hears (topic, version) after each change; (None, 0) when every game may
# have changed at once. It is called on the thread that made the change: it must only
# hand the news over (the stream layer passes it to its event loop), never block.
Listener = Callable[[str | None, int], None]
_listeners: list[Listener] = []


def topic(key: Hashable) -> str:
    """A game's name on the live channel: short, printable, the same in every thread."""
    return hashlib.blake2s(repr(key).encode(), digest_size=12).hexdigest()


def listen(listener: Listener) -> Callable[[], None]:
    """Hear every change from now on; returns what stops it."""
    with _guard:
        _listeners.append(listener)

    def stop() -> None:
        with _guard:
            if listener in _listeners:
                _listeners.remove(listener)

    return stop


def _tell(name: str | None, version: int) -> None:
    with _guard:
        listeners = list(_listeners)
    for listener in listeners:
        listener(name, version)


def _condition(key: Hashable) -> threading.Condition:
    with _guard:
        return _conditions.setdefault(key, threading.Condition())


# A tap's own answer is rendered before the game's streams hear of the change: they
# would otherwise start their own work (on another thread, in the same process) while
# the tap renders, and slow its answer. Within `held()`, what this context publishes
# waits for the block's end.
_deferred: ContextVar[list[tuple[Hashable, int]] | None] = ContextVar(
    "botdeck_deferred_publishes", default=None
)


@contextmanager
def held() -> Iterator[None]:
    """Publish what the block publishes at its end (a view answering a tap: once its
    answer is rendered), whether it ends well or not."""
    token = _deferred.set([])
    try:
        yield
    finally:
        waiting = _deferred.get()
        _deferred.reset(token)
        for key, version in waiting or ():
            publish(key, version)


def publish(key: Hashable, version: int) -> None:
    """The game changed (version -1: it was deleted); wake its streams."""
    held = _deferred.get()
    if held is not None:
        held.append((key, version))
        return
    condition = _condition(key)
    with condition:
        _versions[key] = version
        condition.notify_all()
    _tell(topic(key), version)


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
    _tell(None, 0)
