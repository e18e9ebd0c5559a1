"""Rule cases for Heroes' abilities (tales.rules.effects, tales.rules.reactions): costs,
"may" steps, effects in order, every effect verb, Backstab, Setup Flags and Reactions.

Each row is a :class:`Play`: a position, the abilities each figure has equipped (written
in the kit format, :func:`tests.cases._heroes.ability`), what is done (an ability used, a
Schemer's Attack), the dice rolled and the answers given in order (:mod:`tests.cases.
_combat`: a row fails when an unscripted Decision is asked or a scripted one is not), and
the outcome worked out by hand from the row's passage. ``expect`` names the parts of
:func:`tests.cases._heroes.summary` it checks; ``"options:KIND"`` is the options of the
first Decision of that kind (spaces by name); ``"refused"`` counts the activations refused.

Maps. ``LANE`` is one row ``A1 B1 C1 D1 E1 F1 G1``: each space touches only its left and
right neighbour, so Line of Fire distances are column differences. ``HEX`` is three rows of
five hexes; C2 touches B2 D2 C1 D1 C3 D3.

Figures. ``h`` is a Hero (Fortitude 6, Wounded side 8) on A1 unless said otherwise; ``s``,
``s1``, ``s2`` are Schemers (Fortitude 20); ``f`` is a Friend of ``h`` (another Hero).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tales.board.burst import Placement, load_bursts
from tales.board.position import Position
from tales.content.heroes import parse_hero_kit
from tales.errors import IllegalChoice
from tales.rules.attacks import Battle, schemer_attack
from tales.rules.decisions import Resolution
from tales.rules.dice import Face
from tales.rules.effects import Ability, activate, burst_placements
from tales.rules.schemer_attacks import AttackKind, AttackPlan, SchemerAttack
from tests.build import build, fig, hero, positioned

from ._build import Rule, case
from ._combat import ONE, TWO, Choice, foe, hero_, run, space
from ._heroes import ability, equipped, options, outcome, summary, with_state

LANE = ". . . . . . ."
HEX = """
. . . . .
 . . . . .
. . . . .
"""
BURSTS = load_bursts()

Act = Callable[[Battle], Resolution[Any]]


# --- figures and positions ----------------------------------------------------------------



def illusion(figure_id: str, at: str) -> dict[str, object]:
    """One of Eve's Illusions (Eve is ``h``)."""
    return fig(figure_id, at, "hero", role="illusion", owner="h", fortitude=3)


def pooky(at: str = "A1") -> dict[str, object]:
    return fig("pooky", at, "hero", keywords=["Tiny", "Avoided"], role="pooky", owner="h")


def lane(*figures: dict[str, object], grid: str = LANE, **keys: Any) -> Position:
    return positioned(grid, *figures, **keys)


def hexes(*figures: dict[str, object]) -> Position:
    return positioned(HEX, *figures)


def placed(position: Position, actor: str, template: str, within: int, anchor: str
           ) -> Placement:
    """The placement of a Burst template anchored on ``anchor`` (its first rotation)."""
    return next(p for p in burst_placements(position, position.figure(actor),
                                            BURSTS[template], within)
                if p.anchor == space(position, anchor))


# --- what a row does ----------------------------------------------------------------------

def refusing(act: Act) -> Act:
    """Run ``act``; an activation refused as illegal is noted ``refused: ...``."""
    def run_it(table: Battle) -> Resolution[Battle]:
        try:
            return outcome((yield from act(table)))
        except IllegalChoice as why:
            return table.note(f"refused: {why}")
    return run_it


def activation(step: Ability, by: str) -> Act:
    return lambda table: activate(table, by, step)


def use(*steps: Ability, by: str = "h") -> Act:
    """``by`` activates each ability in turn; one refused is noted and the rest go on."""
    def act(table: Battle) -> Resolution[Battle]:
        for step in steps:
            table = yield from refusing(activation(step, by))(table)
        return table
    return act


def attack(damage: int, *targets: str, by: str = "s", harm: str | None = None) -> Act:
    """A Schemer's Melee Attack for ``damage`` on ``targets``."""
    plan = AttackPlan(SchemerAttack(AttackKind.MELEE, damage, len(targets), None, harm), by,
                      targets, "scripted")
    return lambda table: schemer_attack(table, plan)


def then(*acts: Act) -> Act:
    """Each act in turn on the Battle the one before left."""
    def act(table: Battle) -> Resolution[Battle]:
        for step in acts:
            table = outcome((yield from step(table)))
        return table
    return act


def nothing(table: Battle) -> Resolution[Battle]:
    """Do nothing (a row about equipping)."""
    yield from ()
    return table


@dataclass(frozen=True)
class Play:
    """A row: the position, each figure's abilities, what is done, dice and answers, and
    what must come of it. ``prepare`` changes the Battle before (e.g. Cooldown Tokens)."""

    position: Position
    abilities: Mapping[str, Sequence[Ability]]
    act: Act
    rolls: Sequence[Face] = ()
    choices: Sequence[Choice] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    prepare: Callable[[Battle], Battle] | None = None
    pool: int = 0
    limits: Mapping[str, int] = field(default_factory=dict)


def cooled(name: str, cooldown: int | None = None, charges: int | None = None,
           figure: str = "h") -> Callable[[Battle], Battle]:
    """Set ``figure``'s ability ``name`` to these Cooldown/Charge Tokens before the act."""
    return lambda table: with_state(table, figure, name, cooldown, charges)


# --- abilities used by several rows -------------------------------------------------------

SHIELD_UP = '{ gain = true, tokens = { shield = 1 } }'
STEP = ability("action", "{ move = 1 }", name="step")
COOL = ability("action", SHIELD_UP, cost="{ cooldown = 2 }")
CHARGED = ability("action", SHIELD_UP, cost="{ charge = true }", charges="2")
ONE_CHARGE = ability("action", SHIELD_UP, cost="{ charge = true }", charges="1")
DISCARD = ability("action", SHIELD_UP, cost="{ discard = true }")
FLAGGED = ability("action", SHIELD_UP, cost="{ charge = true }", charges="3", name="flag")


def reaction(trigger: str, *steps: str, cost: str | None = None, charges: str | None = None,
             name: str = "it") -> Ability:
    keys = {"trigger": f'"{trigger}"'}
    if cost:
        keys["cost"] = cost
    if charges:
        keys["charges"] = charges
    return ability("reaction", *(steps or (SHIELD_UP,)), name=name, **keys)


def backstabber(targets: int = 1) -> Ability:
    return ability("action", f'{{ attack = "melee", dice = 1, targets = {targets}, '
                   'backstab = 1 }')


