"""Bot plug-ins. Importing this package registers every bot with the engine.

Adding a bot: write its package beside `covenant/` — its rules (an engine `Bot`,
registered), its pages (`pages.py`: a `BotPages`, see `pages.py` here), its templates
and static files — and import it here. The lobby lists the bots in the order they
register: the newest last.
"""

# isort: off
from . import covenant, deacon, solo_enemy, bandits  # noqa: F401
# isort: on
