"""Undo back to here: from any History entry still in effect, everything after it taken
back as one change — one event in the log, said in words, confirmed first when it is
more than one action — that Redo brings back whole and Undo takes back whole again; a
device that saw an older version changes nothing."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from webapp.engine import Game
from webapp.engine.actions import Answered, Corrected, Redo, Undo
from webapp.engine.history import STORED_TAIL
from webapp.service import games, history
from webapp.storage import db
from webapp.web import play as play_view

from ..random_play import BOTS, OPTIONS, random_answer, starting_deck
from .conftest import HTMX, owner_client
from .conftest import seen as page_seen
from .test_history_paging import correct_coins
from .test_live import next_update, open_stream


def text_of(shown: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown))).strip()


def rows(shown: str) -> dict[int, str]:
    """The History's rows by the seq of their event."""
    found = re.findall(r'<li class="history-item.*?</li>', shown, re.S)
    return {int(re.search(r'id="said-(\d+)"', row).group(1)): row for row in found}


def undo_back(row: str) -> tuple[str, dict[str, str]] | None:
    """What "Undo back to here" of a row does: ("post", its form's fields) for a single
    action, ("confirm", the confirmation's address) for several (None: not offered)."""
    form = re.search(
        r'<form class="history-undo-to" method="post" action="([^"]+)">(.*?)</form>', row, re.S
    )
    if form is not None:
        fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(2)))
        return "post", {"action": form.group(1), **fields}
    link = re.search(r'<a class="button quiet history-undo-to" href="([^"]+)"', row)
    return None if link is None else ("confirm", {"href": html.unescape(link.group(1))})


def confirmed(client, href: str):
    """The confirmation page, and its form posted as a browser without JavaScript does."""
    page = client.get(href)
    assert page.status_code == 200, page.get_data(as_text=True)[:300]
    shown = page.get_data(as_text=True)
    action = re.search(r'<form method="post" action="([^"]+)">', shown).group(1)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', shown))
    return shown, client.post(action, data=fields)


def seen(game: Game) -> str:
    """What a table sees of a game: its bot's state, its deck, the open turn, the step
    waiting."""
    pending = game.pending()
    return json.dumps(
        {
            "actions": len(game.actions),
            "state": game.bot.state_to_json(game.state),
            "deck": game.deck,
            "open": game.checklist.to_json() if game.checklist else None,
            "pending": None if pending is None else str(pending.title),
        },
        default=str,
        sort_keys=True,
    )


@pytest.fixture
def coins_game(app, game_id) -> str:
    """Ten corrections: event n (and action n) sets the coins to n."""
    correct_coins(app, game_id, range(1, 11))
    return game_id


def open_game(app, game_id: str) -> games.OpenGame:
    with app.app_context():
        return games.open_game(game_id)


def log(app, game_id: str) -> list[db.Event]:
    with app.app_context():
        return db.events(game_id)


def test_every_entry_still_in_effect_but_the_newest_offers_undo_back_to_here(client, coins_game):
    shown = rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))
    assert undo_back(shown[10]) is None  # nothing after it
    kind, form = undo_back(shown[9])
    assert kind == "post" and form == {
        "action": f"/g/{coins_game}/undo-to",
        "version": "10",
        "to": "9",
    }  # one action: no confirmation
    for seq in range(1, 9):
        assert undo_back(shown[seq]) == (
            "confirm",
            {"href": f"/g/{coins_game}/undo-to?to={seq}&version=10"},
        )
    assert 'aria-describedby="said-3"' in shown[3]  # "Undo back to here" of which entry


