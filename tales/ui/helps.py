"""What ``help`` says: the prompt's commands and the rulebook's terms."""

from __future__ import annotations

from tales.problems import close_match
from tales.ui.text import Line

HELP = {
    "help": "help [COMMAND or TERM]: this list, or what a command or a rule term means",
    "options": "options: show the choices open now again",
    "hand": "hand [NAME]: the cards in each player's hand",
    "status": "status: round, time, Event board tokens and every investigator",
    "map": "map: revealed locations, where they lead and who stands where",
    "keywords": "keywords: the Keyword sheet",
    "items": "items: who carries what, with uses left",
    "log": "log: the campaign log and its counters",
    "read": "read [N]: the paragraphs read so far, or paragraph N again",
    "encounter": "encounter: each enemy in play, its path, tokens placed and its round end",
    "clues": "clues: the clues, objectives and information found",
    "time": "time: where the time marker stands and how many rounds are left",
    "odds": "odds: the chance of passing the test being prepared, if you rolled now",
    "save": "save [NAME]: where this game is saved (it saves itself); NAME: save it as NAME",
    "undo": "undo [N]: take back the last input, or the last N",
    "checkpoint": "checkpoint NAME: keep this moment, to come back to with rewind",
    "rewind": "rewind NAME: go back to a checkpoint, dropping what was played since",
    "quit": "quit: leave the game",
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
}


def help_lines(topic: str) -> list[Line]:
    """The list of commands, or what one command or rule term means."""
    if not topic:
        lines = [
            Line("Type an option's number to choose it (r rolls in a test). Commands:", "heading")
        ]
        lines += [Line(f"  {text}") for text in HELP.values()]
        lines.append(Line("help followed by a rule term (help BLEEDING) explains it."))
        lines.append(Line(f"Rule terms: {', '.join(sorted(TERMS))}."))
        return lines
    if topic.lower() in HELP:
        return [Line(HELP[topic.lower()])]
    if topic.upper() in TERMS:
        return [Line(f"{topic.upper()}: {TERMS[topic.upper()]}.")]
    close = close_match(topic.upper(), TERMS)
    hint = f" Did you mean {close}?" if close else " 'help' lists the rule terms it knows."
    return [Line(f"No help on {topic!r}.{hint}", "warning")]
