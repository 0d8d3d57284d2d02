"""The sensible bot's look-ahead remembered (tales.authoring.leads) and asked
nearest first: the same games as asking every scene every time (issue 16)."""

from __future__ import annotations

import pytest

import tales.authoring.bots as bots
from tales.authoring.leads import Leads, leads_for
from tales.authoring.simulate import RunResult, _content, plan_runs, play_one
from tales.rules.options import Move, Option
from tales.story.core import tale_path
from tales.story.view import TableView
from tests.authoring.helpers import at_the_bus_stop


def _every_scene(options: tuple[Option, ...], view: TableView) -> Option | None:
    """The look-ahead as it was: every scene asked for every mover, live."""
    best: tuple[int, Move] | None = None
    wanted: dict[str, set[str]] = {}
    for option in options:
        if not isinstance(option, Move):
            continue
        slug, destination = option.investigator, option.destination
        if slug not in wanted:
            here = view.investigator(slug).location
            wanted[slug] = {
                place for place in view.scenes if place != here and view.leads_at(slug, place)
            }
        reach = view.distances(destination)
        score = min((reach.get(place, 99) for place in wanted[slug]), default=99)
        if score < 99 and (best is None or score < best[0]):
            best = (score, option)
    return best[1] if best else None


def _games(tale: str, policy: str, runs: int) -> list[tuple[str, list[str], set[int], str]]:
    book = _content(tale)
    plans = plan_runs(tale, book.tale.scenario_id(None), runs, 16, policy)
    results: list[RunResult] = [play_one(plan) for plan in plans]
    assert not [r.crash for r in results if r.crash]
    return [(r.ending, r.inputs, r.read, f"{r.deaths}") for r in results]


@pytest.mark.parametrize(
    ("tale", "policy"),
    [
        ("the-reef-ledger", "sensible"),
        ("the-reef-ledger", "goal"),
        ("the-drowned-bell", "sensible"),
    ],
)
def test_the_remembered_look_ahead_plays_the_same_games(
    tale: str, policy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tale_path(tale))
    remembered = _games(path, policy, 12)
    monkeypatch.setattr(bots, "_step_toward_news", _every_scene)
    monkeypatch.setattr(bots, "leads_for", lambda view: Leads(view, remember=False))
    assert _games(path, policy, 12) == remembered
    assert any(inputs for _, inputs, _, _ in remembered)


def test_a_spent_scene_is_remembered_and_never_asked_again(core) -> None:
    """Once every target of a scene's options is read, at a place with no
    inside to go into, no lead can open there again: the view is not asked."""
    game, _ = at_the_bus_stop(core)
    view = game.view
    scenario = view.scenario
    assert scenario is not None
    place, scene = next(
        (place, scene)
        for place, scene in view.scenes.items()
        if scenario.locations[place].on_enter is None and view.paragraphs[scene].options
    )
    memory = Leads(view)
    asked: list[str] = []

    class Watched:  # the view, counting what the memory asks of it
        def __getattr__(self, name: str) -> object:
            if name == "leads_at":
                asked.append(name)
            return getattr(view, name)

    memory.view = Watched()  # type: ignore[assignment]
    memory.open_at("arthur-blackwood", place)
    assert asked == ["leads_at"] and not memory.spent  # unread targets: asked live
    game.book.state.visited |= {t for o in view.paragraphs[scene].options for t in o.targets()}
    assert memory.open_at("arthur-blackwood", place) is False
    assert memory.spent == {(place, scene)}
    assert memory.open_at("arthur-blackwood", place) is False
    assert asked == ["leads_at"]  # never asked again


def test_one_memory_per_game_view() -> None:
    class Stand:  # stands in for a view: only identity matters here
        pass

    first, second = Stand(), Stand()
    assert leads_for(first) is leads_for(first)  # type: ignore[arg-type]
    assert leads_for(first) is not leads_for(second)  # type: ignore[arg-type]
