"""The README's headless example runs as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_headless_examples_run(capsys):
    covenant, solo_enemy, deacon, bandits = re.findall(
        r"```python\n(.*?)```", README.read_text(), re.S
    )
    exec(compile(covenant, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Where is your Ship?" in out
    assert "refused:" in out
    assert "coins after its first turn" in out
    exec(compile(solo_enemy, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "The Enemy plays the" in out
    assert "Round 1 · Enemy Hero 1 — Hero 1:" in out
    exec(compile(deacon, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Round 1 · Deacon's turn — B. Move its Ship to Island" in out
    exec(compile(bandits, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("Day 2 1 {") and "(-2, 0)" in out


def test_the_readme_deacon_files_are_valid_files():
    from webapp.bots.deacon.board import validate_board
    from webapp.bots.deacon.cards import validate_deck

    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", README.read_text(), re.S)]
    deck = next(b for b in blocks if b.get("bot") == "deacon" and b["format"] == "botdeck-deck")
    board = next(b for b in blocks if b["format"] == "botdeck-board")
    assert validate_deck(deck) and validate_board(board)


def test_the_readme_introduces_every_bot():
    """Its opening counts the bots and gives each a line, the game it plays named."""
    import webapp.bots  # noqa: F401  (registers every bot)
    from webapp.engine.registry import all_bots

    intro = README.read_text().split("\n## ")[0]
    bots = all_bots()
    count = {3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven"}[len(bots)]
    assert f"{count} bots so far:" in intro
    assert len(re.findall(r"^- ", intro, re.M)) == len(bots)
    for bot in bots:
        assert f"*{bot.game_name}*" in intro, bot.id


def test_the_readme_copy_file_is_a_valid_copy_file():
    import webapp.bots  # noqa: F401  (registers every bot)
    from webapp.service.table_copy import check_file

    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", README.read_text(), re.S)]
    copy = next(b for b in blocks if b["format"] == "botdeck-copy")
    checked = check_file(copy["bot"], copy)
    assert checked.values == copy["parts"] and checked.board == copy["board"]
