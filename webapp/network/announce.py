"""Botdeck found by name on the local network: `http://botdeck.local:8000/` keeps
working when the router gives the computer another address.

It announces itself with multicast DNS (python-zeroconf): a host name `botdeck.local`
(`botdeck-2.local`… when another machine answers to it) and an `_http._tcp` service
"Botdeck on <computer name>", which apps that browse the network list. The addresses
are read again every few seconds, and a new one (another Wi-Fi, a new lease) is
announced at once. Stopping withdraws it all (mDNS "goodbye" records).
"""

from __future__ import annotations

import ipaddress
import re
import socket
import threading
from collections.abc import Callable

from zeroconf import AddressResolverIPv4, InterfaceChoice, IPVersion, ServiceInfo, Zeroconf

SERVICE_TYPE = "_http._tcp.local."
DEFAULT_NAME = "botdeck"
# How long a name is asked about before it is taken as free: a machine that has it
# answered within 0.2 to 1.4 s here (a fresh listener's first question is often lost,
# and asked again after a second).
PROBE_MS = 2500
# The most names tried: botdeck, botdeck-2 … botdeck-9.
TRIES = 9
# How often the computer's addresses and name are read again.
FOLLOW_SECONDS = 5.0


def host_label(name: str) -> str:
    """A name as a `.local` host label: lower-case letters, digits and hyphens."""
    label = re.sub(r"[^a-z0-9-]+", "-", name.strip().casefold()).strip("-")[:63]
    if not label:
        # internal: the command line speaks English, as its --help does
        raise ValueError(f"not a name for the network: {name!r}")
    return label


def computer_name() -> str:
    """This computer's name as people know it: its host name before any domain."""
    return socket.gethostname().split(".", 1)[0] or "this computer"


class Announcement:
    """Botdeck announced by name while the server runs.

    `addresses`: what the name resolves to, read again while it runs (the computer's
    LAN addresses); `interfaces`: where the announcements are sent (None: every
    interface)."""

    def __init__(
        self,
        port: int,
        addresses: Callable[[], list[str]],
        *,
        name: str = DEFAULT_NAME,
        interfaces: list[str] | None = None,
        computer: Callable[[], str] = computer_name,
    ) -> None:
        self.port = port
        self.base = host_label(name)
        self._addresses = addresses
        self._computer = computer
        self._interfaces = interfaces
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._stopped = threading.Event()
        self._follower: threading.Thread | None = None
        self.host: str | None = None  # "botdeck.local" once announced

    @property
    def url(self) -> str | None:
        """The address a tablet opens by name (None: not announced)."""
        return None if self.host is None else f"http://{self.host}:{self.port}/"

    def start(self) -> str | None:
        """Announce; the host name taken (None: this computer has no address to give)."""
        found = self._addresses()
        if not found:
            return None
        zeroconf = Zeroconf(
            interfaces=InterfaceChoice.All if self._interfaces is None else self._interfaces,
            ip_version=IPVersion.V4Only,
            # its own thread and loop, even when the caller's thread runs an event loop
            # (uvicorn's, later): the calls here wait for their answers
            use_asyncio=False,
        )
        self._zeroconf = zeroconf
        server = self._free_name(zeroconf)
        self._info = self._service(server, found)
        zeroconf.register_service(self._info, allow_name_change=True)
        self.host = server.rstrip(".")
        self._follower = threading.Thread(target=self._follow, name="announce", daemon=True)
        self._follower.start()
        return self.host

    def _free_name(self, zeroconf: Zeroconf) -> str:
        """`botdeck.local.`, or the first of `botdeck-2.local.`… no machine answers to."""
        for n in range(1, TRIES + 1):
            server = f"{self.base}.local." if n == 1 else f"{self.base}-{n}.local."
            if not AddressResolverIPv4(server).request(zeroconf, PROBE_MS):
                return server
        # internal: printed by the command line, in English as its --help
        raise RuntimeError(f"{self.base}.local and the {TRIES - 1} names after it are taken")

    def _instance(self) -> str:
        """The service's name, as network browsers list it."""
        return f"Botdeck on {self._computer()}"[:63]

    def _service(self, server: str, addresses: list[str]) -> ServiceInfo:
        return ServiceInfo(
            SERVICE_TYPE,
            f"{self._instance()}.{SERVICE_TYPE}",
            port=self.port,
            addresses=[ipaddress.ip_address(address).packed for address in addresses],
            server=server,
            properties={"path": "/"},
        )

    def _follow(self) -> None:
        """A new address or computer name is announced as soon as it is seen."""
        while not self._stopped.wait(FOLLOW_SECONDS):
            self.follow()

    def follow(self) -> bool:
        """Announce the computer's addresses and name again if they changed (True)."""
        zeroconf, info = self._zeroconf, self._info
        if zeroconf is None or info is None or info.server is None:
            return False
        found = self._addresses()
        packed = [ipaddress.ip_address(address).packed for address in found]
        if not found or (packed == info.addresses and info.name.startswith(self._instance())):
            return False
        fresh = self._service(info.server, found)
        if fresh.name == info.name:
            zeroconf.update_service(fresh)
        else:  # the computer was renamed: the service under its new name
            zeroconf.unregister_service(info)
            zeroconf.register_service(fresh, allow_name_change=True)
        self._info = fresh
        return True

    def stop(self) -> None:
        """Withdraw the name and the service (their goodbye records sent)."""
        self._stopped.set()
        if self._follower is not None:
            self._follower.join()
        zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is not None:
            if self._info is not None:
                zeroconf.unregister_service(self._info)
            zeroconf.close()
        self.host = None
