"""Fortitude, Alcohol Content, Gold and tokens, changed as completely as able (A-57), on
the team's mat (001: "When any player on a team gains or loses Fortitude, Alcohol Content or
Gold, the team's shared stats are affected"), with the characters told of every move."""

from __future__ import annotations

from typing import Any

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.model import HIGH, LOW, Player, Tavern


def change(tavern: Tavern, name: str, fortitude: int = 0, alcohol: int = 0,
           lines: tuple[str, ...] = (), line: str = "", stat: str = "") -> Tavern:
    """Gain or lose Fortitude and Alcohol Content, kept within 0-20 (a gain of Alcohol or a
    loss of Fortitude as ``name``'s character changes it: Cormac's Rage, Erin's forms);
    ``lines`` noted with it (before what the characters told of it do), and ``line`` with
    ``{change}`` in it said with what actually changed ("loses 2 Fortitude and gains 5
    Alcohol Content"; ``stat``: the one meant, for a change of 0)."""
    if alcohol > 0 or fortitude < 0:  # the character is asked only then (issue 19)
        rules = characters.mechanics(tavern.player(name))
        if alcohol > 0:
            alcohol = max(rules.alcohol_gain(tavern, name, alcohol), 0)
        if fortitude < 0:
            fortitude = -max(rules.fortitude_loss(tavern, name, -fortitude), 0)
    mat = tavern.mat(name)
    after = evolve(mat, fortitude=min(max(mat.fortitude + fortitude, LOW), HIGH),
                    alcohol=min(max(mat.alcohol + alcohol, LOW), HIGH))
    if line:
        lines = (line.replace("{change}", changed(after.fortitude - mat.fortitude,
                                                   after.alcohol - mat.alcohol,
                                                   fortitude, alcohol, stat)), *lines)
    # the lines in the change's own copy of the table (issue 19), before what the
    # characters told of it do (a Pain Curse's extra loss after the loss that set it off)
    tavern = tavern.with_player(after, *lines)
    for _, rules in characters.every(tavern, "after_change"):  # (numbers only)
        tavern = rules.after_change(tavern, mat.name, mat)
    return tavern


def changed(fortitude: int, alcohol: int, meant_fortitude: int = 0, meant_alcohol: int = 0,
            stat: str = "") -> str:
    """What a change did, in words: "loses 2 Fortitude and gains 5 Alcohol Content"; a
    change meant that did nothing: "loses no Fortitude"."""
    said = []
    for amount, what in ((fortitude, "Fortitude"), (alcohol, "Alcohol Content")):
        if amount:
            said.append(f"{'gains' if amount > 0 else 'loses'} {abs(amount)} {what}")
    if not said:  # nothing changed: what was meant ("loses no Fortitude")
        meant = meant_fortitude or meant_alcohol
        stat = stat or ("Fortitude" if meant_fortitude or not meant_alcohol
                        else "Alcohol Content")
        gain = meant > 0 if meant else stat != "Fortitude"
        said.append(f"{'gains' if gain else 'loses'} no {stat}")
    return " and ".join(said)


def gold(tavern: Tavern, name: str) -> int:
    """The Gold ``name``'s team holds: coins, and Gold-like things characters count."""
    mat = tavern.mat(name)
    total = mat.gold
    for p, rules in characters.every(tavern, "gold"):
        if p.side == mat.side:
            total += rules.gold(tavern, p.name)
    for p, rules in characters.every(tavern, "gold_of"):
        total += rules.gold_of(tavern, p.name, mat.name)
    return total


def pay(tavern: Tavern, payer: str, amount: int, to: str | None) -> Tavern:
    """``payer`` pays up to ``amount`` Gold to player ``to`` (None: the Inn)."""
    mat = tavern.mat(payer)
    paid = min(max(amount, 0), mat.gold)
    after = evolve(mat, gold=mat.gold - paid)
    if to is None and paid >= amount:  # all of it to the Inn: one copy of the table
        return tavern.with_player(after, inn=tavern.inn + paid)
    tavern = tavern.with_player(after)
    if paid < amount:  # the rest in something else that counts as Gold (Keet's Artifacts)
        tavern = characters.pay_short(tavern, payer, to, amount - paid)
    if to is None:
        return evolve(tavern, inn=tavern.inn + paid)
    other = tavern.mat(to)
    tavern = tavern.with_player(evolve(other, gold=other.gold + paid))
    return bonus_gold(tavern, to) if paid > 0 else tavern


def bonus_gold(tavern: Tavern, name: str) -> Tavern:
    """``name`` gained Gold: the extra their character takes from the Inn (Erin's Raven)."""
    extra = characters.mechanics(tavern.player(name)).gold_bonus(tavern, name)
    if extra <= 0:
        return tavern
    mat = tavern.mat(name)
    return tavern.with_player(evolve(mat, gold=mat.gold + extra),
                              f"{name} takes {extra} more Gold from the Inn",
                              inn=tavern.inn - extra)


