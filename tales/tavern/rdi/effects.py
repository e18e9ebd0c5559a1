"""Playing a card: choosing its targets, declaring its optional costs, its response window,
then its steps, in order, for each player it affects (A-16, A-35, A-44 to A-47).

A player who Ignores the card is not affected. Reductions come off that player's losses
from the card and never cross zero; a redirected Fortitude loss goes to the new player but
still comes from the card's player (who may be hit back). A Buff Token (or any token a
character says adds Fortitude loss) adds 1 to the card's total loss for each target. After
the card resolves, each player who lost Fortitude to it may hit back (A-33, A-47).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters, dexterity, handdeck
from tales.tavern.rdi.given import put_in_front
from tales.tavern.rdi.members import Kinds, Stats, Verbs, Whos, Whoses
from tales.tavern.rdi.model import (
    HIGH,
    RESPONSES,
    ROUND_PLAYS,
    Card,
    Minion,
    Phase,
    Player,
    Stat,
    Step,
    Tavern,
    Verb,
    Who,
)
from tales.tavern.rdi.ottodata import (
    OTTO,
    OTTO_STEPS,
    as_sometimes,
    claim,
    otto_step,
    sometimes_resolved,
)
from tales.tavern.rdi.stats import (
    affords,
    change,
    collect,
    gain_tokens,
    gold,
    pay,
    spend_tokens,
)
from tales.tavern.rdi.timing import (
    MIX_IN,
    NOTHING_YET,
    PASS,
    Outcome,
    Played,
    Pour,
    Use,
    affected_by,
    halves,
    negated_again,
    proactive,
    respond,
)
from tales.tavern.rdi.zones import (
    abilities,
    discard_card,
    discard_drinks,
    draw,
    of_cards,
    of_playable,
    playable,
    reveal_from_pile,
    take_card,
)

#: The Potion Token's three effects (001, "Potion Tokens"): they cannot be Negated,
#: Ignored or affected.
POTION = "potion"
POTION_EFFECTS = {
    "Potion Token: gain 6 Fortitude": (6, 0, 0),
    "Potion Token: lose 6 Alcohol Content": (0, -6, 0),
    "Potion Token: gain 3 Gold from the Inn": (0, 0, 3),
}
FORTITUDE_BOOST = "buff"  # the token any holder may spend for +1 Fortitude loss (Karl)


@dataclass(frozen=True)
class Loss:
    """Fortitude ``amount`` that ``victim`` lost to a card of ``source``."""

    victim: str
    source: str
    amount: int
    via: str = ""  # the Minion whose activation it was (it may be hit back instead)
    #: the victim's Gizmo that lost it (Wrench's): only a card that hits back for a Gizmo
    #: answers it (icon ``"gizmo hit-back"``: "Sorry, I forgot the safety on my Automatic
    #: Phalanx!")
    gizmo: str = ""


#: The icon of a hit-back card that also answers a loss of one of its player's Gizmos.
GIZMO_HIT_BACK = "gizmo hit-back"


def targets_for(tavern: Tavern, name: str, steps: tuple[Step, ...], label: str,
                fixed: str | None = None) -> Resolution[dict[Who, list[str]]]:
    """Whom each kind of step affects: picks for "another player" and "a player" are
    Decisions of the card's player; "each player" in a team game is one Champion per team,
    the card's player for their own (001, "Each player (including you)")."""
    wanted = {s.who for s in steps}
    others = [p.name for p in tavern.others(name)]
    # 002: a card that "makes each other player lose Fortitude ... affects each Minion"
    # (the steps are looked at only with Minions in play: none, none to pick; issue 19)
    everyone_else = [*others, *(tavern.foes_minions(name) if tavern.minions and any(
        s.who is Whos.EACH_OTHER and s.verb is Verbs.FORTITUDE and s.amount < 0 for s in steps)
        else [])]
    chosen: dict[Who, list[str]] = {Whos.YOU: [name], Whos.EACH_OTHER: everyone_else}
    hurts = bool(tavern.minions) and any(
        s.who is Whos.TARGET and s.verb is Verbs.FORTITUDE and s.amount < 0 for s in steps)
    minions = tavern.foes_minions(name) if hurts else []
    if Whos.TARGET in wanted:
        if fixed is not None:
            chosen[Whos.TARGET] = [fixed]
        elif others or minions:  # 002: "may choose to target one of Torglesnarf's Minions"
            pick = yield Decision("target", f"{label}: pick another player",
                                  (*others, *minions), Decider.PLAYER, name, state=tavern)
            chosen[Whos.TARGET] = [pick]
    if Whos.ANY in wanted:
        everyone = tuple(tavern.order_from(name))
        pick = yield Decision("target", f"{label}: pick a player", everyone,
                              Decider.PLAYER, name, state=tavern)
        chosen[Whos.ANY] = [pick]
    if Whos.EACH in wanted:
        chosen[Whos.EACH] = yield from champions(tavern, name, label)
    # 000 (Wrench): "If a player plays a card that affects the Fortitude of all players, that
    # card affects each Gizmo's Fortitude as well" (a Minion with a Fortitude track)
    for who in (Whos.EACH, Whos.EACH_OTHER) if tavern.minions else ():
        if who in wanted and any(s.who is who and s.verb is Verbs.FORTITUDE
                                 and (who is Whos.EACH or s.amount > 0) for s in steps):
            chosen[who] = [*chosen[who], *(m.name for m in tavern.minions if m.card.values
                                           and (who is Whos.EACH or m.controller != name)
                                           and m.name not in chosen[who])]
    return chosen


