"""The site's words for what the engine says in codes: landscape names and refusals.

The engine refuses and reports in codes with parameters (STYLE rule 16); this package is the
one table that turns them into sentences, in the reader's language. It sits low in the layers
so that every page, view and mail that tells a person about the game can use it.
"""

from games.words.landscapes import (
    a_landscape,
    landscape_count,
    landscape_name,
    listing,
    square_name,
)
from games.words.refusals import REFUSALS, refusal_words

__all__ = [
    "REFUSALS",
    "a_landscape",
    "landscape_count",
    "landscape_name",
    "listing",
    "refusal_words",
    "square_name",
]
