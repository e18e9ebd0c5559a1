"""Target selectors: the phrases Schemes use to say what a Schemer moves toward.

Grammar (case does not matter)::

    selector    := alternative (", or if none, " alternative)*
    alternative := term (" or " term)*
    term        := "foe" | "nearest foe" | "farthest foe" | "wounded foe"
                 | "foe with least remaining fortitude" | "space C4" | "feature NAME"

``A or B`` takes both parts together; ``A, or if none, B`` takes B only when A finds
nothing (004, Appendix D, step 1, "Handling 'or' clauses"). Foes are the figures the
Schemer treats as Foes (glossary: Foe, Heroic, Berserk) without the Avoided keyword:
"Schemers cannot target or interact with Avoided figures".

>>> str(parse_selector("Wounded Foe, or if none, foe with least remaining Fortitude"))
'wounded foe, or if none, foe with least remaining fortitude'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from tales.board.figures import Figure, Keyword, is_foe
from tales.board.position import Position
from tales.board.ranges import farthest, nearest
from tales.errors import TalesError
from tales.rules.health import LeastFortitude, fortitude_left


class Term(StrEnum):
    """One phrase of a selector."""

    FOE = "foe"
    NEAREST_FOE = "nearest foe"
    FARTHEST_FOE = "farthest foe"
    WOUNDED_FOE = "wounded foe"
    LEAST_FORTITUDE = "foe with least remaining fortitude"
    SPACE = "space"
    FEATURE = "feature"


@dataclass(frozen=True, slots=True)
class Part:
    """A term with its argument (the space name or feature name, where it takes one)."""

    term: Term
    argument: str | None = None

    def __str__(self) -> str:
        return f"{self.term.value} {self.argument}" if self.argument else self.term.value


@dataclass(frozen=True, slots=True)
class Selector:
    """A parsed selector: a chain of fallbacks, each a union of parts."""

    fallbacks: tuple[tuple[Part, ...], ...]

    def __str__(self) -> str:
        return ", or if none, ".join(" or ".join(str(p) for p in alt) for alt in self.fallbacks)


@dataclass
class Targets:
    """What a selector found: figures to move adjacent to, spaces and features to reach."""

    figures: list[Figure] = field(default_factory=list)
    spaces: list[int] = field(default_factory=list)
    features: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Foes tied for Nearest, one list per "nearest foe" part (glossary: Nearest, "Multiple
    #: targets: players choose")
    ties: list[list[str]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.figures or self.spaces or self.features)


KNOWN = ", ".join(
    ["foe", "nearest foe", "farthest foe", "wounded foe", "foe with least remaining fortitude",
     "space C4", "feature NAME", "A or B", "A, or if none, B"]
)


def parse_selector(text: str) -> Selector:
    """Parse a selector phrase; a :class:`TalesError` names what is not understood."""
    cleaned = " ".join(text.strip().split())
    if not cleaned:
        raise TalesError(f"empty selector (known: {KNOWN})")
    fallbacks = []
    for alternative in re.split(r",\s*or if [^,]+,\s*(?:then\s+)?", cleaned, flags=re.I):
        parts = []
        for phrase in re.split(r"\s+or\s+", alternative.strip(), flags=re.I):
            parts.append(_parse_part(phrase.strip(), text))
        fallbacks.append(tuple(parts))
    return Selector(tuple(fallbacks))


def _parse_part(phrase: str, whole: str) -> Part:
    phrase = re.sub(r"^(the|a|an)\s+", "", phrase, flags=re.I)
    lowered = re.sub(r"\bwith the least\b", "with least", phrase.lower())
    for term in (Term.FOE, Term.NEAREST_FOE, Term.FARTHEST_FOE, Term.WOUNDED_FOE,
                 Term.LEAST_FORTITUDE):
        if lowered == term.value:
            return Part(term)
    match = re.fullmatch(r"space\s+([a-z]+[0-9]+)", lowered)
    if match:
        return Part(Term.SPACE, match.group(1).upper())
    match = re.fullmatch(r"feature\s+(.+)", phrase, flags=re.I)
    if match:
        return Part(Term.FEATURE, match.group(1).strip())
    raise TalesError(f"selector {whole!r}: {phrase!r} is not understood (known: {KNOWN})")


# The members a Schemer's targeting compares, read once: in Python 3.11 a member read on its
# enum goes through the enum class's attribute hook (~70 ns a read; for every Schemer's
# target, issue 19)
_AVOIDED = Keyword.AVOIDED
_FOE = Term.FOE
_NEAREST_FOE = Term.NEAREST_FOE


def targetable_foes(position: Position, schemer: Figure) -> list[Figure]:
    """The Schemer's Foes that it may target: never Avoided figures (glossary: Avoided)."""
    return [f for f in position.figures
            if is_foe(schemer, f) and _AVOIDED not in f.keywords]