TWIN_CARD = parse_hero_kit("""\
[hero]
id = "h"
fortitude = 6
wounded_fortitude = 8

[[abilities]]
name = "Frost"
card = "Twin spell"
kind = "action"
cost = { charge = true }
charges = 2
effects = [ { gain = true, tokens = { shield = 1 } } ]

[[abilities]]
name = "Flame"
card = "Twin spell"
kind = "action"
cost = { charge = true }
charges = 2
effects = [ { gain = true, tokens = { damage_boost = 1 } } ]
""", "<twin>")
FROST, FLAME = (k.ability for k in TWIN_CARD.abilities)

# the glossary's Wounded example: Deirdre and Gog, both about to be Wounded by one Attack
DEIRDRE = fig("deirdre", "A1", "hero", fortitude=10, wounded_fortitude=9, damage=8)
GOG = fig("gog", "C1", "hero", fortitude=12, wounded_fortitude=10, damage=10)
SHIELD_WALL = reaction("wounded", '{ give = true, tokens = { shield = 2 }, '
                       'target = "friend within 3" }', cost="{ cooldown = 1 }",
                       name="Shield wall")
ROAR = reaction("wounded", '{ gain = true, tokens = { damage_boost = 1 } }',
                cost="{ cooldown = 1 }", name="Roar")
EXAMPLE = lane(DEIRDRE, foe("s", "B1"), GOG)
BOTH_WOUNDED = {"deirdre": [SHIELD_WALL], "gog": [ROAR]}

BURST_STAB = ability("action", '{ attack = "burst", template = "blast", range = 2, dice = 1, '
                     'backstab = 1 }')
BURST_POSITION_WEAK = hexes(hero_("h", "A2"), foe("s1", "C2", tokens={"weaken": 1}),
                            foe("s2", "D3", tokens={"weaken": 1}))
BURST_POSITION = hexes(hero_("h", "A2"), foe("s1", "C2"), foe("s2", "D3"), hero_("f", "D2"),
                       foe("s3", "E1"))


# --- costs ----------------------------------------------------------------------------------

COSTS = [
    case("effect-cooldown-cost-adds-cooldown-tokens", "a Cooldown 2 ability gets 2 Cooldown Tokens "
         "when used",
         "Cooldown Ability", "Requires adding Cooldown Tokens to activate.",
         Play(lane(hero_()), {"h": [COOL]}, use(COOL),
              expect={"abilities": {"h": ["it 2/0"]}, "state": {"h": (0, {"shield": 1})}})),
    case("effect-cooldown-tokens-refuse-a-second-use",
         "with its Cooldown Tokens on it, the ability "
         "is refused",
         "Cooldown Ability", "Cannot be activated if it already has Cooldown Tokens.",
         Play(lane(hero_()), {"h": [COOL]}, use(COOL, COOL),
              expect={"abilities": {"h": ["it 2/0"]}, "state": {"h": (0, {"shield": 1})},
                      "refused": 1})),
    case("effect-charge-cost-spends-a-charge-token", "a Charge Ability of 2 has 1 left after a use",
         "Charge Token", "Spent when activating a Charge Ability.",
         Play(lane(hero_()), {"h": [CHARGED]}, use(CHARGED),
              expect={"abilities": {"h": ["it 0/1"]}, "asked": []})),
    case("effect-charge-ability-empty-is-refused", "its only Charge Token spent: refused",
         "Charge Ability", "Cannot be activated without Charge Tokens.",
         Play(lane(hero_()), {"h": [ONE_CHARGE]}, use(ONE_CHARGE, ONE_CHARGE),
              expect={"abilities": {"h": ["it 0/0"]}, "refused": 1,
                      "state": {"h": (0, {"shield": 1})}})),
    case("effect-overcharge-pays-when-no-charge-token-left", "no Charge Token left: the Overcharge "
         "Token is spent without a question",
         "Overcharge Token", "You may discard an Overcharge Token to activate any of your "
         "Charge Abilities, even if that ability has no remaining Charge Tokens.",
         Play(lane(hero_(tokens={"overcharge": 1})), {"h": [ONE_CHARGE]},
              use(ONE_CHARGE, ONE_CHARGE), choices=[("overcharge", False)],
              expect={"asked": ["overcharge"], "abilities": {"h": ["it 0/0"]},
                      "state": {"h": (0, {"shield": 2})}, "refused": 0})),
    case("effect-overcharge-instead-of-a-charge-token", "both possible: the player is asked, and "
         "chooses the Overcharge Token; the Charge Token stays",
         "Overcharge Token", "If a Charge Ability still has Charge Tokens available, you may "
         "choose to use an Overcharge Token instead of spending one of the card",
         Play(lane(hero_(tokens={"overcharge": 1})), {"h": [CHARGED]}, use(CHARGED),
              choices=[("overcharge", True)],
              expect={"asked": ["overcharge"], "abilities": {"h": ["it 0/2"]},
                      "state": {"h": (0, {"shield": 1})}})),
    case("effect-overcharge-declined-spends-the-charge-token", "both possible, the Charge Token is "
         "chosen: the Overcharge Token is kept",
         "Overcharge Token", "If a Charge Ability still has Charge Tokens available, you may "
         "choose to use an Overcharge Token instead of spending one of the card",
         Play(lane(hero_(tokens={"overcharge": 1})), {"h": [CHARGED]}, use(CHARGED),
              choices=[("overcharge", False)],
              expect={"abilities": {"h": ["it 0/1"]},
                      "state": {"h": (0, {"overcharge": 1, "shield": 1})}})),
    case("effect-overcharge-does-not-beat-cooldown", "a Fatigued Charge Ability is refused even "
         "with an Overcharge Token",
         "Overcharge Token", "You cannot use an Overcharge Token on a Charge Ability that has "
         "Cooldown Tokens on it (as affected by Fatigue).",
         Play(lane(hero_(tokens={"overcharge": 1})), {"h": [CHARGED]}, use(CHARGED),
              prepare=cooled("it", cooldown=1, charges=0),
              expect={"refused": 1, "state": {"h": (0, {"overcharge": 1})}})),
    case("effect-overcharge-pays-for-a-reaction", "an empty Charge Reaction with an Overcharge "
         "Token is offered on its Trigger and paid with the token",
         "Overcharge Token", "Activating a Charge Ability with an Overcharge Token still "
         "requires you to use an appropriate Action or Shenanigan ability tile, or fulfill the "
         "Reaction trigger of that Charge Ability.",
         Play(lane(hero_(tokens={"overcharge": 1}), foe()),
              {"h": [reaction("attacked", cost="{ charge = true }", charges="1")]},
              attack(2, "h"), [], [("reaction", "it"), ("shields", 1)],
              prepare=cooled("it", charges=0),
              expect={"asked": ["reaction", "shields"], "state": {"h": (0, {})},
                      "abilities": {"h": ["it 0/0"]}})),
    case("effect-discard-ability-gone-for-the-game", "a Discard Ability is used once, then refused",
         "Discard Ability", "One-time-use ability indicated by a dissolving scroll icon.",
         Play(lane(hero_()), {"h": [DISCARD]}, use(DISCARD, DISCARD),
              expect={"discarded": [("h", "it")], "refused": 1,
                      "state": {"h": (0, {"shield": 1})}})),
    case("effect-discarded-reaction-not-offered-again",
         "a Discard Reaction used against one Attack "
         "is not offered against the next",
         "Reaction", "Discarding the Reaction Card",
         Play(lane(hero_(), foe()), {"h": [reaction("attacked", cost="{ discard = true }")]},
              then(attack(2, "h"), attack(2, "h")),
              choices=[("reaction", "it"), ("shields", 1)],
              expect={"asked": ["reaction", "shields"], "state": {"h": (2, {})},
                      "discarded": [("h", "it")]})),
    case("effect-charge-abilities-of-a-card-share-their-tokens", "two Charge Abilities of one card "
         "draw on one pool: using one leaves the other one fewer",
         "Ability", "Charge Abilities share a single pool of Charge Tokens.",
         Play(lane(hero_()), {"h": [FROST, FLAME]}, use(FROST),
              expect={"abilities": {"h": ["Frost 0/1", "Flame 0/1"]}})),
]