def test_undo_back_to_here_takes_back_seven_actions_in_one_event_said_in_words(
    app, client, coins_game
):
    href = undo_back(rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))[3])[1]
    page, response = confirmed(client, href["href"])
    assert "Undo 7 actions, back to “Correction: Coins set to 3”?" in text_of(page)
    listed = re.search(r'<ul class="taken-back-list">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r"Coins set to (\d+)", listed) == [str(n) for n in range(10, 3, -1)]
    assert ">Undo 7 actions</button>" in page.replace("</svg>", ">").replace(">>", ">")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{coins_game}?said=11"
    events = log(app, coins_game)
    assert len(events) == 11  # one event for the seven
    undo = events[-1]
    assert (undo.kind, undo.action, undo.in_effect) == ("undo", None, 3)
    opened = open_game(app, coins_game)
    said = "Undone: 7 actions, back to “Correction: Coins set to 3”"
    assert str(games.undone_or_redone(opened, "undo")) == said
    assert opened.game.state.ais[0].coins == 3 and len(opened.game.actions) == 3
    game_page = text_of(client.get(response.headers["Location"]).get_data(as_text=True))
    assert said in game_page
    assert said in text_of(client.get(f"/g/{coins_game}/history").get_data(as_text=True))


def test_redo_brings_all_seven_back_as_one_and_undo_takes_them_back_again(app, client, coins_game):
    client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 3})
    redo = client.post(f"/g/{coins_game}/redo", data={"version": 11}, headers=HTMX)
    assert redo.status_code == 200
    assert "Redone: 7 actions, up to “Correction: Coins set to 10”" in text_of(
        redo.get_data(as_text=True)
    )
    opened = open_game(app, coins_game)
    assert opened.game.state.ais[0].coins == 10 and len(opened.game.actions) == 10
    assert log(app, coins_game)[-1].in_effect == 10
    page = text_of(client.get(f"/g/{coins_game}").get_data(as_text=True))
    assert "Undo: 7 actions, back to “Correction: Coins set to 3”" in html.unescape(
        client.get(f"/g/{coins_game}").get_data(as_text=True)
    )
    assert page
    undo = client.post(f"/g/{coins_game}/undo", data={"version": 12}, headers=HTMX)
    assert "Undone: 7 actions, back to “Correction: Coins set to 3”" in text_of(
        undo.get_data(as_text=True)
    )
    assert open_game(app, coins_game).game.state.ais[0].coins == 3
    # and a plain undo after it takes back one action, as ever
    client.post(f"/g/{coins_game}/undo", data={"version": 13}, headers=HTMX)
    assert open_game(app, coins_game).game.state.ais[0].coins == 2


def undone(client, game_id: str, version: int) -> None:
    response = client.post(f"/g/{game_id}/undo", data={"version": version}, headers=HTMX)
    assert response.status_code == 200


def test_new_actions_after_undoing_what_one_redo_brought_back_are_undone_one_at_a_time(
    app, client, coins_game
):
    """Redo brings seven back, Undo takes them back whole; seven new taps bring the game
    back to ten actions: Undo takes back only the newest, in memory and after a restart."""
    client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 3})
    client.post(f"/g/{coins_game}/redo", data={"version": 11}, headers=HTMX)
    undone(client, coins_game, 12)
    assert open_game(app, coins_game).game.state.ais[0].coins == 3
    correct_coins(app, coins_game, range(21, 28))
    with app.app_context():
        games.forget_all()  # as after a restart: read from its snapshot and the log
    undone(client, coins_game, 20)
    opened = open_game(app, coins_game)
    assert opened.game.state.ais[0].coins == 26 and len(opened.game.actions) == 9
    correct_coins(app, coins_game, [27])
    undone(client, coins_game, 22)  # the same, with the game held in memory
    opened = open_game(app, coins_game)
    assert opened.game.state.ais[0].coins == 26 and len(opened.game.actions) == 9


def test_a_redo_that_fails_half_way_leaves_the_log_the_open_game_and_a_restart_as_before(
    app, client, coins_game
):
    """The third of the seven actions Redo would bring back cannot be read any more (a
    log an earlier Botdeck wrote, say): Redo is refused, and the stored log, the game in
    memory and the game a restart reads are all as they were, none of the seven back."""
    client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 3})
    with app.app_context():
        con = db.get_db()
        con.execute(
            "UPDATE events SET action = ? WHERE game_id = ? AND seq = 6",
            (json.dumps({"nonsense": 1}), coins_game),
        )
        games.forget_all()

    def everything() -> tuple[object, ...]:
        with app.app_context():
            return (
                db.events(coins_game),
                db.find_snapshot(coins_game),
                db.find_game(coins_game).version,
                page_seen(games.open_game(coins_game)),
            )

    before = everything()
    refused = client.post(f"/g/{coins_game}/redo", data={"version": 11}, headers=HTMX)
    assert refused.status_code == 422
    assert "Nothing was changed" in text_of(refused.get_data(as_text=True))
    assert everything() == before  # the game in memory
    with app.app_context():
        games.forget_all()
    assert everything() == before  # and as a restart reads it
    assert open_game(app, coins_game).game.state.ais[0].coins == 3


