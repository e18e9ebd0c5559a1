"""Nitrel the Sapper (seed 000, "Nitrel the Sapper"; seed 002's team notes): her Bomb Deck in
the middle of the table, and the players who get Bombs.

The Bomb Deck is the sub-deck ``pile = "bombs"`` of her file (Immediate cards: never in a
hand). Its cards' steps are what a Bomb does: ``who = "target"`` is the player who got it,
``who = "you"`` is Nitrel ("Backfire"). Her cards say ``{ handler = "bomb", who = "target" }``
(that player gets a Bomb) and, on a Gambling card, ``{ handler = "bomb in the pot" }``.

* Getting a Bomb waits until the card that gave it is over ("resolve all effects on the
  original card, then reveal and resolve the Bomb separately": :meth:`Nitrel.after_play`).
  The player reveals the top card of the Bomb Deck (its discards shuffled in when it is
  empty) and it resolves as though an Action card of Nitrel's aimed at them: it may be
  reduced, Negated, Ignored and hit back; then it is discarded.
* A Bomb with ``icons = ["pass for 1"]`` may be passed on: its holder (the one who makes a
  Bomb's choices) pays 1 Gold to the Inn to give it to another player, who may do the same;
  with ``"not to nitrel"`` never to Nitrel (her teammates, yes).
* A Bomb in the pot: the top card goes face down into the pot (the pile ``bombs in the
  pot``); the player who wins the pot reveals them all and carries them out in the order of
  their choice; with no winner they are discarded face up and do nothing.
* A Minion never gets a Bomb: its controller does (``for_controller``).
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, one_of, register
from tales.tavern.rdi.model import Card, Step, Tavern
from tales.tavern.rdi.stats import gold, pay
from tales.tavern.rdi.zones import reveal_from_pile

NAME = "nitrel"
BOMBS = "bombs"
DISCARDS = f"{BOMBS} discard"
POT = f"{BOMBS} in the pot"
BOMB, TO_POT = "bomb", "bomb in the pot"
#: A player owed a Bomb by the card being played (they get it once the card is over).
OWED = "bomb owed"
PASSES, NOT_NITREL = "pass for 1", "not to nitrel"
KEEP = "keep it"


def won(name: str) -> str:
    """The pile of Bombs ``name`` won in a pot, to be revealed."""
    return f"{BOMBS} won by {name}"


def get_bomb(tavern: Tavern, nitrel: str, holder: str, bomb: Card | None = None
             ) -> Resolution[Tavern]:
    """``holder`` gets a Bomb of ``nitrel``'s: the top of the Bomb Deck (or ``bomb``, one
    won in a pot), passed on while its holder pays to, then resolved."""
    from tales.tavern.rdi.effects import play_card

    if bomb is None:
        tavern, bomb = yield from reveal_from_pile(tavern, BOMBS)
        if bomb is None:
            return tavern.note("the Bomb Deck is empty")
    tavern = tavern.note(f"{holder} reveals the Bomb {bomb.name}")
    while PASSES in bomb.icons and gold(tavern, holder) > 0:
        others = tuple(p.name for p in tavern.in_game() if p.name != holder and not (
            NOT_NITREL in bomb.icons and p.name == nitrel))
        if not others:
            break
        choice = yield Decision("pass-bomb", f"{holder}: pay 1 Gold to pass {bomb.name} on?",
                                (KEEP, *others), Decider.PLAYER, holder, state=tavern)
        if choice == KEEP:
            break
        tavern = pay(tavern, holder, 1, None).note(
            f"{holder} pays 1 Gold to pass {bomb.name} to {choice}")
        holder = choice
    tavern, _ = yield from play_card(tavern, nitrel, bomb, holder,
                                     label=f"the Bomb {bomb.name} ({holder})")
    return tavern


class Nitrel(Mechanics):
    name = NAME
    handlers = frozenset({BOMB, TO_POT})
    for_controller = frozenset({BOMB})  # "If a Minion would get a Bomb, Torglesnarf gets it"
    resources = (Resource(OWED, owner=NAME),)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        who = target or name
        if step.handler == BOMB:  # after the card: "then reveal and resolve the Bomb"
            player = tavern.player(who)
            return tavern.with_player(player.with_count(OWED, player.count(OWED) + 1))
        tavern, bomb = yield from reveal_from_pile(tavern, BOMBS)
        if bomb is None:
            return tavern
        return tavern.with_pile(POT, (*tavern.pile(POT), bomb)).note(
            f"{name} adds a Bomb to the pot, face down")

    def after_play(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        return (yield from _owed(tavern, name))

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        """Bombs still owed (given by a card that did not end the usual way: a response);
        Bombs left in a pot that nobody won (a Round ended by a card or a turn's end)."""
        if tavern.pile(POT):
            tavern = tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), *tavern.pile(POT)))
            tavern = tavern.with_pile(POT, ()).note("the Bombs in the pot are discarded")
        return (yield from _owed(tavern, owner))

    def after_round(self, tavern: Tavern, name: str, players: tuple[str, ...],
                    winner: str | None) -> Tavern:
        """000: "the player who wins the pot reveals all Bombs in the pot ... If no player
        wins the pot, any Bombs in the pot are discarded face up and do not take effect."""
        bombs = tavern.pile(POT)
        if not bombs:
            return tavern
        tavern = tavern.with_pile(POT, ())
        if winner is None:
            return tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), *bombs)).note(
                "the Bombs in the pot are discarded")
        return tavern.with_pile(won(winner), (*tavern.pile(won(winner)), *bombs))

    def choices(self, tavern: Tavern, name: str) -> Resolution[Tavern]:
        """The winner of a pot "reveals all Bombs in the pot, then carries out their effects
        in the order of their choice"."""
        if name != next(p.name for p in tavern.players if p.mechanics == NAME):
            return tavern
        for holder in [p.name for p in tavern.players]:
            while tavern.pile(won(holder)):
                bombs = tavern.pile(won(holder))
                options = tuple(dict.fromkeys(b.name for b in bombs))
                pick = yield from one_of(tavern, holder, "bomb-order",
                                         f"{holder}: which Bomb from the pot first?", options)
                at = next(i for i, b in enumerate(bombs) if b.name == pick)
                tavern = tavern.with_pile(won(holder), bombs[:at] + bombs[at + 1:])
                if tavern.player(holder).out:
                    tavern = tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), bombs[at]))
                    continue
                tavern = yield from get_bomb(tavern, name, holder, bombs[at])
        return tavern


def _owed(tavern: Tavern, nitrel: str) -> Resolution[Tavern]:
    """Each player owed a Bomb gets it, in seat order."""
    for holder in [p.name for p in tavern.players if p.count(OWED)]:
        for _ in range(tavern.player(holder).count(OWED)):
            player = tavern.player(holder)
            tavern = tavern.with_player(player.with_count(OWED, player.count(OWED) - 1))
            if not player.out:
                tavern = yield from get_bomb(tavern, nitrel, holder)
    return tavern


register(Nitrel())
