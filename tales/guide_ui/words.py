"""What the Travel Guide's events and score sheets say, in words: pure functions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.guide.check import (
    ArtifactRevealed,
    CardsTaken,
    CheckResolved,
    Punished,
    ThreatDice,
    ThreatErased,
)
from tales.guide.components import Challenge
from tales.guide.draft import DiceRolled, DieRemoved, DieTaken, FateDie
from tales.guide.endgame import BonusSegmentDrawn, FinalRouteChosen, PlayerResult, solo_won
from tales.guide.game import FateWritten, RoundStarted, ThreatDrawn
from tales.guide.initial import DiceRerolled
from tales.guide.scoring import ScoreSheet
from tales.guide.turn import DistrictChosen, RouteAdjusted, SegmentsDrawn, TouristsPlaced
from tales.rules.events import Event


def _dice(event: DiceRolled) -> str:
    rolled = ", ".join(r.label for r in event.dice)
    if event.unavailable:  # solo: only the bonus die is rolled
        aside = ", ".join(r.label for r in event.unavailable)
        return (
            f"{event.player} rolls the bonus die: {event.bonus.value}. Available, as they lie:"
            f" {rolled}; unavailable: {aside}."
        )
    return f"{event.player} rolls {rolled}; the bonus die shows {event.bonus.value}."


def _district(event: DistrictChosen) -> str:
    choice = event.choice
    how = f" ({choice.changes} coordinate change{'s' * (choice.changes != 1)})"
    how = how if choice.changes else ""
    fallback = " (no named district was empty: 1 tourist only)" if choice.fallback else ""
    return f"{event.player} chooses district {choice.district.id}{how}{fallback}."


def _threat(event: ThreatDrawn) -> str:
    if event.skipped:
        return f"{event.player} skips the threat symbol in {event.district} (Deep Ones, once)."
    return f"{event.player} draws a threat symbol in district {event.district}."


def _punished(event: Punished) -> str:
    p = event.punishment
    why = "The Warlock's ritual" if event.ritual else "A failure's punishment"
    lost = "+".join(p.tourists) or "no tourists"
    return (
        f"{why}: {event.player} erases {lost} in district {p.district}"
        f" and the threat symbol in {p.threat}."
    )


def _route(event: FinalRouteChosen) -> str:
    return f"{event.player}'s final route: {event.route.id} (threat level {event.threat})."


SAYINGS: dict[type[Event], Callable[[Any], str]] = {
    RoundStarted: lambda e: f"-- Round {e.number} of 10 --",
    DiceRolled: _dice,
    DieTaken: lambda e: f"{e.player} takes {e.die.label}.",
    DieRemoved: lambda e: f"{e.player} makes {e.die.label} unavailable.",
    FateDie: lambda e: f"The fate die is {e.die.label}.",
    DiceRerolled: lambda e: f"Bonus die rerolled: {e.bonus.value}; fate die {e.fate.label}.",
    DistrictChosen: _district,
    RouteAdjusted: lambda e: f"{e.player} erases {e.erased} and draws {e.drawn}.",
    TouristsPlaced: lambda e: (
        f"{e.player} places {'+'.join(e.tourists)} in district {e.district}"
        + (" (the Detective finds a missing tourist)." if e.reason == "detective" else ".")
    ),
    SegmentsDrawn: lambda e: f"{e.player} draws {' '.join(s.id for s in e.segments)}.",
    FateWritten: lambda e: f"The fate die's {e.number} is written in slot {e.slot}.",
    ThreatDrawn: _threat,
    BonusSegmentDrawn: lambda e: f"{e.player} uses {e.bonus.value}: {e.segment}.",
    FinalRouteChosen: _route,
    CardsTaken: lambda e: f"{e.player} takes {e.count} artifact card(s).",
    ArtifactRevealed: lambda e: f"{e.player} reveals the {e.artifact.value}.",
    ThreatDice: lambda e: (
        f"Threat dice ({e.cause}): {', '.join(map(str, e.values))}."
        if e.values
        else "No threat dice to roll."
    ),
    CheckResolved: lambda e: f"{e.player}: {e.successes} success(es), {e.failures} failure(s).",
    ThreatErased: lambda e: f"{e.player} erases a threat symbol in {e.district}.",
    Punished: _punished,
}


def say(event: Event) -> str | None:
    """The sentence for an event, or None for those only the board shows."""
    saying = SAYINGS.get(type(event))
    return saying(event) if saying else None


def score_lines(result: PlayerResult, character: str) -> list[str]:
    """The score sheet, each line with the arithmetic that explains it."""
    sheet = result.sheet
    lines = [f"Score sheet of {result.name}", f"  final route: {result.route.id}"]
    for line in sheet.colours:
        lines.append(
            f"  {line.colour.value:<7} {line.tourists} tourist(s) x {line.districts}"
            f" district(s) on the route = {line.points} VP"
        )
    lines.append(f"  yellow  the stars of the districts along the route = {sheet.yellow} VP")
    lines.append(f"  artifacts  {sheet.unrevealed} unrevealed x 7 = {sheet.artifacts} VP")
    for title, vp in sheet.goals:
        lines.append(f"  goal    {title}: its highest tier the route meets = {vp} VP")
    lines.append(f"  character  the {character}'s ability = {sheet.character} VP")
    lines.append(f"  total = {sheet.total} VP (goals {sheet.goal_points} VP)")
    return lines


def solo_verdict(sheet: ScoreSheet, challenge: Challenge, level: str, goal: int) -> str:
    total = challenge.totals[level]
    verdict = "won" if solo_won(sheet, challenge, level, goal) else "lost"
    return (
        f"Solo challenge {level} {total}+ VP with {goal}+ goal VP: {verdict}"
        f" ({sheet.total} VP, {sheet.goal_points} goal VP)."
    )