def test_a_device_that_saw_an_older_version_changes_nothing(app, client, coins_game):
    stale = undo_back(rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))[3])[1]
    correct_coins(app, coins_game, [42])  # a partner taps meanwhile
    before = log(app, coins_game)
    confirmation = client.get(stale["href"])
    assert confirmation.status_code == 409
    said = text_of(confirmation.get_data(as_text=True))
    assert "The game changed on another device since" in said and "Nothing was undone." in said
    response = client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 3})
    assert response.status_code == 409
    assert "Coins set to 42" in response.get_data(as_text=True)  # the history as it is now
    assert log(app, coins_game) == before
    assert open_game(app, coins_game).game.state.ais[0].coins == 42


def test_an_entry_taken_back_is_struck_through_and_cannot_be_gone_back_to(app, client, coins_game):
    client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 5})
    correct_coins(app, coins_game, [77])  # a new action: what was taken back is gone
    shown = rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))
    for seq in range(6, 11):
        assert "taken-back" in shown[seq] and ">undone</span>" in shown[seq]
        assert undo_back(shown[seq]) is None
    assert "taken-back" not in shown[5] and undo_back(shown[5])[0] == "post"
    assert undo_back(shown[11]) is None  # an undo is no place to go back to
    before = log(app, coins_game)
    for to in (8, 11, 12, 999):  # taken back, the undo, the newest, no such entry
        response = client.post(f"/g/{coins_game}/undo-to", data={"version": 12, "to": to})
        assert response.status_code == 422, to
        assert "Botdeck cannot go back to that entry" in text_of(response.get_data(as_text=True))
        assert client.get(f"/g/{coins_game}/undo-to?to={to}&version=12").status_code == 422
    assert log(app, coins_game) == before


def test_an_entry_brought_back_by_redo_is_in_effect_again(app, client, coins_game):
    client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 5})
    shown = rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))
    assert all(undo_back(shown[seq]) is None for seq in range(6, 11))
    client.post(f"/g/{coins_game}/redo", data={"version": 11}, headers=HTMX)
    shown = rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))
    assert "taken-back" not in shown[8]
    assert undo_back(shown[8])[1]["href"].endswith("to=8&version=12")
    client.post(f"/g/{coins_game}/undo-to", data={"version": 12, "to": 8})
    assert open_game(app, coins_game).game.state.ais[0].coins == 8


@pytest.mark.parametrize(
    "form", [{"version": "x", "to": "3"}, {"version": "10"}, {"to": "-1", "version": "10"}]
)
def test_a_form_botdeck_never_sends_is_a_400_and_changes_nothing(app, client, coins_game, form):
    assert client.post(f"/g/{coins_game}/undo-to", data=form).status_code == 400
    assert len(log(app, coins_game)) == 10


MOVED_ON = (409, "The game changed on another device since")
NO_ENTRY = (422, "Botdeck cannot go back to that entry: it is no longer in effect.")


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("", MOVED_ON),  # no version: not the game's
        ("?to=3", MOVED_ON),
        ("?version=10", NO_ENTRY),
        ("?to=abc&version=10", NO_ENTRY),
        ("?to=3&version=9", MOVED_ON),  # an older version
    ],
)
def test_a_confirmation_asked_with_a_bad_address_changes_nothing(
    app, client, coins_game, query, answer
):
    status, said = answer
    response = client.get(f"/g/{coins_game}/undo-to{query}")
    assert response.status_code == status
    assert said in html.unescape(response.get_data(as_text=True))
    assert len(log(app, coins_game)) == 10


