"""`botdeck`: serve the app on this machine for the tablets on its network."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import segno

from . import create_app, default_data_dir
from .network import lan_urls
from .server import BODY_SECONDS, HEADER_SECONDS, PER_CLIENT, THREADS


def seconds(text: str) -> float:
    """A timeout: a number of seconds above 0 (0 would close every connection)."""
    try:
        value = float(text)
    except ValueError:
        # internal: the command line speaks English, as its --help does
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        # internal: (as above)
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds: {text!r}")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="botdeck", description="Serve Botdeck to the tablets and phones on your network."
    )
    parser.add_argument(
        "--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every interface)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the games database (default: $BOTDECK_DATA_DIR or a per-user data folder)",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name to answer to, besides this computer's own addresses and names "
        "(e.g. a name your router gives it); may be repeated",
    )
    parser.add_argument(
        "--header-timeout",
        type=seconds,
        default=HEADER_SECONDS,
        metavar="SECONDS",
        help="close a connection whose request headers take longer than this "
        f"(default {HEADER_SECONDS:g})",
    )
    parser.add_argument(
        "--body-timeout",
        type=seconds,
        default=BODY_SECONDS,
        metavar="SECONDS",
        help="close a connection whose request body sends nothing for this long "
        f"(default {BODY_SECONDS:g}; a slow but steady upload is never cut)",
    )
    parser.add_argument(
        "--client-connections",
        type=int,
        default=PER_CLIENT,
        metavar="N",
        help=f"connections one address may hold at once (default {PER_CLIENT})",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=THREADS,
        help=f"worker threads answering requests (default {THREADS}; open live views hold none)",
    )
    args = parser.parse_args(argv)
    args.data_dir = args.data_dir or default_data_dir()
    return args


def serve(args: argparse.Namespace) -> int:
    from .server import listen, make_server

    config: dict[str, Any] = {"DATA_DIR": args.data_dir}
    if args.allow_host:
        config["ALLOWED_HOSTS"] = tuple(args.allow_host)
    app = create_app(config)
    # Every template compiled now (about a second), not by the first pages a table opens:
    # the first tap after a restart answers as quickly as any other.
    for name in app.jinja_env.list_templates(filter_func=lambda name: name.endswith(".html")):
        app.jinja_env.get_template(name)
    try:
        sock = listen(args.host, args.port)
    except OSError as error:
        other = args.port + 1 if args.port < 65535 else 8000
        print(
            f"botdeck: cannot listen on {args.host}:{args.port} ({error.strerror or error}). "
            f"Is another server using that port? Try --port {other} (or make run PORT={other}).",
            file=sys.stderr,
        )
        return 2
    # uvicorn holds the connections (live streams included) on one event loop and the
    # app runs on a few worker threads: see webapp/server.py for why, and its guards.
    server = make_server(
        app,
        threads=args.threads,
        header_seconds=args.header_timeout,
        body_seconds=args.body_timeout,
        per_client=args.client_connections,
    )

    print(f"Botdeck: games are kept in {app.config['DATABASE']}")
    problem = app.extensions.get("botdeck_problem")
    if problem is not None:
        print(
            f"botdeck: SAFE MODE — the games database cannot be used as it is ({problem.kind}"
            f"{': ' + problem.detail if problem.detail else ''}). Nothing in it was changed; "
            "open Botdeck to see what happened and choose a backup.",
            file=sys.stderr,
        )
    urls = lan_urls(args.host, args.port)
    print("Open Botdeck on a tablet or phone on the same Wi-Fi:")
    for url in urls:
        print(f"  {url}")
    print(f"or scan this code for {urls[0]}")
    segno.make(urls[0], error="m").terminal(compact=True)
    print("Stop with Ctrl+C.", flush=True)
    server.run(sockets=[sock])  # until Ctrl+C, which uvicorn catches to stop cleanly
    return 0


def main(argv: list[str] | None = None) -> int:
    return serve(parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
