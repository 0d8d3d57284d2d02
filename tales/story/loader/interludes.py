"""Interludes: ``interludes/*.yaml``, paragraphs read between two scenarios.

With no table in play, they may use only the campaign log, counters and
choices: options, places and effects that need a scenario are refused
(E213), as is an interlude after a scenario the tale does not have.
"""

from __future__ import annotations

from pathlib import Path

from tales.problems import Problem, did_you_mean
from tales.story.conditions import analyse
from tales.story.effects import KINDS
from tales.story.loader.codes import NO_PLACE, NOT_IN_INTERLUDE
from tales.story.loader.context import Context, mapping, read_checked, text, whole
from tales.story.loader.paragraphs import numbered
from tales.story.loader.references import check_log_refs, check_paragraph_refs
from tales.story.model import Interlude, Paragraph, Sections
from tales.story.reader import Reader

INTERLUDE_EFFECTS = frozenset(name for name, kind in KINDS.items() if kind.interlude)
INTERLUDE_NAMES = frozenset({"log", "crossed_out", "entries", "counter", "visited", "position"})


def load_interludes(
    root: Path,
    problems: list[Problem],
    sections: Sections,
    counters: tuple[str, ...],
    order: list[str],
) -> dict[str, Interlude]:
    folder = root / "interludes"
    interludes: dict[str, Interlude] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        context = Context(folder, problems, sections, counters)
        interlude = _interlude(context, Reader(path, problems), order)
        if interlude is not None:
            interludes[path.stem] = interlude
    return interludes


def _interlude(context: Context, reader: Reader, order: list[str]) -> Interlude | None:
    data = read_checked(reader, "interlude")
    if data is None:
        return None
    after, before = text(data, "after"), text(data, "before")
    epilogue = data.get("epilogue") is True
    if [after is not None, before is not None, epilogue].count(True) != 1:
        context.error(
            context.at(reader, data, None),
            NO_PLACE,
            "an interlude says one of 'after: <scenario>' (read after it), 'before: <first "
            "scenario>' (the campaign's prologue) or 'epilogue: true' (read after the last)",
        )
    if before is not None and order[:1] != [before]:
        context.error(
            context.at(reader, data, "before"),
            NO_PLACE,
            f"a prologue is read before the campaign's first scenario, "
            f"{(order or ['?'])[0]!r}, not before {before!r}",
        )
    if after is not None and after not in order:
        context.error(
            context.at(reader, data, "after"),
            NO_PLACE,
            f"an interlude after {after!r}, which is not a scenario of this tale"
            f"{did_you_mean(after, order)}",
        )
    start = whole(data, "start")
    paragraphs = dict(numbered(context, reader, mapping(data, "paragraphs")))
    for paragraph in paragraphs.values():
        _check_paragraph(context, paragraph)
    if start is not None:
        context.refs.paragraphs.append((start, context.at(reader, data, "start")))
    check_paragraph_refs(context, paragraphs, "the interlude")
    check_log_refs(context)
    if (after is None and before is None and not epilogue) or start is None:
        return None
    return Interlude(
        reader.path.stem, after or "", start, paragraphs, before=before or "", epilogue=epilogue
    )


def _check_paragraph(context: Context, paragraph: Paragraph) -> None:
    """Nothing in an interlude paragraph may need a scenario in play."""
    if paragraph.options or paragraph.at:
        context.error(
            paragraph.where,
            NOT_IN_INTERLUDE,
            f"paragraph {paragraph.number} is in an interlude, where nobody stands anywhere: "
            "offer 'choices', not 'options'",
        )
    outcomes = (e for c in paragraph.choices for e in c.outcome.effects)
    for effect in (*paragraph.effects, *paragraph.first_time, *outcomes):
        if effect.kind not in INTERLUDE_EFFECTS:
            context.error(
                effect.where,
                NOT_IN_INTERLUDE,
                f"{effect.kind!r} needs a scenario in play; an interlude may use "
                f"{', '.join(sorted(INTERLUDE_EFFECTS))}",
            )
    sources = [(paragraph.text, True)]
    sources += [(c.condition, False) for c in paragraph.choices if c.condition]
    sources += [(b.condition, False) for b in paragraph.branches]
    outcomes = (e for c in paragraph.choices for e in c.outcome.effects)
    effects = (*paragraph.effects, *paragraph.first_time, *outcomes)
    sources += [(e.condition, False) for e in effects if e.condition]
    for source, template in sources:
        for name in sorted(analyse(source, template=template).names - INTERLUDE_NAMES):
            context.error(
                paragraph.where,
                NOT_IN_INTERLUDE,
                f"{name!r} needs a scenario in play; an interlude may ask "
                f"{', '.join(sorted(INTERLUDE_NAMES))}",
            )
