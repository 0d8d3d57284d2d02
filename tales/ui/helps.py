"""What ``help`` says: the prompt's commands and the rulebook's terms."""

from __future__ import annotations

from tales.problems import close_match
from tales.rules.items import ItemCard
from tales.story.core import Core
from tales.story.view import TableView
from tales.ui.pieces import card_tokens, riders_words
from tales.ui.text import Line, place
from tales.ui.words import article, count, sentence, words

HELP = {
    "help": "help [COMMAND or TERM]: this list, or what a command or a rule term means",
    "options": "options: show the choices open now again",
    "hand": "hand [NAME]: the cards in each player's hand",
    "status": "status: round, time, Event board tokens and every investigator",
    "map": "map: revealed locations, where they lead and who stands where",
    "keywords": "keywords: the Keyword sheet",
    "items": "items: who carries what, with uses left (help NAME describes an item card)",
    "log": "log: the campaign log and its counters",
    "read": "read [N]: the paragraphs read so far, or paragraph N again",
    "encounter": "encounter: each enemy in play, its path, tokens placed and its round end",
    "clues": "clues: the clues, objectives and information found",
    "time": "time: the time marker, the rounds left and the Event board's thresholds to come",
    "odds": "odds: the chance of passing the test being prepared, if you rolled now",
    "save": "save [NAME]: where this game is saved (it saves itself); NAME: save it as NAME",
    "undo": "undo [N]: take back the last input, or the last N (saved games, not --no-save)",
    "checkpoint": "checkpoint NAME: keep this moment, to come back to with rewind (saved games)",
    "rewind": "rewind NAME: back to a checkpoint, dropping what was played since (saved games)",
    "quit": "quit: leave the game",
}

# The commands of the table companion, listed by ``help table`` (the main
# list stays as the transcripts of digital play have always shown it).
TABLE_HELP = {
    "dice": "dice physical|digital: the players roll the real dice and type the faces, or not",
    "cards": "cards physical|digital: the players draw from the real decks and name each card",
    "codes": "codes: the short codes for typing die faces (s success, b blank...)",
    "stop": "stop: stop reading aloud (tales play --voice)",
    "again": "again: read the last paragraphs aloud once more",
}

