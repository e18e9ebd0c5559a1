"""Rule cases for what Schemers aim at: selectors, target spaces, Attack targets, group turns.

The Schemer choosing is always ``s`` (or the group ``rats``: ``r1``, ``r2``, ...). Line of
Fire distances are counted by hand on small maps. A one-row corridor ``A1 B1 C1 ...`` has
only left and right neighbours, so distances there are column differences. ``HEX_3x4``:

    A1 B1 C1 D1        B2: A2 C2 B1 C1 B3 C3
     A2 B2 C2 D2       D2: C2 D1 D3
    A3 B3 C3 D3

``HEX_2x5``:

    A1 B1 C1 D1 E1     A1: B1 A2          B1: A1 C1 A2 B2     C1: B1 D1 B2 C2
     A2 B2 C2 D2 E2    D1: C1 E1 C2 D2    A2: A1 B1 B2        B2: A2 C2 B1 C1
                       C2: B2 D2 C1 D1    D2: C2 E2 D1 E1

``SQUARE_2x3`` (four neighbours): with the Wall A1|B1, B1 is 3 from A1 by Line of Fire
(A1 A2 B2 B1) and B2 is 2.

Every expected value was worked out by hand from the passage in its row.
"""

from __future__ import annotations

from typing import Any

import pytest

from tales.board.position import Position
from tales.content.scheme_blocks import parse_scheme_blocks
from tales.errors import TalesError
from tales.rules.decisions import Decider, all_outcomes, first_option, resolve
from tales.rules.schemer_attacks import AttackKind, SchemerAttack, attack_targets
from tales.rules.schemes import (
    AttackStep,
    GroupTurn,
    MoveStep,
    Scheme,
    SchemerTurn,
    group_members,
    group_turn,
)
from tales.rules.targets import parse_selector, select, target_spaces
from tests.build import fig, positioned

from ._build import Rule, build, case, first_decision, hero, schemer, where

CORRIDOR = ". . . . ."
CORRIDOR_7 = ". . . . . . ."
HEX_3x4 = """
    . . . .
     . . . .
    . . . .
"""
HEX_2x5 = """
    . . . . .
     . . . . .
"""
SQUARE_2x3 = """
    . . .
    . . .
"""
RUG = {"a": {"kind": "feature", "name": "Rug"}}
PILLAR = {"o": {"kind": "impassable-feature", "name": "Pillar"}}
KNOWN = ("(known: foe, nearest foe, farthest foe, wounded foe, foe with least remaining "
         "fortitude, space C4, feature NAME, A or B, A, or if none, B)")

APPENDIX_D = "Appendix D Schemer Movement"
OR_IF = "“or… if”: Only considers one requirement or the other."
GENERAL_OR = "General “or”: Considers both parts together."
IDENTIFY = ("Identify target spaces: The movement effect will specify the targets. If "
            "targeting a figure, the Schemer will attempt to move adjacent to it. For "
            "enterable map features, it will occupy one of the spaces. For Impassable map "
            "features, it will move adjacent.")


# --- parsing selectors --------------------------------------------------------------------

PARSES = [
    case("parse-foe", "`foe` is every Foe", APPENDIX_D, IDENTIFY,
         "foe", "foe", [["foe"]]),
    case("parse-nearest-any-case", "phrases are read whatever their case",
         "Nearest", "Figure or space with the shortest Line of Fire.",
         "Nearest Foe", "nearest foe", [["nearest foe"]]),
    case("parse-farthest-upper-case", "FARTHEST FOE is the farthest foe phrase",
         "Farthest", "Figure with the longest minimal Line of Fire to a Schemer.",
         "FARTHEST FOE", "farthest foe", [["farthest foe"]]),
    case("parse-wounded", "the wounded foe phrase", APPENDIX_D, OR_IF,
         "Wounded foe", "wounded foe", [["wounded foe"]]),
    case("parse-least-fortitude", "the least remaining Fortitude phrase", APPENDIX_D, OR_IF,
         "Foe with least remaining Fortitude", "foe with least remaining fortitude",
         [["foe with least remaining fortitude"]]),
    case("parse-space", "`space c4` names space C4", APPENDIX_D, IDENTIFY,
         "space c4", "space C4", [["space C4"]]),
    case("parse-feature-keeps-name", "`feature NAME` keeps the name as written",
         "Schemer Movement", "Targeting: Schemes involving movement will specify a figure or "
         "map feature that the Schemer will move toward.",
         "Feature Barrel stack", "feature Barrel stack", [["feature Barrel stack"]]),
    case("parse-extra-spaces", "runs of spaces count as one", "Nearest",
         "Figure or space with the shortest Line of Fire.",
         "  nearest   foe ", "nearest foe", [["nearest foe"]]),
    case("parse-general-or", "`A or B` is one alternative of two parts", APPENDIX_D,
         GENERAL_OR,
         "nearest foe OR feature Altar", "nearest foe or feature Altar",
         [["nearest foe", "feature Altar"]]),
    case("parse-or-if-none", "`A, or if none, B` is two fallbacks", APPENDIX_D, OR_IF,
         "Wounded Foe, or if none, foe with least remaining Fortitude",
         "wounded foe, or if none, foe with least remaining fortitude",
         [["wounded foe"], ["foe with least remaining fortitude"]]),
    case("parse-or-inside-or-if-none", "a general `or` inside the first fallback",
         APPENDIX_D, GENERAL_OR,
         "wounded foe or nearest foe, OR IF NONE, space a1",
         "wounded foe or nearest foe, or if none, space A1",
         [["wounded foe", "nearest foe"], ["space A1"]]),
    case("parse-rulebook-wording", "the manual's own example wording reads as `A, or if none, B`",
         APPENDIX_D, "Example: “Wounded Foe, or if no Foe is Wounded, then the Foe with the "
         "least remaining Fortitude” only considers the latter if no Wounded Foes exist.",
         "Wounded Foe, or if no Foe is Wounded, then the Foe with the least remaining Fortitude",
         "wounded foe, or if none, foe with least remaining fortitude",
         [["wounded foe"], ["foe with least remaining fortitude"]]),
    case("parse-article-before-feature", "`the feature NAME` is `feature NAME`", APPENDIX_D,
         IDENTIFY, "the feature Altar", "feature Altar", [["feature Altar"]]),
]


