"""Figures on the map: side, keywords, tokens, Fortitude and damage.

Names follow the reference manual's glossary (``004``): a figure is a Hero, a Friend or a
Foe; keywords such as Tiny or Massive change how it moves and is moved; Power Tokens and
Debuff Tokens sit on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from tales.evolve import evolve


class Side(StrEnum):
    """Who controls a figure: the players (``hero``) or the game (``schemer``)."""

    HERO = "hero"
    SCHEMER = "schemer"


class Role(StrEnum):
    """What kind of figure it is, where the rules treat kinds differently (Appendix A, B)."""

    HERO = "hero"  # one of the Heroes (Fatigue, Stun and Wounded rules for Heroes)
    ALLY = "ally"
    ILLUSION = "illusion"  # Eve's: no Traps or Hazards, no tokens of its own
    POOKY = "pooky"  # Zot's: cannot take damage, trigger Traps or open doors
    COMPANION = "companion"  # Solo Mode
    SCHEMER = "schemer"
    BOSS = "boss"


HEROIC_ROLES = frozenset({Role.HERO, Role.ALLY, Role.ILLUSION, Role.POOKY, Role.COMPANION})


class Keyword(StrEnum):
    """Glossary keywords that change movement, targeting and who is a Foe."""

    TINY = "Tiny"
    AVOIDED = "Avoided"
    MASSIVE = "Massive"
    JUGGERNAUT = "Juggernaut"
    IMMOBILE = "Immobile"
    OVERRUN = "Overrun"
    BIG_BAD = "Big Bad"
    BERSERK = "Berserk"
    HEROIC = "Heroic"
    RESISTANT = "Resistant"
    DOOM = "Doom"


class Token(StrEnum):
    """Tokens on a figure: Power Tokens and Debuff Tokens (glossary)."""

    DAMAGE_BOOST = "damage_boost"
    EVADE = "evade"
    HITBACK = "hitback"
    OVERCHARGE = "overcharge"
    RESET = "reset"
    SHIELD = "shield"
    TOUGHNESS = "toughness"
    WEAKEN = "weaken"
    STUN = "stun"
    REPAIR = "repair"  # on Otto in Recovery Mode (Appendix B)
    POOKY = "pooky"  # on Companion Pooky on break (Appendix B)

    @property
    def rule_name(self) -> str:
        """The rulebook's name: ``Damage Boost Token``."""
        return self.value.replace("_", " ").title() + " Token"


POWER_TOKENS = frozenset(
    {Token.DAMAGE_BOOST, Token.EVADE, Token.HITBACK, Token.OVERCHARGE, Token.RESET,
     Token.SHIELD, Token.TOUGHNESS}
)
DEBUFF_TOKENS = frozenset({Token.WEAKEN, Token.STUN})

#: "Immune to X" names that mean a whole class of map feature rather than one named feature.
IMMUNITY_ALIASES = {
    "trap": "traps",
    "traps": "traps",
    "hazard": "hazards",
    "hazards": "hazards",
    "difficult": "difficult",
    "difficult terrain": "difficult",
}

IMMUNE_PREFIX = "immune to "


def unknown_keyword(word: object) -> str:
    """The one line for a keyword no figure has, with the ones there are."""
    known = ", ".join(k.value for k in Keyword)
    return f"unknown keyword {word!r} (keywords: {known}, Immune to X)"


