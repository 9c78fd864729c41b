"""Bot plug-ins. Importing this package registers every bot with the engine.

Adding a bot: write its package beside `covenant/` — its rules (an engine `Bot`,
registered), its pages (`pages.py`: a `BotPages`, see `pages.py` here), its templates
and static files — and import it here.
"""

from . import bandits, covenant, deacon, solo_enemy  # noqa: F401