@pytest.mark.parametrize(("rule", "text", "shown", "fallbacks"), PARSES)
def test_parse_selector(rule: Rule, text: str, shown: str, fallbacks: list[list[str]]) -> None:
    selector = parse_selector(text)
    assert str(selector) == shown, rule
    assert [[str(part) for part in alt] for alt in selector.fallbacks] == fallbacks, rule


PARSE_ERRORS = [
    case("parse-unknown-phrase", "a phrase that is not a selector is refused", APPENDIX_D,
         IDENTIFY,
         "closest foe", f"selector 'closest foe': 'closest foe' is not understood {KNOWN}"),
    case("parse-unknown-part-of-or", "each part of an `or` must be understood", APPENDIX_D,
         GENERAL_OR,
         "nearest foe or hiding foe",
         f"selector 'nearest foe or hiding foe': 'hiding foe' is not understood {KNOWN}"),
    case("parse-empty", "an empty selector is refused", APPENDIX_D, IDENTIFY,
         "  ", f"empty selector {KNOWN}"),
    case("parse-space-without-name", "`space` needs a space name", APPENDIX_D, IDENTIFY,
         "space", f"selector 'space': 'space' is not understood {KNOWN}"),
    case("parse-bad-space-name", "`space 4C` is not a space name", APPENDIX_D, IDENTIFY,
         "space 4C", f"selector 'space 4C': 'space 4C' is not understood {KNOWN}"),
    case("parse-feature-without-name", "`feature` needs a name", APPENDIX_D, IDENTIFY,
         "feature", f"selector 'feature': 'feature' is not understood {KNOWN}"),
    case("parse-or-if-none-without-fallback", "`A, or if none,` with nothing after",
         APPENDIX_D, OR_IF,
         "nearest foe, or if none,",
         f"selector 'nearest foe, or if none,': '' is not understood {KNOWN}"),
]


@pytest.mark.parametrize(("rule", "text", "message"), PARSE_ERRORS)
def test_parse_selector_errors(rule: Rule, text: str, message: str) -> None:
    with pytest.raises(TalesError) as error:
        parse_selector(text)
    assert str(error.value) == message, rule


# --- what a selector finds ----------------------------------------------------------------

WOUNDED_OR_LEAST = "wounded foe, or if none, foe with least remaining fortitude"

