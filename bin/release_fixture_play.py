"""Play a small data folder with the Botdeck release on PYTHONPATH: its own app, its own
routes, its own random answers (tests/random_play.py). Run by bin/make_release_fixtures.py,
once per release, as `python bin/release_fixture_play.py OUT COMMIT` with the release's
checkout on PYTHONPATH and as the working folder.

It imports nothing of the checkout it lives in: only what the release it plays has, found
by name (the store was webapp/db.py before webapp/storage/db.py, the service webapp/games.py
before webapp/service/games.py) or by the routes its app answers. What a release does not
have yet (the table's copy, "Undo back to here", a soft delete) is said in the manifest.

OUT gets `data/` (the data folder as the release left it), `files/` (what it exports: game
files, deck files, the collection file, copy files, a board file) and `manifest.json`.
"""

from __future__ import annotations

import html
import importlib
import io
import json
import random
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

DEVICE = "release-fixture-tablet-0001"  # the tablet's cookie: it owns every game here
HTMX = {"HX-Request": "true"}
TAP_ANSWERS = {200, 204, 409, 422}  # done, refused with a reason, or the game moved on
CARD_BOTS = ("covenant", "deacon", "solo_enemy")


def only_the_release() -> None:
    """Forget the editable install of the checkout this script lives in (its import hook
    would otherwise give a module the release does not have, from today's code)."""
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in str(f.__module__)]
    sys.path_hooks[:] = [h for h in sys.path_hooks if "__editable__" not in repr(h)]
    sys.path_importer_cache.clear()


def first_module(*names: str) -> ModuleType | None:
    """The first of `names` the release has (modules moved between releases)."""
    for name in names:
        try:
            found = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        if Path.cwd().resolve() not in Path(str(found.__file__)).resolve().parents:
            raise SystemExit(f"{name} comes from {found.__file__}, not from the release")
        return found
    return None


class FormAsOpened(HTMLParser):
    """The fields a browser sends for the lobby's start form as it opens, untouched."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.first_option: str | None = None
        self.chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("file", "submit"):
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.fields.append((name, a.get("value") or ""))
        elif tag == "select" and name:
            self.select, self.first_option, self.chosen = name, None, False
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value") or ""
            if "selected" in a:
                self.fields.append((self.select, a.get("value") or ""))
                self.chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select:
            if not self.chosen:
                self.fields.append((self.select, self.first_option or ""))
            self.select = None


def form_as_opened(lobby: str, bot: str) -> dict[str, Any] | None:
    """The lobby's start form of `bot` as it opens (None: the page has none)."""
    for form in lobby.split('<form method="post" action="/games"')[1:]:
        reader = FormAsOpened()
        reader.feed("<form " + form.split("</form>", 1)[0])
        sent: dict[str, Any] = {}
        for name, value in reader.fields:
            sent.setdefault(name, []).append(value)
        fields = {name: values if len(values) > 1 else values[0] for name, values in sent.items()}
        if fields.get("bot") == bot:
            return fields
    return None


class Release:
    """The release's app with one tablet (DEVICE) on it, and its service modules."""

    def __init__(self, data_dir: Path) -> None:
        import webapp
        from webapp import create_app

        here = Path(webapp.__file__).resolve()
        if Path.cwd().resolve() not in here.parents:
            raise SystemExit(f"webapp comes from {here}, not from the release in {Path.cwd()}")
        self.app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
        self.games: Any = first_module("webapp.service.games", "webapp.games")
        self.library: Any = first_module("webapp.service.library", "webapp.library")
        self.rp: Any = importlib.import_module("tests.random_play")
        self.client = self.app.test_client()
        self.client.set_cookie("botdeck_device", DEVICE)
        self.routes = {rule.rule for rule in self.app.url_map.iter_rules()}
        self.post("/device/name", {"name": "Tablet"}, expect={200, 303})

    # --- requests -----------------------------------------------------------------------

    def get(self, path: str) -> str:
        response = self.client.get(path)
        if response.status_code != 200:
            raise AssertionError(f"GET {path}: {response.status_code}")
        return response.get_data(as_text=True)

    def post(self, path: str, data: dict[str, Any], *, expect: set[int], htmx: bool = False) -> Any:
        response = self.client.post(path, data=data, headers=HTMX if htmx else {})
        if response.status_code not in expect:
            body = response.get_data(as_text=True)[:400]
            raise AssertionError(f"POST {path}: {response.status_code} {body}")
        return response

    def upload(self, path: str, name: str, content: bytes, **fields: str) -> Any:
        data: dict[str, Any] = {"file": (io.BytesIO(content), name), **fields}
        return self.post(path, data, expect={200, 303})

    def has(self, rule: str) -> bool:
        return rule in self.routes

    # --- the service, read only ---------------------------------------------------------

    def opened(self, game_id: str) -> Any:
        with self.app.app_context():
            return self.games.open_game(game_id)

    def deck_named(self, bot: str, name: str) -> Any:
        with self.app.app_context():
            found = self.library.named(bot, name, DEVICE)
        if found is None:
            raise AssertionError(f"no {bot} deck named {name!r}")
        return found


