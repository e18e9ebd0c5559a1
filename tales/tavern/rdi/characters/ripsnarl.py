"""Ripsnarl, Bad Dog (seed 000, "Ripsnarl, Bad Dog"): his Form Marker (human or wolf) and
his Fury.

His form is the ``wolf`` token (1: werewolf, 0: human, as he starts). ``{ handler = "turn
wolf" }`` and ``{ handler = "turn human" }`` change it (nothing when he already is); a
form-dependent effect is a step with ``if = { resource = "wolf", at_least = 1 }`` (wolf) or
``if = { resource = "wolf", below = 1 }`` (human), read as the card resolves. Fury is the
``fury`` token, gained with ``{ gain = 1, resource = "fury" }`` only while he is human and up
to 3 (:meth:`Ripsnarl.may_gain`). Turning wolf from human releases it
(:func:`release_fury`): he chooses a player for each Fury, all before anyone answers, and
each player chosen takes their share as though from a Sometimes card of his (their own
response window, hit-backs allowed). As the Boss of a Boss Battle (his circular marker) he has
1 more Fury while human, printed on the marker, still 3 at most, and all the Fury damage is
one Sometimes card (the Challengers' shared defence).
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Card, CardKind, Mode, Step, Tavern, Verb, Who
from tales.tavern.rdi.timing import Played, affected_by, respond

NAME = "ripsnarl"
WOLF = "wolf"
FURY = "fury"
MOST_FURY = 3
TURN_WOLF, TURN_HUMAN = "turn wolf", "turn human"
HANDLERS = frozenset({TURN_WOLF, TURN_HUMAN})


def boss(tavern: Tavern, name: str) -> bool:
    return tavern.variant.mode is Mode.BOSS_BATTLE and tavern.variant.boss == name


def fury(tavern: Tavern, name: str) -> int:
    """His Fury: the tokens, and the Boss's printed 1 while human; 3 at most."""
    player = tavern.player(name)
    printed = 1 if boss(tavern, name) and not player.count(WOLF) else 0
    return min(player.count(FURY) + printed, MOST_FURY)


def fury_card(amount: int) -> Card:
    return Card("Fury", CardKind.SOMETIMES, (Step(Verb.FORTITUDE, -amount, Who.TARGET),),
                "Ripsnarl's Fury", virtual=True)


def release_fury(tavern: Tavern, name: str, count: int) -> Resolution[Tavern]:
    """000: "The Fury he has accumulated turns into damage he deals to other players, with
    each Fury causing 1 Fortitude loss ... Ripsnarl must choose the targets for *all* of his
    Fury before any player responds."""
    from tales.tavern.rdi.effects import carry_out, hit_back, play_card

    shares: dict[str, int] = {}
    for n in range(count):
        others = tuple(p.name for p in tavern.others(name))
        if not others:
            break
        pick = yield Decision("fury", f"{name}: who takes Fury {n + 1} of {count}?", others,
                              Decider.PLAYER, name, state=tavern)
        shares[pick] = shares.get(pick, 0) + 1
    if not shares:
        return tavern
    tavern = tavern.note(f"{name}'s Fury: " + ", ".join(f"{n} {w}" for w, n in shares.items()))
    if not boss(tavern, name):  # one Sometimes card per player targeted
        for whom, amount in shares.items():
            if not tavern.player(whom).out:
                tavern, _ = yield from play_card(tavern, name, fury_card(amount), whom,
                                                 label=f"Fury ({amount})")
        return tavern
    card = fury_card(1)
    chosen = {Who.TARGET: list(shares)}
    affects, harms = affected_by(card.steps, name, chosen)
    tavern, outcome = yield from respond(tavern, Played(name, "Fury", card, affects, harms))
    if outcome.negated:
        return tavern.note("Fury is Negated")
    for whom, amount in shares.items():
        tavern, losses = yield from carry_out(tavern, name, fury_card(amount).steps,
                                              {Who.TARGET: [whom]}, outcome)
        tavern = yield from hit_back(tavern, losses)
    return tavern


class Ripsnarl(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(WOLF, limit=1, owner=NAME), Resource(FURY, limit=MOST_FURY, owner=NAME))

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        """000: "If Ripsnarl would gain Fury while in werewolf form, he doesn't gain any. If
        Ripsnarl would gain Fury but he already has 3 Fury, he doesn't gain any." """
        player = tavern.player(name)
        if player.mechanics != NAME:
            return False
        return resource != FURY or (not player.count(WOLF) and fury(tavern, name) < MOST_FURY)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "If an effect would turn you into a human or wolf, but you are already in that
        form, you simply stay in that form."""
        player = tavern.player(name)
        if step.handler == TURN_HUMAN and player.count(WOLF):
            return tavern.with_player(player.with_count(WOLF, 0)).note(f"{name} turns human")
        if step.handler == TURN_WOLF and not player.count(WOLF):
            count = fury(tavern, name)  # "he removes all Fury Tokens from his Form Marker"
            tavern = tavern.with_player(player.with_count(WOLF, 1).with_count(FURY, 0))
            return (yield from release_fury(tavern.note(f"{name} turns wolf"), name, count))
        return tavern


register(Ripsnarl())
