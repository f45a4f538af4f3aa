"""The records the store keeps: items and stock movements."""

from dataclasses import dataclass, field, replace

from inventory.util.codes import is_valid_sku, normalize_sku
from inventory.util.text import normalize, parse_tags


@dataclass(frozen=True)
class Item:
    """One stock-keeping unit: a SKU, a display name, a unit price in cents and a quantity."""

    sku: str
    name: str
    price_cents: int
    quantity: int = 0
    tags: tuple = field(default=())

    def __post_init__(self):
        """Normalises the SKU and rejects invalid SKUs, negative prices and quantities."""
        object.__setattr__(self, "sku", normalize_sku(self.sku))
        if not is_valid_sku(self.sku):
            raise ValueError(f"invalid SKU {self.sku!r}")
        if self.price_cents < 0 or self.quantity < 0:
            raise ValueError(f"{self.sku}: price and quantity must not be negative")

    def total_value(self):
        """Returns the value of the units in stock, in cents."""
        return self.price_cents * self.quantity

    def is_in_stock(self):
        """Tells whether at least one unit is in stock."""
        return self.quantity > 0

    def with_quantity(self, quantity):
        """Returns a copy of the item with a different quantity in stock."""
        return replace(self, quantity=quantity)

    def has_tag(self, tag):
        """Tells whether the item carries tag, compared case- and space-insensitively."""
        return normalize(tag) in self.tags

    def to_dict(self):
        """Converts the item to a plain dict suitable for JSON, tags as a list."""
        return {
            "sku": self.sku,
            "name": self.name,
            "price_cents": self.price_cents,
            "quantity": self.quantity,
            "tags": list(self.tags),
        }

    @classmethod
    def from_dict(cls, data):
        """Builds an item from a dict made by to_dict; tags may also be a comma-separated string."""
        tags = data.get("tags", ())
        if isinstance(tags, str):
            tags = parse_tags(tags)
        return cls(data["sku"], data["name"], int(data["price_cents"]), int(data.get("quantity", 0)), tuple(tags))


@dataclass(frozen=True)
class StockMovement:
    """A change in stock for one SKU: positive delta for deliveries, negative for sales."""

    sku: str
    delta: int
    reason: str

    def is_inbound(self):
        """Tells whether the movement added units to stock."""
        return self.delta > 0

    def describe(self):
        """Returns a one-line description such as "TOY-0001 +5 (restock)"."""
        return f"{self.sku} {self.delta:+d} ({self.reason})"