SELECTS = [
    case("nearest-one", "A1 is 2 from C1, G1 is 4: the Nearest Foe is a",
         "Nearest", "Figure or space with the shortest Line of Fire.",
         build(CORRIDOR_7, schemer("s", "C1"), hero("a", "A1"), hero("b", "G1")),
         "nearest foe", ["a"], [], []),
    case("nearest-ties-returned", "A1 and G1 are both 3 from D1: both are Nearest",
         "Nearest", "Multiple targets: players choose.",
         build(CORRIDOR_7, schemer("s", "D1"), hero("a", "A1"), hero("b", "G1")),
         "nearest foe", ["a", "b"], [], []),
    case("farthest-one", "G1 (4) is farther from C1 than A1 (2) and B1 (1)",
         "Farthest", "Figure with the longest minimal Line of Fire to a Schemer.",
         build(CORRIDOR_7, schemer("s", "C1"), hero("a", "A1"), hero("b", "B1"),
               hero("g", "G1")),
         "farthest foe", ["g"], [], []),
    case("farthest-ties-returned", "A1 and G1 are both 3 from D1, C1 is 1: both are Farthest",
         "Farthest", "Figure with the longest minimal Line of Fire to a Schemer.",
         build(CORRIDOR_7, schemer("s", "D1"), hero("a", "A1"), hero("c", "C1"),
               hero("g", "G1")),
         "farthest foe", ["a", "g"], [], []),
    case("nearest-around-wall", "behind the Wall A1|B1, x on B1 is 3 away and y on B2 is 2",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(SQUARE_2x3, schemer("s", "A1"), hero("x", "B1"), hero("y", "B2"),
               layout="square", walls=["A1|B1"]),
         "nearest foe", ["y"], [], []),
    case("farthest-around-wall", "the Wall A1|B1 makes x (3) farther than y (2)",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(SQUARE_2x3, schemer("s", "A1"), hero("x", "B1"), hero("y", "B2"),
               layout="square", walls=["A1|B1"]),
         "farthest foe", ["x"], [], []),
    case("no-line-of-fire-not-nearest", "a on A1 has no Line of Fire past C1 (Impassable): "
         "the Nearest Foe is b", "Impassable",
         "Cannot be entered, placed with tokens, or have Line of Fire drawn through.",
         build(". . # . . .", schemer("s", "D1"), hero("a", "A1"), hero("b", "F1")),
         "nearest foe", ["b"], [], []),
    case("no-line-of-fire-not-farthest", "a on A1 would be farther (3) but has no Line of "
         "Fire: the Farthest Foe is b (2)", "Farthest",
         "Figure with the longest minimal Line of Fire to a Schemer.",
         build(". . # . . .", schemer("s", "D1"), hero("a", "A1"), hero("b", "F1")),
         "farthest foe", ["b"], [], []),
    case("no-line-of-fire-no-nearest", "the only Foe has no Line of Fire: no Nearest Foe",
         "Nearest", "Figure or space with the shortest Line of Fire.",
         build(". # . .", schemer("s", "C1"), hero("a", "A1")),
         "nearest foe", [], [], []),
    case("foe-needs-no-line-of-fire", "`foe` finds every Foe, seen or not",
         "Foe", "Heroes consider Schemers as Foes, and vice versa.",
         build(". . # . . .", schemer("s", "D1"), hero("a", "A1"), hero("b", "F1")),
         "foe", ["a", "b"], [], []),
    case("foe-is-every-foe", "every Foe: the Hero and the Heroic Schemer, not the Avoided "
         "Hero nor the other Schemer", "Heroic", "Foes to Schemers without Heroic keyword.",
         build(CORRIDOR_7, schemer("s", "D1"), hero("h", "A1"), hero("p", "B1", "Avoided"),
               schemer("o", "C1"), schemer("k", "G1", "Heroic")),
         "foe", ["h", "k"], [], []),
    case("wounded-foe", "a, on its Wounded side, is the Wounded Foe",
         "Wounded", "When a figure takes damage equal to or greater than their Fortitude, "
         "they flip from their Fresh side to their Wounded side.",
         positioned(CORRIDOR_7, fig("s", "D1", "schemer"), fig("a", "A1", wounded=True),
                    fig("b", "C1")),
         "wounded foe", ["a"], [], []),
    case("no-wounded-foe", "no Foe is Wounded: nothing is found",
         "Wounded", "When a figure takes damage equal to or greater than their Fortitude, "
         "they flip from their Fresh side to their Wounded side.",
         positioned(CORRIDOR_7, fig("s", "D1", "schemer"), fig("a", "A1", fortitude=5)),
         "wounded foe", [], [], []),
    case("least-fortitude-counts-damage", "a has 8 Fortitude and 6 damage (2 left), b has 3",
         "Fortitude", "Hit points of a figure.",
         positioned(CORRIDOR_7, fig("s", "D1", "schemer"),
                    fig("a", "A1", fortitude=8, damage=6), fig("b", "B1", fortitude=3)),
         "foe with least remaining fortitude", ["a"], [], []),
    case("or-if-none-falls-back-with-ties", "no Wounded Foe: the least remaining Fortitude, "
         "a (8-3) and c (5) tied at 5, b has 6", APPENDIX_D, OR_IF,
         positioned(CORRIDOR_7, fig("s", "D1", "schemer"),
                    fig("a", "A1", fortitude=8, damage=3), fig("b", "B1", fortitude=6),
                    fig("c", "G1", fortitude=5)),
         WOUNDED_OR_LEAST, ["a", "c"], [], []),
    case("or-if-none-takes-the-first", "a is Wounded: the least-Fortitude b (2) is not "
         "considered", APPENDIX_D, OR_IF,
         positioned(CORRIDOR_7, fig("s", "D1", "schemer"),
                    fig("a", "A1", fortitude=10, wounded=True), fig("b", "B1", fortitude=2)),
         WOUNDED_OR_LEAST, ["a"], [], []),
    case("general-or-takes-both", "`wounded foe or foe with least remaining fortitude`: "
         "a and b together", APPENDIX_D, GENERAL_OR,
         positioned(CORRIDOR_7, fig("s", "D1", "schemer"),
                    fig("a", "A1", fortitude=10, wounded=True), fig("b", "B1", fortitude=2)),
         "wounded foe or foe with least remaining fortitude", ["a", "b"], [], []),
    case("avoided-never-nearest", "the Avoided Hero on B1 (1) is passed over for h (3)",
         "Avoided", "Schemers cannot target or interact with Avoided figures.",
         build(CORRIDOR_7, schemer("s", "C1"), hero("p", "B1", "Avoided"), hero("h", "F1")),
         "nearest foe", ["h"], [], []),
    case("avoided-never-wounded-foe", "an Avoided Wounded Hero is not the Wounded Foe, so "
         "the fallback is taken", "Avoided",
         "Figures with this keyword are ignored by Schemers.",
         positioned(CORRIDOR_7, fig("s", "C1", "schemer"),
                    fig("p", "B1", keywords=["Avoided"], wounded=True), fig("h", "F1")),
         "wounded foe, or if none, nearest foe", ["h"], [], []),
    case("berserk-nearest-is-a-schemer", "a Berserk Schemer's Nearest Foe is the Schemer o",
         "Berserk", "Figure treats all other figures as Foes.",
         build(CORRIDOR_7, schemer("s", "A1", "Berserk"), schemer("o", "B1"),
               hero("h", "D1")),
         "nearest foe", ["o"], [], []),
    case("berserk-foe-is-everyone-not-avoided", "a Berserk Schemer's Foes: every other "
         "figure but the Avoided one", "Berserk", "Figure treats all other figures as Foes.",
         build(CORRIDOR_7, schemer("s", "A1", "Berserk"), schemer("o", "B1"),
               hero("h", "D1"), hero("p", "G1", "Avoided")),
         "foe", ["h", "o"], [], []),
    case("berserk-schemer-is-a-friend", "a Schemer without Berserk passes over the Berserk "
         "Schemer on B1 for h", "Berserk",
         "Schemers without Berserk treat other Schemers as Friends.",
         build(CORRIDOR_7, schemer("s", "A1"), schemer("b", "B1", "Berserk"),
               hero("h", "D1")),
         "nearest foe", ["h"], [], []),
    case("heroic-schemer-is-a-foe", "the Heroic Schemer k on B1 is the Nearest Foe",
         "Heroic", "Foes to Schemers without Heroic keyword.",
         build(CORRIDOR_7, schemer("s", "A1"), schemer("k", "B1", "Heroic"),
               hero("h", "D1")),
         "nearest foe", ["k"], [], []),
    case("heroic-schemer-aims-at-schemers", "a Heroic Schemer passes over the Hero on B1 "
         "(a Friend) for the Schemer o", "Heroic",
         "Friendly to Heroes and other Heroic figures.",
         build(CORRIDOR_7, schemer("s", "A1", "Heroic"), hero("h", "B1"),
               schemer("o", "D1")),
         "nearest foe", ["o"], [], []),
    case("select-space", "`space E1` is the space E1", APPENDIX_D, IDENTIFY,
         build(CORRIDOR, schemer("s", "A1")),
         "space E1", [], ["E1"], []),
    case("select-feature-any-case", "`feature rug` finds the feature Rug", APPENDIX_D,
         IDENTIFY,
         build(". a a . .", schemer("s", "E1"), features=RUG),
         "feature rug", [], [], ["Rug"]),
    case("general-or-figure-and-space", "`nearest foe or space G1`: a and G1 together",
         APPENDIX_D, GENERAL_OR,
         build(CORRIDOR_7, schemer("s", "C1"), hero("a", "A1")),
         "nearest foe or space G1", ["a"], ["G1"], []),
    case("or-if-none-no-foes", "no Foe at all (o is a Friend): the fallback space A1",
         APPENDIX_D, OR_IF,
         build(CORRIDOR, schemer("s", "C1"), schemer("o", "E1")),
         "nearest foe, or if none, space A1", [], ["A1"], []),
    case("or-if-none-unused", "a Foe is found: the fallback space is not taken",
         APPENDIX_D, OR_IF,
         build(CORRIDOR, schemer("s", "C1"), hero("h", "E1")),
         "nearest foe, or if none, space A1", ["h"], [], []),
]


