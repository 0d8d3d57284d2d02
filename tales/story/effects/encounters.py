"""Encounters: one begins where the actor stands, ends, or strikes."""

from __future__ import annotations

from tales.rules.encounters import end_encounter, enemy_attack, start_encounter
from tales.story.effects.kind import SLUG, TRUE, EffectKind, Play, Ref, check_slug, check_true
from tales.story.model import Effect


def _begin(play: Play, effect: Effect) -> None:
    doer = play.doer
    if (
        doer is not None
        and doer.location is not None
        and doer.location not in play.table.encounters
    ):
        start_encounter(play.table, play.scenario.encounters[str(effect.value)], doer.location)


def _end(play: Play, effect: Effect) -> None:
    where = play.encounter_place()
    if where is not None:
        end_encounter(play.table, where)


def _attack(play: Play, effect: Effect) -> None:
    where = play.encounter_place()
    if where is not None:
        enemy_attack(play.table, where)


def _named(effect: Effect) -> list[Ref]:
    return [("encounter", str(effect.value))]


KINDS = (
    EffectKind(
        "encounter",
        "an encounter",
        SLUG,
        "{encounter: the-wrecker}",
        check_slug,
        _begin,
        refs=_named,
    ),
    EffectKind("end_encounter", "true", TRUE, "{end_encounter: true}", check_true, _end),
    EffectKind("attack", "true", TRUE, "{attack: true}", check_true, _attack),
)
