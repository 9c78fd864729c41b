"""`botdeck`: serve the app on this machine for the tablets on its network."""

from __future__ import annotations

import argparse
import os
import sys

import segno

from . import create_app, default_data_dir
from .network import lan_urls


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="botdeck", description="Serve Botdeck to the tablets and phones on your network."
    )
    parser.add_argument(
        "--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every interface)"
    )
    parser.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", 8000)), help="port (default 8000)"
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the games database (default: $BOTDECK_DATA_DIR or a per-user data folder)",
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
    from waitress import serve as waitress_serve

    app = create_app({"DATA_DIR": args.data_dir})
    print(f"Botdeck: games are kept in {app.config['DATABASE']}")
    urls = lan_urls(args.host, args.port)
    print("Open Botdeck on a tablet or phone on the same Wi-Fi:")
    for url in urls:
        print(f"  {url}")
    print(f"or scan this code for {urls[0]}")
    segno.make(urls[0], error="m").terminal(compact=True)
    print("Stop with Ctrl+C.", flush=True)
    try:
        # waitress, a production WSGI server (pure Python, also on Windows).
        # Every open live-update stream holds one waitress thread for as long as
        # it stays open, and waitress's default of 4 threads blocks the whole
        # app at the 4th open stream: so many threads, a connection limit well
        # above them, and channel_request_lookahead=1 so that a closed tab's
        # thread is freed after one failed heartbeat.
        waitress_serve(
            app,
            host=args.host,
            port=args.port,
            threads=args.threads,
            connection_limit=max(100, args.threads * 4),
            channel_request_lookahead=1,
            ident="Botdeck",
        )
    except OSError as error:
        print(
            f"botdeck: cannot listen on {args.host}:{args.port} ({error.strerror or error}). "
            "Is another server using that port? Try --port 9000 (or make run PORT=9000).",
            file=sys.stderr,
        )
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    return serve(parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
