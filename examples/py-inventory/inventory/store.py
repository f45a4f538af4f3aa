"""The store: the items on hand, their stock movements, sales and reports."""

import json

from inventory.errors import OutOfStockError, UnknownSkuError
from inventory.models import Item, StockMovement
from inventory.pricing import format_cents, line_total
from inventory.util.codes import normalize_sku
from inventory.util.text import format_table, tokenize, truncate


class Store:
    """Holds items by SKU and records every change in stock as a movement."""

    def __init__(self, items=()):
        """Creates a store holding the given items and an empty movement history."""
        self._items = {}
        self._history = []
        for item in items:
            self.add(item)

    def __len__(self):
        """Returns the number of distinct SKUs in the store."""
        return len(self._items)

    def add(self, item):
        """Adds a new item; raises ValueError when its SKU is already present."""
        if item.sku in self._items:
            raise ValueError(f"duplicate SKU {item.sku}")
        self._items[item.sku] = item

    def get(self, sku):
        """Returns the item for a SKU (typed loosely, e.g. " toy 0001"); raises UnknownSkuError."""
        key = normalize_sku(sku)
        if key not in self._items:
            raise UnknownSkuError(key)
        return self._items[key]

    def remove(self, sku):
        """Removes an item from the store and returns it."""
        item = self.get(sku)
        del self._items[item.sku]
        return item

    def _move(self, item, delta, reason):
        """Changes an item's quantity by delta and records the movement."""
        self._items[item.sku] = item.with_quantity(item.quantity + delta)
        self._history.append(StockMovement(item.sku, delta, reason))

    def restock(self, sku, quantity, reason="restock"):
        """Adds quantity units of an existing item; quantity must be positive."""
        if quantity <= 0:
            raise ValueError(f"restock quantity must be positive, got {quantity}")
        self._move(self.get(sku), quantity, reason)

    def sell(self, sku, quantity):
        """Sells quantity units and returns the amount charged in cents, bulk discount applied.

        Raises OutOfStockError, leaving stock unchanged, when too few units are on hand.
        """
        item = self.get(sku)
        if quantity <= 0:
            raise ValueError(f"sale quantity must be positive, got {quantity}")
        if quantity > item.quantity:
            raise OutOfStockError(item.sku, quantity, item.quantity)
        self._move(item, -quantity, "sale")
        return line_total(item, quantity)

    def search(self, query):
        """Returns items, sorted by SKU, whose name or tags contain every word of query."""
        words = set(tokenize(query))
        found = []
        for item in self._items.values():
            haystack = set(tokenize(item.name)) | {word for tag in item.tags for word in tokenize(tag)}
            if words <= haystack:
                found.append(item)
        return sorted(found, key=lambda item: item.sku)

    def low_stock(self, threshold):
        """Returns the SKUs, sorted, with fewer than threshold units in stock."""
        return sorted(sku for sku, item in self._items.items() if item.quantity < threshold)

    def total_value(self):
        """Returns the value of all stock on hand, in cents."""
        return sum(item.total_value() for item in self._items.values())

    def history(self, sku=None):
        """Returns the recorded movements, oldest first, optionally only those of one SKU."""
        if sku is None:
            return list(self._history)
        key = normalize_sku(sku)
        return [movement for movement in self._history if movement.sku == key]

    def report(self, name_width=20):
        """Renders a stock table (SKU, name, quantity, unit price, value) sorted by SKU."""
        rows = [
            (item.sku, truncate(item.name, name_width), item.quantity,
             format_cents(item.price_cents), format_cents(item.total_value()))
            for item in sorted(self._items.values(), key=lambda item: item.sku)
        ]
        table = format_table(("SKU", "Name", "Qty", "Price", "Value"), rows, right_aligned=(2, 3, 4))
        return f"{table}\nTotal stock value: {format_cents(self.total_value())}"

    def to_json(self):
        """Serialises the items, sorted by SKU, as a JSON array; history is not saved."""
        items = sorted(self._items.values(), key=lambda item: item.sku)
        return json.dumps([item.to_dict() for item in items], indent=2)

    @classmethod
    def from_json(cls, text):
        """Creates a store from JSON written by to_json."""
        return cls(Item.from_dict(data) for data in json.loads(text))
