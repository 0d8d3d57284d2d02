"""The sensible bot's look-ahead, remembered by what it depends on.

When nothing new is offered where the team stands, the sensible bot asks
of every scene whether a lead is open there (:meth:`TableView.leads_at`):
an option that would be open and leads to a paragraph not yet read. That
question asked of every scene, for every investigator, at every such
decision was a quarter of the bot's time, and a third of the scenes asked
can never answer yes again.

What it depends on, split by how it changes:

* what each scene's options lead to is the storybook's, fixed: worked out
  once per scene;
* a scene none of whose options leads anywhere unread, at a place with no
  inside to go into (``on_enter``), has no lead for anyone, whatever the
  table holds: paragraphs read stay read, so it is remembered as spent for
  the rest of the game (keyed by place and scene: a place given another
  scene is asked again);
* everything else (who may take an option now: conditions, costs, tries,
  the hour) changes with the table, and is asked live, every time.

So the bot's answers are exactly those it had without the memory (a test
plays the same games both ways), and a spent scene costs a set lookup. A
scene skipped this way would not have evaluated any condition either
(:meth:`TableView.leads_at` only asks of options with an unread target), so
nothing the table would have emitted is lost.
"""

from __future__ import annotations

from tales.story.view import TableView

_KEPT = 8  # games remembered at once: one per game in play in this process


class Leads:
    """One game's look-ahead memory; ``remember=False`` asks everything live."""

    __slots__ = ("remember", "spent", "targets", "view")

    def __init__(self, view: TableView, *, remember: bool = True) -> None:
        self.view = view
        self.remember = remember
        self.spent: set[tuple[str, int]] = set()  # (place, scene): no lead, for good
        self.targets: dict[int, tuple[int, ...]] = {}  # scene -> what its options lead to

    def open_at(self, slug: str, place: str) -> bool:
        """Whether a lead would be open to ``slug`` at ``place`` now."""
        scene = self.view.scenes.get(place)
        if scene is None:
            return False  # no scene, no options: leads_at says so too
        if self.remember:
            if (place, scene) in self.spent:
                return False
            if self._spent(place, scene):
                self.spent.add((place, scene))
                return False
        return bool(self.view.leads_at(slug, place))

    def _spent(self, place: str, scene: int) -> bool:
        scenario = self.view.scenario
        location = scenario.locations.get(place) if scenario else None
        if location is not None and location.on_enter is not None:
            return False  # its inside may still be a lead: asked live
        targets = self.targets.get(scene)
        if targets is None:
            paragraph = self.view.paragraphs.get(scene)
            options = paragraph.options if paragraph else ()
            targets = self.targets[scene] = tuple(t for o in options for t in o.targets())
        return all(self.view.was_read(target) for target in targets)


_MEMORY: dict[int, Leads] = {}


def leads_for(view: TableView) -> Leads:
    """The look-ahead memory of the game ``view`` shows (one view per game)."""
    known = _MEMORY.get(id(view))
    if known is None or known.view is not view:
        if len(_MEMORY) >= _KEPT:
            _MEMORY.clear()
        known = _MEMORY[id(view)] = Leads(view)
    return known
