"""The sample Hero kits in ``heroes/``: they load, are marked sample, and every ability of
every kit (Pooky's Schemes in Zot's kit too) resolves through the Decisions in a small
situation built for it; and the kit loader's errors.

A situation is a function registered with :func:`situation` for one (kit, ability) pair. It
places the Hero with Foes and Friends so the ability has a legal use, equips the whole kit
into a Battle (:func:`tests.cases._heroes.kit_battle`), activates the ability (or sets off
its Trigger) with scripted dice and answers (:mod:`tests.cases._combat`), and checks one
outcome worked out by hand. A new ability in a sample kit without a situation fails
:func:`test_every_ability_is_covered`.

Maps. ``LANE`` is one row ``A1 ... G1``: each space touches its left and right neighbour,
so distances are column differences. ``HEX`` is three rows of five hexes (A1-E1, A2-E2,
A3-E3); B2's neighbours are A2 C2 B1 C1 B3 C3, C2's are B2 D2 C1 D1 C3 D3.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tales.board.burst import load_bursts
from tales.board.position import Position
from tales.content.heroes import load_hero_kit, parse_hero_kit
from tales.errors import ContentError, IllegalChoice
from tales.rules.attacks import Battle, schemer_attack
from tales.rules.effects import activate, burst_placements
from tales.rules.reactions import Trigger, react
from tales.rules.schemer_attacks import AttackKind, AttackPlan, SchemerAttack
from tests.build import fig, positioned
from tests.cases._build import first_decision
from tests.cases._combat import ONE, TWO, Choice, run, space, state
from tests.cases._heroes import (
    HEROES,
    abilities_of,
    kit_ability,
    kit_battle,
    outcome,
    sample_kits,
    with_state,
)

LANE = ". . . . . . ."
HEX = """
. . . . .
 . . . . .
. . . . .
"""
BURSTS = load_bursts()


# --- figures and positions ----------------------------------------------------------------

def kit_hero(kit_id: str, at: str, **keys: Any) -> dict[str, object]:
    """The kit's Hero (figure id = kit id) with its Fortitude; ``wounded=True``: on its
    Wounded side."""
    kit = sample_kits()[kit_id]
    if keys.get("wounded"):
        base: dict[str, object] = {"fortitude": kit.wounded_fortitude}
    else:
        base = {"fortitude": kit.fortitude, "wounded_fortitude": kit.wounded_fortitude}
    return fig(kit_id, at, "hero", **(base | keys))


def foe(figure_id: str, at: str, **keys: Any) -> dict[str, object]:
    """A Schemer with Fortitude 20 unless given."""
    return fig(figure_id, at, "schemer", **({"fortitude": 20} | keys))


def pooky(at: str) -> dict[str, object]:
    """Zot's Pooky: Tiny, Avoided, role pooky, controlled by Zot's player."""
    return fig("pooky", at, "hero", keywords=["Tiny", "Avoided"], role="pooky", owner="zot")


def lane(*figures: dict[str, object], grid: str = LANE) -> Position:
    return positioned(grid, *figures)


def hexes(*figures: dict[str, object]) -> Position:
    return positioned(HEX, *figures)


def use(table: Battle, hero: str, name: str, rolls: list[Any] | None = None,
        choices: list[Choice] | None = None) -> Battle:
    """Activate a kit ability with scripted dice and answers; the Battle after it."""
    ability = kit_ability(hero, name)
    result, _ = run(activate(table, hero, ability), rolls or [], choices or [])
    assert isinstance(result, Battle)
    return result


def refused(table: Battle, hero: str, name: str) -> None:
    """The ability cannot be activated now (IllegalChoice before any Decision)."""
    with pytest.raises(IllegalChoice):
        first_decision(activate(table, hero, kit_ability(hero, name)))


def attacked(table: Battle, attacker: str, targets: tuple[str, ...], damage: int,
             rolls: list[Any] | None = None, choices: list[Choice] | None = None) -> Battle:
    """A Schemer's Melee Attack for ``damage`` on ``targets`` (their Reactions answer)."""
    plan = AttackPlan(SchemerAttack(AttackKind.MELEE, damage, len(targets)), attacker,
                      targets, "scripted")
    result, _ = run(schemer_attack(table, plan), rolls or [], choices or [])
    return outcome(result)


def at(table: Battle, figure_id: str) -> str:
    position = table.position
    return position.board.names[position.figure(figure_id).at]


# --- the registry of situations -----------------------------------------------------------

Situation = Callable[[], None]
SITUATIONS: dict[tuple[str, str], Situation] = {}


def situation(kit_id: str, name: str) -> Callable[[Situation], Situation]:
    """Register the function as the situation for ``kit_id``'s ability ``name``."""
    def register(function: Situation) -> Situation:
        assert (kit_id, name) not in SITUATIONS, f"two situations for {kit_id} {name!r}"
        SITUATIONS[(kit_id, name)] = function
        return function
    return register


POOKY = "Pooky: "


