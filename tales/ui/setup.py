"""Choosing a game: tale, scenario, difficulty, players, companions and house rules.

On a terminal with no options, :func:`ask_setup` walks through a short setup
where Enter accepts each default; otherwise the options given are completed
with the same defaults.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence

from tales.errors import RulingError, TalesError
from tales.problems import close_match
from tales.records import record
from tales.rules.investigators import InvestigatorSheet
from tales.rules.rulings import parse_overrides
from tales.rules.setup import TEAM_SIZE
from tales.rules.terms import Track
from tales.safefile import printable
from tales.story.core import Core
from tales.story.game import GameSetup
from tales.story.model import Tale
from tales.ui.words import as_number, count, first_sentence, typed


@record
class Choices:
    """What the player asked for; None means "the default"."""

    tale: str | None = None
    scenario: str | None = None
    difficulty: str | None = None
    players: int | None = None
    investigators: tuple[str, ...] = ()
    companions: tuple[str, ...] = ()
    seed: int | None = None
    rulings: tuple[str, ...] = ()  # house rules as "ID=VALUE" (--ruling)

    @property
    def empty(self) -> bool:
        return self == Choices()


def _words(sheet: InvestigatorSheet) -> tuple[str, str, str]:
    """What names an investigator: slug, full name, first name (lower case)."""
    return sheet.slug, sheet.name.lower(), sheet.name.split()[0].lower()


# Each box's investigators by every word that names them, the first in the
# box's order winning, kept beside the box (a new game names four of them).
_NAMED: dict[int, tuple[Mapping[str, InvestigatorSheet], dict[str, InvestigatorSheet]]] = {}


def find_investigator(core: Core, name: str) -> InvestigatorSheet:
    wanted = name.strip().lower()
    known = _NAMED.get(id(core.investigators))
    if known is None or known[0] is not core.investigators:
        named: dict[str, InvestigatorSheet] = {}
        for each in core.investigators.values():
            for word in _words(each):
                named.setdefault(word, each)
        if len(_NAMED) > 16:  # many boxes in one long process
            _NAMED.clear()
        known = _NAMED[id(core.investigators)] = (core.investigators, named)
    sheet = known[1].get(wanted)
    if sheet is not None:
        return sheet
    names = [s.name for s in core.investigators.values()]
    if not wanted:  # --companion "" from a script whose variable was unset
        raise TalesError(f"an empty name names no investigator (they are {', '.join(names)})")
    by_word = {w: s.name for s in core.investigators.values() for w in _words(s)}
    close = close_match(wanted, by_word)
    hint = f"; did you mean {by_word[close]!r}?" if close else ""
    raise TalesError(f"there is no investigator {name!r}{hint} (they are {', '.join(names)})")


def complete(core: Core, tale: Tale, choices: Choices) -> GameSetup:
    """Fill in every default: the tale's first scenario, standard difficulty,
    one player, investigators in the box's order, a fresh seed, no house rules."""
    kept = (core.investigators, core.rulings, tale)
    key = (
        *map(id, kept),
        choices.scenario,
        choices.difficulty,
        choices.players,
        choices.investigators,
        choices.companions,
        choices.rulings,
    )
    known = _COMPLETED.get(key)
    if known is None or not all(map(operator.is_, known[0], kept)):
        if len(_COMPLETED) >= 256:  # a sweep asks for many teams
            _COMPLETED.clear()
        known = _COMPLETED[key] = (kept, _seedless(core, tale, choices))
    scenario, players, companions, difficulty, house = known[1]
    seed = choices.seed if choices.seed is not None else random.SystemRandom().randrange(1_000_000)
    return GameSetup(scenario, players, companions, difficulty, seed, house)


_Seedless = tuple[str, tuple[str, ...], tuple[str, ...], str, tuple[tuple[str, bool], ...]]

# What complete() makes of the choices but the seed, by the box's investigators
# and rulings, the tale (kept beside it, so the ids are never another's) and the
# choices: a walk of a branching tale is a new game with the same ones.
_COMPLETED: dict[tuple[object, ...], tuple[tuple[object, ...], _Seedless]] = {}


def _refuse_doubled(core: Core, players: list[str], companions: list[str]) -> None:
    """An investigator named twice, by name: as two players, two companions,
    or a player and a companion (each is one standee in the box)."""
    named = [*players, *companions]
    for slug in dict.fromkeys(named):
        if named.count(slug) < 2:
            continue
        name = core.investigators[slug].name
        if slug in players and slug in companions:
            raise TalesError(f"{name} is named both as a player's investigator and as a companion")
        raise TalesError(f"{name} is named twice; each investigator plays once")