# --- what the table enters --------------------------------------------------------------


def deacon_part(part: str, rng: random.Random) -> dict[str, Any]:
    """A printed Deacon part as a table enters it: its own Mission colours and Pollution
    values (not the demo's), the rest as the demo prints it."""
    components = importlib.import_module("webapp.bots.deacon.components")
    value = json.loads(json.dumps(components.DEMO_COMPONENTS[part]))
    if part == "missions":
        while value == components.DEMO_COMPONENTS[part]:
            value = {"types": rng.sample(list(components.COLOURS), rng.randint(2, 5))}
    elif part == "pollution":
        value = {"small": rng.randint(-2, 0), "medium": rng.randint(-4, -1), "large": -5}
    return value


def part_fields(part: str, value: dict[str, Any]) -> dict[str, str] | None:
    """The Deacon part as the page's form sends it (`entry.<field>`, each a text), or None
    if this release cannot say one of its values as a field."""
    components = importlib.import_module("webapp.bots.deacon.components")
    entry = importlib.import_module("webapp.bots.deacon.entry")
    effects_text = getattr(entry, "effects_text", None)
    rows = components.ROWS.get(part)
    fields: dict[str, Any] = {name: value[name] for name in components.SCALARS.get(part, ())}
    if rows is not None:
        items = value[rows.key]
        fields[rows.count] = len(items)
        for n, item in enumerate(items, start=1):
            if not rows.columns:
                fields[rows.field(n)] = item
            else:
                fields.update({rows.field(n, column): item[column] for column in rows.columns})
    sent: dict[str, str] = {}
    for name, raw in fields.items():
        if raw is False:
            continue  # an unticked box sends nothing
        if isinstance(raw, list):
            if effects_text is None:
                return None
            raw = effects_text(raw)
        sent["entry." + name] = "on" if raw is True else str(raw)
    return sent


# --- one game, tapped through -----------------------------------------------------------


