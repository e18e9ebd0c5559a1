"""Molly the Stablehand (seed 000, "Molly the Stablehand"; seed 002's team note): her Stable
Deck and the Mounts in her three slots.

The Stable Deck is the sub-deck ``pile = "stable"`` of her file (its discards shuffled in
when it runs out). A Mount in play lies among the cards she keeps, its slot its ``marker``
(0 "Just Got Here", 1 "Enjoying the Stay", 2 "About to Leave"). Its type is data:

* Immediate (``immediate = true``): its steps when revealed, then it only stays in play;
* Passive (``icons = ["passive"]``): while in play, its ``reduce`` steps reduce what each
  card does to Molly (a standing reduction, as Wulfric's Loyal);
* Sometimes (``kind = "sometimes"``): played as though a Sometimes card in her hand, then
  discarded (its slot left empty).

A Mount with a Rival names it (``icons = ["rival:NAME"]``) and its Rival box is
``trigger = { when = "rival in play", steps = [...] }``, whose ``{ handler = "discard this
mount" }`` or ``{ handler = "discard the rival" }`` do that. A Mount is revealed at the
beginning of her turn and after a card of hers with the horseshoe icon (``icons =
["horseshoe"]``) has resolved: the Rival box, the Immediate effect if it is still there,
then into "Just Got Here", pushing the others right as far as the first empty slot (one
pushed off "About to Leave" is discarded). A Mount's effects are never answered, nobody
hits back, and Molly makes its choices.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, CardKind, Stat, Step, Tavern, Verb
from tales.tavern.rdi.zones import discard_card, reveal_from_pile

NAME = "molly"
STABLE = "stable"
HORSESHOE, PASSIVE, RIVAL = "horseshoe", "passive", "rival:"
DISCARD_THIS, DISCARD_RIVAL = "discard this mount", "discard the rival"
SLOTS = ("Just Got Here", "Enjoying the Stay", "About to Leave")


def mounts(tavern: Tavern, name: str) -> tuple[Card, ...]:
    """``name``'s Mounts in play, by slot."""
    return tuple(sorted((c for c in tavern.player(name).kept if c.pile == STABLE),
                        key=lambda c: c.marker))


def rival(card: Card) -> str:
    return next((i[len(RIVAL):] for i in card.icons if i.startswith(RIVAL)), "")


def _without(tavern: Tavern, name: str, card: Card) -> Tavern:
    player = tavern.player(name)
    at = player.kept.index(card)
    tavern = tavern.with_player(replace(player, kept=player.kept[:at] + player.kept[at + 1:]))
    return discard_card(tavern, card, name).note(f"{name} discards the Mount {card.name}")


def _place(tavern: Tavern, name: str, mount: Card) -> Tavern:
    """Into "Just Got Here", each Mount in the way pushed one slot right."""
    taken = {c.marker: c for c in mounts(tavern, name)}
    slot, moving = 0, []
    while slot in taken and slot < len(SLOTS):
        moving.append(taken[slot])
        slot += 1
    for card in reversed(moving):
        if card.marker + 1 >= len(SLOTS):
            tavern = _without(tavern, name, card)
            continue
        player = tavern.player(name)
        at = player.kept.index(card)
        pushed = replace(card, marker=card.marker + 1)
        tavern = tavern.with_player(replace(player, kept=(*player.kept[:at], pushed,
                                                          *player.kept[at + 1:])))
    player = tavern.player(name)
    return tavern.with_player(replace(player, kept=(*player.kept, replace(mount, marker=0))))\
        .note(f"{mount.name} comes into the \u201c{SLOTS[0]}\u201d slot")


def _effect(tavern: Tavern, name: str, steps: tuple[Step, ...], label: str
            ) -> Resolution[Tavern]:
    """A Mount's steps: Molly chooses its targets; nobody answers them or hits back."""
    from tales.tavern.rdi.effects import carry_out, targets_for

    if not steps:
        return tavern
    chosen = yield from targets_for(tavern, name, steps, label)
    tavern, _ = yield from carry_out(tavern, name, steps, chosen)
    return tavern


def reveal(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "When you reveal a Mount, follow these instructions in order"."""
    tavern, mount = yield from reveal_from_pile(tavern, STABLE)
    if mount is None:
        return tavern
    tavern = tavern.note(f"{name} reveals the Mount {mount.name}")
    stays = True
    other = rival(mount)
    there = next((c for c in mounts(tavern, name) if c.name == other), None) if other else None
    if there is not None and mount.trigger is not None:  # 1. the Rival box
        tavern = tavern.note(f"{mount.name}'s Rival {other} is in play")
        for step in mount.trigger.steps:
            if step.verb is Verb.HANDLER and step.handler == DISCARD_THIS:
                stays = False
            elif step.verb is Verb.HANDLER and step.handler == DISCARD_RIVAL:
                found = next((c for c in mounts(tavern, name) if c.name == other), None)
                if found is not None:
                    tavern = _without(tavern, name, found)
            else:
                tavern = yield from _effect(tavern, name, (step,), mount.name)
    if not stays:
        return discard_card(tavern, mount, name).note(f"{mount.name} is discarded")
    if mount.immediate:  # 2. "If the revealed Mount is still in play ... Immediate effect"
        tavern = yield from _effect(tavern, name, mount.steps, mount.name)
    return _place(tavern, name, mount)  # 3. "Put the Mount in play"


class Molly(Mechanics):
    name = NAME

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "There are two times when you reveal a Mount Card: at the beginning of your
        turn, and whenever a card resolves that has the horseshoe icon"."""
        if owner != active or tavern.player(owner).out:
            return tavern
        return (yield from reveal(tavern, owner))

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """"... reveal a Mount Card *after all other effects on the card have been carried
        out*"."""
        if HORSESHOE in card.icons and not card.virtual:
            tavern = yield from reveal(tavern, name)
        return tavern, False

    def may_play(self, tavern: Tavern, name: str, card: Card) -> bool:
        """Only a Sometimes Mount is played like a card in her hand."""
        return card.pile != STABLE or card.kind is CardKind.SOMETIMES

    def reductions(self, tavern: Tavern, name: str) -> tuple[tuple[Stat, int], ...]:
        """A Passive Mount's standing reductions ("Passive Mounts have an ongoing effect")."""
        return tuple((s.stat, s.amount) for c in mounts(tavern, name) if PASSIVE in c.icons
                     for s in c.steps if s.verb is Verb.REDUCE and s.stat is not None)


register(Molly())
