"""The game page and the fragments of it that each tap swaps.

A fragment is a named block of `game/page.html` (rendered alone with
jinja2-fragments). Each carries a short digest of what it shows (`data-hash`); the
browser sends back the digests it holds, and an answer leaves out the fragments that
did not change — known from the game's state, without rendering them (`inputs_digest`).
"""

from __future__ import annotations

import hashlib
import pickle
import secrets
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import current_app, render_template, request
from flask_babel import get_locale
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from ..bots.pages import BotPages, Figure
from ..engine import Correction, Game, Kind, Msg, Pending, ScoreSheet, Step, msg
from ..engine.game import REASON_LENGTH
from ..engine.questions import Space
from ..service import library
from ..service.games import OpenGame, keeps_answer, watch_key
from .now_on_board import NOTHING, now_on_board
from .play_log import final_sheet, play_link
from .plugins import pages_of

PAGE = "game/page.html"
FRAGMENTS = ("checklist", "figures", "state", "board", "card")
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


def step_title(game: Game, step: Step, *, upcoming: bool = False) -> Msg:
    """A step's line; `upcoming`: a step not reached yet."""
    return shown_or(
        msg("A step Botdeck cannot show ({kind})", kind=step.kind),
        f"the title of step {step.kind!r}",
        lambda: game.upcoming_title(step) if upcoming else game.step_title(step),
    )


def step_views(game: Game) -> list[StepView]:
    """The current checklist's lines; a past step reads as it did when it was resolved."""
    checklist = game.checklist
    if checklist is None:
        return []
    return [
        StepView(
            step,
            step_title(game, step, upcoming=not step.done and index > checklist.cursor),
            game.step_answer(step),
            index == checklist.cursor and not game.over,
            step.done
            and not step.notes
            and getattr(game.bot.step_types.get(step.kind), "hidden_unless_noted", False),
        )
        for index, step in enumerate(checklist.steps)
    ]


def score_sheet(game: Game, pending: Pending | None) -> ScoreSheet | None:
    """The bot's final score sheet, once the game has reached it (`final_sheet`)."""
    return shown_or(None, "the score sheet", lambda: final_sheet(game, pending))


def fragment_names(pages: BotPages[Any]) -> tuple[str, ...]:
    """The fragments of a bot's game page: a bot without cards has no card region, one
    that declares no key figures no strip of them."""
    left_out = {"card": not pages.templates.cards, "figures": pages.figures is None}
    return tuple(name for name in FRAGMENTS if not left_out.get(name))


def key_figures(game: Game, pages: BotPages[Any], view: Any) -> list[Figure]:
    """The bot's key figures for the strip beside the question (none once the game is
    over: its score sheet says it all)."""
    figures_of = pages.figures
    if figures_of is None or game.over or (view is None and pages.view is not None):
        return []  # (a view that cannot be drawn is logged once, by `bot_view`)
    return shown_or([], "the bot's key figures", lambda: list(figures_of(game.state, view)))


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
    now = shown_or(NOTHING, "what is now on the board", lambda: now_on_board(game))
    corrections: list[Correction] = []
    if not (game.over or watch):
        corrections = shown_or([], "the counters", lambda: game.bot.corrections.offered(game.state))
    typed = bot_view(game, pages)
    sheet = score_sheet(game, pending)
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
        "score_sheet": sheet,
        # the link that logs the play in BG Stats, once the sheet is shown
        "bgstats_link": shown_or(None, "the play to log", lambda: play_link(opened, sheet)),
        "kept": kept,
        "pickable": pickable,
        # what the last tap has the table do on the board, and the places it names: lit
        # on the board as the question's spaces are (`now_places` in the bots' boards)
        "now_on_board": now,
        "now_places": now.places,
        "version": opened.version,
        "corrections": corrections,
        "reason_length": REASON_LENGTH,  # an overturn's reason (game/_overturn.html)
        "watch": watch,
        "locale": str(get_locale()),
        "demo": bool(game.deck.get("demo")),
        # what else the game plays that is invented (a demo board, demo values), chosen
        # by name: said on every page of it, as the demo deck is
        "demo_labels": shown_or(
            list[Msg](), "the demo labels", lambda: game.bot.copy.demo_labels(game.options)
        ),
        "Kind": Kind,
        **typed,
        "figures": key_figures(game, pages, typed["bot_view"]),
        **extra,
    }