def test_the_service_says_why_an_entry_cannot_be_gone_back_to(app, coins_game):
    with app.app_context():
        with pytest.raises(games.NothingToUndo, match="^nothing came after it$"):
            games.undo_back_to(coins_game, 10, 10, "tablet")  # the newest entry
        games.undo_back_to(coins_game, 10, 5, "tablet")
        with pytest.raises(games.NotInEffect, match="^it is no longer in effect$"):
            games.undo_back_to(coins_game, 11, 8, "tablet")  # taken back just now
        with pytest.raises(db.StaleVersion) as stale:
            games.undo_back_to(coins_game, 10, 3, "tablet")
        assert stale.value.args == (coins_game,)
        with pytest.raises(games.GameNotFound) as missing:
            games.undo_back_to("no-such-game-000001", 0, 1, "tablet")
        assert missing.value.args == ("no-such-game-000001",)
    assert [event.device for event in log(app, coins_game)[10:]] == ["tablet"]


def test_an_unknown_game_is_a_404(client):
    assert client.post("/g/nothing-here/undo-to", data={"version": 1, "to": 1}).status_code == 404
    assert client.get("/g/nothing-here/undo-to?to=1&version=1").status_code == 404


def play(app, bot_id: str, seed: int, answers: int) -> str:
    with app.app_context():
        options = OPTIONS[bot_id][0]
        game_id = games.create_game(
            bot_id, options, name="Undo back", deck=starting_deck(bot_id, options), seed=seed
        )
        rng = random.Random(seed)
        for _ in range(answers):
            opened = games.open_game(game_id)
            if opened.game.pending() is None:
                break
            games.act(game_id, opened.version, Answered(random_answer(opened.game, rng)))
    return game_id


@pytest.mark.parametrize("bot_id", BOTS)
def test_the_game_after_undo_back_to_here_is_the_game_replayed_without_those_actions(app, bot_id):
    game_id = play(app, bot_id, seed=4, answers=70)
    with app.app_context():
        opened = games.open_game(game_id)
        row, actions = opened.row, list(opened.game.actions)
        kept = len(actions) // 3  # (a game may have ended: it comes back from its end)
        entry = next(e for e in db.events(game_id) if e.in_effect == kept)
        back = games.undo_back_to(game_id, opened.version, entry.seq, "tablet")
        replayed = Game.replay(row.bot, row.options, row.seed, row.deck, actions[: entry.in_effect])
        assert seen(back.game) == seen(replayed)
        games.forget_all()  # a restart: resumed from its snapshot and the events since
        assert seen(games.open_game(game_id).game) == seen(replayed)
        redone = games.act(game_id, back.version, Redo())
        assert seen(redone.game) == seen(
            Game.replay(row.bot, row.options, row.seed, row.deck, actions)
        )
        games.forget_all()
        resumed = games.open_game(game_id)
        assert resumed.game.history.undo_size() == len(actions) - kept  # one unit after a restart
        assert seen(games.act(game_id, resumed.version, Undo()).game) == seen(replayed)


def test_undo_back_further_than_memory_holds_reads_the_log_and_comes_back_whole(app):
    count = 3 * STORED_TAIL + 10
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Long", seed=8)
        for version in range(count):
            games.act(game_id, version, Corrected("coins", version % 40))
        games.forget_all()  # resumed from a snapshot that holds the latest words only
        with app.test_request_context():
            assert len(play_view._taken_back(game_id, count - 2)) == play_view.TAKEN_BACK_SHOWN
        back = games.undo_back_to(game_id, count, seq=2, device="tablet")
        assert len(back.game.actions) == 2
        assert str(games.undone_or_redone(back, "undo")) == (
            f"Undone: {count - 2} actions, back to “Correction: Coins set to 1”"
        )
        games.forget_all()
        again = games.act(game_id, count + 1, Redo())
        assert (
            len(again.game.actions) == count and again.game.state.ais[0].coins == (count - 1) % 40
        )


