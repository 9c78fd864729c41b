"""Files the app hands out (a game, a deck): JSON, named after what they hold."""

from __future__ import annotations

import json
from typing import Any

from flask import Response
from werkzeug.utils import secure_filename


def json_download(data: Any, name: str, *, prefix: str = "") -> Response:
    """`data` as a JSON file to save, its name made from `name` by Werkzeug's
    `secure_filename` (ASCII letters, digits, `_.-`: safe in a header and on any disk)."""
    filename = f"{prefix}{secure_filename(name)[:60] or 'botdeck'}.json"
    response = Response(json.dumps(data, ensure_ascii=False, indent=1), mimetype="application/json")
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return response
