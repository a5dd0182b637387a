"""The local web's catalogue: a small shop with listing pages of product cards and a page per product.

Every site of the local web serves it under /shop/, so extraction (`seaspider extract`) has real
pages to work on: relative links, a <base>, script inside cards, text over several lines, a
missing price, quotes and commas for CSV, and detail pages in windows-1252 (declared in the
header) and ISO-8859-1 (declared in <meta>). Pure: paths in, bytes out; the tests read the
expected values from PRODUCTS.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

__all__ = ["PER_PAGE", "PRODUCTS", "Product", "ShopPage", "listing_path", "shop_page"]

PER_PAGE = 3  # cards per listing page: two listing pages for the six products


@dataclass(frozen=True, slots=True)
class Product:
    """One product as its pages show it."""

    slug: str
    title: str
    price: str | None  # as shown ("£12.50"); None: the page shows no price
    tags: tuple[str, ...]
    paragraphs: tuple[str, ...]  # the description, one paragraph each
    specs: tuple[tuple[str, str], ...]  # (name, value) rows of the detail page
    charset: str = "utf-8"  # the detail page's encoding
    charset_in_meta: bool = False  # declared in <meta> rather than in Content-Type

    @property
    def description(self) -> str:
        """The description as extraction reads it: the paragraphs' text, whitespace-folded."""
        return " ".join(self.paragraphs)


PRODUCTS = (
    Product(
        "sea-spider-plush", "Sea Spider plush toy", "£12.50", ("toy", "soft"),
        ("Eight soft legs and a long proboscis.", "Machine washable at 30 °C."),
        (("Length", "30 cm"), ("Weight", "120 g")),
    ),
    Product(
        "pycnogonid-poster", "Pycnogonid poster, A2", "£7.00", ("print",),
        ("Twelve species drawn to scale.",),
        (("Size", "420 × 594 mm"),),
    ),
    Product(
        "tide-clock", 'Tide clock "Neap"', "£48.90", ("home", "clock"),
        ("Shows high and low water, not the hour.",),
        (("Battery", "AA"), ("Diameter", "25 cm")),
        charset="iso-8859-1", charset_in_meta=True,
    ),
    Product(
        "cafe-mug", "Café mug", "£9.99", ("kitchen",),
        ("Holds a large café crème.", "Dishwasher safe."),
        (("Volume", "350 ml"),),
        charset="windows-1252",
    ),
    Product(
        "field-guide", "Field guide to sea spiders, 2nd edition", None, (),
        ("Out of print; ask us for a used copy.",),
        (),
    ),
    Product(
        "dive-log", "Dive log & pen", "£15.00", ("print", "diving", "gift"),
        ("Waterproof pages.",),
        (("Pages", "96"),),
    ),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ShopPage:
    """A page of the shop: its Content-Type header and its body."""

    content_type: str
    body: bytes


def listing_path(n: int) -> str:
    """The path of listing page `n` (1-based)."""
    return "/shop/" if n == 1 else f"/shop/page/{n}"


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _card(product: Product, *, first_page: bool) -> str:
    # Page 1 links one card with a campaign tag and a fragment, which canonicalisation removes.
    href = f"item/{product.slug}" + ("?utm_source=list#reviews" if first_page and product.slug == "sea-spider-plush" else "")
    price = f'\n    <p class="price">{_e(product.price)}</p>' if product.price is not None else ""
    tags = "".join(f'<li class="tag">{_e(t)}</li>' for t in product.tags)
    return (
        f'  <article class="product">\n'
        f'    <h3><a href="{_e(href)}" title="{_e(product.title)}">\n      {_e(product.title)}\n    </a></h3>\n'
        f'    <img src="../img/{product.slug}.png" alt="{_e(product.title)}">{price}\n'
        f'    <ul class="tags">{tags}</ul>\n'
        f'    <script>track("{product.slug}");</script>\n'
        f"  </article>\n"
    )


def _listing(n: int) -> ShopPage:
    shown = PRODUCTS[(n - 1) * PER_PAGE : n * PER_PAGE]
    # Page 2 lives at /shop/page/2 but says <base href="/shop/">: its relative links resolve there.
    base = '<base href="/shop/">' if n > 1 else ""
    pages = (len(PRODUCTS) + PER_PAGE - 1) // PER_PAGE
    nav = " ".join(f'<a class="page" href="{listing_path(k)}">{k}</a>' for k in range(1, pages + 1))
    body = (
        f"<!doctype html>\n<html><head><title>Shop, page {n}</title>{base}<style>.product {{ margin: 1em }}</style></head>\n"
        f'<body><h1>Sea Spider shop</h1>\n<section class="listing">\n'
        + "".join(_card(p, first_page=n == 1) for p in shown)
        + f'</section>\n<nav class="pages">{nav}</nav></body></html>\n'
    )
    return ShopPage("text/html; charset=utf-8", body.encode("utf-8"))


def _detail(product: Product) -> ShopPage:
    meta = f'<meta charset="{product.charset}">' if product.charset_in_meta else ""
    price = f'<p class="price">{_e(product.price)}</p>\n' if product.price is not None else ""
    paragraphs = "\n".join(f"<p>{_e(p)}</p>" for p in product.paragraphs)
    specs = "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in product.specs)
    body = (
        f"<!doctype html>\n<html><head>{meta}<title>{_e(product.title)} | Sea Spider shop</title></head>\n"
        f'<body><nav class="crumbs"><a href="../">Shop</a> &rsaquo; <a href="#">{_e(product.title)}</a></nav>\n'
        f"<h1>{_e(product.title)}</h1>\n{price}"
        f'<div class="description">\n{paragraphs}\n<script>var note = "not text";</script>\n</div>\n'
        f'<dl class="specs">{specs}</dl>\n</body></html>\n'
    )
    header = "text/html" if product.charset_in_meta else f"text/html; charset={product.charset}"
    return ShopPage(header, body.encode(product.charset))


def shop_page(path: str) -> ShopPage | None:
    """The shop's page at `path`, or None when there is none (the caller answers 404)."""
    pages = (len(PRODUCTS) + PER_PAGE - 1) // PER_PAGE
    for n in range(1, pages + 1):
        if path == listing_path(n):
            return _listing(n)
    if path.startswith("/shop/item/"):
        slug = path[len("/shop/item/") :]
        for product in PRODUCTS:
            if product.slug == slug:
                return _detail(product)
    return None
