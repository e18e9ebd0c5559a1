"""A Hero's turn with ability tiles (glossary: Ability Tile, Action, Shenanigan, Stun Token;
Appendix A, Pooky; Ally).

Full turn: two Action tiles and one Shenanigan tile, used in any order; Pooky's tile on
Zot's full turns (before, between or after Zot's Actions and Shenanigan) and each Ally's
tile. Partial turn (two-Hero games): one Action or Shenanigan. A Stun Token at the start of
a full turn flips one Action tile unused; on a partial turn the turn is skipped. A Stunned
Ally's tile flips unused on its Hero's next full turn, its Stun Tokens discarded. Between
tiles the Hero may spend a Reset Token on an ability with Cooldown Tokens (no tile used).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tales.board.figures import Role
from tales.errors import IllegalChoice
from tales.rules.attacks import Battle, legal_targets
from tales.rules.decisions import Decider, Decision, Resolution, SameOutcome
from tales.rules.effects import (
    Ability,
    Effect,
    Kind,
    Verb,
    Whom,
    _candidates,
    activate,
    burst_placements,
    doors_in_reach,
)
from tales.rules.health import StunEffect, TurnKind, stun_at_turn
from tales.rules.reactions import reset_options, spend_reset, unusable
from tales.rules.schemer_attacks import AttackKind

END_TURN = "end turn"


@dataclass(frozen=True, slots=True)
class Tiles:
    """Ability tiles still face up this turn."""

    actions: int
    shenanigans: int
    pooky: bool = False
    allies: tuple[str, ...] = ()
    either: bool = False  # a partial turn's single tile: an Action or a Shenanigan

    def __str__(self) -> str:
        if self.either:
            return "an Action or a Shenanigan left"
        return f"{self.actions} Action, {self.shenanigans} Shenanigan left"


def usable(battle: Battle, figure_id: str, ability: Ability) -> bool:
    """The ability can be paid for now (Cooldown, Charge and Overcharge, not discarded)
    and has a legal use (:func:`no_use`)."""
    return (unusable(battle, figure_id, ability.name, ability.side) is None
            and no_use(battle, figure_id, ability) is None)


#: Effect steps that pick a figure (push, pull, ...): with none to pick they do nothing.
_PICKS = frozenset({Verb.PUSH, Verb.PULL, Verb.GRAB, Verb.PLACE, Verb.FATIGUE, Verb.HEAL,
                    Verb.GIVE, Verb.WEAKEN, Verb.STUN, Verb.DISARM})


# The members a Hero's turn compares, read once: in Python 3.11 a member read on its enum goes
# through the enum class's attribute hook (~70 ns a read; several an ability at every tile,
# issue 19)
_ATTACK, _OPEN_DOOR, _HEAL = Verb.ATTACK, Verb.OPEN_DOOR, Verb.HEAL
_BURST, _MELEE = AttackKind.BURST, AttackKind.MELEE
_ACTION, _SHENANIGAN = Kind.ACTION, Kind.SHENANIGAN
_PLAYER = Decider.PLAYER
_SKIP = SameOutcome.SKIP


def _step_unused(battle: Battle, figure_id: str, effect: Effect) -> str | None:
    """Why ``effect`` would do nothing now (no Foe to attack, no figure to pick), or None."""
    actor = battle.position.figure(figure_id)
    attack = effect.attack
    if effect.verb is _ATTACK and attack is not None:
        if attack.kind is _BURST and attack.burst is not None:
            if not burst_placements(battle.position, actor, attack.burst, attack.range or 1):
                return "no Foe a Burst template can cover"
        elif not legal_targets(battle.position, actor, attack):
            return ("no adjacent Foe" if attack.kind is _MELEE
                    else f"no Foe in Range {attack.range}")
        return None
    if effect.verb is _OPEN_DOOR and not doors_in_reach(battle, actor, effect):
        return "no closed door in reach"
    if effect.verb in _PICKS and effect.aim.whom in (Whom.FOE, Whom.FRIEND) and (
            not _candidates(battle, actor, effect.aim)):
        return f"no {effect.aim}"
    if effect.verb is _HEAL and battle.rules.same_outcome is _SKIP:
        # Heal X removes damage: with none to remove, nothing happens
        whom = effect.aim.whom
        if whom is Whom.SELF and not actor.damage:
            return "no damage to heal"
        if whom in (Whom.FOE, Whom.FRIEND) and not any(
                f.damage for f in _candidates(battle, actor, effect.aim)):
            return f"no {effect.aim} with damage to heal"
    return None


def no_use(battle: Battle, figure_id: str, ability: Ability) -> str | None:
    """Why using ``ability`` now would do nothing at all (every step of it is an Attack
    with no legal target or picks a figure where there is none), or None. Such an ability
    is not offered: its tile is not spent for nothing."""
    if figure_id not in {f.id for f in battle.position.figures} or not ability.effects:
        return None
    reasons = [_step_unused(battle, figure_id, e) for e in ability.effects]
    if all(reasons):
        return "; ".join(dict.fromkeys(r for r in reasons if r))
    return None


def hero_turn(
    battle: Battle,
    hero_id: str,
    abilities: tuple[Ability, ...],
    full: bool = True,
    pooky: Ability | None = None,
    allies: Mapping[str, tuple[Ability, ...]] | None = None,
) -> Resolution[Battle]:
    """Play a Hero's turn: the player picks a face-up tile, then an ability for it, until
    the tiles are used or they end the turn. ``pooky`` is Pooky's rolled Scheme (Zot's full
    turns only); ``allies`` maps each Ally's id to its abilities (full turns only)."""
    allies = dict(allies or {})
    turn = TurnKind.HERO_FULL if full else TurnKind.HERO_PARTIAL
    position, stunned = stun_at_turn(battle.position, hero_id, turn)
    battle = battle.at(position)
    if stunned is StunEffect.SKIP_TURN:
        return battle.note(f"{hero_id} is Stunned: the turn is skipped")
    if full:
        battle, ready = _stunned_allies(battle, hero_id, tuple(allies))
        tiles = Tiles(2, 1, pooky is not None and _pooky_on_map(battle), ready)
        if stunned is StunEffect.LOSE_ACTION:
            tiles = Tiles(1, 1, tiles.pooky, tiles.allies)
            battle = battle.note(f"{hero_id} is Stunned: an Action tile flips unused")
    else:
        tiles = Tiles(0, 0, either=True)
    while True:
        if hero_id not in {f.id for f in battle.position.figures}:
            return battle
        # the tile asked and the ability asked after it look at the same battle: each
        # ability is weighed once (usable is a tenth of a simulation, issue 19)
        can_use = _Ready(battle, hero_id)
        options = _tile_options(abilities, tiles, can_use)
        resets = _resets(battle, hero_id, tuple(allies))  # no tile needed
        if not options and not resets:  # the turn ends by itself: the log says so
            spent = not (tiles.actions or tiles.shenanigans or tiles.pooky or tiles.allies
                         or tiles.either)
            battle = battle.note(f"{hero_id}'s turn ends: " + (
                "every tile is used" if spent else "nothing left it can use now"))
        choice = yield Decision("tile", f"{hero_id}: which ability tile next? ({tiles})",
                                (*options, *resets, END_TURN), _PLAYER, hero_id,
                                position=battle.position, battle=battle,
                                detail={"pooky": pooky} if tiles.pooky else None)
        if choice == END_TURN:
            return battle
        if choice in resets:
            battle = spend_reset(battle, *resets[choice])
            continue
        if choice == "pooky":
            assert pooky is not None
            tiles = Tiles(tiles.actions, tiles.shenanigans, False, tiles.allies)
            battle = yield from _run(battle, "pooky", pooky)
            continue
        if choice.startswith("ally "):
            ally = choice[len("ally "):]
            tiles = Tiles(tiles.actions, tiles.shenanigans, tiles.pooky,
                          tuple(a for a in tiles.allies if a != ally))
            battle = yield from _use(battle, ally, allies[ally], (_ACTION, _SHENANIGAN))
            continue
        kind = Kind(choice)
        if tiles.either:
            tiles = Tiles(0, 0)
        elif kind is _ACTION:
            tiles = Tiles(tiles.actions - 1, tiles.shenanigans, tiles.pooky, tiles.allies)
        else:
            tiles = Tiles(tiles.actions, tiles.shenanigans - 1, tiles.pooky, tiles.allies)
        battle = yield from _use(battle, hero_id, abilities, (kind,), can_use)