def champions(tavern: Tavern, name: str, label: str, revealer_chosen: bool = True
              ) -> Resolution[list[str]]:
    """One player per team still in: ``name`` for their own, a Decision of each other
    team's mat for theirs (001, "Team Champions"); with ``revealer_chosen`` False,
    ``name``'s team chooses too (001: "If a team reveals a Sea Event, Dungeon Event or GM
    Event at the end of their shared turn, they still choose a Champion")."""
    picked = [name] if revealer_chosen else []
    for side in tavern.sides():
        if side == tavern.player(name).side and revealer_chosen:
            continue
        members = tuple(p.name for p in tavern.in_game() if p.side == side)
        if len(members) == 1:
            picked.append(members[0])
            continue
        choice = yield Decision("champion", f"{label}: choose your team's Champion",
                                members, Decider.PLAYER, members[0], state=tavern)
        picked.append(choice)
    return picked


#: Marks, among a card's extra steps, a boost paid whose steps replace the card's own.
INSTEAD = Step(Verb.HANDLER, handler="instead")


def declare_costs(tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...] | None = None
                  ) -> Resolution[tuple[Tavern, tuple[Step, ...], bool]]:
    """Optional costs are chosen as the card is played and never refunded (A-35): each
    boost the player can pay, and a Buff Token on an Action or Sometimes card with
    Fortitude loss (``steps``: the steps played, if not the card's own). Returns the table,
    the extra steps and whether a Buff was spent."""
    extra: tuple[Step, ...] = ()
    tavern = yield from pay_cost(tavern, name, card)
    for boost in card.boosts:
        if not affords(tavern, name, boost.cost):
            continue
        what = " and ".join(f"{n} {r}" for r, n in boost.cost)
        choice = yield Decision("boost", f"{name}: spend {what} on {card.name}"
                                f"{' (' + boost.text + ')' if boost.text else ''}?",
                                ("no", "yes"), Decider.PLAYER, name, state=tavern)
        if choice == "yes":
            tavern = yield from pay_costs(tavern, name, boost.cost)
            extra = (*extra, *((INSTEAD,) if boost.instead else ()), *boost.steps)
            tavern = tavern.note(f"{name} spends {what}")
    buffed = False
    # (whether the card makes others lose Fortitude asked last, of a Buff's holder alone:
    # a generator over its steps for every card played costs more; issue 19)
    if (card.kind in (Kinds.ACTION, Kinds.SOMETIMES)
            and tavern.player(name).count(FORTITUDE_BOOST)
            and any(s.verb is Verbs.FORTITUDE and s.amount < 0 and s.who is not Whos.YOU
                    for s in (*(card.steps if steps is None else steps), *extra))):
        choice = yield Decision("buff", f"{name}: spend your Buff Token on {card.name} "
                                "(+1 Fortitude loss to each target)?", ("no", "yes"),
                                Decider.PLAYER, name, state=tavern)
        if choice == "yes":
            tavern = spend_tokens(tavern, name, FORTITUDE_BOOST, 1)
            tavern = as_sometimes(tavern.note(f"{name} spends a Buff Token"), name)
            buffed = True
    return tavern, extra, buffed