class Table:
    """One game on the tablet: random valid taps through the release's routes, with
    undos, redos, "Undo back to here", corrections and overturns now and then."""

    def __init__(self, release: Release, game_id: str, rng: random.Random) -> None:
        self.release, self.game_id, self.rng = release, game_id, rng
        self.done = {"answers": 0, "undos": 0, "redos": 0, "undo_to": 0, "corrections": 0}
        self.done["overturns"] = 0
        self.undone = False  # the last tap was an undo

    def version(self) -> int:
        return int(self.release.opened(self.game_id).version)

    def send(self, route: str, data: dict[str, Any], counted: str) -> bool:
        """Post to the game's route at its version; whether the game changed."""
        before = self.version()
        path = f"/g/{self.game_id}/{route}"
        self.release.post(path, {"version": before, **data}, expect=TAP_ANSWERS, htmx=True)
        changed = self.version() > before
        if changed:
            self.done[counted] += 1
        return changed

    def answer(self) -> bool:
        release, game = self.release, self.release.opened(self.game_id).game
        pending = game.pending()
        if pending is None:
            return False
        draft = getattr(pending.question, "draft", None)
        if isinstance(draft, dict) and draft.get("kind") == "components":
            return self.enter_part(draft["part"])
        value = release.rp.random_answer(game, self.rng)
        form = {"value": release.rp.as_form_value(value), "confirmed": "yes"}
        return self.send("answer", form, "answers")

    def enter_part(self, part: str) -> bool:
        """A printed Deacon part, entered as its form sends it (the table's own values);
        a release that refuses those fields gets the part as JSON."""
        value = deacon_part(part, self.rng)
        fields = part_fields(part, value)
        if fields is not None and self.send("answer", fields, "answers"):
            return True
        return self.send("answer", {"value": json.dumps(value)}, "answers")

    def undo_back_to_here(self) -> bool:
        """An entry the History's newest page offers "Undo back to here" on, tapped (and
        confirmed, as the page asks for more than one action)."""
        shown = self.release.get(f"/g/{self.game_id}/history")
        offered = re.findall(r'name="to" value="(\d+)"|href="(/g/[^"]+/undo-to\?[^"]+)"', shown)
        if not offered:
            return False
        seq, confirm = self.rng.choice(offered)
        if confirm:
            asked = self.release.get(html.unescape(confirm))
            found = re.search(r'name="to" value="(\d+)"', asked)
            if found is None:
                return False
            seq = found.group(1)
        return self.send("undo-to", {"to": seq}, "undo_to")

    def correct(self) -> bool:
        game = self.release.opened(self.game_id).game
        corrections = game.bot.corrections
        offered = corrections.offered if hasattr(corrections, "offered") else corrections
        counters = [] if game.over else list(offered(game.state))
        if not counters:
            return False
        counter = self.rng.choice(counters)
        value = self.rng.randint(counter.minimum, min(counter.maximum, counter.minimum + 6))
        return self.send("correct", {"field": counter.field, "value": str(value)}, "corrections")

    def overturn(self) -> bool:
        pending = self.release.opened(self.game_id).game.pending()
        offered = getattr(pending, "overturn", None)
        if offered is None or not self.release.has("/g/<game_id>/overturn"):
            return False
        return self.send("overturn", {"to": offered.to, "reason": ""}, "overturns")

    def tap(self, calm: bool) -> None:
        """One tap: mostly an answer; now and then (less often in a game played to its
        end, `calm`) a tap back or forth."""
        roll, back = self.rng.random(), 0.03 if calm else 0.08
        undo_to = self.release.has("/g/<game_id>/undo-to")
        if roll < back:
            self.undone = self.send("undo", {}, "undos")
            return
        if roll < 2 * back or (self.undone and roll < 0.5):  # a redo, mostly after an undo
            self.send("redo", {}, "redos")
        elif roll < 2 * back + 0.02 and undo_to:
            self.undo_back_to_here()
        elif not (roll < 2 * back + 0.04 and self.correct()) and not (
            roll < 2 * back + 0.05 and self.overturn()
        ):
            self.answer()
        self.undone = False

    def play(self, taps: int, *, finish: bool) -> None:
        """`taps` taps, or (`finish`) until the game is over (at most `taps`)."""
        for _ in range(taps):
            over = self.release.opened(self.game_id).game.pending() is None
            if over and finish:
                return
            if over:
                self.send("undo", {}, "undos")
            else:
                self.tap(calm=finish)


# --- the games of a release -------------------------------------------------------------

# How a game's cards come: the demo deck; the players' own printed cards, entered as they
# turn up (into one library deck per bot, which then answers the cards it knows); a library
# deck transcribed whole (the demo's cards imported as a deck file), drawn by Botdeck; the
# lobby as it opens for a newcomer (whatever that release starts with).
DEMO, PHYSICAL, LIBRARY, NEWCOMER = "demo", "physical", "library deck", "lobby as opened"


def plan(release: Release) -> list[dict[str, Any]]:
    """Every option set of the release's random play, for every bot; a second game on the
    physical deck of each card bot, a transcribed deck for each, a newcomer's game for each.
    One game of the Solo Enemy and a 2 vs 2 Covenant played to their end; bots in turn."""
    rp, games = release.rp, []
    for bot in rp.BOTS:
        sets = rp.OPTIONS[bot]
        for n, options in enumerate(sets):
            mode = PHYSICAL if rp.physical(options) else DEMO
            finish = (bot == "solo_enemy" and n == 0) or (bot == "covenant" and "coop" in options)
            games.append({"bot": bot, "options": options, "deck": mode, "finish": finish})
        if bot in CARD_BOTS:
            physical = next((o for o in sets if rp.physical(o)), None)
            if physical is not None:
                games.append({"bot": bot, "options": physical, "deck": PHYSICAL, "finish": False})
            games.append({"bot": bot, "options": {}, "deck": LIBRARY, "finish": False})
        games.append({"bot": bot, "options": None, "deck": NEWCOMER, "finish": False})
    # bots in turn, so that the table's copy changes between two games of one bot
    by_bot: dict[str, list[dict[str, Any]]] = {}
    for game in games:
        by_bot.setdefault(game["bot"], []).append(game)
    ordered = []
    while any(by_bot.values()):
        for queue in by_bot.values():
            if queue:
                ordered.append(queue.pop(0))
    return ordered


