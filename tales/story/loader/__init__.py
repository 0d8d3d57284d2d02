"""Loading a tale: YAML files to a checked :class:`~tales.story.model.Tale`,
every problem at once.

Each file is checked against the schema ``tales schema`` prints
(:mod:`~tales.story.loader.shape`, :mod:`~tales.story.loader.validate`); the
modules here then build the model and check meaning and references (a
``goto`` to a paragraph that does not exist, a keyword not on the Keyword
sheet...). The checks that need the whole story graph (unreachable
paragraphs, unused names, goto loops) live in :mod:`tales.authoring.check`.
Every code is in :mod:`~tales.story.loader.codes`.
"""

from __future__ import annotations

from tales.story.hashing import content_hash, gc_paused
from tales.story.loader.board import standard_start_problem
from tales.story.loader.interludes import INTERLUDE_EFFECTS, INTERLUDE_NAMES
from tales.story.loader.tale import load_tale

__all__ = [
    "INTERLUDE_EFFECTS",
    "INTERLUDE_NAMES",
    "content_hash",
    "gc_paused",
    "load_tale",
    "standard_start_problem",
]
