"""Live updates: each game's stream starts with a snapshot and pushes every change."""

from __future__ import annotations

import queue
import threading
import time

import pytest

from webapp.web import live_view

from .conftest import new_game, tap


def read_events(client, url: str, into: queue.Queue, stop: threading.Event) -> None:
    response = client.get(url, buffered=False)
    into.put(("status", response.status_code, response.headers.get("Content-Type")))
    try:
        for chunk in response.response:
            into.put(("chunk", chunk.decode() if isinstance(chunk, bytes) else chunk))
            if stop.is_set():
                break
    finally:
        response.close()


def next_update(events: queue.Queue, timeout: float = 3) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        kind, *rest = events.get(timeout=max(0.01, deadline - time.monotonic()))
        if kind == "chunk" and rest[0].startswith("event: update"):
            return rest[0]
    raise AssertionError("no update arrived")


def open_stream(app, url: str):
    events: queue.Queue = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=read_events, args=(app.test_client(), url, events, stop), daemon=True
    )
    thread.start()
    return events, stop


def test_a_stream_starts_with_a_reconnect_delay_and_the_current_state(app, client, game_id):
    tap(client, game_id, "H")
    events, stop = open_stream(app, f"/g/{game_id}/events")
    assert events.get(timeout=3) == ("status", 200, "text/event-stream; charset=utf-8")
    assert events.get(timeout=3) == ("chunk", "retry: 1000\n\n")
    snapshot = next_update(events)
    assert 'data-game-version="1"' in snapshot
    assert all(f'id="{name}"' in snapshot for name in ("checklist", "board", "card", "state"))
    stop.set()


def test_a_page_opening_its_stream_at_once_is_sent_nothing_it_has(app, client, game_id):
    """The page's stream address carries the version it was drawn at: its first live
    message repeats none of the page (it was the whole page again, a sixth of a first
    visit); the next tap sends only what changed."""
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert f'sse-connect="/g/{game_id}/events?since=0"' in page
    events, stop = open_stream(app, f"/g/{game_id}/events?since=0")
    assert events.get(timeout=3) == ("status", 200, "text/event-stream; charset=utf-8")
    assert events.get(timeout=3) == ("chunk", "retry: 1000\n\n")
    tap(client, game_id, "2.1")
    pushed = next_update(events, timeout=10)
    assert 'data-game-version="1"' in pushed and "Is your Ship in Pirate mode?" in pushed
    assert 'id="card"' not in pushed  # the same card: the page has it
    stop.set()


def test_a_page_drawn_before_the_last_change_gets_the_whole_game(app, client, game_id):
    """A stream opened (or reopened after sleep) by a page of an older version starts
    with the whole game, as a page with no version does."""
    tap(client, game_id, "2.1")
    events, stop = open_stream(app, f"/g/{game_id}/events?since=0")
    snapshot = next_update(events)
    assert 'data-game-version="1"' in snapshot
    assert all(f'id="{name}"' in snapshot for name in ("checklist", "board", "card", "state"))
    stop.set()


def test_a_tap_on_one_device_reaches_the_others(app, client, game_id):
    # (how fast is measured by `make bench`, not here: a loaded machine is slow)
    events, stop = open_stream(app, f"/g/{game_id}/events")
    next_update(events)  # the snapshot
    tap(client, game_id, "2.1")
    pushed = next_update(events, timeout=10)
    assert 'data-game-version="1"' in pushed and "Is your Ship in Pirate mode?" in pushed
    client.post(f"/g/{game_id}/undo", data={"version": 1}, headers={"HX-Request": "true"})
    assert "Where is your Ship?" in next_update(events, timeout=10).split('class="steps"')[0]
    stop.set()


def test_a_quiet_stream_sends_heartbeats(app, client, game_id, monkeypatch):
    monkeypatch.setattr(live_view, "HEARTBEAT_SECONDS", 0.2)
    events, stop = open_stream(app, f"/g/{game_id}/events")
    next_update(events)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        kind, *rest = events.get(timeout=3)
        if kind == "chunk" and rest[0].startswith(":"):
            break
    else:
        raise AssertionError("no heartbeat")
    stop.set()


def test_deleting_the_game_tells_its_streams(app, client):
    game_id = new_game(client, {"bot": "covenant"})  # started here: this device deletes it
    events, stop = open_stream(app, f"/g/{game_id}/events")
    next_update(events)
    assert client.post(f"/g/{game_id}/delete").status_code == 303
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        kind, *rest = events.get(timeout=3)
        if kind == "chunk" and rest[0].startswith("event: gone"):
            break
    else:
        raise AssertionError("no gone event")
    stop.set()


def test_the_watch_stream_pushes_fragments_without_buttons(app, client, game_id):
    import re

    panel = client.get(f"/g/{game_id}/share").get_data(as_text=True)
    watch_id = re.search(r"/w/([\w-]+)", panel).group(1)
    events, stop = open_stream(app, f"/w/{watch_id}/events")
    snapshot = next_update(events)
    assert "/answer" not in snapshot and game_id not in snapshot
    stop.set()


def test_an_unknown_stream_is_a_404(client):
    assert client.get("/g/nope/events").status_code == 404
    assert client.get("/w/nope/events").status_code == 404


def test_the_other_devices_hear_of_a_tap_once_its_answer_is_rendered(client, game_id, monkeypatch):
    """Their streams would otherwise start working while the tap renders, and slow it."""
    from webapp.service import live
    from webapp.web import play

    heard: list[int] = []
    heard_while_rendering: list[list[int]] = []
    real = play.render_changed

    def rendering(opened, **kwargs):  # type: ignore[no-untyped-def]
        heard_while_rendering.append(list(heard))
        return real(opened, **kwargs)

    monkeypatch.setattr(play, "render_changed", rendering)
    stop = live.listen(lambda name, version: heard.append(version))
    try:
        assert tap(client, game_id, "H").status_code == 200
    finally:
        stop()
    assert heard_while_rendering == [[]] and heard == [1]


def test_what_a_view_publishes_is_told_at_its_end_even_when_it_fails():
    """A view that committed a change and then failed still tells the other devices;
    nothing is told twice, and a publish after the block goes out at once."""
    from webapp.service import live

    heard: list[int] = []
    stop = live.listen(lambda name, version: heard.append(version))
    try:
        with pytest.raises(RuntimeError, match="^the render failed$"), live.held():
            live.publish(("test", "held"), 7)
            assert heard == []
            raise RuntimeError("the render failed")
        assert heard == [7]
        live.publish(("test", "held"), 8)
        assert heard == [7, 8]
    finally:
        stop()