def every_ability() -> list[tuple[str, str]]:
    """(kit id, ability name) of every ability of every sample kit; Pooky's Schemes are
    named ``"Pooky: NAME"``."""
    pairs = []
    for kit_id, kit in sample_kits().items():
        pairs += [(kit_id, entry.ability.name) for entry in kit.abilities]
        pairs += [(kit_id, POOKY + scheme.name) for _, scheme in kit.pooky]
    return pairs


# --- Deirdre ------------------------------------------------------------------------------

@situation("deirdre", "Hammer blow")
def _hammer_blow() -> None:
    table = kit_battle(lane(kit_hero("deirdre", "A1"), foe("s", "B1")), "deirdre")
    after = use(table, "deirdre", "Hammer blow", [ONE, TWO])
    assert state(after.position, "s") == (3, {})


@situation("deirdre", "March")
def _march() -> None:
    position = lane(kit_hero("deirdre", "A1"))
    table = kit_battle(position, "deirdre")
    result, script = run(activate(table, "deirdre", kit_ability("deirdre", "March")), [],
                         [("move-to", space(position, "C1"))])
    assert [position.board.names[s] for s in script.decision("move-to").options] == [
        "A1", "B1", "C1"]
    assert at(result, "deirdre") == "C1"


@situation("deirdre", "Steel resolve")
def _steel_resolve() -> None:
    # a Wounded-side Reaction: the Attack that flips Deirdre offers it once; 2 Shields
    table = kit_battle(lane(kit_hero("deirdre", "A1", damage=8), foe("s", "B1")), "deirdre")
    after = attacked(table, "s", ("deirdre",), 3, [], [("reaction", "Steel resolve")])
    assert after.position.figure("deirdre").wounded
    assert state(after.position, "deirdre") == (0, {"shield": 2})
    wounded = kit_battle(lane(kit_hero("deirdre", "A1", wounded=True), foe("s", "B1")),
                         "deirdre")
    offer = first_decision(react(wounded, Trigger.WOUNDED, "deirdre", "s"))
    assert offer is not None and offer.options == ("pass", "Steel resolve")
    fresh = kit_battle(lane(kit_hero("deirdre", "A1"), foe("s", "B1")), "deirdre")
    assert first_decision(react(fresh, Trigger.WOUNDED, "deirdre", "s")) is None
    refused(fresh, "deirdre", "Steel resolve")


@situation("deirdre", "Mending prayer")
def _mending_prayer() -> None:
    table = kit_battle(lane(kit_hero("deirdre", "A1"), kit_hero("gog", "C1", damage=4)),
                       "deirdre")
    after = use(table, "deirdre", "Mending prayer", [], [("may", True)])
    assert state(after.position, "gog") == (1, {})
    assert after.pool.dice == 1
    assert "Mending prayer 2/0" in abilities_of(after, "deirdre")


@situation("deirdre", "Guardian's call")
def _guardians_call() -> None:
    table = kit_battle(lane(kit_hero("deirdre", "A1"), kit_hero("gog", "C1"), foe("s", "D1")),
                       "deirdre")
    after = attacked(table, "s", ("gog",), 3, [], [("reaction", "Guardian's call"),
                                                    ("shields", 1)])
    assert state(after.position, "gog") == (1, {})
    assert "Guardian's call 1/0" in abilities_of(after, "deirdre")


@situation("deirdre", "Sanctuary")
def _sanctuary() -> None:
    table = kit_battle(lane(kit_hero("deirdre", "A1"), kit_hero("gog", "B1")), "deirdre")
    after = use(table, "deirdre", "Sanctuary")
    assert state(after.position, "gog") == (0, {"toughness": 1})
    assert state(after.position, "deirdre") == (0, {"toughness": 1})
    refused(after, "deirdre", "Sanctuary")


# --- Eve ----------------------------------------------------------------------------------

@situation("eve", "Conjure double")
def _conjure_double() -> None:
    position = lane(kit_hero("eve", "A1"))
    table = kit_battle(position, "eve")
    result, script = run(activate(table, "eve", kit_ability("eve", "Conjure double")), [],
                         [("illusion-space", space(position, "D1"))])
    assert [position.board.names[s] for s in script.decision("illusion-space").options] == [
        "B1", "C1", "D1"]
    illusion = next(f for f in result.position.figures if f.id != "eve")
    assert (illusion.kind.value, illusion.fortitude, illusion.owner, at(result, illusion.id)
            ) == ("illusion", 3, "eve", "D1")
    assert "Conjure double 1/0" in abilities_of(result, "eve")


@situation("eve", "Mind spike")
def _mind_spike() -> None:
    table = kit_battle(lane(kit_hero("eve", "A1"), foe("s", "D1"), foe("far", "E1")), "eve")
    after = use(table, "eve", "Mind spike", [ONE, ONE])
    assert state(after.position, "s") == (2, {"weaken": 1})
    assert state(after.position, "far") == (0, {})


@situation("eve", "Glide")
def _glide() -> None:
    table = kit_battle(lane(kit_hero("eve", "A1")), "eve")
    after = use(table, "eve", "Glide", [], [("move-to", 2)])
    assert at(after, "eve") == "C1"
    refused(kit_battle(lane(kit_hero("eve", "A1", wounded=True)), "eve"), "eve", "Glide")


