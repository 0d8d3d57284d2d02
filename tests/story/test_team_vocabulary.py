"""The words that say where the team is, for options and prose that must
not speak as if all were together (docs/storybook.md, *Conditions and
texts*): ``elsewhere``, ``in_area``, ``away_in`` and ``names``."""

from __future__ import annotations

from tales.story.conditions import evaluate, render
from tales.story.game import start_game
from tales.story.vocabulary import story_context
from tests.story.test_gannet_light_map import CREW, EZRA, IRENE, PHILIP, SARAH, gannet


def test_elsewhere_names_those_not_standing_with_the_actor(core, reef_ledger) -> None:
    game = start_game(core, reef_ledger, CREW)
    table, state = game.table, game.book.state
    for player in table.players():
        player.location = "packet-wharf"
    philip = table.investigator(PHILIP)
    assert story_context(state, table, philip)["elsewhere"] == []
    table.investigator(EZRA).location = "boatyard"
    table.investigator(SARAH).location = "tower-door"
    context = story_context(state, table, philip)
    assert context["elsewhere"] == [EZRA, SARAH]
    assert render("{{ names(elsewhere) }}", context) == "Ezra Marsh and Sarah Elington"
    assert evaluate("elsewhere and away_in('town-shore')", context)
    assert context["in_area"]("town-shore") == [PHILIP, EZRA, IRENE]
    assert context["away_in"]("town-shore") == [EZRA], "Philip and Irene stand with Philip"
    assert context["in_area"]("the-tower", "gannet-shore") == [SARAH]
    three = render("{{ names(investigators) }}", context)
    assert three == "Philip Harris, Ezra Marsh, Irene Dubois and Sarah Elington"
    assert render("[{{ names(in_area('the-crossing')) }}]", context) == "[]"
    assert render("{{ names('ezra-marsh') }}", context) == "Ezra Marsh"
    # judged as if standing elsewhere (a bot looking ahead), from that place
    assert story_context(state, table, philip, at="boatyard")["elsewhere"] == [
        PHILIP,
        IRENE,
        SARAH,
    ]


def test_no_one_is_elsewhere_for_a_narrative_nobody_chose_or_a_companion(core, reef_ledger) -> None:
    """Companions are present everywhere ("Companions are always present")."""
    game = gannet(core, reef_ledger)  # Philip, with three companions
    table, state = game.table, game.book.state
    assert story_context(state, table, None)["elsewhere"] == []
    companion = table.investigator(EZRA)
    assert companion.companion
    assert story_context(state, table, companion)["elsewhere"] == []
    assert story_context(state, table, table.investigator(PHILIP))["elsewhere"] == []