# The game's version sits in every form and changes with every tap; a fragment only
# counts as changed when what it shows changed. So a fragment is rendered with a
# marker where the version goes, and given the real version only when it is sent: by
# construction, however a template writes the version, it never reaches a digest.
VERSION_MARK = "BOTDECK-VERSION-MARK"
OOB = ' hx-swap-oob="true"'
# Digests stand for this process's templates: after a restart (perhaps of a newer
# Botdeck) no page's digest matches, so a page's first tap gets every fragment again.
PROCESS = secrets.token_hex(8)


def inputs_digest(name: str, context: dict[str, Any]) -> str | None:
    """A digest of everything fragment `name` draws from, besides the version, taken from
    the game rather than from its HTML: equal digests, equal fragments, so a board, card
    or state panel whose inputs did not change is not rendered again. None for the
    checklist (it changes at nearly every tap: rendered every time) or when the inputs
    cannot be read whole.

    The board, the card and the state panel draw from the bot (its state and working
    deck through its view, or what its pages' `fragment_inputs` name), the step's extras
    and board taps, the counters that can be corrected, whether the game is over, and
    the reader's view and language; the board also from the places the last tap named
    (`now_places`)."""
    if name == "checklist":
        return None
    if "inputs" not in context:
        context["inputs"] = _shared_inputs(context)
    shared = context["inputs"]
    drawn = _bot_inputs(name, context)
    if shared is None or drawn is None:
        return None
    if name == "board":
        drawn += _digest(pickle.dumps(tuple(context["now_places"]))).encode()
    return _digest(name.encode() + drawn + shared)


def _pickled(value: Any) -> bytes | None:
    try:
        return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception:  # something a bot keeps that cannot be pickled: render and hash
        return None


def _bot_inputs(name: str, context: dict[str, Any]) -> bytes | None:
    """What region `name` draws of the bot, as bytes: what its pages say it draws (the
    strip of key figures: the figures themselves), or else the whole state and deck (once
    per version of the game)."""
    opened, game, pages = context["opened"], context["game"], context["pages"]
    if name == "figures":
        drawn = _pickled(context["figures"])
        return None if drawn is None else _digest(drawn).encode()
    declared = pages.fragment_inputs.get(name)
    if declared is not None:
        drawn = shown_or(
            None,
            f"the inputs of the {name}",
            lambda: _pickled(declared(game.state, context["bot_view"])),
        )
        return None if drawn is None else _digest(drawn).encode()
    if "state digest" not in opened.memo:  # an open game is replaced at every change
        pickled = _pickled((game.state, game.deck))
        if pickled is None:
            return None
        opened.memo["state digest"] = _digest(pickled)
    return str(opened.memo["state digest"]).encode()


def _shared_inputs(context: dict[str, Any]) -> bytes | None:
    """What every region but the checklist draws from besides the bot, as bytes."""
    game = context["game"]
    return _pickled(
        (
            PROCESS,
            game.bot.id,
            game.over,
            context["watch"],
            context["locale"],
            context["demo"],
            context["extras"],
            tuple(context["pickable"]),
            context["corrections"],
        )
    )


def _digest(data: bytes) -> str:
    return hashlib.blake2s(data, digest_size=6).hexdigest()


# Fragments rendered, by game, name, view, language and inputs digest (the checklist's:
# by version), marked where the version goes, with the digest of their HTML (what a page
# says it holds): a tap's answer renders each fragment whose inputs changed once, and
# every live stream of the game reading the same view and language sends those bytes.
# Bounded by their size, least recently used out: a checklist is rendered at every tap.
_rendered: OrderedDict[tuple[Any, ...], tuple[str, str]] = OrderedDict()
_rendered_guard = threading.Lock()
_rendered_size = 0
RENDERED_BUDGET = 4 * 1024 * 1024  # bytes of HTML kept, all games together
MEMO_KEPT = 16  # updates worked out for one version of a game (pages hold the same few)


def forget_rendered() -> None:
    """Drop every rendered fragment (the database was restored: versions mean other games)."""
    global _rendered_size
    with _rendered_guard:
        _rendered.clear()
        _rendered_size = 0