def lobby_fields(release: Release, game: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The lobby's start form for this game as a table fills it in (None: this release's
    lobby does not open on that bot)."""
    bot, options = game["bot"], game["options"]
    form = form_as_opened(release.get(f"/?bot={bot}"), bot)
    if form is None:
        return None
    form["name"] = name
    for key, value in (options or {}).items():
        if key == "board":
            form["board_id"] = release_board(release, value)
        elif isinstance(value, bool):
            form.pop(key, None)
            if value:
                form[key] = "on"
        elif isinstance(value, list):
            form[key] = [str(one) for one in value]
        else:
            form[key] = str(value)
    if game["deck"] in (DEMO, PHYSICAL, LIBRARY) and "deck_id" in form:
        form["deck_mode"] = "physical" if game["deck"] == PHYSICAL else "app"
        form["deck_id"] = deck_choice(release, bot, game["deck"])
    if form.get("board_id") == "none":  # a newcomer chooses the demo board by its name
        form["board_id"] = "demo"
    return form


def deck_choice(release: Release, bot: str, mode: str) -> str:
    if mode == DEMO:
        return str(release.library.DEMO)
    return str(release.deck_named(bot, "Our cards" if mode == PHYSICAL else "Transcribed").id)


def release_board(release: Release, board: dict[str, Any]) -> str:
    """The board, imported into the board library as a file (once); its id there."""
    name = "Fixture board " + str(len(board["islands"]))
    boards = first_module("webapp.service.boards", "webapp.boards")
    assert boards is not None
    with release.app.app_context():
        found = [b for b in boards.boards("deacon", DEVICE) if b.name == name]
    if not found:
        data = json.dumps({**board, "name": name}).encode()
        release.upload("/library/deacon/boards/import", "board.json", data)
        with release.app.app_context():
            found = [b for b in boards.boards("deacon", DEVICE) if b.name == name]
    return str(found[0].id)


def start(release: Release, game: dict[str, Any], name: str, seed: int) -> tuple[str, str]:
    """Start the game from the lobby as a table does; if this release's lobby refuses
    that option set (or does not open on its bot), as its own tests start one."""
    form = lobby_fields(release, game, name)
    if form is not None:
        response = release.client.post("/games", data=form)
        if response.status_code == 303:
            game["deck chosen"] = form.get("deck_id", "none (a bot without cards)")
            return response.headers["Location"].rsplit("/", 1)[1], "lobby"
    if game["options"] is None:
        raise AssertionError(f"the lobby of {game['bot']} does not start: {form}")
    bot, options, rp = game["bot"], game["options"], release.rp
    deck, deck_id = None, None
    if game["deck"] in (PHYSICAL, LIBRARY):
        found = release.deck_named(bot, "Our cards" if game["deck"] == PHYSICAL else "Transcribed")
        deck, deck_id = found.data, found.id
    elif rp.physical(options):
        deck = rp.starting_deck(bot, options)
    with release.app.app_context():
        game_id = release.games.create_game(
            bot, options, name=name, deck=deck, deck_id=deck_id, seed=seed, device=DEVICE
        )
    return game_id, "service"


# --- what the table keeps beside its games ----------------------------------------------


def make_decks(release: Release) -> None:
    """For each bot with cards: "Our cards", empty (the printed cards, entered as they turn
    up), and "Transcribed", the demo's cards imported whole as a deck file."""
    for bot in CARD_BOTS:
        release.post(f"/library/{bot}/new", {"name": "Our cards"}, expect={303})
        demo = json.loads(release.get(f"/library/{bot}/{release.library.DEMO}/export"))
        data = json.dumps({**demo, "name": "Transcribed"}).encode()
        release.upload(f"/library/{bot}/import", "transcribed.json", data)
        release.deck_named(bot, "Transcribed")  # (it is there)


def enter_copy(release: Release, rng: random.Random) -> list[str]:
    """The table's copy of each game entered on its page (a release that has one): its own
    Mission colours and Pollution values for Deacon, a faction's costs, a Score Board.
    The keys saved."""
    if not release.has("/library/<bot_id>/copy/part/<key>"):
        return []
    rp, saved = release.rp, []
    parts = {
        "deacon": {
            f"components:{part}": part_fields(part, deacon_part(part, rng))
            for part in ("missions", "pollution")
        },
        "solo_enemy": {"faction:orcs": {"value": json.dumps(rp.OWNED_ENTRIES["faction_costs"])}},
        "bandits": {"score-board": {"value": json.dumps(rp.SCORE_BOARD)}},
    }
    for bot, entered in parts.items():
        for key, fields in entered.items():
            path = f"/library/{bot}/copy/part/{key}"
            if fields is not None and release.client.post(path, data=fields).status_code == 303:
                saved.append(f"{bot} {key}")
    return saved


