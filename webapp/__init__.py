"""Botdeck: a table companion that runs board-game solo bots."""

from __future__ import annotations

from .web.app import create_app, default_data_dir

__all__ = ["create_app", "default_data_dir"]
