import unittest

from inventory.models import Item, StockMovement


class ItemTest(unittest.TestCase):
    def test_sku_is_normalised_and_validated(self):
        self.assertEqual(Item("toy 0001", "Ball", 250).sku, "TOY-0001")
        with self.assertRaises(ValueError):
            Item("TOY-1", "Ball", 250)
        with self.assertRaises(ValueError):
            Item("TOY-0001", "Ball", -1)
        with self.assertRaises(ValueError):
            Item("TOY-0001", "Ball", 100, quantity=-2)

    def test_value_and_stock(self):
        item = Item("TOY-0001", "Ball", 250, quantity=4)
        self.assertEqual(item.total_value(), 1000)
        self.assertTrue(item.is_in_stock())
        empty = item.with_quantity(0)
        self.assertFalse(empty.is_in_stock())
        self.assertEqual(empty.total_value(), 0)
        self.assertEqual(item.quantity, 4)

    def test_tags(self):
        item = Item("TOY-0002", "Kite", 1299, tags=("outdoor", "summer fun"))
        self.assertTrue(item.has_tag("  Summer   FUN"))
        self.assertFalse(item.has_tag("indoor"))

    def test_dict_round_trip(self):
        item = Item("TOY-0002", "Kite", 1299, 3, ("outdoor",))
        data = item.to_dict()
        self.assertEqual(data, {"sku": "TOY-0002", "name": "Kite", "price_cents": 1299, "quantity": 3, "tags": ["outdoor"]})
        self.assertEqual(Item.from_dict(data), item)
        parsed = Item.from_dict({"sku": "toy 0003", "name": "Yo-yo", "price_cents": "150", "tags": "Kids, Retro"})
        self.assertEqual(parsed, Item("TOY-0003", "Yo-yo", 150, 0, ("kids", "retro")))


class StockMovementTest(unittest.TestCase):
    def test_movements(self):
        self.assertTrue(StockMovement("TOY-0001", 5, "restock").is_inbound())
        self.assertFalse(StockMovement("TOY-0001", -2, "sale").is_inbound())
        self.assertEqual(StockMovement("TOY-0001", 5, "restock").describe(), "TOY-0001 +5 (restock)")
        self.assertEqual(StockMovement("TOY-0001", -2, "sale").describe(), "TOY-0001 -2 (sale)")


if __name__ == "__main__":
    unittest.main()
