import unittest

from inventory.util.text import format_table, normalize, pad, parse_tags, slugify, tokenize, truncate


class TextTest(unittest.TestCase):
    def test_normalize(self):
        self.assertEqual(normalize("  Red\tWooden   Train \n"), "red wooden train")
        self.assertEqual(normalize(""), "")

    def test_tokenize_and_slugify(self):
        self.assertEqual(tokenize("Rubik's Cube, 3x3!"), ["rubik", "s", "cube", "3x3"])
        self.assertEqual(slugify("  Deluxe  Chess Set (Wood) "), "deluxe-chess-set-wood")

    def test_truncate(self):
        self.assertEqual(truncate("short", 10), "short")
        self.assertEqual(truncate("exactly10!", 10), "exactly10!")
        self.assertEqual(truncate("a much longer name", 10), "a much ...")
        self.assertEqual(truncate("abcdef", 2), "..")

    def test_pad(self):
        self.assertEqual(pad("ab", 4), "ab  ")
        self.assertEqual(pad("ab", 4, "right"), "  ab")
        self.assertEqual(pad("abcdef", 4), "abcdef")
        with self.assertRaises(ValueError):
            pad("ab", 4, "centre")

    def test_parse_tags(self):
        self.assertEqual(parse_tags("Outdoor, kids ,outdoor,, Summer  Fun"), ("outdoor", "kids", "summer fun"))
        self.assertEqual(parse_tags(""), ())

    def test_format_table(self):
        table = format_table(("Name", "Qty"), [("ball", 3), ("kite", 12)], right_aligned=(1,))
        self.assertEqual(table, "Name  Qty\n----  ---\nball    3\nkite   12")


if __name__ == "__main__":
    unittest.main()
