"""Every check code of ``tales``, each with its one-line meaning.

The loader, the schema's ``x-code`` annotations and ``tales check`` name their
codes from here, and docs/storybook.md has one row per code (a test holds
them to it). E0xx: reading YAML; E1xx: the shape of a file; E2xx: the story's
structure and references; W3xx: warnings from the story graph.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "E001": "a file that cannot be read",
    "E002": "YAML syntax (also a character YAML cannot hold, or nesting too deep)",
    "E003": "a YAML tag, on a value or a key: content is data, never code",
    "E004": "a YAML anchor or alias",
    "E005": "past a limit (see Limits)",
    "E101": "a required field is missing",
    "E102": "a field of the wrong type",
    "E103": 'a field that does not exist (with a "did you mean")',
    "E104": "a value out of range or misspelt",
    "E110": "no investigator files in the core components",
    "E201": "a paragraph number written twice",
    "E202": "a reference to a paragraph that does not exist",
    "E203": "a location that does not exist",
    "E204": "an item, clue, objective, encounter, enemy, vehicle or prisoner that does not exist",
    "E205": "a keyword that is not on the scenario's Keyword sheet",
    "E206": (
        "a condition or text with a Jinja error, a name outside the vocabulary "
        "or a call its function cannot take"
    ),
    "E207": "an effect that is not in the vocabulary, or a bad value",
    "E208": "a test without a success outcome, or an option that leads nowhere",
    "E209": "a campaign log section or counter the tale does not declare, or a shuffled "
    "set or item no shuffle lays out",
    "E210": "a scenario folder, preset or interlude that names no scenario",
    "E211": (
        "paragraphs that read each other in a circle with no decision between, "
        "or `read` effects nested past 100"
    ),
    "E212": "options read where nobody stands (give them `at:`, or make them `choices`)",
    "E213": "an interlude using what needs a scenario in play",
    "E214": "an investigator that is not in the core components",
    "E215": "a barrier between two locations the map does not connect, or a location "
    "connected to itself",
    "E216": "a rule for a map piece the scenario does not have: a crossing by_vehicle with "
    "no vehicle, a Group token rule with no Group token, Investigation tokens with none "
    "in the box",
    "W301": "a paragraph that can never be read, given the conditions that gate it",
    "W302": "a keyword, item, clue, objective, location or encounter never used",
    "W303": "a paragraph where no branch can be taken (every choice or `if` closed)",
    "W304": "a file or folder in the core components or a scenario that the loader does not read",
    "W305": "an option or choice leading to an encounter's defeat narrative, which does not end "
    "the encounter: taken mid-fight, the card would stay",
}

UNREADABLE = "E001"
YAML_SYNTAX = "E002"
YAML_TAG = "E003"
YAML_ALIAS = "E004"  # raised in tales.story.yamllimits, below the loader
PAST_A_LIMIT = "E005"  # likewise
MISSING_KEY = "E101"
WRONG_TYPE = "E102"
UNKNOWN_KEY = "E103"
BAD_VALUE = "E104"
NO_INVESTIGATORS = "E110"
DUPLICATE = "E201"
NO_PARAGRAPH = "E202"
NO_LOCATION = "E203"
NO_CARD = "E204"
NO_KEYWORD = "E205"
BAD_EXPRESSION = "E206"
BAD_EFFECT = "E207"
NO_OUTCOME = "E208"
NO_LOG = "E209"
NO_PLACE = "E210"
GOTO_LOOP = "E211"
NOWHERE_TO_STAND = "E212"
NOT_IN_INTERLUDE = "E213"
NO_INVESTIGATOR = "E214"
NO_CONNECTION = "E215"
NO_PIECE = "E216"
UNREACHABLE = "W301"
UNUSED = "W302"
NO_BRANCH = "W303"
STRAY_FILE = "W304"  # raised in tales.story.core (below the loader) and for scenarios
DEFEAT_MID_FIGHT = "W305"
