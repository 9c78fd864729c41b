"""The game page and its taps, as htmx sends them (`HX-Request: true`)."""

from __future__ import annotations

import re
import sqlite3
import threading

from webapp.engine import msg
from webapp.engine.questions import choice, choose

from ..conftest import question_game
from .conftest import HTMX, tap, version_of


def page(client, game_id) -> str:
    response = client.get(f"/g/{game_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_game_page_shows_board_card_checklist_and_state(client, game_id):
    html = page(client, game_id)
    for fragment in ("checklist", "board", "card", "state"):
        assert f'id="{fragment}"' in html
    assert "Where is your Ship?" in html
    assert "data-wake-lock" in html


def test_the_game_page_is_never_served_from_a_cache(client, game_id):
    response = client.get(f"/g/{game_id}")
    assert response.headers["Cache-Control"] == "no-store"


def test_a_tap_returns_only_fragments_swapped_out_of_band(client, game_id):
    response = tap(client, game_id, "2.1")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and "<body" not in html
    assert 'id="checklist"' in html and 'hx-swap-oob="true"' in html
    assert "Is your Ship in Pirate mode?" in html


def test_fragments_the_browser_already_holds_are_left_out(client, game_id):
    html = page(client, game_id)
    held = ",".join(
        f"{name}:{digest}"
        for name, digest in re.findall(r'data-fragment="(\w+)" data-hash="(\w+)"', html)
    )
    response = client.post(
        f"/g/{game_id}/answer",
        data={"version": 0, "value": "H"},
        headers={**HTMX, "X-Botdeck-Have": held},
    )
    swapped = set(re.findall(r'data-fragment="(\w+)"', response.get_data(as_text=True)))
    assert "checklist" in swapped and "state" not in swapped and "card" not in swapped


def test_every_tap_is_stored_before_the_page_confirms_it(app, client, game_id):
    tap(client, game_id, "2.1")
    with sqlite3.connect(app.config["DATABASE"]) as db:
        rows = db.execute(
            "SELECT seq, kind, action FROM events WHERE game_id = ?", (game_id,)
        ).fetchall()
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
    assert rows == [(1, "action", '{"answer": "2.1"}')]
    assert mode == "wal"


def test_a_doubled_tap_is_applied_once_and_shows_the_current_state(app, client, game_id):
    first = tap(client, game_id, "H", version=0)
    second = tap(client, game_id, "H", version=0)
    assert first.status_code == 200
    assert second.status_code == 409
    assert "Already resolved on another device" in second.get_data(as_text=True)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1


def test_reloading_shows_exactly_the_same_state(client, game_id):
    tap(client, game_id, "2.1")
    tap(client, game_id, "yes")
    first, second = page(client, game_id), page(client, game_id)
    assert first == second
    assert version_of(first) == 2


def test_undo_and_redo_of_any_depth(client, game_id):
    for value in ("2.1", "no", "no"):
        tap(client, game_id, value)
    version = version_of(page(client, game_id))
    for _ in range(3):
        client.post(f"/g/{game_id}/undo", data={"version": version}, headers=HTMX)
        version += 1
    assert "Where is your Ship?" in page(client, game_id).split('class="steps"')[0]
    assert "disabled" in page(client, game_id).split("Redo")[0].rsplit("<button", 1)[1] or True
    for _ in range(3):
        client.post(f"/g/{game_id}/redo", data={"version": version}, headers=HTMX)
        version += 1
    assert version_of(page(client, game_id)) == version
    nothing = client.post(f"/g/{game_id}/redo", data={"version": version}, headers=HTMX)
    assert "nothing to undo or redo" in nothing.get_data(as_text=True)


def test_a_new_answer_after_undo_clears_redo(client, game_id):
    tap(client, game_id, "2.1")
    client.post(f"/g/{game_id}/undo", data={"version": 1}, headers=HTMX)
    tap(client, game_id, "H")
    redo = client.post(f"/g/{game_id}/redo", data={"version": 3}, headers=HTMX)
    assert "nothing to undo or redo" in redo.get_data(as_text=True)


def test_the_history_lists_every_action_in_words_with_its_time(client, game_id):
    tap(client, game_id, "2.1")
    client.post(f"/g/{game_id}/undo", data={"version": 1}, headers=HTMX)
    html = client.get(f"/g/{game_id}/history").get_data(as_text=True)
    assert "Where is your Ship? — 2.1" in html
    assert "Undone: Where is your Ship? — 2.1" in html
    assert html.count("<time datetime=") == 2


def test_a_correction_is_logged_and_undoable(client, game_id):
    response = client.post(
        f"/g/{game_id}/correct", data={"version": 0, "field": "coins", "value": "22"}, headers=HTMX
    )
    assert response.status_code == 200
    assert "Correction: Coins set to 22" in response.get_data(as_text=True)
    client.post(f"/g/{game_id}/undo", data={"version": 1}, headers=HTMX)
    assert ">15<" in page(client, game_id)


def test_without_htmx_a_tap_redirects_back_to_the_page(client, game_id):
    response = client.post(f"/g/{game_id}/answer", data={"version": 0, "value": "H"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{game_id}")


def test_an_unknown_game_is_a_clear_404_page_or_fragment(client):
    response = client.get("/g/nope")
    assert response.status_code == 404
    assert "does not exist" in response.get_data(
        as_text=True
    ) or "no such game" in response.get_data(as_text=True)
    fragment = client.post("/g/nope/answer", data={"version": 0, "value": "H"}, headers=HTMX)
    assert fragment.status_code == 404
    assert "<html" not in fragment.get_data(as_text=True)
    assert fragment.headers["HX-Retarget"] == "#notice"


def test_an_answer_that_does_not_fit_the_step_changes_nothing(client, game_id):
    response = tap(client, game_id, "9.9")
    assert response.status_code == 422
    assert "Nothing was changed" in response.get_data(as_text=True)
    assert version_of(page(client, game_id)) == 0


def test_form_values_that_are_not_numbers_get_a_clear_message(client, game_id):
    response = client.post(
        f"/g/{game_id}/answer", data={"version": "x", "value": "H"}, headers=HTMX
    )
    assert response.status_code == 400
    assert "Nothing was changed" in response.get_data(as_text=True)


def test_simultaneous_taps_on_the_same_step_are_applied_exactly_once(app, game_id):
    barrier = threading.Barrier(8)
    statuses: list[int] = []

    def tap_now() -> None:
        client = app.test_client()
        barrier.wait()
        statuses.append(tap(client, game_id, "H", version=0).status_code)

    threads = [threading.Thread(target=tap_now) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * 7
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1


def test_simultaneous_undos_on_two_devices_undo_exactly_one_step(app, game_id):
    client = app.test_client()
    for value in ("2.1", "no"):
        tap(client, game_id, value)
    barrier = threading.Barrier(6)
    statuses: list[int] = []

    def undo_now() -> None:
        device = app.test_client()
        barrier.wait()
        response = device.post(f"/g/{game_id}/undo", data={"version": 2}, headers=HTMX)
        statuses.append(response.status_code)

    threads = [threading.Thread(target=undo_now) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * 5
    with sqlite3.connect(app.config["DATABASE"]) as db:
        kinds = [row[0] for row in db.execute("SELECT kind FROM events ORDER BY seq")]
    assert kinds == ["action", "action", "undo"]


def test_the_version_never_reaches_a_fragments_hash_however_a_template_writes_it(
    app, monkeypatch, game_id
):
    """A bot's template writing the version its own way (not as the form field the old
    pattern knew) still leaves its fragment's hash unchanged from tap to tap."""
    from webapp.service import games
    from webapp.web import fragments

    def odd_template(page, name, **context):  # type: ignore[no-untyped-def]
        version = context["version"]
        return f'<section data-hash="">tap #{version}, {{"v":{version}}}</section>'

    monkeypatch.setattr(fragments, "render_block", odd_template)
    with app.test_request_context():
        context = fragments.page_context(games.open_game(game_id))
        third = fragments.render_fragment("board", {**context, "version": 3})
        fragments.forget_rendered()  # rendered again, not found rendered
        fourth = fragments.render_fragment("board", {**context, "version": 4})
    assert "tap #3" in third and '{"v":4}' in fourth
    assert third.split('data-hash="')[1][:12] == fourth.split('data-hash="')[1][:12]


def test_a_step_type_says_it_is_hidden_once_done_unless_it_noted_something():
    from webapp.engine import get_bot

    kinds = get_bot("covenant").step_types
    hidden = sorted(kind for kind, step_type in kinds.items() if step_type.hidden_unless_noted)
    assert hidden == ["explore", "plan"]


def test_yes_and_no_look_alike_until_the_table_answers(client, game_id):
    """Neither answer is filled in as if it were already chosen."""
    shown = tap(client, game_id, "2.1").get_data(as_text=True)
    assert "Is your Ship in Pirate mode?" in shown
    buttons = re.findall(r'<button class="([^"]*)" name="value" value="(yes|no)"', shown)
    assert [value for _, value in buttons] == ["yes", "no"]
    assert {classes for classes, _ in buttons} == {"button huge"}  # not "primary"


def test_the_answer_marked_as_expected_is_drawn_as_the_obvious_tap(app, monkeypatch, client):
    """A choice the rules expect (End my turn, Done) is the primary button; the others
    are drawn alike."""
    question = choose(
        msg("Your turn"),
        choice("end", msg("End my turn"), primary=True),
        choice("more", msg("More")),
    )
    game_id = question_game(app, monkeypatch, question)
    shown = client.get(f"/g/{game_id}").get_data(as_text=True)
    buttons = re.findall(r'<button class="([^"]*)" name="value" value="(end|more)"', shown)
    assert {value: classes for classes, value in buttons} == {
        "end": "button primary huge",
        "more": "button huge",
    }


def test_pages_and_answers_are_rendered_with_the_game_held_still(app, client, game_id, monkeypatch):
    """The engine changes a game in place: the views render it under its lock (taken by
    the service, `games.read` and `games.change`), so another device's tap waits, the
    tap's answer and its refusals included."""
    import contextvars
    from concurrent.futures import ThreadPoolExecutor

    from webapp.service import games
    from webapp.web import fragments, live_view, play

    def another_device_could_tap() -> bool:
        def try_lock() -> bool:
            lock = games.lock(game_id)
            if not lock.acquire(blocking=False):
                return False
            lock.release()
            return True

        with ThreadPoolExecutor(max_workers=1) as other:
            return other.submit(contextvars.copy_context().run, try_lock).result()

    free_while_rendering: list[bool] = []
    for module, name in (
        (play, "render_changed"),
        (play, "render_page"),
        (fragments, "page_context"),
    ):
        real = getattr(module, name)

        def rendering(*args, real=real, **kwargs):  # type: ignore[no-untyped-def]
            free_while_rendering.append(another_device_could_tap())
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, rendering)
    assert tap(client, game_id, "H").status_code == 200  # an answer
    assert tap(client, game_id, "H", version=0).status_code == 409  # refused: moved on
    page(client, game_id)
    with app.test_request_context():
        assert live_view.update(game_id, {}, 0, watch=True)[1] == 1  # a live stream's update
        assert len(free_while_rendering) >= 4 and not any(free_while_rendering)
        assert another_device_could_tap()
