"""Decks, hands and piles: shuffles (as chance Decisions), drawing with the reshuffle
(A-15), the Drink Deck running out (A-48) and the Bar Deck (B-01), discards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tales.evolve import evolve
from tales.rules.decisions import Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi import characters
from tales.tavern.rdi.model import Card, Drink, Player, Tavern
from tales.tavern.rdi.ottodata import gain_threat, is_otto
from tales.tavern.rdi.stats import affords, pay
from tales.tavern.rdi.timing import offered

T = TypeVar("T")

#: The Drink Deck is 30 cards; the Bar Deck deals it 30 at a time (B-01).
DRINK_DECK = 30
#: The Prizes in the Inn, and the Prize Bin (their pile's discards: a used Prize's place).
PRIZES = "Prize"
PRIZE_BIN = f"{PRIZES} discard"


def draw(tavern: Tavern, name: str, count: int) -> Resolution[Tavern]:
    """Draw ``count`` cards; drawing the last card shuffles the discard pile into a new
    deck at once (A-15: "If you draw the last card from your Character Deck, shuffle your
    discarded Character Cards")."""
    if count > 0 and is_otto(tavern, name):  # "he gains 1 Threat instead"
        return gain_threat(tavern, 1)
    player = tavern.player(name)
    left = max(count, 0)
    while left:
        if not player.deck:
            player = yield from _reshuffle(player)
            if not player.deck:
                break
        # as many as the deck holds taken at once, the top first (one copy of the player,
        # not one a card: issue 19)
        deck = player.deck
        taken = min(left, len(deck))
        player = evolve(player, hand=(*player.hand, *deck[len(deck) - taken:][::-1]),
                        deck=deck[:len(deck) - taken])
        left -= taken
        if not player.deck:
            player = yield from _reshuffle(player)
    return characters.mechanics(player).after_draw(tavern.with_player(player), name)


def _reshuffle(player: Player) -> Resolution[Player]:
    if not player.discard:
        return player
    deck = yield from shuffle(player.discard, f"{player.name}'s discard pile")
    return evolve(player, deck=tuple(deck), discard=())


def playable(tavern: Tavern, name: str) -> tuple[Card, ...]:
    """``name``'s hand, the cards they keep and the abilities their character may use like
    cards; not a card whose ``cost`` they cannot pay (Adonis's "Nope. Try again", Bastian's
    Prayer Cards)."""
    player = tavern.player(name)
    return _playable(tavern, name, player, _memo(player))


def _playable(tavern: Tavern, name: str, player: Player,
              memo: dict[str, Any] | None) -> tuple[Card, ...]:
    """:func:`playable` for ``name``'s ``player`` with their :func:`_memo`, which the
    caller has already (:func:`answers`: issue 19)."""
    found = memo.get(PLAYABLE) if memo is not None else None
    if found is None:
        cards = player.cards
        extra = _abilities(tavern, name, memo)
        if extra:
            cards = (*cards, *(c for _, c in extra))
        found = _allowed(tavern, name, player, cards)
        if memo is not None:
            memo[PLAYABLE] = found
    return found


def answers(tavern: Tavern, name: str) -> tuple[Card, ...]:
    """The cards of :func:`playable` a response window may offer (:func:`offered`), in its
    order. For a player :func:`_memo` keeps answers for, taken from :func:`playable`'s
    (kept as well: a hand asked for both is checked once, issue 19; whether a card may be
    played never depends on the other cards); otherwise only the offered cards are
    checked."""
    player = tavern.player(name)
    memo = _memo(player)
    if memo is not None:
        found = memo.get(ANSWERS)
        if found is None:
            found = memo[ANSWERS] = _offered(_playable(tavern, name, player, memo))
        return found
    cards = _answering(player)
    extra = characters.abilities(tavern, name)
    if extra:
        cards = (*cards, *(c for _, c in extra if offered(c)))
    return _allowed(tavern, name, player, cards)


def of_playable(tavern: Tavern, name: str, work: Callable[[tuple[Card, ...]], T]) -> T:
    """``work`` done on :func:`playable`'s cards; for a player :func:`_memo` keeps answers
    for, once per hand, kept cards, tokens and rules, kept in the memo under ``work``'s name
    (issue 19: an Anytime window asks each player what they may play on their own, ~300
    times a game, and a hand changes far less often)."""
    player = tavern.player(name)
    memo = _memo(player)
    if memo is None:
        return work(_playable(tavern, name, player, None))
    key = _key(work)
    found: T | None = memo.get(key)
    if found is None:
        found = memo[key] = work(_playable(tavern, name, player, memo))
    return found


def abilities(tavern: Tavern, name: str) -> Sequence[tuple[characters.Mechanics, Card]]:
    """:func:`~tales.tavern.rdi.characters.abilities`: none, not even asked, for a player
    :func:`_memo` keeps answers for (rules that change no ``virtual`` hook, no card of a
    shared sub-deck in hand: nothing to give them abilities; :func:`playable` and
    :func:`answers` skip it likewise, and an Anytime window asks it of every player: issue
    19)."""
    return _abilities(tavern, name, _memo(tavern.player(name)))


def _abilities(tavern: Tavern, name: str, memo: dict[str, Any] | None
               ) -> Sequence[tuple[characters.Mechanics, Card]]:
    """:func:`abilities` for ``name`` with their :func:`_memo`, which the caller has
    already (:func:`playable`)."""
    return () if memo is not None else characters.abilities(tavern, name)


PLAYABLE, ANSWERS = "playable", "answers"
#: The hooks through which a character's rules make what a player may play depend on more
#: than the player's own hand, kept cards and tokens (a hook that :func:`playable`,
#: :func:`~tales.tavern.rdi.characters.abilities` or :func:`affords` comes to ask belongs
#: here too; ``other_means`` not when the rules say it reads only the player's own hand and
#: tokens, :attr:`~tales.tavern.rdi.characters.Mechanics.own_means`).
_TABLE_HOOKS = ("virtual", "may_play", "can_pay", "other_means")


def _memo(player: Player) -> dict[str, Any] | None:
    """Where :func:`playable` and :func:`answers` keep their answers for ``player`` as they
    are (kept beside the player's fields, checked against their very hand, kept cards,
    tokens and rules): what a player may play depends on nothing else when their rules
    change none of :data:`_TABLE_HOOKS` and no card in their hand is of a character's
    shared sub-deck (whose owner may give it abilities). None: it may; nothing is kept.
    The rules are checked by their name (:attr:`Player.mechanics`, which names the same
    rules all game): not looked up at each of ~650 calls a game (issue 19)."""
    kept = player._memo
    named = player.mechanics
    if kept is None or kept[0] is not player.hand or kept[1] is not player.kept \
            or (kept[2] is not player.tokens and kept[2] != player.tokens) \
            or kept[3] != named:  # (tokens set back to the same counts: the same)
        # whether the rules change a table hook: asked again only when the rules change
        if kept is not None and kept[3] == named:
            hooked = kept[5]
        else:
            rules = characters.mechanics(player)
            hooked = any(characters.changes(rules, hook) for hook in _TABLE_HOOKS
                         if hook != "other_means" or not rules.own_means)
        own = not hooked
        for card in player.hand if own else ():  # (a plain loop, as in _allowed)
            if card.pile:
                own = False
                break
        kept = (player.hand, player.kept, player.tokens, named, {} if own else None, hooked)
        object.__setattr__(player, "_memo", kept)
    memo: dict[str, Any] | None = kept[4]
    return memo


def _allowed(tavern: Tavern, name: str, player: Player, cards: tuple[Card, ...]
             ) -> tuple[Card, ...]:
    """Those of ``cards`` ``name`` may play now."""
    rules = characters.mechanics(player)
    asks = characters.changes(rules, "may_play")  # else every card may be played
    acted = player.count(characters.ACTED)  # only then may a card be held back by it
    if not asks and not acted:
        for card in cards:  # (a plain loop, not any() over a generator: a generator's
            if card.cost:  # start and resumes cost more than the few cards; issue 19)
                break
        else:
            return cards  # none of them has a cost
    paid: dict[tuple[tuple[str, int], ...], bool] = {}  # each cost asked once a call
    # (a list made, then a tuple: a generator's resumes cost more; issue 19)
    return tuple([c for c in cards if (not c.cost or _affords(tavern, name, c.cost, paid))
                  and (not asks or rules.may_play(tavern, name, c))
                  and (not acted or characters.after_acting(tavern, name, c))])


def _answering(player: Player) -> tuple[Card, ...]:
    """The :func:`offered` cards in ``player``'s hand and kept cards, in that order
    (:func:`of_cards`: once per hand and kept cards)."""
    return of_cards(player, _offered)


def _offered(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple([c for c in cards if offered(c)])  # (a list: as in _allowed)


#: the name :func:`of_cards` keeps each work's answers under (made once per function)
_KEYS: dict[Callable[[tuple[Card, ...]], Any], str] = {}


def of_cards(player: Player, work: Callable[[tuple[Card, ...]], T]) -> T:
    """``work`` done on ``player``'s hand and kept cards (:attr:`Player.cards`), once per
    hand and kept cards: kept beside the player's fields under ``work``'s name, checked
    against those very tuples (issue 19: what a hand holds is asked far more often than a
    hand changes)."""
    key = _key(work)
    held = player._cards  # (never changed in place: a copy of the player shares it)
    kept: tuple[tuple[Card, ...], tuple[Card, ...], T] | None = \
        held.get(key) if held is not None else None
    if kept is None or kept[0] is not player.hand or kept[1] is not player.kept:
        kept = (player.hand, player.kept, work(player.cards))
        object.__setattr__(player, "_cards", {**held, key: kept} if held is not None
                           else {key: kept})
    return kept[2]


def _key(work: Callable[[tuple[Card, ...]], Any]) -> str:
    """The name :func:`of_cards` and :func:`of_playable` keep ``work``'s answers under."""
    key = _KEYS.get(work)
    if key is None:
        key = _KEYS[work] = f"_{work.__module__}.{work.__qualname__}"
    return key


def _affords(tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...],
             paid: dict[tuple[tuple[str, int], ...], bool]) -> bool:
    """:func:`affords`, remembered in ``paid`` for one table."""
    found = paid.get(cost)
    if found is None:
        found = paid[cost] = affords(tavern, name, cost)
    return found


def take_card(tavern: Tavern, name: str, card_name: str) -> Resolution[tuple[Tavern, Card]]:
    """Take the first card called ``card_name`` out of ``name``'s hand (or the cards they
    keep), or use the character's ability of that name (paying for it)."""
    player = tavern.player(name)
    index = _first(player.hand, card_name)
    kept = _first(player.kept, card_name) if index is None else None
    if index is None and kept is not None:
        return tavern.with_player(evolve(player, kept=player.kept[:kept]
                                          + player.kept[kept + 1:])), player.kept[kept]
    if index is None:
        rules, card = next((r, c) for r, c in characters.abilities(tavern, name)
                           if c.name == card_name)
        tavern = yield from rules.use_virtual(tavern, name, card)
        return tavern, card
    card = player.hand[index]
    return tavern.with_player(evolve(player, hand=player.hand[:index]
                                      + player.hand[index + 1:])), card


def _first(cards: tuple[Card, ...], card_name: str) -> int | None:
    """Where the first card called ``card_name`` is among ``cards`` (a plain loop: no
    generator made for each card taken; issue 19)."""
    for index, card in enumerate(cards):
        if card.name == card_name:
            return index
    return None


def draw_from_pile(tavern: Tavern, pile: str, name: str) -> Resolution[Tavern]:
    """``name`` draws the top card of a shared sub-deck into their hand, its discards
    shuffled when it is empty; with none left, nothing."""
    tavern, top = yield from reveal_from_pile(tavern, pile)
    if top is None:
        return tavern
    card = evolve(top, owner=name) if top.joins else top
    player = tavern.player(name)
    return tavern.with_player(evolve(player, hand=(*player.hand, card)))


def reveal_from_pile(tavern: Tavern, pile: str, what: str = ""
                     ) -> Resolution[tuple[Tavern, Card | None]]:
    """The top card of a shared sub-deck, taken off it (its discards shuffled into it when
    it is empty; None with none left): Phrenk's Potions, Samantha's Brawlers, Lizwick's
    Items, Dale's Mushrooms, Halden's Totems. ``what`` names the discards shuffled."""
    if not tavern.pile(pile):
        tavern = yield from restock_pile(tavern, pile, what)
    return take_top(tavern, pile)


def take_top(tavern: Tavern, pile: str) -> tuple[Tavern, Card | None]:
    """The top card of a shared sub-deck, taken off it, nothing shuffled (None: it is
    empty): a setup's first card, Roxana's Recipes that go back under the deck."""
    cards = tavern.pile(pile)
    if not cards:
        return tavern, None
    return tavern.with_pile(pile, cards[:-1]), cards[-1]


def restock_pile(tavern: Tavern, pile: str, what: str = "", keep: int = 0
                 ) -> Resolution[Tavern]:
    """A shared sub-deck made again from its discards (``"<pile> discard"``), shuffled, put
    under what is left of it; the last ``keep`` discards stay (Wulfric's current mood)."""
    discards = tavern.pile(f"{pile} discard")
    if not discards:
        return tavern.with_pile(f"{pile} discard", ())
    stay = discards[len(discards) - keep:] if keep else ()
    again = yield from shuffle(discards[:len(discards) - len(stay)],
                               what or f"the {pile} discards")
    return tavern.with_pile(f"{pile} discard", stay).with_pile(
        pile, (*again, *tavern.pile(pile)))


def discard_card(tavern: Tavern, card: Card, name: str, leaving: bool = False) -> Tavern:
    """A played card goes to its owner's discard pile (A-06: "your own discard pile"); a
    sub-deck's card to that sub-deck's discards (one that ``joins`` its owner's deck to the
    owner's discard pile); an ability nowhere; a card that stays back
    in front of ``name`` (unless ``leaving``: they are out of the game)."""
    if card.virtual:
        return tavern
    if card.plotted:  # off the Plotted Cards area, it is an ordinary card again
        card = evolve(card, plotted=False)
    if card.stays and not leaving:  # a Prayer Card "remains face up in front of you"
        player = tavern.player(name)
        return tavern.with_player(evolve(player, kept=(*player.kept,
                                                        evolve(card, revealed=True))))
    if card.pile and not card.joins:
        key = f"{card.pile} discard"
        return tavern.with_pile(key, (*tavern.pile(key), card))
    owner = card.owner if card.owner and card.owner in tavern.seating().index \
        else name
    player = tavern.player(owner)
    return tavern.with_player(evolve(player, discard=(*player.discard, card)))


def on_drink_me(pile: tuple[Drink, ...], drink: Drink) -> tuple[Drink, ...]:
    """``drink`` put face down on a Drink Me! pile (top is the last): a side deck's Drinks
    "are always the top cards in that pile", so a regular Drink goes below them (000, The
    Wench: "Always On Top")."""
    if drink.pile or not pile or not pile[-1].pile:
        return (*pile, drink)
    return (*(d for d in pile if not d.pile), drink, *(d for d in pile if d.pile))


def take_drink(tavern: Tavern) -> Resolution[tuple[Tavern, Drink | None]]:
    """The top card of the Drink Deck. When it runs out each team pays 1 Gold to the Inn
    and the discards are shuffled into a new deck at once (A-48); with the Bar Deck, the
    next 30 of the Bar Deck become the Drink Deck, and the discards are shuffled into a new
    Bar Deck only when it runs out (B-01). If every Drink was on the Drink Me! piles when it
    ran out, the deck is made again from the discards the next time one is needed (nothing
    more to pay); None if there is still none."""
    if not tavern.drink_deck:
        tavern = yield from restock(tavern)
        if not tavern.drink_deck:
            return tavern, None
    drink = tavern.drink_deck[-1]
    tavern = evolve(tavern, drink_deck=tavern.drink_deck[:-1])
    if not tavern.drink_deck:
        payers = "each team pays" if tavern.seating().teamed else "each player pays"
        tavern = tavern.note(f"the Drink Deck runs out: {payers} 1 Gold to the Inn")
        for side in tavern.sides():
            mat = next(p for p in tavern.in_game() if p.side == side)
            tavern = pay(tavern, mat.name, 1, None)
        tavern = yield from restock(tavern)
    return tavern, drink


def restock(tavern: Tavern) -> Resolution[Tavern]:
    """A new Drink Deck: the discards shuffled; with the Bar Deck, its next 30 cards (the
    discards shuffled into a new Bar Deck first if it has fewer)."""
    if not tavern.variant.bar_deck:
        deck = yield from shuffle(tavern.drink_discard, "the Drink discard pile")
        return evolve(tavern, drink_deck=tuple(deck), drink_discard=())
    if len(tavern.bar) < DRINK_DECK and tavern.drink_discard:
        bar = yield from shuffle(tavern.drink_discard, "the Drink discards into the Bar Deck")
        tavern = evolve(tavern, bar=(*bar, *tavern.bar), drink_discard=())
    deal = tavern.bar[-DRINK_DECK:]
    return evolve(tavern, drink_deck=deal, bar=tavern.bar[:-len(deal)] if deal else ())


def discard_drinks(tavern: Tavern, drinks: Sequence[Drink]) -> Tavern:
    """Drinks to their discard pile: the Drink Deck's, or their own tavern's (001: "Each
    tavern has its own Drink discard pile"), or their side deck's (the Wench's Special
    Reserve discard pile)."""
    if any(d.pile for d in drinks):
        for drink in (d for d in drinks if d.pile):
            key = f"{drink.pile} discard"
            tavern = tavern.with_drink_pile(key, (*tavern.drink_pile(key), drink))
        drinks = [d for d in drinks if not d.pile]
    ours = [d for d in drinks if not d.tavern]
    tavern = evolve(tavern, drink_discard=(*tavern.drink_discard, *ours)) if ours else tavern
    if len(ours) < len(drinks):
        tavern = evolve(tavern, pub_decks=tuple(
            (name, deck, (*used, *(d for d in drinks if d.tavern == name)))
            for name, deck, used in tavern.pub_decks))
    return tavern
