"""`botdeck`: serve the app on this machine for the tablets on its network."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import segno

from . import create_app, default_data_dir
from .network import lan_urls
from .server import HEADER_SECONDS, PER_CLIENT

STREAM_BUFFER_BYTES = 256 * 1024
MAX_BODY_BYTES = 16 * 1024 * 1024


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
        type=float,
        default=HEADER_SECONDS,
        metavar="SECONDS",
        help="close a connection whose request headers take longer than this "
        f"(default {HEADER_SECONDS:g})",
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
        default=64,
        help="worker threads (default 64; each open live view holds one)",
    )
    args = parser.parse_args(argv)
    args.data_dir = args.data_dir or default_data_dir()
    return args


def serve(args: argparse.Namespace) -> int:
    import logging

    from .server import make_server

    config: dict[str, Any] = {"DATA_DIR": args.data_dir}
    if args.allow_host:
        config["ALLOWED_HOSTS"] = tuple(args.allow_host)
    app = create_app(config)
    try:
        # waitress, a production WSGI server (pure Python, also on Windows).
        # Every open live-update stream (Server-Sent Events) holds one waitress
        # thread for as long as it stays open, and waitress's default of 4
        # threads blocks the whole app at the 4th open stream: so many threads,
        # a connection limit well above them, and channel_request_lookahead=1 so
        # that a closed tab's thread is freed after one failed heartbeat.
        # (create_server + run is what waitress.serve does; listening first
        # means the addresses below are only printed once they answer.)
        server = make_server(
            app,
            header_seconds=args.header_timeout,
            per_client=args.client_connections,
            host=args.host,
            port=args.port,
            threads=args.threads,
            connection_limit=max(100, args.threads * 4),
            channel_request_lookahead=1,
            # waitress keeps the bytes a connection has already sent in its buffer
            # until the buffer reaches this mark (16 MB by default): a live stream
            # open all evening would hold 16 MB. 256 KB caps each connection's
            # buffer (tests/test_server_limits.py measures it).
            outbuf_high_watermark=STREAM_BUFFER_BYTES,
            # The app refuses a body over 2 MB with a clear page; waitress drops one
            # much larger (50 MB…) before it is even read (its default is 1 GB).
            max_request_body_size=MAX_BODY_BYTES,
            ident="Botdeck",
        )
    except OSError as error:
        other = args.port + 1 if args.port < 65535 else 8000
        print(
            f"botdeck: cannot listen on {args.host}:{args.port} ({error.strerror or error}). "
            f"Is another server using that port? Try --port {other} (or make run PORT={other}).",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig()  # waitress's own warnings, as waitress.serve would show them

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
    server.run()  # until Ctrl+C, which waitress catches to close its threads
    return 0


def main(argv: list[str] | None = None) -> int:
    return serve(parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