@situation("eve", "Vanish")
def _vanish() -> None:
    position = lane(foe("s", "B1"), kit_hero("eve", "C1"))
    table = kit_battle(position, "eve")
    after = attacked(table, "s", ("eve",), 2, [], [
        ("evade", 0), ("reaction", "Vanish"), ("move-to", space(position, "E1")),
        ("reaction", "pass")])  # one Charge Token left: offered again for the same Attack
    assert (at(after, "eve"), state(after.position, "eve")) == ("E1", (2, {"evade": 1}))
    assert "Vanish 0/1" in abilities_of(after, "eve")


@situation("eve", "Dazzle")
def _dazzle() -> None:
    position = lane(kit_hero("eve", "A1"), foe("s", "C1"))
    table = kit_battle(position, "eve")
    after = use(table, "eve", "Dazzle", [], [("may", True), ("move-to", space(position, "B1"))])
    assert state(after.position, "s") == (0, {"stun": 1})
    assert at(after, "eve") == "B1"
    assert "Dazzle 2/0" in abilities_of(after, "eve")


@situation("eve", "Shimmering cloak")
def _shimmering_cloak() -> None:
    table = kit_battle(lane(kit_hero("eve", "A1")), "eve")
    assert state(table.position, "eve") == (0, {"evade": 1})


# --- Fiona --------------------------------------------------------------------------------

@situation("fiona", "Loose")
def _loose() -> None:
    table = kit_battle(lane(kit_hero("fiona", "A1"), foe("s", "F1"), foe("far", "G1")),
                       "fiona")
    # Quiver's Damage Boost Token (Setup Flag) is spent: +1
    after = use(table, "fiona", "Loose", [TWO, TWO], [("damage-boost", 1)])
    assert (state(after.position, "s"), state(after.position, "far")) == ((5, {}), (0, {}))
    assert state(after.position, "fiona") == (0, {})


@situation("fiona", "Sidestep")
def _sidestep() -> None:
    table = kit_battle(lane(foe("s", "A1"), kit_hero("fiona", "B1")), "fiona")
    after = use(table, "fiona", "Sidestep", [], [("move-to", 3)])
    assert at(after, "fiona") == "D1"


@situation("fiona", "Hooked arrow")
def _hooked_arrow() -> None:
    table = kit_battle(lane(kit_hero("fiona", "A1"), foe("s", "E1")), "fiona")
    after = use(table, "fiona", "Hooked arrow", [ONE], [("damage-boost", 0)])
    assert (state(after.position, "s"), at(after, "s")) == ((1, {}), "C1")
    assert "Hooked arrow 1/0" in abilities_of(after, "fiona")


@situation("fiona", "Spray")
def _spray() -> None:
    position = hexes(kit_hero("fiona", "A2"), foe("s1", "B2"), foe("s2", "C2"),
                     foe("s3", "E3"))
    table = kit_battle(position, "fiona")
    placement = next(p for p in burst_placements(position, position.figure("fiona"),
                                                 BURSTS["cone3"], 1)
                     if {position.board.names[s] for s in p.spaces} >= {"B2", "C2"})
    after = use(table, "fiona", "Spray", [ONE], [("burst-placement", placement),
                                                  ("damage-boost", 0)])
    assert [state(after.position, s)[0] for s in ("s1", "s2", "s3")  # type: ignore[index]
            ] == [1, 1, 0]
    assert "Spray 2/0" in abilities_of(after, "fiona")


@situation("fiona", "Riposte")
def _riposte() -> None:
    # a Counter Attack "Ignores Range; targets the triggering figure directly": a Melee
    # Counter Attack on an attacker three spaces away (the attacker is given, not adjacent)
    table = kit_battle(lane(kit_hero("fiona", "A1"), foe("s", "D1")), "fiona")
    after = attacked(table, "s", ("fiona",), 2, [TWO], [("reaction", "Riposte"),
                                                      ("damage-boost", 0)])
    assert state(after.position, "fiona") == (2, {"damage_boost": 1})
    assert state(after.position, "s") == (2, {})
    assert "Riposte 2/0" in abilities_of(after, "fiona")


@situation("fiona", "Pick the lock")
def _pick_the_lock() -> None:
    table = kit_battle(lane(kit_hero("fiona", "A1"), grid=". D . ."), "fiona")
    assert table.position.closed_doors == {1}
    after = use(table, "fiona", "Pick the lock")
    assert after.position.closed_doors == frozenset()
    assert "Pick the lock 1/0" in abilities_of(after, "fiona")


@situation("fiona", "Call the hawk")
def _call_the_hawk() -> None:
    table = kit_battle(lane(kit_hero("fiona", "A1")), "fiona")
    after = use(table, "fiona", "Call the hawk", [], [("effect-space", 2)])
    hawk = after.position.figure("hawk")
    assert (at(after, "hawk"), hawk.kind.value, hawk.owner, hawk.fortitude) == (
        "C1", "ally", "fiona", 3)
    assert "Call the hawk 2/0" in abilities_of(after, "fiona")