@pytest.mark.parametrize(
    ("rule", "position", "text", "figures", "spaces", "features"), SELECTS)
def test_select(
    rule: Rule, position: Position, text: str, figures: list[str], spaces: list[str],
    features: list[str],
) -> None:
    found = select(position, position.figure("s"), parse_selector(text))
    got = (sorted(f.id for f in found.figures),
           [position.board.names[s] for s in found.spaces], found.features)
    assert got == (figures, spaces, features), rule
    assert bool(found) == bool(figures or spaces or features), rule


SELECT_ERRORS = [
    case("unknown-feature", "a feature the map does not have is an error", APPENDIX_D,
         IDENTIFY,
         build(CORRIDOR, schemer("s", "A1")), "feature Fountain",
         "no feature 'Fountain' on map 'case'"),
    case("unknown-space", "a space the map does not have is an error", APPENDIX_D,
         IDENTIFY,
         build(CORRIDOR, schemer("s", "A1")), "nearest foe or space Z9",
         "no space Z9 on map 'case'"),
]


@pytest.mark.parametrize(("rule", "position", "text", "message"), SELECT_ERRORS)
def test_select_errors(rule: Rule, position: Position, text: str, message: str) -> None:
    with pytest.raises(TalesError) as error:
        select(position, position.figure("s"), parse_selector(text))
    assert str(error.value) == message, rule


# --- target spaces (Appendix D, step 1) -----------------------------------------------------

SPACES = [
    case("spaces-next-to-figure", "the six spaces around h on B2", APPENDIX_D, IDENTIFY,
         build(HEX_3x4, schemer("s", "D3"), hero("h", "B2")), "nearest foe",
         {"A2": ["h"], "B1": ["h"], "B3": ["h"], "C1": ["h"], "C2": ["h"], "C3": ["h"]}),
    case("spaces-not-behind-wall", "B1 is behind the Wall B1|C1: only D1 is next to h",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(CORRIDOR, schemer("s", "E1"), hero("h", "C1"), walls=["B1|C1"]),
         "nearest foe", {"D1": ["h"]}),
    case("spaces-not-impassable", "B1 is Impassable: only D1 is next to h", "Impassable",
         "Cannot be entered, placed with tokens, or have Line of Fire drawn through.",
         build(". # . . .", schemer("s", "E1"), hero("h", "C1")),
         "nearest foe", {"D1": ["h"]}),
    case("spaces-tiny-own-space", "a Tiny Foe's own space C1 is a target space too",
         "Tiny", "If a Schemer moves toward a Tiny Foe (one without the Avoided keyword), it "
         "will consider spaces on and adjacent to the Foe and move to the one requiring the "
         "least movement.",
         build(CORRIDOR, schemer("s", "E1"), hero("h", "C1", "Tiny")),
         "nearest foe", {"B1": ["h"], "C1": ["h"], "D1": ["h"]}),
    case("spaces-avoided-tiny-sharer-ignored", "the Avoided Tiny p sharing z's space C1 adds "
         "nothing: only the spaces next to z", "Tiny",
         "If a Schemer moves toward a Tiny Foe (one without the Avoided keyword), it will "
         "consider spaces on and adjacent to the Foe and move to the one requiring the "
         "least movement.",
         build(CORRIDOR, schemer("s", "E1"), hero("z", "C1"), hero("p", "C1", "Tiny",
                                                                   "Avoided")),
         "nearest foe", {"B1": ["z"], "D1": ["z"]}),
    case("spaces-shared-by-two-figures", "B1 is next to both a and b; D1 only to b",
         APPENDIX_D, IDENTIFY,
         build(CORRIDOR, schemer("s", "E1"), hero("a", "A1"), hero("b", "C1")),
         "foe", {"B1": ["a", "b"], "D1": ["b"]}),
    case("spaces-enterable-feature", "an enterable feature: its own spaces B1 C1",
         APPENDIX_D, IDENTIFY,
         build(". a a . .", schemer("s", "E1"), features=RUG),
         "feature Rug", {"B1": [], "C1": []}),
    case("spaces-impassable-feature", "an Impassable feature on B1 C1: the spaces next to "
         "it, A1 and D1", APPENDIX_D, IDENTIFY,
         build(". o o . .", schemer("s", "E1"), features=PILLAR),
         "feature Pillar", {"A1": [], "D1": []}),
    case("spaces-named-space", "`space B1`: B1 itself", APPENDIX_D, IDENTIFY,
         build(CORRIDOR, schemer("s", "E1")),
         "space B1", {"B1": []}),
    case("spaces-general-or", "`nearest foe or feature Rug`: next to h and the Rug's B1",
         APPENDIX_D, GENERAL_OR,
         build(". a . . . . .", schemer("s", "G1"), hero("h", "D1"), features=RUG),
         "nearest foe or feature Rug", {"B1": [], "C1": ["h"], "E1": ["h"]}),
]


