"""``help``: a short text on every rule, and each ruling the game plays by."""

from __future__ import annotations

from tales.guide.kinds import Kind
from tales.guide.rulings import Rulings

TOPICS: dict[str, str] = {
    "commands": (
        "Type a choice in its short form ('3' for a die, '34' for a district, '33n 32w' to"
        " draw), or an option id as listed. Commands: board (show your board), city (the map"
        " in words: colours, stars, shelters, bridges, caches), options (list the legal"
        " choices), undo (take back your last input), help TOPIC, quit. Press Tab to complete"
        " at a terminal."
    ),
    "notation": (
        "34n 34e 34s 34w: the road along that side of district (3, 4), x then y. 11c: the"
        " rounded corner road of a corner district. 34ne 34nw: a diagonal through (3, 4)."
        " b23: the bridge at point 2.3. Draw several in order: '33n 32w'. Points: 2.3, and"
        " on the river each bank's own, 2.3n and 2.3s. A final route: sections of a start"
        " point and segments, joined by '~' (a crossing): '1.0 11c 12w ~ 2.3s 34n'."
    ),
    "dice": (
        "Phase 1: the first player takes one of the round's tourist dice; the players to their"
        " left and right each set one of the rest aside (with two players, the second player"
        " sets two aside); the first player takes a second die, and the last one left is the"
        " fate die, written in phase 5. The two dice taken give the district's X and Y. 3 and 4"
        " players open with the initial rounds. Solo: the solo dice rules of the rulebook."
    ),
    "district": (
        "Phase 2: fill the district named by the two numbers, either way round (X Y or Y X)."
        " A coordinate change (bonus die or character bonus) moves a number by 1, 6 wrapping"
        " to 1. If neither district is empty, any empty district takes just 1 tourist;"
        " one a change would reach is offered both ways: '35' spends the change for the"
        " dice's tourists, 'one-tourist:35' keeps it and places 1 tourist."
    ),
    "tourists": (
        "Phase 3: place the tourists the two round dice show in the district chosen; after"
        " the fallback of phase 2, 1 tourist of your choice."
    ),
    "draw": (
        "Phase 4: a) two connected segments, the first along the district just filled; or"
        " b) one segment next to any district; c) after placing 1 tourist, one segment. The"
        " bonus die may allow a Zigzag (3), a New turn (an L anywhere), a Secret alley (one"
        " diagonal) or a Route adjustment. Each road is drawn once; the Manuxet's banks have"
        " their own roads and meet only at the bridges."
    ),
    "threats": (
        "Phase 5: the fate die's number is written on the round board; a threat symbol comes"
        " to the district the written numbers name (Cultists or Deep Ones side). Deep Ones: once"
        " a game a player may skip one."
    ),
    "route": (
        "End of the game: first each circled Extra or Diagonal route segment may be drawn."
        " Then one final route along drawn segments, each at most once, joined by up to four"
        " crossings across water. The program finds the route that scores most: type 'best'"
        " to take it, or write another as 'start segment ... ~ start segment ...', such as"
        " '1.0 11c 12w ~ 2.3s 34n' (see 'help notation')."
    ),
    "check": (
        "Threat check: the threat level is the crossings plus the threat symbols on the route;"
        " take artifact cards, reveal them one at a time (Manuscript, then Dagger, Amulet,"
        " Tiara) and roll that many threat dice; each failure is punished."
    ),
    "scoring": (
        "Score: for each tourist colour, its tourists on the route x the districts of that"
        " colour on the route; the yellow districts' stars; 7 VP per artifact card taken and"
        " not revealed; the two goal cards; your character's ability."
    ),
    "solo": (
        "Solo: the challenge card's cell (a total and goal VP) is the target; both must be met."
        " Choose the cell with --challenge LEVEL:GOAL, such as experienced:32."
    ),
}

FOR_KIND: dict[Kind, str] = {
    Kind.TAKE_DIE: "dice",
    Kind.REMOVE_DIE: "dice",
    Kind.DISTRICT: "district",
    Kind.ADJUST: "draw",
    Kind.TOURIST: "tourists",
    Kind.DRAW: "draw",
    Kind.SKIP: "threats",
    Kind.BONUS_SEGMENT: "route",
    Kind.REVEAL: "check",
    Kind.REROLL: "check",
    Kind.DAGGER: "check",
    Kind.TIARA: "check",
    Kind.HUNT: "check",
    Kind.PUNISH: "check",
    Kind.ROUTE: "route",
}


def help_lines(topic: str, rulings: Rulings, kind: Kind | None) -> list[str]:
    """The help on ``topic`` (or on the pending decision's rule when empty)."""
    wanted = topic.strip().lower() or (FOR_KIND[kind] if kind else "commands")
    if wanted in TOPICS:
        return [TOPICS[wanted], f"Topics: {', '.join(TOPICS)}, rulings, or a ruling's id."]
    if wanted == "rulings":
        return [f"{r.id}: {r.title}" for r in rulings.rulings.values()]
    ruling = rulings.rulings.get(wanted)
    if ruling is not None:
        return [f"{ruling.title} (ruling {ruling.id}): {ruling.default}", ruling.rationale]
    return [f"There is no help on {topic!r}. Topics: {', '.join(TOPICS)}, rulings."]
