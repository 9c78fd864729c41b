"""`icon(name, label)` for templates: a reference into the page's inline SVG sprite."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape


# A page draws the same few icons dozens of times a tap: each (name, label, class) is
# built once. `typed`: a label already marked safe is not the same key as plain text.
@lru_cache(maxsize=4096, typed=True)
def icon(name: str, label: str | None = None, cls: str = "icon") -> Markup:
    if label:
        accessible = Markup(' role="img" aria-label="{}"').format(label)
    else:
        accessible = Markup(' aria-hidden="true"')
    return Markup('<svg class="{}"{}><use href="#i-{}"/></svg>').format(
        cls, accessible, escape(name)
    )
