"""Client addresses as the per-client limits count them: an IPv4 address on its own,
an IPv6 address by its network (``/64`` by default, ``serve --ipv6-prefix``).

One IPv6 subscriber is commonly handed a whole /64 (2^64 addresses), so counting
exact IPv6 addresses would let one person appear as any number of clients. The
IPv4-mapped form (``::ffff:192.0.2.1``) counts as the IPv4 address it carries.
What is not an IP address (a Unix socket's peer, a test client's ``testserver``)
counts as itself.
"""

from __future__ import annotations

import ipaddress

#: The IPv6 prefix length that counts as one client unless the operator says otherwise.
DEFAULT_IPV6_PREFIX = 64


def network_of(address: str, ipv6_prefix: int = DEFAULT_IPV6_PREFIX) -> str:
    """The client ``address`` as the limits count it: ``"192.0.2.1"``, ``"2001:db8:1:2::/64"``."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, ipv6_prefix), strict=False))
    return str(ip)


#: The wider networks one cap counts together (``max_games_per_network``): an IPv4 /24, an IPv6 /48
#: (what one site or one hosting customer is commonly given).
WIDE_IPV4_PREFIX = 24
WIDE_IPV6_PREFIX = 48


def wide_network_of(address: str) -> str:
    """The wider network of ``address`` for the per-network cap: ``"192.0.2.0/24"``, ``"2001:db8:1::/48"``."""
    narrow = network_of(address, WIDE_IPV6_PREFIX)
    try:
        ip = ipaddress.ip_address(narrow)
    except ValueError:
        return narrow  # an IPv6 network already, or not an address
    return str(ipaddress.IPv4Network((ip, WIDE_IPV4_PREFIX), strict=False)) if ip.version == 4 else narrow


__all__ = ["network_of", "wide_network_of", "DEFAULT_IPV6_PREFIX", "WIDE_IPV4_PREFIX", "WIDE_IPV6_PREFIX"]