def _keep_rendered(key: tuple[Any, ...], rendered: tuple[str, str]) -> None:
    global _rendered_size
    with _rendered_guard:
        if key in _rendered:
            return
        _rendered[key] = rendered
        _rendered_size += sys.getsizeof(rendered[1])
        while _rendered_size > RENDERED_BUDGET and _rendered:
            _, (_, dropped) = _rendered.popitem(last=False)
            _rendered_size -= sys.getsizeof(dropped)


def _marked(name: str, context: dict[str, Any]) -> tuple[str, str]:
    """Fragment `name`: the digest of its HTML and its HTML with the version marked, as
    an out-of-band swap, from the rendered fragments when its inputs did not change."""
    inputs = inputs_digest(name, context)
    key = (
        watch_key(context["opened"].id),
        name,
        context["watch"],
        context["locale"],
        inputs or context["version"],
    )
    with _rendered_guard:
        found = _rendered.get(key)
        if found is not None:
            _rendered.move_to_end(key)
            return found
    marked = {**context, "version": VERSION_MARK, "oob": True}
    html = shown_or(
        None, f"the {name} of the game page", lambda: render_block(PAGE, name, **marked)
    )
    if html is None:  # said plainly, with what the table can still do (Undo, Export)
        html = render_template("game/_broken_fragment.html", name=name, **marked)
        inputs = None  # never taken for the fragment it failed to draw
    rendered = (_digest(html.replace(OOB, "").encode()), html)
    if inputs is not None or name == "checklist":
        _keep_rendered(key, rendered)
    return rendered


def render_fragment(name: str, context: dict[str, Any]) -> str:
    """Fragment `name` as sent: its digest and the real version in place; swapped out of
    band (`oob`), or in the page."""
    digest, html = _marked(name, context)
    if not context.get("oob"):
        html = html.replace(OOB, "", 1)  # a fragment's own tag carries it, first
    html = html.replace(VERSION_MARK, str(context["version"]))
    return html.replace('data-hash=""', f'data-hash="{digest}"', 1)


def render_page(opened: OpenGame, *, watch: bool = False, **extra: Any) -> str:
    """The whole page, its fragments rendered (or found rendered) once each."""
    context = page_context(opened, watch=watch, **extra)
    # a form refused, shown again as this device typed it: never kept for the others
    refused = context.get("refused") is not None
    fragments = {
        name: Markup(
            render_block(PAGE, name, **context)
            if refused and name == "checklist"
            else render_fragment(name, context)
        )
        for name in context["fragment_names"]
    }
    return render_template(PAGE, fragments=fragments, **context)


def fragments_held() -> dict[str, str]:
    """The fragment digests a page says it shows (header `X-Botdeck-Have`)."""
    return held_from(request.headers.get(HAVE_HEADER, ""))


def held_from(header: str) -> dict[str, str]:
    """Fragment digests as `held_header` writes them (and a page's `X-Botdeck-Have`)."""
    held = {}
    for item in header.split(",")[:10]:
        name, _, digest = item.partition(":")
        if name.strip():
            held[name.strip()] = digest.strip()
    return held


def render_update(
    opened: OpenGame, held: dict[str, str], *, watch: bool = False
) -> tuple[str, dict[str, str]]:
    """The fragments a page holding `held` lacks, as out-of-band swaps (the checklist
    always: it carries the version), and the digest of every fragment now.

    Worked out once per version for pages that hold the same: a tap's answer, and then
    the update of every stream of the game that was where the tapping device was."""
    key = ("update", watch, str(get_locale()), tuple(sorted(held.items())))
    found = opened.memo.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    context = page_context(opened, watch=watch, oob=True)
    parts, digests = [], {}
    for name in context["fragment_names"]:
        digests[name], _ = _marked(name, context)
        if name == "checklist" or held.get(name) != digests[name]:
            parts.append(render_fragment(name, context))
    update = ("".join(parts), digests)
    if len(opened.memo) < MEMO_KEPT:  # what pages say they hold is theirs to say: bounded
        opened.memo[key] = update
    return update


def render_changed(opened: OpenGame, *, notice: str | None = None) -> str:
    """A tap's answer: every fragment the browser does not already hold, and the notice."""
    html, _ = render_update(opened, fragments_held())
    return html + render_block(PAGE, "notice", notice=notice, oob=True)


def held_header(digests: dict[str, str]) -> str:
    """Digests as `X-Botdeck-Have` writes them."""
    return ",".join(f"{name}:{digest}" for name, digest in digests.items())
