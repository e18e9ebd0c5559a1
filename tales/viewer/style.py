"""Colours and short labels for the viewer, as the printed game marks things: red borders
for Hazards, yellow for Difficult, purple for Impassable, blue for objective spaces, and
each Schemer Group on its coloured base. Pure data (no pyglet)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

from tales.board.board import FEATURE_WORDS as FEATURE_WORDS  # each kind in words
from tales.board.board import FeatureKind
from tales.board.figures import Figure, Role, Token

Colour = tuple[int, int, int]

BACKGROUND: Colour = (32, 34, 42)
PANEL: Colour = (44, 46, 56)
TEXT: Colour = (235, 232, 220)
DIM: Colour = (150, 148, 140)
FLOOR: Colour = (222, 208, 176)
GRID: Colour = (120, 100, 80)
WALL: Colour = (20, 16, 16)
HAZARD: Colour = (214, 48, 40)
DIFFICULT: Colour = (238, 196, 40)
IMPASSABLE: Colour = (150, 70, 180)
OBJECTIVE: Colour = (50, 110, 230)
IMPASSABLE_FILL: Colour = (74, 62, 86)
FEATURE_FILL: Colour = (196, 180, 150)
DOOR: Colour = (126, 74, 34)
EVENT_DOOR: Colour = (120, 40, 100)  # a door only the scenario's events open
TRAP: Colour = (60, 60, 66)
FIRE: Colour = (250, 140, 30)
LEGAL: Colour = (60, 200, 90)
SELECTED: Colour = (255, 230, 60)
HERO: Colour = (40, 96, 196)
COMPANION: Colour = (20, 150, 150)
ALLY: Colour = (100, 150, 230)
ILLUSION: Colour = (170, 120, 220)
POOKY: Colour = (236, 120, 170)
WOUNDED: Colour = (200, 30, 30)
HOVER_BACKING: Colour = (246, 244, 230)  # what the pointer is over, written on the map
CARD: Colour = (250, 214, 150)  # the whole card of the option under the pointer
#: The last turn drawn on the map: paths and attack lines by side, what a space did.
ARROWS: dict[str, Colour] = {"hero": (30, 90, 220), "schemer": (200, 40, 30)}
STRIKE: Colour = (230, 30, 60)
SPRUNG: Colour = (250, 140, 30)
TARGET: Colour = (0, 140, 150)  # a Schemer's final target space
#: The goals' lines by tone (tales.present.goals): an objective met green, a defeat near
#: (its last round, or holding) yellow, what lost the game red, the headings dim.
GOAL_COLOURS: dict[str, Colour] = {"heading": DIM, "met": (110, 210, 120),
                                   "near": SELECTED, "lost": (240, 110, 100)}
#: Log lines by side: the players' figures blue, the Schemers red, the rest dim.
LOG_COLOURS: dict[str, Colour] = {"hero": (140, 180, 250), "schemer": (240, 140, 120)}

#: Base colours a Scheme Block may name (anything else gets a steady colour of its own).
NAMED: dict[str, Colour] = {
    "red": (200, 40, 40), "blue": (40, 80, 210), "yellow": (230, 200, 30),
    "green": (40, 150, 60), "purple": (130, 60, 170), "orange": (230, 120, 30),
    "black": (28, 28, 28), "white": (240, 240, 240), "grey": (128, 128, 128),
    "gray": (128, 128, 128), "brown": (120, 80, 40), "ochre": (200, 150, 50),
    "pale blue": (140, 180, 230), "pink": (230, 130, 170), "teal": (30, 140, 140),
}

#: Border colour of each feature kind (None: the plain grid line).
BORDER: dict[FeatureKind, Colour | None] = {
    FeatureKind.HAZARD: HAZARD,
    FeatureKind.DIFFICULT: DIFFICULT,
    FeatureKind.IMPASSABLE: IMPASSABLE,
    FeatureKind.IMPASSABLE_FEATURE: IMPASSABLE,
}

TOKEN_LABELS: dict[Token, str] = {
    Token.DAMAGE_BOOST: "Db", Token.EVADE: "Ev", Token.HITBACK: "Hb", Token.OVERCHARGE: "Oc",
    Token.RESET: "Rs", Token.SHIELD: "Sh", Token.TOUGHNESS: "To", Token.WEAKEN: "Wk",
    Token.STUN: "St", Token.REPAIR: "Rp", Token.POOKY: "Pk",
}


def base_colour(name: str | None, fallback_key: str = "") -> Colour:
    """The RGB of a base colour's name; an unknown one gets a steady colour from its
    name (or from ``fallback_key``)."""
    if name and name.lower() in NAMED:
        return NAMED[name.lower()]
    digest = hashlib.sha256((name or fallback_key).encode()).digest()
    return (60 + digest[0] % 160, 60 + digest[1] % 160, 60 + digest[2] % 160)


def figure_colour(figure: Figure, groups: dict[str, str]) -> Colour:
    """A figure's disc colour: its group's base colour, or its kind's."""
    kind = figure.kind
    if kind is Role.HERO:
        return HERO
    if kind is Role.COMPANION:
        return COMPANION
    if kind is Role.ALLY:
        return ALLY
    if kind is Role.ILLUSION:
        return ILLUSION
    if kind is Role.POOKY:
        return POOKY
    if figure.group is None:
        return STONE  # a Destructible feature
    return group_colour(groups.get(figure.group), figure.group)


