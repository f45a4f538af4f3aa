"""SKU codes: three upper-case letters, a hyphen and four digits, e.g. "TOY-0042"."""

import re

from inventory.util.text import normalize

SKU_PATTERN = re.compile(r"^[A-Z]{3}-[0-9]{4}$")


def normalize_sku(raw):
    """Cleans a user-typed SKU: trims it, upper-cases it and turns spaces into hyphens."""
    return normalize(raw).upper().replace(" ", "-")


def is_valid_sku(sku):
    """Tells whether sku already has the canonical "ABC-1234" form."""
    return SKU_PATTERN.match(sku) is not None


def make_sku(category, number):
    """Builds a SKU from the first three letters of a category name and a number below 10000."""
    letters = "".join(ch for ch in category.upper() if ch.isalpha())[:3]
    if len(letters) < 3 or not 0 <= number < 10000:
        raise ValueError(f"cannot make a SKU from {category!r} and {number}")
    return f"{letters}-{number:04d}"


def check_digit(sku):
    """Computes a check digit for a SKU: digits weighted 3,1,3,1 summed, then 10 minus that mod 10."""
    digits = [int(ch) for ch in sku if ch.isdigit()]
    total = sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(digits))
    return (10 - total % 10) % 10
