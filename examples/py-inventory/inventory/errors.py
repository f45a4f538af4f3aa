"""Exceptions raised by the inventory package."""


class InventoryError(Exception):
    """Base class for every error that the inventory package raises."""


class UnknownSkuError(InventoryError, KeyError):
    """Raised when a SKU is not present in the store."""

    def __init__(self, sku):
        """Remembers the missing SKU and builds a readable message from it."""
        super().__init__(f"unknown SKU {sku!r}")
        self.sku = sku

    def __str__(self):
        """Returns the message itself rather than KeyError's quoted form."""
        return self.args[0]


class OutOfStockError(InventoryError):
    """Raised when a sale asks for more units than the store holds."""

    def __init__(self, sku, requested, available):
        """Records what was asked for and what was available."""
        super().__init__(f"{sku}: requested {requested}, only {available} in stock")
        self.sku = sku
        self.requested = requested
        self.available = available
