"""The bot's key figures beside the question: the few figures each bot's rules decide by,
as its state has them after any tap, after a correction, and in every live update."""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from webapp.bots.pages import figure
from webapp.engine import Game, msg
from webapp.service import games

from ..random_play import OPTIONS, as_form_value, random_answer, starting_deck
from .conftest import HTMX, version_of
from .test_live import next_update, open_stream

# (bot, option set of tests/random_play.py): both Covenant modes, the Bandits' shared
# score (co-op) and each player's own (versus)
GAMES = [
    ("covenant", 0),
    ("covenant", 2),
    ("solo_enemy", 0),
    ("deacon", 0),
    ("bandits", 0),
    ("bandits", 2),
]
TAPS = 30
STRIP = re.compile(r'<section id="figures"[^>]*>(.*?)</section>', re.S)
FIGURE = re.compile(r'<li class="figure">(.*?)</li>', re.S)
TAG = re.compile(r'<span class="figure-tag"[^>]*>(.*?)</span>')
OF = re.compile(r'<small class="figure-of"><span aria-hidden="true">/(\d+)</span>.*?</small>', re.S)
SCREEN_READER = re.compile(r'<span class="sr">.*?</span>', re.S)
HIDDEN = re.compile(r'<(\w+)[^>]*aria-hidden="true"[^>]*>.*?</\1>', re.S)

Shown = dict[str, tuple[list[tuple[str | None, str]], int | None]]


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def strip_of(page: str) -> Shown | None:
    """The strip as a table reads it: each label → its readings (letter, value) and its
    most; None when the page has no strip."""
    found = STRIP.search(page)
    if found is None:
        return None
    shown: Shown = {}
    for item in FIGURE.findall(found.group(1)):
        label = text(item.split('<span class="figure-value">')[0])
        value = item.split('<span class="figure-value">')[1]
        readings = []
        for amount in value.split('<span class="figure-amount">')[1:]:
            tag = TAG.search(amount)
            bare = SCREEN_READER.sub("", TAG.sub("", OF.sub("", amount)))
            readings.append((tag.group(1) if tag else None, text(bare)))
        of = OF.search(value)
        shown[label] = (readings, int(of.group(1)) if of else None)
    return shown


def one(value: Any, of: int | None = None) -> tuple[list[tuple[str | None, str]], int | None]:
    return [(None, "—" if value is None else str(value))], of


def expected(game: Game) -> Shown:
    """What the rules decide by, read from the state itself."""
    state: Any = game.state
    if game.bot.id == "covenant":
        tags = [state.players[ai.player][:1] if state.coop else None for ai in state.ais]

        def each(value: Any, of: int | None = None) -> Any:
            return [(tag, str(value(ai))) for tag, ai in zip(tags, state.ais, strict=True)], of

        return {
            "Coins": each(lambda ai: ai.coins),
            "Cargo": each(lambda ai: ai.cargo),
            "Damage": each(lambda ai: ai.damage, 5),
            "Achievements": each(lambda ai: len(ai.claimed), 4),
        }
    if game.bot.id == "solo_enemy":
        return {
            "VP": one(state.total_vp),
            "Ore": one(state.resources["ore"], 10),
            "Mana": one(state.resources["mana"], 10),
            "Food": one(state.resources["food"], 10),
        }
    if game.bot.id == "deacon":
        printed = state.components
        research = printed.get("research", {}).get("spaces")
        seafloor = printed.get("seafloor", {}).get("spaces")
        placed = state.reef.initial is not None or state.reef.columns
        return {
            "VP": one(state.total_vp),
            "Research": one(state.research, len(research) if research else None),
            "Diver": one(state.diver or None, len(seafloor) if seafloor and state.diver else None),
            "Reef Balls left": one(state.reef.left if placed else None),
        }
    end = state.board.score_end if state.board else None
    scores = (
        {"Score": one(state.scores[0], end)}
        if state.mode != "versus"
        else {
            "Scores": (
                [(name[:1], str(state.scores[i])) for i, name in enumerate(state.names)],
                end,
            )
        }
    )
    return {
        **scores,
        "Bandit Tracker": one(state.tracker, state.board.bandit_end if state.board else None),
        "Tiles left": one(state.pile),
    }


def new_game(app: Any, bot: str, options: dict[str, Any]) -> str:
    with app.app_context():
        return games.create_game(
            bot, options, name="Figures", seed=7, deck=starting_deck(bot, options)
        )


def opened(app: Any, game_id: str) -> games.OpenGame:
    with app.app_context():
        return games.open_game(game_id)


def post(client: Any, game_id: str, route: str, **form: Any) -> Any:
    version = opened(client.application, game_id).version
    response = client.post(f"/g/{game_id}/{route}", data={"version": version, **form}, headers=HTMX)
    assert response.status_code in (200, 422), response.get_data(as_text=True)[:300]
    return response