def parse_keyword(text: str) -> Keyword | str | None:
    """A keyword, or for ``Immune to X`` the normalised X, or None if unknown.

    >>> parse_keyword("tiny"), parse_keyword("Immune to Traps"), parse_keyword("Fast")
    (<Keyword.TINY: 'Tiny'>, 'traps', None)
    """
    words = " ".join(text.split())
    lowered = words.lower()
    if lowered.startswith(IMMUNE_PREFIX) and len(lowered) > len(IMMUNE_PREFIX):
        target = lowered[len(IMMUNE_PREFIX):]
        return IMMUNITY_ALIASES.get(target, target)
    for keyword in Keyword:
        if keyword.value.lower() == lowered:
            return keyword
    return None


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure standing on the map.

    ``immune`` holds the X of every "Immune to X": ``traps``, ``hazards``, ``difficult``
    or a map feature's name, lower-cased. ``wounded`` is True for a figure on its Wounded
    side (glossary: Fresh, Wounded); a Fresh figure with a Wounded side (a Hero, a Boss) has
    that side's Fortitude in ``wounded_fortitude``; ``toughness_refresh`` is how many
    Toughness Tokens a Boss gets back when it flips to Wounded (glossary: Boss). A Solo Mode
    Companion has a Recovery side (``recovery``: the keywords it gains there); Defeated, it
    flips to it (``recovering``) instead of leaving the map (Appendix B).
    """

    id: str
    side: Side
    at: int
    group: str | None = None
    number: int | None = None
    fortitude: int | None = None
    damage: int = 0
    wounded: bool = False
    wounded_fortitude: int | None = None
    toughness_refresh: int = 0
    keywords: frozenset[Keyword] = frozenset()
    immune: frozenset[str] = frozenset()
    tokens: tuple[tuple[Token, int], ...] = field(default=())
    role: Role | None = None
    owner: str | None = None  # the figure whose player controls it (an Illusion's Eve)
    recovery: frozenset[Keyword] | None = None  # a Companion's Recovery side's keywords
    recovering: bool = False  # on that side (Otto's Recovery Mode, Pooky on break)
    #: a figure that takes more than one space: the offsets of its spaces from ``at`` (its
    #: anchor), ``(0, 0)`` first (tales.board.footprint); empty for a one-space figure
    footprint: tuple[tuple[int, int], ...] = ()

    @property
    def kind(self) -> Role:
        """Its :class:`Role`: as given, else a Hero for the Heroes' side, else a Schemer."""
        if self.role is not None:
            return self.role
        return _HERO if self.side is _HEROES else _SCHEMER

    @property
    def large(self) -> bool:
        """It takes more than one space (docs/rules-decisions.md, "Large figures")."""
        return len(self.footprint) > 1

    def has(self, keyword: Keyword) -> bool:
        """True when the figure has ``keyword``."""
        return keyword in self.keywords

    def token(self, kind: Token) -> int:
        """How many ``kind`` tokens the figure has."""
        for token, count in self.tokens:
            if token is kind:
                return count
        return 0

    @property
    def heroic(self) -> bool:
        """Heroes and figures with the Heroic keyword are on the Heroes' team (glossary)."""
        return self.side is Side.HERO or Keyword.HEROIC in self.keywords

    @property
    def remaining_fortitude(self) -> int | None:
        """Fortitude not yet lost to damage, or None if the figure has no Fortitude."""
        return None if self.fortitude is None else max(self.fortitude - self.damage, 0)

    def is_immune_to(self, names: Iterable[str | None]) -> bool:
        """True when any of ``names`` (feature classes or names) is one it is Immune to."""
        if not self.immune:  # most figures are Immune to nothing: no loop (issue 19)
            return False
        return any(n is not None and n.lower() in self.immune for n in names)

    def with_tokens(self, tokens: dict[Token, int]) -> Figure:
        """The same figure holding ``tokens`` (counts of 0 dropped)."""
        # sorted as pairs (no key function to call): each token is in ``tokens`` once, so
        # the pairs sort by their token
        kept = tuple(sorted([(t, c) for t, c in tokens.items() if c > 0]))
        if kept == self.tokens:  # the same tokens: itself (an immutable value), no copy
            return self
        return evolve(self, tokens=kept)


def is_foe(figure: Figure, other: Figure) -> bool:
    """True when ``figure`` treats ``other`` as a Foe (glossary: Foe, Heroic, Berserk).

    A Berserk figure treats every other figure as a Foe; otherwise figures on different
    teams (Heroic or not) are Foes. Foe-ship need not be symmetric: a non-Berserk Schemer
    treats a Berserk Schemer as a Friend.
    """
    if figure.id == other.id:
        return False
    keywords = figure.keywords
    if _BERSERK in keywords:
        return True
    # Figure.heroic of both, written out: asked about a thousand times a game (issue 19)
    return ((figure.side is _HEROES or _HEROIC in keywords)
            != (other.side is _HEROES or _HEROIC in other.keywords))


# the members is_foe and Figure.kind compare, read once: in Python 3.11 reading one on its
# enum goes through the enum class's attribute hook (~70 ns a read, several a call of
# is_foe, asked about a thousand times a game, issue 19)
_BERSERK, _HEROIC, _HEROES = Keyword.BERSERK, Keyword.HEROIC, Side.HERO
_HERO, _SCHEMER = Role.HERO, Role.SCHEMER


def is_friend(figure: Figure, other: Figure) -> bool:
    """True when ``figure`` treats ``other`` (another figure) as a Friend."""
    return figure.id != other.id and not is_foe(figure, other)