def group_colour(name: str | None, group: str) -> Colour:
    """A Schemer Group's colour on the map and in the legend (:func:`schemer_colour`)."""
    return schemer_colour(base_colour(name, group))


#: The players' figures' colours: no Schemer is drawn in one of these (or near it).
PLAYERS: tuple[Colour, ...] = (HERO, COMPANION, ALLY, ILLUSION, POOKY)
_NEAR = 90  # RGB distance under which two discs read as one colour


def schemer_colour(colour: Colour) -> Colour:
    """A Schemer Group's base colour as its figures are drawn: itself, or, when it is
    near a players' colour (a group with blue or teal bases), the same hue much darker,
    so that Heroes and Schemers never share a colour."""
    if all(_distance(colour, p) >= _NEAR for p in PLAYERS):
        return colour
    r, g, b = colour
    return (round(r * 0.45), round(g * 0.45), round(b * 0.45))


def _distance(a: Colour, b: Colour) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


def destructible(figure: Figure) -> bool:
    """A Destructible map feature standing as a figure (the Schemers' side, no group)."""
    return figure.group is None and figure.kind in (Role.SCHEMER, Role.BOSS)


#: The shapes Schemer groups take, in the order the scenario lists its groups, so that two
#: groups are told apart by more than their colour.
GROUP_SHAPES = ("disc", "square", "diamond", "triangle", "hexagon")
#: The shape of each other kind of figure: a Destructible feature is a stone, an Illusion
#: only an outline (it is not really there).
KIND_SHAPES = {Role.ILLUSION: "ring"}
STONE: Colour = (110, 100, 90)
#: Each shape drawn as a polygon: its corners, the angle of the first (radians) and how far
#: its corners reach, in radii of the disc it stands for (so each looks about as big).
POLYGONS: dict[str, tuple[int, float, float]] = {
    "square": (4, math.pi / 4, 1.25), "diamond": (4, 0.0, 1.2),
    "triangle": (3, math.pi / 2, 1.3), "hexagon": (6, 0.0, 1.08),
    "octagon": (8, math.pi / 8, 1.05)}


def group_shape(group: str, groups: Sequence[str]) -> str:
    """The shape of ``group``'s figures: by its place among the scenario's ``groups``."""
    place = list(groups).index(group) if group in groups else len(groups)
    return GROUP_SHAPES[place % len(GROUP_SHAPES)]


def figure_shape(figure: Figure, groups: Sequence[str]) -> str:
    """How a figure is drawn: a Schemer by its group's shape, a Destructible feature as an
    octagonal stone, an Illusion as a ring, every other figure of the players as a disc."""
    if figure.group is not None and figure.kind in (Role.SCHEMER, Role.BOSS):
        return group_shape(figure.group, groups)
    if destructible(figure):
        return "octagon"
    return KIND_SHAPES.get(figure.kind, "disc")


def figure_label(figure: Figure) -> str:
    """The few letters on a figure: a Schemer's standee number, a Destructible feature's
    initials (``WS`` for ``warding-stone``), else the first letters of its name."""
    if figure.number is not None and figure.group is not None:
        return str(figure.number)
    if destructible(figure):
        words = [w for w in figure.id.replace("_", "-").split("-") if w]
        return "".join(w if w.isdigit() else w[0].upper() for w in words)[:4]
    if figure.kind is Role.ILLUSION:  # I1, I2: each of Eve's Illusions told apart
        number = figure.id[len(figure.id.rstrip("0123456789")):]
        return f"I{number}"
    return figure.id[:3].title()


def token_text(figure: Figure) -> str:
    """A figure's tokens in short: ``Sh1 To1``."""
    return " ".join(f"{TOKEN_LABELS[t]}{n}" for t, n in figure.tokens)


def readable_on(colour: Colour) -> Colour:
    """Black or white text, whichever reads on ``colour``."""
    r, g, b = colour
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 250)


#: The border colours' meanings, as the legend words them.
BORDER_NAMES: dict[FeatureKind, str] = {
    FeatureKind.HAZARD: "red Hazard", FeatureKind.DIFFICULT: "yellow Difficult",
    FeatureKind.IMPASSABLE: "purple Impassable",
    FeatureKind.IMPASSABLE_FEATURE: "purple Impassable",
}


#: A named map feature's kind, in the glossary's words, as the legend says it.



def legend(tokens: list[Token], kinds: set[FeatureKind], objective: bool, legal: bool
           ) -> list[str]:
    """What the letters of the ``tokens`` on the map and the border colours of its feature
    ``kinds`` mean (one line each); "green: a choice" when spaces can be clicked."""
    lines = []
    if tokens:
        lines.append("tokens: " + ", ".join(f"{TOKEN_LABELS[t]} {t.rule_name}"
                                            for t in tokens))
    borders = list(dict.fromkeys(BORDER_NAMES[k] for k in BORDER_NAMES if k in kinds))
    if objective:
        borders.append("blue objective")
    if legal:
        borders.append("green: a choice (number: movement, !N: damage on the way)")
    if borders:
        lines.append("borders: " + ", ".join(borders))
    return lines
