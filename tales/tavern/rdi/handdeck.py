"""Steps on a player's hand and Character Deck beyond drawing and discarding
(``docs/formats.md``, "Tavern decks"), and what each does to Boss Otto, who has no hand and
three decks (001, "Boss Otto - Other Rules", "Affecting Boss Otto's Hand or Deck").

* ``shuffle_discards``: the player shuffles their discard pile into their Character Deck;
  Otto "does so with each of his decks separately".
* ``shuffle_hand = N``: N cards of the player's hand, at random, are shuffled into their
  Character Deck; for Otto "nothing happens".
* ``recover = N``: the player takes the top N cards of their discard pile back into their
  hand; for Otto "nothing happens".
* ``give_cards = N``: the card's player puts N cards of their choice from their hand on top
  of that player's Character Deck; Otto "discards it instead" (to its owner's discards).
* ``look_hand``: the card's player looks at that player's hand; for Otto "nothing happens".
* ``reveal_deck = N``: the top N cards of that player's Character Deck are revealed and put
  back in the same order; for Otto "the players may choose one of Otto's decks".
* ``reveal_draw = N``: the same, then that player draws them; for Otto "they instead are
  shuffled back into the appropriate deck and Otto gains 1 Threat".
"""

from __future__ import annotations

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import pick, shuffle
from tales.tavern.rdi.model import Card, Step, Tavern, Verb
from tales.tavern.rdi.ottodata import (
    ACTIONS,
    DECKS,
    GAMBLING,
    OTTO,
    SOMETIMES,
    gain_threat,
    is_otto,
)

STEPS = frozenset({Verb.SHUFFLE_DISCARDS, Verb.SHUFFLE_HAND, Verb.RECOVER, Verb.GIVE_CARDS,
                   Verb.LOOK_HAND, Verb.REVEAL_DECK, Verb.REVEAL_DRAW})
#: Boss Otto's decks, each with its discards ``"<deck> discard"``.
OTTO_DECKS = (ACTIONS, SOMETIMES, GAMBLING)


def hand_and_deck(tavern: Tavern, name: str, who: str, step: Step, amount: int
                  ) -> Resolution[Tavern]:
    """``step`` of a card ``name`` played, for ``who``."""
    verb = step.verb
    if is_otto(tavern, who):
        return (yield from _otto(tavern, name, verb, amount))
    player = tavern.player(who)
    if verb is Verb.SHUFFLE_DISCARDS:
        deck = yield from shuffle((*player.deck, *player.discard), f"{who}'s Character Deck")
        return tavern.with_player(evolve(player, deck=tuple(deck), discard=())).note(
            f"{who} shuffles their discard pile into their Character Deck")
    if verb is Verb.SHUFFLE_HAND:
        hand, moved = list(player.hand), []
        for _ in range(min(amount, len(hand))):
            moved.append((yield from pick(hand, f"a card of {who}'s hand")))
            hand.remove(moved[-1])
        deck = yield from shuffle((*player.deck, *moved), f"{who}'s Character Deck")
        return tavern.with_player(evolve(player, hand=tuple(hand), deck=tuple(deck))).note(
            f"{who} shuffles {len(moved)} card{'s' if len(moved) != 1 else ''} from their "
            "hand into their Character Deck")
    if verb is Verb.RECOVER:
        back = player.discard[max(len(player.discard) - amount, 0):]
        return tavern.with_player(evolve(player, hand=(*player.hand, *back),
                                         discard=player.discard[:len(player.discard)
                                                                - len(back)])).note(
            f"{who} takes {len(back)} card{'s' if len(back) != 1 else ''} back from their "
            "discard pile")
    if verb is Verb.GIVE_CARDS:
        tavern, given = yield from picks(tavern, name, amount, "give",
                                         f"{name}: put which card on {who}'s deck?")
        target = tavern.player(who)
        return tavern.with_player(evolve(target, deck=(*target.deck, *given))).note(
            f"{name} puts {len(given)} card{'s' if len(given) != 1 else ''} on top of {who}'s "
            "Character Deck")
    if verb is Verb.LOOK_HAND:
        return tavern.note(f"{name} looks at {who}'s hand")
    top = player.deck[max(len(player.deck) - amount, 0):]
    tavern = tavern.note(f"{who} reveals {_names(top)} from their Character Deck")
    if verb is Verb.REVEAL_DRAW:
        return tavern.with_player(evolve(player, hand=(*player.hand, *top[::-1]),
                                         deck=player.deck[:len(player.deck) - len(top)]))
    return tavern


