"""Petra the Devious (seed 000, "Petra the Devious"): Plotted Cards, Schemes and Hellfire.

Plotting puts one of her own Character Cards from her hand face down into her Plotted Cards
area: the cards she keeps (``kept``), marked ``plotted``; after her Discard and Draw Phase
(at the start of her Action Phase, :meth:`Petra.action_phase`) and when a card says so
(``{ handler = "plot" }``). Only Schemes (``icons = ["scheme"]``) may be played from there
(:meth:`Petra.may_play`), as though from her hand. A Scheme's steps say where they apply:
``if = { resource = "plotted", at_least = 1 }`` only when played from the Plotted Cards area
(added to the base effect), ``if = { resource = "unplotted", at_least = 1 }`` only from her
hand (a base effect the Scheme replaces "instead"); :meth:`Petra.amounts` keeps the right
ones. At the beginning of her turn she discards every Plotted Card and gains 1 Hellfire for
each (:meth:`Petra.start_of_turn`).

Hellfire is the ``hellfire`` token: the Hellfire Token's place on the track (0: the
lowest-numbered space). ``{ handler = "hellfire" }`` gains one: at the fire spot the effect
at the bottom of the Hellfire Tracker Card resolves, as her card, and the token goes back to
the first space. The Tracker Card is the side deck ``pile = "hellfire"`` of her deck file:
one card whose steps are the fire effect, and its Boss Battle side (``boss = true``), used
instead when she is the Boss.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Card, Step, Tavern
from tales.tavern.rdi.timing import PASS
from tales.tavern.rdi.zones import discard_card

NAME = "petra"
HELLFIRE = "hellfire"  # the token, and the side deck of the Tracker Card
SCHEME = "scheme"
PLOTTED, UNPLOTTED = "plotted", "unplotted"  # where a Scheme's step applies
PLOT = "plot"
HANDLERS = frozenset({HELLFIRE, PLOT})
#: The sample Hellfire track: three numbered spaces, then the fire spot.
FIRE = 3


def plotted(tavern: Tavern, name: str) -> tuple[Card, ...]:
    return tuple(c for c in tavern.player(name).kept if c.plotted)


def own(card: Card, name: str) -> bool:
    """One of her own Character Cards (000: "She may not Plot other cards that could end up
    in her hand, such as Murgath's Blessings")."""
    return card.owner in ("", name) and not card.pile and not card.virtual


def plot(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "you may Plot **one** card from your hand"."""
    titles = sorted({c.name for c in tavern.player(name).hand if own(c, name)})
    if not titles:
        return tavern
    choice = yield Decision(PLOT, f"{name}: Plot a card from your hand?", (PASS, *titles),
                            Decider.PLAYER, name, state=tavern)
    if choice == PASS:
        return tavern
    player = tavern.player(name)
    index = next(i for i, c in enumerate(player.hand) if c.name == choice and own(c, name))
    card = replace(player.hand[index], plotted=True)
    player = replace(player, hand=player.hand[:index] + player.hand[index + 1:],
                     kept=(*player.kept, card))
    return tavern.with_player(player).note(f"{name} Plots a card")


def gain_hellfire(tavern: Tavern, name: str, amount: int) -> Resolution[Tavern]:
    """000: "If the Hellfire Token gets to the "fire" spot, resolve the effect at the bottom
    of the Hellfire card, then move the Hellfire Token back to the first spot"; one space at
    a time, so a gain past the fire spot fires and goes on."""
    from tales.tavern.rdi.effects import play_card

    for _ in range(amount):
        if tavern.player(name).out:
            break
        place = tavern.player(name).count(HELLFIRE) + 1
        if place < FIRE:
            tavern = tavern.with_player(tavern.player(name).with_count(HELLFIRE, place))
            continue
        tavern = tavern.with_player(tavern.player(name).with_count(HELLFIRE, 0))
        tracker = tracker_card(tavern, name)
        if tracker is not None:
            tavern, _ = yield from play_card(tavern, name, tracker, label=f"{tracker.name} "
                                             "fires", discard=False)
    return tavern


def tracker_card(tavern: Tavern, name: str) -> Card | None:
    """The side of the Hellfire Tracker Card in use: the Boss Battle side for the Boss."""
    cards = tavern.pile(HELLFIRE)
    return next((c for c in cards if c.boss), cards[0] if cards else None)


class Petra(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(HELLFIRE, limit=FIRE - 1, owner=NAME),)

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "Before your Discard and Draw Phase, first discard all Plotted Cards and gain
        1 Hellfire for each card discarded in this way."""
        if tavern.player(owner).side != tavern.player(active).side or \
                tavern.player(owner).out:
            return tavern
        cards = plotted(tavern, owner)
        if not cards:
            return tavern
        player = tavern.player(owner)
        tavern = tavern.with_player(replace(player, kept=tuple(c for c in player.kept
                                                               if not c.plotted)))
        for card in cards:
            tavern = discard_card(tavern, card, owner)
        tavern = tavern.note(f"{owner} discards {len(cards)} Plotted Cards")
        return (yield from gain_hellfire(tavern, owner, len(cards)))

    def action_phase(self, tavern: Tavern, name: str) -> Resolution[tuple[Tavern, int]]:
        """000: "Then Discard and Draw as normal. After this, you may Plot **one** card from
        your hand."""
        tavern = yield from plot(tavern, name)
        return tavern, 0

    def may_play(self, tavern: Tavern, name: str, card: Card) -> bool:
        """000: "you may only play Schemes from the Plotted Cards area"."""
        return not card.plotted or SCHEME in card.icons

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        """000: "If a Scheme is played from the Plotted Cards area, use the effect marked
        with the icon. If a Scheme effect uses the word "instead", it replaces the base
        effect. Otherwise, the Scheme effect is added to the base effect."""
        where = PLOTTED if card.plotted else UNPLOTTED
        kept: list[Step] = []
        for step in steps:
            condition = step.condition
            if condition is not None and condition.resource in (PLOTTED, UNPLOTTED):
                if condition.resource == where:
                    kept.append(replace(step, condition=None))
                continue
            kept.append(step)
        return tuple(kept)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == HELLFIRE:
            return (yield from gain_hellfire(tavern, name, 1))
        if step.handler == PLOT:
            return (yield from plot(tavern, name))
        return tavern


register(Petra())
