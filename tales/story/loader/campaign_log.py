"""The campaign log and counters a tale declares, and the standalone presets
checked against them.

``log: {sections: [...]}`` names sections any entry may be written in;
``log: {sections: {fates: [crab-fled, toasted]}}`` also declares each
section's entries, so a misspelt entry in a condition or an effect is an
error (E209) rather than a condition that is silently false. ``counters``
is a list of names (each starting at 0) or a mapping of each to the value
it starts from.
"""

from __future__ import annotations

from typing import Any

from tales.problems import did_you_mean
from tales.story.loader.codes import BAD_VALUE, NO_LOG
from tales.story.model import Sections
from tales.story.reader import Reader
from tales.story.yamlio import is_whole


def declared_sections(data: dict[Any, Any]) -> dict[str, tuple[str, ...]]:
    log = dict.get(data, "log")  # not the context's helpers: references imports this module
    given = dict.get(log, "sections") if isinstance(log, dict) else None
    if isinstance(given, list):
        return {s: () for s in given if isinstance(s, str)}
    if isinstance(given, dict):
        return {
            str(s): tuple(e for e in entries if isinstance(e, str))
            for s, entries in given.items()
            if isinstance(entries, list)
        }
    return {}


def declared_counters(data: dict[Any, Any]) -> dict[str, int]:
    given = dict.get(data, "counters")
    if isinstance(given, list):
        return {c: 0 for c in given if isinstance(c, str)}
    if isinstance(given, dict):
        return {str(c): int(v) for c, v in given.items() if is_whole(v)}
    return {}


def unknown_entry(sections: Sections, section: str, entry: str) -> str | None:
    """What is wrong with writing or asking about ``entry`` in ``section``
    (empty: the section alone), or None."""
    if section not in sections:
        return f"the tale has no campaign log section {section!r}{did_you_mean(section, sections)}"
    declared = sections[section]
    if declared and entry and entry not in declared:
        return (
            f"the campaign log section {section!r} declares no entry {entry!r}"
            f"{did_you_mean(entry, declared)} (it declares {', '.join(declared)})"
        )
    return None


def check_presets(
    reader: Reader, standalone: dict[Any, Any], sections: Sections, counters: dict[str, int]
) -> None:
    """A standalone preset writes only declared entries and counters; a
    ``random:`` list of presets, drawn from the game's seed, is checked preset
    by preset (every outcome)."""
    for preset in standalone.values():
        if not isinstance(preset, dict):
            continue  # the tale loader has said so
        if "random" not in preset:
            _check_preset(reader, preset, sections, counters)
            continue
        drawn = preset["random"]
        if set(preset) != {"random"} or not isinstance(drawn, list) or len(drawn) < 2:
            message = "a random preset is only 'random: [preset, preset, ...]', two or more"
            reader.error(reader.at(preset, "random"), BAD_VALUE, message)
            continue
        for index, one in enumerate(drawn):
            if isinstance(one, dict):
                _check_preset(reader, one, sections, counters)
            else:
                message = "each preset of 'random' is a mapping of log and counters"
                reader.error(reader.at_item(drawn, index), BAD_VALUE, message)


def _check_preset(
    reader: Reader, preset: dict[Any, Any], sections: Sections, counters: dict[str, int]
) -> None:
    log, counted = preset.get("log", {}), preset.get("counters", {})
    if not isinstance(log, dict) or not isinstance(counted, dict):
        at = reader.at(preset, "log" if not isinstance(log, dict) else "counters")
        reader.error(at, BAD_VALUE, "a preset's log and counters are mappings")
        return
    for section, entries in log.items():
        listed = [str(e) for e in entries] if isinstance(entries, list) else []
        found = [unknown_entry(sections, str(section), e) for e in listed or [""]]
        for problem in dict.fromkeys(p for p in found if p):
            reader.error(reader.at(log, section), NO_LOG, f"a standalone preset: {problem}")
    for name, value in counted.items():
        if name not in counters:
            problem = f"the tale has no counter {name!r}{did_you_mean(str(name), counters)}"
            reader.error(reader.at(counted, name), NO_LOG, f"a standalone preset: {problem}")
        elif not is_whole(value):
            message = f"counter {name!r} starts from a whole number, not {value!r}"
            reader.error(reader.at(counted, name), BAD_VALUE, message)
