import unittest

from inventory.models import Item
from inventory.pricing import (
    Quote,
    apply_discount,
    bulk_discount_percent,
    format_cents,
    line_total,
    parse_price,
    quote,
    tax_cents,
)


class PricingTest(unittest.TestCase):
    def test_apply_discount(self):
        self.assertEqual(apply_discount(1000, 15), 850)
        self.assertEqual(apply_discount(999, 50), 500)
        self.assertEqual(apply_discount(999, 0), 999)
        self.assertEqual(apply_discount(999, 100), 0)
        with self.assertRaises(ValueError):
            apply_discount(100, 101)

    def test_bulk_discount_percent(self):
        self.assertEqual([bulk_discount_percent(q) for q in (1, 9, 10, 49, 50, 99, 100, 500)], [0, 0, 5, 5, 10, 10, 15, 15])

    def test_tax_cents(self):
        self.assertEqual(tax_cents(1000, 8), 80)
        self.assertEqual(tax_cents(1250, 7), 88)
        self.assertEqual(tax_cents(0, 20), 0)

    def test_line_total_and_quote(self):
        item = Item("TOY-0001", "Ball", 199)
        self.assertEqual(line_total(item, 3), 597)
        self.assertEqual(line_total(item, 10), 1891)
        q = quote(item, 10, tax_rate_percent=10)
        self.assertEqual(q, Quote(subtotal=1990, discount=99, tax=189))
        self.assertEqual(q.total, 2080)

    def test_format_cents(self):
        self.assertEqual(format_cents(0), "$0.00")
        self.assertEqual(format_cents(123456789), "$1,234,567.89")
        self.assertEqual(format_cents(-105, symbol="EUR "), "-EUR 1.05")

    def test_parse_price(self):
        self.assertEqual(parse_price(" $1,234.5 "), 123450)
        self.assertEqual(parse_price("12"), 1200)
        self.assertEqual(parse_price("0.07"), 7)
        for bad in ("", "abc", "1.234", "$-3"):
            with self.assertRaises(ValueError, msg=bad):
                parse_price(bad)


if __name__ == "__main__":
    unittest.main()
