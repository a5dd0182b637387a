"""Sea Spider's slot checkers: names that are never public, labels with a hyphen at an edge, glued addresses."""

from __future__ import annotations

import pytest

from deputy import RefusalKind, SlotRejected
from seaspider.slot_checkers import check_url, host_checker, url_checker


@pytest.mark.parametrize(
    "url",
    ["http://grafana.internal/x", "http://printer.local/", "http://NAS.LOCAL./share", "http://router.home.arpa/",
     "http://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/", "https://staging.test/",
     "https://foo.invalid/", "https://app.localhost/", "http://wiki.corp/", "http://fileserver.lan/"],
    ids=["internal", "local", "local-trailing-dot", "home-arpa", "onion", "test", "invalid", "localhost", "corp", "lan"],
)
def test_reserved_names_are_not_public(url: str) -> None:
    with pytest.raises(SlotRejected, match="never a public web host|name of this machine") as caught:
        check_url(url)
    assert caught.value.kind is RefusalKind.DISALLOWED_VALUE


@pytest.mark.parametrize(
    "url",
    ["https://internal.example.com/", "https://local.example.org/", "https://my-site.example.com/",
     "https://test.example.com/", "https://onion.example.net/", "https://docs.test-site.com/"],
    ids=["internal-label", "local-label", "inner-hyphen", "test-label", "onion-label", "test-hyphen"],
)
def test_public_names_with_the_same_words_pass(url: str) -> None:  # negative control
    assert check_url(url) == url


def test_reserved_names_pass_when_private_addresses_are_allowed() -> None:
    assert url_checker(allow_private=True)("http://grafana.internal/x") == "http://grafana.internal/x"
    assert host_checker(allow_private=True)("nas.local") == "nas.local"


@pytest.mark.parametrize("url", ["https://-bad.example.com/", "https://bad-.example.com/", "https://x-.example/"])
def test_a_label_with_a_hyphen_at_an_edge_is_invalid_even_when_private_is_allowed(url: str) -> None:
    for check in (check_url, url_checker(allow_private=True)):
        with pytest.raises(SlotRejected, match="starts or ends with a hyphen") as caught:
            check(url)
        assert caught.value.kind is RefusalKind.INVALID_VALUE


@pytest.mark.parametrize("text", ["https://a.example/x,https://b.example/y", "a.example/x;http://b.example/"])
def test_glued_addresses_are_refused_as_one_odd_address(text: str) -> None:
    with pytest.raises(SlotRejected, match="two addresses joined") as caught:
        check_url(text)
    assert caught.value.kind is RefusalKind.INVALID_VALUE


def test_commas_inside_one_address_pass() -> None:  # negative control
    assert check_url("https://a.example/a,b") == "https://a.example/a,b"
    archived = "https://web.archive.org/web/2024/https://a.example/"
    assert check_url(archived) == archived