@pytest.mark.parametrize(("rule", "position", "text", "spaces"), SPACES)
def test_target_spaces(
    rule: Rule, position: Position, text: str, spaces: dict[str, list[str]]
) -> None:
    found = select(position, position.figure("s"), parse_selector(text))
    got = target_spaces(position, found)
    assert {position.board.names[s]: ids for s, ids in got.items()} == spaces, rule


# --- Schemer Attack targets (Appendix C, step 1) -------------------------------------------

MELEE_1 = SchemerAttack(AttackKind.MELEE, 1)
MELEE_2 = SchemerAttack(AttackKind.MELEE, 1, targets=2)
SCHEMER_ATTACKS = "Schemer Attacks"
MELEE_RULE = "Target up to X adjacent Foes. Players choose if more than X Foes are adjacent."
RANGED_RULE = "Target the X Nearest Foes within Range."
TIED = ("If multiple Foes are tied for Nearest ~, the players choose the target from among "
        "them.")


def ranged(reach: int, targets: int = 1) -> SchemerAttack:
    return SchemerAttack(AttackKind.RANGED, 1, targets=targets, range=reach)


ATTACKS = [
    case("melee-adjacent-only", "a on A2 is next to B2, d on D2 is not",
         SCHEMER_ATTACKS, MELEE_RULE,
         build(HEX_3x4, schemer("s", "B2"), hero("a", "A2"), hero("d", "D2")), MELEE_1,
         None, [["a"]]),
    case("melee-none-adjacent", "no Foe next to B2: no target", "Melee Attack",
         "Affects adjacent Foes.",
         build(HEX_3x4, schemer("s", "B2"), hero("d", "D2")), MELEE_1,
         None, [[]]),
    case("melee-exactly-x", "two adjacent Foes, Melee 2 targets: both, nobody chooses",
         SCHEMER_ATTACKS, MELEE_RULE,
         build(HEX_3x4, schemer("s", "B2"), hero("a", "A2"), hero("b", "B1")), MELEE_2,
         None, [["a", "b"]]),
    case("melee-up-to-x", "Melee 3 targets with two adjacent Foes: both",
         SCHEMER_ATTACKS, MELEE_RULE,
         build(HEX_3x4, schemer("s", "B2"), hero("a", "A2"), hero("c", "C3"),
               hero("d", "D2")), SchemerAttack(AttackKind.MELEE, 2, targets=3),
         None, [["a", "c"]]),
    case("melee-more-than-x", "three adjacent Foes, 2 targets: the players choose a pair",
         SCHEMER_ATTACKS, MELEE_RULE,
         build(HEX_3x4, schemer("s", "B2"), hero("a", "A2"), hero("b", "B1"),
               hero("c", "C3")), MELEE_2,
         ("melee-targets", [["a", "b"], ["a", "c"], ["b", "c"]]),
         [["a", "b"], ["a", "c"], ["b", "c"]]),
    case("melee-two-adjacent-one-target", "two adjacent Foes, 1 target: the players choose",
         SCHEMER_ATTACKS, MELEE_RULE,
         build(HEX_3x4, schemer("s", "B2"), hero("a", "A2"), hero("c", "C3")), MELEE_1,
         ("melee-targets", [["a"], ["c"]]), [["a"], ["c"]]),
    case("melee-not-through-wall", "c on C1 is behind the Wall B1|C1: only a is adjacent",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(CORRIDOR, schemer("s", "B1"), hero("a", "A1"), hero("c", "C1"),
               walls=["B1|C1"]), MELEE_1,
         None, [["a"]]),
    case("melee-tiny-attacker-shares-space", "a Tiny Schemer attacks the Hero in its space",
         "Tiny", "If a Tiny figure shares a space with another figure, those figures are "
         "considered adjacent.",
         build(CORRIDOR, schemer("s", "C1", "Tiny"), hero("h", "C1"), hero("e", "E1")),
         MELEE_1, None, [["h"]]),
    case("melee-tiny-foe-shares-space", "a Tiny Hero in the Schemer's space is adjacent",
         "Tiny", "If a Tiny figure shares a space with another figure, those figures are "
         "considered adjacent.",
         build(CORRIDOR, schemer("s", "C1"), hero("h", "C1", "Tiny"), hero("e", "E1")),
         MELEE_1, None, [["h"]]),
    case("melee-avoided-excluded", "the Avoided Hero on A1 is not a target: no choice",
         "Avoided", "Schemers cannot target or interact with Avoided figures.",
         build(CORRIDOR, schemer("s", "B1"), hero("p", "A1", "Avoided"), hero("c", "C1")),
         MELEE_1, None, [["c"]]),
    case("melee-friend-excluded", "the Schemer on A1 is a Friend: only c is a target",
         "Berserk", "Schemers without Berserk treat other Schemers as Friends.",
         build(CORRIDOR, schemer("s", "B1"), schemer("o", "A1"), hero("c", "C1")),
         MELEE_1, None, [["c"]]),
    case("melee-berserk-hits-schemers", "a Berserk Schemer's adjacent Foes are o and c",
         "Berserk", "Figure treats all other figures as Foes.",
         build(CORRIDOR, schemer("s", "B1", "Berserk"), schemer("o", "A1"), hero("c", "C1")),
         MELEE_1, ("melee-targets", [["c"], ["o"]]), [["c"], ["o"]]),
    case("melee-heroic-schemer-targeted", "the Heroic Schemer k is a Foe: k and c, 2 targets",
         "Heroic", "Foes to Schemers without Heroic keyword.",
         build(CORRIDOR, schemer("s", "B1"), schemer("k", "A1", "Heroic"), hero("c", "C1")),
         MELEE_2, None, [["c", "k"]]),
    case("ranged-nearest", "b (2) is Nearer than e (4): Ranged 5 takes b",
         SCHEMER_ATTACKS, RANGED_RULE,
         build(CORRIDOR_7, schemer("s", "A1"), hero("b", "C1"), hero("e", "E1")), ranged(5),
         None, [["b"]]),
    case("ranged-adjacent-no-penalty", "an adjacent Foe is a Ranged target",
         "Ranged Attack", "There is no penalty for making a Ranged ` Attack against a Foe in "
         "an adjacent space.",
         build(CORRIDOR_7, schemer("s", "A1"), hero("b", "B1"), hero("e", "E1")), ranged(5),
         None, [["b"]]),
    case("ranged-out-of-range", "g (6) is out of Range 4: two targets allowed, only d (3)",
         SCHEMER_ATTACKS, RANGED_RULE,
         build(CORRIDOR_7, schemer("s", "A1"), hero("d", "D1"), hero("g", "G1")),
         ranged(4, 2), None, [["d"]]),
    case("ranged-wall-lengthens-out", "behind the Wall A1|B1, h is 3 away: out of Range 2",
         "Ranged Attack", "The Line of Fire for a Ranged ` Attack may not go through "
         "Impassable spaces, Walls, closed doors, or Map Edges.",
         build(SQUARE_2x3, schemer("s", "A1"), hero("h", "B1"), layout="square",
               walls=["A1|B1"]), ranged(2),
         None, [[]]),
    case("ranged-wall-lengthens-in", "behind the Wall A1|B1, h is 3 away: within Range 3",
         "Ranged Attack", "The Line of Fire for a Ranged ` Attack may not go through "
         "Impassable spaces, Walls, closed doors, or Map Edges.",
         build(SQUARE_2x3, schemer("s", "A1"), hero("h", "B1"), layout="square",
               walls=["A1|B1"]), ranged(3),
         None, [["h"]]),
    case("ranged-no-line-of-fire", "C1 is Impassable: no Line of Fire to h, no target",
         "Ranged Attack", "The Line of Fire for a Ranged ` Attack may not go through "
         "Impassable spaces, Walls, closed doors, or Map Edges.",
         build(". . # . .", schemer("s", "A1"), hero("h", "E1")), ranged(9),
         None, [[]]),
    case("ranged-not-through-closed-door", "a closed door on C1 blocks Line of Fire",
         "Ranged Attack", "The Line of Fire for a Ranged ` Attack may not go through "
         "Impassable spaces, Walls, closed doors, or Map Edges.",
         build(". . D . .", schemer("s", "A1"), hero("h", "E1")), ranged(9),
         None, [[]]),
    case("ranged-through-open-door", "the door on C1 is open: h (4) is within Range 9",
         "Ranged Attack", "The Line of Fire for a Ranged ` Attack may not go through "
         "Impassable spaces, Walls, closed doors, or Map Edges.",
         build(". . D . .", schemer("s", "A1"), hero("h", "E1"), open_doors=["C1"]),
         ranged(9), None, [["h"]]),
    case("ranged-x-nearest", "2 targets: b (1) and c (2), not e (4)",
         SCHEMER_ATTACKS, RANGED_RULE,
         build(CORRIDOR_7, schemer("s", "A1"), hero("e", "E1"), hero("c", "C1"),
               hero("b", "B1")), ranged(5, 2),
         None, [["b", "c"]]),
    case("ranged-tiny-foe-in-own-space", "a Tiny Hero in the Schemer's space (0) is Nearer "
         "than b (1)", "Tiny", "A Tiny figure may share a space on the map with another "
         "figure.",
         build(CORRIDOR_7, schemer("s", "C1"), hero("b", "B1"), hero("t", "C1", "Tiny")),
         ranged(3), None, [["t"]]),
    case("ranged-tie-for-nearest", "c and e are both 1 from D1: the players choose one",
         "Ranged Attack", TIED,
         build(CORRIDOR_7, schemer("s", "D1"), hero("c", "C1"), hero("e", "E1")), ranged(3),
         ("ranged-targets", [["c"], ["e"]]), [["c"], ["e"]]),
    case("ranged-tie-at-edge", "2 targets: c (1) surely, then a or g (both 3): the choice "
         "is among the tied only", "Ranged Attack", TIED,
         build(CORRIDOR_7, schemer("s", "D1"), hero("c", "C1"), hero("a", "A1"),
               hero("g", "G1")), ranged(5, 2),
         ("ranged-targets", [["a"], ["g"]]), [["a", "c"], ["c", "g"]]),
    case("ranged-tie-all-fit", "3 targets: c, a and g all fit, nobody chooses",
         SCHEMER_ATTACKS, RANGED_RULE,
         build(CORRIDOR_7, schemer("s", "D1"), hero("c", "C1"), hero("a", "A1"),
               hero("g", "G1")), ranged(5, 3),
         None, [["a", "c", "g"]]),
    case("ranged-tie-beyond-range", "a and g (3) are out of Range 2: only c, no choice",
         SCHEMER_ATTACKS, RANGED_RULE,
         build(CORRIDOR_7, schemer("s", "D1"), hero("c", "C1"), hero("a", "A1"),
               hero("g", "G1")), ranged(2, 2),
         None, [["c"]]),
    case("ranged-avoided-excluded", "the Avoided Hero on B1 is passed over for e",
         "Avoided", "Schemers cannot target or interact with Avoided figures.",
         build(CORRIDOR_7, schemer("s", "A1"), hero("p", "B1", "Avoided"), hero("e", "E1")),
         ranged(5), None, [["e"]]),
    case("ranged-berserk-nearest-schemer", "a Berserk Schemer shoots the Schemer o (1) "
         "before the Hero h (2)", "Berserk", "Figure treats all other figures as Foes.",
         build(CORRIDOR_7, schemer("s", "A1", "Berserk"), schemer("o", "B1"),
               hero("h", "C1")), ranged(3),
         None, [["o"]]),
]


