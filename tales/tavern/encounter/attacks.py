"""Attack cards and the creature's attacks (003, "Player Turns", "Total Attack Damage",
"Specific Creature Attacks", "Random Creature Attacks", "Attack Cards", "Dead Players";
the checklist's CC-10 to CC-16, CC-22).
"""

from __future__ import annotations

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.encounter.effects import (
    Incoming,
    answer,
    carry_out,
    checked,
    discard_from_hand,
    from_hand,
    hurt,
    out_of_hand,
    place,
    top_card,
)
from tales.tavern.encounter.fog import LIAR, WRONG, announce, challenge
from tales.tavern.encounter.model import (
    UNDEAD_KEEP,
    VAMPYRE_BITE,
    Blow,
    Card,
    Caverns,
    Event,
    Kind,
    Rule,
    Special,
    Strike,
    Target,
    When,
    value,
)

# The members the turns and the creature's attacks compare, read once: in Python 3.11 a member
# read on its enum goes through the enum class's attribute hook (~80 ns a read;
# thousands a game, issue 19)
_PLAYER = Decider.PLAYER
_ACTION, _ITEM, _RIDER = Kind.ACTION, Kind.ITEM, Kind.RIDER
_TACTICAL, _STAND_IN = Kind.TACTICAL, Kind.STAND_IN
_STANDARD, _ENHANCED = Kind.STANDARD, Kind.ENHANCED
_TURN, _REVEAL, _CREATURE = When.TURN, When.REVEAL, When.CREATURE
_FOG, _CHEST = Rule.FOG, Rule.CHEST
_GLUTTONY, _BARRIER_MAGUS, _HIVEMIND = Special.GLUTTONY, Special.BARRIER_MAGUS, Special.HIVEMIND
_RANDOM, _ALL, _MOST, _LEAST = Target.RANDOM, Target.ALL, Target.MOST, Target.LEAST
_NO_DAMAGE = Target.NONE


def player_turn(table: Caverns, name: str, card: Card | None = None
                ) -> Resolution[tuple[Caverns, str | None, list[tuple[str, Card]]]]:
    """2b. ``name`` may play turn cards, then flips their set card (``card``: a second one
    from Opportunity Fire). Returns the table, the killer if the creature died, and any
    card set face down to flip after everyone's turn."""
    before = len(table.log)
    # (:func:`.effects.answer` itself, not :func:`.effects.window`: one generator fewer
    # made each window and passed through by each Decision in it, issue 19)
    table, _ = yield from answer(table, _TURN, [name], "your turn", None)
    if table.killed():  # an ability's attack or an Alchemist's Fire killed it
        return table, table.slayer, []
    if table.revealed == 0 and len(table.log) > before:
        table = yield from change_set_cards(table)
    player = table.player(name)
    if player.vampyre:  # 003: "select a player without a Vampyre token to damage for 5"
        prey = tuple(p.name for p in table.living() if not p.vampyre and p.name != name)
        if prey:
            whom = yield Decision("bite", "(a Vampyre) bite whom?", prey,
                                  _PLAYER, name, state=table)
            table = hurt(table, whom, VAMPYRE_BITE, f"{name} bites {whom} for {VAMPYRE_BITE}")
        return table, None, []
    for index, (whose, set_card) in enumerate(table.set_cards):  # (a loop: quicker than
        if whose == name and (card is None or set_card == card):  # next() over a generator)
            return (yield from reveal(table, name, set_card, set_cards=table.set_cards[:index]
                                      + table.set_cards[index + 1:]))
    return table, None, []


