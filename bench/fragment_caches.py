"""What each of the fragments' caches is worth (webapp/web/fragments.py): the server time
of a tap's answer and of the live update it brings to the game's other pages, with every
cache and with each one turned off in turn.

Each time is the CPU time of the thread that answers or renders (what a cache can save:
a tap's commit waits on the disk besides, alike in every setting), steadier than the
clock on a machine that does other things. In process: the app's test client taps each
bot's game as a browser does (saying which fragments its page holds), and each update
is rendered as the stream layer renders it (`live_view.render_part`) for the two groups
a table has open: its devices' play page and a screen's watch page. Every setting plays
its own game of the same script, the settings interleaved tap by tap, so that what else
the machine does weighs on all alike.

Turning a cache off is done here only, by swapping what fragments.py calls:

- the rendered fragments kept across versions (`_rendered`, at most RENDERED_BUDGET);
- the digests of a fragment's inputs (`inputs_digest`): without them, a fragment is
  rendered at every version (the rendered fragments then keep only checklists);
- what an open game keeps worked out for its version (`OpenGame.memo`): the updates,
  shared by a tap's answer and the streams whose pages held the same (MEMO_KEPT), and
  the digest of the bot's state and deck, shared by the regions that draw from it;
- the bots' own `fragment_inputs` (only the Covenant names some): without them, its
  regions are drawn again whenever its state changes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

from webapp import create_app
from webapp.service import games
from webapp.web import fragments, live_view, plugins

from .server_load import p50
from .table import bot_taps

WARM_UP = 10
ROUNDS = 100
NOISE = 0.05  # a cache that saves less than this of a tap or an update does not pay
BOTS: list[tuple[str, dict[str, Any], int]] = [
    ("covenant", {"difficulty": "extreme"}, 7),
    ("deacon", {}, 7),
    ("solo_enemy", {"you": "humans", "factions": ["orcs"]}, 7),
    ("bandits", {"mode": "coop", "players": ["Ann", "Ben"]}, 7),
]
FRAGMENT_HASH = re.compile(r'data-fragment="(\w+)" data-hash="(\w+)"')
SENT = re.compile(r'data-fragment="(\w+)"')


@contextlib.contextmanager
def _swapped(name: str, value: Any) -> Iterator[None]:
    real = getattr(fragments, name)
    setattr(fragments, name, value)
    try:
        yield
    finally:
        setattr(fragments, name, real)


def _no_rendered(app: Any) -> contextlib.AbstractContextManager[None]:
    return _swapped("_keep_rendered", lambda key, rendered: None)


def _no_inputs(app: Any) -> contextlib.AbstractContextManager[None]:
    return _swapped("inputs_digest", lambda name, context: None)


def _no_memo(app: Any) -> contextlib.AbstractContextManager[None]:
    return _swapped("MEMO_KEPT", 0)


@contextlib.contextmanager
def _no_state_digest(app: Any) -> Iterator[None]:
    real = fragments._bot_inputs

    def forgetting(name: str, context: dict[str, Any]) -> bytes | None:
        context["opened"].memo.pop("state digest", None)
        return real(name, context)

    with _swapped("_bot_inputs", forgetting):
        yield


@contextlib.contextmanager
def _no_declared(app: Any) -> Iterator[None]:
    declared = app.extensions[plugins.EXTENSION]
    real = dict(declared)
    declared.update(
        {bot: dataclasses.replace(pages, fragment_inputs={}) for bot, pages in real.items()}
    )
    try:
        yield
    finally:
        declared.update(real)


def _every_cache(app: Any) -> contextlib.AbstractContextManager[None]:
    return contextlib.nullcontext()


DECLARED = "the bots' fragment_inputs"
STATE_DIGEST = "the state's digest kept per version (OpenGame.memo)"
# each setting: what turns its cache off for a while, in an app (none: every cache on)
SETTINGS: dict[str, Callable[[Any], contextlib.AbstractContextManager[None]]] = {
    "every cache": _every_cache,
    "the rendered fragments (module cache)": _no_rendered,
    "the inputs' digests": _no_inputs,
    "the updates kept per version (OpenGame.memo)": _no_memo,
    STATE_DIGEST: _no_state_digest,
    DECLARED: _no_declared,
}


@dataclasses.dataclass
class Played:
    """One setting's game, and what its pages hold."""

    game_id: str
    version: int = 0
    held: dict[str, str] = dataclasses.field(default_factory=dict)  # the play pages'
    watched: dict[str, str] = dataclasses.field(default_factory=dict)  # the watch page's
    taps: list[float] = dataclasses.field(default_factory=list)
    updates: list[float] = dataclasses.field(default_factory=list)
    # the fragments each update sent the play pages: the same in every setting
    sent: list[list[str]] = dataclasses.field(default_factory=list)


