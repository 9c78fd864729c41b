"""The `botdeck` command: its options and the addresses it prints (nothing is served here)."""

from __future__ import annotations

import ipaddress
import os
import socket
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
from platformdirs import user_data_dir

from webapp import cli
from webapp.network import addresses as network


def hosts(urls: list[str]) -> list[str]:
    return [urlsplit(url).hostname or "" for url in urls]


def test_loopback_host_gives_only_localhost():
    assert network.lan_urls("127.0.0.1", 8000) == ["http://localhost:8000/"]


def test_every_interface_gives_lan_addresses_and_localhost():
    urls = network.lan_urls("0.0.0.0", 9000)
    assert urls[-1] == "http://localhost:9000/"
    assert all(url.startswith("http://") and url.endswith(":9000/") for url in urls)
    for host in hosts(urls)[:-1]:
        address = ipaddress.IPv4Address(host)
        assert not address.is_loopback and not address.is_link_local


def test_loopback_and_link_local_interfaces_are_left_out(monkeypatch):
    def ip(address: str) -> SimpleNamespace:
        return SimpleNamespace(ip=address, is_IPv4=True)

    adapters = [
        SimpleNamespace(ips=[ip("127.0.0.1"), SimpleNamespace(ip=("::1", 0, 0), is_IPv4=False)]),
        SimpleNamespace(ips=[ip("169.254.10.20")]),
        SimpleNamespace(ips=[ip("192.168.1.23"), ip("192.168.1.23")]),
        SimpleNamespace(ips=[ip("10.0.0.5")]),
    ]
    monkeypatch.setattr(network.ifaddr, "get_adapters", lambda: adapters)
    assert network.lan_urls("0.0.0.0", 8000) == [
        "http://192.168.1.23:8000/",
        "http://10.0.0.5:8000/",
        "http://localhost:8000/",
    ]


def test_one_particular_address_gives_only_that_one():
    assert network.lan_urls("192.168.1.23", 8000) == ["http://192.168.1.23:8000/"]


def test_defaults(monkeypatch):
    monkeypatch.delenv("BOTDECK_DATA_DIR", raising=False)
    args = cli.parse_args([])
    assert (args.host, args.port, args.threads) == ("0.0.0.0", 8000, 16)
    assert args.data_dir == user_data_dir("botdeck", appauthor=False)


def test_port_option():
    assert cli.parse_args(["--port", "9000"]).port == 9000


def test_data_dir_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BOTDECK_DATA_DIR", str(tmp_path))
    assert cli.parse_args([]).data_dir == str(tmp_path)


def test_data_dir_option_beats_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BOTDECK_DATA_DIR", str(tmp_path / "env"))
    assert cli.parse_args(["--data-dir", str(tmp_path / "opt")]).data_dir == str(tmp_path / "opt")


def test_a_bad_port_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["--port", "eighty"])
    assert stop.value.code == 2
    assert "--port" in capsys.readouterr().err


class FakeServer:
    def __init__(self, app, options: dict) -> None:
        self.app = app
        self.options = options
        self.sockets: list[socket.socket] = []

    def run(self, sockets) -> None:
        self.sockets = sockets


def test_serve_listens_first_then_runs_the_server_with_its_settings(monkeypatch, tmp_path, capsys):
    servers = []

    def make_server(app, **options):
        servers.append(FakeServer(app, options))
        return servers[-1]

    monkeypatch.setattr("webapp.serving.server.make_server", make_server)
    args = cli.parse_args(["--host", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path)])
    assert cli.serve(args) == 0
    [server] = servers
    [sock] = server.sockets
    assert sock.getsockname()[0] == "127.0.0.1"  # bound before the addresses were printed
    sock.close()
    assert server.options == {
        "threads": 16,
        "header_seconds": 10.0,
        "body_seconds": 10.0,
        "per_client": 64,
    }
    out = capsys.readouterr().out
    assert str(tmp_path) in out
    assert "Open Botdeck on a tablet" in out
    # every page template compiled before the first page is asked for
    compiled = {name for _, name in server.app.jinja_env.cache}
    assert {"game/page.html", "lobby/index.html", "covenant/_board.html"} <= compiled