@pytest.mark.parametrize(("rule", "position", "attack", "asked", "outcomes"), ATTACKS)
def test_attack_targets(
    rule: Rule, position: Position, attack: SchemerAttack,
    asked: tuple[str, list[list[str]]] | None, outcomes: list[list[str]],
) -> None:
    decision = first_decision(attack_targets(position, "s", attack))
    if asked is None:
        assert decision is None, rule
    else:
        assert decision is not None, rule
        kind, options = asked
        assert (decision.kind, decision.decider, decision.figure) == (
            kind, Decider.TABLE, "s"), rule
        assert sorted(sorted(o) for o in decision.options) == options, rule
    got = []
    for _, plan in all_outcomes(lambda: attack_targets(position, "s", attack)):
        assert (plan.attacker, plan.attack) == ("s", attack), rule
        got.append(sorted(plan.targets))
    assert sorted(got) == outcomes, rule


# --- group turns (glossary: Scheme, Schemer Group, Stun Token) -----------------------------

BLOCKS = """
sample = true

[groups.rats]
standees = [1, 2, 3]
fortitude = 3

[[groups.rats.schemes]]
name = "Rush"
faces = [1]
steps = [{ move = 4, toward = "nearest foe" }]

[[groups.rats.schemes]]
name = "Rush and bite"
faces = [2]
steps = [{ move = 4, toward = "nearest foe" }, { attack = "melee", damage = 1 }]

[[groups.rats.schemes]]
name = "Squeak and spit"
faces = [3]
steps = [
  { special = "Squeak", text = "Each rat adjacent to a Foe gains 1 Shield Token." },
  { attack = "ranged", range = 3, damage = 1 },
]
"""
RATS = parse_scheme_blocks(BLOCKS, "<rats>")["rats"]
RUSH = RATS.scheme("Rush")
RUSH_AND_BITE = RATS.scheme("2")
SQUEAK = RATS.scheme("3")
SCHEME = "Scheme"
ONE_AT_A_TIME = ("When a Schemer Group’s initiative token is drawn from the bag during the "
                 "Combat Phase, each Schemer in that group will carry out their rolled Scheme "
                 "one at a time.")