def collect(tavern: Tavern, name: str, amount: int) -> Tavern:
    """Take Gold from the Inn (with substitute markers if it runs out: the Inn may go
    below 0 and still pays, A-57)."""
    mat = tavern.mat(name)
    tavern = tavern.with_player(evolve(mat, gold=mat.gold + amount), inn=tavern.inn - amount)
    return bonus_gold(tavern, name) if amount > 0 else tavern


def passed_out(tavern: Tavern, name: str) -> bool:
    """Alcohol at or above Fortitude, unless a character changes what passing out is."""
    besides = characters.every(tavern, "passes_out")  # in seat order, like the team
    if besides:
        side = tavern.player(name).side
        for player, rules in besides:
            if player.side != side:
                continue
            verdict = rules.passes_out(tavern, player.name)
            if verdict is not None:
                return verdict
    return tavern.mat(name).passed_out


def gain_tokens(tavern: Tavern, giver: str, name: str, resource: str, amount: int
                ) -> Resolution[Tavern]:
    """``name`` gains ``amount`` of ``resource`` (negative: loses them), within the
    resource's limit; from a limited supply, the owner first takes back what is missing
    from other players, one token at a time, choosing from whom (Karl's Buff Tokens,
    Valeria's Corruption)."""
    kind = characters.resource(resource)
    player = tavern.player(name)
    owner = next((p for p, rules in characters.every(tavern) if rules.name == kind.owner),
                 None)
    if owner is not None and not characters.mechanics(owner).may_gain(tavern, name, resource):
        return tavern.note(f"{name} cannot gain {resource}")
    if amount < 0:
        lost = min(-amount, max(player.count(resource) - kind.floor, 0))
        tavern = move_tokens(tavern, player, resource, player.count(resource) - lost)
        if lost < -amount and kind.floor:  # below the floor: the holder's rules say what
            tavern = yield from characters.mechanics(player).under_floor(tavern, name,
                                                                         resource)
        return tavern
    room = amount if kind.limit is None else max(min(amount, kind.limit
                                                     - player.count(resource)), 0)
    for given in range(room):
        if kind.supply is not None and tavern.left(resource) <= 0:
            if not kind.reclaim:  # only what is left (Natyli's Debuffs)
                room = given
                break
            holders = tuple(p.name for p in tavern.players if p.count(resource))
            if not holders:
                break
            who = owner.name if owner is not None else giver
            source = yield Decision("reclaim", f"{who}: take a {resource} token back from "
                                    "whom?", holders, Decider.PLAYER, who, state=tavern)
            held = tavern.player(source)
            tavern = move_tokens(tavern, held, resource, held.count(resource) - 1)
        player = tavern.player(name)
        tavern = move_tokens(tavern, player, resource, player.count(resource) + 1)
    if room:
        tavern = tavern.note(f"{name} gains {room} {resource}")
    return tavern


def affords(tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]) -> bool:
    """Whether ``name`` can pay ``cost`` (tokens and how many): with tokens, or the
    character's other means (Dominique's cards, Adonis's instruments)."""
    player = tavern.player(name)
    rules = characters.mechanics(player)
    if characters.changes(rules, "can_pay"):
        whole = rules.can_pay(tavern, name, cost)
        if whole is not None:
            return whole
    other = characters.changes(rules, "other_means")
    for resource, needed in cost:  # a loop: no generator made a question (issue 19)
        held = player.count(resource)
        if other:
            held += rules.other_means(tavern, name, resource)
        if held < needed:
            return False
    return True


def spend_tokens(tavern: Tavern, name: str, resource: str, amount: int,
                 lines: tuple[str, ...] = ()) -> Tavern:
    """Spend (discard) tokens back to the supply; ``lines`` noted with it."""
    player = tavern.player(name)
    spent = min(amount, player.count(resource))
    return move_tokens(tavern, player, resource, player.count(resource) - spent, *lines)


def move_tokens(tavern: Tavern, player: Player, resource: str, count: int, *lines: str
                ) -> Tavern:
    """``player`` holds ``count`` of ``resource`` now, what they gained taken from its
    supply and what they lost put back (when it has one), and ``lines`` are noted: in one
    copy of the table (issue 19: a token moved was two or three copies)."""
    changes: dict[str, Any] = {}
    if characters.resource(resource).supply is not None:
        changes["supply"] = tavern.supplied(
            resource, tavern.left(resource) - (count - player.count(resource)))
    return tavern.with_player(player.with_count(resource, count), *lines, **changes)