def change_set_cards(table: Caverns) -> Resolution[Caverns]:
    """003: a set card "may be changed before the first Attack card is revealed, but never
    after": once something happened after the cards were set, each player in Initiative
    order may swap theirs for another Attack card from their hand."""
    for name in table.in_initiative():
        entry = next((e for e in table.set_cards if e[0] == name), None)
        player = table.player(name)
        others = sorted({c.name for c in player.hand if c.kind.attack})
        if entry is None or not others:
            continue
        choice = yield Decision("change", f"change your set Attack card "
                                f"({entry[1].name})?", ("pass", *others), _PLAYER,
                                name, state=table)
        if choice == "pass":
            continue
        held, new = out_of_hand(player, choice)
        at = table.set_cards.index(entry)
        # (the cards swapped and the line in one copy of the table, issue 19)
        table = table.with_player(evolve(held, hand=(*held.hand, entry[1])),
                                  f"{name} changes their set card",
                                  set_cards=(*table.set_cards[:at], (name, new),
                                             *table.set_cards[at + 1:]))
    return table


def reveal(table: Caverns, name: str, card: Card, **changes: object
           ) -> Resolution[tuple[Caverns, str | None, list[tuple[str, Card]]]]:
    """Flip a set card and follow it (``changes``: made to the table's fields in the same
    copy as the card's line, issue 19)."""
    line = f"{name} reveals {card.name}"
    changes["revealed"] = table.revealed + 1
    if card.kind is _ACTION or card.kind is _ITEM:
        return table.note(line, "a bluff: no effect", discard=(*table.discard, card),
                          **changes), None, []
    if card.kind is _RIDER:
        player = table.player(name)
        return table.with_player(evolve(player, riders=(*player.riders, card)), line,
                                 f"{card.name} stands by", **changes), None, []
    if card.kind is _TACTICAL:
        table = yield from carry_out(table.note(line, **changes), name, card.steps, card.name)
        return evolve(table, discard=(*table.discard, card)), None, []
    if card.kind is _STAND_IN:
        return (yield from stand_in(table.note(line, **changes), name, card))
    table, killer = yield from strike(table, name, card, line, **changes)
    return table, killer, []


def stand_in(table: Caverns, name: str, card: Card
             ) -> Resolution[tuple[Caverns, str | None, list[tuple[str, Card]]]]:
    """A Stand In is replaced at once by new cards from the top of the draw deck; each
    Attack card among them strikes, the rest are discarded. Opportunity Fire also lets its
    player set a second Attack card face down, flipped after everyone's turn."""
    table = evolve(table, discard=(*table.discard, card))
    killer: str | None = None
    for _ in range(card.replace):
        table, drawn = yield from top_card(table)
        if drawn is None:
            break
        new = drawn
        table = table.note(f"{card.name} is replaced by {new.name}")
        if Rule.CHEST in table.rules and not new.kind.attack:  # "discard any other cards"
            table = table.note(f"{new.name} is discarded (only Attack cards are used)",
                               discard=(*table.discard, new))
        elif new.kind is _ITEM:  # an Item drawn goes face up beside its player
            player = table.player(name)
            table = table.with_player(evolve(player, items=(*player.items, new)),
                                      f"{name} lays the Item {new.name} beside them")
        elif new.kind in (_STANDARD, _ENHANCED) and killer is None:
            table, killer = yield from strike(table, name, new)
        else:
            table = table.note(f"{new.name} strikes nothing: discarded",
                               discard=(*table.discard, new))
    pending: list[tuple[str, Card]] = []
    if card.opportunity and killer is None:
        player = table.player(name)
        attacks = sorted({c.name for c in player.hand if c.kind.attack})
        if attacks:
            choice = yield Decision("set", "set a second Attack card face down?",
                                    ("pass", *attacks), _PLAYER, name, state=table)
            if choice != "pass":
                table, second = from_hand(table, name, choice)
                table = evolve(table, set_cards=(*table.set_cards, (name, second)))
                pending.append((name, second))
    return table, killer, pending


