"""`icon(name, label)` for templates: a reference into the page's inline SVG sprite."""

from __future__ import annotations

from markupsafe import Markup, escape


def icon(name: str, label: str | None = None, cls: str = "icon") -> Markup:
    if label:
        accessible = Markup(' role="img" aria-label="{}"').format(label)
    else:
        accessible = Markup(' aria-hidden="true"')
    return Markup('<svg class="{}"{}><use href="#i-{}"/></svg>').format(
        cls, accessible, escape(name)
    )