TERMS = {
    "ADVANTAGE": "roll 2 red dice and keep the one you prefer; cancels a DISADVANTAGE token",
    "DISADVANTAGE": "roll 2 red dice and keep the worse; cancels an ADVANTAGE token",
    "FOCUS": "in your next test you may use any attribute; the successes needed stay the same",
    "FORTIFIED": "next round your hand limit is 6: draw 1 more card, never a status card",
    "SURPRISED": "next round your hand limit is 4: discard 1 chosen card",
    "BLEEDING": "at the end of the round, add 1 INJURY card to your discard pile",
    "SCARED": "at the end of the round, add 1 STRESS card to your discard pile",
    "STUNNED": "at the end of the round, discard 1 ENERGY",
    "STRESS": "every 2 STRESS cards in your play area cost 1 SANITY",
    "INJURY": "every 2 INJURY cards in your play area cost 1 VITALITY",
    "POISON": "each POISON card in your play area costs 1 VITALITY",
    "PANIC": "until the end of the round you cannot give or receive help in tests",
    "EXPLODE": "an Exploding Success counts 1 success and lets you roll 1 more white die",
    "SHATTER": "a Shattered Star cancels 1 success on the dice, never one from a card",
    # The tracks and resources on an Investigator board.
    "VITALITY": "your body's track: at 0 the Investigator dies and leaves the game for good",
    "SANITY": "your mind's track: at 0 the Investigator is lost, exactly as at 0 VITALITY",
    "ENERGY": "tokens that pay for your Ability (2 each use); a Rest wins 1 back",
    "MAGIC": "points that pay for rerolls: 2 MAGIC reroll any white dice, never the red one",
    "TRACKS": "VITALITY and SANITY start at their maximum; either at 0 means death",
    # What a round is made of.
    "ACTIONS": "discard a card with the Action icon for each Action a paragraph asks, "
    "then read on; moving to an adjacent revealed location costs 1",
    "ABILITY": "every Investigator has one; it costs 2 ENERGY and may be used on someone "
    "in the same location",
    "REST": "discard 1 card with the Action icon to win back 1 ENERGY",
    "RUN": "to reach a location more than 3 spaces away: 3 Actions and a DISADVANTAGE token",
    "ROUND": "draw up to 5 cards, check the Event board, resolve start-of-round tokens, act "
    "until your cards run out or you stop, then end the round",
    # Rulebook, End of Round: "If, for some reason, you wish to keep a card or cards
    # in your hand, you may do so. Those cards are still part of your hand limit for
    # the next round." (tales.rules.round.keep_cards asks it of each hand.)
    "END OF ROUND": "BLEEDING, SCARED and STUNNED act; each player may keep cards left in "
    "hand for the next round (they count toward its hand limit), and every other card "
    "(play area, discard pile, deck, hand cards not kept) is shuffled into the deck; the "
    "time marker advances one space and Companions turn their markers back",
    "COMPANIONS": "Investigators no player controls, filling the team to four: always "
    "present, they lend 4 markers (an Action and 3 Attributes) and their MAGIC each round, "
    "never move anyone nor start a test, and take no Status",
    "HEROISM": "the card a solo Investigator adds to their deck: 1 sure Success in a test "
    "of any attribute, and an Action icon",
    # Tests.
    "TEST": "played cards give sure Successes or white dice, then white dice and a red die "
    "are rolled; meet the Successes needed to pass",
    "ASSIST": "others in the same location (and Companions, anywhere) may help, but never "
    "with more than the acting player played",
    "EASY": "a test needing 1 or 2 Successes; MEDIUM needs 3 or 4, HARD 5 or more",
    # Rulebook: "Sometimes, a keyword or an Item icon appears next to the test icon,
    # meaning that possessing the corresponding Item or keyword will make the test
    # easier." Rulings ease-who-counts and ease-floor.
    "EASED": "a test the storybook makes easier for an Item or a keyword: it needs fewer "
    "Successes (never fewer than 1) when someone taking part holds the Item, or the "
    "keyword is on the Keyword sheet or printed on a participant's board; the test's "
    "announcement says what eased it",
    "HARDENED": "the mirror of EASED: the test needs more Successes when someone taking "
    "part holds the Item the storybook names, or its keyword is on the sheet or their board",
    "REROLL": "spend 2 MAGIC from anyone in the test's location to reroll white dice; red "
    "dice are never rerolled",
    "RED DIE": "rolled in every test; a skull, tentacle or star puts that token on the Event board",
    # The Event board.
    "EVENT BOARD": "the time track, one space per round, with narratives on some spaces, "
    "and the skull, tentacle and star tokens the red die places; a full count reads a narrative",
    "TIME TRACK": "the time marker moves one space at each round's end; a narrative on the "
    "new space is read at the start of the next round; when it runs out, so does the tale",
    "SKULL": "an Event symbol on the red die: the worst, when DISADVANTAGE makes you choose",
    "TENTACLE": "an Event symbol on the red die, between skull and star",
    "STAR": "an Event symbol on the red die: the least bad when DISADVANTAGE makes you choose",
    # Encounters.
    "ENCOUNTER": "an Enemy card comes into play; beat it by Combat or Stratagem, and its "
    "narrative is read at the round's end whether or not it is beaten",
    "COMBAT": "attack with a weapon: its base Damage plus 1 for each Success in the test of "
    "its attribute; each Damage puts an Encounter token on a wound spot",
    "STRATAGEM": "outwit the enemy: Successes in the attribute its card names put Encounter "
    "tokens on its Success spots; each Investigator tries it once a round against an enemy, "
    "the others may still try (ruling stratagem-once-a-round, unless the house rules lift it)",
    "WEAPONS": "one-handed (wield 2) or two-handed (wield 1); each attack spends a use; "
    "changing weapons during an Encounter costs 1 Action",
    "ITEMS": "cards with uses, held in a hand or the backpack; each use spends a use marker; "
    "trading with someone in the same location is free",
    # The story.
    "KEYWORD": "a word marked on the Keyword sheet when the story says so; it opens choices, "
    "eases tests and counts toward the exploration rate",
    "EXPLORATION RATE": "at the scenario's end: points for information, objectives, items, "
    "clues, keywords and survivors, as a percentage of the whole story",
    "SAVE": "the game saves itself after every input; the paper Save sheet records a round's "
    "end, before the next round's start",
}

