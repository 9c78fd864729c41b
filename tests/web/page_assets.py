"""What a page loads of the bots: its own bot's stylesheet and icons, none of the others'
(the others' lobby icons aside), and every icon it uses drawn in it once."""

from __future__ import annotations

import re
from collections import Counter

BOTS = ("bandits", "covenant", "deacon", "solo_enemy")


def assert_own_assets(shown: str, bot_id: str | None) -> None:
    """`shown` (a whole page) links the stylesheet of `bot_id` alone (None: of no bot),
    and draws each icon it uses exactly once."""
    linked = re.findall(r'<link rel="stylesheet" href="/bots/([a-z_]+)/static/', shown)
    assert set(linked) == ({bot_id} if bot_id else set()), linked  # (a board editor: two)
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', shown)
    assert len(sheets) == len(set(sheets)), sheets  # none loaded twice
    # a game's table loads botdeck.css alone of the app's; every other page pages.css too
    table = 'data-fragment="checklist"' in shown
    assert any(sheet.startswith("/static/pages.css") for sheet in sheets) is not table, sheets
    drawn = Counter(re.findall(r'<symbol id="i-([\w-]+)"', shown))
    assert not [name for name, count in drawn.items() if count > 1], drawn
    used = set(re.findall(r'<use href="#i-([\w-]+)"', shown))
    assert used <= set(drawn), used - set(drawn)