def _seedless(core: Core, tale: Tale, choices: Choices) -> _Seedless:
    scenario = tale.scenario_id(choices.scenario)
    difficulty = choices.difficulty or "standard"
    chosen = [find_investigator(core, n).slug for n in choices.investigators]
    players = choices.players or max(1, len(chosen))
    if len(chosen) > players:
        named = count(len(chosen), "investigator")
        raise TalesError(f"{named} were named for {count(players, 'player')}")
    companions = [find_investigator(core, n).slug for n in choices.companions]
    _refuse_doubled(core, chosen, companions)
    room = TEAM_SIZE - players
    if len(companions) > room:
        given = count(len(companions), "companion")
        leaves = f"{count(players, 'player')} {'leaves' if players == 1 else 'leave'}"
        were = "was" if len(companions) == 1 else "were"
        raise TalesError(f"{given} {were} named, but {leaves} room for {room} in a team of four")
    # Those not named fill the seats in the box's order, players first; a
    # named companion is never dealt to a player.
    rest = [slug for slug in core.investigators if slug not in chosen and slug not in companions]
    missing = players - len(chosen)
    chosen += rest[:missing]
    companions += rest[missing:][: room - len(companions)]
    house = house_rules(core, choices.rulings)
    return scenario, tuple(chosen), tuple(companions), difficulty, house


def house_rules(core: Core, texts: Sequence[str]) -> tuple[tuple[str, bool], ...]:
    """``ID=VALUE`` texts as a setup's house rules: only the switches set away
    from their defaults, in id order, as the save sheet records them."""
    if not texts and not core.rulings.overrides:  # every new game with none asks
        return ()
    flipped = core.rulings.overriding(parse_overrides(core.rulings, texts))
    return tuple(flipped.house_rules().items())


COMPANION = (
    "The team is always four: a Companion is an investigator no player controls. "
    "Always present, each lends an Action, 3 Attributes and their MAGIC every round, "
    "but never moves anyone nor starts a test, and takes no Status."
)


def investigator_line(key: str, sheet: InvestigatorSheet) -> str:
    """One investigator of the setup's list: tracks, keyword, first sentence."""
    tracks = f"VITALITY {sheet.maxima[Track.VITALITY]}, SANITY {sheet.maxima[Track.SANITY]}"
    return (
        f"  {key}: {sheet.name} ({tracks}; keyword {sheet.keyword}) - "
        f"{first_sentence(sheet.biography)}"
    )


def ask_setup(core: Core, tale: Tale, defaults: GameSetup) -> GameSetup:
    """A short interactive setup; Enter accepts every default."""
    from prompt_toolkit import prompt
    from prompt_toolkit.completion import WordCompleter

    def ask(question: str, default: str, options: Sequence[str]) -> str:
        while True:
            answer = prompt(
                f"{question} [{default}]: ", completer=WordCompleter(list(options))
            ).strip()
            answer = as_number(typed(answer))  # a full-width 2 (U+FF12) is 2
            if not answer:
                return default
            if answer in options:
                return answer
            say(f"  Choose one of: {', '.join(options)}")

    say(f"{tale.title}: setting up (press Enter to accept each default).")
    scenario = ask("Scenario", defaults.scenario, list(tale.scenarios))
    difficulty = ask("Difficulty", defaults.difficulty, ["easy", "standard", "hard"])
    players = int(ask("Players", str(len(defaults.players)), ["1", "2", "3", "4"]))
    names = {s.name.split()[0].lower(): s.slug for s in core.investigators.values()}
    chosen: list[str] = []
    for number in range(players):
        free = [n for n, slug in names.items() if slug not in chosen]
        default = next(n for n, slug in names.items() if slug not in chosen)
        for first in free:
            say(investigator_line(first, core.investigators[names[first]]))
        chosen.append(names[ask(f"Investigator for player {number + 1}", default, free)])
    companions: list[str] = []
    if players < TEAM_SIZE:
        print(COMPANION)
    for number in range(TEAM_SIZE - players):
        free = [n for n, slug in names.items() if slug not in chosen and slug not in companions]
        companions.append(names[ask(f"Companion {number + 1}", free[0], free)])
    house = ask_house_rules(core, prompt)
    return GameSetup(scenario, tuple(chosen), tuple(companions), difficulty, defaults.seed, house)


def say(text: str) -> None:
    """Setup's own output, storybook names in it: never a control character."""
    print(printable(text))


def ask_house_rules(core: Core, prompt: Callable[[str], str]) -> tuple[tuple[str, bool], ...]:
    """The optional last step: switches to flip, as ``ID=VALUE`` words; Enter
    plays by the rulings as written, ``?`` lists the switches."""
    while True:
        answer = prompt("House rules, as ID=VALUE ... ('?' lists them) [none]: ").strip()
        if not answer:
            return ()
        if answer == "?":
            for ruling in core.rulings.switches():
                shown = str(core.rulings.value(ruling.id)).lower()
                say(f"  {ruling.id} (now {shown}): {ruling.title}")
            continue
        try:
            return house_rules(core, answer.split())
        except RulingError as error:
            say(f"  {error}")