# Pieces a storybook may print on its map, beyond the rulebook's ('status'
# and 'map' show them where a scenario has them).
PIECES = {
    "GROUP": "the Group token: the team moves as one body; whoever moves or runs from the "
    "token pays the Actions and everyone with it goes along; a hidden group may not Run, "
    "and shows itself when it moves or an encounter begins where it stands",
    "PRISONER": "a Prisoner marker: held somewhere until freed; whoever frees them escorts "
    "them and they go where the escort goes; one left or whose escort dies waits in no "
    "one's charge until someone there takes them on (free); the story says rescued or lost",
    "INVESTIGATION": "an Investigation token: a limited supply laid on a location to search "
    "it; anyone standing where one lies may take it back to the supply (free)",
    "BARRIER": "laid across the way between two locations: no Move or Run crosses it until "
    "the story takes the last one away",
    # docs/storybook.md, "The map: barriers, routes and vehicles"; ruling vehicle-driver.
    "VEHICLE": "a boat or a car on the map, with seats: those standing where it lies get in "
    "while a seat is free, and get out; the first aboard drives unless the story seats "
    "another, and when the driver gets out or is out of the game the next seated drives; it "
    "goes where it is driven, along routes only a vehicle crosses too, or where the story "
    "carries it, everyone aboard with it; those aboard may not Move or Run alone unless the "
    "storybook says it moves independently; one it leaves behind is still in the team",
    # docs/storybook.md, locations.yaml's ``tokens`` and ``limits``.
    "LOCATION TOKEN": "a counter the storybook keeps on a Location card by its own name (a "
    "flood level, water in a hold): only the story lays or takes them, never below the "
    "least nor above the most the card prints; 'status' and 'map' show how many lie where",
}

# The status words complete on their own (a player types "BLEED" at a card's
# text); every other term completes after "help".
STATUSES = (
    *("ADVANTAGE", "DISADVANTAGE", "FOCUS", "FORTIFIED", "SURPRISED", "BLEEDING", "SCARED"),
    *("STUNNED", "STRESS", "INJURY", "POISON", "PANIC", "EXPLODE", "SHATTER"),
)

# A player may type a term as the rulebook prints it or as one word.
ALIASES = {
    **{"ACTION": "ACTIONS", "COMPANION": "COMPANIONS", "TRACK": "TRACKS", "ROLL": "TEST"},
    **{"EASE": "EASED", "EASIER": "EASED", "EASED BY": "EASED", "HARDER": "HARDENED"},
    **{"HARDEN": "HARDENED", "HARDENED BY": "HARDENED"},
    **{"GROUP TOKEN": "GROUP", "PRISONERS": "PRISONER", "PRISONER MARKER": "PRISONER"},
    **{"INVESTIGATION TOKEN": "INVESTIGATION", "INVESTIGATION TOKENS": "INVESTIGATION"},
    **{"BARRIERS": "BARRIER", "HIDE": "GROUP", "HIDDEN": "GROUP"},
    # The words the box's storybooks give their vehicles and their cards' tokens.
    **{"VEHICLES": "VEHICLE", "BOAT": "VEHICLE", "CAR": "VEHICLE", "DRIVER": "VEHICLE"},
    **{"SEATS": "VEHICLE", "LOCATION TOKENS": "LOCATION TOKEN", "TOKENS": "LOCATION TOKEN"},
    **{"FLOOD": "LOCATION TOKEN", "FLOOD LEVEL": "LOCATION TOKEN", "WATER": "LOCATION TOKEN"},
}


def term(topic: str) -> str | None:
    """The rule term or piece ``topic`` names, in any case, spaced or hyphenated."""
    key = " ".join(topic.upper().replace("-", " ").split())
    key = ALIASES.get(key, key)
    return key if key in TERMS or key in PIECES else None


def help_lines(topic: str, table: TableView | None = None, box: Core | None = None) -> list[Line]:
    """The list of commands, or what one command or rule term means; with
    the ``table``, also a piece by the name its storybook gives it, and an
    item card by its name (``box``: its starting items too)."""
    if not topic:
        lines = [
            Line("Type an option's number to choose it (r rolls in a test). Commands:", "heading")
        ]
        lines += [Line(f"  {text}") for text in HELP.values()]
        lines.append(Line("help followed by a rule term (help BLEEDING) explains it."))
        lines.append(Line(f"Rule terms: {', '.join(sorted(TERMS))}."))
        lines.append(Line(f"Storybook pieces: {', '.join(sorted(PIECES))}."))
        return lines
    if topic.lower() == "table":
        lines = [Line("At the table: real dice and cards, reading aloud. Commands:", "heading")]
        return lines + [Line(f"  {text}") for text in TABLE_HELP.values()]
    if topic.lower() in HELP or topic.lower() in TABLE_HELP:
        return [Line({**HELP, **TABLE_HELP}[topic.lower()])]
    known = term(topic)
    if known is not None:
        return [Line(f"{known}: {TERMS.get(known) or PIECES[known]}.")]
    named = []
    if table is not None:
        named = named_piece_lines(table, topic) or item_lines(table, topic, box)
    if named:
        return named
    close = close_match(topic.upper(), {**TERMS, **PIECES})
    hint = f" Did you mean {close}?" if close else " 'help' lists the rule terms it knows."
    return [Line(f"No help on {topic!r}.{hint}", "warning")]


