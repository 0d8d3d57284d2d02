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
        # Each option offered, made once per game (its words never change), by
        # investigator and scene, in the order of the scene's menu entries.
        self._made: dict[tuple[str, int], list[StoryOption | None]] = {}

    def options(self, table: Table) -> list[Option]:
        """The options open now to each player, player by player (StoryOptions,
        typed as the rules' Story protocol has them)."""
        options: list[Option] = []
        spare: int | None = None  # the Companions' markers: counted once for all
        # What the story's memory closes is the same for all who stand at a scene.
        untaken: dict[tuple[int, str | None], list[MenuEntry]] = {}
        scenes = self.state.scenes
        once_tests = table.rulings.flag("test-once-a-round")  # read once, not per test option
        for inv in table.players():
            here = inv.location
            scene = scenes.get(here or "")
            if scene is None:
                continue
            menu = self.menu(scene)
            entries = untaken.get((scene, here))
            if entries is None:
                entries = [e for e in menu.entries if self._untaken(table, inv, scene, e)]
                untaken[scene, here] = entries
            if not entries:
                continue
            context = self._context_of(table, inv, None) if menu.conditional else None
            budget = 0  # the hand is counted only where an option has a cost
            if menu.costly:
                spare = companion_actions(table) if spare is None else spare
                budget = action_budget(table, inv, companions=False) + spare
            made = self._made_for(inv, scene, menu)
            for entry in entries:
                if entry.plain or self._open_to(
                    table, inv, scene, entry, context, budget, once_tests=once_tests
                ):
                    offered = made[entry.index]
                    if offered is None:
                        offered = made[entry.index] = self._offer(inv, scene, entry)
                    options.append(offered)
        return options

    def _made_for(self, inv: Investigator, scene: int, menu: Menu) -> list[StoryOption | None]:
        """``inv``'s options at ``scene`` made so far, by entry index: found by
        one look per scene, not one per option offered."""
        made = self._made.get((inv.slug, scene))
        if made is None:
            made = self._made[inv.slug, scene] = [None] * len(menu.entries)
        return made

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
        # An option written for one investigator names them itself ("Arthur
        # Blackwood watches the whaleboat..."): not "Arthur Blackwood: Arthur
        # Blackwood watches...". Taken by anyone else, it says who takes it.
        described = entry.described
        label = described if described.startswith(inv.name) else f"{inv.name}: {described}"
        return StoryOption(inv.slug, scene, entry.index, label=label)

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
        *,
        once_tests: bool | None = None,
    ) -> bool:
        """Whether ``inv`` may take an option the story leaves open: tried this
        round, the Actions it costs, its ``if:``. ``once_tests``: ruling
        ``test-once-a-round``, if the caller has read it."""
        option, index = entry.option, entry.index
        if (
            option.test is not None
            and (table.rulings.flag("test-once-a-round") if once_tests is None else once_tests)
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
