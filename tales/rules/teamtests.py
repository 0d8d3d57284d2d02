"""Tests built on the ordinary skill test: Team tests and removing STRESS or
INJURY cards from the play area."""

from __future__ import annotations

from tales.errors import RulesError
from tales.records import record
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.events import StatusCardsResolved
from tales.rules.investigators import Investigator
from tales.rules.options import Attempt, GiveUp, Option
from tales.rules.skilltest import TestOutcome, TestSpec, skill_test
from tales.rules.table import Table
from tales.rules.terms import Attribute, StatusCardKind
from tales.rules.teststate import MIN_NEED, eased

# "1 success in a POWER test to remove 1 STRESS card. 1 success in a
# CONSTITUTION test to remove 1 INJURY card."
RECOVERY_ATTRIBUTE = {
    StatusCardKind.STRESS: Attribute.POWER,
    StatusCardKind.INJURY: Attribute.CONSTITUTION,
}


@record
class TeamOutcome:
    passed: bool
    successes: int
    need: int
    attempts: tuple[str, ...]


def team_test(table: Table, spec: TestSpec, members: list[Investigator]) -> Proc[TeamOutcome]:
    """Rulebook: "Investigators can initiate tests one by one, following all the regular
    test's rules, including the assistance, and their Successes are carried
    over to the next test. Once the threshold is reached, the Team test
    concludes as a Success." Each present investigator tries at most once,
    and the group may give up (ruling ``team-test-attempts``)."""
    need = spec.need
    if spec.ease and eased(table, members, spec.ease):
        need = max(MIN_NEED, need - spec.ease.by)  # eased once, for the whole team
    total, attempts = 0, []
    while total < need:
        left = [m for m in members if m.active and m.slug not in attempts]
        if not left:
            break
        options: list[Option] = [Attempt(m.slug, label=f"{m.name} tries next") for m in left]
        options.append(GiveUp(label="Give up the team test"))
        prompt = f"Team {spec.attribute} test: {total} of {need} successes so far"
        choice = yield Decision(None, DecisionKind.TEAM_TEST, prompt, tuple(options))
        if not isinstance(choice, Attempt):
            break
        member = table.investigator(choice.investigator)
        attempts.append(member.slug)
        remaining = TestSpec(spec.attribute, need - total)
        outcome = yield from skill_test(table, member, remaining)
        total += outcome.successes
    return TeamOutcome(total >= need, total, need, tuple(attempts))


def recovery_kinds(inv: Investigator) -> list[StatusCardKind]:
    """Which recovery tests ``inv`` may try: a STRESS or INJURY card still
    lies in the play area."""
    return [k for k in RECOVERY_ATTRIBUTE if any(c.status is k for c in inv.play_area)]


def recovery_test(table: Table, inv: Investigator, kind: StatusCardKind) -> Proc[TestOutcome]:
    """Try to remove STRESS (POWER) or INJURY (CONSTITUTION) cards: each
    success removes one card to the supply (ruling ``recovery-test``)."""
    if kind not in recovery_kinds(inv):
        raise RulesError(f"{inv.name} has no {kind} card in the play area to remove")
    outcome = yield from skill_test(table, inv, TestSpec(RECOVERY_ATTRIBUTE[kind], 1))
    if outcome.passed:
        cards = [c for c in inv.play_area if c.status is kind][: outcome.successes]
        for card in cards:
            inv.play_area.remove(card)
            table.supply.return_card(card)
        table.emit(StatusCardsResolved(inv.slug, kind, tuple(c.id for c in cards)))
    return outcome
