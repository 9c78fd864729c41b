"""The game page and the fragments of it that each tap swaps.

A fragment is a named block of `game/page.html` (rendered alone with
jinja2-fragments). Each carries a short hash of its own HTML; the browser sends
back the hashes it holds, and a response leaves out the fragments that did not
change.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import current_app, render_template, request
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from .. import library
from ..bots.pages import BotPages
from ..engine import Correction, Game, Kind, Msg, Pending, ScoreSheet, ScoreSheetStep, Step, msg
from ..engine.questions import Space
from ..games import OpenGame, keeps_answer
from .plugins import pages_of

PAGE = "game/page.html"
FRAGMENTS = ("checklist", "state", "board", "card")
HAVE_HEADER = "X-Botdeck-Have"


@dataclass(frozen=True)
class StepView:
    step: Step
    title: Msg
    answer: Msg | None
    current: bool
    hidden: bool


T = TypeVar("T")


def shown_or(fallback: T, what: str, compute: Callable[[], T]) -> T:
    """`compute()`, or `fallback` (logged) when the bot's code fails: one part of the
    page that cannot be shown never takes the rest of the page down with it."""
    try:
        return compute()
    except Exception:
        current_app.logger.exception("cannot show %s", what)
        return fallback


def step_title(game: Game, step: Step) -> Msg:
    return shown_or(
        msg("A step Botdeck cannot show ({kind})", kind=step.kind),
        f"the title of step {step.kind!r}",
        lambda: game.step_title(step),
    )


def step_views(game: Game) -> list[StepView]:
    """The current checklist's lines; a past step reads as it did when it was resolved."""
    checklist = game.checklist
    if checklist is None:
        return []
    return [
        StepView(
            step,
            step_title(game, step),
            game.step_answer(step),
            index == checklist.cursor and not game.over,
            step.done
            and not step.notes
            and getattr(game.bot.step_types.get(step.kind), "hidden_unless_noted", False),
        )
        for index, step in enumerate(checklist.steps)
    ]


def score_sheet(game: Game, pending: Pending | None) -> ScoreSheet | None:
    """The bot's final score sheet, once the game has reached it: its score-sheet step
    is waiting, or the game is over (None: not yet, or the bot has no sheet)."""
    at_sheet = pending is not None and isinstance(
        game.bot.step_types.get(pending.step.kind), ScoreSheetStep
    )
    if not (at_sheet or game.over):
        return None
    return shown_or(None, "the score sheet", lambda: game.bot.score_sheet(game.state))


def fragment_names(pages: BotPages[Any]) -> tuple[str, ...]:
    """The fragments of a bot's game page: a bot without cards has no card region."""
    return tuple(name for name in FRAGMENTS if name != "card" or pages.templates.cards)


def bot_view(game: Game, pages: BotPages[Any]) -> dict[str, Any]:
    """The bot's typed view of the game, as `bot_view` for its templates."""
    view_of = pages.view
    if view_of is None:
        return {"bot_view": None}
    return {"bot_view": shown_or(None, "the bot's view", lambda: view_of(game.state, game.deck))}


def page_context(opened: OpenGame, *, watch: bool = False, **extra: Any) -> dict[str, Any]:
    """Everything the game page and its fragments show; `watch`: no buttons at all."""
    game = opened.game
    pages = pages_of(game.bot.id)
    pending = shown_or(None, "the pending step", game.pending)
    unshowable = pending is None and not game.over and game.checklist is not None
    extras = kept = None
    if pending is not None:
        view = getattr(game.bot.step_types[pending.step.kind], "view", None)
        if view is not None:
            extras = shown_or(None, "the step's extras", lambda: view(game.state, pending.step))
        if keeps_answer(pending.question):
            kept = library.kept(game.bot.id, pending.question.draft, opened.row.owner)
    pickable = (
        pending.question.spaces
        if pending is not None and isinstance(pending.question, Space) and not watch
        else ()
    )
    corrections: list[Correction] = []
    if not (game.over or watch):
        corrections = shown_or([], "the counters", lambda: game.bot.corrections(game.state))
    return {
        "opened": opened,
        "game": game,
        "bot": game.bot,
        "pages": pages,
        "fragment_names": fragment_names(pages),
        "state": game.state,
        "pending": pending,
        "unshowable": unshowable,
        "checklist": game.checklist,
        "steps": step_views(game),
        "extras": extras,
        "score_sheet": score_sheet(game, pending),
        "kept": kept,
        "pickable": pickable,
        "version": opened.version,
        "corrections": corrections,
        "watch": watch,
        "demo": bool(game.deck.get("demo")),
        "Kind": Kind,
        **bot_view(game, pages),
        **extra,
    }


# The game's version sits in every form and changes with every tap; a fragment only
# counts as changed when what it shows changed. So a fragment is rendered with a
# marker where the version goes, hashed, and only then given the real version: by
# construction, however a template writes the version, it never reaches the hash.
VERSION_MARK = "BOTDECK-VERSION-MARK"
OOB = ' hx-swap-oob="true"'


def render_fragment(name: str, context: dict[str, Any]) -> str:
    marked = {**context, "version": VERSION_MARK}
    html = shown_or(
        None, f"the {name} of the game page", lambda: render_block(PAGE, name, **marked)
    )
    if html is None:  # said plainly, with what the table can still do (Undo, Export)
        html = render_template("game/_broken_fragment.html", name=name, **marked)
    digest = hashlib.blake2s(html.replace(OOB, "").encode(), digest_size=6).hexdigest()
    html = html.replace(VERSION_MARK, str(context["version"]))
    return html.replace('data-hash=""', f'data-hash="{digest}"', 1)


def render_page(opened: OpenGame, *, watch: bool = False, **extra: Any) -> str:
    """The whole page, its fragments rendered (and hashed) once each."""
    context = page_context(opened, watch=watch, **extra)
    fragments = {name: Markup(render_fragment(name, context)) for name in context["fragment_names"]}
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
    return "".join(render_fragment(name, context) for name in context["fragment_names"])


def render_changed(opened: OpenGame, *, notice: str | None = None) -> str:
    """Every fragment the browser does not already hold, as out-of-band swaps."""
    context = page_context(opened, oob=True)
    held = fragments_held()
    parts = []
    for name in context["fragment_names"]:
        html = render_fragment(name, context)
        digest = html.split('data-hash="', 1)[1][:12]
        if name == "checklist" or held.get(name) != digest:
            parts.append(html)
    parts.append(render_block(PAGE, "notice", notice=notice, oob=True))
    return "".join(parts)
