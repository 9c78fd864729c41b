"""Your record: this device's finished games against each bot, drawn as charts.

The charts are pygal's SVG, drawn on the server and put in the page as they are: no
script (pygal's tooltips script is left out), coloured by the page's own theme colours
(CSS custom properties), so light and dark both hold. Each chart's figures follow it as
a table for screen readers; the chart itself is hidden from them.
"""

from __future__ import annotations

from typing import Any

import pygal
from flask import Blueprint, render_template
from flask_babel import gettext as _
from markupsafe import Markup
from pygal.etree import etree
from pygal.style import Style

from ..service import record
from .devices import current_device
from .i18n import translate

bp = Blueprint("record", __name__)

# The theme's colours (static/botdeck.css), read by the SVG where it is drawn.
STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="var(--ink)",
    foreground_strong="var(--ink)",
    foreground_subtle="var(--line)",
    colors=("var(--ok)", "var(--danger)"),
    font_family="inherit",
    label_font_size=15,
    major_label_font_size=15,
    legend_font_size=16,
    value_font_size=15,
    opacity="1",
    opacity_hover="1",
    transition="none",
)
SETTINGS: dict[str, Any] = {
    "style": STYLE,
    "js": [],  # no script: nothing is fetched, nothing runs
    "disable_xml_declaration": True,
    "width": 460,
    "height": 250,
    "legend_at_bottom": True,
    "show_y_guides": True,
    "margin": 8,
    "explicit_size": False,
    "print_values": False,
}
# At most this many games named under the chart of score gaps; the others are ticks.
GAP_LABELS = 12


def _svg(chart: Any) -> Markup:
    """The chart's SVG without the script pygal always puts in it (its configuration for
    its tooltips, which are left out): the page runs none, and its CSP would refuse it."""
    root = chart.render_tree()
    for parent in root.iter():
        for child in list(parent):
            if isinstance(child.tag, str) and child.tag.rsplit("}", 1)[-1] == "script":
                parent.remove(child)
    # pygal's tree is lxml's when lxml is installed, the standard library's otherwise
    return Markup(etree.tostring(root, encoding="unicode"))  # noqa: S704 (pygal's SVG)


def results_chart(found: record.BotRecord) -> Markup:
    """Won and lost, a bar per difficulty or mode."""
    chart = pygal.StackedBar(**SETTINGS)
    modes = found.by_mode()
    chart.x_labels = [translate(mode.mode) or _("Any") for mode in modes]
    chart.add(_("Won"), [mode.won for mode in modes])
    chart.add(_("Lost"), [mode.lost for mode in modes])
    return _svg(chart)


def gaps_chart(found: record.BotRecord) -> Markup:
    """Your score minus the bot's, game after game: won above the line, lost below."""
    chart = pygal.Bar(**SETTINGS)
    count = len(found.played)
    step = max(1, -(-count // GAP_LABELS))
    chart.x_labels = [str(n) for n in range(1, count + 1)]
    chart.x_labels_major = [str(n) for n in range(1, count + 1, step)]
    chart.show_minor_x_labels = False
    chart.add(_("Won"), [game.gap if game.against.won else None for game in found.played])
    chart.add(_("Lost"), [None if game.against.won else game.gap for game in found.played])
    return _svg(chart)


@bp.get("/record")
def index() -> str:
    """Your record against each bot."""
    found = record.records(current_device().id)
    charts = {
        entry.bot.id: (results_chart(entry), gaps_chart(entry)) for entry in found if entry.played
    }
    return render_template("record.html", records=found, charts=charts)
