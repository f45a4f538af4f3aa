import unittest

from inventory.util.codes import check_digit, is_valid_sku, make_sku, normalize_sku


class CodesTest(unittest.TestCase):
    def test_normalize_sku(self):
        self.assertEqual(normalize_sku("  toy 0042 "), "TOY-0042")
        self.assertEqual(normalize_sku("Toy-0042"), "TOY-0042")

    def test_is_valid_sku(self):
        self.assertTrue(is_valid_sku("TOY-0042"))
        self.assertFalse(is_valid_sku("toy-0042"))
        self.assertFalse(is_valid_sku("TOYS-042"))
        self.assertFalse(is_valid_sku("TOY-00421"))

    def test_make_sku(self):
        self.assertEqual(make_sku("garden tools", 7), "GAR-0007")
        self.assertEqual(make_sku("3D puzzles", 1234), "DPU-1234")
        with self.assertRaises(ValueError):
            make_sku("ab", 1)
        with self.assertRaises(ValueError):
            make_sku("books", 10000)

    def test_check_digit(self):
        self.assertEqual(check_digit("TOY-0042"), 6)
        self.assertEqual(check_digit("BOO-1234"), 2)
        self.assertEqual(check_digit("BOO-0000"), 0)


if __name__ == "__main__":
    unittest.main()
