"""Ordering and drinking (001 and 002, "Order a Drink", "Drink", "Drinks and Chasers",
"Splitting Drinks", "Round on the House", "Drinking Contest"; the checklist's A-18 to A-20
and A-48 to A-56).

A revealed Drink becomes a :class:`~tales.tavern.rdi.timing.Pour`: its Chasers are added
first, since "no player may respond to a Drink until all of its Chasers have been
revealed"; then players respond (Ignore, Negate, raise or lower it, split it, pass it);
then it is drunk. Drinks revealed together (a Round on the House, a Drinking Contest) share
one window and are drunk simultaneously.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters, pubcrawl
from tales.tavern.rdi.effects import champions
from tales.tavern.rdi.model import Drink, DrinkEvent, Tavern
from tales.tavern.rdi.ottodata import claim, is_otto
from tales.tavern.rdi.stats import change, gain_tokens, passed_out, pay
from tales.tavern.rdi.timing import ANOTHER_DRINK, Played, Pour, another, halves, respond
from tales.tavern.rdi.zones import discard_drinks, draw, on_drink_me, take_drink


def order_drink(tavern: Tavern, name: str, whom: str | None = None) -> Resolution[Tavern]:
    """Put the top Drink face down on another player's Drink Me! pile (A-18); in a team
    game, an opponent's (001: "You may not Order Drinks for a teammate"); ``whom``: the
    player it is for, when the rules say (Boss Otto's "1 Drink for each Challenger")."""
    options = tuple(p.name for p in tavern.others(name))
    if not options:
        return tavern
    if whom is None:
        whom = yield Decision("order", f"{name}: order a Drink for whom?", options,
                              Decider.PLAYER, name, state=tavern)
    tavern, drink = yield from pubcrawl.order(tavern)
    if drink is None:
        return tavern.note("there is no Drink left to order")
    other = tavern.player(whom)
    tavern = tavern.with_player(evolve(other, drink_me=on_drink_me(other.drink_me, drink)),
                                f"{name} orders a Drink for {whom}")
    return (yield from pubcrawl.after_order(tavern, name))


def pour(cards: Sequence[Drink], drinker: str, revealer: str = "", origin: int = 0) -> Pour:
    """One Drink made of a card and its Chasers."""
    alcohol = fortitude = draw = 0
    for card in cards:  # one pass (not a generator for each sum: issue 19)
        alcohol, fortitude, draw = (alcohol + card.alcohol, fortitude + card.fortitude,
                                    draw + card.draw)
    return Pour(drinker, " with ".join([c.name for c in cards]), alcohol, fortitude, draw,
                revealer=revealer, score=alcohol, origin=origin)


def drink_phase(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Reveal the top of your Drink Me! pile and drink it; an empty pile sobers you up
    by one (A-19, A-20). A Drink Event is answered like a card, then carried out. A Drink
    (or Drink Event) Negated by a Negate that lets its player play another (Wizgille's "deja
    vu"): "Serena must drink the next card in her Drink Me! Pile"."""
    tavern, _ = another(tavern, name, ANOTHER_DRINK)  # only this Drink's Negate counts
    tavern = yield from _drink_top(tavern, name)
    tavern, again = another(tavern, name, ANOTHER_DRINK)
    if again and tavern.winners is None and not tavern.player(name).out:
        tavern = tavern.note(f"{name} drinks the next card of their Drink Me! pile")
        return (yield from drink_phase(tavern, name))
    return tavern


def _drink_top(tavern: Tavern, name: str) -> Resolution[Tavern]:
    player = tavern.player(name)
    if not player.drink_me:
        return change(tavern, name, alcohol=-1, line=f"{name} sobers up and {{change}}",
                      stat="Alcohol Content")
    top = player.drink_me[-1]
    tavern = tavern.with_player(evolve(player, drink_me=player.drink_me[:-1]),
                                f"{name} reveals {top.name}")
    if top.event is not None:
        return (yield from drink_event(tavern, name, top))
    tavern, cards = yield from chasers(tavern, name, top, from_pile=True)
    return (yield from drink_together(tavern, name, [(cards, pour(cards, name))],
                                      self_split=top.splits and len(cards) == 1))


def drink_from_deck(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """``name`` drinks the top Drink of the Drink Deck with its Chasers (a card's "drink
    a Drink from the Drink Deck"); an Event revealed is discarded and revealed again."""
    tavern, cards = yield from reveal(tavern, name)
    if not cards:
        return tavern.note("there is no Drink left to drink")
    tavern = tavern.note(f"{name} reveals {' with '.join(c.name for c in cards)}")
    return (yield from drink_together(tavern, name, [(cards, pour(cards, name))]))


def drink_event(tavern: Tavern, name: str, card: Drink) -> Resolution[Tavern]:
    """A Drink Event: players may Negate or Ignore it before it starts resolving (A-42);
    then it resolves for the players who did not Ignore it (in a team game, one
    Champion per team, the revealer for theirs)."""
    from tales.tavern.rdi.events import announce, resolve

    tavern = claim(tavern, name)  # Boss Otto's Priority Target
    if card.event is DrinkEvent.STEPS and card.effect is not None:
        tavern = yield from resolve(tavern, name, card.effect, revealer_chosen=True)
        return discard_drinks(tavern, [card])
    everyone = yield from champions(tavern, name, card.name)
    tavern, outcome = yield from announce(tavern, name, card.name, everyone)
    if outcome.negated:
        return discard_drinks(tavern, [card]).note(f"{card.name} is Negated")
    players = [n for n in everyone if n not in outcome.ignored]
    if card.event is DrinkEvent.ROUND_ON_THE_HOUSE:
        tavern = yield from round_on_the_house(tavern, name, players)
    else:
        tavern = yield from drinking_contest(tavern, name, players)
    # 001: "follow the instructions on the card and place it in the Drink Deck discard
    # pile": only once it has resolved, so no reshuffle on the way brings it back
    return discard_drinks(tavern, [card])


def chasers(tavern: Tavern, name: str, first: Drink, from_pile: bool
            ) -> Resolution[tuple[Tavern, list[Drink]]]:
    """A Drink with its Chasers, from the same source (A-50): another Chaser goes on; an
    empty source or a Drink Event stops (the Event is discarded with no effect)."""
    cards = [first]
    if first.chaser:  # 001: "Whenever a player reveals a Drink that includes one or more
        tavern = pubcrawl.reveals_chaser(tavern, name)  # Chasers, that player must Crawl"
    while cards[-1].chaser:
        if from_pile:
            pile = tavern.player(name).drink_me
            if not pile:
                break
            nxt = pile[-1]
            tavern = tavern.with_player(evolve(tavern.player(name), drink_me=pile[:-1]))
        else:
            tavern, drawn = yield from take_drink(tavern)
            if drawn is None:
                break
            nxt = drawn
        if nxt.event is not None:
            tavern = discard_drinks(tavern, [nxt])
            break
        cards.append(nxt)
    return tavern, cards


def reveal(tavern: Tavern, name: str) -> Resolution[tuple[Tavern, list[Drink]]]:
    """Reveal a Drink from the Drink Deck with its Chasers; Events are discarded and
    revealed again."""
    for _ in range(len(tavern.drink_deck) + len(tavern.drink_discard) + len(tavern.bar) + 1):
        tavern, first = yield from take_drink(tavern)
        if first is None:
            break
        if first.event is None:
            return (yield from chasers(tavern, name, first, from_pile=False))
        tavern = discard_drinks(tavern, [first])
    return tavern, []


def drink_together(tavern: Tavern, source: str,
                   revealed: list[tuple[list[Drink], Pour]], self_split: bool = False,
                   pours: tuple[Pour, ...] = ()) -> Resolution[Tavern]:
    """Drinks revealed together: one response window, a self-splitting Drink's split
    (A-54: players affect it, the revealer picks a partner, players affect the halves),
    then everyone drinks at once and the cards are discarded (or stay, A-52). ``pours``:
    the Drinks on the table when they are not one per revealed card (copies)."""
    label = " and ".join(p.label for _, p in revealed)
    # (each Drink copied only if its origin is not its place already: one Drink revealed,
    # the usual, is not copied at all; issue 19)
    pours = pours or tuple([p if p.origin == i else evolve(p, origin=i)
                            for i, (_, p) in enumerate(revealed)])
    if self_split and is_otto(tavern, source):  # Boss Otto "splits it with the Priority
        tavern, pours = yield from _self_split(tavern, source, label, pours)  # Target,
        self_split = False  # then reveals a Sometimes Card in response to his half"
    played = Played(source, label, None, pours=pours)
    tavern, outcome = yield from respond(tavern, played)
    pours = outcome.pours
    if self_split and len(pours) == 1 and pours[0].live and not pours[0].half:
        split, pours = pours, ()
        tavern, pours = yield from _self_split(tavern, source, label, split)
        if pours is not split:
            tavern, outcome = yield from respond(tavern, Played(source, label, None,
                                                                pours=pours))
            pours = outcome.pours
    for each in pours:
        tavern = yield from drink_pour(tavern, each)
    for index, (cards, first) in enumerate(revealed):
        tavern = _put_away(tavern, cards, first, [p for p in pours if p.origin == index])
    return tavern


#: The answer to a self-splitting Drink's "split with whom?" that keeps it whole.
WHOLE = "nobody (drink it all)"


def _self_split(tavern: Tavern, source: str, label: str, pours: tuple[Pour, ...]
                ) -> Resolution[tuple[Tavern, tuple[Pour, ...]]]:
    """A self-splitting Drink's drinker may pick a partner (A-54: "the player who revealed
    it may choose a player with whom to split it"), or drink it whole; the same Drinks with
    nobody to split with."""
    partners = tuple(p.name for p in tavern.others(pours[0].drinker))
    if not partners:
        return tavern, pours
    partner = yield Decision("split-partner", f"{pours[0].drinker}: split "
                             f"{pours[0].label} with whom?", (*partners, WHOLE),
                             Decider.PLAYER, pours[0].drinker, state=tavern)
    if partner == WHOLE:
        return tavern.note(f"{pours[0].drinker} splits {label} with nobody"), pours
    return tavern.note(f"{source} splits {label} with {partner}"), halves(pours[0], partner)


def drink_pour(tavern: Tavern, each: Pour) -> Resolution[Tavern]:
    """One player drinks one Drink (unless it was Negated or they Ignore it)."""
    if not each.live or each.ignored or tavern.player(each.drinker).out or \
            each.drinker in tavern.resting:
        return tavern.note(f"{each.drinker} takes no effect from {each.label}")
    alcohol = each.alcohol if each.alcohol <= 0 else max(characters.mechanics(
        tavern.player(each.drinker)).drink_alcohol(tavern, each.drinker, each.alcohol), 0)
    tavern = change(tavern, each.drinker, fortitude=each.fortitude, alcohol=alcohol,
                    line=f"{each.drinker} drinks {each.label} and {{change}}",
                    stat="Alcohol Content")
    if each.draw:
        tavern = yield from draw(tavern, each.drinker, each.draw)
    for resource, amount in each.gains:
        tavern = yield from gain_tokens(tavern, each.giver, each.drinker, resource, amount)
    if each.pays and each.giver:  # 000: paying himself (his own Drink), "nothing happens"
        coins = min(each.pays, tavern.mat(each.drinker).gold)
        if coins:
            tavern = tavern.note(f"{each.drinker} pays {each.giver} {coins} Gold for "
                                 f"{each.label}")
        tavern = pay(tavern, each.drinker, each.pays, each.giver)
    for player, rules in characters.every(tavern, "after_drink"):
        if player.name == each.drinker:
            tavern = yield from rules.after_drink(tavern, each.drinker, each.alcohol)
    return tavern


def _put_away(tavern: Tavern, cards: list[Drink], first: Pour, pours: Sequence[Pour]
              ) -> Tavern:
    """Discard a drunk Drink's cards; a Drink that stays goes in front of the first player
    who drank it, from its revealer round the table, skipping players who Ignored it or
    passed it on; with no one, it is discarded (A-52)."""
    staying = [c for c in cards if c.stays]
    tavern = discard_drinks(tavern, [c for c in cards if not c.stays])
    if not staying:
        return tavern
    drinkers = {p.drinker for p in pours if p.live and not p.ignored}
    start = first.revealer or first.drinker
    for name in tavern.order_from(start) if not tavern.player(start).out else []:
        if name in drinkers:
            player = tavern.player(name)
            return tavern.with_player(evolve(player, in_front=(*player.in_front,
                                                                *staying))).note(
                f"{', '.join(c.name for c in staying)} stays in front of {name}")
    return discard_drinks(tavern, staying)


def round_on_the_house(tavern: Tavern, name: str, players: list[str]) -> Resolution[Tavern]:
    """Reveal a Drink; each player at once gets an independent copy of it, which players
    may then affect one by one (A-55: not a split, and a self-splitting Drink from an
    Event is not split)."""
    tavern, cards = yield from reveal(tavern, name)
    if not cards:
        return tavern.note("Round on the House: there is no Drink left to pour")
    tavern = tavern.note(f"Round on the House: {' with '.join(c.name for c in cards)}")
    copies = tuple(pour(cards, who) for who in players)
    if not copies:
        return discard_drinks(tavern, cards)
    # one Drink, copied: the first copy is the active player's, where a Drink that stays
    # starts looking for its keeper (A-52: "the active player if there is no single
    # controller")
    return (yield from drink_together(tavern, name, [(cards, copies[0])], pours=copies))


def drinking_contest(tavern: Tavern, name: str, players: list[str]) -> Resolution[Tavern]:
    """Each player reveals a Drink (and Chasers) from the Drink Deck; players may modify
    them; all drink at once; the highest Alcohol Content (an Event counts 0, a negative
    Drink 0; splitting, Ignoring or passing a Drink does not change it) wins 1 Gold from
    each other player; ties drink again, players who pass out dropping out (A-56)."""
    everyone = list(players)
    # 001: "each player, starting with the player whose turn it is, reveals"
    names = tavern.in_turn_order(list(players))
    winner: str | None = None
    while names:
        revealed: list[tuple[list[Drink], Pour]] = []
        for who in names:
            tavern, first = yield from take_drink(tavern)
            if first is None:
                tavern = tavern.note(f"{who} has no Drink to reveal: none is left")
                continue
            if first.event is not None:  # "has no effect and counts as having no Alcohol"
                tavern = discard_drinks(tavern, [first]).note(
                    f"{who} reveals {first.name}: an Event, no effect (it counts 0)")
                continue
            tavern, cards = yield from chasers(tavern, who, first, from_pile=False)
            revealed.append((cards, pour(cards, who, who, len(revealed))))
            tavern = tavern.note(f"{who} reveals {revealed[-1][1].label}")
        if not revealed:  # only Events were revealed, or no Drink is left anywhere
            return tavern.note("Drinking Contest: no Drink was revealed; no winner")
        played = Played(name, "the Drinking Contest's Drinks", None,
                        pours=tuple(p for _, p in revealed))
        tavern, outcome = yield from respond(tavern, played)
        pours = outcome.pours
        for each in pours:
            tavern = yield from drink_pour(tavern, each)
        for index, (cards, shown) in enumerate(revealed):
            tavern = _put_away(tavern, cards, shown, [p for p in pours if p.origin == index])
        scores = {who: max([max(p.score, 0) for p in pours if p.revealer == who and p.live]
                           or [0]) for who in names}
        best = max(scores.values())
        tied = [n for n in names if scores[n] == best]
        standing = [n for n in tied if not passed_out(tavern, n)]
        if len(tied) == 1:
            winner = tied[0]
            break
        if len(standing) <= 1:
            winner = standing[0] if standing else None
            break
        names = standing
        tavern = tavern.note(f"Drinking Contest: a tie between {', '.join(tied)}; again")
    if winner is None:
        return tavern.note("Drinking Contest: everyone tied passed out; no winner")
    for who in everyone:
        if who != winner:
            tavern = pay(tavern, who, 1, winner)
    return tavern.note(f"Drinking Contest: {winner} wins 1 Gold from each other player")
