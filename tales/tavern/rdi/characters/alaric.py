"""Trapmaster Alaric (seed 001, "Character Rules"; the checklist's C-1): Check for Traps.

Many of Alaric's cards make a player Check for Traps (the step ``{ handler = "check for
traps", who = "target" }``): that player reveals a random card from Alaric's hand, chosen
only among the cards of his Character Deck (never a Blessing or a Malediction). A card
with no Trap effect (or an empty hand) does nothing and goes back. A card with a Trap
effect (``trap = [...]``) resolves "as though it were an Action Card played from Alaric's
hand with only its Trap Effect", hitting the player who revealed it: it has its own
response window, a Buff Token may add to its Fortitude loss, its victim may hit Alaric
back; then it goes back to his hand.

The engine calls a handler on the mechanics of the card's player, so Alaric's own cards
(and his Trap effects, and "A stand-up stand-in") reach :meth:`Alaric.handle`. Another
character whose card makes someone Check for Traps calls :func:`check_for_traps` from its
own ``handle``; it finds the Alaric at the table. A Minion told to Check for Traps has
its controller check instead (001), and take the Trap (:attr:`Alaric.for_controller`).
"""

from __future__ import annotations

from dataclasses import replace

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.effects import play_card
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern
from tales.tavern.rdi.zones import discard_card

NAME = "alaric"
CHECK = "check for traps"
POISON = "poison darts"  # the Trap of "So... yeah. Poison darts...": discard a random card
HANDLERS = frozenset({CHECK, POISON})


def trap_cards(player: Player) -> tuple[int, ...]:
    """The places in Alaric's hand a player Checking for Traps may reveal: the cards of
    his Character Deck (001: "They may not choose a Blessing or a Malediction")."""
    return tuple(i for i, card in enumerate(player.hand)
                 if card.owner == player.name and not card.pile and not card.virtual)


def find_alaric(tavern: Tavern, preferred: str | None = None) -> str | None:
    """The Alaric whose hand is checked: ``preferred`` if it is an Alaric, otherwise the
    first Alaric still in the game in seat order (None: no Alaric)."""
    if preferred is not None and tavern.player(preferred).mechanics == NAME:
        return preferred
    return next((p.name for p in tavern.in_game() if p.mechanics == NAME), None)


def trap_view(card: Card) -> Card:
    """The card as its Trap is played: an Action with only the Trap effect (so a Buff
    Token is offered for the Trap's Fortitude loss, and "Negate an Action" works on it)."""
    return replace(card, kind=CardKind.ACTION, steps=card.trap, boosts=(), trap=())


def check_for_traps(tavern: Tavern, checker: str, alaric: str | None = None
                    ) -> Resolution[Tavern]:
    """``checker`` Checks for Traps in ``alaric``'s hand (module docstring)."""
    alaric = find_alaric(tavern, alaric)
    if alaric is None or tavern.player(alaric).out:
        return tavern.note(f"{checker} Checks for Traps: there is no Alaric")
    holder = tavern.player(alaric)
    places = trap_cards(holder)
    if not places:
        return tavern.note(f"{checker} Checks for Traps: {alaric} has no cards")
    index = yield Decision("trap", f"{checker} reveals a random card from {alaric}'s hand",
                           places, Decider.CHANCE, None,
                           tuple(1 / len(places) for _ in places))
    card = holder.hand[index]
    if not card.trap:
        return tavern.note(f"{checker} Checks for Traps and reveals {card.name}: no Trap")
    tavern = tavern.note(f"{checker} Checks for Traps and reveals {card.name}: a Trap!")
    tavern = tavern.with_player(evolve(holder, hand=holder.hand[:index]
                                        + holder.hand[index + 1:]))
    tavern, _ = yield from play_card(tavern, alaric, trap_view(card), target=checker,
                                     label=f"{card.name} (Trap)", discard=False)
    holder = tavern.player(alaric)
    place = min(index, len(holder.hand))
    return tavern.with_player(evolve(holder, hand=(*holder.hand[:place], card,
                                                    *holder.hand[place:])))


def poison_darts(tavern: Tavern, victim: str) -> Resolution[Tavern]:
    """The victim discards a random card from their hand."""
    hand = tavern.player(victim).hand
    if not hand:
        return tavern
    places = tuple(range(len(hand)))
    index = yield Decision("random-discard", f"{victim} discards a random card", places,
                           Decider.CHANCE, None, tuple(1 / len(hand) for _ in hand))
    card = hand[index]
    player = tavern.player(victim)
    tavern = tavern.with_player(evolve(player, hand=hand[:index] + hand[index + 1:]))
    return discard_card(tavern, card, victim).note(f"{victim} discards {card.name}")


class Alaric(Mechanics):
    name = NAME
    handlers = HANDLERS
    for_controller = frozenset({CHECK})

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if target is None:
            return tavern
        if step.handler == CHECK:
            return (yield from check_for_traps(tavern, target, name))
        if step.handler == POISON:
            return (yield from poison_darts(tavern, target))
        return tavern


register(Alaric())
