"""Brother Bastian (seed 000; the checklist's section C): Prayer Tokens and Prayer Cards.

His Prayer Cards are cards of his deck file in the sub-deck ``pile = "prayers"``, each with
its ``cost = { prayer = N }`` (paid as it is played, never refunded; not playable without
it) and ``stays = true`` (played, it goes back in front of him). At setup he takes the top 3
of the shuffled sub-deck into the cards he keeps (not his hand); the other 6 stay face down
in the sub-deck, never drawn. His cards give tokens with ``{ gain = 1, resource = "prayer" }``
(no limit, no supply). "You may play another Action Card from your hand" is the handler
``"another action"``.
"""

from __future__ import annotations

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import CardKind, Step, Tavern
from tales.tavern.rdi.stats import affords
from tales.tavern.rdi.timing import PASS

NAME = "bastian"
PRAYER = "prayer"
PRAYERS = "prayers"
DEALT = 3
ANOTHER = "another action"
HANDLERS = frozenset({ANOTHER})


class Bastian(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(PRAYER, owner=NAME),)

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "shuffle your Prayer Cards together and deal yourself 3. Remove the other 6
        from the game, face down."""
        pile = tavern.pile(PRAYERS)
        dealt = pile[-DEALT:]
        player = tavern.player(name)
        tavern = tavern.with_player(evolve(player, kept=(*player.kept, *dealt)))
        return tavern.with_pile(PRAYERS, pile[:-len(dealt)] if dealt else pile)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "you may *not* play another Prayer Card with subtype "Action" or replay the
        Prayer Card you just played. You also may not play a card that is not in your
        hand"."""
        if step.handler != ANOTHER:
            return tavern
        from tales.tavern.rdi.effects import play_card
        from tales.tavern.rdi.zones import take_card

        hand = sorted({c.name for c in tavern.player(name).hand if c.kind is CardKind.ACTION
                       and (not c.cost or affords(tavern, name, c.cost))})
        if not hand:
            return tavern
        choice = yield Decision("another-action", f"{name}: play another Action card from "
                                "your hand?", (PASS, *hand), Decider.PLAYER, name,
                                state=tavern)
        if choice == PASS:
            return tavern
        tavern, card = yield from take_card(tavern, name, choice)
        tavern, _ = yield from play_card(tavern, name, card)
        return tavern


register(Bastian())