def strike(table: Caverns, name: str, card: Card, *lines: str, **changes: object
           ) -> Resolution[tuple[Caverns, str | None]]:
    """An Attack card hits: its Special Attack if its player is its character and wants
    it; on a token of a token-based Encounter; with the Riders standing by (every additive
    one, one multiplicative); then players may answer it; then the kill check. ``lines``
    are noted and ``changes`` made (its reveal's) in the copy that puts it on the stack,
    or before the first question asked (issue 19: a copy of the table fewer a card)."""
    player = table.player(name)
    special = False
    asks = bool(card.special and card.special == player.character and card.special_values)
    if (lines or changes) and (asks or table.tokens or _FOG in table.rules):
        table, lines, changes = table.note(*lines, **changes), (), {}
    if asks:
        choice = yield Decision("special", f"use {card.name}'s Special Attack?",
                                ("yes", "no"), _PLAYER, name, state=table)
        special = choice == "yes"
    token = (yield from place(table, name, card)) if table.tokens else 0  # (none: token 0)
    riders: list[Card] = []
    standing: list[Card] = []
    for rider in player.riders:
        if rider.times and any(r.times for r in riders):
            standing.append(rider)  # "only one multiplicative Rider"
        else:
            riders.append(rider)
    if player.riders:
        table = table.with_player(evolve(player, riders=tuple(standing)))
    start = min(card.start, len(card.special_values if special else card.values) - 1)
    blow = Blow(name, card, max(start, 0), tuple(riders), token, special,
                poison=player.poison)
    if _FOG in table.rules and blow.ladder:
        blow = yield from announce(table, blow)
    # its line noted with it on the stack (one copy; the kill check notes nothing)
    told = " (announced)" if blow.announced is not None and table.edition >= 3 else ""
    table = table.note(*lines, f"{name}'s {card.name} deals {value(blow, table)}{told}"
                       + (" (Special Attack)" if special else ""), stack=(*table.stack, blow),
                       **changes)
    table = yield from checked(table, name)
    if blow.announced is not None:
        table = yield from challenge(table, len(table.stack) - 1)
    # a countered card does nothing more (edition 3: "the card is countered")
    played = table.edition < 3 or not table.stack[-1].missed
    if played and _CHEST in table.rules and table.edition >= 3:
        table = yield from chest_match(table, name, blow)
    if card.kind is _ENHANCED and played:
        table = yield from carry_out(table, name, card.steps, card.name)
        table = yield from checked(table, name)
    table, _ = yield from answer(table, _REVEAL, None, f"{name}'s {card.name} is revealed",
                                 None)  # (not :func:`.effects.window`: as in player_turn)
    return table, (table.slayer if table.killed() else None)


def chest_match(table: Caverns, name: str, blow: Blow) -> Resolution[Caverns]:
    """"Bring the chest. We'll solve the riddle later" (003): "To count as a match, only the
    Attack value of played Attack cards is considered, not the name of the card." The value
    ``blow``'s card shows as it is played (before Riders, poison and later halving or
    doubling) matches a value of the Event's red burst not matched yet this Encounter; a
    match earns ``name`` what the Event card says (its ``match`` steps)."""
    event = chest(table)
    if event is None or not blow.ladder:
        return table
    shown = blow.ladder[blow.index]
    open_values = list(event.burst)
    for done in table.matched:
        if done in open_values:
            open_values.remove(done)
    if shown not in open_values:
        return table
    table = table.note(f"{name}'s {blow.card.name} matches {shown} in the red burst",
                       matched=(*table.matched, shown))
    table = yield from carry_out(table, name, event.match, event.name)
    return (yield from checked(table, name))


def chest(table: Caverns) -> Event | None:
    """The "Bring the chest" Event in force with a red burst, if any."""
    for event in (table.event, table.treasure):
        if event is not None and event.rule == _CHEST and event.burst:
            return event
    return None


def damage_by(table: Caverns) -> dict[str, int]:
    """The damage each living player did this round."""
    done = {p.name: 0 for p in table.living()}
    for blow in table.stack:
        if blow.player in done:
            done[blow.player] += value(blow, table)
    return done


