"""The web layer: Flask blueprints, htmx fragments, languages, errors."""
