"""Text and SKU helpers shared by the inventory modules."""
