"""The storybook's options, typed like the rules' (:mod:`tales.rules.options`).

Registered with the same :func:`~tales.rules.options.option`, so
:func:`~tales.rules.options.parse_option` reads them back once the story is
loaded. ``carry:none`` is the fixed id of carrying nothing, so no item may be
named ``none``.
"""

from __future__ import annotations

from tales.records import record
from tales.rules.options import Option, option


@option("story")
@record
class StoryOption(Option):
    """Option ``index`` of the scene paragraph ``scene``, taken by ``investigator``."""

    investigator: str
    scene: int
    index: int


@option("choice")
@record
class StoryChoice(Option):
    """Choice ``index`` of a paragraph the group reads (in a scenario or an interlude)."""

    index: int


@option("carry")
@record
class CarryItem(Option):
    """An item carried into the next scenario of a campaign."""

    item: str


@option("carry:none")
@record
class CarryNothing(Option):
    pass
