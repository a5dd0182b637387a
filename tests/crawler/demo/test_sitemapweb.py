"""seaspider/demo/sitemapweb.py: the local web serves each sitemap fixture, and each yields what it says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_localweb import get

from seaspider.demo.localweb import LocalWeb
from seaspider.demo.sitemapweb import BIG_URLS, SitemapSite, install
from seaspider.web.robots import Robots
from seaspider.web.sitemaps import parse_sitemap


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[LocalWeb, SitemapSite]]:
    with LocalWeb(hosts=2, ip_base="127.118") as web:
        yield web, install(web, 0, other=1)


def test_robots_txt_names_the_sitemaps_and_disallows_one(served: tuple[LocalWeb, SitemapSite]) -> None:
    web, site = served
    status, _headers, body = get(web, "h1.test", "/robots.txt")
    robots = Robots.parse(body)
    assert status == 200 and tuple(robots.sitemaps) == site.robots_sitemaps
    assert not robots.decide("MovaBot", site.disallowed).allowed
    assert robots.decide("MovaBot", site.index).allowed  # control: the others are allowed


def test_every_served_sitemap_yields_exactly_its_expected_urls(served: tuple[LocalWeb, SitemapSite]) -> None:
    web, site = served
    prefix = len(web.url(0, ""))
    for url, expected in site.expected.items():
        if url == site.disallowed:
            continue  # a polite reader never gets its body (robots.txt), so it yields nothing
        status, _headers, body = get(web, "h1.test", url[prefix:])
        got = parse_sitemap(body, url=url)
        assert status == 200
        assert tuple(e.url for e in got.entries) == expected, url


def test_big_sitemap_really_lists_one_url_too_many(served: tuple[LocalWeb, SitemapSite]) -> None:
    web, site = served
    _status, _headers, body = get(web, "h1.test", site.big[len(web.url(0, "")):])
    assert body.count(b"<loc>") == BIG_URLS == 50_001
