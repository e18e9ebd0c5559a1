"""Erin the Ever-Changing (seed 000; the checklist's section C): her four forms, Elf, Bear,
Raven and Tree.

Her form is a token she holds (``bear``, ``raven`` or ``tree``; none: Elf, as she starts). A
card that changes her form ends with the step ``{ handler = "become bear" }`` (``become
raven``, ``become tree``, ``become elf``): it is her own step, after the card's other
effects, so an Ignored card of hers still changes it unless she is the one Ignoring it, and a
Negated card never does. Each form's standing effects are hooks of the engine: the Fortitude
loss she causes (:meth:`Erin.amounts`), what she gains and loses (:meth:`Erin.alcohol_gain`,
:meth:`Erin.fortitude_loss`, :meth:`Erin.gold_bonus`) and what she antes (:meth:`Erin.ante`).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, more_loss, register
from tales.tavern.rdi.model import Card, Step, Tavern

NAME = "erin"
BEAR, RAVEN, TREE, ELF = "bear", "raven", "tree", "elf"
FORMS = (BEAR, RAVEN, TREE)
BECOME = {f"become {form}": form for form in (*FORMS, ELF)}
HANDLERS = frozenset(BECOME)
#: The Bear's extra Fortitude loss (the Form Card's number is not in the seeds: a reading).
BEAR_LOSS = 1
#: The Tree's protection: "have their effect reduced by 2".
TREE_REDUCTION = 2
#: The Raven's "1 extra Gold from the Inn" and "1 extra Alcohol Content".
RAVEN_EXTRA = 1


def form(tavern: Tavern, name: str) -> str:
    """``name``'s form now."""
    player = tavern.player(name)
    return next((f for f in FORMS if player.count(f)), ELF)


def become(tavern: Tavern, name: str, new: str) -> Tavern:
    """Move the Form Marker to ``new``; 000: "If Erin turns into a Tree during her own
    turn, her turn ends immediately" (the anted Gold of a Round going to the Inn)."""
    player = tavern.player(name)
    for each in FORMS:
        player = player.with_count(each, 1 if each == new else 0)
    tavern = tavern.with_player(player).note(f"{name} becomes {'an' if new == ELF else 'a'} "
                                             f"{new.title()}")
    own_turn = tavern.players[tavern.active].side == player.side
    if new == TREE and own_turn and name not in tavern.resting:
        tavern = replace(tavern, resting=(*tavern.resting, name)).note(
            f"{name}'s turn ends now")
    return tavern


class Erin(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = tuple(Resource(f, limit=1, owner=NAME) for f in FORMS)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "When Erin plays a card that changes her form, she changes form after all
        other effects on the card have been carried out."""
        new = BECOME.get(step.handler)
        if new is not None:
            tavern = become(tavern, name, new)
        return tavern
        yield  # pragma: no cover

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "If Erin is a Bear or a Raven, she may choose to return to Elf form before
        discarding and drawing for her turn. If Erin is a Tree, she *must* return to Elf
        form at this time."""
        player = tavern.player(owner)
        now = form(tavern, owner)
        if player.out or player.side != tavern.player(active).side or now == ELF:
            return tavern
        if now != TREE:
            choice = yield Decision("form", f"{owner}: return to Elf form from {now.title()}?",
                                    ("no", "yes"), Decider.PLAYER, owner, state=tavern)
            if choice != "yes":
                return tavern
        return become(tavern, owner, ELF)

    def playing(self, tavern: Tavern, name: str, card: Card) -> Tavern:
        """000: "If Erin is a Tree and plays a card, she *must* return to Elf form
        immediately. This happens as soon as she plays the card"."""
        if form(tavern, name) == TREE and not card.virtual:
            tavern = become(tavern, name, ELF)
        return tavern

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        """000: "When Erin is a Bear and causes damage, apply the Bear effect before applying
        other replacement effects or modifications."""
        return more_loss(steps, BEAR_LOSS if form(tavern, name) == BEAR else 0)

    def alcohol_gain(self, tavern: Tavern, name: str, amount: int) -> int:
        """000: "When Erin is a Raven, she gains 1 extra Alcohol Content from any effect that
        would increase her Alcohol Content"; a Tree's "have their effect reduced by 2"."""
        now = form(tavern, name)
        if now == RAVEN:
            return amount + RAVEN_EXTRA
        return amount - TREE_REDUCTION if now == TREE else amount

    def fortitude_loss(self, tavern: Tavern, name: str, amount: int) -> int:
        """000: "Any effects that would increase her Alcohol Content or decrease her
        Fortitude have their effect reduced by 2."""
        return amount - TREE_REDUCTION if form(tavern, name) == TREE else amount

    def gold_bonus(self, tavern: Tavern, name: str) -> int:
        """000: "Erin's Raven form causes her to gain 1 extra Gold from the Inn whenever she
        gains Gold."""
        return RAVEN_EXTRA if form(tavern, name) == RAVEN else 0

    def ante(self, tavern: Tavern, name: str, amount: int, starter: str, opening: bool
             ) -> tuple[int, bool]:
        """000: the Bear antes "2 Gold instead of 1 at the beginning of a Round of
        Gambling"; the Raven antes "with Gold from the Inn whenever she starts a Round of
        Gambling on her own turn"."""
        now = form(tavern, name)
        if now == RAVEN and starter == name and amount > 0:
            return amount, True
        if now == BEAR and opening and amount > 0:
            return amount + 1, False
        return amount, False


register(Erin())