def victims(table: Caverns, strike: Strike, dealt: dict[str, int]) -> list[str]:
    """Whom a row of the Attack Matrix attacks; ties: every tied player. A Vampyre's row
    that turns its victim attacks only players not yet turned."""
    living = [n for n in table.in_initiative() if n in dealt]
    if strike.turns and table.edition >= 2 and table.encounter is not None \
            and table.encounter.special is Special.VAMPYRE:
        living = [n for n in living if not table.player(n).vampyre]
    if not living:
        return []
    if strike.target is _ALL:
        return living
    if strike.target is _MOST:
        best = max(dealt[n] for n in living)
        return [n for n in living if dealt[n] == best]
    if strike.target is _LEAST:
        least = min(dealt[n] for n in living)
        return [n for n in living if dealt[n] == least]
    if strike.target is _NO_DAMAGE:
        return [n for n in living if dealt[n] == 0]
    return [n for n in living if table.player(n).initiative == strike.number]


def creature_attacks(table: Caverns, dealt: dict[str, int]) -> Resolution[Caverns]:
    """2d. If the creature is not killed, its specific attacks (by the Attack Matrix),
    assigned at once."""
    card = table.encounter
    if card is None:
        return table
    if card.special is _BARRIER_MAGUS and table.barrier <= 0:
        # 003: "if the barrier is down, he raises his barrier instead of attacking"
        return evolve(table, barrier=card.barrier).note("the Magus raises his barrier")
    for row in card.matrix:
        if row.target is _RANDOM:
            continue
        for victim in victims(table, row, dealt):
            for token in _attackers(table):
                if table.killed():  # struck back dead: it attacks no more
                    return table
                if not table.player(victim).dead and _standing(table, token):
                    table = yield from attack(table, Incoming(victim, row.damage, row.poison,
                                                              row=row, token=token,
                                                              by=_token_name(table, token)))
    return table


def _attackers(table: Caverns) -> list[int | None]:
    """Who attacks for each row: the creature (None); the Hivemind's tokens left one by
    one, so that "the specific token" can be sent elsewhere on its own, or struck back
    (003, "Hivemind")."""
    card = table.encounter
    if card is not None and card.special is _HIVEMIND and table.tokens:
        return [i for i, t in enumerate(table.tokens) if t > 0]
    return [None]


def _token_name(table: Caverns, token: int | None) -> str:
    """The attacker's name in the log: a Hivemind's token by its number (issue 42)."""
    card = table.encounter
    if token is None or card is None or table.edition < 2:
        return ""
    return f"{card.name}'s token {token + 1}"


def _standing(table: Caverns, token: int | None) -> bool:
    """Is the attacker still there (a token not destroyed meanwhile)?"""
    return token is None or table.tokens[token] > 0


def random_attacks(table: Caverns) -> Resolution[Caverns]:
    """2g. Attacks on "Player N": whoever drew Initiative N on the new draw."""
    card = table.encounter
    if card is None:
        return table
    if card.special is _BARRIER_MAGUS and table.barrier <= 0:
        return table
    for row in card.matrix:
        if row.target is _RANDOM:
            for victim in victims(table, row, {p.name: 0 for p in table.living()}):
                for token in _attackers(table):
                    if (not table.player(victim).dead and not table.killed()
                            and _standing(table, token)):
                        table = yield from attack(table, Incoming(
                            victim, row.damage, row.poison, row=row, token=token,
                            by=_token_name(table, token)))
    return table


def attack(table: Caverns, incoming: Incoming) -> Resolution[Caverns]:
    """The creature attacks one player: players may answer (dodge, redirect, strike back,
    Potions), then the damage (and poison) lands."""
    card = table.encounter
    if card is not None and card.special is _GLUTTONY and table.power:
        incoming = evolve(incoming, damage=incoming.damage + table.power)
    label = f"{incoming.by or 'the creature'} attacks {incoming.victim} for {incoming.damage}"
    table = table.note(label)
    table, changed = yield from answer(table, _CREATURE, None, label, incoming)
    assert changed is not None
    if changed.dodged:
        return table
    victim = table.player(changed.victim)
    table = hurt(table, changed.victim, changed.damage,
                 f"{changed.victim} takes {changed.damage} damage"
                 + (f" and {changed.poison} poison" if changed.poison else ""),
                 poison=victim.poison + changed.poison)
    if changed.row is not None and not table.player(changed.victim).dead:
        table = struck(table, changed.victim, changed.row)
    return table


