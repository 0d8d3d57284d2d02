"""Small helpers that turn counts and slugs into English."""

from __future__ import annotations

import unicodedata

from tales.rules.terms import article as article  # kept there: the rules need it too

# Nouns whose plural is not the noun plus "s".
_PLURALS = {
    "die": "dice",
    "success": "successes",
    "ability": "abilities",
    "enemy": "enemies",
    "entry": "entries",
    "piece of information": "pieces of information",
}


def plural(noun: str, n: int) -> str:
    """``noun`` for one of it, its plural otherwise ("1 white die", "2 white dice")."""
    if n == 1:
        return noun
    if noun in _PLURALS:
        return _PLURALS[noun]
    head, _, last = noun.rpartition(" ")
    many = _PLURALS.get(last, last + "s")
    return f"{head} {many}" if head else many


def count(n: int, noun: str) -> str:
    return f"{n} {plural(noun, n)}"


def words(slug: str) -> str:
    """A slug the storybook gave no name to, as words: "pardee-dory" -> "pardee dory"."""
    return slug.replace("-", " ").replace("_", " ")


def sentence(text: str) -> str:
    """A message starting with a capital (the rest left as written)."""
    return text[:1].upper() + text[1:] if text else text


# Abbreviations whose full stop ends no sentence.
_ABBREVIATIONS = {"dr", "mr", "mrs", "ms", "st", "prof", "capt", "rev", "lt", "col", "jr", "sr"}


def first_sentence(text: str) -> str:
    """The text's first sentence, whole: "Dr. Marsh..." does not end at "Dr."
    and neither does an initial ("H. P.")."""
    words_ = text.split()
    for i, word in enumerate(words_):
        if word[-1:] in ".!?" and i + 1 < len(words_):
            bare = word.rstrip(".!?").lower().lstrip("(\"'")
            if word.endswith(".") and (bare in _ABBREVIATIONS or len(bare) == 1):
                continue
            if words_[i + 1][:1].isupper() or words_[i + 1][:1] in "\"'(":
                return " ".join(words_[: i + 1])
    return " ".join(words_)


BOM = "\ufeff"  # a byte-order mark, as Windows Notepad starts a file with


def typed(text: str) -> str:
    """A line as typed or scripted, its leading byte-order mark dropped."""
    return text.lstrip(BOM)


def in_ascii(text: str) -> str:
    """``text`` with its compatibility forms folded (NFKC: full-width U+FF15
    U+FF15 U+FF45 is 55e) and every digit in ASCII, whatever its script: for inputs whose ids
    mix letters and digits, as the Travel Guide's do."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in folded)


def as_number(word: str) -> str:
    """A number typed in any digits (full-width U+FF12, Arabic-Indic ...) in ASCII
    digits, by each digit's Unicode value (NFKC); any other word unchanged."""
    folded = unicodedata.normalize("NFKC", word)
    if not folded.isdecimal():
        return word
    return "".join(str(unicodedata.decimal(c)) for c in folded)
