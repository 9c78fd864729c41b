"""`botdeck`: serve the app on this machine for the tablets on its network."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import segno

from . import create_app, default_data_dir
from .network.addresses import lan_addresses, lan_urls
from .network.announce import DEFAULT_NAME, Announcement, host_label
from .serving.server import BODY_SECONDS, HEADER_SECONDS, PER_CLIENT, THREADS


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


def network_name(text: str) -> str:
    """A name to announce: letters, digits and hyphens once made a `.local` label."""
    try:
        return host_label(text)
    except ValueError:
        # internal: the command line speaks English, as its --help does
        raise argparse.ArgumentTypeError(f"not a name for the network: {text!r}") from None


def announce(args: argparse.Namespace) -> Announcement | None:
    """Botdeck announced by name on the network, unless told not to or it listens on
    this computer only; None (said why) when it cannot be."""
    if args.no_announce:
        return None
    addresses: Callable[[], list[str]] = lan_addresses  # every interface's
    interfaces = None  # announced on every network
    if args.announce_on is not None:
        addresses, interfaces = (lambda: [args.announce_on]), [args.announce_on]
    elif args.host in ("127.0.0.1", "localhost", "::1"):
        return None  # this computer only: no other device could open it
    elif args.host not in ("0.0.0.0", ""):
        addresses = lambda: [args.host]  # noqa: E731 (the one address it listens on)
    announcement = Announcement(args.port, addresses, name=args.name, interfaces=interfaces)
    try:
        if announcement.start() is None:
            return None
    except (OSError, RuntimeError) as error:
        print(f"botdeck: not announced by name on the network ({error})", file=sys.stderr)
        return None
    return announcement


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
        "--name",
        default=DEFAULT_NAME,
        type=network_name,
        help=f"the name to be found by on the network: http://NAME.local (default {DEFAULT_NAME}; "
        "NAME-2 and on if another machine has it)",
    )
    parser.add_argument(
        "--announce-on",
        default=None,
        metavar="ADDRESS",
        help="announce the name on this one address's network only, the name leading to it "
        "(default: every network, to this computer's addresses there)",
    )
    parser.add_argument(
        "--no-announce",
        action="store_true",
        help="do not announce Botdeck on the network by name (mDNS): its addresses only",
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
    from .serving.server import listen, make_server

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
    # app runs on a few worker threads: see webapp/serving/server.py for why, and its guards.
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
        what = f"{problem.kind}{': ' + problem.detail if problem.detail else ''}"
        if problem.circumstance:
            print(
                f"botdeck: SAFE MODE — the games database cannot be used now ({what}). "
                "Nothing in it was moved or changed; once that is fixed, open Botdeck and "
                "tap Try again.",
                file=sys.stderr,
            )
        else:
            print(
                f"botdeck: SAFE MODE — the games database cannot be used as it is ({what}). "
                "Nothing in it was changed; open Botdeck to see what happened and choose a "
                "backup.",
                file=sys.stderr,
            )
    announcement = announce(args)
    app.extensions["botdeck_announcement"] = announcement
    urls = lan_urls(args.host, args.port)
    if announcement is not None and announcement.url is not None:
        # the name first: it outlives the address; some Android versions need the address
        urls.insert(0, announcement.url)
    print("Open Botdeck on a tablet or phone on the same Wi-Fi:")
    for url in urls:
        print(f"  {url}")
    print(f"or scan this code for {urls[0]}")
    segno.make(urls[0], error="m").terminal(compact=True)
    print("Stop with Ctrl+C.", flush=True)
    # uvicorn stops cleanly on Ctrl+C or a SIGTERM, then signals itself again as it
    # was told to: the SIGTERM exits here, so that what follows still runs
    previous = signal.signal(signal.SIGTERM, stopped)
    try:
        server.run(sockets=[sock])  # until Ctrl+C or a SIGTERM
    finally:
        signal.signal(signal.SIGTERM, previous)
        if announcement is not None:
            announcement.stop()  # the name and the service withdrawn
    return 0


def stopped(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def main(argv: list[str] | None = None) -> int:
    return serve(parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
