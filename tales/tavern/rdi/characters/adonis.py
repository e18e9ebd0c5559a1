"""Adonis the Magnificent, Bard of the Ages (seed 000; the checklist's section C): three
instruments, a flute, a lyre and a drum, each a token he holds (1: unbroken, 0: smashed).

Everything else is card data. "Smash an instrument" is a cost, ``{ instrument = 1 }``: a
boost, chosen as the card is played and never given back (:func:`~tales.tavern.rdi.effects.
declare_costs`), or the ``cost`` of a response that has no effect without it ("Nope. Try
again": not playable with nothing to smash). He pays it by smashing an unbroken instrument
of his choice (:meth:`Adonis.pay_energy`). A better effect "if that instrument is unbroken
when the card takes effect" is a step with ``if = { resource = "drum", at_least = 1 }``;
"replace a smashed instrument" is the handler ``"replace an instrument"``.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern
from tales.tavern.rdi.stats import gain_tokens, spend_tokens

NAME = "adonis"
INSTRUMENTS = ("flute", "lyre", "drum")
#: What a card costs to smash one of them (any unbroken one, his choice).
INSTRUMENT = "instrument"
REPLACE = "replace an instrument"
HANDLERS = frozenset({REPLACE})


class Adonis(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = tuple(Resource(i, limit=1, owner=NAME) for i in INSTRUMENTS)
    own_means = True  # his instruments are his tokens

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Place these tokens near your player mat with the unbroken sides face up."""
        player = tavern.player(name)
        for instrument in INSTRUMENTS:
            player = player.with_count(instrument, 1)
        return tavern.with_player(player)

    def other_means(self, tavern: Tavern, name: str, resource: str) -> int:
        """An instrument to smash: each unbroken one."""
        if resource != INSTRUMENT:
            return 0
        player = tavern.player(name)  # once, not once an instrument (asked at every affords)
        return sum(player.count(i) for i in INSTRUMENTS)

    def pay_energy(self, tavern: Tavern, name: str, resource: str, amount: int
                   ) -> Resolution[tuple[Tavern, bool]]:
        """000: "you must choose which instrument to smash and smash it as you play the
        card"; "You may not smash an instrument that is already smashed."""
        if resource != INSTRUMENT:
            return tavern, False
        for _ in range(amount):
            whole = tuple(i for i in INSTRUMENTS if tavern.player(name).count(i))
            if not whole:
                return tavern, False
            choice = yield Decision("smash", f"{name}: smash which instrument?", whole,
                                    Decider.PLAYER, name, state=tavern)
            tavern = spend_tokens(tavern, name, choice, 1).note(f"{name} smashes his {choice}")
        return tavern, True

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "To replace an instrument, just flip it back over to its unbroken side."""
        if step.handler != REPLACE:
            return tavern
        smashed = tuple(i for i in INSTRUMENTS if not tavern.player(name).count(i))
        if not smashed:
            return tavern.note(f"{name} has no smashed instrument to replace")
        choice = smashed[0]
        if len(smashed) > 1:
            choice = yield Decision("replace-instrument", f"{name}: replace which "
                                    "instrument?", smashed, Decider.PLAYER, name, state=tavern)
        tavern = yield from gain_tokens(tavern, name, name, choice, 1)
        return tavern.note(f"{name} replaces his {choice}")


register(Adonis())