IN_ORDER = "The Schemers act in the initiative order given by the numbers on their figures."
STUNNED = ("If a Schemer or a Solo Mode Companion has a Stun Token when their turn begins, "
           "they skip their turn and discard all of their Stun Tokens.")


def rat(figure_id: str, at: str, number: int | None, **tokens: int) -> dict[str, object]:
    keys: dict[str, object] = {"group": "rats", "fortitude": 3}
    if number is not None:
        keys["number"] = number
    if tokens:
        keys["tokens"] = tokens
    return fig(figure_id, at, "schemer", **keys)


def summary(position: Position, scheme: Scheme, turn: SchemerTurn) -> str:
    """One Schemer's turn in a line, step by step: ``r1: move D1>B1; melee h``."""
    names = position.board.names
    if any("Stunned" in n for n in turn.notes):
        return f"{turn.figure}: stunned"
    moves, attacks, specials = list(turn.moves), list(turn.attacks), list(turn.specials)
    parts = []
    for step in scheme.steps:
        if isinstance(step, MoveStep):
            m = moves.pop(0)
            parts.append(f"move {names[m.start]}>{names[m.to]}")
        elif isinstance(step, AttackStep):
            a = attacks.pop(0)
            parts.append(f"{a.attack.kind.value} {','.join(a.targets) or '-'}")
        else:
            parts.append(f"special {specials.pop(0).name}")
    assert not (moves or attacks or specials)
    return f"{turn.figure}: {'; '.join(parts)}"


