"""Taps to the bot's first action: a newcomer opens the lobby, taps the bot, leaves the
form as it opens and taps *Start the game*, then answers the setup as asked, until the
bot's first turn begins — once with nothing entered on this Botdeck, once with the
table's copy of the game (and a deck of its own cards) entered beforehand.

Counted: taps (a button, a tile, a link, a tap on the board editor's drawing) and fields
filled (each value typed into a form that did not show it already). With nothing
entered, the game then goes on for a few hundred taps, and any printed part asked after
the bot's first action has started is counted too (the aim: none).

Everything goes through the routes a browser uses (Flask's test client): the lobby's
form as a browser sends it, the copy page's forms, the board editor's taps.
"""

from __future__ import annotations

import copy
import html
import io
import json
import random
import re
import tempfile
from dataclasses import dataclass, field
from typing import Any

from tests.engine.deacon import real_components
from tests.web.lobby_form import form_as_opened
from webapp import create_app
from webapp.bots.deacon.board import demo_board
from webapp.engine import Fields, Kind, get_bot
from webapp.service import games

from .table import LONG_SCORE_BOARD, QUIET, SOLO_COSTS, entry_answer, valid_answer

# Which checklist is the bot's own turn (its header's kind), bot by bot.
BOT_TURN = {"covenant": "covenant", "deacon": "deacon", "solo_enemy": "enemy", "bandits": "night"}
AFTER = 300  # taps played on after the bot's first action, watching for a part asked
AIM = 10
EDITING = re.compile(r"id=\"board-editing\" name=\"editing\" value='([^']*)'")


@dataclass
class Count:
    taps: int = 0
    fields: int = 0
    board_taps: int = 0  # of `taps`: in the board editor, entering the board
    parts_after: list[str] = field(default_factory=list)  # parts asked after the bot began
    steps: list[str] = field(default_factory=list)  # the steps answered before it did


def typed(value: Any) -> int:
    """How many values a table types for an answer (blank, 0 and unticked aside)."""
    if isinstance(value, dict):
        return sum(typed(v) for v in value.values())
    if isinstance(value, list):
        return sum(typed(v) for v in value)
    return 0 if value in (None, "", 0, False) else 1


def part_answer(draft: Any) -> Any:
    """What the table types for a printed part: stand-ins shaped as the printed ones
    (no transcription exists), never the invented demo values."""
    if isinstance(draft, dict) and draft.get("kind") == "components":
        return real_components()[draft["part"]]
    if isinstance(draft, dict) and draft.get("kind") == "faction":
        return SOLO_COSTS
    return LONG_SCORE_BOARD  # the Bandits' Score Board


def answer(opened: games.OpenGame, rng: random.Random) -> tuple[Any, int]:
    """The newcomer's answer to the step asked and the values typed for it: the obvious
    tap (night falls when the day is done), a printed part typed in, a card entered as
    the demo deck has it (standing in for the printed card)."""
    pending = opened.game.pending()
    assert pending is not None, "the game ended before the bot acted"
    question, bot = pending.question, opened.game.bot
    draft = getattr(question, "draft", None)
    if draft is not None and bot.copy.kept_key(draft) is not None:
        value = part_answer(draft)
        return json.dumps(value), typed(value)
    if question.kind is Kind.ENTRY:
        cards = bot.cards
        value = None if cards is None else cards.known_entry(cards.demo_deck(), draft)
        if value is None:  # what a tile shows, turned over in play
            value = entry_answer(draft)
        return json.dumps(value), typed(value)
    if question.kind is Kind.SPACE and "none" in question.spaces:
        return "none", 0  # no Reef Ball deployed this turn
    if question.kind is Kind.SPACE and question.choices:
        # the day done, the Reef Balls placed: the button beside the board
        offered = [c.value for c in question.choices if c.refused is None]
        quiet = next((v for v in ("night", *QUIET) if v in offered), None)
        if quiet is not None:
            return quiet, 0
    value = valid_answer(opened, rng)
    if isinstance(question, Fields):  # a form: the fields changed from how it opens
        sent = json.loads(value)
        return value, sum(1 for f in question.fields if sent.get(f.name) not in (f.default, None))
    return value, 0


def enter_copy(client: Any, bot_id: str) -> None:
    """The table's copy entered beforehand on the copy page (each part in its form, the
    board in the board editor's file), and a complete deck of its own cards."""
    bot = get_bot(bot_id)
    for part in bot.copy.parts(None, ()):
        saved = client.post(
            f"/library/{bot_id}/copy/part/{part.key}",
            data={"value": json.dumps(part_answer(part.question.draft))},
        )
        assert saved.status_code == 303, (part.key, saved.status_code)
    if bot.board is not None:
        board = {**demo_board(), "name": "Harbour table"}
        board.pop("demo")
        imported = client.post(
            f"/library/{bot_id}/boards/import",
            data={"file": (_file(board), "board.json")},
        )
        assert imported.status_code == 303, imported.status_code
    if bot.cards is not None:
        deck = {**copy.deepcopy(bot.cards.demo_deck()), "name": "Our cards"}
        deck.pop("demo", None)
        imported = client.post(
            f"/library/{bot_id}/import", data={"file": (_file(deck), "deck.json")}
        )
        assert imported.status_code == 303, imported.status_code