@pytest.mark.parametrize(("bot", "options"), GAMES, ids=[f"{b}-{o}" for b, o in GAMES])
def test_the_strip_shows_the_figures_its_rules_decide_by_after_every_tap(app, client, bot, options):
    game_id = new_game(app, bot, OPTIONS[bot][options])
    rng = random.Random(options)
    for _ in range(TAPS):
        game = opened(app, game_id).game
        if game.pending() is None:
            break
        assert strip_of(client.get(f"/g/{game_id}").get_data(as_text=True)) == expected(game)
        if rng.random() < 0.15 and game.actions:
            post(client, game_id, "undo")
        else:
            post(client, game_id, "answer", value=as_form_value(random_answer(game, rng)))


# A counter each bot's strip shows, and a value the table sets it to by hand.
CORRECTED = {
    "covenant": ("coins", 27, "Coins"),
    "solo_enemy": ("ore", 7, "Ore"),
    "deacon": ("research", 4, "Research"),
    "bandits": ("tracker", 6, "Bandit Tracker"),
}


@pytest.mark.parametrize("bot", sorted(CORRECTED))
def test_a_correction_shows_in_the_strip_at_once_and_its_undo_too(app, client, bot):
    game_id = new_game(app, bot, OPTIONS[bot][0])
    field, value, label = CORRECTED[bot]
    before = strip_of(client.get(f"/g/{game_id}").get_data(as_text=True))
    assert before is not None and before[label][0][0][1] != str(value)
    answer = post(client, game_id, "correct", field=field, value=value).get_data(as_text=True)
    assert strip_of(answer)[label][0][0][1] == str(value)  # the tap's answer swaps it in
    assert strip_of(client.get(f"/g/{game_id}").get_data(as_text=True))[label][0][0][1] == str(
        value
    )
    post(client, game_id, "undo")
    assert strip_of(client.get(f"/g/{game_id}").get_data(as_text=True)) == before


def test_a_tap_that_changes_no_figure_leaves_the_strip_as_the_page_holds_it(app, client, game_id):
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    digest = re.search(r'data-fragment="figures" data-hash="(\w+)"', page).group(1)
    answer = client.post(
        f"/g/{game_id}/answer",
        data={"version": version_of(page), "value": "H"},  # where your Ship is: no coin
        headers={**HTMX, "X-Botdeck-Have": f"figures:{digest}"},
    ).get_data(as_text=True)
    assert 'id="checklist"' in answer and 'id="figures"' not in answer


def html_of(event: str) -> str:
    """A live update's HTML (each line of it sent as `data: …`)."""
    return re.sub(r"^data: ?", "", event, flags=re.M)


def test_every_live_update_carries_the_strip_when_a_figure_changes(app, client, game_id):
    events, stop = open_stream(app, f"/g/{game_id}/events")
    try:
        assert strip_of(html_of(next_update(events)))["Coins"] == one(15)
        post(client, game_id, "correct", field="coins", value=31)
        assert strip_of(html_of(next_update(events, timeout=10)))["Coins"] == one(31)
    finally:
        stop.set()


def test_the_strip_reads_in_french_and_names_each_covenant_for_a_screen_reader(app, client):
    game_id = new_game(app, "covenant", OPTIONS["covenant"][2])
    page = client.get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    strip = STRIP.search(page).group(0)
    assert 'aria-label="Les chiffres clés du bot"' in html.unescape(strip)
    assert {"Pièces", "Marchandises", "Dégâts", "Succès"} <= set(strip_of(page))
    spoken = text(HIDDEN.sub("", strip))  # what a screen reader says
    assert "Succès L'Alliance de Ann : 0 L'Alliance de Ben : 0 sur 4" in spoken


# --- a bot declares its figures; the web layer draws whatever it declares ----------------


def dice_start(client: Any) -> str:
    response = client.post("/games", data={"bot": "dice_test"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def declare(app: Any, figures: Any) -> None:
    """The tests' dice bot, its pages declaring `figures` (no web file edited for it)."""
    declared = app.extensions["botdeck.pages"]
    declared["dice_test"] = replace(declared["dice_test"], figures=figures)


def test_a_bot_that_declares_no_figures_has_no_strip(dice_bot_app):
    client = dice_bot_app.test_client()
    page = client.get(f"/g/{dice_start(client)}").get_data(as_text=True)
    assert 'id="figures"' not in page and "Roll for me" in page


def test_the_strip_draws_what_a_bot_declares_and_follows_its_state(dice_bot_app):
    declare(
        dice_bot_app,
        lambda state, view: [figure(msg("Space"), "star", state["position"], of=36)],
    )
    client = dice_bot_app.test_client()
    game_id = dice_start(client)
    assert strip_of(client.get(f"/g/{game_id}").get_data(as_text=True)) == {"Space": one(0, 36)}
    answer = post(client, game_id, "answer", **{"entry.0": "3", "entry.1": "5"})
    assert strip_of(answer.get_data(as_text=True)) == {"Space": one(8, 36)}


def test_figures_a_bot_cannot_draw_leave_the_rest_of_the_page_as_it_is(dice_bot_app):
    declare(dice_bot_app, lambda state, view: [figure(msg("Space"), "star", state["nowhere"])])
    client = dice_bot_app.test_client()
    response = client.get(f"/g/{dice_start(client)}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Roll for me" in page
    assert strip_of(page) == {} and re.search(r'<section id="figures"[^>]* hidden', page)
