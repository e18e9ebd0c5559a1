"""The Red Dragon Inn's base game as rules that yield Decisions (001 and 002; the checklist's
section A). Chance (shuffles) is a Decision too, so a game replays from its answers.

Built so far: setup by player count (A-04 to A-11); the four phases (A-14 to A-21): Discard
and Draw up to seven with the deck reshuffled, one optional Action card with its closed set
of steps, Order a Drink for another player, Drink (sober up on an empty pile; Chasers from
the same pile; Round on the House; Drinking Contest with its tie loop); running out of
Drinks (A-48); the 0-20 limits and "as completely as it is able" (A-57); losing by passing
out or running out of Gold with the Gold split (A-75, A-76, A-79), simultaneous losses and
the tie (A-80); response windows for cards played and Drinks revealed, with Negate and
Ignore (A-27 to A-29, A-36 to A-39); Rounds of Gambling with ante, control, passing,
"I raise"-style antes, Winning Hand!, leaving a Round, being forced out and a Round with
no winner (A-58 to A-73). Not yet: Anytime interruptions outside the windows, splitting
and passing Drinks by cards, characters' resources, variants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.model import (
    HAND_SIZE,
    HIGH,
    LOW,
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Player,
    Step,
    Target,
    Tavern,
    Verb,
    Who,
)

PASS = "pass"
T = TypeVar("T")


def starting_gold(players: int) -> int:
    """A-07: 10 Gold each; 8 with 2 players; 12 with 7 or more."""
    return 8 if players == 2 else 12 if players >= 7 else 10


def shuffle(cards: Sequence[T], what: str) -> Resolution[tuple[T, ...]]:
    """A shuffle as chance Decisions: the cards drawn one by one from the unshuffled pile
    (the result's last card is the top). Each option is an index into what is left."""
    left = list(cards)
    order: list[T] = []
    while left:
        n = len(left)
        index = yield Decision("shuffle", f"shuffle {what}", tuple(range(n)), Decider.CHANCE,
                               None, tuple(1 / n for _ in range(n)))
        order.append(left.pop(index))
    return tuple(order)


def set_up(names: Sequence[str], decks: Sequence[tuple[str, tuple[Card, ...]]],
           drinks: tuple[Drink, ...], gold_in_box: int = 200) -> Resolution[Tavern]:
    """Shuffle the Drink Deck and each Character Deck, give each player their starting Gold
    (the rest is the Inn), one Drink on each Drink Me! pile, seven cards."""
    gold = starting_gold(len(names))
    deck = yield from shuffle(drinks, "the Drink Deck")
    players = []
    for name, (character, cards) in zip(names, decks, strict=True):
        own = yield from shuffle(cards, f"{name}'s Character Deck")
        players.append(Player(name, character, gold, deck=tuple(own)))
    tavern = Tavern(tuple(players), tuple(deck), inn=gold_in_box - gold * len(names))
    for player in tavern.players:
        tavern, drink = yield from _take_drink(tavern)
        tavern = tavern.with_player(replace(tavern.player(player.name),
                                            drink_me=(drink,)))
    for player in tavern.players:
        tavern = yield from draw(tavern, player.name, HAND_SIZE)
    return tavern.note(f"{len(names)} players, {gold} Gold each; the Inn has {tavern.inn}")


# --- zones --------------------------------------------------------------------------------


def draw(tavern: Tavern, name: str, count: int) -> Resolution[Tavern]:
    """Draw ``count`` cards; an empty deck is the discard pile shuffled (A-15)."""
    player = tavern.player(name)
    for _ in range(count):
        if not player.deck:
            if not player.discard:
                break
            deck = yield from shuffle(player.discard, f"{name}'s discard pile")
            player = replace(player, deck=tuple(deck), discard=())
        player = replace(player, hand=(*player.hand, player.deck[-1]), deck=player.deck[:-1])
    return tavern.with_player(player)


def _take_drink(tavern: Tavern) -> Resolution[tuple[Tavern, Drink]]:
    """The top card of the Drink Deck. When it runs out each player pays 1 Gold to the Inn
    and the discards are shuffled into a new deck at once (A-48)."""
    drink = tavern.drink_deck[-1]
    tavern = replace(tavern, drink_deck=tavern.drink_deck[:-1])
    if not tavern.drink_deck:
        tavern = tavern.note("the Drink Deck runs out: each player pays 1 Gold to the Inn")
        for player in tavern.in_game():
            tavern = pay(tavern, player.name, 1, None)
        deck = yield from shuffle(tavern.drink_discard, "the Drink discard pile")
        tavern = replace(tavern, drink_deck=tuple(deck), drink_discard=())
    return tavern, drink


def _discard_drinks(tavern: Tavern, drinks: Sequence[Drink]) -> Tavern:
    return replace(tavern, drink_discard=(*tavern.drink_discard, *drinks))


# --- Gold, Fortitude, Alcohol: as completely as able (A-57) -------------------------------


def pay(tavern: Tavern, payer: str, amount: int, to: str | None) -> Tavern:
    """``payer`` pays up to ``amount`` Gold to player ``to`` (None: the Inn)."""
    player = tavern.player(payer)
    paid = min(amount, player.gold)
    tavern = tavern.with_player(replace(player, gold=player.gold - paid))
    if to is None:
        return replace(tavern, inn=tavern.inn + paid)
    other = tavern.player(to)
    return tavern.with_player(replace(other, gold=other.gold + paid))


def collect(tavern: Tavern, name: str, amount: int) -> Tavern:
    """Take Gold from the Inn (with substitute markers if it runs out: the Inn may go
    below 0 and still pays, A-57)."""
    player = tavern.player(name)
    return replace(tavern.with_player(replace(player, gold=player.gold + amount)),
                   inn=tavern.inn - amount)


def change(tavern: Tavern, name: str, fortitude: int = 0, alcohol: int = 0) -> Tavern:
    """Gain or lose Fortitude and Alcohol Content, kept within 0-20."""
    player = tavern.player(name)
    return tavern.with_player(replace(
        player, fortitude=min(max(player.fortitude + fortitude, LOW), HIGH),
        alcohol=min(max(player.alcohol + alcohol, LOW), HIGH)))


# --- responses: Negate and Ignore (A-27 to) ---------------------------


@dataclass(frozen=True)
class Played:
    """Something players may respond to: a card someone played, or a Drink revealed."""

    source: str  # who played or revealed it
    label: str
    card: Card | None = None  # None: a Drink
    affects: frozenset[str] = frozenset()  # who it would affect (who may Ignore it)


@dataclass(frozen=True)
class Outcome:
    """What the responses did: Negated it, or who Ignores it."""

    negated: bool = False
    ignored: frozenset[str] = frozenset()


def _answers(card: Card, played: Played, name: str, outcome: Outcome) -> bool:
    """``card`` is a response ``name`` may play on ``played`` now."""
    if card.kind not in (CardKind.SOMETIMES, CardKind.ANYTIME):
        return False
    kind = played.card.kind if played.card is not None else None
    matches = {
        Target.ACTION: kind is CardKind.ACTION,
        Target.SOMETIMES: kind in (CardKind.SOMETIMES, CardKind.ANYTIME),
        Target.CARD: played.card is not None,
        Target.DRINK: played.card is None,
    }
    for step in card.steps:
        if step.target is None or not matches[step.target]:
            continue
        if step.verb is Verb.NEGATE:
            return True
        # Ignore: only what would affect you, and not your own card (001: "You may not use
        # such a card to avoid a Gold payment on a card that you played yourself")
        if (step.verb is Verb.IGNORE and name in played.affects and name not in
                outcome.ignored and (played.card is None or name != played.source)):
            return True
    return False


def respond(tavern: Tavern, played: Played) -> Resolution[tuple[Tavern, Outcome]]:
    """The response window: in turn order from the player who played or revealed it, each
    may play a response (or pass); a response is itself open to responses, and once it
    resolves everyone may respond to the original again. It closes when everyone passes,
    or at once when the original is Negated."""
    outcome = Outcome()
    while True:
        order = [played.source, *(p.name for p in tavern.others(played.source))]
        if tavern.player(played.source).out:
            order = order[1:]
        answered = False
        for name in order:
            player = tavern.player(name)
            usable = sorted({c.name for c in player.hand
                             if _answers(c, played, name, outcome)})
            if not usable:
                continue
            choice = yield Decision("respond", f"{name}: respond to {played.label}?",
                                    (PASS, *usable), Decider.PLAYER, name, state=tavern)
            if choice == PASS:
                continue
            index = next(i for i, c in enumerate(player.hand) if c.name == choice)
            card = player.hand[index]
            tavern = tavern.with_player(replace(player, hand=player.hand[:index]
                                                + player.hand[index + 1:]))
            tavern = tavern.note(f"{name} plays {card.name} on {played.label}")
            tavern, against = yield from respond(
                tavern, Played(name, card.name, card, frozenset({played.source})))
            player = tavern.player(name)
            tavern = tavern.with_player(replace(player, discard=(*player.discard, card)))
            if against.negated:
                tavern = tavern.note(f"{card.name} is Negated")
            else:
                verbs = {s.verb for s in card.steps}
                if Verb.NEGATE in verbs:
                    return tavern.note(f"{played.label} is Negated"), replace(
                        outcome, negated=True)
                outcome = replace(outcome, ignored=outcome.ignored | {name})
                tavern = tavern.note(f"{name} Ignores {played.label}")
            answered = True
            break  # everyone may respond to the original again
        if not answered:
            return tavern, outcome


# --- a turn --------------------------------------------------------------------------------


def turn(tavern: Tavern) -> Resolution[Tavern]:
    """The active player's turn: Discard and Draw, Action, Order a Drink, Drink; then
    losses are checked and the player to the left goes next (A-14 to A-21)."""
    name = tavern.players[tavern.active].name
    tavern = tavern.note(f"Turn {tavern.turn}: {name}")
    tavern = yield from discard_and_draw(tavern, name)
    tavern = yield from action(tavern, name)
    tavern = resolve_losses(tavern)
    if tavern.winners is None and not tavern.player(name).out:
        tavern = yield from order_drink(tavern, name)
        tavern = yield from drink_phase(tavern, name)
        tavern = resolve_losses(tavern)
    return _next(tavern)


def _next(tavern: Tavern) -> Tavern:
    seats = len(tavern.players)
    nxt = (tavern.active + 1) % seats
    while tavern.players[nxt].out and nxt != tavern.active:
        nxt = (nxt + 1) % seats
    return replace(tavern, active=nxt, turn=tavern.turn + 1)


def discard_and_draw(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Discard any number of cards (one Decision per card, until done), then draw up to
    seven (A-15)."""
    while True:
        player = tavern.player(name)
        if not player.hand:
            break
        options = (PASS, *sorted({c.name for c in player.hand}))
        choice = yield Decision("discard", f"{name}: discard a card?", options,
                                Decider.PLAYER, name, state=tavern)
        if choice == PASS:
            break
        index = next(i for i, c in enumerate(player.hand) if c.name == choice)
        card = player.hand[index]
        tavern = tavern.with_player(replace(player, hand=player.hand[:index]
                                            + player.hand[index + 1:],
                                            discard=(*player.discard, card)))
    missing = HAND_SIZE - len(tavern.player(name).hand)
    if missing > 0:
        tavern = yield from draw(tavern, name, missing)
    return tavern


def action(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Play one Action card, or none (A-16); "Gambling? I'm in!" played as the Action
    starts a Round of Gambling (A-17)."""
    player = tavern.player(name)
    actions = sorted({c.name for c in player.hand
                      if c.kind is CardKind.ACTION or c.starts_round})
    if not actions:
        return tavern
    choice = yield Decision("action", f"{name}: play an Action card?", (PASS, *actions),
                            Decider.PLAYER, name, state=tavern)
    if choice == PASS:
        return tavern
    index = next(i for i, c in enumerate(player.hand) if c.name == choice)
    card = player.hand[index]
    tavern = tavern.with_player(replace(player, hand=player.hand[:index]
                                        + player.hand[index + 1:]))
    tavern = tavern.note(f"{name} plays {card.name}")
    if card.starts_round:
        tavern, outcome = yield from respond(tavern, Played(name, card.name, card))
        player = tavern.player(name)
        tavern = tavern.with_player(replace(player, discard=(*player.discard, card)))
        if outcome.negated:  # "the Round never happens"
            return tavern
        return (yield from gambling_round(tavern, name))
    target: str | None = None
    if any(s.who is Who.TARGET for s in card.steps):
        options = tuple(p.name for p in tavern.others(name))
        if options:
            target = yield Decision("target", f"{card.name}: pick another player", options,
                                    Decider.PLAYER, name, state=tavern)
    affects = frozenset(n for step in card.steps
                        for n in _affected(tavern, name, step.who, target))
    tavern, outcome = yield from respond(tavern, Played(name, card.name, card, affects))
    if not outcome.negated:
        for step in card.steps:
            tavern = yield from carry_out(tavern, name, step, target, outcome.ignored)
    player = tavern.player(name)
    return tavern.with_player(replace(player, discard=(*player.discard, card)))


def _ante(tavern: Tavern, players: Sequence[str], amount: int) -> Tavern:
    """Each of ``players`` antes ``amount`` into the pot (as much as they are able); it
    counts as losing Gold (A-58)."""
    for name in players:
        player = tavern.player(name)
        paid = min(amount, player.gold)
        tavern = replace(tavern.with_player(replace(player, gold=player.gold - paid)),
                         pot=tavern.pot + paid)
    return tavern


def gambling_round(tavern: Tavern, starter: str) -> Resolution[Tavern]:
    """A Round of Gambling (A-58 to A-73): players may leave before the ante; everyone
    else antes 1 (nobody does if the starter cannot); the starter is in control; clockwise
    from the starter each player in the Round plays a Gambling or Cheating card (taking
    control), leaves, or passes; after a Winning Hand! only a Cheating card takes control;
    when everyone else in the Round has passed since control last changed, or only one
    player is left in it, the one in control takes the pot (with no one in control, it goes
    to the Inn). Then the starter goes on to Order a Drink."""
    seats = [starter, *(p.name for p in tavern.others(starter))]
    in_round = list(seats)
    for name in seats:  # "She does not have to ante" (the rulebook's example)
        tavern, left = yield from _leave(tavern, name, "before the ante", in_round)
        if left:
            in_round.remove(name)
    if tavern.player(starter).gold > 0:
        payers = [n for n in seats if n in in_round or n == starter]
        tavern = _ante(tavern, payers, 1)
        tavern = tavern.note(f"Round of Gambling: {len(payers)} players ante 1 Gold")
    else:
        tavern = tavern.note("Round of Gambling: the starter cannot ante, so nobody does")
    control: str | None = starter if starter in in_round else None
    winning_hand, passes, seat = False, 0, 0
    while len(in_round) > 1 and passes < len(in_round) - (control in in_round):
        seat = (seat + 1) % len(seats)
        name = seats[seat]
        if name not in in_round or name == control:
            continue
        player = tavern.player(name)
        pushers = _cards_with(player, Verb.FORCE_OUT) if len(in_round) > 1 else set()
        playable = sorted({c.name for c in player.hand if c.kind is CardKind.CHEATING or (
            c.kind is CardKind.GAMBLING and not winning_hand)} | _leavers(player) | pushers)
        choice = PASS
        if playable:
            choice = yield Decision("gamble", f"{name}: play a Gambling or Cheating card, "
                                    f"leave, or pass? ({control or 'nobody'} is winning)",
                                    (PASS, *playable), Decider.PLAYER, name, state=tavern)
        if choice == PASS:
            passes += 1
            continue
        if choice in _leavers(player):
            tavern, left = yield from _leave(tavern, name, "", in_round, choice)
            if left:
                in_round.remove(name)
                control = None if control == name else control
            continue
        if choice in pushers:  # everyone, the one forced out too, may respond
            others = tuple(n for n in in_round if n != name)
            whom = yield Decision("force-out", f"{name}: force whom out of the Round?",
                                  others, Decider.PLAYER, name, state=tavern)
            tavern, _, outcome = yield from _play_from_hand(tavern, name, choice,
                                                            frozenset({whom}))
            if not outcome.negated and whom not in outcome.ignored:
                in_round.remove(whom)
                control = None if control == whom else control
                tavern = tavern.note(f"{whom} is forced out of the Round of Gambling")
            continue
        tavern, card, outcome = yield from _play_from_hand(tavern, name, choice,
                                                           frozenset(in_round))
        if outcome.negated:  # a Negated Gambling card counts as that player's pass
            passes += 1
            continue
        for step in card.steps:
            if step.verb is Verb.ANTE:
                tavern = _ante(tavern, [p for p in in_round if p not in outcome.ignored],
                               step.amount)
        control, winning_hand, passes = name, card.winning_hand, 0
    if len(in_round) == 1:  # "the remaining player wins"
        control = in_round[0]
    pot = tavern.pot
    if control is None:
        return replace(tavern, inn=tavern.inn + pot, pot=0).note(
            f"the Round of Gambling ends with no winner: {pot} Gold to the Inn")
    winner = tavern.player(control)
    tavern = replace(tavern.with_player(replace(winner, gold=winner.gold + pot)), pot=0)
    return tavern.note(f"{control} wins the Round of Gambling: {pot} Gold")


def _cards_with(player: Player, verb: Verb) -> set[str]:
    """The cards in hand with a step of ``verb``."""
    return {c.name for c in player.hand if any(s.verb is verb for s in c.steps)}


def _leavers(player: Player) -> set[str]:
    """The cards in hand that let their player leave a Round of Gambling."""
    return _cards_with(player, Verb.LEAVE)


def _play_from_hand(tavern: Tavern, name: str, card_name: str, affects: frozenset[str]
                    ) -> Resolution[tuple[Tavern, Card, Outcome]]:
    """Play a card from ``name``'s hand: out of the hand, its response window, discarded."""
    player = tavern.player(name)
    index = next(i for i, c in enumerate(player.hand) if c.name == card_name)
    card = player.hand[index]
    tavern = tavern.with_player(replace(player, hand=player.hand[:index]
                                        + player.hand[index + 1:]))
    tavern = tavern.note(f"{name} plays {card.name}")
    tavern, outcome = yield from respond(tavern, Played(name, card.name, card, affects))
    player = tavern.player(name)
    return tavern.with_player(replace(player, discard=(*player.discard, card))), card, outcome


def _leave(tavern: Tavern, name: str, when: str, in_round: list[str],
           chosen: str | None = None) -> Resolution[tuple[Tavern, bool]]:
    """``name`` may play a card that leaves the Round (A-68); True if they left."""
    leavers = sorted(_leavers(tavern.player(name)))
    if chosen is None:
        if not leavers or name not in in_round:
            return tavern, False
        chosen = yield Decision("leave", f"{name}: leave the Round of Gambling {when}?",
                                (PASS, *leavers), Decider.PLAYER, name, state=tavern)
        if chosen == PASS:
            return tavern, False
    tavern, _, outcome = yield from _play_from_hand(tavern, name, chosen,
                                                    frozenset({name}))
    if outcome.negated:
        return tavern, False
    return tavern.note(f"{name} leaves the Round of Gambling"), True


def _affected(tavern: Tavern, name: str, who: Who, target: str | None) -> list[str]:
    if who is Who.YOU:
        return [name]
    if who is Who.TARGET:
        return [target] if target is not None else []
    others = [p.name for p in tavern.others(name)]
    return others if who is Who.EACH_OTHER else [name, *others]


def carry_out(tavern: Tavern, name: str, step: Step, target: str | None,
              ignored: frozenset[str] = frozenset()) -> Resolution[Tavern]:
    """One step of a card played by ``name``; players who Ignore it are not affected."""
    for who in _affected(tavern, name, step.who, target):
        if who in ignored:
            continue
        if step.verb is Verb.FORTITUDE:
            tavern = change(tavern, who, fortitude=step.amount)
        elif step.verb is Verb.ALCOHOL:
            tavern = change(tavern, who, alcohol=step.amount)
        elif step.verb is Verb.PAY:
            tavern = pay(tavern, who, step.amount, None if step.to_inn or who == name
                         else name)
        elif step.verb is Verb.COLLECT:
            tavern = collect(tavern, who, step.amount)
        elif step.verb is Verb.DRAW:
            tavern = yield from draw(tavern, who, step.amount)
        elif step.verb is Verb.ORDER:
            for _ in range(step.amount):
                tavern = yield from order_drink(tavern, who)
    return tavern


def order_drink(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Put the top Drink face down on another player's Drink Me! pile (A-18)."""
    options = tuple(p.name for p in tavern.others(name))
    if not options:
        return tavern
    whom = yield Decision("order", f"{name}: order a Drink for whom?", options,
                          Decider.PLAYER, name, state=tavern)
    tavern, drink = yield from _take_drink(tavern)
    other = tavern.player(whom)
    return tavern.with_player(replace(other, drink_me=(*other.drink_me, drink))).note(
        f"{name} orders a Drink for {whom}")


def drink_phase(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Reveal the top of your Drink Me! pile and drink it; an empty pile sobers you up
    by one (A-19, A-20)."""
    player = tavern.player(name)
    if not player.drink_me:
        return change(tavern, name, alcohol=-1).note(f"{name} sobers up: Alcohol -1")
    top = player.drink_me[-1]
    tavern = tavern.with_player(replace(player, drink_me=player.drink_me[:-1]))
    if top.event is DrinkEvent.ROUND_ON_THE_HOUSE:
        return (yield from round_on_the_house(_discard_drinks(tavern, [top]), name))
    if top.event is DrinkEvent.DRINKING_CONTEST:
        return (yield from drinking_contest(_discard_drinks(tavern, [top]), name))
    tavern, cards = yield from _chasers(tavern, name, top, from_pile=True)
    # "No player may respond to a Drink until all of its Chasers have been revealed."
    label = " with ".join(c.name for c in cards)
    tavern, outcome = yield from respond(tavern, Played(name, label, None,
                                                        frozenset({name})))
    if outcome.negated or name in outcome.ignored:
        return _discard_drinks(tavern, cards).note(f"{name} takes no effect from {label}")
    partners = tuple(p.name for p in tavern.others(name))
    if top.splits and len(cards) == 1 and partners:
        # the revealer picks a partner; each drinks half, rounded up
        partner = yield Decision("split-partner", f"{name}: split {top.name} with whom?",
                                 partners, Decider.PLAYER, name, state=tavern)
        half = Drink(f"half a {top.name}", -(-top.alcohol // 2), -(-top.fortitude // 2))
        tavern = change(tavern, partner, fortitude=half.fortitude, alcohol=half.alcohol)
        tavern = change(tavern, name, fortitude=half.fortitude, alcohol=half.alcohol)
        return _discard_drinks(tavern, cards).note(
            f"{name} splits {top.name} with {partner}: Alcohol {half.alcohol:+d} each")
    return _drink(tavern, name, cards)


def _chasers(tavern: Tavern, name: str, first: Drink, from_pile: bool
             ) -> Resolution[tuple[Tavern, list[Drink]]]:
    """A Drink with its Chasers, from the same source (A-50): another Chaser goes on; an
    empty source or a Drink Event stops (the Event is discarded with no effect)."""
    cards = [first]
    while cards[-1].chaser:
        if from_pile:
            pile = tavern.player(name).drink_me
            if not pile:
                break
            nxt = pile[-1]
            tavern = tavern.with_player(replace(tavern.player(name), drink_me=pile[:-1]))
        else:
            tavern, nxt = yield from _take_drink(tavern)
        if nxt.event is not None:
            tavern = _discard_drinks(tavern, [nxt])
            break
        cards.append(nxt)
    return tavern, cards


def _drink(tavern: Tavern, name: str, cards: list[Drink]) -> Tavern:
    alcohol = sum(c.alcohol for c in cards)
    fortitude = sum(c.fortitude for c in cards)
    tavern = change(tavern, name, fortitude=fortitude, alcohol=alcohol)
    label = " with ".join(c.name for c in cards)
    return _discard_drinks(tavern, cards).note(
        f"{name} drinks {label}: Alcohol {alcohol:+d}"
        + (f", Fortitude {fortitude:+d}" if fortitude else ""))


def _reveal_drink(tavern: Tavern, name: str) -> Resolution[tuple[Tavern, list[Drink]]]:
    """Reveal a Drink from the Drink Deck with its Chasers; Events are discarded and
    revealed again."""
    while True:
        tavern, first = yield from _take_drink(tavern)
        if first.event is None:
            break
        tavern = _discard_drinks(tavern, [first])
    return (yield from _chasers(tavern, name, first, from_pile=False))


def round_on_the_house(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Reveal a Drink; each player drinks an independent copy of it (A-55)."""
    tavern, cards = yield from _reveal_drink(tavern, name)
    tavern = tavern.note(f"Round on the House: {' with '.join(c.name for c in cards)}")
    for player in [tavern.player(name), *tavern.others(name)]:
        alcohol = sum(c.alcohol for c in cards)
        fortitude = sum(c.fortitude for c in cards)
        tavern = change(tavern, player.name, fortitude=fortitude, alcohol=alcohol)
    return _discard_drinks(tavern, cards)


def drinking_contest(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Each player reveals a Drink (and Chasers) from the Drink Deck and drinks it; the
    highest Alcohol Content (an Event counts 0, a negative one 0) wins 1 Gold from each
    other player; ties drink again until there is a winner (A-56)."""
    contestants = [tavern.player(name), *tavern.others(name)]
    everyone = [p.name for p in contestants]
    names = list(everyone)
    while True:
        scores: dict[str, int] = {}
        for who in names:
            tavern, first = yield from _take_drink(tavern)
            if first.event is not None:  # "count as 0 Alcohol Content" and have no effect
                tavern = _discard_drinks(tavern, [first])
                scores[who] = 0
                continue
            tavern, cards = yield from _chasers(tavern, who, first, from_pile=False)
            scores[who] = max(sum(c.alcohol for c in cards), 0)
            tavern = _drink(tavern, who, cards)
        best = max(scores.values())
        tied = [n for n in names if scores[n] == best]
        standing = [n for n in tied if not tavern.player(n).passed_out]
        if len(tied) == 1 or len(standing) <= 1:
            winner = standing[0] if len(standing) == 1 else (tied[0] if len(tied) == 1
                                                              else None)
            break
        names = tied
        tavern = tavern.note(f"Drinking Contest: a tie between {', '.join(tied)}; again")
    if winner is None:
        return tavern.note("Drinking Contest: everyone tied passed out; no winner")
    for who in everyone:
        if who != winner:
            tavern = pay(tavern, who, 1, winner)
    return tavern.note(f"Drinking Contest: {winner} wins 1 Gold from each other player")


# --- losing --------------------------------------------------------------------------------


def split_gold(gold: int, remaining: int) -> tuple[int, int]:
    """A-76: half (rounded up) to the Inn, the rest evenly among the ``remaining``
    players, the remainder to the Inn. Returns (each player's share, the Inn's)."""
    if remaining <= 0:
        return 0, gold
    share = (gold // 2) // remaining
    return share, gold - share * remaining


def resolve_losses(tavern: Tavern) -> Tavern:
    """Players passing out split their Gold among those who are not; then anyone with no
    Gold is out too (A-79). If all remaining players would lose at once, they tie (A-80);
    the last player in wins."""
    standing = tavern.in_game()
    passing = [p for p in standing if p.passed_out]
    staying = [p.name for p in standing if not p.passed_out]
    for player in passing:
        share, inn = split_gold(player.gold, len(staying))
        tavern = tavern.with_player(replace(tavern.player(player.name), gold=0))
        tavern = replace(tavern, inn=tavern.inn + inn)
        for other in staying:
            tavern = tavern.with_player(replace(tavern.player(other),
                                                gold=tavern.player(other).gold + share))
        tavern = tavern.note(f"{player.name} passes out: {inn} Gold to the Inn, {share} "
                             "to each player still in")
    broke = [p.name for p in tavern.in_game() if p.gold <= 0 and p.name in staying]
    losing = {p.name for p in passing} | set(broke)
    if not losing:
        return tavern
    for name in sorted(losing):
        player = tavern.player(name)
        tavern = _discard_drinks(tavern, player.drink_me)
        tavern = tavern.with_player(replace(player, out=True, drink_me=(), gold=0))
        if name in broke:
            tavern = tavern.note(f"{name} is out of Gold: out of the game")
    left = tavern.in_game()
    if len(left) == 1:
        return replace(tavern, winners=(left[0].name,)).note(f"{left[0].name} wins")
    if not left:
        tied = tuple(p.name for p in standing)
        return replace(tavern, winners=tied).note(f"a tie between {', '.join(tied)}")
    return tavern


def play_game(names: Sequence[str], decks: Sequence[tuple[str, tuple[Card, ...]]],
              drinks: tuple[Drink, ...], max_turns: int = 400) -> Resolution[Tavern]:
    """A whole game: setup, then turns until one player is left (or a tie)."""
    tavern = yield from set_up(names, decks, drinks)
    while tavern.winners is None and tavern.turn <= max_turns:
        tavern = yield from turn(tavern)
    if tavern.winners is None:  # a guard for bots that never finish: call it a tie
        tavern = replace(tavern, winners=tuple(p.name for p in tavern.in_game())).note(
            f"stopped after {max_turns} turns")
    return tavern
