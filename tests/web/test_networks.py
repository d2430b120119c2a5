"""Client addresses as the limits count them (hardening round 5, item 2): an IPv6
client by its /64 (``--ipv6-prefix``), before which two addresses of one /64
counted as two clients."""

from __future__ import annotations

import pytest

from pillars_rules.errors import ConfigError
from pillars_rules.web.networks import network_of
from pillars_rules.web.settings import Settings


def test_two_addresses_of_one_ipv6_64_are_one_client():
    a, b = network_of("2001:db8:1:2::1"), network_of("2001:db8:1:2:ffff:ffff:ffff:ffff")
    assert a == b == "2001:db8:1:2::/64"
    assert network_of("2001:db8:1:3::1") != a


def test_the_prefix_is_the_operator_s_and_ipv4_counts_by_address():
    assert network_of("2001:db8:1:2::1", 48) == network_of("2001:db8:1:ff::9", 48) == "2001:db8:1::/48"
    assert network_of("2001:db8::1", 128) != network_of("2001:db8::2", 128)
    assert network_of("192.0.2.1") != network_of("192.0.2.2")
    assert network_of("::ffff:192.0.2.1") == network_of("192.0.2.1") == "192.0.2.1"
    assert network_of("fe80::1%eth0") == "fe80::/64"
    assert network_of("testserver") == "testserver"


@pytest.mark.parametrize("bad", [0, 129, 64.0])
def test_a_prefix_out_of_range_is_a_config_error(bad):
    with pytest.raises(ConfigError, match="ipv6-prefix"):
        Settings(ipv6_prefix=bad)


def test_the_wider_network_is_a_v4_24_and_a_v6_48():
    from pillars_rules.web.networks import wide_network_of

    assert wide_network_of("192.0.2.7") == wide_network_of("192.0.2.200") == "192.0.2.0/24"
    assert wide_network_of("::ffff:192.0.2.7") == "192.0.2.0/24"
    assert wide_network_of("2001:db8:1:2::1") == wide_network_of("2001:db8:1:ff::1") == "2001:db8:1::/48"
    assert wide_network_of("testserver") == "testserver"
