"""Devices: each browser gets a cookie and a name ("Tablet", "Phone 2"…).

The name shows in the history next to what the device did; the cookie decides
which games the lobby lists (those started or joined on this device).
"""

from __future__ import annotations

import re
import secrets
import sqlite3

from flask import Blueprint, Flask, Response, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..storage import db, safety
from .errors import is_htmx
from .forms import form_text, local_path

bp = Blueprint("devices", __name__)
COOKIE = "botdeck_device"
FIVE_YEARS = 3600 * 24 * 365 * 5
COOKIE_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")  # what secrets.token_urlsafe makes


def default_name(user_agent: str) -> str:
    """'Tablet', 'Phone' or 'Computer' from the browser, numbered if taken."""
    agent = user_agent.lower()
    if "ipad" in agent or "tablet" in agent or ("android" in agent and "mobile" not in agent):
        base = _("Tablet")
    elif "mobile" in agent or "iphone" in agent:
        base = _("Phone")
    else:
        base = _("Computer")
    taken = db.device_names()
    if base not in taken:
        return base
    number = 2
    while f"{base} {number}" in taken:
        number += 1
    return f"{base} {number}"


def _cookie_id() -> str | None:
    """The device id in the cookie, if it is one Botdeck could have made."""
    found = request.cookies.get(COOKIE, "")
    return found if COOKIE_ID.fullmatch(found) else None


def current_device() -> db.Device:
    """This request's device. A first visit gets an id (its cookie) and a name, but is
    stored only once it changes something (`saved_device`): a visit that only looks
    leaves nothing behind."""
    if "device" not in g:
        device_id = _cookie_id()
        device = db.find_device(device_id) if device_id is not None else None
        if device is None:
            if device_id is None:
                device_id = secrets.token_urlsafe(16)
                g.new_device = True
            device = db.Device(device_id, "", named=False, stored=False)
        g.device = device
    return g.device  # type: ignore[no-any-return]


def device_name(device: db.Device) -> str:
    """The device's name; an unstored one's is the one it would get now."""
    return device.name if device.stored else default_name(request.headers.get("User-Agent", ""))


def saved_device() -> db.Device:
    """This request's device, stored if it was not yet: it is about to own or join
    something."""
    device = current_device()
    if not device.stored:
        g.device = device = db.insert_device(
            device.id, default_name(request.headers.get("User-Agent", "")), db.now()
        )
    return device


def join_url(game_id: str, role: str, url: str) -> str | None:
    """Where the game's page asks to be put in this device's list once loaded (the page
    view itself writes nothing); None if it is there already."""
    device = current_device()
    return None if device.stored and db.has_joined(device.id, game_id, role) else url


def join_game(game_id: str, role: str) -> Response:
    """Put the game in this device's list (its page asked, once loaded). The database
    busy or its disk full: nothing changed, and the page asks again a little later
    (204, its element kept); done: the element is swapped out (200, empty)."""
    try:
        db.join_game(saved_device().id, game_id, role, db.now())
    except (db.DatabaseBusy, sqlite3.Error, OSError) as error:
        if not safety.from_around(error):
            raise
        return Response("", 204)
    return Response("", 200)


def remember_device(response: Response) -> Response:
    if g.get("new_device"):
        response.set_cookie(COOKIE, g.device.id, max_age=FIVE_YEARS, httponly=True, samesite="Lax")
    return response


@bp.post("/device/name")
def rename() -> BaseResponse | str:
    """Name this device, or keep the name it was given (`keep`: the ask is dismissed
    for good). htmx gets the device menu and the ask back, swapped out of band."""
    device = saved_device()
    name = device.name if request.form.get("keep") else form_text("name", max_length=40)
    db.rename_device(device.id, name)
    g.device = db.Device(device.id, name, named=True)
    if is_htmx():
        return render_template("_device_swap.html")
    target = local_path(request.form.get("next", "")) or url_for("lobby.index")
    return redirect(target, code=303)


def init_app(app: Flask) -> None:
    app.after_request(remember_device)
    app.jinja_env.globals["current_device"] = current_device
    app.jinja_env.globals["device_name"] = device_name
    app.register_blueprint(bp)
