"""Events of every kind through one mechanism (002, "Dungeon Events", "Interaction Between
Dungeon Events and Other Cards", "Playing with Dungeon Events and Sea Events"; 001, "Gambling,
Events and Team Champions"; the checklist's B-10 and B-11).

An Event that would affect all players first has its Champions chosen in a team game (one
per team; the revealer for theirs when a player revealed a Drink Event, every team choosing
for the Events revealed at the end of a shared turn and for Tavern Events); then one
response window in which players may Negate or Ignore it ("Once an Event Card starts
resolving, it can no longer be Negated or Ignored"), answered also as an Action card when
it says so; then it resolves for each player it affects, in turn order from the player
whose turn it is, each choosing among its options the ones they can take.

At the end of each turn a Progress Counter comes off each Event deck in play (Sea before
Dungeon); taking off the last reveals and discards the top card, which resolves, then as
many counters as its Encounter Level go back on.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi.effects import carry_out, champions
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Event,
    EventKind,
    Stat,
    Step,
    Tavern,
    Verb,
    Who,
)
from tales.tavern.rdi.timing import Outcome, Played, affected_by, respond

#: The Progress Counters an Event deck starts with: two alone; with both decks, two on the
#: Sea Event Deck and three on the Dungeon Event Deck (002).
ALONE, SEA_WITH_DUNGEON, DUNGEON_WITH_SEA = 2, 2, 3


def set_up(tavern: Tavern) -> Resolution[Tavern]:
    """Each Event deck of the variant shuffled, with its Progress Counters on top."""
    decks = []
    for kind, cards, counters in tavern.variant.event_decks:
        shuffled = yield from shuffle(cards, f"the {kind.value.capitalize()} Event Deck")
        decks.append((kind, tuple(shuffled), (), counters))
    return evolve(tavern, events=tuple(decks))


def announce(tavern: Tavern, source: str, label: str, players: Sequence[str],
             steps: tuple[Step, ...] = (), card: Card | None = None
             ) -> Resolution[tuple[Tavern, Outcome]]:
    """The window before an Event resolves: it would change ``players`` as its ``steps``
    say (a Drink Event: their Alcohol Content)."""
    if steps:
        affects: dict[str, frozenset[Stat]] = {}
        harms: dict[str, frozenset[Stat]] = {}
        for name in players:
            one_affects, one_harms = affected_by(steps, name, {Who.YOU: [name]})
            affects.update(one_affects)
            harms.update(one_harms)
        played = Played(source, label, card, tuple(affects.items()), tuple(harms.items()),
                        event=True)
    else:
        affected = tuple((n, frozenset({Stat.ALCOHOL})) for n in players)
        played = Played(source, label, card, affected, event=True)
    return (yield from respond(tavern, played))


def end_of_turn(tavern: Tavern, active: str) -> Resolution[Tavern]:
    """"Removing a Progress Counter and revealing a Dungeon Event (if appropriate) is the
    last thing that a player does on his or her turn": each Event deck in turn."""
    for index in range(len(tavern.events)):
        if tavern.winners is not None:
            break
        tavern = yield from _advance(tavern, active, index)
    return tavern


def _advance(tavern: Tavern, active: str, index: int) -> Resolution[Tavern]:
    kind, deck, used, counters = tavern.events[index]
    counters -= 1
    if counters > 0:
        return _store(tavern, index, (kind, deck, used, counters))
    if not deck:  # "shuffle the discards and use that as the new Dungeon Event Deck"
        deck, used = tuple((yield from shuffle(used, f"the {kind.value} Event discards"))), ()
    if not deck:
        return _store(tavern, index, (kind, deck, used, 0))
    event = deck[-1]
    tavern = _store(tavern, index, (kind, deck[:-1], (*used, event), 0)).note(
        f"{active} reveals the {kind.value.capitalize()} Event {event.name}")
    tavern = yield from resolve(tavern, active, event)
    kind, deck, used, _ = tavern.events[index]
    return _store(tavern, index, (kind, deck, used, event.level)).note(
        f"{event.level} Progress Counter{'s' if event.level != 1 else ''} go on the "
        f"{kind.value.capitalize()} Event Deck")


def _store(tavern: Tavern, index: int,
           entry: tuple[EventKind, tuple[Event, ...], tuple[Event, ...], int]) -> Tavern:
    return evolve(tavern, events=(*tavern.events[:index], entry, *tavern.events[index + 1:]))


def resolve(tavern: Tavern, revealer: str, event: Event, revealer_chosen: bool = False
            ) -> Resolution[Tavern]:
    """An Event revealed by ``revealer``'s team: Champions (each team choosing its own, or
    the revealer theirs for a Drink Event), its window, then its effects on each player it
    affects."""
    everyone = yield from champions(tavern, revealer, event.name, revealer_chosen)
    players = tavern.in_turn_order([n for n in everyone if _affected(tavern, n, event)])
    if not players:
        return tavern.note(f"{event.name} affects nobody")
    steps = event.steps or tuple(s for option in event.options for s in option.steps)
    card = Card(event.name, CardKind.ACTION, event.steps, event.text, virtual=True,
                activation=True) if event.as_action else None
    source = tavern.players[tavern.active].name
    tavern, outcome = yield from announce(tavern, source, event.name, players, steps, card)
    if outcome.negated:
        return tavern.note(f"{event.name} is Negated")
    for name in players:
        if name in outcome.ignored or tavern.player(name).out:
            continue
        chosen = event.steps
        if event.options:
            able = [o for o in event.options if _can(tavern, name, o.steps)
                    and _fits(tavern, name, o.only)]
            if not able:
                continue
            pick = yield Decision("event-option", f"{name}: {event.name}: which?",
                                  tuple(o.text for o in able), Decider.PLAYER, name,
                                  state=tavern)
            chosen = next(o for o in able if o.text == pick).steps
            tavern = tavern.note(f"{name} chooses: {pick}")
        tavern, _ = yield from carry_out(tavern, name, chosen, {Who.YOU: [name]}, outcome)
    return tavern


def _affected(tavern: Tavern, name: str, event: Event) -> bool:
    return _fits(tavern, name, event.affects)


def _fits(tavern: Tavern, name: str, whom: str) -> bool:
    """Whether ``name`` is among ``whom`` ("all", "heroes", "villains"; 002: "A Villain is
    any of the characters from RDI 6 ... A Hero is any other character")."""
    return whom == "all" or (whom == "villains") == tavern.player(name).villain


def _can(tavern: Tavern, name: str, steps: tuple[Step, ...]) -> bool:
    """002: "If a Dungeon Event gives you the option of taking an action that you can't
    take, you may not choose that option"."""
    player, mat = tavern.player(name), tavern.mat(name)
    for step in steps:
        if step.verb is Verb.DISCARD and len(player.hand) < step.amount:
            return False
        if step.verb is Verb.PAY and mat.gold < step.amount:
            return False
        if step.verb is Verb.DISCARD_DRINK and len(player.drink_me) < step.amount:
            return False
    return True