def named_piece_lines(table: TableView, topic: str) -> list[Line]:
    """A vehicle or a Location card's token by the storybook's own name
    ("help the boat", "help cg-2317", "help ice"): what the piece is, and
    where it stands now. A piece on a card not yet found is not named."""
    wanted = topic.strip().lower().removeprefix("the ")
    for vehicle in table.vehicles:
        names = {vehicle.slug, vehicle.name.lower().removeprefix("the ")}
        if wanted in names and vehicle.at in table.revealed:
            where = f"{sentence(vehicle.name)} is at {place(table, vehicle.at)}"
            return [
                Line(f"{vehicle.name}: {PIECES['VEHICLE']}."),
                Line(f"{where}, {riders_words(table, vehicle)}."),
            ]
    singular = wanted.removesuffix(" tokens").removesuffix(" token")
    kind = next(
        (
            name
            for tokens in table.location_tokens.values()
            for name in tokens
            if singular in (name, words(name))
        ),
        None,
    )
    if kind is None:
        return []
    held = [
        f"{place(table, slug)}: {', '.join(card_tokens(table, slug))}"
        for slug, tokens in sorted(table.location_tokens.items())
        if tokens.get(kind) and slug in table.revealed
    ]
    told = Line(f"{sentence(words(kind))} tokens: {PIECES['LOCATION TOKEN']}.")
    return [told, Line(f"Now: {'; '.join(held)}.")] if held else [told]


def item_lines(table: TableView, topic: str, box: Core | None = None) -> list[Line]:
    """An item card by its name ("help Trench Shotgun"), for one that someone
    carries, that was found in this scenario and has left the team (a key
    spent), or a starting item of the box (its card carries its owner's
    name, no secret): what it does, its uses, its card's words and who holds
    it where. A scenario's card not yet found is not named."""
    wanted = " ".join(topic.lower().split()).removeprefix("the ")

    def named(card: ItemCard) -> bool:
        return wanted in (card.slug, card.name.lower().removeprefix("the "))

    for inv in table.investigators.values():
        for held in inv.items:
            if named(held.card):
                where = "in hand" if held.place == "hand" else "in the backpack"
                left = count(held.uses, "use")
                return [
                    *_card_lines(held.card),
                    Line(f"{inv.name} carries it {where}, {left} left."),
                ]
    found = table.found.get("item", frozenset())
    cards = table.scenario.items if table.scenario else {}
    for slug in sorted(found):
        card = cards.get(slug)
        if card is not None and named(card):
            return [*_card_lines(card), Line("Found in this scenario; no one carries it now.")]
    if box is not None:
        for card in box.items.values():
            owner = box.investigators.get(card.owner)
            if named(card) and owner is not None:
                whose = f"{owner.name}'s starting item; no one carries it now."
                return [*_card_lines(card), Line(whose)]
    return []


def _card_lines(card: ItemCard) -> list[Line]:
    """What an item card does (a weapon's hands, attribute and base Damage),
    its uses and its card's words."""
    if card.weapon:
        hands = "two-handed" if card.hands == 2 else "one-handed"
        test = article(f"{card.attribute} test")
        what = (
            f"a {hands} weapon; each attack with it is {test}, "
            f"deals its base Damage of {card.damage} plus 1 for each Success, "
            "and spends a use"
        )
    else:
        what = "an item"
        die = card.effect.get("die")
        if die:
            what += f"; spend a use for 1 more white die in {article(f'{die} test')}"
    uses = f"{count(card.uses, 'use')} when found" if card.uses else "no uses to spend"
    lines = [Line(f"{card.name}: {what}; {uses}.")]
    if card.text:
        lines.append(Line(f"The card: {' '.join(card.text.split())}"))
    return lines