# --- "may" steps and order --------------------------------------------------------------------

MAY_MOVE = ability("action", "{ move = 2, may = true }", SHIELD_UP)
GRAB_THEN_HIT = ability("action", '{ grab = true, target = "foe within 2" }',
                        '{ attack = "melee", dice = 1 }')
PUSH_THEN_HIT = ability("action", '{ push = 2, target = "adjacent foe" }',
                        '{ attack = "melee", dice = 1 }')

STEPS = [
    case("effect-may-step-asked-and-taken", "a \"may\" step is a Decision; yes: it happens",
         "Ability", "Optional effects are indicated by “may”.",
         Play(lane(hero_()), {"h": [MAY_MOVE]}, use(MAY_MOVE), [],
              [("may", True), ("move-to", 2)],
              expect={"asked": ["may", "move-to"], "where": {"h": "C1"},
                      "state": {"h": (0, {"shield": 1})}})),
    case("effect-may-step-skipped", "no: that step is skipped and the next one still happens",
         "Ability", "Optional effects are indicated by “may”.",
         Play(lane(hero_()), {"h": [MAY_MOVE]}, use(MAY_MOVE), [], [("may", False)],
              expect={"asked": ["may"], "where": {"h": "A1"},
                      "state": {"h": (0, {"shield": 1})}})),
    case("effect-steps-in-order-grab-then-attack", "Grab first brings the Foe next to h, so the "
         "Melee Attack after it has a target",
         "Ability", "Multiple effects are carried out in order.",
         Play(lane(hero_(), foe(at="C1")), {"h": [GRAB_THEN_HIT]}, use(GRAB_THEN_HIT), [TWO],
              expect={"where": {"h": "A1", "s": "B1"}, "state": {"s": (2, {})}})),
    case("effect-steps-in-order-push-then-attack",
         "Push first moves the Foe away: the Melee Attack "
         "after it has no target and nothing is rolled",
         "Ability", "Multiple effects are carried out in order.",
         Play(lane(hero_(), foe()), {"h": [PUSH_THEN_HIT]}, use(PUSH_THEN_HIT),
              expect={"where": {"h": "A1", "s": "D1"}, "state": {"s": (0, {})},
                      "asked": []})),
    case("effect-separate-abilities-independent", "using one ability does not touch another's "
         "tokens",
         "Ability", "Separate abilities on the same card/mat can be activated independently.",
         Play(lane(hero_()), {"h": [COOL, STEP]}, use(COOL, STEP), [], [("move-to", 1)],
              expect={"abilities": {"h": ["it 2/0", "step 0/0"]}, "where": {"h": "B1"},
                      "refused": 0})),
]


# --- the effect verbs -----------------------------------------------------------------------

MOVE2 = ability("action", "{ move = 2 }", name="move")
LEAP2 = ability("action", "{ leap = 2 }")
MELEE2 = ability("action", '{ attack = "melee", dice = 2 }')
RANGED3 = ability("action", '{ attack = "ranged", range = 3, dice = 1 }')
BLAST = ability("action", '{ attack = "burst", template = "blast", range = 2, fixed = 2 }')
PUSH3 = ability("action", '{ push = 3, target = "adjacent foe" }')
PULL3 = ability("action", '{ pull = 3, target = "foe within 3" }')
GRAB = ability("action", '{ grab = true, target = "foe within 2" }')
HEAL3 = ability("action", '{ heal = 3, target = "friend within 2" }')
GAIN = ability("action", "{ gain = true, tokens = { shield = 2 } }")
GIVE = ability("action", '{ give = true, tokens = { toughness = 1 }, '
               'target = "friend within 3" }')
WEAKEN2 = ability("action", '{ weaken = 2, target = "adjacent foe" }')
STUN = ability("action", '{ stun = true, target = "foe within 2" }')
DISARM2 = ability("action", '{ disarm = 2, target = "adjacent foe" }')
PLACE2 = ability("action", '{ place = 2, target = "foe within 3" }')
FATIGUE2 = ability("action", '{ fatigue = 2, target = "friend within 3" }')
CARD_A = ability("action", "{ move = 1 }", name="card a")
CARD_B = ability("action", "{ move = 1 }", name="card b")
DISARM3 = ability("action", '{ disarm = 3, target = "adjacent foe" }')
INVIGORATE2 = ability("action", "{ invigorate = 2 }", name="vig")
A_COOLED = ability("action", "{ move = 1 }", name="a")
B_COOLED = ability("action", "{ move = 1 }", name="b")
RECHARGE3 = ability("action", "{ recharge = 3 }", name="re")
INSPIRE = ability("action", "{ inspire = true }")
ILLUSION = ability("action", '{ illusion = true, target = "space within 2" }')
FIRE = ability("action", '{ wizard_fire = true, target = "space within 4" }')
TRAP = ability("action", '{ trap = true, target = "space within 2", damage = 2 }')
TRAP3 = ability("action", '{ trap = true, target = "space within 3", damage = 2 }')
# A1 B1 C1 D1 over A2 B2 C2 D2: B1 Impassable, a Trap on C1, Wizard Fire on A2; from A1,
# Line of Fire goes A2 (1), B2 (2), C2 and C1 (3)
TRAP_POSITION = build(". # T .\n . . . .", hero("h", "A1"), wizard_fire={"A2": 1})
OPEN = ability("action", "{ open_door = true }")
AVERT = reaction("damaged", "{ avert_harm = true }", cost="{ cooldown = 1 }")


