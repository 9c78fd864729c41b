"""Botdeck found by name on the local network (mDNS / DNS-SD, python-zeroconf): the
`_http._tcp` service "Botdeck on <computer>" and the host name `<name>.local`, found
here by zeroconf's own browser and resolver; the server answers to that name; a name
another machine has gets a number; a new address is announced; stopping withdraws it.

Each Zeroconf runs its own thread (`use_asyncio=False`): a browser test before this one
in the same worker leaves an event loop in the main thread, which zeroconf would
otherwise join. Everything is announced on the loopback interface only (`--announce-on 127.0.0.1`):
nothing leaves this machine. Each test announces a name of its own, so that tests
running at the same time do not meet.
"""

from __future__ import annotations

import http.client
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from zeroconf import AddressResolverIPv4, IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

from webapp import cli
from webapp.network.announce import SERVICE_TYPE, Announcement, host_label

from .conftest import ServerProcess
from .waiting import wait_until

LOOPBACK = "127.0.0.1"


@pytest.fixture
def name() -> str:
    return f"botdeck-test-{secrets.token_hex(4)}"


@pytest.fixture
def listener() -> Iterator[Zeroconf]:
    """Another device on the network: zeroconf's own browser and resolver."""
    zeroconf = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only, use_asyncio=False)
    try:
        yield zeroconf
    finally:
        zeroconf.close()


def resolved(host: str) -> list[str]:
    """What a device that has never seen the name finds for it now."""
    fresh = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only, use_asyncio=False)
    try:
        resolver = AddressResolverIPv4(f"{host}.")
        return resolver.parsed_addresses() if resolver.request(fresh, 3000) else []
    finally:
        fresh.close()


class Seen:
    """The services a browser has seen come and go."""

    def __init__(self, zeroconf: Zeroconf) -> None:
        self.present: set[str] = set()
        self.gone: set[str] = set()
        self.lock = threading.Lock()
        self.browser = ServiceBrowser(zeroconf, SERVICE_TYPE, handlers=[self.changed])

    def changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        with self.lock:
            if state_change is ServiceStateChange.Removed:
                self.present.discard(name)
                self.gone.add(name)
            else:
                self.present.add(name)

    def botdeck(self) -> str | None:
        with self.lock:
            return next((n for n in self.present if n.startswith("Botdeck on ")), None)


def test_botdeck_is_found_by_name_and_answers_to_it_until_it_stops(
    tmp_path: Path, name: str, listener: Zeroconf
) -> None:
    seen = Seen(listener)
    with ServerProcess(tmp_path, 8, "--announce-on", LOOPBACK, "--name", name) as server:
        service = wait_until(seen.botdeck, within=15, what="the service on the network")
        info = listener.get_service_info(SERVICE_TYPE, service, timeout=3000)
        assert info is not None
        assert (info.server, info.port, info.parsed_addresses()) == (
            f"{name}.local.",
            server.port,
            [LOOPBACK],
        )
        assert info.properties == {b"path": b"/"}
        [address] = resolved(f"{name}.local")
        for host, status in ((f"{name}.local", 200), ("elsewhere.local", 421)):
            connection = http.client.HTTPConnection(address, server.port, timeout=10)
            connection.request("GET", "/", headers={"Host": f"{host}:{server.port}"})
            answer = connection.getresponse()
            assert (host, answer.status) == (host, status)
            connection.close()
    # stopped: the service and the name withdrawn (their goodbye records sent)
    wait_until(lambda: service in seen.gone, within=10, what="the service withdrawn")
    assert resolved(f"{name}.local") == []


def announced(name: str, addresses: list[str]) -> Announcement:
    announcement = Announcement(8000, lambda: list(addresses), name=name, interfaces=[LOOPBACK])
    announcement.start()
    return announcement


def test_a_name_another_machine_answers_to_gets_a_number(name: str) -> None:
    first = announced(name, [LOOPBACK])
    try:
        second = announced(name, ["127.0.0.2"])
        try:
            assert (first.host, second.host) == (f"{name}.local", f"{name}-2.local")
            assert second.url == f"http://{name}-2.local:8000/"
            assert resolved(f"{name}-2.local") == ["127.0.0.2"]
        finally:
            second.stop()
    finally:
        first.stop()


def test_a_new_address_of_the_computer_is_announced_at_once(name: str) -> None:
    addresses = [LOOPBACK]
    announcement = Announcement(8000, lambda: list(addresses), name=name, interfaces=[LOOPBACK])
    announcement.start()
    try:
        assert announcement.follow() is False  # nothing changed
        addresses[:] = ["127.0.0.3"]  # the router gave it another address
        assert announcement.follow() is True
        assert resolved(f"{name}.local") == ["127.0.0.3"]
    finally:
        announcement.stop()
    assert announcement.host is None and announcement.url is None


def test_no_address_to_give_is_no_announcement(name: str) -> None:
    announcement = Announcement(8000, list, name=name, interfaces=[LOOPBACK])
    assert announcement.start() is None and announcement.host is None
    announcement.stop()


@pytest.mark.parametrize(
    ("typed", "label"),
    [
        ("botdeck", "botdeck"),
        ("Our Table", "our-table"),
        ("  Café!  ", "caf"),
        ("a" * 70, "a" * 63),
    ],
)
def test_the_name_chosen_is_made_a_network_name(typed: str, label: str) -> None:
    assert host_label(typed) == label
    assert cli.parse_args(["--name", typed]).name == label


def test_a_name_with_no_letter_or_digit_is_refused_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.parse_args(["--name", "!!!"])
    assert exited.value.code == 2
    assert "not a name for the network: '!!!'" in capsys.readouterr().err


def test_it_is_announced_unless_told_not_to_or_served_to_this_computer_only() -> None:
    assert cli.parse_args([]).name == "botdeck" and not cli.parse_args([]).no_announce
    assert cli.announce(cli.parse_args(["--no-announce"])) is None
    assert cli.announce(cli.parse_args(["--host", LOOPBACK])) is None
