"""Botdeck: a table companion that runs board-game solo bots."""