def cool_both(table: Battle) -> Battle:
    return with_state(with_state(table, "h", "a", cooldown=1), "h", "b", cooldown=1)


VERBS = [
    case("effect-move-takes-difficult-into-account",
         "Move 2 with a Difficult space next: only that "
         "space (2 points) or staying",
         "Move X", "Moves up to X spaces, taking map features into account.",
         Play(lane(hero_(), grid=". ~ . . ."), {"h": [MOVE2]}, use(MOVE2), [],
              [("move-to", 1)],
              expect={"options:move-to": ["A1", "B1"], "where": {"h": "B1"}})),
    case("effect-move-onto-a-trap-is-told",
         "h Moves 2 along B1 onto the Trap on C1: it takes the Trap's damage, the Trap is "
         "removed, and the log says so as it says a Schemer's (issue 38, item 5)",
         "Trap", "When a figure Moves < or is forced onto or through a Trap space, remove the "
         "Trap and all damage tokens on it from the map, and assign those damage tokens to "
         "that figure.",
         Play(lane(hero_(), grid=". . T . ."), {"h": [MOVE2]}, use(MOVE2), [],
              [("move-to", 2)],
              expect={"where": {"h": "C1"}, "state": {"h": (1, {})}, "traps": {},
                      "log": ["h uses move", "h moves to C1 (takes 1 damage: a Trap on C1)"]})),
    case("effect-leap-onto-a-hazard-is-told",
         "h Leaps 2 onto the Hazard (2 damage) on C1: the log names the Hazard",
         "Leap X", "If the space where a figure ends its Leap ; causes something to happen "
         "(e.g., taking damage from a Trap), that effect resolves as normal.",
         Play(build(". . ^ . .", hero("h", "A1"),
                    features={"^": {"kind": "hazard", "damage": 2}}),
              {"h": [LEAP2]}, use(LEAP2), [], [("move-to", 2)],
              expect={"state": {"h": (2, {})},
                      "log": ["h uses it",
                              "h leaps to C1 (takes 2 damage: a Hazard on C1)"]})),
    case("effect-leap-over-a-figure",
         "Leap 2 passes over the Foe next to h; its space is not an end",
         "Leap X", "The figure ignores other figures during the Leap",
         Play(lane(hero_(), foe()), {"h": [LEAP2]}, use(LEAP2), [], [("move-to", 2)],
              expect={"options:move-to": ["A1", "C1"], "where": {"h": "C1", "s": "B1"}})),
    case("effect-melee-attack-adjacent-foe", "Melee 2 dice on the adjacent Foe: 1 + 2 = 3",
         "Melee Attack", "Affects adjacent Foes.",
         Play(lane(hero_(), foe()), {"h": [MELEE2]}, use(MELEE2), [ONE, TWO],
              expect={"state": {"h": (0, {}), "s": (3, {})}})),
    case("effect-melee-attack-no-adjacent-foe", "no adjacent Foe: no target, nothing rolled",
         "Melee Attack", "Affects adjacent Foes.",
         Play(lane(hero_(), foe(at="C1")), {"h": [MELEE2]}, use(MELEE2),
              expect={"state": {"h": (0, {}), "s": (0, {})}, "asked": []})),
    case("effect-ranged-attack-within-range", "Range 3: the Foe 3 away is the only target, the one "
         "4 away is not",
         "Ranged Attack", "A Hero may target any Foe within the specified range.",
         Play(lane(hero_(), foe("s1", "D1"), foe("s2", "E1")), {"h": [RANGED3]}, use(RANGED3),
              [TWO], expect={"state": {"h": (0, {}), "s1": (2, {}), "s2": (0, {})}})),
    case("effect-ranged-attack-target-chosen", "two Foes in Range: the player picks one",
         "Ranged Attack", "A Hero may target any Foe within the specified range.",
         Play(lane(hero_(), foe("s1", "B1"), foe("s2", "D1")), {"h": [RANGED3]},
              use(RANGED3), [ONE], [("attack-targets", ("s2",))],
              expect={"options:attack-targets": [("s1",), ("s2",)],
                      "state": {"h": (0, {}), "s1": (0, {}), "s2": (1, {})}})),
    case("effect-burst-attack-hits-every-foe-covered",
         "a blast on C2 covers s1 and s2 (2 each) and "
         "the Friend f on D2, who is not affected; s3 is outside",
         "Burst Attack", "Affects all Foes in a specified burst area.",
         Play(BURST_POSITION, {"h": [BLAST]}, use(BLAST), [],
              [("burst-placement", placed(BURST_POSITION, "h", "blast", 2, "C2"))],
              expect={"state": {"h": (0, {}), "s1": (2, {}), "s2": (2, {}), "f": (0, {}),
                                "s3": (0, {})}})),
    case("effect-push-moves-farther-away", "Push 3 the adjacent Foe: B1 to E1",
         "Push X", "This ability moves the target X spaces farther away from the pushing "
         "figure.",
         Play(lane(hero_(), foe()), {"h": [PUSH3]}, use(PUSH3),
              expect={"where": {"h": "A1", "s": "E1"}})),
    case("effect-pull-stops-adjacent", "Pull 3 from D1 stops on B1, next to h, after 2",
         "Pull X", "The target is adjacent to the pulling figure.",
         Play(lane(hero_(), foe(at="D1")), {"h": [PULL3]}, use(PULL3),
              expect={"where": {"h": "A1", "s": "B1"}})),
    case("effect-grab-to-an-adjacent-space",
         "Grab a Foe 2 away: to either Unoccupied space next to "
         "h, the player's choice",
         "Grab", "Moves a figure to an adjacent Unoccupied space.",
         Play(lane(foe(at="A1"), hero_("h", "C1")), {"h": [GRAB]}, use(GRAB), [],
              [("grab-space", 3)],
              expect={"options:grab-space": ["B1", "D1"], "where": {"h": "C1", "s": "D1"}})),
    case("effect-place-on-a-chosen-space", "Place a Foe 2 away on an Unoccupied space within 2 "
         "of h, the player's choice; nothing between is touched",
         "Place", "Moves a figure to the specified space.",
         Play(lane(hero_("h", "A1"), foe(at="C1")), {"h": [PLACE2]}, use(PLACE2), [],
              [("place-space", 1)],
              expect={"options:place-space": [1, 2], "where": {"h": "A1", "s": "B1"}})),
    case("effect-fatigue-a-hero", "Fatigue 2 on a Friendly Hero: both Cooldown Tokens on the "
         "ability its player picks",
         "Fatigue X", "Add Cooldown Tokens: Add X Cooldown Tokens to a single ability you "
         "control.",
         Play(lane(hero_("h", "A1"), hero_("g", "B1")), {"h": [FATIGUE2], "g": [CARD_A, CARD_B]},
              use(FATIGUE2), [], [("fatigue", 1)],
              expect={"abilities": {"g": ["card a 0/0", "card b 2/0"], "h": ["it 0/0"]}})),
    case("effect-heal-up-to-x", "Heal 3 on a Friend with 2 damage removes 2",
         "Heal X", "Removes up to X damage from the target.",
         Play(lane(hero_(), hero_("f", "C1", damage=2)), {"h": [HEAL3]}, use(HEAL3),
              expect={"state": {"h": (0, {}), "f": (0, {})}})),
    case("effect-heal-keeps-wounded", "a Wounded Friend healed stays Wounded",
         "Heal X", "Cannot exceed printed Fortitude or revert Wounded figures to Fresh.",
         Play(lane(hero_(), hero_("f", "B1", wounded=True, damage=1)), {"h": [HEAL3]},
              use(HEAL3), expect={"state": {"h": (0, {}), "f": (0, {})},
                                  "wounded": ["f"], "fortitude": {"h": 6, "f": 6}})),
    case("effect-gain-power-tokens", "gain 2 Shield Tokens: on h",
         "Power Token", "Represents a one-shot positive effect.",
         Play(lane(hero_()), {"h": [GAIN]}, use(GAIN),
              expect={"state": {"h": (0, {"shield": 2})}})),
    case("effect-give-to-a-chosen-friend", "give a Toughness Token to one of two Friends in Range",
         "Power Token", "Types: Damage Boost, Evade, Hitback, Overcharge, Reset, Shield, "
         "Toughness.",
         Play(lane(hero_(), hero_("f1", "B1"), hero_("f2", "D1")), {"h": [GIVE]}, use(GIVE),
              [], [("effect-target", "f2")],
              expect={"options:effect-target": ["f1", "f2"],
                      "state": {"h": (0, {}), "f1": (0, {}), "f2": (0, {"toughness": 1})}})),
    case("effect-give-to-an-illusion-does-nothing", "an Illusion gains no Power Token",
         "Eve’s Illusions", "Illusions do not trigger Traps or Hazards and may not gain Power "
         "Tokens or Debuff Tokens.",
         Play(lane(hero_(), illusion("i1", "B1")), {"h": [GIVE]}, use(GIVE),
              expect={"state": {"h": (0, {}), "i1": (0, {})}})),
    case("effect-weaken-x", "Weaken 2: two Weaken Tokens",
         "Weaken X", "Gives X Weaken Tokens.",
         Play(lane(hero_(), foe()), {"h": [WEAKEN2]}, use(WEAKEN2),
              expect={"state": {"h": (0, {}), "s": (0, {"weaken": 2})}})),
    case("effect-weaken-big-bad-one-fewer", "Weaken 2 on a Big Bad: one",
         "Big Bad", "Reduces Debuff Tokens gained by one.",
         Play(lane(hero_(), foe(keywords=["Big Bad"])), {"h": [WEAKEN2]}, use(WEAKEN2),
              expect={"state": {"h": (0, {}), "s": (0, {"weaken": 1})}})),
    case("effect-stun-a-foe-in-range", "Stun a Foe 2 away: one Stun Token",
         "Stun", "Causes a figure to skip part or all of their next turn.",
         Play(lane(hero_(), foe(at="C1")), {"h": [STUN]}, use(STUN),
              expect={"state": {"h": (0, {}), "s": (0, {"stun": 1})}})),
    case("effect-stun-big-bad-never", "a Big Bad is not Stunned",
         "Big Bad", "Cannot be Stunned.",
         Play(lane(hero_(), foe(at="C1", keywords=["Big Bad"])), {"h": [STUN]}, use(STUN),
              expect={"state": {"h": (0, {}), "s": (0, {})}})),
    case("effect-disarm-x-chosen-tokens",
         "Disarm 2 on a Schemer with three kinds: the players pick "
         "Shield and Evade, it keeps its Toughness Token",
         "Disarm X", "Affected figure discards X Power Tokens.",
         Play(lane(hero_(), foe(tokens={"shield": 1, "toughness": 1, "evade": 1})),
              {"h": [DISARM2]}, use(DISARM2), [], [("disarm", "evade"), ("disarm", "shield")],
              expect={"state": {"h": (0, {}), "s": (0, {"toughness": 1})}})),
    case("effect-disarm-fewer-than-x", "Disarm 3 on one Power Token: it goes; a Debuff Token stays",
         "Disarm X", "If fewer than X, discards all Power Tokens.",
         Play(lane(hero_(), foe(tokens={"shield": 1, "weaken": 1})), {"h": [DISARM3]},
              use(DISARM3), expect={"state": {"h": (0, {}), "s": (0, {"weaken": 1})},
                                    "asked": []})),
    case("effect-invigorate-removes-cooldown-tokens", "Invigorate 2: a token off each cooled "
         "ability, the first one asked",
         "Invigorate X", "Removes up to X Cooldown Tokens from abilities.",
         Play(lane(hero_()), {"h": [INVIGORATE2, A_COOLED, B_COOLED]}, use(INVIGORATE2), [],
              [("invigorate", 2)], prepare=cool_both,
              expect={"asked": ["invigorate"],
                      "abilities": {"h": ["vig 0/0", "a 0/0", "b 0/0"]}})),
    case("effect-recharge-stops-at-the-setup-flag", "Recharge 3 on 1 of 2 Charge Tokens: 2",
         "Recharge X", "Cannot exceed the setup flag amount.",
         Play(lane(hero_()), {"h": [RECHARGE3, CHARGED]}, use(RECHARGE3),
              prepare=cooled("it", charges=1),
              expect={"abilities": {"h": ["re 0/0", "it 0/2"]}})),
    case("effect-inspire-adds-an-epic-die", "Inspire with 1 Epic Die of 3: 2",
         "Inspire", "Adds an Epic Die to the Epic Pool.",
         Play(lane(hero_()), {"h": [INSPIRE]}, use(INSPIRE), pool=1, expect={"pool": 2})),
    case("effect-inspire-full-pool", "Inspire with 3 of 3: still 3",
         "Inspire", "No effect if the Epic Pool is full.",
         Play(lane(hero_()), {"h": [INSPIRE]}, use(INSPIRE), pool=3, expect={"pool": 3})),
]


