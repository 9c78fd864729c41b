"""Bot plug-ins. Importing this package registers every bot with the engine.

Adding a bot: write its package beside `covenant/` and import it here.
"""

from . import covenant, solo_enemy  # noqa: F401
