"""The playtest bots: the sensible one heads for leads it could actually take,
seeing the game only through its read-only view."""

from __future__ import annotations

import pytest

from tales.authoring.bots import sensible_policy
from tests.authoring.helpers import at_the_bus_stop


def test_the_sensible_bot_leaves_a_scene_whose_only_unread_lead_is_closed(core) -> None:
    """At the bus stop of Low Water, once the square is read, the only unread
    lead is the road out, shut until late at night: the bot walks to a scene
    where a lead is open instead of ending the round where it stands."""
    game, rng = at_the_bus_stop(core)
    game.book.state.visited |= {11, 12, 13}  # everything at the bus stop but the road out
    view = game.view
    assert view.investigator("arthur-blackwood").location == "bus-stop"
    assert view.leads_at("arthur-blackwood", "bus-stop") == ()
    assert view.leads_at("arthur-blackwood", "grocery")
    decision = game.pending
    assert decision is not None
    assert sensible_policy(decision, view, rng).id.startswith("move:arthur-blackwood:")


def test_looking_ahead_moves_nobody(core) -> None:
    """Asking what is open elsewhere leaves the table exactly as it was."""
    game, _ = at_the_bus_stop(core)
    before = game.table.snapshot()
    for place in game.view.scenes:
        game.view.leads_at("arthur-blackwood", place)
    assert game.table.snapshot() == before
    assert game.table.investigator("arthur-blackwood").location == "bus-stop"


def test_the_view_hands_out_nothing_that_changes_the_game(core) -> None:
    game, _ = at_the_bus_stop(core)
    view = game.view
    arthur = view.investigator("arthur-blackwood")
    assert isinstance(arthur.hand, tuple) and isinstance(view.revealed, frozenset)
    with pytest.raises(TypeError):
        view.investigators["arthur-blackwood"] = arthur  # type: ignore[index]
    with pytest.raises(TypeError):
        view.scenes["bus-stop"] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        arthur.location = "grocery"  # type: ignore[misc]
    assert game.table.investigator("arthur-blackwood").location == "bus-stop"