def _with_hawk(*figures: dict[str, object]) -> Battle:
    hawk = fig("hawk", "B1", "hero", fortitude=3, keywords=["Tiny"], role="ally",
               owner="fiona")
    return kit_battle(lane(kit_hero("fiona", "A1"), hawk, *figures), "fiona")


@situation("fiona", "Talons")
def _talons() -> None:
    table = _with_hawk(foe("s", "C1"))
    # the hawk may discard Fiona's Damage Boost Token (Quiver): "Allies may spend your
    # Hero's Power Tokens" (Appendix B)
    after, _ = run(activate(table, "hawk", kit_ability("fiona", "Talons")), [TWO],
                   [("damage-boost", 1)])
    assert isinstance(after, Battle)
    assert state(after.position, "s") == (3, {})
    assert state(after.position, "fiona") == (0, {})


@situation("fiona", "Swoop")
def _swoop() -> None:
    table = _with_hawk(foe("s", "C1"))
    after, _ = run(activate(table, "hawk", kit_ability("fiona", "Swoop")), [],
                   [("move-to", 4)])
    assert isinstance(after, Battle)
    assert at(after, "hawk") == "E1"


@situation("fiona", "Quiver")
def _quiver() -> None:
    table = kit_battle(lane(kit_hero("fiona", "A1")), "fiona")
    assert state(table.position, "fiona") == (0, {"damage_boost": 1})


# --- Gerki --------------------------------------------------------------------------------

@situation("gerki", "Shiv")
def _shiv() -> None:
    # s is next to Gog, a Friend of Gerki's: Backstab, one more die (three rolled)
    table = kit_battle(lane(kit_hero("gerki", "A1"), foe("s", "B1"), kit_hero("gog", "C1")),
                       "gerki")
    after = use(table, "gerki", "Shiv", [ONE, ONE, ONE])
    assert state(after.position, "s") == (3, {})


@situation("gerki", "Slink")
def _slink() -> None:
    table = kit_battle(lane(kit_hero("gerki", "A1")), "gerki")
    after = use(table, "gerki", "Slink", [], [("move-to", 3)])
    assert at(after, "gerki") == "D1"
    refused(kit_battle(lane(kit_hero("gerki", "A1", wounded=True)), "gerki"), "gerki", "Slink")


@situation("gerki", "Scramble")
def _scramble() -> None:
    table = kit_battle(lane(kit_hero("gerki", "A1", wounded=True), foe("s", "B1")), "gerki")
    after = use(table, "gerki", "Scramble", [], [("move-to", 2)])
    assert at(after, "gerki") == "C1"
    refused(kit_battle(lane(kit_hero("gerki", "A1"), foe("s", "B1")), "gerki"), "gerki",
            "Scramble")


@situation("gerki", "Cheap shot")
def _cheap_shot() -> None:
    # a Weakened target: Backstab, two more dice; Harm: Stun
    table = kit_battle(lane(kit_hero("gerki", "A1"), foe("s", "B1", tokens={"weaken": 1})),
                       "gerki")
    after = use(table, "gerki", "Cheap shot", [ONE, ONE, ONE])
    assert state(after.position, "s") == (3, {"weaken": 1, "stun": 1})
    assert "Cheap shot 1/0" in abilities_of(after, "gerki")


@situation("gerki", "Caltrops")
def _caltrops() -> None:
    position = lane(kit_hero("gerki", "A1"))
    table = kit_battle(position, "gerki")
    after = use(table, "gerki", "Caltrops", [], [("effect-space", space(position, "C1"))])
    assert after.position.traps == {space(position, "C1"): 2}
    refused(after, "gerki", "Caltrops")


@situation("gerki", "Duck")
def _duck() -> None:
    table = kit_battle(lane(kit_hero("gerki", "A1"), foe("s", "B1")), "gerki")
    after = attacked(table, "s", ("gerki",), 2, [], [("reaction", "Duck"), ("shields", 1)])
    assert state(after.position, "gerki") == (0, {})
    assert "Duck 2/0" in abilities_of(after, "gerki")


@situation("gerki", "Throwing knives")
def _throwing_knives() -> None:
    table = kit_battle(lane(kit_hero("gerki", "A1"), foe("s", "D1", tokens={"stun": 1})),
                       "gerki")
    assert "Throwing knives 0/3" in abilities_of(table, "gerki")
    after = use(table, "gerki", "Throwing knives", [ONE, ONE])
    assert state(after.position, "s") == (2, {"stun": 1})
    assert "Throwing knives 0/2" in abilities_of(after, "gerki")


# --- Gog ----------------------------------------------------------------------------------

@situation("gog", "Crush")
def _crush() -> None:
    table = kit_battle(lane(kit_hero("gog", "A1"), foe("s", "B1")), "gog")
    after = use(table, "gog", "Crush", [ONE, TWO, TWO])
    assert state(after.position, "s") == (5, {})