def select(position: Position, schemer: Figure, selector: Selector,
           least: LeastFortitude = LeastFortitude.SIDE_SHOWING) -> Targets:
    """Evaluate ``selector`` for ``schemer``: the first fallback that finds anything.

    ``least``: what "least remaining Fortitude" counts (flag ``least_fortitude``)."""
    notes: list[str] = []
    found = Targets()
    for alternative in selector.fallbacks:
        found = Targets(notes=list(notes))
        for part in alternative:
            _add(position, schemer, part, found, least)
        if found:
            return found
        notes.append(f"no {' or '.join(str(p) for p in alternative)}")
    found.notes = notes
    return found


def _add(position: Position, schemer: Figure, part: Part, found: Targets,
         least: LeastFortitude) -> None:
    board = position.board
    foes = targetable_foes(position, schemer)
    chosen: list[Figure] = []
    if part.term is _FOE:
        chosen = foes
    elif part.term is _NEAREST_FOE:
        chosen = nearest(position, schemer, foes)
        if len(chosen) > 1:
            found.ties.append([f.id for f in chosen])
    elif part.term is Term.FARTHEST_FOE:
        chosen = farthest(position, schemer, foes)
    elif part.term is Term.WOUNDED_FOE:
        chosen = [f for f in foes if f.wounded]
    elif part.term is Term.LEAST_FORTITUDE:
        measured = [(f, left) for f in foes if (left := fortitude_left(f, least)) is not None]
        if measured:
            fewest = min(r for _, r in measured)
            chosen = [f for f, r in measured if r == fewest]
    elif part.term is Term.SPACE:
        assert part.argument is not None
        space = board.space(part.argument)
        if space not in found.spaces:
            found.spaces.append(space)
    elif part.term is Term.FEATURE:
        assert part.argument is not None
        wanted = part.argument.lower()
        matches = [n for n in board.feature_name if n is not None and n.lower() == wanted]
        if not matches:
            raise TalesError(f"no feature {part.argument!r} on map {board.name!r}")
        if matches[0] not in found.features:
            found.features.append(matches[0])
    for figure in chosen:
        if figure not in found.figures:
            found.figures.append(figure)


def target_spaces(
    position: Position, targets: Targets, mover: Figure | None = None
) -> dict[int, list[str]]:
    """Appendix D, step 1: the spaces that meet the requirements, each with the ids of the
    figures it is next to.

    Next to a figure: its linked neighbours, and its own space too when the figure or the
    ``mover`` is Tiny, as figures sharing a space with a Tiny one are adjacent (glossary:
    Tiny, 2 and 4). An enterable feature: its spaces. An Impassable feature: the spaces next
    to it. A named space: itself.
    """
    board = position.board
    spaces: dict[int, list[str]] = {}
    tiny_mover = mover is not None and Keyword.TINY in mover.keywords
    for figure in targets.figures:
        if figure.footprint:  # next to any of its spaces (docs/rules-decisions.md)
            own = position.spaces_of(figure)
            around = [t for s in own for t in board.linked(s) if t not in own]
        else:
            around = board.linked(figure.at)
        if Keyword.TINY in figure.keywords or tiny_mover:
            around = [figure.at, *around]
        for space in around:
            spaces.setdefault(space, [])
            if figure.id not in spaces[space]:
                spaces[space].append(figure.id)
    for space in targets.spaces:
        spaces.setdefault(space, [])
    for name in targets.features:
        members = [s for s in range(board.n) if board.feature_name[s] == name]
        if all(board.impassable[s] for s in members):
            for member in members:
                for space in board.linked(member):
                    spaces.setdefault(space, [])  # Impassable ones are dropped below
        else:
            for member in members:
                spaces.setdefault(member, [])
    return {s: ids for s, ids in spaces.items() if not board.impassable[s]}