def pay_cost(tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
    """What ``card`` costs to play at all (``cost``), paid as it is played."""
    if not card.cost:  # most cards: no generators of the rules' started (issue 19)
        return tavern
    tavern = yield from pay_costs(tavern, name, card.cost)
    for resource, amount in card.cost:
        tavern = tavern.note(f"{name} spends {amount} {resource} on {card.name}")
    return tavern


def pay_costs(tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
              ) -> Resolution[Tavern]:
    """Pay a whole cost: the character's own way if it pays costs as a whole (Ozrik),
    else each resource with :func:`pay_tokens`."""
    tavern, paid = yield from characters.mechanics(tavern.player(name)).pay_whole(
        tavern, name, cost)
    if not paid:
        for resource, amount in cost:
            tavern = yield from pay_tokens(tavern, name, resource, amount)
    return tavern


def pay_tokens(tavern: Tavern, name: str, resource: str, amount: int) -> Resolution[Tavern]:
    """Pay ``amount`` of ``resource``: each unit from a token, or the character's other
    way (Dominique: two cards from hand), the player choosing."""
    rules = characters.mechanics(tavern.player(name))
    for _ in range(amount):
        tavern, paid = yield from rules.pay_energy(tavern, name, resource, 1)
        if not paid:
            tavern = spend_tokens(tavern, name, resource, 1)
    return tavern


def play_card(tavern: Tavern, name: str, card: Card, target: str | None = None,
              steps: tuple[Step, ...] | None = None, label: str = "",
              discard: bool = True, involved: Sequence[str] = (), via: str = ""
              ) -> Resolution[tuple[Tavern, Outcome]]:
    """``name`` plays ``card`` (already out of their hand) and it resolves; it then goes
    to its discard pile (unless ``discard`` is False: a Trap goes back to Alaric's hand).
    ``steps`` replaces the card's steps (a Trap effect, a hit-back); ``target`` fixes the
    player it is aimed at; ``involved`` players' Gold it changes otherwise (an ante)."""
    label = label or card.name
    body = card.steps if steps is None else steps
    body = tuple(s for s in body if s.verb not in RESPONSES)
    tavern = tavern.note(f"{name} plays {label}")
    since = len(tavern.log)
    rules = characters.mechanics(tavern.player(name))  # (a player's rules never change)
    tavern = rules.playing(tavern, name, card)
    added = None
    if card.adds and steps is None:  # "No player may respond ... until ... revealed"
        tavern, added = yield from reveal_from_pile(tavern, card.adds)
        if added is not None:
            body = (*body, *(s for s in added.steps if s.verb not in RESPONSES))
            tavern = tavern.note(f"{name} reveals {added.name} and adds it to {label}")
    tavern, extra, buffed = yield from declare_costs(tavern, name, card, body)
    if INSTEAD in extra:  # a boost whose steps replace the card's (Dale's Harvest)
        body, extra = (), tuple(s for s in extra if s != INSTEAD)
    body = (*body, *extra)
    if any(s.who is Whos.EACH for s in body):  # Boss Otto: "each player (including you)"
        tavern = claim(tavern, name)
    # a Minion played "face-up in front of you" does nothing to anyone as it comes into
    # play: no target asked and nobody affected (the rules' edition 2; its steps are its
    # activation's)
    summons = card.minion and steps is None and tavern.variant.edition >= 2
    aimed = () if summons else body
    chosen = yield from targets_for(tavern, name, aimed, label, target)
    affects, harms = affected_by(aimed, name, chosen)
    merged = dict(affects)
    for other in involved:
        if other != name:
            merged[other] = merged.get(other, frozenset()) | {Stats.GOLD}
    affects = tuple(merged.items())
    played = Played(name, label, card, affects, harms)
    tavern, outcome = yield from respond(tavern, played)
    ignoring = dexterity.ignores(tavern, card)
    if ignoring:  # Boss Otto Ignores a Dexterity Card
        outcome = evolve(outcome, ignored=outcome.ignored | ignoring)
    if not outcome.negated:
        tavern, worked = yield from dexterity.attempt(tavern, name, card)
        body = body if worked else ()
    if outcome.negated:  # (said once: the Negate that did it may have said so)
        if not any(line.endswith(f"{label} is Negated") for line in tavern.log[since:]):
            tavern = tavern.note(f"{label} is Negated")
    elif card.minion and steps is None:  # "play it face-up in front of you"
        minion = Minion(_unused(tavern, card.name, name), name, card)
        return evolve(tavern, minions=(*tavern.minions, minion)).note(
            f"{minion.name} comes into play"), outcome
    else:
        body = rules.amounts(tavern, name, card, body)
        body = characters.their_amounts(tavern, name, card, body)
        tavern, losses = yield from carry_out(tavern, name, body, chosen, outcome, buffed,
                                              via)
        if discard:
            tavern, placed = yield from rules.resolved(tavern, name, card)
            tavern, discard = tavern if placed else discard_card(tavern, card, name), False
        tavern = sometimes_resolved(tavern, name, card)
        tavern = yield from hit_back(tavern, losses)
    if discard:
        tavern = discard_card(tavern, card, name)
    if added is not None and added.trigger is not None and not outcome.negated:
        # a Story that stays: "Warthorn **must** do this" (000), even if it was Ignored
        tavern = yield from put_in_front(tavern, name, added, added.pile)
    elif added is not None:
        tavern = discard_card(tavern, added, name)
    tavern = yield from rules.after_play(tavern, name, card)
    if card.kind is Kinds.ACTION and tavern.players[tavern.active].name == name:
        tavern = evolve(tavern, actions_played=tavern.actions_played + 1)
    return tavern, outcome


def _unused(tavern: Tavern, card: str, owner: str) -> str:
    """A new Minion's name: its card, the first number no such Minion of ``owner``'s in
    play has, and ``owner``. Two copies of one Minion (several copies of one deck at a
    table, or a copy played after another left play) are never confused."""
    taken = {m.name for m in tavern.minions}
    return next(name for n in itertools.count(1)
                if (name := f"{card} #{n} ({owner})") not in taken)


def _for_controller(tavern: Tavern, rules: characters.Mechanics, step: Step,
                    controller: str, chosen: list[str], minion: str) -> bool:
    """Whether a Minion's controller carries out a handler step instead of it (001: "its
    controller ... checks instead"). One of Boss Otto's Components passes him any
    character's extra effect (a Scarab, a Blessing, a Check for Traps), once: only the
    first Component a step reaches, and none when it reaches him too (001: "Boss Otto gets
    the extra effect only once, not multiple times")."""
    if step.handler in rules.not_passed:
        return False
    if controller != OTTO or tavern.variant.otto is None:
        return step.handler in rules.for_controller
    return _once_for_otto(tavern, chosen, minion)


def _once_for_otto(tavern: Tavern, chosen: list[str], minion: str) -> bool:
    """Whether ``minion``, one of Boss Otto's Components among the ``chosen`` of a step,
    is the one that passes him its extra effect: the first, and none when he is chosen."""
    players = {p.name for p in tavern.players}
    return OTTO not in chosen and next(w for w in chosen if w not in players) == minion


def carry_out(tavern: Tavern, name: str, steps: tuple[Step, ...],
              chosen: dict[Who, list[str]], outcome: Outcome | None = None,
              buffed: bool = False, via: str = "") -> Resolution[tuple[Tavern, list[Loss]]]:
    """The steps of a card played by ``name``, for the players ``chosen``; players who
    Ignore it are not affected (module docstring)."""
    outcome = outcome or NOTHING_YET
    players = tavern.seating().index  # the names at the table (no set made: issue 19)
    controllers = {m.name: m.controller for m in tavern.minions}
    losses: list[Loss] = []
    left = {(who, stat): n for who, stat, n in outcome.reduced}
    for player, rules in characters.every(tavern, "reductions"):  # standing ones (Wulfric's mood)
        for stat, n in rules.reductions(tavern, player.name):
            left[(player.name, stat)] = left.get((player.name, stat), 0) + n
    for player, rules in characters.every(tavern, "given_reductions"):  # to others (Keet's)
        for who, stat, n in rules.given_reductions(tavern, player.name):
            left[(who, stat)] = left.get((who, stat), 0) + n
    boosted: set[str] = set()
    for step in steps:
        for who in chosen.get(step.who, []):
            if who not in players:  # a Minion (or one already discarded)
                if step.verb is Verbs.HANDLER and who in controllers:
                    rules = characters.handling(tavern.player(name), step.handler)
                    if _for_controller(tavern, rules, step, controllers[who],
                                       chosen.get(step.who, []), who):
                        tavern = yield from rules.handle(tavern, name, step, controllers[who])
                    continue
                if step.verb is Verbs.GAIN and who in controllers:  # to its controller
                    if controllers[who] == OTTO and tavern.variant.otto is not None and \
                            not _once_for_otto(tavern, chosen.get(step.who, []), who):
                        continue  # a Debuff or a Mark once (001)
                    tavern = yield from gain_tokens(tavern, name, controllers[who],
                                                    step.resource, step.amount)
                    continue
                if tavern.minion(who) is None:
                    continue
                # only Fortitude loss affects a Minion (and a gain one with a track: a Gizmo)
                if step.verb is Verbs.FORTITUDE and step.amount < 0 and who not in \
                        outcome.ignored:
                    # "If something would alter an effect's Fortitude loss, this works the
                    # same against Gizmos as it would against players" (000, Wrench)
                    lose = -step.amount * (tavern.player(name).count(step.per)
                                           if step.per else 1)
                    if buffed and who not in boosted:
                        boosted.add(who)
                        lose += 1
                    hit = tavern
                    tavern = yield from minion_hit(tavern, who, name, lose)
                    losses += _gizmo_loss(hit, who, name, lose, via)
                elif step.verb is Verbs.FORTITUDE and step.amount > 0:
                    found = tavern.minion(who)
                    assert found is not None
                    gain = characters.mechanics(tavern.player(found.controller)
                                                ).minion_fortitude(tavern, found, name,
                                                                   step.amount)
                    if gain is not None:
                        tavern = yield from gain
                continue
            if who in outcome.ignored and step.verb is Verbs.HANDLER:
                rules = characters.handling(tavern.player(name), step.handler)
                tavern = yield from rules.ignored(tavern, name, step, who)
                continue
            if who in outcome.ignored or (tavern.player(who).out and step.who is not Whos.YOU):
                continue
            if who in tavern.resting:  # "they Ignore all effects"
                continue
            if not _holds(tavern, name, who, step):
                continue
            amount = step.amount * (tavern.player(name).count(step.per) if step.per else 1)
            if step.verb is Verbs.FORTITUDE:
                if amount < 0 and buffed and who not in boosted and who != name:
                    boosted.add(who)
                    amount -= 1
                victim = _redirect(outcome, who) if amount < 0 else who
                if victim in outcome.ignored:  # the new target Ignores it
                    continue
                if victim not in players and tavern.minion(victim) is None:
                    # redirected to a Minion that has since left play (docs/rules-decisions.md)
                    tavern = tavern.note(f"the Fortitude loss redirected to {victim} does "
                                         "nothing: it has left play")
                    continue
                if tavern.minion(victim) is not None:  # redirected to a Minion
                    hit = tavern
                    tavern = yield from minion_hit(tavern, victim, name, -amount)
                    losses += _gizmo_loss(hit, victim, name, -amount, via)
                    continue
                if amount < 0:  # the target's reductions, then the new target's
                    amount = -_reduce(left, who, Stats.FORTITUDE, -amount)
                    if victim != who:
                        amount = -_reduce(left, victim, Stats.FORTITUDE, -amount)
                before = tavern.mat(victim).fortitude
                redirected = f" (redirected from {who})" if victim != who else ""
                tavern = change(tavern, victim, fortitude=amount,
                                line=f"{victim} {{change}}{redirected}", stat="Fortitude")
                lost = before - tavern.mat(victim).fortitude
                if amount < 0 and lost > 0 and victim != name:
                    losses.append(Loss(victim, name, lost, via))
            elif step.verb is Verbs.ALCOHOL:
                if amount > 0:
                    amount = _reduce(left, who, Stats.ALCOHOL, amount)
                tavern = change(tavern, who, alcohol=amount, line=f"{who} {{change}}",
                                stat="Alcohol Content")
            elif step.verb is Verbs.PAY:
                amount = _reduce(left, who, Stats.GOLD, amount)
                to = None if step.to_inn or who == name else name
                whom = "the Inn" if to is None else to
                if who in outcome.from_inn:  # the Inn pays it for them
                    if to is not None and amount > 0:
                        tavern = collect(tavern.note(
                            f"the Inn pays {to} {amount} Gold for {who}"), to, amount)
                else:
                    coins = min(max(amount, 0), tavern.mat(who).gold)
                    if coins or not gold(tavern, who):  # (else Artifacts: their own lines)
                        tavern = tavern.note(f"{who} pays {coins or 'no'} Gold to {whom}")
                    tavern = pay(tavern, who, amount, to)
            elif step.verb is Verbs.COLLECT:
                if amount > 0:
                    tavern = tavern.note(f"{who} takes {amount} Gold from the Inn")
                tavern = collect(tavern, who, amount)
            elif step.verb is Verbs.DRAW:
                tavern = yield from draw(tavern, who, amount)
            elif step.verb is Verbs.DISCARD:
                tavern = yield from discard_cards(tavern, who, amount)
            elif step.verb is Verbs.ORDER:
                from tales.tavern.rdi.drinks import order_drink

                for _ in range(amount):
                    tavern = yield from order_drink(tavern, who)
            elif step.verb is Verbs.DRINK:
                from tales.tavern.rdi.drinks import drink_from_deck

                for _ in range(amount):
                    tavern = yield from drink_from_deck(tavern, who)
            elif step.verb is Verbs.GAIN:
                tavern = yield from gain_tokens(tavern, name, who, step.resource, amount)
            elif step.verb is Verbs.STEAL_POT:  # "steal a Gold from the pot"
                taken = min(max(amount, 0), tavern.pot)
                mat = tavern.mat(who)
                tavern = tavern.with_player(evolve(mat, gold=mat.gold + taken),
                                            f"{who} takes {taken} Gold from the pot",
                                            pot=tavern.pot - taken)
            elif step.verb is Verbs.POT_TO_INN:  # "end the Round ... anted Gold to the Inn"
                tavern = evolve(tavern, inn=tavern.inn + tavern.pot, pot=0,
                                 round_over=True).note(
                    "the Round of Gambling ends: the pot goes to the Inn")
            elif step.verb is Verbs.RESTART_ROUND:  # the Round of Gambling starts over
                tavern = evolve(tavern, restarted=name).note(
                    f"{name} starts the Round of Gambling over")
            elif step.verb is Verbs.DRINK_AGAIN:
                from tales.tavern.rdi.drinks import drink_phase

                for _ in range(amount):
                    tavern = yield from drink_phase(tavern, who)
            elif step.verb is Verbs.DISCARD_DRINK:
                pile = tavern.player(who).drink_me
                gone = pile[max(len(pile) - amount, 0):]
                tavern = discard_drinks(tavern.with_player(evolve(
                    tavern.player(who), drink_me=pile[:len(pile) - len(gone)])), gone)
            elif step.verb is Verbs.END_TURN:
                tavern = evolve(tavern, resting=(*tavern.resting, who)).note(
                    f"{who}'s turn ends now")
            elif step.verb in OTTO_STEPS:
                tavern = otto_step(tavern, step.verb, amount)
            elif step.verb in handdeck.STEPS:
                tavern = yield from handdeck.hand_and_deck(tavern, name, who, step, amount)
            elif step.verb is Verbs.HANDLER:
                rules = characters.handling(tavern.player(name), step.handler)
                tavern = yield from rules.handle(tavern, name, step, who)
    merged: dict[tuple[str, str, str], int] = {}
    for loss in losses:  # one card, one loss per victim (A-47: "the amount actually lost")
        key = (loss.victim, loss.source, loss.gizmo)
        merged[key] = merged.get(key, 0) + loss.amount
    losses = [Loss(victim, source, amount, via, gizmo)
              for (victim, source, gizmo), amount in merged.items()]
    for loss in losses:  # (a Gizmo's loss is not its controller's: 000, "Pain Curses ...")
        if not loss.gizmo:
            tavern = characters.lost(tavern, loss.victim, loss.source, loss.amount)
    if losses:
        tavern = yield from characters.owed_choices(tavern)
    return tavern, losses


def _gizmo_loss(tavern: Tavern, minion: str, source: str, amount: int, via: str
                ) -> list[Loss]:
    """A loss of a Gizmo (a Minion with a Fortitude track, on ``tavern`` before it was hit)
    to another player's card, for a hit-back: "allows Wrench to hit a player who just hit
    him or one of his Gizmos" (000)."""
    found = tavern.minion(minion)
    if found is None or not found.card.values or found.controller == source or amount <= 0:
        return []
    return [Loss(found.controller, source, amount, via, minion)]


def minion_hit(tavern: Tavern, minion: str, source: str, amount: int = 1
               ) -> Resolution[Tavern]:
    """002: "Whenever a Minion loses one or more Fortitude, Torglesnarf has a choice. He
    may either discard that Minion or pay Gold equal to that Minion's Wages to the Inn."
    A Minion with a Fortitude track of its own (a Gizmo) loses ``amount`` by its
    controller's rules."""
    found = tavern.minion(minion)
    if found is None:
        return tavern
    own = characters.mechanics(tavern.player(found.controller)).minion_fortitude(
        tavern, found, source, -amount)
    if own is not None:
        return (yield from own)
    if found.controller == OTTO and tavern.variant.otto is not None:  # one of his Components
        from tales.tavern.rdi.otto import component_hit

        return component_hit(tavern, found)
    owner, wages = found.controller, found.card.wages
    options = ("discard it", *((f"pay {wages} Gold Wages",) if tavern.mat(owner).gold
                                >= wages else ()))
    tavern = tavern.note(f"{minion} loses Fortitude")
    choice = yield Decision("wages", f"{owner}: {minion} was hurt: pay its Wages or "
                            "discard it?", options, Decider.PLAYER, owner, state=tavern)
    if choice != "discard it":
        helpers = sorted({c.name for c in tavern.player(owner).hand
                          if any(st.verb is Verbs.FROM_INN for st in c.steps)})
        if helpers and wages:  # "any card effects that would allow you to pay the cost
            # with Gold from the Inn instead reduce the cost by 1 Gold" (002)
            use = yield Decision("wages-from-inn", f"{owner}: play a card to pay 1 less?",
                                 (PASS, *helpers), Decider.PLAYER, owner, state=tavern)
            if use != PASS:
                tavern, card = yield from take_card(tavern, owner, use)
                tavern = discard_card(tavern, card, owner).note(
                    f"{owner} plays {card.name}: the Wages cost 1 less")
                wages -= 1
        return pay(tavern, owner, wages, None).note(f"{owner} pays {minion}'s Wages: {wages} Gold")
    tavern = evolve(tavern, minions=tuple(m for m in tavern.minions if m.name != minion))
    return discard_card(tavern, found.card, owner).note(f"{minion} is discarded")


def _holds(tavern: Tavern, name: str, who: str, step: Step) -> bool:
    condition = step.condition
    if condition is None:
        return True
    if condition.whose is Whoses.TOTAL:
        held = sum(p.count(condition.resource) for p in tavern.players)
    else:
        held = tavern.player(name if condition.whose is Whoses.YOU else who).count(
            condition.resource)
    return held >= condition.at_least and (condition.below is None or held < condition.below)


def _reduce(left: dict[tuple[str, Stat], int], who: str, stat: Stat, amount: int) -> int:
    """A-44: a reduction takes an amount to 0 at most, the rest of it kept for the card's
    next step."""
    pool = left.get((who, stat), 0)
    used = min(pool, max(amount, 0))
    left[(who, stat)] = pool - used
    return amount - used


def _redirect(outcome: Outcome, who: str) -> str:
    """A-45: each redirection applies once, in the order played."""
    for origin, to in outcome.redirected:
        if origin == who:
            who = to
    return who


def discard_cards(tavern: Tavern, name: str, count: int) -> Resolution[Tavern]:
    """``name`` discards ``count`` cards of their choice (as many as they hold)."""
    tavern, cards = yield from handdeck.picks(tavern, name, count, "discard",
                                              f"{name}: discard which card?")
    for card in cards:
        tavern = discard_card(tavern, card, name)
    return tavern


def resolve_response(tavern: Tavern, played: Played, outcome: Outcome, name: str, use: Use
                     ) -> Resolution[tuple[Tavern, Outcome]]:
    """``name`` plays a response to ``played``: it has its own window; if it is not
    Negated, it does what it says to the original's :class:`Outcome`."""
    tavern, card = yield from take_card(tavern, name, use.card)
    rules = characters.mechanics(tavern.player(name))  # (a player's rules never change)
    tavern = rules.playing(tavern, name, card)
    tavern = yield from pay_cost(tavern, name, card)
    steps = rules.amounts(tavern, name, card, card.steps)
    pours = outcome.pours
    pick: int | None = None
    if use.pours:
        pick = use.pours[0]
        if len(use.pours) > 1:
            labels = tuple(f"{i + 1}: {pours[i].label} ({pours[i].drinker})" for i in use.pours)
            chosen = yield Decision("which-drink", f"{name}: {card.name} on which Drink?",
                                    labels, Decider.PLAYER, name, state=tavern)
            pick = use.pours[labels.index(chosen)]
    if pick is not None and MIX_IN in card.icons:  # "as soon as any Mix-in card is played"
        pours = _set(pours, pick, mixed=True)
        outcome = evolve(outcome, pours=pours)
    beneficiary = use.beneficiaries[0] if use.beneficiaries else name
    if len(use.beneficiaries) > 1 and use.verb is Verbs.REDIRECT:
        beneficiary = yield Decision("defend", f"{name}: {card.name} for whom?",
                                     use.beneficiaries, Decider.PLAYER, name, state=tavern)
    whom: str | None = None
    if use.verb in (Verbs.REDIRECT, Verbs.SPLIT, Verbs.PASS):
        options = tuple(p.name for p in tavern.others(name))
        if use.verb is Verbs.REDIRECT:  # a redirection may pick a Minion (002)
            options = (*options, *tavern.foes_minions(name))
        options = rules.targets(tavern, name, card, options, played.source) or options
        verb = {Verbs.REDIRECT: "redirect the Fortitude loss to", Verbs.SPLIT: "split it with",
                Verbs.PASS: "pass it to"}[use.verb]
        whom = yield Decision("whom", f"{name}: {card.name}: {verb} whom?", options,
                              Decider.PLAYER, name, state=tavern)
    step = next(s for s in steps if s.verb is use.verb)
    tavern = tavern.note(f"{name} plays {card.name} on {played.label}")
    label = card.name
    side = tuple(s for s in steps if s.verb not in RESPONSES
                 and not (use.verb is Verbs.SPIKE and s.verb in (Verbs.GAIN, Verbs.PAY)))
    affects, harms = affected_by(side, name, {Whos.YOU: [name], Whos.TARGET: [played.source]})
    tavern, against = yield from respond(tavern, Played(name, label, card, affects, harms))
    if against.negated:
        return discard_card(tavern, card, name).note(f"{card.name} is Negated"), outcome
    tavern, placed = yield from rules.resolved(tavern, name, card)
    tavern = tavern if placed else discard_card(tavern, card, name)
    tavern = sometimes_resolved(tavern, name, card)
    if use.verb is Verbs.NEGATE:
        if pick is not None:
            pours = _set(pours, pick, negated=True)
            tavern = tavern.note(f"{pours[pick].label} is Negated")
            outcome = evolve(outcome, pours=pours,
                              negated=not any(p.live for p in pours))
        else:
            tavern = tavern.note(f"{played.label} is Negated")
            outcome = evolve(outcome, negated=True)
        if step.again:  # Wizgille's "deja vu": its player may play another of its type
            tavern = negated_again(tavern, played,
                                   pours[pick].drinker if pick is not None else "")
    elif use.verb is Verbs.IGNORE:
        if pick is not None:
            outcome = evolve(outcome, pours=_set(pours, pick, ignored=True))
            tavern = tavern.note(f"{pours[pick].drinker} Ignores {pours[pick].label}")
        else:
            # 001: "a team may reduce or Ignore such an effect with just one card"
            team = frozenset(use.beneficiaries) or {beneficiary}
            outcome = evolve(outcome, ignored=outcome.ignored | team)
            verb = "Ignore" if len(team) > 1 else "Ignores"
            tavern = tavern.note(f"{' and '.join(sorted(team))} {verb} {played.label}")
    elif use.verb is Verbs.REDUCE:
        assert step.stat is not None
        outcome = evolve(outcome, reduced=(*outcome.reduced, *(
            (member, step.stat, step.amount) for member in use.beneficiaries or (beneficiary,))))
        tavern = tavern.note(f"{beneficiary}'s {step.stat.value} loss from {played.label} "
                             f"is reduced by {step.amount}")
    elif use.verb is Verbs.REDIRECT:
        assert whom is not None
        outcome = evolve(outcome, redirected=(*outcome.redirected, (beneficiary, whom)))
        tavern = tavern.note(f"{beneficiary} redirects the Fortitude loss to {whom}")
    elif use.verb is Verbs.SPIKE:
        assert pick is not None
        pour = pours[pick]
        gains, pays = list(pour.gains), pour.pays
        for extra in steps:
            if extra.verb is Verbs.GAIN and extra.who is Whos.TARGET:
                gains.append((extra.resource, extra.amount))
            if extra.verb is Verbs.PAY and extra.who is Whos.TARGET:  # "pay Phyll" as drunk
                pays += extra.amount
        score = pour.score + step.amount if pour.revealer else pour.score
        alcohol = pour.alcohol + step.amount
        if pour.alcohol * alcohol < 0:  # "reduces it to 0 instead"
            alcohol = 0
        pours = _set(pours, pick, alcohol=alcohol, gains=tuple(gains), giver=name,
                     score=score, pays=pays)
        outcome = evolve(outcome, pours=pours)
        tavern = tavern.note(f"{pour.label} now gives {alcohol} Alcohol")
    elif use.verb is Verbs.REPLACE_DRINK:  # its effects are the card's other steps instead
        assert pick is not None
        pours = _set(pours, pick, alcohol=0, fortitude=0, draw=0, gains=())
        outcome = evolve(outcome, pours=pours)
        tavern = tavern.note(f"{pours[pick].label}'s effects are replaced by {card.name}'s")
    elif use.verb is Verbs.SWAP:  # "gains 4 Fortitude instead of 4 Alcohol Content"
        assert pick is not None
        pour = pours[pick]
        gained = max(pour.alcohol, 0)
        pours = _set(pours, pick, alcohol=pour.alcohol - gained,
                     fortitude=pour.fortitude + gained)
        outcome = evolve(outcome, pours=pours)
        tavern = tavern.note(f"{pour.label} gives {gained} Fortitude instead of Alcohol")
    elif use.verb is Verbs.SPLIT:
        assert pick is not None and whom is not None
        first, second = halves(pours[pick], whom)
        outcome = evolve(outcome, pours=(*pours[:pick], first, second, *pours[pick + 1:]))
        tavern = tavern.note(f"{name} splits {pours[pick].label} with {whom}")
    elif use.verb is Verbs.FROM_INN:
        outcome = evolve(outcome, from_inn=outcome.from_inn | {beneficiary})
        tavern = tavern.note(f"{beneficiary} pays {played.label}'s Gold from the Inn")
    elif use.verb is Verbs.SHARE_POT:
        outcome = evolve(outcome, sharer=name)
        tavern = tavern.note(f"{name} takes half the pot")
    elif use.verb is Verbs.TAKE_POT:
        outcome = evolve(outcome, taker=name)
        tavern = tavern.note(f"{name} takes the pot")
    elif use.verb is Verbs.PASS:
        assert pick is not None and whom is not None
        outcome = evolve(outcome, pours=_set(pours, pick, drinker=whom, passed=True,
                                              ignored=False))
        tavern = tavern.note(f"{name} passes {pours[pick].label} to {whom}")
    rest = tuple(s for s in steps if s.verb not in RESPONSES
                 and not (use.verb is Verbs.SPIKE and s.verb in (Verbs.GAIN, Verbs.PAY)
                          and s.who is Whos.TARGET))
    if rest:
        chosen = {Whos.YOU: [name], Whos.TARGET: [played.source]}
        tavern, losses = yield from carry_out(tavern, name, rest, chosen)
        tavern = yield from hit_back(tavern, losses)
    return tavern, outcome


def _set(pours: tuple[Pour, ...], index: int, **changes: Any) -> tuple[Pour, ...]:
    return (*pours[:index], evolve(pours[index], **changes), *pours[index + 1:])


def hit_back(tavern: Tavern, losses: list[Loss]) -> Resolution[Tavern]:
    """A-47: after losing Fortitude to another player's card, the victim (or a teammate)
    may play a hit-back card on that player, for its amount or, if it says so (amount 0),
    for as much as was actually lost."""
    for loss in losses:
        if tavern.player(loss.source).out:
            continue
        for name in [p.name for p in tavern.team(loss.victim) if not p.out]:
            cards = sorted({c.name for c in playable(tavern, name)
                            if c.kind in (Kinds.SOMETIMES, Kinds.ANYTIME)
                            and c.has(Verbs.HIT_BACK)
                            and (not loss.gizmo or GIZMO_HIT_BACK in c.icons)})
            if not cards:
                continue
            choice = yield Decision("hit-back", f"{name}: hit {loss.source} back?",
                                    (PASS, *cards), Decider.PLAYER, name, state=tavern)
            if choice == PASS:
                continue
            tavern, card = yield from take_card(tavern, name, choice)
            step = next(s for s in card.steps if s.verb is Verbs.HIT_BACK)
            aim = loss.source
            if tavern.minion(loss.via) is not None:  # "target Torglesnarf or the Minion"
                aim = yield Decision("hit-whom", f"{name}: hit back whom?", (
                    loss.source, loss.via), Decider.PLAYER, name, state=tavern)
            amount = step.amount or loss.amount
            steps = (Step(Verbs.FORTITUDE, -amount, Whos.TARGET),
                     *(s for s in card.steps if s.verb not in RESPONSES))
            tavern, _ = yield from play_card(tavern, name, card, aim, steps)
            break
    return tavern


def anytime(tavern: Tavern, first: str, losing: str | None = None,
            phase: Phase | None = None, in_round: bool = False, potions_now: bool = False
            ) -> Resolution[Tavern]:
    """Anytime cards played on their own (A-25, A-26), and Potion Tokens in a team game:
    round the table from ``first``, until everyone passes. With ``losing``, only that
    player, their last chance before losing (A-77), may also play Sometimes cards made
    for it. With ``phase``, only ``first``'s team, with the Sometimes cards played in that
    phase of their turn (001: "Some cards allow you to order additional Drinks during your
    Order a Drink Phase"). ``in_round``: during a Round of Gambling, also the cards played
    in one (taking Gold from the pot, ending it), by anyone. A player is asked only when
    they hold a card they may play there. By the rules' edition 2 a Potion Token is offered
    only when it matters: a last chance, or ``potions_now`` (the start of the team's own
    turn) to ``first``'s team; and only its effects that would change something."""
    if phase is not None and not _holds_phase(tavern.team(first), phase):
        return tavern  # nobody on the team holds a card of this phase
    declined: set[str] = set()  # asked once a window (issue 22)
    while True:
        played = False
        if losing is not None:
            order = [losing]
        elif phase is not None:
            order = [p.name for p in tavern.team(first)
                     if not p.out and p.name not in tavern.resting]
        else:
            order = tavern.order_from(first)
        for name in order:
            if name in declined:
                continue
            if phase is not None:
                cards: Sequence[str] = sorted({c.name for c in playable(tavern, name)
                                               if c.kind is Kinds.SOMETIMES
                                               and c.phase is phase})
                potions: list[str] = []
            else:
                held = of_cards(tavern.player(name), _occasions)
                # what may be played is among the hand, kept cards and abilities: when none
                # is for now, the costs and rules of playable need not be asked (issue 19)
                if ANYTIME in held or (losing is not None and LOSING in held) \
                        or (in_round and ROUND in held) or abilities(tavern, name):
                    own = of_playable(tavern, name, _on_own)  # once per hand (issue 19)
                    cards = own[ANYTIME]
                    if losing is not None and own[LOSING]:
                        cards = sorted({*cards, *own[LOSING]})
                    if in_round and own[ROUND]:
                        cards = sorted({*cards, *own[ROUND]})
                else:
                    cards = ()
                potions = _potions(tavern, name, first, losing is not None or potions_now) \
                    if tavern.mat(name).count(POTION) else []
            if not cards and not potions:
                continue
            prompt = "your last chance: play a card?" if losing else \
                f"play a card in your {phase.value} phase?" if phase else \
                "play a card during the Round of Gambling?" if in_round else \
                "play an Anytime card?"
            choice = yield Decision("anytime", f"{name}: {prompt}", (PASS, *cards, *potions),
                                    Decider.PLAYER, name, state=tavern)
            if choice == PASS:
                declined.add(name)
                continue
            if choice in POTION_EFFECTS:
                tavern = drink_potion(tavern, name, choice)
            else:
                tavern, card = yield from take_card(tavern, name, choice)
                tavern, _ = yield from play_card(tavern, name, card)
            played = True
            break
        if not played or tavern.round_over or tavern.restarted:
            return tavern


def _potions(tavern: Tavern, name: str, first: str, now: bool) -> list[str]:
    """The Potion Token's effects offered to ``name`` (edition 1: all three, always)."""
    if tavern.variant.edition < 2:
        return list(POTION_EFFECTS)
    if not now or tavern.player(name).side != tavern.player(first).side:
        return []
    mat = tavern.mat(name)
    return [e for e, (fortitude, alcohol, _) in POTION_EFFECTS.items()
            if not (fortitude and mat.fortitude >= HIGH) and not (alcohol and not mat.alcohol)]


def _holds_phase(players: list[Player], phase: Phase) -> bool:
    """Whether one of ``players`` holds a card (:attr:`Player.cards`) of ``phase``: asked at
    four phases of every turn, by plain loops (a generator's start and resumes cost more
    than the few cards it looks at; issue 19)."""
    for player in players:
        for card in player.cards:
            if card.phase is phase:
                return True
    return False


#: When a card is played on its own (:func:`anytime`): at any time, as a last chance before
#: losing (A-77), during a Round of Gambling.
ANYTIME, LOSING, ROUND = "anytime", "losing", "round"


def _in_round(card: Card) -> bool:
    """A Sometimes card played during a Round of Gambling (taking Gold from the pot...)."""
    return card.kind is Kinds.SOMETIMES and any(s.verb in ROUND_PLAYS for s in card.steps)


def _occasions(cards: tuple[Card, ...]) -> frozenset[str]:
    """When some of ``cards`` may be played on their own (:data:`ANYTIME`...)."""
    found: set[str] = set()
    for card in cards:
        if proactive(card):
            if card.kind is Kinds.ANYTIME:
                found.add(ANYTIME)
            if card.when_losing:
                found.add(LOSING)
            if _in_round(card):
                found.add(ROUND)
    return frozenset(found)


def _on_own(cards: tuple[Card, ...]) -> dict[str, tuple[str, ...]]:
    """The names of those of ``cards`` played on their own, sorted, for each occasion
    (:data:`ANYTIME`, :data:`LOSING`, :data:`ROUND`): what :func:`anytime` offers."""
    found: dict[str, set[str]] = {ANYTIME: set(), LOSING: set(), ROUND: set()}
    for card in cards:
        if proactive(card):
            if card.kind is Kinds.ANYTIME:
                found[ANYTIME].add(card.name)
            if card.when_losing:
                found[LOSING].add(card.name)
            if _in_round(card):
                found[ROUND].add(card.name)
    return {occasion: tuple(sorted(names)) for occasion, names in found.items()}


def drink_potion(tavern: Tavern, name: str, effect: str) -> Tavern:
    """A team discards a Potion Token for one effect; it cannot be answered."""
    fortitude, alcohol, gold = POTION_EFFECTS[effect]
    tavern = spend_tokens(tavern, tavern.mat(name).name, POTION, 1)
    tavern = change(tavern, name, fortitude=fortitude, alcohol=alcohol)
    if gold:
        tavern = collect(tavern, name, gold)
    return tavern.note(f"{name} uses a {effect}")

