"""The store: one SQLite file for every game, deck, board and device; its safe mode
and backups."""
