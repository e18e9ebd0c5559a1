"""Witchdoctor Natyli (seed 000, "Witchdoctor Natyli"; seed 002's team rule): her six Debuff
Tokens, two of each type, given to other players by her cards.

The Debuffs are tokens she owns (``pain curse``, ``mind hex``, ``power jinx``; a supply of
two each, never taken back to give again: :attr:`Resource.reclaim` False). Giving one is card
data, ``{ gain = 1, resource = "pain curse", who = "target" }``; a Minion's goes to its
controller (002). What they do is this module:

* Pain Curse and Mind Hex (:meth:`Natyli.after_change`): right after a player (their team's
  mat) actually loses Fortitude or gains Alcohol Content, they lose (gain) one more for each
  such Debuff they hold, and return those Debuffs. The extra comes from the Debuff: it is
  not answered and nobody hits back.
* Power Jinx (:meth:`Natyli.their_amounts`): the numbers of the Action cards its holder
  plays in their Action Phase are each 1 nearer 0 (a step's amount, and the numerals of a
  handler such as "petrify 2"; never a condition's threshold).
  It goes back at the end of the holder's Action Phase (:meth:`Natyli.after_action_phase`).
* Natyli never holds her own Debuffs; a player leaving returns theirs
  (``returns_on_leaving``); when Natyli is out, hers are removed from the game.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Card, CardKind, Player, Stat, Step, Tavern, Verb, Who
from tales.tavern.rdi.stats import change, spend_tokens
from tales.tavern.rdi.timing import Played, respond
from tales.tavern.rdi.variants import boss_deck

NAME = "natyli"
PAIN, MIND, JINX = "pain curse", "mind hex", "power jinx"
DEBUFFS = (PAIN, MIND, JINX)
#: A Debuff's extra loss (gain) waiting for the Lich King's answer (:meth:`Natyli.pending`)
DUE = {PAIN: "pain curse due", MIND: "mind hex due"}
EACH = 2  # "Natyli has two of each type of Debuff Token."
_NUMERAL = re.compile(r"\d+")


def weaker(step: Step, by: int) -> Step:
    """``step`` with its numbers ``by`` nearer 0 ("down to a minimum of 0")."""
    amount = step.amount
    amount = max(amount - by, 0) if amount > 0 else min(amount + by, 0)
    handler = _NUMERAL.sub(lambda m: str(max(int(m[0]) - by, 0)), step.handler)
    return replace(step, amount=amount, handler=handler)


class Natyli(Mechanics):
    name = NAME
    resources = tuple(Resource(d, supply=EACH, owner=NAME, returns_on_leaving=True,
                               reclaim=False) for d in DEBUFFS)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        """000: "Natyli is never affected by her own Debuff Tokens." (Several Natylis at one
        table share one supply: one may debuff another.)"""
        return tavern.player(name).mechanics != NAME or sum(
            p.mechanics == NAME for p in tavern.players) > 1

    def after_change(self, tavern: Tavern, name: str, before: Player) -> Tavern:
        if _gone(tavern):
            return _removed(tavern)
        mat = tavern.player(name)
        lost = mat.fortitude < before.fortitude
        gained = mat.alcohol > before.alcohol
        for resource, happened in ((PAIN, lost), (MIND, gained)):
            if not happened:
                continue
            holders = [p for p in tavern.team(name) if p.count(resource)]
            extra = sum(p.count(resource) for p in holders)
            if not extra:
                continue
            for holder in holders:  # "then return this Debuff Token to Natyli"
                tavern = spend_tokens(tavern, holder.name, resource, holder.count(resource))
            what = "Fortitude" if resource == PAIN else "Alcohol Content"
            if _may_ignore(tavern, name):  # the Lich King may Ignore it: asked at :meth:`pending`
                player = tavern.player(name)
                tavern = tavern.with_player(player.with_count(
                    DUE[resource], player.count(DUE[resource]) + extra)).note(
                    f"the {resource.title()} returns to Natyli: {name} is to "
                    f"{'lose' if resource == PAIN else 'gain'} {extra} more {what}")
                continue
            tavern = tavern.note(f"{name} {'loses' if resource == PAIN else 'gains'} "
                                 f"{extra} more {what} from the {resource.title()} and "
                                 "returns it to Natyli")
            if resource == PAIN:
                tavern = change(tavern, name, fortitude=-extra)
            else:
                tavern = change(tavern, name, alcohol=extra)
        return tavern

    def pending(self, tavern: Tavern, owner: str) -> Resolution[Tavern]:
        """A Debuff's extra loss (gain) the Lich King may Ignore with a finger (000: "A
        finger may Ignore ... non-card effects such as Natyli's Debuffs"): answered like a
        card of Natyli's that nobody played, as a Scarab's bite is. Ignored, the Debuff has
        gone back all the same (it took effect, and its effect was Ignored)."""
        if not _keeps(tavern, owner):
            return tavern
        for player in tavern.players:
            for resource, due in DUE.items():
                extra = tavern.player(player.name).count(due)
                if not extra:
                    continue
                who = player.name
                tavern = tavern.with_player(tavern.player(who).with_count(due, 0))
                stat = Stat.FORTITUDE if resource == PAIN else Stat.ALCOHOL
                step = Step(Verb.FORTITUDE, -extra, Who.TARGET) if resource == PAIN else \
                    Step(Verb.ALCOHOL, extra, Who.TARGET)
                label = f"the {resource.title()}'s extra " + (
                    "loss" if resource == PAIN else "Alcohol Content") + f" on {who}"
                card = Card(label, CardKind.ACTION, (step,), virtual=True)
                hit = ((who, frozenset({stat})),)
                tavern, outcome = yield from respond(
                    tavern, Played(owner, label, card, hit, hit, redirectable=False))
                if outcome.negated or who in outcome.ignored:  # (the answer says so)
                    continue
                what = "Fortitude" if resource == PAIN else "Alcohol Content"
                tavern = tavern.note(f"{who} {'loses' if resource == PAIN else 'gains'} "
                                     f"{extra} more {what} from the {resource.title()}")
                if resource == PAIN:
                    tavern = change(tavern, who, fortitude=-extra)
                else:
                    tavern = change(tavern, who, alcohol=extra)
        return tavern

    def their_amounts(self, tavern: Tavern, owner: str, name: str, card: Card,
                      steps: tuple[Step, ...]) -> tuple[Step, ...]:
        """000: "reduce all numerical values by 1 on any Action Cards you play during your
        Action Phase (down to a minimum of 0)"; 002: a Boss's "will affect only the first
        Action Card they play during that phase". "Gambling, I'm in!" played as the Action is
        weakened too: "each player antes 0 Gold!" (its ante is the step it is given here)."""
        player = tavern.player(name)
        jinxes = player.count(JINX)
        if (not jinxes or (card.kind is not CardKind.ACTION and not card.starts_round)
                or not _keeps(tavern, owner)
                or _gone(tavern) or tavern.players[tavern.active].side != player.side
                or (tavern.actions_played and _boss(tavern, name))):
            return steps
        return tuple(weaker(s, jinxes) for s in steps)

    def after_action_phase(self, tavern: Tavern, owner: str, name: str) -> Tavern:
        """000: "Return this Debuff Token to Natyli at the end of your Action Phase, even if
        you did not play an Action Card.\""""
        if not _keeps(tavern, owner):
            return tavern
        player = tavern.player(name)
        if player.count(JINX):
            tavern = spend_tokens(tavern, name, JINX, player.count(JINX)).note(
                f"{name} returns the Power Jinx to Natyli")
        return tavern

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        return _removed(tavern) if _gone(tavern) else tavern
        yield  # pragma: no cover


def _may_ignore(tavern: Tavern, name: str) -> bool:
    """Whether a Lich King with a finger left is on ``name``'s team (and the rules'
    edition lets him Ignore a Debuff: 2, issue 43)."""
    from tales.tavern.rdi.characters import lich_king

    return tavern.variant.edition >= 2 and any(
        p.mechanics == lich_king.LichKing.name and not p.out
        and lich_king.attached(tavern, p.name) for p in tavern.team(name))


def _boss(tavern: Tavern, name: str) -> bool:
    """Whether ``name`` plays a Boss deck (002's Natyli note: a Boss's Power Jinx weakens
    only the first Action Card of the phase)."""
    seat = next(n for n, p in enumerate(tavern.players) if p.name == name)
    return boss_deck(tavern.variant.mode, seat)


def _keeps(tavern: Tavern, owner: str) -> bool:
    """Whether ``owner`` is the first Natyli at the table: several share one supply and the
    first carries out the Debuffs (a Pain Curse or Mind Hex goes back as it fires, so
    :meth:`Natyli.after_change`, told once for each of them, needs no such test)."""
    return owner == next(p.name for p in tavern.players if p.mechanics == NAME)


def _gone(tavern: Tavern) -> bool:
    """000: "If Natyli loses the game, her Debuff Tokens are removed from the game"."""
    return all(p.out for p in tavern.players if p.mechanics == NAME)


def _removed(tavern: Tavern) -> Tavern:
    """Natyli is out: her Debuffs leave the game (and no longer affect anyone)."""
    for player in tavern.players:
        for debuff in DEBUFFS:
            if player.count(debuff):
                tavern = tavern.with_player(tavern.player(player.name).with_count(debuff, 0))
    for debuff in DEBUFFS:
        if tavern.left(debuff):
            tavern = tavern.with_supply(debuff, 0)
    return tavern


register(Natyli())