def _otto(tavern: Tavern, name: str, verb: Verb, amount: int) -> Resolution[Tavern]:
    if verb is Verb.SHUFFLE_DISCARDS:  # "he does so with each of his decks separately"
        for deck in OTTO_DECKS:
            cards = yield from shuffle((*tavern.pile(deck), *tavern.pile(f"{deck} discard")),
                                       f"the {deck} deck")
            tavern = tavern.with_pile(deck, tuple(cards)).with_pile(f"{deck} discard", ())
        return tavern.note(f"{OTTO} shuffles each deck's discards into it")
    if verb is Verb.GIVE_CARDS:  # "he discards it instead"
        from tales.tavern.rdi.zones import discard_card

        tavern, given = yield from picks(tavern, name, amount, "give",
                                         f"{name}: put which card on {OTTO}'s deck?")
        for card in given:
            tavern = discard_card(tavern, card, name)
        return tavern.note(f"{OTTO} discards {_names(given)} instead")
    if verb in (Verb.REVEAL_DECK, Verb.REVEAL_DRAW):  # "the players may choose one of
        deck = yield Decision("otto-deck", f"{name}: which of {OTTO}'s decks?",  # Otto's"
                              OTTO_DECKS, Decider.PLAYER, name, state=tavern)
        cards = tavern.pile(deck)
        top = cards[max(len(cards) - amount, 0):]
        tavern = tavern.note(f"{name} reveals {_names(top)} from {OTTO}'s {deck} deck")
        if verb is Verb.REVEAL_DECK:
            return tavern
        cards = yield from shuffle(cards, f"the {deck} deck")  # "shuffled back into the
        return gain_threat(tavern.with_pile(deck, tuple(cards)), 1)  # appropriate deck"
    return tavern.note(f"{OTTO} has no hand and no discards to take back: nothing happens")


def petrify_from_otto(tavern: Tavern, nerodia: str) -> Resolution[tuple[Tavern, Card | None]]:
    """One card Petrified from Boss Otto (001, Nerodia: "Petrifying cards from Boss Otto
    takes them from the deck(s) of Nerodia's choice"): the top card of the deck she picks
    (its discards shuffled in when it is empty); None with his decks empty, or with the
    Compendium's reading (``OttoRules.petrify_decks`` False: "nothing happens")."""
    from tales.tavern.rdi.otto import reveal, rules_of

    decks = tuple(d for d in OTTO_DECKS if tavern.pile(d) or tavern.pile(f"{d} discard"))
    if not decks or not rules_of(tavern).petrify_decks:
        return tavern, None
    deck = yield Decision("otto-deck", f"{nerodia}: Petrify from which of {OTTO}'s decks?",
                          decks, Decider.PLAYER, nerodia, state=tavern)
    tavern, card = yield from reveal(tavern, deck)
    return tavern, None if card is None else evolve(card, owner=OTTO)


def back_on_his_deck(tavern: Tavern, card: Card) -> Tavern:
    """A card of Boss Otto's returned (001, Nerodia: "Returning those cards puts them back on
    top of the appropriate deck(s)")."""
    deck = card.pile if card.pile in OTTO_DECKS else DECKS[card.kind]
    return tavern.with_pile(deck, (*tavern.pile(deck), card))


def picks(tavern: Tavern, name: str, count: int, kind: str, prompt: str
          ) -> Resolution[tuple[Tavern, tuple[Card, ...]]]:
    """Up to ``count`` cards of ``name``'s choice, taken out of their hand one at a time (a
    discard, a gift)."""
    from tales.tavern.rdi.zones import take_card

    taken: list[Card] = []
    for _ in range(count):
        hand = tavern.player(name).hand
        if not hand:
            break
        choice = yield Decision(kind, prompt, tuple(sorted({c.name for c in hand})),
                                Decider.PLAYER, name, state=tavern)
        tavern, card = yield from take_card(tavern, name, choice)
        taken.append(card)
    return tavern, tuple(taken)


def _names(cards: tuple[Card, ...] | list[Card]) -> str:
    return ", ".join(c.name for c in cards) or "no card"