@situation("gog", "Lumber")
def _lumber() -> None:
    table = kit_battle(lane(kit_hero("gog", "A1")), "gog")
    after = use(table, "gog", "Lumber", [], [("move-to", 2)])
    assert at(after, "gog") == "C1"


@situation("gog", "Haul in")
def _haul_in() -> None:
    table = kit_battle(lane(kit_hero("gog", "A1"), foe("s", "C1")), "gog")
    after = use(table, "gog", "Haul in", [TWO], [("may", True)])
    assert (at(after, "s"), state(after.position, "s")) == ("B1", (2, {}))
    assert "Haul in 1/0" in abilities_of(after, "gog")


@situation("gog", "Shove")
def _shove() -> None:
    table = kit_battle(lane(kit_hero("gog", "A1"), foe("s", "B1")), "gog")
    after = use(table, "gog", "Shove")
    assert at(after, "s") == "E1"
    assert "Shove 2/0" in abilities_of(after, "gog")


@situation("gog", "Rip weapon")
def _rip_weapon() -> None:
    s = foe("s", "B1", tokens={"shield": 1, "toughness": 1, "hitback": 1})
    table = kit_battle(lane(kit_hero("gog", "A1"), s), "gog")
    after = use(table, "gog", "Rip weapon", [], [("disarm", "shield"), ("disarm", "toughness")])
    assert state(after.position, "s") == (0, {"hitback": 1, "weaken": 1})
    assert "Rip weapon 0/1" in abilities_of(after, "gog")


@situation("gog", "Spiked bracers")
def _spiked_bracers() -> None:
    table = kit_battle(lane(kit_hero("gog", "A1")), "gog")
    assert state(table.position, "gog") == (0, {"hitback": 1})


# --- Zot and Pooky ------------------------------------------------------------------------

@situation("zot", "Kindle")
def _kindle() -> None:
    position = lane(kit_hero("zot", "A1"))
    table = kit_battle(position, "zot")
    after = use(table, "zot", "Kindle", [], [("effect-space", space(position, "D1"))])
    assert after.position.wizard_fire == {space(position, "D1"): 2}


@situation("zot", "Arc bolt")
def _arc_bolt() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1"), foe("s", "D1"), foe("t", "E1")), "zot")
    after = use(table, "zot", "Arc bolt", [ONE, ONE], [("attack-targets", ("s",))])
    assert (state(after.position, "s"), state(after.position, "t")) == ((2, {}), (1, {}))
    wounded = kit_battle(lane(kit_hero("zot", "A1", wounded=True), foe("s", "D1")), "zot")
    refused(wounded, "zot", "Arc bolt")


@situation("zot", "Desperate arc")
def _desperate_arc() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1", wounded=True), foe("s", "E1")), "zot")
    after = use(table, "zot", "Desperate arc", [ONE, ONE, TWO])
    assert state(after.position, "s") == (4, {})
    refused(kit_battle(lane(kit_hero("zot", "A1"), foe("s", "E1")), "zot"), "zot",
            "Desperate arc")


@situation("zot", "Blink")
def _blink() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1"), foe("s", "B1"), foe("t", "C1")), "zot")
    after = use(table, "zot", "Blink", [], [("move-to", 3)])
    assert at(after, "zot") == "D1"
    assert "Blink 1/0" in abilities_of(after, "zot")


@situation("zot", "Fire storm")
def _fire_storm() -> None:
    position = hexes(kit_hero("zot", "A2"), foe("s1", "C2"), foe("s2", "D3"),
                     kit_hero("gog", "D2"))
    table = kit_battle(position, "zot")
    placement = next(p for p in burst_placements(position, position.figure("zot"),
                                                 BURSTS["blast"], 2)
                     if p.anchor == space(position, "C2"))
    # Focus crystal's Overcharge Token could pay instead: the player keeps it
    after = use(table, "zot", "Fire storm", [ONE, ONE], [("overcharge", False),
                                                         ("burst-placement", placement)])
    assert [state(after.position, f) for f in ("s1", "s2", "gog")] == [
        (2, {"weaken": 1}), (2, {"weaken": 1}), (0, {})]
    assert "Fire storm 0/1" in abilities_of(after, "zot")


@situation("zot", "Gather power")
def _gather_power() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1")), "zot")
    table = with_state(with_state(table, "zot", "Fire storm", charges=1), "zot", "Blink",
                       cooldown=1)
    names = [s.name for s in table.abilities["zot"]]
    after = use(table, "zot", "Gather power", [], [("may", True),
                                                   ("invigorate", names.index("Blink"))])
    assert [a for a in abilities_of(after, "zot")
            if a.split()[0] in ("Blink", "Fire", "Gather")] == [
        "Blink 0/0", "Fire storm 0/2", "Gather power 2/0"]


@situation("zot", "Focus crystal")
def _focus_crystal() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1")), "zot")
    assert state(table.position, "zot") == (0, {"overcharge": 1})


def pooky_scheme(name: str) -> Any:
    return next(s for _, s in sample_kits()["zot"].pooky if s.name == name)


