"""The production URL check refuses IPv6 addresses that lead to private IPv4 ones."""

from __future__ import annotations

import pytest

from wakeful import net


@pytest.mark.parametrize(
    "address",
    [
        "2002:0a00:0001::1",  # 6to4 of 10.0.0.1
        "2002:a9fe:a9fe::",  # 6to4 of 169.254.169.254 (instance metadata)
        "2002:7f00:0001::",  # 6to4 of 127.0.0.1
        "2002:c0a8:0101::5",  # 6to4 of 192.168.1.1
        "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
        "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
        "64:ff9b:1::a00:1",  # local-use NAT64
        "::ffff:10.0.0.1",  # IPv4-mapped
        "::10.0.0.1",  # IPv4-compatible
        "2001:0:4136:e378:8000:63bf:f5ff:fffe",  # Teredo, client 10.0.0.1
        "2001:0:0a00:0001:8000:63bf:3fff:fdd2",  # Teredo via a private relay (10.0.0.1)
    ],
)
def test_an_ipv6_address_embedding_a_private_ipv4_is_not_public(address):
    assert not net._is_public(address)


@pytest.mark.parametrize("address", ["2002:0808:0808::1", "64:ff9b::808:808", "::ffff:8.8.8.8", "2606:4700:4700::1111", "8.8.8.8"])
def test_an_address_leading_to_a_public_host_is_public(address):
    assert net._is_public(address)


def test_a_6to4_url_to_a_private_address_is_refused_outside_dev_mode():
    with pytest.raises(net.UnsafeUrlError):
        net.check_url("https://[2002:a9fe:a9fe::]/latest/meta-data", dev_mode=False)