def _stunned_allies(battle: Battle, hero_id: str, allies: tuple[str, ...]
                    ) -> tuple[Battle, tuple[str, ...]]:
    """Stun Token 3: "If an Ally has a Stun Token, then on its Hero's next full turn, that
    Hero flips the Ally ability tile to its grey side without activating the Ally and
    discards all of the Ally's Stun Tokens." The Allies whose tiles stay face up."""
    ready = []
    on_map = {f.id for f in battle.position.figures}
    for ally in allies:
        if ally in on_map:
            position, stunned = stun_at_turn(battle.position, ally, TurnKind.ALLY)
            battle = battle.at(position)
            if stunned is StunEffect.SKIP_ALLY:
                battle = battle.note(f"{ally} is Stunned: {hero_id} flips its tile unused")
                continue
        ready.append(ally)
    return battle, tuple(ready)


def _resets(battle: Battle, hero_id: str, allies: tuple[str, ...]
            ) -> dict[str, tuple[str, str]]:
    """Reset Token options (docs/rules-decisions.md, "When a Reset Token is spent"): on
    the Hero's abilities, and on its Allies' ("Allies may spend your Hero's Power Tokens",
    Appendix B), each option's figure and :func:`reset_options` option."""
    found = {o: (hero_id, o) for o in reset_options(battle, hero_id)}
    on_map = {f.id for f in battle.position.figures}
    for ally in allies:
        if ally in on_map:
            found.update({f"{o} ({ally})": (ally, o) for o in reset_options(battle, ally)})
    return found


