"""Pricing rules: percentage discounts, bulk tiers, tax and money formatting (all in cents)."""

from dataclasses import dataclass

from inventory.util.text import normalize

# (minimum quantity, discount percent), largest tier first.
BULK_TIERS = ((100, 15), (50, 10), (10, 5))


@dataclass(frozen=True)
class Quote:
    """The price breakdown of one order line, every amount in cents."""

    subtotal: int
    discount: int
    tax: int

    @property
    def total(self):
        """Returns what the customer pays: subtotal minus discount plus tax."""
        return self.subtotal - self.discount + self.tax


def apply_discount(price_cents, percent):
    """Reduces a price by a whole percentage, rounding half a cent up."""
    if not 0 <= percent <= 100:
        raise ValueError(f"discount must be between 0 and 100, got {percent}")
    return (price_cents * (100 - percent) + 50) // 100


def bulk_discount_percent(quantity):
    """Returns the bulk discount percentage for ordering quantity units (0 below 10 units)."""
    for minimum, percent in BULK_TIERS:
        if quantity >= minimum:
            return percent
    return 0


def tax_cents(amount_cents, rate_percent):
    """Computes the tax on an amount at a percentage rate, rounding half a cent up."""
    return (amount_cents * rate_percent + 50) // 100


def line_total(item, quantity):
    """Returns the price of quantity units of item after the bulk discount, before tax."""
    return apply_discount(item.price_cents * quantity, bulk_discount_percent(quantity))


def quote(item, quantity, tax_rate_percent=0):
    """Builds the full price breakdown for ordering quantity units of item."""
    subtotal = item.price_cents * quantity
    discounted = line_total(item, quantity)
    return Quote(subtotal, subtotal - discounted, tax_cents(discounted, tax_rate_percent))


def format_cents(cents, symbol="$"):
    """Formats an amount in cents as money with thousands separators, e.g. "-$1,234.50"."""
    sign = "-" if cents < 0 else ""
    whole, fraction = divmod(abs(cents), 100)
    return f"{sign}{symbol}{whole:,}.{fraction:02d}"


def parse_price(text):
    """Parses a money amount such as "$1,234.5" or "12" into cents."""
    cleaned = normalize(text).lstrip("$").replace(",", "")
    whole, _, fraction = cleaned.partition(".")
    if not whole.isdigit() or not (fraction.isdigit() or fraction == "") or len(fraction) > 2:
        raise ValueError(f"not a price: {text!r}")
    return int(whole) * 100 + int(fraction.ljust(2, "0"))
