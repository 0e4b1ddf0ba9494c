"""The scoreboard's address: the machine's local-network address, the token and the URL."""

from __future__ import annotations

import ipaddress
import secrets
import socket

from ..i18n import _

TOKEN_BYTES = 16
"""128 bits of randomness, unguessable; no more, so that the address (22 characters of token)
stays a version 4 QR code, which fits an 80x24 terminal in half blocks."""
MIN_TOKEN_CHARS = 22
"""A token given from outside (`UNO_REFEREE_WEB_TOKEN`) carries at least 128 bits in base64."""
TOKEN_VARIABLE = "UNO_REFEREE_WEB_TOKEN"
"""Lets the app restart its server under the same token, so that phones keep their page."""


class LinkError(ValueError):
    """A host or token that cannot be used; the message says why."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def check_token(token: str) -> str:
    """`token` if it is long enough and URL-safe; LinkError otherwise."""
    allowed = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    if len(token) < MIN_TOKEN_CHARS or not set(token) <= allowed:
        raise LinkError(
            _(
                "{variable} must be at least {n} characters of A-Z, a-z, 0-9, - "
                "and _ (128 bits or more)"
            ).format(variable=TOKEN_VARIABLE, n=MIN_TOKEN_CHARS)
        )
    return token


def local_address() -> str:
    """The address this machine has on its local network, else 127.0.0.1.

    Connecting a UDP socket sends nothing: it only asks the routing table which interface and
    address would reach that (private, never contacted) address.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
    return "127.0.0.1" if address.startswith("0.") else address


EVERY_ADDRESS = ("0.0.0.0", "::")
"""How `--host` asks for every address of the machine (IPv4, IPv6): only in these words."""


def resolve_host(host: str) -> tuple[str, int]:
    """The numeric address to bind for `host` and its address family; LinkError if none, or if
    `host` means every address without saying so."""
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise LinkError(
            _(
                "--host {host!r}: not an address of this machine or a name that resolves ({reason})"
            ).format(host=host, reason=exc)
        ) from None
    family, _type, _proto, _name, address = found[0]
    numeric = str(address[0])
    # The resolver reads `0`, `0x0`, `0.0` or `000` as 0.0.0.0 (and a name may resolve to it):
    # a typo, or a shortcut, would quietly put the session on every network the machine is on.
    if numeric in EVERY_ADDRESS and host != numeric:
        raise LinkError(
            _(
                "--host {host!r} means every address of this machine ({address}), on "
                "every network it is on; to listen on every address, say --host "
                "{address}"
            ).format(host=host, address=numeric)
        )
    return numeric, int(family)


def scoreboard_url(host: str, port: int, token: str) -> str:
    """The page's address, as the QR code carries it."""
    try:
        shown = f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        shown = host
    return f"http://{shown}:{port}/s/{token}/"
