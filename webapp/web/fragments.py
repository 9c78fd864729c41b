"""The game page and the fragments of it that each tap swaps.

A fragment is a named block of `game/page.html` (rendered alone with
jinja2-fragments). Each carries a short hash of its own HTML; the browser sends
back the hashes it holds, and a response leaves out the fragments that did not
change.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from flask import render_template, request
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from .. import library
from ..engine import Kind, Msg, Step
from ..games import OpenGame

PAGE = "game/page.html"
FRAGMENTS = ("checklist", "state", "board", "card")
HAVE_HEADER = "X-Botdeck-Have"
HIDDEN_UNLESS_NOTED = {"plan", "explore"}


@dataclass(frozen=True)
class StepView:
    step: Step
    title: Msg
    answer: Msg | None
    current: bool
    hidden: bool


def page_context(opened: OpenGame, *, watch: bool = False, **extra: Any) -> dict[str, Any]:
    """Everything the game page and its fragments show; `watch`: no buttons at all."""
    game = opened.game
    pending = game.pending()
    checklist = game.checklist
    steps: list[StepView] = []
    if checklist is not None:
        for index, step in enumerate(checklist.steps):
            kind = game.bot.step_types.get(step.kind)
            automatic = kind is None or kind.automatic
            steps.append(
                StepView(
                    step,
                    game.step_title(step),
                    None if automatic or not step.done else _answer_label(opened, step),
                    index == checklist.cursor and not game.over,
                    step.kind in HIDDEN_UNLESS_NOTED and step.done and not step.notes,
                )
            )
    extras = kept = None
    if pending is not None:
        view = getattr(game.bot.step_types[pending.step.kind], "view", None)
        extras = view(game.state, pending.step) if view else None
        if pending.question.kind is Kind.ENTRY:
            kept = library.kept(game.bot.id, pending.question.draft)
    pickable = (
        pending.question.spaces
        if pending is not None and pending.question.kind is Kind.SPACE and not watch
        else ()
    )
    return {
        "opened": opened,
        "game": game,
        "bot": game.bot,
        "state": game.state,
        "pending": pending,
        "checklist": checklist,
        "steps": steps,
        "extras": extras,
        "kept": kept,
        "pickable": pickable,
        "version": opened.version,
        "corrections": game.bot.corrections(game.state) if not (game.over or watch) else [],
        "watch": watch,
        "demo": bool(game.deck.get("demo")),
        "Kind": Kind,
        **game.bot.view(game.state, game.deck),
        **extra,
    }


def _answer_label(opened: OpenGame, step: Step) -> Msg | None:
    game = opened.game
    if step.kind == "correction":
        return None
    try:
        question = game.bot.step_types[step.kind].question(game.state, step)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return question.label(step.answer, game.bot.space_name)


# The game's version sits in every form; it changes with every tap, so it is
# left out of a fragment's hash (the browser sends the newest one it holds, see
# botdeck.js) and a fragment only counts as changed when what it shows changed.
UNHASHED = re.compile(
    r'name="version" value="\d+"|"version": "\d+"| hx-swap-oob="true"| data-(?:game-)?version="\d+"'
)


def render_fragment(name: str, context: dict[str, Any]) -> str:
    html = render_block(PAGE, name, **context)
    digest = hashlib.blake2s(UNHASHED.sub("", html).encode(), digest_size=6).hexdigest()
    return html.replace('data-hash=""', f'data-hash="{digest}"', 1)


def render_page(opened: OpenGame, *, watch: bool = False, **extra: Any) -> str:
    """The whole page, its fragments rendered (and hashed) once each."""
    context = page_context(opened, watch=watch, **extra)
    fragments = {name: Markup(render_fragment(name, context)) for name in FRAGMENTS}
    return render_template(PAGE, fragments=fragments, **context)


def fragments_held() -> dict[str, str]:
    """The fragment hashes the browser says it has (header `X-Botdeck-Have`)."""
    held = {}
    for item in request.headers.get(HAVE_HEADER, "").split(",")[:10]:
        name, _, digest = item.partition(":")
        held[name.strip()] = digest.strip()
    return held


def render_all(opened: OpenGame, *, watch: bool = False) -> str:
    """Every fragment, as out-of-band swaps: what a live stream pushes.

    A stream cannot know what a device's page holds (its own taps come back in
    their responses), so it sends everything and the page skips the fragments
    whose hash it already shows (botdeck.js).
    """
    context = page_context(opened, watch=watch, oob=True)
    return "".join(render_fragment(name, context) for name in FRAGMENTS)


def render_changed(opened: OpenGame, *, notice: str | None = None) -> str:
    """Every fragment the browser does not already hold, as out-of-band swaps."""
    context = page_context(opened, oob=True)
    held = fragments_held()
    parts = []
    for name in FRAGMENTS:
        html = render_fragment(name, context)
        digest = html.split('data-hash="', 1)[1][:12]
        if name == "checklist" or held.get(name) != digest:
            parts.append(html)
    parts.append(render_block(PAGE, "notice", notice=notice, oob=True))
    return "".join(parts)