@situation("zot", POOKY + "Nap")
def _nap() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1"), pooky("A1"), foe("s", "B1")), "zot")
    after, script = run(activate(table, "pooky", pooky_scheme("Nap")))
    assert script.kinds == [] and after.position == table.position
    assert after.log[-1] == "pooky: Pooky curls up: nothing happens. (for the table)"


@situation("zot", POOKY + "Foul mood")
def _foul_mood() -> None:
    table = kit_battle(lane(kit_hero("zot", "A1"), pooky("C1"), foe("s", "F1")), "zot")
    after, _ = run(activate(table, "pooky", pooky_scheme("Foul mood")), [],
                   [("may", True), ("may", True)])
    assert (at(after, "s"), state(after.position, "s")) == ("D1", (1, {}))


@situation("zot", POOKY + "Scamper")
def _scamper() -> None:
    position = lane(kit_hero("zot", "A1"), pooky("A1"), foe("s", "C1"))
    table = kit_battle(position, "zot")
    after, _ = run(activate(table, "pooky", pooky_scheme("Scamper")), [],
                   [("move-to", space(position, "E1"))])
    assert at(after, "pooky") == "E1"


@situation("zot", POOKY + "Rampage")
def _rampage() -> None:
    """Appendix A, Scheme Notes: "If Pooky starts on a Foe, the Foe takes damage only if
    Pooky backtracks during his Leap." Here he backtracks onto B1: s1 is hit; C1's s2 too."""
    position = lane(kit_hero("zot", "E1"), pooky("B1"), foe("s1", "B1"), foe("s2", "C1"))
    table = kit_battle(position, "zot")
    after, _ = run(activate(table, "pooky", pooky_scheme("Rampage")), [],
                   [("rampage-step", "C1"), ("rampage-step", "B1"), ("rampage-step", "A1")])
    assert at(after, "pooky") == "A1"
    assert state(after.position, "s1")[0] == 1  # type: ignore[index]
    assert state(after.position, "s2")[0] == 1  # type: ignore[index]


def test_rampage_without_backtracking_spares_the_starting_foe() -> None:
    position = lane(kit_hero("zot", "E1"), pooky("B1"), foe("s1", "B1"), foe("s2", "C1"))
    table = kit_battle(position, "zot")
    after, _ = run(activate(table, "pooky", pooky_scheme("Rampage")), [],
                   [("rampage-step", "C1"), ("rampage-step", "D1"), ("rampage-step", "stop")])
    assert at(after, "pooky") == "D1"
    assert state(after.position, "s1")[0] == 0  # type: ignore[index]
    assert state(after.position, "s2")[0] == 1  # type: ignore[index]


@situation("zot", POOKY + "Fetch")
def _fetch() -> None:
    position = lane(pooky("A1"), kit_hero("zot", "G1"))
    table = kit_battle(position, "zot")
    after, script = run(activate(table, "pooky", pooky_scheme("Fetch")), [],
                        [("move-to", space(position, "D1")),
                         ("summon-zot", space(position, "E1"))])
    assert [position.board.names[s] for s in script.decision("summon-zot").options] == [
        "C1", "D1", "E1"]
    assert (at(after, "pooky"), at(after, "zot")) == ("D1", "E1")


# --- the tests ----------------------------------------------------------------------------

KIT_FILES = sorted(HEROES.glob("*.toml"))


def test_there_are_six_sample_kits() -> None:
    assert [p.stem for p in KIT_FILES] == ["deirdre", "eve", "fiona", "gerki", "gog", "zot"]


@pytest.mark.parametrize("path", KIT_FILES, ids=[p.stem for p in KIT_FILES])
def test_kit_loads_and_is_sample(path: Path) -> None:
    kit = load_hero_kit(path)
    assert kit.sample, f"{path.name} is not marked sample = true"
    assert kit.id == path.stem
    assert kit.abilities
    assert kit.source == str(path)


@pytest.mark.parametrize(("kit_id", "name"), every_ability(),
                         ids=[f"{k}-{n}" for k, n in every_ability()])
def test_ability_resolves(kit_id: str, name: str) -> None:
    check = SITUATIONS.get((kit_id, name))
    assert check is not None, f"no situation for {kit_id}'s {name!r}: add one"
    check()


def test_every_ability_is_covered() -> None:
    wanted = set(every_ability())
    assert sorted(wanted - set(SITUATIONS)) == [], "abilities without a situation"
    assert sorted(set(SITUATIONS) - wanted) == [], "situations for abilities no kit has"


def test_for_game_brings_both_mat_sides() -> None:
    kit = sample_kits()["gerki"]
    names = [a.name for a in kit.for_game()]
    assert {"Slink", "Scramble"} <= set(names)
    assert "Scramble" not in [a.name for a in kit.mat(wounded=False)]
    assert "Slink" not in [a.name for a in kit.mat(wounded=True)]


# --- loader errors ------------------------------------------------------------------------

HEAD = """\
sample = true

[hero]
id = "h"
name = "H"
fortitude = 6
wounded_fortitude = 8

[[abilities]]
name = "Good"
kind = "action"
effects = [ { move = 1 } ]

"""
BAD_LINE = HEAD.count("\n") + 1  # the line of the bad ability's [[abilities]] header