def _tap_and_update(app: Any, client: Any, played: Played, tap: tuple[str, Any]) -> None:
    """The tap (its answer's time) and the update of the two streams (their time)."""
    route, form = tap
    path = f"/g/{played.game_id}/events"
    started = time.thread_time()
    response = client.post(
        f"/g/{played.game_id}/{route}",
        data={**form, "version": played.version},
        headers={"HX-Request": "true", "X-Botdeck-Have": fragments.held_header(played.held)},
    )
    tapped = time.thread_time()
    assert response.status_code == 200, response.status_code
    since, played.version = played.version, played.version + 1
    update, version, played.held, _ = live_view.render_part(
        app, path, played.game_id, watch=False, locale="en", since=since, held=played.held
    )
    _, _, played.watched, _ = live_view.render_part(
        app, path, played.game_id, watch=True, locale="en", since=since, held=played.watched
    )
    done = time.thread_time()
    assert version == played.version, (version, played.version)
    played.sent.append(SENT.findall(update.decode()))
    played.taps.append(tapped - started)
    played.updates.append(done - tapped)


def measure_bot(bot: str, options: dict[str, Any], seed: int) -> dict[str, Played]:
    """The bot's game played once per setting, interleaved: each setting's times."""
    # the Covenant's as a table taps it: its coins corrected now and then (a tap that
    # changes its state panel alone, what its `fragment_inputs` are for)
    script = bot_taps(bot, json.dumps(options), seed, WARM_UP + ROUNDS, correct=bot == "covenant")
    fragments.forget_rendered()
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        client = app.test_client()
        with app.app_context():
            played = {
                setting: Played(games.create_game(bot, options, name=setting, seed=seed))
                for setting in SETTINGS
            }
        for game in played.values():
            page = client.get(f"/g/{game.game_id}").get_data(as_text=True)
            game.held = dict(FRAGMENT_HASH.findall(page))
            page = live_view.render_part(
                app, "/", game.game_id, watch=True, locale="en", since=-2, held={}
            )
            game.watched = page[2]
        order = list(played.items())
        for number, tap in enumerate(script):
            for setting, game in order:
                with SETTINGS[setting](app):
                    _tap_and_update(app, client, game, tap)
                if number < WARM_UP:
                    game.taps.clear()
                    game.updates.clear()
            order.append(order.pop(0))  # each setting in turn first: none always after another
    return played


def _change(base: float, without: float) -> str:
    return f"{(without - base) / base * 100:+4.0f} %"


def _concerned() -> dict[str, set[str]]:
    """The bots each setting concerns, when not all: those whose pages name some region's
    inputs (`fragment_inputs`), and those with a region that draws the whole state."""
    with tempfile.TemporaryDirectory() as data_dir:
        declared = create_app({"DATA_DIR": data_dir}).extensions[plugins.EXTENSION]
        return {
            DECLARED: {bot for bot, pages in declared.items() if pages.fragment_inputs},
            STATE_DIGEST: {
                bot
                for bot, pages in declared.items()
                if set(fragments.fragment_names(pages)) - {"checklist", "figures"}
                > set(pages.fragment_inputs)
            },
        }


def measure() -> dict[str, dict[str, tuple[float, float]]]:
    """Print each cache's worth; returns, for each cache off, each bot's p50s of a tap and
    of an update (`bot` and `bot update`) as (with, without)."""
    print(
        f"Fragment caches (webapp/web/fragments.py): a tap's answer and the update of its "
        f"game's streams (play and watch), CPU time in process, {ROUNDS} taps a bot, with "
        f"every cache and with each off"
    )
    found: dict[str, dict[str, tuple[float, float]]] = {}
    by_bot = {bot: measure_bot(bot, options, seed) for bot, options, seed in BOTS}
    concerned = _concerned()
    for setting in list(SETTINGS)[1:]:
        summed = [0.0, 0.0, 0.0, 0.0]  # tap and update, with and without
        counted = [bot for bot in by_bot if bot in concerned.get(setting, by_bot)]
        for bot, played in by_bot.items():
            base, off = played["every cache"], played[setting]
            times = (p50(base.taps), p50(off.taps), p50(base.updates), p50(off.updates))
            found.setdefault(setting, {})[bot] = times[:2]
            found[setting][bot + " update"] = times[2:]
            if bot in counted:
                summed = [total + time for total, time in zip(summed, times, strict=True)]
        tap, tap_off, update, update_off = (total / len(counted) for total in summed)
        pays = (tap_off - tap) / tap > NOISE or (update_off - update) / update > NOISE
        print(
            f"  fragment caches: {setting} — a tap p50 {tap * 1000:.2f} ms with, "
            f"{tap_off * 1000:.2f} ms without ({_change(tap, tap_off)}); a stream update "
            f"p50 {update * 1000:.2f} ms with, {update_off * 1000:.2f} ms without "
            f"({_change(update, update_off)}){'' if pays else '   DOES NOT PAY'}"
        )
        for bot in by_bot:
            (t, t_off), (u, u_off) = found[setting][bot], found[setting][bot + " update"]
            aside = "" if bot in counted else "   (not concerned: the noise)"
            print(
                f"    {bot:<11} tap {t * 1000:6.2f} → {t_off * 1000:6.2f} ms "
                f"({_change(t, t_off)})   update {u * 1000:6.2f} → {u_off * 1000:6.2f} ms "
                f"({_change(u, u_off)}){aside}"
            )
    print(
        "  (each bot's p50; on a cache's first line, the mean of those of the bots it "
        "concerns; a cache that saves less than 5 % of both DOES NOT PAY)"
    )
    return found


if __name__ == "__main__":
    measure()