def test_a_port_in_use_is_a_clear_message_and_exit_code_2(monkeypatch, tmp_path, capsys):
    def busy(host, port):
        raise OSError(98, "Address already in use")

    monkeypatch.setattr("webapp.serving.server.listen", busy)
    args = cli.parse_args(["--host", "127.0.0.1", "--port", "8123", "--data-dir", str(tmp_path)])
    assert cli.serve(args) == 2
    captured = capsys.readouterr()
    assert "Open Botdeck" not in captured.out  # no addresses for a server that is not there
    assert "Address already in use" in captured.err
    assert "--port 8124" in captured.err and "make run PORT=8124" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_a_port_really_in_use(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = cli.parse_args(
            ["--host", "127.0.0.1", "--port", str(port), "--data-dir", str(tmp_path)]
        )
        assert cli.serve(args) == 2
    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err


def test_the_listening_socket_says_it_is_tcp_so_answers_are_not_held_back():
    """asyncio sets TCP_NODELAY on accepted connections only for a socket created as
    IPPROTO_TCP; without it a kept-alive answer waited ~40 ms for a delayed ACK."""
    from webapp.serving.server import listen

    sock = listen("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


@pytest.mark.parametrize("flag", ["--header-timeout", "--body-timeout"])
@pytest.mark.parametrize("value", ["0", "-1", "soon", "nan", "inf"])
def test_a_timeout_must_be_a_number_of_seconds_above_zero(flag, value, capsys):
    with pytest.raises(SystemExit) as exit_code:
        cli.parse_args([flag, value])
    assert exit_code.value.code == 2
    assert flag in capsys.readouterr().err


def test_a_timeout_may_be_a_fraction_of_a_second():
    assert cli.parse_args(["--body-timeout", "2.5"]).body_timeout == 2.5


def test_the_server_settles_the_collector_before_it_serves(app, monkeypatch):
    """What start-up built is frozen and the young generation collected far less often:
    a full collection walked every open game, one start of a game in twenty 40–90 ms."""
    import gc

    from webapp.serving import server

    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    frozen: list[bool] = []
    before = gc.get_threshold()
    try:
        server.make_server(app)
        assert gc.get_threshold() == (server.YOUNG_OBJECTS, *before[1:]) and frozen == [True]
    finally:
        gc.set_threshold(*before)


def test_the_server_keeps_to_two_malloc_arenas_where_the_c_library_can():
    """glibc's arena per thread left the workers' memory spread: fewer arenas, a smaller
    server with many pages open. Elsewhere (macOS, Windows, musl) nothing is changed."""
    import platform
    import sys

    from webapp.serving import server

    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert server.fewer_malloc_arenas() is glibc


def test_the_server_gives_back_the_memory_start_up_let_go_where_the_c_library_can():
    """What Python frees stays in glibc's heap for later: given back once start-up is done
    (the templates compiled), the server starts smaller. Elsewhere nothing is done."""
    import platform
    import sys

    from webapp.serving import server

    def rss_mb() -> float:
        with open(f"/proc/{os.getpid()}/status") as status:
            line = next(line for line in status if line.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024

    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    # 40 MB in malloc's heap (not mmap), one block in ten kept: the heap cannot shrink
    # from its top by itself, the free pages between the blocks stay with the process
    held = [bytes(4000 + n % 7) for n in range(10_000)]
    kept = held[::10]
    del held
    before = rss_mb() if glibc else 0.0
    assert server.give_back_free_memory() is glibc
    if glibc:
        assert before - rss_mb() > 20, (before, rss_mb())  # most of the 36 MB went back
    assert len(kept) == 1_000


class Named:
    """An announcement as `webapp.network.announce.Announcement` makes one (its own tests are
    in tests/test_announce.py)."""

    url = "http://botdeck.local:8000/"

    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


def test_the_start_message_offers_the_name_first_and_its_code_and_stopping_withdraws_it(
    monkeypatch, tmp_path, capsys
):
    named, servers = Named(), []

    def make_server(app, **options):
        servers.append(FakeServer(app, options))
        return servers[-1]

    monkeypatch.setattr("webapp.serving.server.make_server", make_server)
    monkeypatch.setattr(cli, "announce", lambda args: named)
    monkeypatch.setattr(cli, "lan_urls", lambda host, port: ["http://192.168.1.20:8000/"])
    args = cli.parse_args(["--host", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path)])
    assert cli.serve(args) == 0
    servers[0].sockets[0].close()
    out = capsys.readouterr().out
    listed = out.split("same Wi-Fi:\n", 1)[1].split("\nor scan", 1)[0].split()
    assert listed == ["http://botdeck.local:8000/", "http://192.168.1.20:8000/"]
    assert "or scan this code for http://botdeck.local:8000/" in out
    assert named.stopped
