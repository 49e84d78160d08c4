"""A count and its word, as every screen says it: "1 play", "2 plays", never "1 plays".

A word's plural is its word and "s" unless another is passed in (`count(2, "fish", "fish")`,
`count(5, "die", "dice")`). Counts of a thousand and more are grouped ("12,345 plays").
"""

from __future__ import annotations

from collections.abc import Sequence


def noun(n: int, word: str, plural: str | None = None) -> str:
    """The word for `n` of it: `word` for exactly 1, else its plural ("play", "plays")."""
    return word if n == 1 else plural if plural is not None else word + "s"


def count(n: int, word: str, plural: str | None = None) -> str:
    """The count and its word: "1 play", "0 plays", "12,345 plays"."""
    return f"{n:,} {noun(n, word, plural)}"


def these(n: int, word: str, plural: str | None = None) -> str:
    """The ones shown, pointed at: "this play", "these 2 plays"."""
    return f"this {word}" if n == 1 else f"these {count(n, word, plural)}"


def a(word: object) -> str:
    """The word with its article, as it is said: "a 6", "an 8", "an 11", "an Oyster", "a Cod", "an hour",
    "a unicorn"."""
    said = str(word)
    first = said[:1].lower()
    number = said.split()[0].replace(",", "") if said[:1].isdigit() else ""
    lower = said.lower()
    if number:
        vowel = number.startswith("8") or number in ("11", "18") or (
            len(number) in (5, 6) and number.startswith(("11", "18")))
    else:  # as said: "an hour", "a unicorn", "a one-step move", "a Eurasian perch"
        vowel = (first in "aeiou" and not lower.startswith(YOU_SOUND)) or lower.startswith(SILENT_H)
    return f"{'an' if vowel else 'a'} {said}"


SILENT_H = ("hour", "honest", "honour", "honor", "heir")
YOU_SOUND = ("uni", "use", "usu", "one", "once", "eu", "ewe")


def listed(words: Sequence[str]) -> str:
    """"Lure", "Lure and Fleet Dice", "Lure, Fleet Dice and Salmon Run" ("" for none)."""
    words = list(words)
    if not words:
        return ""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