# --- Illusions, Wizard Fire, Traps, doors ---------------------------------------------------

SPECIALS = [
    case("effect-illusion-placed-in-range",
         "an Illusion goes on an Unoccupied space within Range 2 "
         "of Eve (h), with 3 Fortitude",
         "Eve’s Illusions", "Place Illusions in Unoccupied spaces within Range Q of the "
         "placing ability.",
         Play(lane(hero_(), foe(at="D1")), {"h": [ILLUSION]}, use(ILLUSION), [],
              [("illusion-space", 1)], limits={"illusions": 2},
              expect={"options:illusion-space": ["B1", "C1"],
                      "where": {"h": "A1", "s": "D1", "illusion1": "B1"},
                      "fortitude": {"h": 6, "s": 20, "illusion1": 3}})),
    case("effect-illusion-limit-reached", "two Illusions on the map, the card says 2: refused",
         "Eve’s Illusions", "Eve’s Illusion reminder card specifies the max number of "
         "Illusions.",
         Play(lane(hero_(), illusion("illusion1", "E1"), illusion("illusion2", "F1")),
              {"h": [ILLUSION]}, use(ILLUSION), limits={"illusions": 2},
              expect={"refused": 1, "figures": ["h", "illusion1", "illusion2"]})),
    case("effect-illusion-limit-one-more-when-wounded", "Eve Wounded: a third Illusion",
         "Eve’s Illusions", "This number increases by one when Eve is Wounded.",
         Play(lane(hero_(wounded=True), illusion("illusion1", "E1"),
                   illusion("illusion2", "F1")),
              {"h": [ILLUSION]}, use(ILLUSION), [], [("illusion-space", 2)],
              limits={"illusions": 2},
              expect={"refused": 0, "where": {"h": "A1", "illusion1": "E1", "illusion2": "F1",
                                              "illusion3": "C1"}})),
    case("effect-illusion-new-one-has-its-own-id", "illusion1 was Defeated and removed, illusion2 "
         "remains: the new Illusion is a figure of its own",
         "Eve’s Illusions", "When Defeated, Illusions are removed and can be reused by later "
         "abilities.",
         Play(lane(hero_(), illusion("illusion2", "E1")), {"h": [ILLUSION]}, use(ILLUSION),
              [], [("illusion-space", 2)], limits={"illusions": 2},
              expect={"figures": ["h", "illusion1", "illusion2"]})),
    case("effect-wizard-fire-reminder-card-damage", "Wizard Fire placed with the reminder card's "
         "damage 2",
         "Zot’s Wizard Fire", "Use the Wizard Fire reminder card for max tokens and damage "
         "amount.",
         Play(lane(hero_()), {"h": [FIRE]}, use(FIRE), [], [("effect-space", 3)],
              limits={"wizard_fire": 3, "wizard_fire_damage": 2},
              expect={"wizard_fire": {"D1": 2}})),
    case("effect-wizard-fire-at-the-limit-remove-one",
         "2 tokens, limit 2: one is removed first, the "
         "player's pick",
         "Zot’s Wizard Fire", "Can remove existing tokens to place new ones.",
         Play(build(LANE, hero("h", "A1"), wizard_fire={"B1": 1, "C1": 1}), {"h": [FIRE]},
              use(FIRE), [],
              [("effect-space", 4), ("wizard-fire-remove", 1)],
              limits={"wizard_fire": 2, "wizard_fire_damage": 1},
              expect={"wizard_fire": {"C1": 1, "E1": 1},
                      "options:wizard-fire-remove": ["B1", "C1"]})),
    case("effect-wizard-fire-not-on-fire-or-trap",
         "spaces with Wizard Fire or a Trap are not offered",
         "Zot’s Wizard Fire", "Cannot place on spaces with existing Wizard Fire or Traps.",
         Play(build(". . T . .", hero("h", "A1"), wizard_fire={"B1": 1}), {"h": [FIRE]},
              use(FIRE), [],
              [("effect-space", 3)], limits={"wizard_fire": 3},
              expect={"options:effect-space": ["A1", "D1", "E1"],
                      "wizard_fire": {"B1": 1, "D1": 1}, "traps": {"C1": 1}})),
    case("effect-wizard-fire-under-a-foe-burns-it",
         "Wizard Fire placed on a Foe's space: it shares "
         "the space, takes the damage and the token is removed",
         "Wizard Fire", "If one of Zot’s Foes shares a space with a Wizard Fire token and "
         "isn’t in the midst of a Leap ;, it takes damage, and the Wizard Fire token is then "
         "removed from the map.",
         Play(lane(hero_(), foe(at="C1")), {"h": [FIRE]}, use(FIRE), [], [("effect-space", 2)],
              limits={"wizard_fire": 3, "wizard_fire_damage": 2},
              expect={"state": {"h": (0, {}), "s": (2, {})}, "wizard_fire": {}})),
    case("effect-trap-placed-with-its-damage", "a Trap with 2 damage tokens on C1",
         "Trap", "When a Trap is placed on the map, the effect placing it will specify how "
         "many damage tokens to place on it.",
         Play(lane(hero_()), {"h": [TRAP]}, use(TRAP), [], [("effect-space", 2)],
              expect={"traps": {"C1": 2}})),
    case("effect-trap-not-on-impassable-trap-or-fire",
         "Impassable, Trap and Wizard Fire spaces are "
         "not offered",
         "Trap", "Traps cannot be placed on Impassable map features or on a space that "
         "already contains a Trap token or a Wizard Fire token.",
         Play(TRAP_POSITION, {"h": [TRAP3]}, use(TRAP3), [],
              [("effect-space", space(TRAP_POSITION, "B2"))],
              expect={"options:effect-space": ["A1", "B2", "C2"],
                      "traps": {"C1": 1, "B2": 2}, "wizard_fire": {"A2": 1}})),
    case("effect-open-an-adjacent-door", "the closed door next to h opens",
         "Door", "Scenario description indicates placement and opening rules.",
         Play(lane(hero_(), grid=". D ."), {"h": [OPEN]}, use(OPEN),
              expect={"closed_doors": []})),
    case("effect-pooky-cannot-open-doors", "Pooky next to a door: it stays closed",
         "Pooky", "Pooky cannot take damage, trigger Traps, open doors, or enter spaces with "
         "door tokens.",
         Play(lane(hero_("h", "C1"), pooky(), grid=". D ."), {}, use(OPEN, by="pooky"),
              expect={"closed_doors": ["B1"]})),
]