TURNS = [
    case("group-standee-order", "r1 acts before r2 though r2 is listed first", SCHEME,
         IN_ORDER,
         positioned(CORRIDOR_7, rat("r2", "G1", 2), rat("r1", "D1", 1), fig("h", "A1")),
         SQUEAK, None,
         [("r1: special Squeak; ranged h", "r2: special Squeak; ranged -")],
         {"r2": "G1", "r1": "D1", "h": "A1"}, {}),
    case("group-standee-order-three", "standees 1, 3, then the unnumbered rx", "Schemer Group",
         "Act in order during their turn.",
         positioned(CORRIDOR_7, rat("rx", "E1", None), rat("r3", "F1", 3),
                    rat("r1", "G1", 1), fig("h", "A1")),
         SQUEAK, None,
         [("r1: special Squeak; ranged -", "r3: special Squeak; ranged -",
           "rx: special Squeak; ranged -")],
         {"rx": "E1", "r3": "F1", "r1": "G1", "h": "A1"}, {}),
    case("group-second-sees-first", "r1 takes B1 next to h; r2 then goes to A2, the other "
         "space next to h (3 from D2)", SCHEME, ONE_AT_A_TIME,
         positioned(HEX_2x5, fig("h", "A1"), rat("r1", "D1", 1), rat("r2", "D2", 2)),
         RUSH, None,
         [("r1: move D1>B1", "r2: move D2>A2")],
         {"h": "A1", "r1": "B1", "r2": "A2"}, {}),
    case("group-stunned-second-skips", "r2 is Stunned: it stays on D2 and loses its Stun "
         "Token, keeping its Shield Token", "Stun Token", STUNNED,
         positioned(HEX_2x5, fig("h", "A1"), rat("r1", "D1", 1),
                    rat("r2", "D2", 2, stun=1, shield=1)),
         RUSH, None,
         [("r1: move D1>B1", "r2: stunned")],
         {"h": "A1", "r1": "B1", "r2": "D2"}, {"r2": {"shield": 1}}),
    case("group-stunned-first-skips", "r1 is Stunned and stays on D1; r2 then finds B1 and "
         "A2 both 3 away: the players choose", "Stun Token", STUNNED,
         positioned(HEX_2x5, fig("h", "A1"), rat("r1", "D1", 1, stun=2),
                    rat("r2", "D2", 2)),
         RUSH, ("final-target-space", ["A2", "B1"]),
         [("r1: stunned", "r2: move D2>A2"), ("r1: stunned", "r2: move D2>B1")],
         None, {"r1": {}}),
    case("group-attack-after-move", "r1 moves D1 to B1, then bites h from there",
         SCHEMER_ATTACKS, MELEE_RULE,
         positioned(CORRIDOR_7, fig("h", "A1"), rat("r1", "D1", 1)),
         RUSH_AND_BITE, None,
         [("r1: move D1>B1; melee h",)],
         {"h": "A1", "r1": "B1"}, {}),
    case("group-attack-sees-earlier-move", "r1's move leaves B1 Occupied, so r2 stops on C1 "
         "(widening) and has no adjacent Foe", SCHEMER_ATTACKS, MELEE_RULE,
         positioned(CORRIDOR_7, fig("h", "A1"), rat("r1", "D1", 1), rat("r2", "F1", 2)),
         RUSH_AND_BITE, None,
         [("r1: move D1>B1; melee h", "r2: move F1>C1; melee -")],
         {"h": "A1", "r1": "B1", "r2": "C1"}, {}),
]


def _turn_outcomes(position: Position, scheme: Scheme) -> list[tuple[tuple[Any, ...], GroupTurn]]:
    return all_outcomes(lambda: group_turn(position, "rats", scheme))


@pytest.mark.parametrize(
    ("rule", "position", "scheme", "asked", "outcomes", "after", "tokens"), TURNS)
def test_group_turn(
    rule: Rule, position: Position, scheme: Scheme, asked: tuple[str, list[str]] | None,
    outcomes: list[tuple[str, ...]], after: dict[str, str] | None,
    tokens: dict[str, dict[str, int]],
) -> None:
    decision = first_decision(group_turn(position, "rats", scheme))
    if asked is None:
        assert decision is None, rule
    else:
        assert decision is not None, rule
        assert (decision.kind, decision.decider) == (asked[0], Decider.TABLE), rule
        assert sorted(position.board.names[o] for o in decision.options) == asked[1], rule
    found = _turn_outcomes(position, scheme)
    got = sorted(tuple(summary(position, scheme, t) for t in turn.turns) for _, turn in found)
    assert got == outcomes, rule
    for _, turn in found:
        assert (turn.group, turn.scheme) == ("rats", scheme.name), rule
        if after is not None:
            assert where(turn.position) == after, rule
        for figure_id, held in tokens.items():
            figure = turn.position.figure(figure_id)
            assert {t.value: n for t, n in figure.tokens} == held, rule


def test_special_step_reported_with_its_text() -> None:
    position = positioned(CORRIDOR_7, rat("r1", "D1", 1), fig("h", "A1"))
    found = all_outcomes(lambda: group_turn(position, "rats", SQUEAK))
    assert len(found) == 1
    (turn,) = found[0][1].turns
    assert [(s.name, s.text) for s in turn.specials] == [
        ("Squeak", "Each rat adjacent to a Foe gains 1 Shield Token.")]
    assert turn.log[0] == ("r1: Squeak: Each rat adjacent to a Foe gains 1 Shield Token. "
                           "(the table carries this out)")
    assert [(a.attack.range, a.targets) for a in turn.attacks] == [(3, ("h",))]


def test_stunned_schemer_note() -> None:
    position = positioned(CORRIDOR_7, rat("r1", "D1", 1, stun=1), fig("h", "A1"))
    found = all_outcomes(lambda: group_turn(position, "rats", RUSH_AND_BITE))
    (turn,) = found[0][1].turns
    assert (turn.moves, turn.attacks, turn.specials) == ((), (), ())
    assert turn.notes == (
        "Stunned: skips its turn and discards its Stun Tokens (Stun Token, 1)",)


def test_fallback_note_says_why_the_fallback_was_used() -> None:
    """Appendix D, "or… if": the latter is considered only if the former finds nothing."""
    p = build(". . .", schemer("s", "A1"), hero("h", "C1"))
    found = select(p, p.figure("s"), parse_selector("wounded foe, or if none, nearest foe"))
    assert [f.id for f in found.figures] == ["h"]
    assert found.notes == ["no wounded foe"]


def test_group_members_of_an_unknown_group() -> None:
    position = positioned(CORRIDOR_7, rat("r1", "D1", 1), fig("h", "A1"))
    with pytest.raises(TalesError) as error:
        group_members(position, "wolves")
    assert str(error.value) == "no figures of group 'wolves' in this position (groups: rats)"


def test_group_turn_of_a_group_with_no_figure_left_does_nothing() -> None:
    """A group whose Schemers are all Defeated still has its turn: nobody acts."""
    position = positioned(CORRIDOR_7, rat("r1", "D1", 1), fig("h", "A1"))
    turn = resolve(group_turn(position, "wolves", RUSH), first_option)
    assert (turn.turns, turn.position) == ((), position)