def struck(table: Caverns, name: str, row: Strike) -> Caverns:
    """What else a row of the Attack Matrix does to the player it hit: turning them (a
    Vampyre, or bitten by the Wereboar), Prestige, switching seats (Thantigist)."""
    card = table.encounter
    player = hit = table.player(name)
    lines: list[str] = []
    if row.prestige:
        player = evolve(player, prestige=(*player.prestige,
                                           (card.name if card else "a creature", row.prestige)))
    if row.turns and card is not None:
        if card.special is Special.WEREBOAR:
            player = evolve(player, wereboar=True)
        else:
            player = evolve(player, vampyre=True)
        lines.append(f"{name} is turned by {card.name}")
    if player is not hit:  # (most rows do nothing else: no copy of the table)
        table = table.with_player(player, *lines)
    if row.swap:
        table = switch_seats(table, name)
    return table


def switch_seats(table: Caverns, name: str) -> Caverns:
    """003, Thantigist: "When you physically switch seats, you effectively become the
    other character and now hold their hand, Life Points, Prestige and Items." ``name``
    switches with the next living player round the table."""
    living = [p.name for p in table.players if not p.dead]
    if len(living) < 2:
        return table
    other = living[(living.index(name) + 1) % len(living)]
    one, two = table.player(name), table.player(other)
    fields = ("character", "life", "hand", "items", "tipped", "prestige", "poison", "riders",
              "used", "hand_size")
    table = table.with_player(evolve(one, **{f: getattr(two, f) for f in fields}))
    return table.with_player(evolve(two, **{f: getattr(one, f) for f in fields}),
                             f"{name} and {other} switch seats")


def undead_attacks(table: Caverns) -> Resolution[Caverns]:
    """Emperor Lich, phase 2: the dead who came back "attack at the end of the round":
    each strikes a living player of its choice with an Attack card from its hand (a
    creature attack: it may be Counter Struck), then draws a card, discarding and
    redrawing any Action card or Item other than Critical Miss or Trip."""
    risen = [p for p in table.players if p.undead]
    for token, undead in enumerate(risen):
        if token < len(table.tokens) and table.tokens[token] <= 0:
            continue  # its token is destroyed: put down
        if table.killed():
            break
        attacks = [c for c in undead.hand if c.kind in (_STANDARD, _ENHANCED)]
        living = tuple(p.name for p in table.living())
        if attacks and living:
            card = max(attacks, key=lambda c: c.values[c.start])
            whom = yield Decision("haunt", f"(undead) attack whom with "
                                  f"{card.name}?", living, _PLAYER, undead.name,
                                  state=table)
            table, _ = discard_from_hand(table, table.player(undead.name), card.name)
            table = yield from attack(table, Incoming(
                whom, card.values[card.start], token=token,
                by=f"{undead.name} (returned dead, {card.name})" if table.edition >= 2 else ""))
        table = yield from undead_draw(table, undead.name)
    return table


def undead_draw(table: Caverns, name: str) -> Resolution[Caverns]:
    for _ in range(len(table.deck) + len(table.discard) + 1):
        table, card = yield from top_card(table)
        if card is None:
            return table
        if card.kind.attack or card.name.startswith(UNDEAD_KEEP):
            player = table.player(name)
            return table.with_player(evolve(player, hand=(*player.hand, card)))
        table = evolve(table, discard=(*table.discard, card))
    return table


__all__ = ["LIAR", "WRONG", "attack", "creature_attacks", "damage_by", "player_turn",
           "random_attacks", "reveal", "strike"]