# --- Backstab -------------------------------------------------------------------------------
# h on B1 Attacks with Melee 1 die, Backstab +1; one die rolled means no Backstab.

BACKSTAB = [
    case("effect-backstab-next-to-a-friend", "the target is next to a Friend of h: 2 dice",
         "Gerki’s Backstab", "Adjacent to a Friendly figure.",
         Play(lane(hero_("h", "A1"), foe(), hero_("f", "C1")), {"h": [backstabber()]},
              use(backstabber()), [ONE, ONE], expect={"state": {"s": (2, {})}})),
    case("effect-backstab-debuffed-target", "the target has a Weaken Token: 2 dice",
         "Gerki’s Backstab", "Has one or more Debuff Tokens.",
         Play(lane(hero_(), foe(tokens={"weaken": 1})), {"h": [backstabber()]},
              use(backstabber()), [ONE, ONE], expect={"state": {"s": (2, {"weaken": 1})}})),
    case("effect-backstab-difficult-space", "the target stands on Difficult terrain: 2 dice",
         "Gerki’s Backstab", "On a Hazard or Difficult space and not Immune to its effects.",
         Play(lane(hero_(), foe(), grid=". ~ . ."), {"h": [backstabber()]},
              use(backstabber()), [ONE, ONE], expect={"state": {"s": (2, {})}})),
    case("effect-backstab-hazard-but-immune", "on a Hazard it is Immune to: no Backstab, 1 die",
         "Gerki’s Backstab", "On a Hazard or Difficult space and not Immune to its effects.",
         Play(lane(hero_(), foe(keywords=["Immune to Hazards"]), grid=". ^ . ."),
              {"h": [backstabber()]}, use(backstabber()), [TWO],
              expect={"state": {"s": (2, {})}})),
    case("effect-backstab-on-a-burst-attack", "a Burst Attack with Backstab on two Weakened Foes: "
         "2 dice",
         "Gerki’s Backstab", "Applies if all targets of Gerki’s Attack meet at least one:",
         Play(BURST_POSITION_WEAK, {"h": [BURST_STAB]}, use(BURST_STAB), [ONE, ONE],
              [("burst-placement", placed(BURST_POSITION_WEAK, "h", "blast", 2, "C2"))],
              expect={"state": {"s1": (2, {"weaken": 1}), "s2": (2, {"weaken": 1})}})),
    case("effect-backstab-lone-target-no-condition", "no condition met: 1 die",
         "Backstab", "All attacked figures must meet at least one condition.",
         Play(lane(hero_(), foe()), {"h": [backstabber()]}, use(backstabber()), [TWO],
              expect={"state": {"s": (2, {})}})),
    case("effect-backstab-not-all-targets", "two targets, only s1 is Weakened: no Backstab, 1 die",
         "Backstab", "All attacked figures must meet at least one condition.",
         Play(lane(foe("s1", "A1", tokens={"weaken": 1}), hero_("h", "B1"), foe("s2", "C1")),
              {"h": [backstabber(2)]}, use(backstabber(2)), [TWO],
              [("attack-targets", ("s1", "s2"))],
              expect={"state": {"s1": (2, {"weaken": 1}), "s2": (2, {})}})),
    case("effect-backstab-different-conditions", "s1 Weakened, s2 next to Friend f: Backstab once, "
         "2 dice rolled together",
         "Gerki’s Backstab", "All targets must meet at least one condition, but different "
         "targets can meet different conditions.",
         Play(lane(foe("s1", "A1", tokens={"weaken": 1}), hero_("h", "B1"), foe("s2", "C1"),
                   hero_("f", "D1")),
              {"h": [backstabber(2)]}, use(backstabber(2)), [ONE, TWO],
              [("attack-targets", ("s1", "s2"))],
              expect={"state": {"s1": (3, {"weaken": 1}), "s2": (3, {}), "f": (0, {})}})),
]


