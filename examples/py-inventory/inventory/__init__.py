"""A small stock-keeping library: items, a store with stock movements, and pricing rules."""

from inventory.errors import InventoryError, OutOfStockError, UnknownSkuError
from inventory.models import Item, StockMovement
from inventory.store import Store

__all__ = ["InventoryError", "Item", "OutOfStockError", "StockMovement", "Store", "UnknownSkuError"]
