"""The waiting step is always in sight: after an answer, a saved form, a correction,
undo or redo, and another device's tap, its title and first answer are inside the
window, nothing drawn over them, and the keyboard's focus is on its title — at tablet
size either way up and on a phone. Random games of every bot, tapped as a table does."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Page

from .random_taps import GAMES, AskedFirst, Refused, one_thing, over, start_game

pytestmark = pytest.mark.e2e

SIZES = [(1024, 768), (768, 1024), (390, 844)]
THINGS = 25  # done in each game: enough for every bot to reach its forms and its turns
# Where the waiting step's title and first answer are drawn, and what has the focus.
# The first answer: the first control of the question's forms (or quick entry) drawn on
# the screen; a hidden radio is seen through its label. Covered: what is drawn at its
# middle is not part of the step (a sticky bar, a notice).
SIGHT = """() => {
  const step = document.getElementById("current-step");
  const title = step && step.querySelector(".step-title");
  if (!title) return null;
  const answer = [...step.querySelectorAll(
      ":is(form, .entry) :is(button, input:not([type=hidden]), select, textarea)")]
    .map(control => control.closest("label") || control)
    .find(shown => { const box = shown.getBoundingClientRect(); return box.width && box.height; });
  const look = element => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(
      box.left + Math.min(box.width / 2, 24), box.top + Math.min(box.height / 2, 12));
    return {
      top: Math.round(box.top), bottom: Math.round(box.bottom),
      inside: box.top >= 0 && box.bottom <= innerHeight,
      covered: hit && !step.contains(hit) ? (hit.id || hit.className || hit.tagName) : "",
    };
  };
  const active = document.activeElement;
  return {
    title: look(title), answer: answer ? look(answer) : null,
    focus: active === title ? "title" : active ? active.tagName + "." + active.className : "none",
    scrolled: scrollY,
    // a request of this page on its way, or its answer being swapped in and settled
    busy: !!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling"),
  };
}"""


def out_of_sight(sight: dict[str, Any] | None) -> str:
    """What is wrong with the step's place on the screen ("" when nothing is)."""
    if sight is None:
        return ""
    wrong = []
    for part in ("title", "answer"):
        seen = sight[part]
        if seen is not None and not seen["inside"]:
            wrong.append(f"{part} at {seen['top']}..{seen['bottom']}")
        elif seen is not None and seen["covered"]:
            wrong.append(f"{part} at {seen['top']}..{seen['bottom']} under {seen['covered']}")
    return ", ".join(wrong)


# How long the page must keep still, the step out of sight and no request of it on its
# way or being swapped in, before that counts: on a busy machine (the whole suite on 2
# cores) a swap's scroll can start 0.4 s after it.
STILL_SECONDS = 1.0


def settled_sight(page: Page, focus: bool = True) -> tuple[str, str]:
    """Once the page is still and done with its requests (a smooth scroll takes a
    moment, longer on a busy machine): what is out of sight, and where the focus is when
    not on the step's title."""
    deadline = time.monotonic() + 5
    still_since, last_place = time.monotonic(), None
    while True:
        sight = page.evaluate(SIGHT)
        wrong = out_of_sight(sight)
        focused = "" if sight is None or sight["focus"] == "title" else sight["focus"]
        if not wrong and not (focus and focused):
            return "", ""
        now = time.monotonic()
        if sight is not None and (sight["busy"] or sight["scrolled"] != last_place):
            still_since, last_place = now, sight["scrolled"]
        elif now - still_since > STILL_SECONDS or now > deadline:
            return wrong, focused
        page.wait_for_timeout(50)


NOTICE = """() => {
  const notice = document.querySelector("#notice .notice");
  if (!notice) return "no notice";
  const box = notice.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight ? "" : `notice at ${box.top}..${box.bottom}`;
}"""


def notice_sight(page: Page) -> str:
    """Where a refusal's notice is, when it is not in sight."""
    return str(page.evaluate(NOTICE))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda n: str(n))
@pytest.mark.parametrize("bot", sorted(GAMES))
def test_after_every_tap_of_a_random_game_the_waiting_step_is_in_sight_and_focused(
    page: Page, live_server, bot: str, width: int, height: int
):
    rng = random.Random(f"{bot} {width}x{height}")
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, live_server.url, rng.choice(GAMES[bot]))
    off_screen, unfocused, refused, done = [], [], [], 0
    for number in range(THINGS):
        if over(page):
            break
        done += 1
        try:
            what = one_thing(page, rng)
        except Refused as refusal:
            refused.append(str(refusal))
            if isinstance(refusal, AskedFirst):
                continue  # cancelled in its dialog: the question is where it was
            notice = notice_sight(page)
            if notice:
                off_screen.append(f"{number + 1}. refused: {notice}")
            continue
        wrong, focused = settled_sight(page)
        if wrong:
            off_screen.append(f"{number + 1}. {what}: {wrong}")
        if focused:
            unfocused.append(f"{number + 1}. {what}: focus on {focused}")
    report = (
        f"{bot} {width}x{height}: {len(off_screen)} of {done} out of sight,"
        f" {len(unfocused)} not focused, {len(refused)} refused"
    )
    assert off_screen == [], (report, off_screen)
    assert unfocused == [], (report, unfocused)