# --- Setup Flags ----------------------------------------------------------------------------

SETUP = [
    case("effect-setup-flag-power-tokens", "equipping an Item with a Setup Flag gives its Power "
         "Tokens",
         "Setup Flag", "Indicates Charge Tokens or Power Tokens at the start of the game.",
         Play(lane(hero_()), {"h": [ability("setup", on='"item"', slot='"support"',
                                            tokens="{ shield = 1, evade = 2 }")]},
              nothing, expect={"state": {"h": (0, {"evade": 2, "shield": 1})}})),
    case("effect-setup-flag-charge-tokens", "a Charge Ability starts with its Setup Flag's Charge "
         "Tokens",
         "Charge Ability", "Number of Charge Tokens indicated in the setup flag.",
         Play(lane(hero_()), {"h": [FLAGGED, STEP]}, nothing,
              expect={"abilities": {"h": ["flag 0/3", "step 0/0"]}})),
]


# --- Reactions ------------------------------------------------------------------------------

DUCK = reaction("attacked", cost="{ cooldown = 1 }")
FREE_DUCK = reaction("attacked")
VANISH = reaction("damaged", cost="{ charge = true }", charges="2")
GUARD = reaction("friend attacked", '{ give = true, tokens = { shield = 1 }, '
                 'target = "friend within 3" }', cost="{ cooldown = 1 }")
HURT = reaction("damaged", cost="{ cooldown = 1 }")
SECOND_WIND = reaction("wounded", cost="{ cooldown = 1 }")

