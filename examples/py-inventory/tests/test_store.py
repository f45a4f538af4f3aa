import unittest

from inventory.errors import OutOfStockError, UnknownSkuError
from inventory.models import Item, StockMovement
from inventory.store import Store


def sample_store():
    return Store([
        Item("TOY-0002", "Kite", 1299, 3, ("outdoor", "summer fun")),
        Item("TOY-0001", "Rubber Ball", 250, 40, ("outdoor", "kids")),
        Item("BOO-0001", "Chess Openings Encyclopedia", 4500, 1, ("games",)),
    ])


class StoreTest(unittest.TestCase):
    def test_add_get_remove(self):
        store = sample_store()
        self.assertEqual(len(store), 3)
        self.assertEqual(store.get(" toy 0002").name, "Kite")
        with self.assertRaises(ValueError):
            store.add(Item("TOY-0001", "Another Ball", 100))
        self.assertEqual(store.remove("TOY-0002").sku, "TOY-0002")
        self.assertEqual(len(store), 2)
        with self.assertRaises(UnknownSkuError) as raised:
            store.get("TOY-0002")
        self.assertEqual(str(raised.exception), "unknown SKU 'TOY-0002'")

    def test_restock_and_sell(self):
        store = sample_store()
        store.restock("TOY-0002", 7)
        self.assertEqual(store.get("TOY-0002").quantity, 10)
        self.assertEqual(store.sell("TOY-0002", 10), 12341)
        self.assertEqual(store.get("TOY-0002").quantity, 0)
        with self.assertRaises(OutOfStockError) as raised:
            store.sell("TOY-0002", 1)
        self.assertEqual((raised.exception.requested, raised.exception.available), (1, 0))
        with self.assertRaises(ValueError):
            store.restock("TOY-0002", 0)
        with self.assertRaises(ValueError):
            store.sell("TOY-0001", 0)
        self.assertEqual(store.history(), [
            StockMovement("TOY-0002", 7, "restock"),
            StockMovement("TOY-0002", -10, "sale"),
        ])
        self.assertEqual(store.history("toy 0001"), [])

    def test_search(self):
        store = sample_store()
        self.assertEqual([item.sku for item in store.search("outdoor")], ["TOY-0001", "TOY-0002"])
        self.assertEqual([item.sku for item in store.search("SUMMER kite")], ["TOY-0002"])
        self.assertEqual([item.sku for item in store.search("chess encyclopedia")], ["BOO-0001"])
        self.assertEqual(store.search("robot"), [])

    def test_low_stock_and_value(self):
        store = sample_store()
        self.assertEqual(store.low_stock(5), ["BOO-0001", "TOY-0002"])
        self.assertEqual(store.low_stock(1), [])
        self.assertEqual(store.total_value(), 3 * 1299 + 40 * 250 + 4500)

    def test_report(self):
        expected = "\n".join([
            "SKU       Name                  Qty   Price    Value",
            "--------  --------------------  ---  ------  -------",
            "BOO-0001  Chess Openings En...    1  $45.00   $45.00",
            "TOY-0001  Rubber Ball            40   $2.50  $100.00",
            "TOY-0002  Kite                    3  $12.99   $38.97",
            "Total stock value: $183.97",
        ])
        self.assertEqual(sample_store().report(), expected)

    def test_json_round_trip(self):
        store = sample_store()
        text = store.to_json()
        self.assertLess(text.index("BOO-0001"), text.index("TOY-0001"))
        copy = Store.from_json(text)
        self.assertEqual([copy.get(sku) for sku in ("BOO-0001", "TOY-0001", "TOY-0002")],
                         [store.get(sku) for sku in ("BOO-0001", "TOY-0001", "TOY-0002")])


if __name__ == "__main__":
    unittest.main()