def bad(body: str, name: str = "Bad") -> str:
    """A kit whose second ability, ``name``, has ``body`` (kit-file lines)."""
    return HEAD + f'[[abilities]]\nname = "{name}"\n' + body.strip() + "\n"


ABILITY_ERRORS = [
    pytest.param(bad('kind = "action"\neffects = [ { fly = 2 } ]'), "unknown effect 'fly'",
                 id="unknown-effect"),
    pytest.param(bad('on = "ally"\nkind = "action"\neffects = [ { move = 1 } ]'),
                 "an Ally's ability names its Ally", id="ally-ability-without-ally"),
    pytest.param(bad('kind = "action"\neffects = [ { counter_attack = "melee", dice = 1 } ]'),
                 "counter_attack is a Reaction's effect", id="counter-attack-not-a-reaction"),
    pytest.param(bad('kind = "reaction"\ntrigger = "damaged"\neffects = [ { counter_attack = '
                     '"melee", dice = 1, range = 3 } ]'),
                 "a Counter Attack targets the triggering figure: no 'range'",
                 id="counter-attack-with-range"),
    pytest.param(bad('kind = "action"\neffects = [ { summon_ally = "wolf" } ]'),
                 "summon_ally names an Ally of this kit's [[allies]] (not 'wolf')",
                 id="summon-unknown-ally"),
    pytest.param(bad('kind = "action"\ncost = { cooldown = 0 }\neffects = [ { move = 1 } ]'),
                 "bad cost", id="cooldown-0"),
    pytest.param(bad('kind = "action"\ncost = { pay = 1 }\neffects = [ { move = 1 } ]'),
                 "bad cost", id="cost-pay"),
    pytest.param(bad('kind = "action"\ncost = { cooldown = 1, discard = true }\n'
                     'effects = [ { move = 1 } ]'), "'cost' is one of", id="cost-two-keys"),
    pytest.param(bad('kind = "action"\ncost = { charge = 1 }\ncharges = 2\n'
                     'effects = [ { move = 1 } ]'), "bad cost", id="charge-not-true"),
    pytest.param(bad('on = "mat"\nkind = "action"\neffects = [ { move = 1 } ]'),
                 "a mat ability needs side", id="mat-without-side"),
    pytest.param(bad('on = "mat"\nside = "left"\nkind = "action"\neffects = [ { move = 1 } ]'),
                 "a mat ability needs side", id="mat-unknown-side"),
    pytest.param(bad('side = "fresh"\nkind = "action"\neffects = [ { move = 1 } ]'),
                 "only mat abilities have a 'side'", id="card-with-side"),
    pytest.param(bad('on = "item"\nkind = "setup"\ntokens = { shield = 1 }'),
                 "an Item needs slot", id="item-without-slot"),
    pytest.param(bad('on = "item"\nslot = "pocket"\nkind = "setup"\ntokens = { shield = 1 }'),
                 "an Item needs slot", id="item-unknown-slot"),
    pytest.param(bad('kind = "reaction"\neffects = [ { leap = 2 } ]'),
                 "a Reaction needs trigger", id="reaction-without-trigger"),
    pytest.param(bad('kind = "reaction"\ntrigger = "healed"\neffects = [ { leap = 2 } ]'),
                 "a Reaction needs trigger", id="reaction-unknown-trigger"),
    pytest.param(bad('kind = "action"\ntrigger = "damaged"\neffects = [ { leap = 2 } ]'),
                 "only a Reaction has a 'trigger'", id="trigger-on-an-action"),
    pytest.param(bad('kind = "action"\ncost = { charge = true }\neffects = [ { move = 1 } ]'),
                 "needs 'charges'", id="charge-without-charges"),
    pytest.param(bad('kind = "action"\ncost = { charge = true }\ncharges = 0\n'
                     'effects = [ { move = 1 } ]'), "'charges'", id="charges-0"),
    pytest.param(bad('kind = "action"\neffects = [ { move = 2, leap = 1 } ]'),
                 "give exactly one effect", id="two-effects-in-a-step"),
    pytest.param(bad('kind = "action"\neffects = [ { may = true, target = "self" } ]'),
                 "give exactly one effect", id="step-with-modifiers-only"),
    pytest.param(bad('kind = "action"\neffects = [ { move = 2, quickly = true } ]'),
                 "effect 1", id="unknown-modifier"),
    pytest.param(bad('kind = "action"\ncolour = "red"\neffects = [ { move = 1 } ]'),
                 "unknown key 'colour'", id="unknown-ability-key"),
    pytest.param(bad('kind = "dance"\neffects = [ { move = 1 } ]'), "'kind' one of",
                 id="unknown-kind"),
    pytest.param(bad('kind = "setup"\ntokens = { mana = 1 }'), "unknown token 'mana'",
                 id="unknown-setup-token"),
    pytest.param(bad('kind = "action"\neffects = [ { gain = true, tokens = { luck = 1 } } ]'),
                 "unknown token 'luck'", id="unknown-gained-token"),
    pytest.param(bad('kind = "action"\neffects = [ { give = true, tokens = { stun = 1 }, '
                     'target = "friend within 2" } ]'), "give only Power Tokens",
                 id="give-a-debuff"),
    pytest.param(bad('kind = "action"\neffects = [ { gain = true } ]'), "needs tokens",
                 id="gain-without-tokens"),
    pytest.param(bad('kind = "action"\neffects = [ { push = 2, target = "enemy nearby" } ]'),
                 "target 'enemy nearby' is not understood", id="bad-target-phrase"),
    pytest.param(bad('kind = "action"\neffects = [ { push = 2, target = "adjacent foe '
                     'within 2" } ]'), "is not understood", id="adjacent-and-within"),
    pytest.param(bad('kind = "action"\neffects = [ { attack = "ranged", dice = 2 } ]'),
                 "a Ranged Attack needs 'range'", id="ranged-without-range"),
    pytest.param(bad('kind = "action"\neffects = [ { attack = "burst", template = "star", '
                     'dice = 1 } ]'), "a Burst Attack needs template", id="unknown-template"),
    pytest.param(bad('kind = "action"\neffects = [ { attack = "lob", dice = 1 } ]'),
                 'attack is "melee", "ranged" or "burst"', id="unknown-attack-kind"),
    pytest.param(bad('kind = "action"\neffects = [ { move = "far" } ]'),
                 "takes a whole number", id="move-not-a-number"),
    pytest.param(bad('kind = "action"\neffects = [ { move = 2, may = "yes" } ]'),
                 "'may' must be true or false", id="may-not-a-bool"),
    pytest.param(bad('kind = "action"\neffects = []'), "needs 'effects'", id="no-effects"),
    # issue 45, item 5: an Attack of no targets is found at load, not when it is used
    pytest.param(bad('kind = "action"\neffects = [ { attack = "melee", dice = 1, '
                     'targets = 0 } ]'), "'targets' is 1 or more", id="no-targets"),
]