def _pooky_on_map(battle: Battle) -> bool:
    return any(f.kind is Role.POOKY for f in battle.position.figures)


class _Ready:
    """:func:`usable` of a figure's abilities on one battle, each asked at most once."""

    def __init__(self, battle: Battle, figure_id: str) -> None:
        self.battle = battle
        self.figure_id = figure_id
        self.known: dict[str, bool] = {}

    def __call__(self, ability: Ability) -> bool:
        known = self.known.get(ability.name)
        if known is None:
            known = self.known[ability.name] = usable(self.battle, self.figure_id, ability)
        return known


def _tile_options(abilities: tuple[Ability, ...], tiles: Tiles, ready: _Ready) -> list[str]:
    options = []
    for kind, left in ((_ACTION, tiles.actions or tiles.either),
                       (_SHENANIGAN, tiles.shenanigans or tiles.either)):
        if left and any(a.kind is kind and ready(a) for a in abilities):
            options.append(kind.value)
    if tiles.pooky:
        options.append("pooky")
    options.extend(f"ally {a}" for a in tiles.allies
                   if a in {f.id for f in ready.battle.position.figures})
    return options


def _use(battle: Battle, figure_id: str, abilities: tuple[Ability, ...],
         kinds: tuple[Kind, ...], ready: _Ready | None = None) -> Resolution[Battle]:
    ready = ready or _Ready(battle, figure_id)
    choices = tuple(a.name for a in abilities if a.kind in kinds and ready(a))
    if not choices:
        return battle.note(f"{figure_id}: no ability can be used")
    name = yield Decision("ability", f"{figure_id}: use which ability?", choices,
                          Decider.PLAYER, figure_id, position=battle.position,
                          battle=battle)
    ability = next(a for a in abilities if a.name == name)
    return (yield from _run(battle, figure_id, ability))


def _run(battle: Battle, figure_id: str, ability: Ability) -> Resolution[Battle]:
    try:
        return (yield from activate(battle, figure_id, ability))
    except IllegalChoice as why:
        return battle.note(f"{figure_id}: {ability.name} has no legal use ({why})")
