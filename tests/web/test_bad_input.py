"""No form value, URL or uploaded file a device can send gives a 500."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp import create_app
from webapp.bots.deacon.board import demo_board
from webapp.service import boards, games, library

from ..budget import MUTANT_RUN, examples
from ..engine.decks import deck
from .conftest import HTMX, OWNER, TEST_SECTION, owner_client

DRAFT = (
    '{"card": "07", "side": "normal", "sections": 4, "fixed_count": false, "wanted": 0,'
    ' "rows": [3, 3, 3, 3], "mode": "cycle", "branch": null, "pending": null, "save": "/x",'
    ' "section": {"advancements": [], "influence": [], "end": null, "top": false,'
    ' "bottom": false, "effects": []}}'
)
FIELDS = [
    "version",
    "value",
    "field",
    "bot",
    "difficulty",
    "saga",
    "name",
    "step",
    "coop",
    "deck_mode",
    "deck_id",
    "draft",
    "to",
    "reason",
    "op",
    "space",
    "effect",
    "choice",
    "data",
    "you",
    "you_other",
    "factions",
    "other_factions",
    "players",
    "entry.action",
    "entry.follow",
    "entry.compass",
    "entry.strength",
    "entry.attacking",
    "entry.attacking_other",
    "entry.air_vessel.ore",
    "entry.track1.level",
    "entry.spell1.name",
    "next",
    "board_id",
    "editing",
    "at",
    "n",
    "key",
    "number",
    "id",
]
# What a device could send that no form would: control characters in any text, huge
# numbers, JSON nested beyond any limit.
CONTROL = st.characters(categories=["Cc", "Cf", "Zl", "Zp"])
# what a form can carry: any text UTF-8 can encode (a lone surrogate cannot be sent)
SENDABLE = st.characters(codec="utf-8")
texts = (
    st.text(SENDABLE, max_size=40)
    | st.text(SENDABLE | CONTROL, max_size=40)
    | st.integers(-(10**12), 10**12).map(str)
    | st.integers(2**62, 10**40).map(str)
    | st.integers(0, 3).map(lambda n: ["[", '{"a":', "[" * 10 + "{"][n % 3] * 5_000)
    | st.sampled_from(
        [
            "0",
            "1",
            "H",
            "2.2",
            "yes",
            "no",
            "done",
            "end",
            "coins",
            "covenant",
            "normal",
            "extreme",
            "battle",
            "9999999999999999999999",
            "-1",
            "1e3",
            "NaN",
            "\x00",
            "é",
            "%00",
            "physical",
            "new",
            "demo",
            "both",
            "replace",
            "cycle",
            "pick",
            "add",
            "solo_enemy",
            "orcs",
            "other",
            "recruit",
            "succeed",
            "fail",
            "attack",
            "NE",
            "__other__",
            "card",
            "capital",
            '{"sections": 4, "section": {}}',
            DRAFT,
            "deacon",
            "point",
            "island",
            "route",
            "cost",
            "renumber",
            "save_sector",
            "1-2",
            "2-1",
            "25,25",
            "1000,700",
            '{"mode": "routes", "island": 1, "picked": ["1-2", 7]}',
        ]
    )
)
forms = st.dictionaries(st.sampled_from(FIELDS) | st.text(SENDABLE, max_size=8), texts, max_size=6)
files = st.one_of(
    st.none(),
    st.binary(max_size=300),
    st.sampled_from(
        [
            b'{"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": 1,'
            b' "actions": []}',
            b'{"format": "botdeck-deck", "version": 1, "bot": "covenant"}',
            b"[]",
            b"null",
            b'{"name": 5}',
            b"[" * 100_000,
            b'{"a":' * 50_000,
            b'{"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": 1e999}',
            b'{"format": "botdeck-game", "version": 1, "bot": "covenant", "seed": NaN}',
            b'{"format": "botdeck-game", "version": 1, "bot": "covenant", "actions": [],'
            b' "seed": 340282366920938463463374607431768211456}',
            b'{"format": "botdeck-game", "version": 1, "bot": "covenant", "actions": [],'
            b' "seed": 1, "name": "two\\nlines\\u0000"}',
            b"\xef\xbb\xbf" + b'{"format": "botdeck-deck", "version": 1, "name": "a\\rb"}',
        ]
    ),
    st.integers(0, 10**5000).map(lambda n: b'{"seed": ' + str(n % 10**4000).encode() + b"}"),
)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path_factory.mktemp("fuzz"))})
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Fuzz", deck=deck(TEST_SECTION), seed=1)
        deck_id = library.create("covenant", "Fuzz deck", OWNER)
        solo_id = games.create_game(
            "solo_enemy", {"you": "humans", "factions": ["orcs"]}, name="Fuzz solo", seed=1
        )
        solo_deck = library.create("solo_enemy", "Fuzz solo deck", OWNER)
        deacon_id = games.create_game("deacon", {}, name="Fuzz Deacon", seed=1)
        deacon_deck = library.create("deacon", "Fuzz Deacon deck", OWNER)
        board_id = boards.store("deacon", {**demo_board(), "name": "Fuzz board"}, OWNER)
    covenant = {
        "<game_id>": game_id,
        "<deck_id>": deck_id,
        "<bot_id>": "covenant",
        "<card_id>": "07",
        "<part>": "normal.0",
        "<board_id>": "demo",
        "<key>": "score-board",
    }
    solo = {
        "<game_id>": solo_id,
        "<deck_id>": solo_deck,
        "<bot_id>": "solo_enemy",
        "<card_id>": "3",
        "<part>": "card",
        "<board_id>": "demo",
        "<key>": "faction:orcs",
    }
    deacon = {
        "<game_id>": deacon_id,
        "<deck_id>": deacon_deck,
        "<bot_id>": "deacon",
        "<card_id>": "3",
        "<part>": "card",
        "<board_id>": board_id,
        "<key>": "components:research",
    }
    return app, {"covenant": covenant, "solo_enemy": solo, "deacon": deacon}


POST_ROUTES = [
    "/claim",
    "/data/backup",
    "/data/backups/<name>/restore",
    "/data/import",
    "/data/safe/restore",
    "/data/safe/retry",
    "/data/safe/start-empty",
    "/data/set-aside/<name>/bring-back",
    "/device/name",
    "/entry/<bot_id>",
    "/library/<bot_id>/boards/<board_id>/delete",
    "/library/<bot_id>/boards/<board_id>/rename",
    "/library/<bot_id>/boards/<board_id>/tap",
    "/library/<bot_id>/boards/<board_id>/undo",
    "/library/<bot_id>/boards/import",
    "/library/<bot_id>/boards/new",
    "/library/<bot_id>/copy/board",
    "/library/<bot_id>/copy/extra",
    "/library/<bot_id>/copy/import",
    "/library/<bot_id>/copy/part/<key>",
    "/library/<bot_id>/copy/undo",
    "/library/<bot_id>/<deck_id>/card/<card_id>/<part>",
    "/library/<bot_id>/<deck_id>/card/<card_id>/delete",
    "/library/<bot_id>/<deck_id>/delete",
    "/library/<bot_id>/<deck_id>/rename",
    "/library/<bot_id>/import",
    "/library/<bot_id>/import/resolve",
    "/library/<bot_id>/new",
    "/g/<game_id>/answer",
    "/g/<game_id>/correct",
    "/g/<game_id>/bring-back",
    "/g/<game_id>/delete",
    "/g/<game_id>/join",
    "/g/<game_id>/leave",
    "/g/<game_id>/redo",
    "/g/<game_id>/rename",
    "/g/<game_id>/undo",
    "/g/<game_id>/undo-to",
    "/g/<game_id>/overturn",
    "/games",
    "/games/import",
    "/games/uses",
    "/w/<watch_id>/join",
    "/w/<watch_id>/leave",
]


def post_routes(app) -> list[str]:
    return sorted(rule.rule for rule in app.url_map.iter_rules() if "POST" in rule.methods)


def test_every_post_route_is_covered(fuzz_app):
    app, _ = fuzz_app
    assert post_routes(app) == sorted(POST_ROUTES)


@settings(
    max_examples=examples(400),
    derandomize=MUTANT_RUN,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    route=st.sampled_from(POST_ROUTES),
    form=forms,
    upload=files,
    real_game=st.booleans(),
    bot=st.sampled_from(["covenant", "solo_enemy", "deacon"]),
    htmx=st.booleans(),
    game_text=st.text(SENDABLE, min_size=1, max_size=30).filter(
        lambda t: "/" not in t and "?" not in t and "#" not in t
    ),
)
def test_arbitrary_values_at_every_post_route_never_give_a_500(
    fuzz_app, route, form, upload, real_game, bot, htmx, game_text
):
    app, reals = fuzz_app
    real = reals[bot]
    if route.endswith("/delete") and real_game:
        real_game = False  # keep the game and the deck for the other examples
    url = route
    for name, value in real.items():
        url = url.replace(name, value if real_game else game_text)
    data: dict = dict(form)
    if upload is not None:
        data["file" if route.endswith("/import") else "deck"] = (io.BytesIO(upload), "x.json")
    response = owner_client(app).post(url, data=data, headers=HTMX if htmx else {})
    assert response.status_code < 500, response.get_data(as_text=True)[:500]


@settings(max_examples=examples(100), derandomize=MUTANT_RUN, deadline=None)
@given(
    # no tab nor line break: a request line cannot hold them (RFC 9112), and the test
    # client drops them, which makes another URL ("\n/x" would be "//x", a host)
    path=st.text(st.characters(codec="utf-8", exclude_characters="\t\n\r"), max_size=40).filter(
        lambda p: not p.startswith("/")
    )
)
def test_arbitrary_urls_never_give_a_500(fuzz_app, path):
    app, _ = fuzz_app
    response = app.test_client().get("/" + path)
    assert response.status_code < 500