REACTIONS = [
    case("effect-reaction-offered-on-its-trigger",
         "attacked: the Reaction is offered before damage; "
         "its Shield then takes the 2",
         "Reaction", "You may activate a Reaction whenever the specified Trigger happens, "
         "even if that interrupts some other effect, and even if it is not your turn.",
         Play(lane(hero_(), foe()), {"h": [DUCK]}, attack(2, "h"), [],
              [("reaction", "it"), ("shields", 1)],
              expect={"asked": ["reaction", "shields"], "state": {"h": (0, {})},
                      "abilities": {"h": ["it 1/0"]}})),
    case("effect-reaction-can-be-passed", "passed: nothing is paid and the damage goes through",
         "Reaction", "A Reaction is a type of ability that a Hero may play in response to "
         "specific events during the game.",
         Play(lane(hero_(), foe()), {"h": [DUCK]}, attack(2, "h"), [], [("reaction", "pass")],
              expect={"asked": ["reaction"], "state": {"h": (2, {})},
                      "abilities": {"h": ["it 0/0"]}})),
    case("effect-reaction-with-cooldown-not-offered", "Cooldown Tokens on it: not offered",
         "Reaction", "If the ability has Cooldown Tokens on it, you may not activate the "
         "Reaction.",
         Play(lane(hero_(), foe()), {"h": [DUCK]}, attack(2, "h"), prepare=cooled("it", 1),
              expect={"asked": [], "state": {"h": (2, {})}})),
    case("effect-reaction-charge-used-twice-on-one-trigger", "a Charge Reaction with 2 Charge "
         "Tokens answers one Attack twice, then is out",
         "Reaction", "If a Reaction is a Charge Ability that has multiple Charge Tokens, you "
         "may activate it multiple times in response to the same trigger event.",
         Play(lane(hero_(), foe()), {"h": [VANISH]}, attack(2, "h"), [],
              [("reaction", "it"), ("reaction", "it")],
              expect={"asked": ["reaction", "reaction"], "state": {"h": (2, {"shield": 2})},
                      "abilities": {"h": ["it 0/0"]}})),
    case("effect-reaction-free-once-per-trigger", "a Reaction with no cost answers a Trigger once; "
         "only Charge Reactions may be used again for it",
         "Reaction", "If a Reaction is a Charge Ability that has multiple Charge Tokens, you "
         "may activate it multiple times in response to the same trigger event.",
         Play(lane(hero_(), foe()), {"h": [FREE_DUCK]}, attack(2, "h"), [],
              [("reaction", "it"), ("shields", 1)],
              expect={"asked": ["reaction", "shields"], "state": {"h": (0, {})}})),
    case("effect-reaction-friend-attacked", "f is attacked: h gives f a Shield Token before damage",
         "Trigger", "Event activating a Reaction.",
         Play(lane(hero_(), foe(), hero_("f", "C1")), {"h": [GUARD]}, attack(3, "f"), [],
              [("reaction", "it"), ("shields", 1)],
              expect={"state": {"h": (0, {}), "f": (1, {})},
                      "abilities": {"h": ["it 1/0"]}})),
    case("effect-reaction-damaged-needs-damage", "all damage prevented by a Toughness Token: an "
         "\"An Attack damages you\" Reaction is not offered",
         "Evade Token", "Trigger: An Attack damages you.",
         Play(lane(hero_(tokens={"toughness": 1}), foe()), {"h": [HURT]}, attack(2, "h"), [],
              [("toughness", True)], expect={"asked": ["toughness"], "state": {"h": (0, {})}})),
    case("effect-reaction-avert-harm", "a Damaged Reaction that Averts Harm stops the Attack's "
         "Weaken",
         "Avert Harm", "Prevents Harm effects from an Attack.",
         Play(lane(hero_(), foe()), {"h": [AVERT]}, attack(2, "h", harm="Weaken target 1."),
              [], [("reaction", "it")], expect={"state": {"h": (2, {})}})),
]


# --- Wounded Reactions ----------------------------------------------------------------------

WOUNDED = [
    case("effect-wounded-both-flip-before-reactions", "Deirdre and Gog Wounded by one Attack: both "
         "flip first; Deirdre's Shield Tokens reach Gog only after, unused",
         "Wounded", "Note that Deirdre’s Wounded Reaction, which might grant Shield Tokens, "
         "cannot shield Gog from the Wounding attack, as Gog is already Wounded before "
         "Deirdre’s Reaction is resolved.",
         Play(EXAMPLE, BOTH_WOUNDED, attack(3, "deirdre", "gog"), [],
              [("wounded-order", ("deirdre", "gog")), ("reaction", "Shield wall"),
               ("reaction", "Roar")],
              expect={"wounded": ["deirdre", "gog"],
                      "state": {"deirdre": (0, {}), "s": (0, {}),
                                "gog": (0, {"damage_boost": 1, "shield": 2})},
                      "asked": ["wounded-order", "reaction", "reaction"],
                      "used": ["deirdre uses Shield wall", "gog uses Roar"]})),
    case("effect-wounded-reactions-in-the-order-chosen", "the table puts Gog's Reaction first",
         "Wounded", "Then, resolve any Wounded Reactions in the order chosen by the players.",
         Play(EXAMPLE, BOTH_WOUNDED, attack(3, "deirdre", "gog"), [],
              [("wounded-order", ("gog", "deirdre")), ("reaction", "Roar"),
               ("reaction", "Shield wall")],
              expect={"options:wounded-order": [("deirdre", "gog"), ("gog", "deirdre")],
                      "used": ["gog uses Roar", "deirdre uses Shield wall"]})),
    case("effect-wounded-reactions-after-every-flip", "Gog is Wounded and at 0 damage on his "
         "Wounded side when any Reaction resolves; the excess is ignored",
         "Wounded", "If multiple Heroes are Wounded by the same attack or effect, first flip "
         "all the damaged Heroes to their Wounded side.",
         Play(EXAMPLE, BOTH_WOUNDED, attack(5, "deirdre", "gog"), [],
              [("wounded-order", ("deirdre", "gog")), ("reaction", "pass"),
               ("reaction", "pass")],
              expect={"wounded": ["deirdre", "gog"], "fortitude": {"deirdre": 9, "s": 20,
                                                                   "gog": 10},
                      "state": {"deirdre": (0, {}), "s": (0, {}), "gog": (0, {})}})),
    case("effect-wounded-by-a-trap-while-moving", "h Moves onto a Trap and is Wounded: its Wounded "
         "Reaction is offered",
         "Wounded", "Resolve any Reactions that trigger upon becoming Wounded.",
         Play(lane(hero_(damage=5), grid=". T . ."), {"h": [MOVE2, SECOND_WIND]}, use(MOVE2),
              [], [("move-to", 2), ("reaction", "it")],
              expect={"wounded": ["h"], "state": {"h": (0, {"shield": 1})}})),
]

TABLES = (COSTS, STEPS, VERBS, SPECIALS, BACKSTAB, SETUP, REACTIONS, WOUNDED)
ROWS = [row for table in TABLES for row in table]


#: summary keys checked only for the figures a row names
PER_FIGURE = ("state", "where", "fortitude")


@pytest.mark.parametrize(("rule", "play"), ROWS)
def test_effect(rule: Rule, play: Play) -> None:
    check_play(rule, play)


def check_play(rule: Rule, play: Play) -> None:
    """Equip, prepare, act with the row's dice and answers, compare what it expects."""
    table = equipped(play.position, play.abilities, play.pool, play.limits)
    if play.prepare is not None:
        table = play.prepare(table)
    result, script = run(play.act(table), play.rolls, play.choices)
    final = outcome(result)
    got = summary(final, script)
    got["refused"] = sum(1 for line in final.log if line.startswith("refused: "))
    for key, wanted in play.expect.items():
        if key.startswith("options:"):
            got[key] = options(script, key.removeprefix("options:"), play.position)
        elif key in PER_FIGURE:  # only the figures the row names (None: not on the map)
            got[key] = {figure: got[key].get(figure) for figure in wanted}
    assert {key: got[key] for key in play.expect} == dict(play.expect), rule


def test_at_least_thirty_rows() -> None:
    assert len(ROWS) >= 30
