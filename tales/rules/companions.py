"""A Solo Mode Companion's turn (Appendix B, "Rule Changes in Solo Mode", "Choosing a
Companion").

"When a Companion's initiative token is drawn, they take the 'Companion' actions on their
card. All actions are optional and do not require Charge Tokens, Cooldown Tokens, or other
costs." Each action is offered once, in the card's order (a Decision: use it or not).
Otto with ``scenario_abilities`` may also use the scenario's Scenario Abilities. Pooky's
turn is the Scheme his die rolled, likewise optional.

On its Recovery side (Otto's Recovery Mode, Pooky on break) a Companion's turn adds one
Repair (or Pooky) Token instead; when it has the card's number it flips back, fully
healed, the tokens discarded, and Pooky is placed on the Hero's space.

A Stun Token makes a Companion skip its turn (Stun Token 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tales.board.figures import Figure, Keyword, Role, Side, Token
from tales.errors import IllegalChoice, TalesError
from tales.rules.attacks import Battle
from tales.rules.decisions import Decider, Decision, Resolution, SameOutcome
from tales.rules.effects import Ability, Kind, Verb, activate
from tales.rules.health import StunEffect, TurnKind, give_tokens, stun_at_turn
from tales.rules.hero_turn import no_use
from tales.rules.movement import nearest_unoccupied


@dataclass(frozen=True)
class Recovery:
    """A Companion's Recovery side: Otto's Recovery Mode, Pooky's "on break"."""

    name: str
    keywords: frozenset[Keyword]
    token: Token  # Repair Tokens (Otto), Pooky Tokens (Pooky)
    tokens: int  # how many bring it back
    return_to_hero: bool = False  # "Place Pooky on your Hero's space when he returns"


@dataclass(frozen=True)
class CompanionCard:
    """A Companion: who it is, its Recovery side, and what it does on its turns."""

    id: str
    name: str
    fortitude: int
    keywords: frozenset[Keyword]
    recovery: Recovery
    actions: tuple[Ability, ...] = ()
    pooky: tuple[tuple[tuple[int, ...], Ability], ...] = ()  # a die's Schemes instead
    scenario_abilities: bool = False  # "Otto can activate Scenario Abilities if his card
    variant: str = ""  # specifies"
    source: str = ""
    sample: bool = False

    @property
    def rolls(self) -> bool:
        """Pooky: his turn is a Scheme rolled on his die."""
        return bool(self.pooky)

    def scheme(self, face: int) -> Ability:
        """The Scheme for a roll of the Companion's die."""
        for faces, scheme in self.pooky:
            if face in faces:
                return scheme
        raise TalesError(f"{self.name} has no Scheme for die face {face}")

    def figure(self, at: int) -> Figure:
        """The Companion's figure, non-recovery side up (Appendix B, Additional Setup 3)."""
        return Figure(self.id, Side.HERO, at, fortitude=self.fortitude,
                      keywords=self.keywords, role=Role.COMPANION,
                      recovery=self.recovery.keywords)


def companion_turn(
    battle: Battle, card: CompanionCard, hero_id: str,
    scheme: Ability | None = None, scenario_abilities: tuple[Ability, ...] = (),
) -> Resolution[Battle]:
    """Play the Companion's turn; ``scheme`` is Pooky's rolled Scheme."""
    cid = card.id
    if cid not in {f.id for f in battle.position.figures}:
        return battle.note(f"{cid} is not on the map")
    position, stunned = stun_at_turn(battle.position, cid, TurnKind.COMPANION)
    battle = battle.at(position)
    if stunned is StunEffect.SKIP_TURN:
        return battle.note(f"{cid} is Stunned: skips its turn and discards its Stun Tokens")
    figure = battle.position.figure(cid)
    if figure.recovering:
        return (yield from recover(battle, card, hero_id))
    if scheme is not None:
        offered: tuple[Ability, ...] = (scheme,)
    else:
        offered = tuple(a for a in card.actions if a.kind is not Kind.REACTION)
        # "Companions interact with most map features like a Hero. They can ... open
        # doors": a Scenario Ability that only opens doors is every Companion's; the others
        # only if the card says so ("Otto can activate Scenario Abilities if his card
        # specifies")
        offered += tuple(a for a in scenario_abilities if card.scenario_abilities
                         or all(e.verb is Verb.OPEN_DOOR for e in a.effects))
    asked = False
    for ability in offered:
        here = next((f for f in battle.position.figures if f.id == cid), None)
        if here is None or here.recovering:
            break  # Defeated during its own turn: on its Recovery side it acts no more
        why_not = (no_use(battle, cid, ability)
                   if battle.rules.same_outcome is SameOutcome.SKIP
                   or all(e.verb is Verb.OPEN_DOOR for e in ability.effects) else None)
        if why_not:  # not asked: it would do nothing (no Foe to hit, no door in reach ...)
            battle = battle.note(f"{cid}: {ability.name}: not now ({why_not})")
            continue
        asked = True
        use = yield Decision("companion-action", f"{cid}: {ability.name}?", (True, False),
                             Decider.PLAYER, cid, position=battle.position, battle=battle)
        if not use:
            continue
        try:
            battle = yield from activate(battle, cid, ability)
        except IllegalChoice as why:
            battle = battle.note(f"{cid}: {ability.name} has no legal use ({why})")
    if not asked:  # the turn ends by itself: the log says so (the reasons are behind "why")
        battle = battle.note(f"{cid}'s turn ends: nothing it can use now")
    return battle


def recover(battle: Battle, card: CompanionCard, hero_id: str) -> Resolution[Battle]:
    """A turn on the Recovery side: one more token; flip back when there are enough.

    Flipped back, a Companion that is no longer Tiny may stand where another non-Tiny
    figure stands (it was Tiny and Avoided): it is placed on the Nearest Unoccupied space
    instead, as Pooky's "Summons Zot" places Zot (Appendix A; docs/rules-decisions.md),
    its player choosing among tied spaces."""
    recovery = card.recovery
    position, _ = give_tokens(battle.position, card.id, recovery.token, 1)
    figure = position.figure(card.id)
    have = figure.token(recovery.token)
    battle = battle.at(position).note(
        f"{card.id} ({recovery.name}) adds a {recovery.token.rule_name}: {have} of "
        f"{recovery.tokens}")
    if have < recovery.tokens:
        return battle
    tokens = dict(figure.tokens)
    tokens[recovery.token] = 0
    at = figure.at
    hero = next((f for f in position.figures if f.id == hero_id), None)
    if recovery.return_to_hero and hero is not None:
        at = hero.at  # "Place Pooky on your Hero's space when he returns" (he is Tiny)
    back = replace(figure, damage=0, recovering=False, at=at,
                   keywords=(figure.keywords - recovery.keywords) | card.keywords
                   ).with_tokens(tokens)
    names = position.board.names
    line = f"{card.id} flips back, fully healed, on {names[at]}"
    if Keyword.TINY not in back.keywords and position.is_occupied(at, ignoring=back.id):
        options = nearest_unoccupied(position, at, back.id)
        if options:
            to = options[0]
            if len(options) > 1:  # asked while he is still on his Recovery side
                to = yield Decision("recovery-space", f"{card.id} flips back on an Occupied "
                                    "space: to which Nearest Unoccupied space?",
                                    tuple(options), Decider.PLAYER, card.id,
                                    position=position, battle=battle)
            back = replace(back, at=to)
            line = (f"{card.id} flips back, fully healed; {names[at]} is Occupied, so on "
                    f"{names[to]}, the Nearest Unoccupied space")
    return battle.at(position.with_figure(back)).note(line)
