"""Text helpers: normalising, tokenising and laying out plain-text tables."""

import re

_WORD = re.compile(r"[a-z0-9]+")


def normalize(text):
    """Lower-cases text, collapses runs of whitespace to one space and strips both ends."""
    return " ".join(text.lower().split())


def tokenize(text):
    """Splits text into lower-case alphanumeric words, dropping punctuation."""
    return _WORD.findall(normalize(text))


def slugify(text):
    """Turns text into a URL-friendly slug: lower-case words joined by hyphens."""
    return "-".join(tokenize(text))


def truncate(text, width, ellipsis="..."):
    """Shortens text to at most width characters, ending with the ellipsis when cut."""
    if len(text) <= width:
        return text
    if width <= len(ellipsis):
        return ellipsis[:width]
    return text[: width - len(ellipsis)] + ellipsis


def pad(text, width, align="left"):
    """Pads text with spaces to width; align is "left" or "right"."""
    if align == "right":
        return text.rjust(width)
    if align != "left":
        raise ValueError(f"unknown alignment {align!r}")
    return text.ljust(width)


def parse_tags(text):
    """Parses a comma-separated tag list into a tuple of normalised, unique tags in order."""
    tags = []
    for part in text.split(","):
        tag = normalize(part)
        if tag and tag not in tags:
            tags.append(tag)
    return tuple(tags)


def format_table(headers, rows, right_aligned=()):
    """Lays out rows under headers as text columns separated by two spaces.

    Column widths fit the widest cell; columns whose index is in right_aligned
    are right-aligned (numbers), the others left-aligned. Trailing spaces are removed.
    """
    cells = [list(map(str, headers))] + [list(map(str, row)) for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for row in cells:
        parts = [pad(cell, widths[i], "right" if i in right_aligned else "left") for i, cell in enumerate(row)]
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
