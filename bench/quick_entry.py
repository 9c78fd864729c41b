"""The quick entry of a card's section: the server time of each of its taps (the editor
sent back redrawn) and of its Save, for the typical section the browser test enters
(tests/e2e/test_card_library.py SECTION_TAPS; that test checks what is entered, this
how fast). The person's own taps are what the table waits for: each should feel instant."""

from __future__ import annotations

import html
import re
import tempfile
import time
from collections.abc import Callable
from typing import Any

from webapp import create_app

# SECTION_TAPS as the editor's buttons send them: an advancement, 2 cubes on a space,
# the orange end space, 3 coins and an Attack Flag +2 "if not in Harbor".
TAPS: list[dict[str, str]] = [
    {"op": "space", "space": "1.2"},
    {"op": "space", "space": "2.2"},  # advancement → 1 cube → 2 cubes
    {"op": "space", "space": "2.2"},
    {"op": "space", "space": "2.2"},
    {"op": "mode", "value": "end"},
    {"op": "space", "space": "3.1"},
    {"op": "pick", "effect": "coins"},
    {"op": "add", "effect": "coins", "value": "3"},
    {"op": "pick", "effect": "attack"},
    {"op": "add", "effect": "attack", "value": "2"},
    {"op": "add", "effect": "attack", "value": "unless_in_harbor"},
]
ENTERED = {
    "advancements": ["1.2"],
    "influence": [{"space": "2.2", "cubes": 2}],
    "end": "3.1",
    "top": False,
    "bottom": False,
    "effects": [
        {"type": "coins", "amount": 3},
        {"type": "attack", "bonus": 2, "unless_in_harbor": True},
    ],
}
CARDS = [f"{n:02d}" for n in range(1, 19)]  # a section of each card, on its normal side
DRAFT = re.compile(r"name=\"draft\" value='([^']*)'")
ANSWER = re.compile(r"name=\"value\" value='([^']*)'")
HTMX = {"HX-Request": "true"}


def _post(client: Any, path: str, data: dict[str, str]) -> tuple[Any, float]:
    """A tap as htmx sends it: its answer, and the seconds the server took."""
    started = time.perf_counter()
    response = client.post(path, data=data, headers=HTMX)
    return response, time.perf_counter() - started


def _field(pattern: re.Pattern[str], page: str) -> str:
    found = pattern.search(page)
    if found is None:
        raise RuntimeError(f"the editor lost its {pattern.pattern!r}")
    return html.unescape(found.group(1))


def measure(percentiles: Callable[[list[float]], str]) -> None:
    taps: list[float] = []
    saves: list[float] = []
    sections: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        client = create_app({"DATA_DIR": data_dir}).test_client()
        deck = client.post("/library/covenant/new", data={"name": "Bench"}).headers["Location"]
        for card in CARDS:
            own = f"{deck}/card/{card}/normal.0"
            draft = _field(DRAFT, client.get(own).get_data(as_text=True))
            took = 0.0
            for tap in TAPS:
                data = {"draft": draft, "save": own, **tap}
                page, seconds = _post(client, "/entry/covenant", data)
                if page.status_code != 200:
                    raise RuntimeError(f"the tap {tap} answered HTTP {page.status_code}")
                draft = _field(DRAFT, page.get_data(as_text=True))
                taps.append(seconds)
                took += seconds
            answer = _field(ANSWER, page.get_data(as_text=True))
            saved, seconds = _post(client, own, {"value": answer})
            if saved.status_code >= 400:
                raise RuntimeError(f"the save answered HTTP {saved.status_code}")
            saves.append(seconds)
            sections.append(took + seconds)
        cards = client.get(f"{deck}/export").get_json()["cards"]
    if [card["sides"]["normal"]["sections"][0] for card in cards] != [ENTERED] * len(CARDS):
        raise RuntimeError("the taps did not enter the section they stand for")
    print(f"Quick entry of a card's section ({len(TAPS)} taps and Save, server time)")
    print(f"  a tap (the editor redrawn)          {percentiles(taps)}   aim: p95 < 25 ms")
    print(f"  its Save                            {percentiles(saves)}")
    print(f"  the section in all                  {percentiles(sections)}")
