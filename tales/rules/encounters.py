"""Encounters: an enemy fought with weapons (Combat) or outwitted
(Stratagem), resolved at once when every spot on its card is covered,
otherwise by the narrative read at the end of the round."""

from __future__ import annotations

from dataclasses import dataclass, field

from tales.errors import RulesError
from tales.rules.activities import spend_use
from tales.rules.decisions import Proc
from tales.rules.events import EncounterEnded, EncounterProgress, EncounterStarted
from tales.rules.group import seen_at
from tales.rules.investigators import Investigator
from tales.rules.scenario import Encounter
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.statuses import gain_status_card
from tales.rules.table import Table
from tales.rules.tallies import COMBAT as COMBAT  # the paths, named where tests count them
from tales.rules.tallies import STRATAGEM as STRATAGEM
from tales.rules.tallies import Tally
from tales.rules.teststate import MIN_NEED


@dataclass
class EncounterState:
    """An Encounter card in play at a location, with its Encounter tokens."""

    encounter: Encounter
    location: str
    path: str | None = None  # chosen by the first blow (ruling ``encounter-path``)
    tokens: int = 0  # progress made on the chosen path, counted even with no token left
    # Encounter tokens from the box lying on the card: fewer than ``tokens``
    # once the box's 8 have run out (the Components Golden Rule).
    placed: int = 0
    # Who tried the Stratagem test, and in which round (ruling ``stratagem-once-a-round``).
    outwitted: dict[str, int] = field(default_factory=dict)

    def may_outwit(self, table: Table, slug: str) -> bool:
        if not table.rulings.flag("stratagem-once-a-round"):
            return True
        return self.outwitted.get(slug) != table.round

    def target(self, path: str) -> int:
        enemy = self.encounter.enemy
        return enemy.wounds if path == COMBAT else enemy.successes

    def left(self, path: str) -> int:
        return self.target(path) - (self.tokens if self.path == path else 0)

    def open_to(self, path: str) -> bool:
        return self.path in (None, path)


def start_encounter(table: Table, encounter: Encounter, location: str) -> None:
    """Lay an Encounter card at ``location`` (the storybook says when)."""
    if location in table.encounters:
        raise RulesError(f"an encounter is already under way at {location!r}")
    table.encounters[location] = EncounterState(encounter, location)
    table.emit(EncounterStarted(encounter.slug, location))
    seen_at(table, location)  # the Group token there is found, hidden or not


def encounter_at(table: Table, inv: Investigator) -> EncounterState:
    state = table.encounters.get(inv.location or "")
    if state is None:
        raise RulesError(f"{inv.name} is in no encounter")
    return state


def weapons_ready(inv: Investigator) -> list[str]:
    """Weapons in hand with a use left."""
    return [i.slug for i in inv.items if i.card.weapon and i.in_hand and i.uses > 0]


def combat(table: Table, inv: Investigator, weapon: str) -> Proc[None]:
    """Rulebook: "When using a weapon, you must discard the Item use marker from the
    weapon card and then perform the appropriate Skill test." Damage is the
    weapon's base plus one per success; playing no card at all is the bare
    red-die roll."""
    state = encounter_at(table, inv)
    if not state.open_to(COMBAT):
        raise RulesError("this encounter is being won by Stratagem; its path is chosen")
    held = inv.item(weapon)
    if held is None or weapon not in weapons_ready(inv):
        raise RulesError(f"{inv.name} has no weapon {weapon!r} in hand with a use left")
    spend_use(table, inv, held)
    state.path = COMBAT
    tally = Tally(COMBAT, held.card.damage, state.left(COMBAT))
    need = max(MIN_NEED, tally.finishing)
    assert held.card.attribute is not None  # the loader requires it for weapons
    outcome = yield from skill_test(table, inv, TestSpec(held.card.attribute, need, tally=tally))
    _cover(table, state, COMBAT, held.card.damage + outcome.successes, inv.slug)


def stratagem(table: Table, inv: Investigator) -> Proc[None]:
    """Rulebook: "To progress, you must achieve Successes indicated on the Enemy card.
    For each Success achieved, place 1 Encounter token.\""""
    state = encounter_at(table, inv)
    if not state.open_to(STRATAGEM):
        raise RulesError("this encounter is being won by Combat; its path is chosen")
    if not state.may_outwit(table, inv.slug):
        raise RulesError(f"{inv.name} has tried the Stratagem against this enemy this round")
    state.outwitted[inv.slug] = table.round
    state.path = STRATAGEM
    enemy = state.encounter.enemy
    tally = Tally(STRATAGEM, 0, state.left(STRATAGEM))
    outcome = yield from skill_test(table, inv, TestSpec(enemy.stratagem, tally.left, tally=tally))
    _cover(table, state, STRATAGEM, outcome.successes, inv.slug)


def _cover(table: Table, state: EncounterState, path: str, amount: int, by: str) -> None:
    """Components Golden Rule: "If during your adventure the Resource Pool of any
    component won't allow you to get that specific component, you just continue
    the game without it." With the box's Encounter tokens gone, the Damage or
    Successes still count: only the token is missing, never the progress."""
    progress = min(amount, state.left(path))
    placed = table.supply.take_encounter_tokens(progress)
    state.tokens += progress
    state.placed += placed
    table.emit(
        EncounterProgress(
            state.encounter.slug,
            path,
            progress,
            state.tokens,
            state.target(path),
            missing=progress - placed,
            by=by,
        )
    )
    if state.left(path) <= 0:
        # "If you manage to cover all the spots on the Enemy card before the
        # end of the round, immediately proceed to the indicated narrative."
        end_encounter(table, state.location, path)
        table.read_later(
            state.encounter.defeated, f"{state.encounter.name} overcome", state.location
        )


def end_encounter(table: Table, location: str, how: str = "storybook") -> None:
    """Take the Encounter card away and return its tokens to the supply."""
    state = table.encounters.pop(location)
    table.supply.encounter_tokens += state.placed
    lay_missing_tokens(table)
    table.emit(EncounterEnded(state.encounter.slug, how))


def lay_missing_tokens(table: Table) -> None:
    """Tokens back in the box go onto the cards whose progress was counted
    without them, so the box holds ``8 - min(8, progress in play)``."""
    for state in table.encounters.values():
        state.placed += table.supply.take_encounter_tokens(state.tokens - state.placed)


def enemy_attack(table: Table, location: str) -> None:
    """Rulebook: "In the context of Encounters, Status cards inflicted by the enemy
    affect all Investigators present in the same location.\""""
    state = table.encounters.get(location)
    if state is None:
        raise RulesError(f"no enemy at {location!r} to attack")
    for inv in table.players():
        if inv.location != location:
            continue
        for kind, count in state.encounter.enemy.attacks:
            for _ in range(count):
                gain_status_card(table, inv, kind)


def facing(table: Table, state: EncounterState) -> list[Investigator]:
    """The investigators at the encounter's location: those it speaks to."""
    return [p for p in table.players() if p.location == state.location]


def round_end_narratives(table: Table) -> None:
    """Rulebook: "at the end of the round, you must proceed to the narrative indicated
    in the Storybook, even if all the icons of the chosen path are not
    covered." The encounter stays until the storybook ends it. Each narrative
    belongs to its encounter, read for its location; one nobody stands at
    waits, unread, for someone to come back (ruling ``abandoned-encounter``)."""
    for state in list(table.encounters.values()):
        if facing(table, state):
            table.read_later(
                state.encounter.round_end,
                f"{state.encounter.name} at the end of the round",
                state.location,
            )
