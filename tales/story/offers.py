"""What a scene offers the investigators standing at it, asked at every
activity decision.

Everything that never changes about an option is worked out once, in its
scene's :class:`~tales.story.menu.Menu`; each :class:`StoryOption` offered
is made once per game (its words never change, so its id is written once).
A decision then asks only what the story's memory and the table say now,
in the order the rules give: once taken, once a round, an encounter under
way, a read-once paragraph already read, a test tried this round, the
Actions it costs, its ``if:``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tales.rules.activities import action_budget, companion_actions
from tales.rules.investigators import Investigator
from tales.rules.options import Option
from tales.rules.table import Table
from tales.story.menu import Menu, MenuEntry, menu_of
from tales.story.model import Paragraph
from tales.story.options import StoryOption
from tales.story.state import StoryState, trier

# (table, actor, standpoint) -> the vocabulary; (table, paragraph, condition, vocabulary) -> holds
ContextOf = Callable[[Table, Investigator | None, str | None], Mapping[str, Any]]
Holds = Callable[[Table, int, str, Mapping[str, Any]], bool]


class Offers:
    """The options of a scenario's scenes, for one game's story memory."""

    def __init__(
        self,
        paragraphs: Mapping[int, Paragraph],
        state: StoryState,
        context_of: ContextOf,
        holds: Holds,
    ) -> None:
        self.paragraphs, self.state = paragraphs, state
        self._context_of, self._holds = context_of, holds
        self._menus: dict[int, Menu] = {}  # scene -> its options, worked out once
        self._offered: dict[tuple[str, int, int], StoryOption] = {}

    def options(self, table: Table) -> list[Option]:
        """The options open now to each player, player by player (StoryOptions,
        typed as the rules' Story protocol has them)."""
        options: list[Option] = []
        spare: int | None = None  # the Companions' markers: counted once for all
        # What the story's memory closes is the same for all who stand at a scene.
        untaken: dict[tuple[int, str | None], list[MenuEntry]] = {}
        for inv in table.players():
            scene = self.state.scenes.get(inv.location or "")
            if scene is None:
                continue
            menu = self.menu(scene)
            entries = untaken.get((scene, inv.location))
            if entries is None:
                entries = [e for e in menu.entries if self._untaken(table, inv, scene, e)]
                untaken[scene, inv.location] = entries
            if not entries:
                continue
            context = self._context_of(table, inv, None) if menu.conditional else None
            budget = 0  # the hand is counted only where an option has a cost
            if menu.costly:
                spare = companion_actions(table) if spare is None else spare
                budget = action_budget(table, inv, companions=False) + spare
            for entry in entries:
                if entry.plain or self._open_to(table, inv, scene, entry, context, budget):
                    options.append(self._offer(inv, scene, entry))
        return options

    def menu(self, scene: int) -> Menu:
        menu = self._menus.get(scene)
        if menu is None:
            menu = self._menus[scene] = menu_of(self.paragraphs, scene)
        return menu

    def open(
        self, table: Table, inv: Investigator, scene: int, index: int, at: str | None = None
    ) -> bool:
        """Whether option ``index`` of ``scene`` is open to ``inv``; ``at``:
        judged as if ``inv`` stood there (a bot looking ahead)."""
        where = inv.location if at is None else at
        if not inv.active or self.state.scenes.get(where or "") != scene:
            return False
        entry = self.menu(scene).entries[index]
        return self._untaken(table, inv, scene, entry) and self._open_to(
            table, inv, scene, entry, at=at
        )

    def _offer(self, inv: Investigator, scene: int, entry: MenuEntry) -> StoryOption:
        key = (inv.slug, scene, entry.index)
        offered = self._offered.get(key)
        if offered is None:
            label = f"{inv.name}: {entry.described}"
            offered = self._offered[key] = StoryOption(inv.slug, scene, entry.index, label=label)
        return offered

    def _untaken(self, table: Table, inv: Investigator, scene: int, entry: MenuEntry) -> bool:
        """Whether the story's memory leaves the option open where ``inv`` stands."""
        option, index, state = entry.option, entry.index, self.state
        if (scene, index) in state.taken or (
            option.once_a_round and state.spent(scene, index, option, table)
        ):
            return False
        if entry.begins_encounter and inv.location in table.encounters:
            return False  # taking it again would bring its penalties again
        return entry.read_once is None or entry.read_once not in state.visited  # read once

    def _open_to(
        self,
        table: Table,
        inv: Investigator,
        scene: int,
        entry: MenuEntry,
        context: Mapping[str, Any] | None = None,
        budget: int | None = None,
        at: str | None = None,
    ) -> bool:
        """Whether ``inv`` may take an option the story leaves open: tried this
        round, the Actions it costs, its ``if:``."""
        option, index = entry.option, entry.index
        if (
            option.test is not None
            and table.rulings.flag("test-once-a-round")
            and self.state.tried.get((scene, index, trier(inv.slug, option.test.team)))
            == table.round
        ):
            return False  # one try a round; a Team test's try is the whole team's
        if option.cost:
            budget = action_budget(table, inv) if budget is None else budget
            if budget < option.cost:
                return False
        if option.condition is None:
            return True
        if context is None:
            context = self._context_of(table, inv, at)
        closure = entry.closure
        if closure is not None:  # as evaluate() asks it, without looking it up again
            try:
                return bool(closure(context))
            except Exception:  # the sandbox below says what went wrong, in its own words
                pass
        return self._holds(table, scene, option.condition, context)
