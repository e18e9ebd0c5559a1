"""Piper, Eagle-Eyed Sniper (seed 000, "Piper, Eagle-Eyed Sniper"): her Quiver of Arrow
Cards.

Her Arrow Cards are the side deck ``pile = "quiver"`` of her deck file (Action or Sometimes
cards); played or discarded, an Arrow goes to the Quiver's discard pile, and the Quiver is
never reshuffled. She starts with 1 Arrow and 6 Character Cards (:meth:`Piper.set_up`); in
Discard and Draw her first draw is from the Quiver while it has cards
(:meth:`Piper.first_draws`); every other draw is from her Character Deck.

In her Action Phase she plays either one Action card or as many Arrow-Actions as she likes:
before the Action card she is offered Arrow-Actions one at a time (:meth:`Piper.activations`);
once she has played one, her Action for the turn is taken
(:data:`~tales.tavern.rdi.characters.ACTED`): only Arrow-Actions may follow.
``{ handler = "draw an arrow" }`` draws the top Arrow of her Quiver.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register, took_action
from tales.tavern.rdi.model import CardKind, Step, Tavern
from tales.tavern.rdi.timing import PASS

NAME = "piper"
QUIVER = "quiver"
ARROWS = "arrow"  # the Decision: play an Arrow-Action?
DRAW_ARROW = "draw an arrow"  # "Some cards cause you to draw more Arrows"


def arrow_actions(tavern: Tavern, name: str) -> list[str]:
    from tales.tavern.rdi.zones import playable

    return sorted({c.name for c in playable(tavern, name)
                   if c.pile == QUIVER and c.kind is CardKind.ACTION})


def from_quiver(tavern: Tavern, name: str) -> Tavern:
    """The top Arrow into her hand; an empty Quiver gives nothing (000: "If your Quiver runs
    out, do not reshuffle it")."""
    quiver = tavern.pile(QUIVER)
    if not quiver:
        return tavern
    player = tavern.player(name)
    tavern = tavern.with_pile(QUIVER, quiver[:-1])
    return tavern.with_player(replace(player, hand=(*player.hand, quiver[-1])))


class Piper(Mechanics):
    name = NAME
    handlers = frozenset({DRAW_ARROW})
    action_piles = frozenset({QUIVER})

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Draw 1 card from your Quiver and 6 more from your Character Deck, for a
        total of 7 cards": the seventh card drawn goes back on top of her Character Deck."""
        player = tavern.player(name)
        if not tavern.pile(QUIVER) or not player.hand:
            return tavern
        player = replace(player, hand=player.hand[:-1], deck=(*player.deck, player.hand[-1]))
        return from_quiver(tavern.with_player(player), name)

    def first_draws(self, tavern: Tavern, name: str, count: int
                    ) -> Resolution[tuple[Tavern, int]]:
        """000: "during your Discard and Draw Phase, your first draw comes from your Quiver
        (even if you already have Arrow Cards in your hand)"."""
        if count <= 0 or not tavern.pile(QUIVER):
            return tavern, count
        return from_quiver(tavern, name).note(f"{name} draws an Arrow"), count - 1
        yield  # pragma: no cover

    def activations(self, tavern: Tavern, name: str, done: frozenset[str]
                    ) -> Resolution[tuple[Tavern, frozenset[str]]]:
        """000: "you may play either one Action Card from your hand or as many Arrow-Action
        Cards as you like. Play and resolve each of those Arrow-Actions one at a time."""
        from tales.tavern.rdi.effects import play_card
        from tales.tavern.rdi.rules import settle
        from tales.tavern.rdi.zones import take_card

        if done:  # after the Action card: nothing more
            return tavern, done
        while (arrows := arrow_actions(tavern, name)) and tavern.winners is None \
                and not tavern.player(name).out and name not in tavern.resting:
            choice = yield Decision(ARROWS, f"{name}: play an Arrow-Action?", (PASS, *arrows),
                                    Decider.PLAYER, name, state=tavern)
            if choice == PASS:
                break
            tavern = took_action(tavern, name)
            tavern, card = yield from take_card(tavern, name, choice)
            tavern, _ = yield from play_card(tavern, name, card)
            tavern = yield from settle(tavern)
        return tavern, done

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == DRAW_ARROW:
            tavern = from_quiver(tavern, name)
        return tavern
        yield  # pragma: no cover


register(Piper())