def export(release: Release, out: Path, games: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Every file the release writes for the table: each game's file, each library deck's
    file, the collection file, each copy file, each library board's file."""
    files: dict[str, list[str]] = {"games": [], "decks": [], "collection": [], "copies": []}
    files["boards"] = []

    def keep(kind: str, name: str, path: str) -> None:
        target = out / "files" / kind / name
        target.parent.mkdir(parents=True, exist_ok=True)
        response = release.client.get(path)
        if response.status_code != 200:
            raise AssertionError(f"GET {path}: {response.status_code}")
        target.write_bytes(response.get_data())
        files[kind].append(f"files/{kind}/{name}")

    for game in games:
        if not game.get("deleted"):
            game["file"] = f"files/games/{game['number']:02d}-{game['bot']}.json"
            keep("games", game["file"].rsplit("/", 1)[1], f"/g/{game['id']}/export")
    for bot in CARD_BOTS:
        for name in ("Our cards", "Transcribed"):
            deck = release.deck_named(bot, name)
            slug = name.lower().replace(" ", "-")
            keep("decks", f"{bot}-{slug}.json", f"/library/{bot}/{deck.id}/export")
    keep("collection", "collection.json", "/data/export")
    if release.has("/library/<bot_id>/copy/export"):
        for bot in ("deacon", "solo_enemy", "bandits"):
            keep("copies", f"{bot}.json", f"/library/{bot}/copy/export")
    boards = first_module("webapp.service.boards", "webapp.boards")
    assert boards is not None
    with release.app.app_context():
        own = [b for b in boards.boards("deacon", DEVICE) if not b.demo]
    for n, board in enumerate(own, start=1):
        keep("boards", f"deacon-{n}.json", f"/library/deacon/boards/{board.id}/export")
    return files


# --- the release's folder ---------------------------------------------------------------


def summary(release: Release, game: dict[str, Any], table: Table) -> None:
    """What the manifest says of a played game, as the release itself reads it."""
    opened = release.opened(game["id"])
    options = dict(opened.row.options)
    if "board" in options:  # a whole board file: named, not copied
        options["board"] = options["board"].get("name", "a board")
    game.update(
        options=options,
        seed=opened.row.seed,
        actions=len(opened.game.actions),
        over=opened.game.pending() is None,
        events=opened.version,
        done=table.done,
    )


def main(out: Path, commit: str) -> None:
    rng = random.Random(f"fixtures/{commit}")
    release = Release(out / "data")
    make_decks(release)
    games, copy_saved = plan(release), []
    for number, game in enumerate(games, start=1):
        if number == len(games) // 2:  # the copy changes between two games of each bot
            copy_saved = enter_copy(release, rng)
        name = f"Fixture {number:02d}: {game['bot']}, {game['deck']}"
        game_id, started = start(release, game, name, seed=rng.randrange(2**31))
        game.update(number=number, id=game_id, name=name, started=started)
        table = Table(release, game_id, rng)
        table.play(100 if game["finish"] else rng.randint(20, 45), finish=game["finish"])
        if not game["finish"] and number % 3 == 0:
            table.send("undo", {}, "undos")  # left with something to redo
        summary(release, game, table)
    if release.has("/g/<game_id>/bring-back"):
        game = {"bot": "covenant", "options": {}, "deck": DEMO, "finish": False}
        name = "Fixture deleted: covenant"
        game_id, started = start(release, game, name, seed=rng.randrange(2**31))
        table = Table(release, game_id, rng)
        table.play(8, finish=False)
        game.update(number=len(games) + 1, id=game_id, name=name, started=started)
        summary(release, game, table)
        release.post(f"/g/{game_id}/delete", {}, expect={303})
        game["deleted"] = True
        games.append(game)
    files = export(release, out, games)
    manifest = {
        "commit": commit,
        "device": DEVICE,
        "has": {
            "undo back to here": release.has("/g/<game_id>/undo-to"),
            "table's copy": release.has("/library/<bot_id>/copy"),
            "overturn": release.has("/g/<game_id>/overturn"),
            "recently deleted": release.has("/g/<game_id>/bring-back"),
        },
        "copy entered": copy_saved,
        "games": games,
        "files": files,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    only_the_release()
    main(Path(sys.argv[1]), sys.argv[2])