@pytest.mark.parametrize(("text", "message"), ABILITY_ERRORS)
def test_ability_error_names_file_line_and_ability(text: str, message: str) -> None:
    with pytest.raises(ContentError) as caught:
        parse_hero_kit(text, "bad.toml")
    error = caught.value
    assert (error.source, error.line) == ("bad.toml", BAD_LINE), str(error)
    assert str(error).startswith(f"bad.toml:{BAD_LINE}: ability 'Bad': "), str(error)
    assert message in str(error)
    assert "\n" not in str(error)


def test_unknown_hero_key() -> None:
    text = HEAD.replace('name = "H"\n', 'name = "H"\ncolour = "red"\n')
    with pytest.raises(ContentError) as caught:
        parse_hero_kit(text, "bad.toml")
    assert (caught.value.line, caught.value.source) == (3, "bad.toml")
    assert "unknown key 'colour'" in str(caught.value)


def test_unknown_kit_key() -> None:
    text = HEAD.replace("sample = true\n", "sample = true\nvillain = \"x\"\n")
    with pytest.raises(ContentError) as caught:
        parse_hero_kit(text, "bad.toml")
    assert caught.value.line == 2
    assert "unknown key 'villain'" in str(caught.value)


def test_duplicate_ability_names() -> None:
    text = bad('kind = "action"\neffects = [ { move = 1 } ]', name="Good")
    with pytest.raises(ContentError) as caught:
        parse_hero_kit(text, "bad.toml")
    assert "two abilities are named 'Good'" in str(caught.value)
    assert caught.value.line == BAD_LINE


def test_duplicate_ability_names_are_refused() -> None:
    text = bad('kind = "action"\neffects = [ { move = 1 } ]', name="Good")
    with pytest.raises(ContentError, match="two abilities are named 'Good'") as caught:
        parse_hero_kit(text, "bad.toml")
    assert caught.value.source == "bad.toml" and caught.value.line is not None


def test_invalid_toml() -> None:
    text = HEAD + '[[abilities]]\nname = "Bad\nkind = "action"\n'
    with pytest.raises(ContentError) as caught:
        parse_hero_kit(text, "bad.toml")
    assert (caught.value.source, caught.value.line) == ("bad.toml", BAD_LINE + 1)
    assert "not valid TOML" in str(caught.value)


def test_loading_a_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no such file"):
        load_hero_kit(tmp_path / "nobody.toml")


def test_a_good_kit_file_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "h.toml"
    path.write_text(HEAD, encoding="utf-8")
    kit = load_hero_kit(path)
    assert (kit.id, kit.sample, [a.ability.name for a in kit.abilities]) == (
        "h", True, ["Good"])
    # a kit whose ability would be refused is not half-loaded: nothing comes back
    path.write_text(bad('kind = "action"\neffects = [ { fly = 1 } ]'), encoding="utf-8")
    with pytest.raises(ContentError, match=f"{path}:{BAD_LINE}: ability 'Bad'"):
        load_hero_kit(path)