def test_partners_see_it_live_with_its_words(app, client, coins_game):
    events, stop = open_stream(app, f"/g/{coins_game}/events")
    next_update(events)  # the page as it was
    client.post(f"/g/{coins_game}/undo-to", data={"version": 10, "to": 3})
    pushed = html.unescape(next_update(events, timeout=10))
    assert 'data-game-version="11"' in pushed
    assert "Undone: 7 actions, back to “Correction: Coins set to 3”" in pushed
    correct_coins(app, coins_game, [5])
    assert "Undone" not in next_update(events, timeout=10)  # an action says nothing more
    stop.set()


def test_it_is_said_in_french_with_its_plural(app, coins_game):
    client = owner_client(app)
    client.set_cookie("botdeck_lang", "fr")
    href = undo_back(rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))[3])[1]
    page, response = confirmed(client, href["href"])
    assert "Annuler 7 actions, pour revenir à « Correction de « Pièces » : 3 » ?" in text_of(page)
    said = text_of(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Annulé : 7 actions, retour à « Correction de « Pièces » : 3 »" in said


def test_a_game_botdeck_cannot_rebuild_can_still_go_back_from_its_log(
    app, client, coins_game, monkeypatch
):
    """The way out of a broken game: its History opens from the log, and going back to
    before the tap that broke it needs no replay of it."""
    with app.app_context():
        broken = db.events(coins_game)[-1]
    real = Game.apply_action

    def breaks_on_the_last(game, action):
        if action == broken.action:
            raise RuntimeError("a bug in the bot")
        return real(game, action)

    monkeypatch.setattr(Game, "apply_action", breaks_on_the_last)
    monkeypatch.setattr(
        games, "_apply", lambda game, action: game.step_said(breaks_on_the_last(game, action))
    )
    with app.app_context():
        games.forget_all()
        db.get_db().execute("DELETE FROM snapshots")
    assert client.get(f"/g/{coins_game}").status_code == 500  # the repair page
    href = undo_back(rows(client.get(f"/g/{coins_game}/history").get_data(as_text=True))[4])[1]
    _, response = confirmed(client, href["href"])
    assert response.status_code == 303
    assert client.get(f"/g/{coins_game}").status_code == 200
    assert open_game(app, coins_game).game.state.ais[0].coins == 4
    with app.app_context():
        assert history.entry(coins_game, 11).event.in_effect == 4


@pytest.mark.parametrize("stored_format", [1, 2])
def test_a_snapshot_stored_by_an_earlier_botdeck_is_still_read(app, monkeypatch, stored_format):
    """A snapshot an earlier Botdeck stored, its history beside the engine's stored game
    (format 2; format 1 before units: each redo entry one action, no units): a restart
    resumes from it, not from the whole log."""
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Stored", seed=8)
        for version in range(30):
            games.act(game_id, version, Corrected("coins", version))
        games.act(game_id, 30, Undo())
        games.act(game_id, 31, Undo())  # version 32: a snapshot is stored with it
        version, text = db.find_snapshot(game_id)
        assert version == 32
        data = json.loads(text)
        assert data["format"] == games.SNAPSHOT_FORMAT == 3
        stored = json.loads(data["game"])
        held = stored.pop("history")  # stored beside the game, as format 2 did
        data = {**data, "format": 2, "game": json.dumps(stored), **held}
        if stored_format == 1:
            data.update(format=1, redo=[group[0] for group in data["redo"]])
            del data["units"]
        db.get_db().execute(
            "UPDATE snapshots SET data = ? WHERE game_id = ?", (json.dumps(data), game_id)
        )
        expected = seen(games._rebuild(db.find_game(game_id)).game)
        games.forget_all()

        def replayed(*args, **kwargs):
            raise AssertionError("the game was replayed from its whole log")

        monkeypatch.setattr(games, "_rebuild", replayed)
        resumed = games.open_game(game_id)
        assert resumed.game.partial and seen(resumed.game) == expected
        assert str(resumed.next_redo()) == "Correction: Coins set to 28"
        redone = games.act(game_id, 32, Redo())
        assert redone.game.state.ais[0].coins == 28


def test_a_snapshot_holds_a_redo_of_up_to_stored_tail_actions_and_leaves_out_a_longer_one(
    app, monkeypatch
):
    """A Redo entry of up to STORED_TAIL actions is stored whole in the snapshot, a longer
    one as not held; a game resumed with one not held stores its snapshots again."""
    tail = STORED_TAIL
    played = 2 * tail + 30  # version 158: the two undos below store a snapshot at 160

    def redo_sizes(game_id: str) -> tuple[int, list[int | None]]:
        version, text = db.find_snapshot(game_id)
        redo = json.loads(json.loads(text)["game"])["history"]["redo"]
        return version, [None if g is None else len(g) for g in redo]

    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Long redo", seed=8)
        for version in range(played):
            games.act(game_id, version, Corrected("coins", version % 40))
        games.act(game_id, played, Undo(played - tail - 1))  # tail + 1 actions
        games.act(game_id, played + 1, Undo(played - 2 * tail - 1))  # tail actions
        assert redo_sizes(game_id) == (played + 2, [None, tail])
        games.forget_all()  # a restart: resumed from that snapshot

        def replayed(*args, **kwargs):
            raise AssertionError("the game was replayed from its whole log")

        monkeypatch.setattr(games, "_rebuild", replayed)
        resumed = games.open_game(game_id)  # action n set the coins to (n - 1) % 40
        assert str(resumed.next_redo()) == f"{tail} actions, up to “Correction: Coins set to 12”"
        for version in range(played + 2, played + 18):  # 16 undos: a snapshot again
            games.act(game_id, version, Undo())
        assert redo_sizes(game_id) == (played + 18, [None, tail, *[1] * 16])
        in_effect = played - 2 * tail - 1 - 16
        assert games.open_game(game_id).game.state.ais[0].coins == (in_effect - 1) % 40


def test_an_older_page_of_the_history_marks_what_was_taken_back_since(app, client, game_id):
    """The older pages of a long game's History, after an undo back to action 30 and a
    new action: actions 31 and after were dropped (struck through, not offered), those
    before still in effect (offered); the undo and the new action are on the first page."""
    correct_coins(app, game_id, range(1, 131))  # events 1..130
    client.post(f"/g/{game_id}/undo-to", data={"version": 130, "to": 30})  # event 131
    correct_coins(app, game_id, [99])  # event 132: what was taken back is gone for good
    shown = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    pages = [rows(shown)]
    while (older := re.search(r'class="button history-older" href="([^"]+)"', shown)) is not None:
        shown = client.get(html.unescape(older.group(1)), headers=HTMX).get_data(as_text=True)
        pages.append(rows(shown))
    assert [sorted(page) for page in pages] == [
        list(range(83, 133)), list(range(33, 83)), list(range(1, 33))
    ]  # fmt: skip
    for page in pages[1:]:
        for seq, row in page.items():
            dropped = seq > 30
            assert ("taken-back" in row) is dropped, seq
            assert (undo_back(row) is None) is dropped, seq


def test_undo_back_to_here_changes_the_game_under_its_own_lock(app, coins_game, monkeypatch):
    """The game's lock, not another's: a tap on the game from another device waits."""
    taken, real = [], games.lock

    def recorded(game_id):
        taken.append(game_id)
        return real(game_id)

    monkeypatch.setattr(games, "lock", recorded)
    with app.app_context():
        games.undo_back_to(coins_game, 10, 5, "tablet")
    assert taken and set(taken) == {coins_game}


def test_after_a_redo_longer_than_memory_holds_undo_still_says_what_it_takes_back(app):
    """A Redo brings back more actions than memory holds the words of: the game reads its
    whole log once the redo is stored, so the Undo button still says what it takes back."""
    count = 3 * STORED_TAIL
    with app.app_context():
        game_id = games.create_game("covenant", {}, name="Long redo", seed=8)
        for version in range(count):
            games.act(game_id, version, Corrected("coins", version % 40))
        games.act(game_id, count, Undo(10))
        redone = games.act(game_id, count + 1, Redo())
        assert redone.game.history.undo_size() == count - 10
        said = redone.last_summary()
        assert said is not None
        assert str(said) == f"{count - 10} actions, back to “Correction: Coins set to 9”"
