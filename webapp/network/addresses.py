"""The addresses a tablet on the same network can open."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import ifaddr


def interface_addresses() -> list[str]:
    """Every IP address of this machine (IPv4 and IPv6, loopback included)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = str(ip.ip if ip.is_IPv4 else ip.ip[0])
            if address not in found:
                found.append(address)
    return found


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine's network interfaces, loopback and link-local left out."""
    found = []
    for address in interface_addresses():
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if ip.version == 4 and not (ip.is_loopback or ip.is_link_local):
            found.append(address)
    return found


def lan_urls(host: str, port: int) -> list[str]:
    """Every URL the server answers on: the LAN ones first, then localhost.

    `host` is the address the server listens on: 0.0.0.0 (every interface)
    gives every LAN address plus localhost, a loopback address only localhost,
    and one particular address only that one (localhost does not reach it).
    """
    local = f"http://localhost:{port}/"
    if host in ("127.0.0.1", "localhost", "::1"):
        return [local]
    if host not in ("0.0.0.0", "", "::"):
        return [f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"]
    return [f"http://{address}:{port}/" for address in lan_addresses()] + [local]


def share_urls(host_url: str, path: str) -> list[str]:
    """Addresses of `path` another device on the network can open.

    The address this device used comes first unless it is this machine only
    (localhost); then every LAN address of the server, on the same port.
    """
    parts = urlsplit(host_url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    hostname = parts.hostname or ""
    urls = []
    if hostname not in ("localhost", "127.0.0.1", "::1"):
        urls.append(f"{parts.scheme}://{parts.netloc}{path}")
    for address in lan_addresses():
        url = f"http://{address}:{port}{path}"
        if url not in urls:
            urls.append(url)
    return urls or [f"{parts.scheme}://{parts.netloc}{path}"]