def _file(data: Any) -> io.BytesIO:
    return io.BytesIO(json.dumps(data).encode())


def enter_board(client: Any, bot_id: str, count: Count) -> None:
    """The board entered in the editor, tap by tap, as the newcomer copies it from the
    printed Main board (the demo board's size standing in for it): a name, each island
    where it lies, each route and its energy, each sector's routes and sharks."""
    count.taps += 2  # the refusal's link to the copy page, then "Enter the board"
    count.fields += 1  # its name
    made = client.post(f"/library/{bot_id}/boards/new", data={"name": "Harbour table"})
    assert made.status_code == 303
    url = made.headers["Location"]
    editing = json.loads(html.unescape(EDITING.search(client.get(url).get_data(as_text=True))[1]))
    board = demo_board()

    def tap(**fields: Any) -> None:
        nonlocal editing
        count.taps += 1
        count.board_taps += 1
        data = {**{k: str(v) for k, v in fields.items()}, "editing": json.dumps(editing)}
        done = client.post(url + "/tap", data=data, headers={"HX-Request": "true"})
        assert done.status_code == 200, (fields, done.get_data(as_text=True)[:300])
        editing = json.loads(html.unescape(EDITING.search(done.get_data(as_text=True))[1]))

    for island in sorted(board["islands"], key=lambda i: i["number"]):
        tap(op="point", at=f"{island['x']},{island['y']}")
    tap(op="mode", value="routes")
    for route in board["routes"]:
        tap(op="island", n=route["a"])
        tap(op="island", n=route["b"])
        if route["cost"] != 1:  # a new route costs 1 energy
            tap(op="cost", value=route["cost"])
    tap(op="mode", value="sectors")
    for sector in board["sectors"]:
        for a, b in sector["routes"]:
            tap(op="route", key=f"{min(a, b)}-{max(a, b)}")
        if sector["sharks"] != 1:
            tap(op="sharks", value=sector["sharks"])
        tap(op="save_sector")
    count.taps += 1  # back to the lobby


def newcomer(bot_id: str, copy_entered: bool) -> Count:
    """The taps and fields from the lobby to the bot's first action."""
    rng = random.Random(2026)
    count = Count()
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir})
        client = app.test_client()
        if copy_entered:
            enter_copy(client, bot_id)
        lobby = client.get("/").get_data(as_text=True)
        chosen = re.search(r'<a class="bot-tile" href="/\?bot=(\w+)"[^>]*aria-current', lobby)
        if chosen is None or chosen[1] != bot_id:
            count.taps += 1  # the bot's tile
            lobby = client.get(f"/?bot={bot_id}").get_data(as_text=True)
        count.taps += 1  # Start the game
        started = client.post("/games", data=form_as_opened(lobby))
        if started.status_code == 422:  # the board first: entered, then Start again
            enter_board(client, bot_id, count)
            count.taps += 2  # the bot's tile, Start the game
            lobby = client.get(f"/?bot={bot_id}").get_data(as_text=True)
            started = client.post("/games", data=form_as_opened(lobby))
        assert started.status_code == 303, started.get_data(as_text=True)[:500]
        game_id = started.headers["Location"].rsplit("/", 1)[1]
        began, watched = False, 0
        while watched < AFTER:
            with app.app_context():
                opened = games.open_game(game_id)
                pending, checklist = opened.game.pending(), opened.game.checklist
                if pending is None:
                    break
                began = began or (
                    checklist is not None and checklist.header.get("kind") == BOT_TURN[bot_id]
                )
                part = opened.game.bot.copy.kept_key(getattr(pending.question, "draft", None))
                if began and part is not None:
                    count.parts_after.append(part)
                value, fields = answer(opened, rng)
                version = opened.version
            if began:
                watched += 1
            else:
                count.taps += 1
                count.steps.append(pending.step.kind)
                count.fields += fields
            answered = client.post(
                f"/g/{game_id}/answer",
                data={"version": version, "value": value},
                headers={"HX-Request": "true"},
            )
            assert answered.status_code == 200, answered.get_data(as_text=True)[:500]
        return count


def measure() -> None:
    print(
        "Taps to the bot's first action, a newcomer from the lobby as it opens "
        f"(aim: ≤ {AIM} taps with the copy entered; no part asked once the bot has begun)"
    )
    print(f"  {'':<18} {'nothing entered':<46} {'the copy entered':<22}")
    for bot_id in BOT_TURN:
        bot = get_bot(bot_id)
        empty, entered = newcomer(bot_id, False), newcomer(bot_id, True)
        first = f"{empty.taps} taps, {empty.fields} fields"
        if empty.board_taps:
            first += f" (the board: {empty.board_taps} taps)"
        second = f"{entered.taps} taps, {entered.fields} fields"
        mark = "" if entered.taps <= AIM else "  ← over the aim"
        print(f"  {bot.id:<18} {first:<46} {second:<22}{mark}")
        asked = empty.parts_after + entered.parts_after
        print(f"  {'':<18} parts asked after the bot began: {len(asked)} {asked or ''}")
        lobby = entered.taps - len(entered.steps)
        print(f"  {'':<18} the copy entered: {lobby} in the lobby, then {', '.join(entered.steps)}")
