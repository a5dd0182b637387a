"""seaspider/demo/catalogue.py: the shop the local web serves under /shop/ for the extraction tests."""

from __future__ import annotations

import html
import http.client
from collections.abc import Iterator

import pytest

from seaspider.demo import catalogue
from seaspider.demo.catalogue import PER_PAGE, PRODUCTS, listing_path, shop_page
from seaspider.demo.localweb import LocalWeb


def get(web: LocalWeb, path: str) -> tuple[int, dict[str, str], bytes]:
    """GET straight to h1.test's IP (no resolver involved)."""
    conn = http.client.HTTPConnection(web.resolve_map()["h1.test"], web.port, timeout=5)
    try:
        conn.request("GET", path, headers={"Host": f"h1.test:{web.port}"})
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=1, pages=1, ip_base="127.151") as server:
        yield server


def test_public_names_are_pinned() -> None:
    assert catalogue.__all__ == ["PER_PAGE", "PRODUCTS", "Product", "ShopPage", "listing_path", "shop_page"]


def test_listing_pages_show_every_product_once() -> None:
    pages = [shop_page(listing_path(n)) for n in (1, 2)]
    assert all(p is not None and p.content_type == "text/html; charset=utf-8" for p in pages)
    bodies = [p.body.decode() for p in pages if p is not None]
    for i, product in enumerate(PRODUCTS):
        assert f'href="item/{product.slug}' in bodies[i // PER_PAGE] and product.slug not in bodies[1 - i // PER_PAGE]
    assert '<base href="/shop/">' in bodies[1] and "<base" not in bodies[0]
    assert shop_page(listing_path(3)) is None


@pytest.mark.parametrize("product", PRODUCTS, ids=[p.slug for p in PRODUCTS])
def test_detail_pages_are_served_in_their_charset(web: LocalWeb, product: catalogue.Product) -> None:
    status, headers, body = get(web, f"/shop/item/{product.slug}")
    assert status == 200
    declared = f'<meta charset="{product.charset}">' if product.charset_in_meta else f"charset={product.charset}"
    assert declared in (body.decode("latin-1") if product.charset_in_meta else headers["content-type"])
    assert f"<h1>{html.escape(product.title)}</h1>".encode(product.charset) in body


def test_unknown_shop_paths_are_404(web: LocalWeb) -> None:  # negative control
    assert get(web, "/shop/item/no-such-thing")[0] == 404
    assert get(web, "/shop/page/9")[0] == 404
    assert get(web, "/shop/")[0] == 200
