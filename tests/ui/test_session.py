"""The first screen of a game (tales.ui.session.opening)."""

from __future__ import annotations

from dataclasses import replace

from tales.story.campaign import standalone_campaign
from tales.story.core import Core
from tales.story.game import GameSetup, start_game
from tales.story.model import Tale
from tales.ui.session import opening

LASZLO, ELIZABETH = "laszlo-varga", "elizabeth-hawthorne"
COMPANIONS = ("ezra-marsh", "irene-dubois")


def test_the_next_scenario_names_the_fallen_and_why_a_newcomer_sits_there(
    core: Core, reef_ledger: Tale
) -> None:
    """A playtest's Gannet Light opened with "Players: Laszlo Varga, Elizabeth
    Hawthorne" and nothing to say that Arthur Blackwood had died in Low Water
    and Laszlo taken his seat (ruling dead-replaced)."""
    setup = GameSetup("gannet-light", (LASZLO, ELIZABETH), COMPANIONS, "standard", 5)
    carried_on = replace(standalone_campaign(reef_ledger, "gannet-light", 5), continues=True)
    after_a_death = replace(carried_on, fallen=("arthur-blackwood",))
    shown = [
        line.text for line in opening(start_game(core, reef_ledger, setup, after_a_death), core)
    ]
    assert (
        "Fallen earlier in the campaign: Arthur Blackwood. A dead player's seat goes to the first"
        " investigator of the box not yet in the campaign (ruling dead-replaced)." in shown
    )
    unbroken = [
        line.text for line in opening(start_game(core, reef_ledger, setup, carried_on), core)
    ]
    assert not any(text.startswith("Fallen") for text in unbroken)
