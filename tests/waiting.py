"""Waiting in tests: on a condition, with a deadline, never for a fixed time.

The one place a test pauses (tests/test_quality.py keeps it so): a fixed sleep is
either too short on a busy machine (a flaky test) or longer than needed (a slow one).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def wait_until(
    condition: Callable[[], T],
    *,
    within: float,
    what: str,
    every: float = 0.02,
    pause: Callable[[float], object] = time.sleep,
) -> T:
    """What `condition()` returns once it is true, asked every `every` seconds; an
    AssertionError saying `what` never came once `within` seconds have passed.
    `pause`: how to wait between two asks (a browser page's, to let its events run)."""
    deadline = time.monotonic() + within
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {within} s")
        pause(every)


def pumping(page: Any) -> Callable[[float], object]:
    """A pause that lets a Playwright page handle its events (its sync API runs them
    only while it is called: a route held, a stream's update)."""
    return lambda seconds: page.wait_for_timeout(seconds * 1000)
