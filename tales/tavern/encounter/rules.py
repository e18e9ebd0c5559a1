"""The encounter game's rules as generators of Decisions (seed 003, "Sequence of Play";
the checklist's D.1-D.4). Chance (shuffles, random picks) is a Decision too, so a game
replays from its answers.

A game: setup; nine Encounters, each revealed with its Event, then combat rounds (set
Attack cards; turns in Initiative order with a kill check after each Attack card; total
the damage stack; specific creature attacks; discard; new Initiative; random creature
attacks; draw a card) until the creature dies; then Prestige to the killing blow, looting,
refilling hands. The most Prestige wins; a tie plays a set-aside Encounter.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import pick, shuffle
from tales.tavern.encounter.attacks import (
    creature_attacks,
    damage_by,
    player_turn,
    random_attacks,
    undead_attacks,
)
from tales.tavern.encounter.effects import (
    discard_from_hand,
    draw,
    hand_limit,
    hurt,
    limit,
    out_of_hand,
    trim,
    trim_all,
    window,
)
from tales.tavern.encounter.model import (
    EDITION,
    ENCOUNTERS,
    HAND_SIZE,
    POISON_DAMAGE,
    Adventurer,
    Card,
    Caverns,
    Encounter,
    Event,
    Fought,
    Goal,
    Kind,
    Quest,
    Rule,
    Special,
    When,
    value,
)
from tales.tavern.encounter.module import Module, adventure

# The members a round compares, read once: in Python 3.11 a member
# read on its enum goes through the enum class's attribute hook (~80 ns a read;
# thousands a game, issue 19)
_PLAYER = Decider.PLAYER
_ACTION = Kind.ACTION
_GLUTTONY = Special.GLUTTONY


PASS = "pass"
#: A guard for bots that never finish an Encounter (not a rule).
MAX_ROUNDS = 60


def set_up(names: Sequence[str], cards: Sequence[Card], encounters: Sequence[Encounter],
           events: Sequence[Event] = (), relics: Sequence[Card] = (),
           characters: Sequence[str] = (), abilities: Sequence[tuple[str, Card]] = (),
           quests: Sequence[Quest] = (), edition: int = EDITION, module: Module | None = None
           ) -> Resolution[Caverns]:
    """Shuffle the draw deck and deal seven cards each (Items drawn go face up beside the
    player: they are not part of the hand); deal nine Encounters (the rest set aside; the
    Emperor Lich dealt is the last, "this final encounter"); shuffle the Events; Initiative
    cards 1 to the number of players."""
    deck = yield from shuffle(cards, "the draw deck")
    players = [Adventurer(n, characters[i] if i < len(characters) else "")
               for i, n in enumerate(names)]
    table = Caverns(tuple(players), tuple(deck), started=len(players),
                    initiative=tuple(range(1, len(players) + 1)),
                    relics=tuple(relics), abilities=tuple(abilities), edition=edition,
                    actions=named_actions(cards) if edition >= 3 else ())
    count = min(ENCOUNTERS, len(encounters))
    faced = f"the Adventure Module {module.name} ({len(module.scenes)} scenes)" \
        if module is not None else f"{count} Encounters"
    table = table.note(f"{len(players)} adventurers, {faced}")  # (before the hands' lines)
    for player in players:
        table = yield from draw(table, player.name, HAND_SIZE)
    dealt = yield from shuffle(encounters, "the Encounter cards")
    deck_of = list(dealt[-count:])
    if edition >= 2:  # the Emperor Lich is "this final encounter": the bottom card
        deck_of.sort(key=lambda e: e.special is not Special.EMPEROR_LICH)
    table = evolve(table, encounters=tuple(deck_of), set_aside=tuple(dealt[:-count]))
    shuffled = yield from shuffle(events, "the Event deck")
    if quests:  # one Quest card each, dealt face down
        dealt_quests = yield from shuffle(quests, "the Quest cards")
        for player, quest in zip(table.players, reversed(dealt_quests), strict=False):
            table = table.with_player(evolve(player, quest=quest))
    return evolve(table, events=tuple(shuffled))


def named_actions(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The game's Action cards, one of each name, in the deck's order: what a player may
    say they played under the fog of war."""
    return tuple({c.name: c for c in cards if c.kind is _ACTION}.values())


def deal_initiative(table: Caverns) -> Resolution[Caverns]:
    """Each living player draws an Initiative card."""
    living = [p.name for p in table.living()]
    if not living and table.edition >= 2:  # nobody left to draw one: no empty line
        return table
    cards = yield from shuffle(table.initiative[:len(living)], "the Initiative cards")
    drawn = dict(zip(living, cards, strict=True))
    # the living in the order of the cards they drew (what in_initiative will say of the
    # new table: its line noted in the one copy with the cards, issue 19)
    order = sorted(living, key=drawn.__getitem__)
    # (a player who drew the card they held is kept as they are: no copy)
    return table.note("Initiative: " + ", ".join([f"{ordinal(n)} {name}" for n, name
                                                  in enumerate(order, 1)]),
                      players=tuple([evolve(p, initiative=drawn[p.name])
                                     if p.name in drawn and p.initiative != drawn[p.name]
                                     else p for p in table.players]))


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (Initiative as an order)."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def begin(table: Caverns, encounter: Encounter) -> Resolution[Caverns]:
    """1. Reveal the Encounter and mark its starting Life Points by the number of players
    who started the game; draw an Event for a creature (Relics & Ruin); Potions; draw
    Initiative."""
    number = table.number + 1
    life = encounter.life_for(table.started)
    worth = f"{len(encounter.tokens)} tokens: {', '.join(str(t) for t in encounter.tokens)}" \
        if encounter.tokens and table.edition >= 2 else f"{life} Life Points"
    lines = [f"Encounter {number}: {encounter.name} ({worth})"]
    # (the Encounter and its Event in one copy of the table, issue 19)
    changes: dict[str, object] = dict(
        encounter=encounter, number=number, life=life, tokens=encounter.tokens, round=0,
        event=None, treasure=None, barrier=encounter.barrier, rules=(), power=0,
        slayer=None, fallen=(), totalled=False, stack=(), matched=(),
        wereboar=encounter if encounter.special is Special.WEREBOAR else table.wereboar,
        players=tuple(evolve(p, used=0) if p.used else p for p in table.players))
    event = None  # the Event that activates
    if encounter.creature and table.events:
        drawn = table.events[-1]
        changes["events"] = table.events[:-1]
        if number in drawn.activation:
            event = drawn
            lines.append(f"Event: {event.name} activates")
            havoc = bool(encounter.tokens) or encounter.barrier > 0
            if event.rule and not (event.rule == Rule.FOG and havoc):
                changes["rules"] = (Rule(event.rule),)
            elif event.rule:  # "Skip this event if it comes up with a creature that plays
                lines.append("it is skipped")  # havoc with the damage stack!"
            if event.treasure:
                changes["treasure"] = event
            else:
                changes["event"] = event
        else:
            lines.append(f"Event: {drawn.name} does not activate (discarded)")
    table = table.note(*lines, **changes)
    if event is not None and not event.treasure:
        from tales.tavern.encounter.effects import carry_out

        table = yield from carry_out(table, "", event.steps, event.name)
    table = yield from trim_all(table)  # the last Encounter's Events are over
    if encounter.special is Special.RAGNAROK:
        table = yield from ragnarok(table, encounter)
    table = yield from window(table, When.ANY, None, "the Encounter begins")
    return (yield from deal_initiative(table))


def ragnarok(table: Caverns, card: Encounter) -> Resolution[Caverns]:
    """003, Ragnarok: "You can't pick and choose whom to bring back, and you don't have to
    bring anyone back to life": all the dead come back, or none (the choice of the first
    living player round the table)."""
    dead = [p for p in table.players if p.dead]
    living = table.living()
    if not dead or not living:
        return table
    choice = yield Decision("ragnarok", f"bring back every dead player "
                            f"({', '.join(p.name for p in dead)})?", ("no", "yes"),
                            _PLAYER, living[0].name, state=table)
    if choice == "no":
        return table
    table = evolve(table, flags=tuple(f for f in table.flags if f[0] != "looted"))
    for player in dead:
        table = table.with_player(evolve(player, dead=False, life=card.revive or 1))
        table = yield from draw(table, player.name, player.hand_size)
    count = len(table.living())
    return evolve(table, initiative=tuple(range(1, count + 1))).note(
        f"Ragnarok: {', '.join(p.name for p in dead)} come back to life")


def encounter(table: Caverns, card: Encounter, beast: str = "", tiebreak: bool = False
              ) -> Resolution[Caverns]:
    """One whole Encounter (module docstring), recorded in ``fought``."""
    before = [p.name for p in table.players if p.dead]  # "died prior to this encounter"
    table = yield from begin(table, card)
    # who fights it: those alive once it began (Ragnarok brings the dead back at its start,
    # and one who comes back and dies again died in this Encounter)
    fighting = {p.name for p in table.players if not p.dead}
    if card.special is Special.EMPEROR_LICH:
        table = yield from lich_phases(table, card, before)
    table, killer = yield from fight(table)
    stopped = killer is None and not table.killed() and bool(table.living()) \
        and not all_turned(table)
    rounds = table.round
    table = yield from end(table, killer)
    died = tuple(p.name for p in table.players if p.dead and p.name in fighting)
    return evolve(table, fought=(*table.fought, Fought(card.name, rounds, killer, died,
                                                        stopped, beast, tiebreak)))


def fight(table: Caverns) -> Resolution[tuple[Caverns, str | None]]:
    """Combat rounds until the creature dies (or the party does)."""
    start = table.round
    while not table.killed() and table.living() and table.round - start < MAX_ROUNDS:
        if all_turned(table):
            return table.note("every living player is a Vampyre: the Vampyre leaves, "
                              "nobody lands the killing blow"), None
        table, _ = yield from combat_round(table)
    if not table.killed() and table.living() and table.encounter is not None:
        table = table.note(f"{table.encounter.name} is not defeated after {MAX_ROUNDS} "
                           "rounds")
    return table, (table.slayer if table.killed() else None)


def all_turned(table: Caverns) -> bool:
    """Is every living player a Vampyre (the Vampyre has no one left to fight it: the
    reading of ``docs/rules-decisions.md``, Vampyre)?"""
    return table.edition >= 2 and table.encounter is not None and \
        table.encounter.special is Special.VAMPYRE and all(p.vampyre for p in table.living())


def lich_phases(table: Caverns, card: Encounter, before: Sequence[str] = ()
                ) -> Resolution[Caverns]:
    """Emperor Lich (003): first a skeleton token for every surviving player; then "the
    players who died prior to this encounter" (``before``) engage the party as creatures
    (one token each; no Initiative; they attack at the end of the round; each draws a hand
    keeping only Attack cards, Critical Miss and Trip, and may play those two); then the
    Lich itself (the usual Encounter, the only part with Prestige and bonus Prestige)."""
    from tales.tavern.encounter.attacks import undead_draw

    skeleton = card.tokens[0] if card.tokens else 10
    table = evolve(table, tokens=(skeleton,) * len(table.living())).note(
        f"the Emperor Lich's skeletons: {len(table.living())} tokens")
    table, _ = yield from fight(table)
    dead = [p for p in table.players if p.name in before and p.dead]
    if dead and table.living():
        lich = table.encounter
        table = evolve(table, tokens=(card.revive or 20,) * len(dead), slayer=None,
                       fallen=(), totalled=False, encounter=evolve(card, matrix=())).note(
            f"the dead rise: {', '.join(p.name for p in dead)}")
        for player in dead:
            table = table.with_player(evolve(player, undead=True))
            for _ in range(max(player.hand_size - len(player.hand), 0)):
                table = yield from undead_draw(table, player.name)
        table, _ = yield from fight(table)
        table = evolve(table, encounter=lich, players=tuple(
            evolve(p, undead=False) for p in table.players))
        for player in dead:  # back to the dead: their cards are discarded
            gone = table.player(player.name)
            table = evolve(table.with_player(evolve(gone, hand=())),
                           discard=(*table.discard, *gone.hand))
    return evolve(table, tokens=(), life=card.life_for(table.started), slayer=None,
                  fallen=(), totalled=False).note("the Emperor Lich himself")


def combat_round(table: Caverns) -> Resolution[tuple[Caverns, str | None]]:
    """2. One combat round; the killer if the creature died (or the Encounter was
    completed). The kill is checked after every card (:func:`.effects.credit`): once the
    creature is dead no one else takes a turn and it attacks no more; poison still hurts
    at the end of the round."""
    table = table.note(f"Round {table.round + 1}", round=table.round + 1, stack=(),
                       set_cards=(), revealed=0, totalled=False)
    if table.encounter is not None and table.encounter.special is _GLUTTONY:
        table = yield from gluttony(table)
    table = yield from set_attacks(table)
    pending: list[tuple[str, Card]] = []
    for name in table.in_initiative():
        if table.killed():
            break
        if table.player(name).dead:
            continue
        table, _, extra = yield from player_turn(table, name)
        pending.extend(extra)
    for name, card in pending:  # Opportunity Fire's second cards, set face down
        if table.killed() or table.player(name).dead:
            break
        if (name, card) not in table.set_cards:
            continue  # Edged Out
        table, _, _ = yield from player_turn(table, name, card)
    if table.set_cards:  # (most rounds every set card is revealed: no copy, issue 19)
        table = evolve(table, set_cards=(),
                       discard=(*table.discard, *[c for _, c in table.set_cards]))
    table = total(table)
    if not table.killed():
        dealt = damage_by(table)
        table = yield from creature_attacks(table, dealt)
        table = yield from undead_attacks(table)
    table = _discard_stack(table)
    if not table.killed():
        table = yield from deal_initiative(table)
        table = yield from random_attacks(table)
    if not table.killed():
        for name in [p.name for p in table.living()]:
            table = yield from draw(table, name, 1)
    # "At the end of every round": every seat, whether alive asked only of a poisoned
    # player (the draws have just changed the players: living() would be worked out
    # again, issue 19)
    for player in table.players:
        if player.poison and not player.dead and not player.beast:
            hurt_by = POISON_DAMAGE * player.poison
            table = hurt(table, player.name, hurt_by,
                         f"{player.name} takes {hurt_by} poison damage")
    return table, (table.slayer if table.killed() else None)


def total(table: Caverns) -> Caverns:
    """2c. Total the damage stack and take it off the creature (its tokens)."""
    done = table.damage()
    if table.tokens:
        tokens = tuple(max(table.token_left(i), 0) for i in range(len(table.tokens)))
        return table.note(f"the party deals {done} damage; tokens left: "
                          f"{', '.join(str(t) for t in tokens)}", tokens=tokens,
                          totalled=True)
    table, absorbed = barrier(table)
    life = table.life - (done - absorbed)
    return table.note(f"the party deals {done} damage; the creature has "
                      f"{max(life, 0)} Life Points left", life=life, totalled=True)


def gluttony(table: Caverns) -> Resolution[Caverns]:
    """Gluttony: each round, each player may draw cards up to a 14-card hand (15 with "A
    blessing of daylight", whose first extra card is free); each card drawn powers
    Gluttony up (twice as much with "We fight in too close a quarters"), adding to the
    damage of its attacks. Once it is dead the maximum hand size holds again at once."""
    each = 2 if Rule.CLOSE_QUARTERS in table.rules else 1
    for name in table.in_initiative():
        room = limit(table, name) - len(table.player(name).hand)
        if room <= 0:
            continue
        count = yield Decision("gorge", "draw how many cards (Gluttony grows with "
                               "each)?", tuple(range(room + 1)), _PLAYER, name,
                               state=table)
        if not count:
            continue
        table = yield from draw(table, name, count)
        free = 1 if Rule.DAYLIGHT in table.rules and ("fed", name) not in table.flags else 0
        table = evolve(table, power=table.power + each * (count - free),
                       flags=(*table.flags, ("fed", name)))
        table = table.note(f"{name} draws {count}: Gluttony's power is {table.power}")
    return table


def barrier(table: Caverns) -> tuple[Caverns, int]:
    """Barrier Magus: the raised barrier takes the round's damage first; whoever knocks it
    down takes the backlash, which is not a creature attack (003: "so you can't play
    Counter Strike"). Returns the table and the damage the barrier absorbed."""
    card = table.encounter
    if table.barrier <= 0 or card is None:
        return table, 0
    running, breaker = 0, None
    for blow in table.stack:  # (the stack is not yet totalled)
        running += value(blow, table)
        if running >= table.barrier and breaker is None:
            breaker = blow.player
    absorbed = min(running, table.barrier)
    table = evolve(table, barrier=table.barrier - absorbed)
    if absorbed or breaker:
        table = table.note(f"the barrier takes {absorbed}"
                           + (": it is down" if breaker else ""))
    if breaker is not None and card.backlash:
        table = hurt(table, breaker, card.backlash, f"{breaker} takes {card.backlash} backlash")
    return table, absorbed


def _discard_stack(table: Caverns) -> Caverns:
    cards = [c for b in table.stack for c in (b.card, *b.riders) if not c.ability]
    return evolve(table, stack=(), discard=(*table.discard, *cards))


def set_attacks(table: Caverns) -> Resolution[Caverns]:
    """2a. Each player sets one Attack card face down; with none, an Action card as a
    bluff. (Changing it before the first reveal gains nothing here: every card is set
    before any is revealed, and set cards are hidden.) A Vampyre sets nothing."""
    for name in table.in_initiative():
        player = table.player(name)
        if player.vampyre:
            continue
        attacks = sorted({c.name for c in player.hand if c.kind.attack})
        options = attacks or sorted({c.name for c in player.hand if c.kind is _ACTION})
        if not options:
            continue
        choice = yield Decision("set", "set an Attack card"
                                + ("" if attacks else " (a bluff: an Action card)"),
                                tuple(options), _PLAYER, name, state=table)
        held, card = out_of_hand(player, choice)
        table = table.with_player(held, set_cards=(*table.set_cards, (name, card)))
    return table


def end(table: Caverns, killer: str | None) -> Resolution[Caverns]:
    """3. Prestige to the killing blow (and bonus Prestige in a bonus round), Treasures,
    looting the dead, discarding and refilling hands, one poison token removed."""
    card = table.encounter
    assert card is not None
    for name in [p.name for p in table.living()]:  # Gluttony's feast is over: at once
        table = yield from trim(table, name, hand_limit(table, name))
    if (killer is not None or all_turned(table)) and card.special is Special.VAMPYRE:
        # "all 'turned' players revert to their natural state (keeping the LP and negative
        # Prestige Points they gained)"
        turned = [p.name for p in table.players if p.vampyre]
        table = evolve(table, players=tuple(evolve(p, vampyre=False) for p in table.players))
        if turned and table.edition >= 2:
            table = table.note(f"{', '.join(turned)} revert to their natural state")
    table = award(table, card, killer)
    if killer is not None and table.treasure is not None:
        from tales.tavern.encounter.effects import carry_out

        table = yield from carry_out(table, killer, table.treasure.steps, table.treasure.name,
                                     killer=killer)
    table = yield from loot(table)
    for name in [p.name for p in table.living()]:
        table = yield from refill(table, name)
        player = table.player(name)
        if player.poison:
            table = table.with_player(evolve(player, poison=player.poison - 1))
    return evolve(table, encounter=None, event=None, treasure=None)


def award(table: Caverns, card: Encounter, killer: str | None) -> Caverns:
    """Prestige to the killing blow (and bonus Prestige in a bonus round); in a token-based
    Encounter each token scores for whoever destroyed it, and only the last token earns
    the bonus. A player dead by then scores nothing ("they are out of the game")."""
    living = {p.name for p in table.living()}
    bonus = card.bonus if table.round in card.bonus_rounds else 0
    scores: list[tuple[str, str, int]] = []
    if table.tokens:
        scores = [(who, f"{card.name} token", card.prestige) for _, who in table.fallen]
        if killer is not None and scores:  # the last token fallen is the killing blow
            scores[-1] = (killer, card.name, card.prestige)
    elif killer is not None:
        scores = [(killer, card.name, card.prestige)]
    if killer is not None and bonus:
        scores.append((killer, f"{card.name} bonus", bonus))
    for who, label, points in scores:
        if who not in living:
            continue
        player = table.player(who)
        table = table.with_player(evolve(player, prestige=(*player.prestige,
                                                            (label, points))))
    if killer is not None and killer in living:
        player = table.player(killer)
        got = sum(p for who, _, p in scores if who == killer)
        table = table.with_player(evolve(player, kills=player.kills + 1),
                                  f"{killer} lands the killing blow on {card.name}: {got} "
                                  "Prestige")  # (its line in the same copy, issue 19)
    return table


def loot(table: Caverns) -> Resolution[Caverns]:
    """Dead players' Items: draw Initiative; in Initiative order players may each choose
    an Item from the dead player. A body is looted once, at the end of the Encounter its
    player died in (003: "at the end of the Encounter"): what is left stays with it."""
    bodies = [p for p in table.players if p.dead and p.items
              and ("looted", p.name) not in table.flags]
    if not bodies or not table.living():
        return table
    if table.edition >= 2:
        table = evolve(table, flags=(*table.flags, *(("looted", p.name) for p in bodies)))
    table = yield from deal_initiative(table)
    for body in bodies:
        for name in table.in_initiative():
            items = table.player(body.name).items
            if not items:
                break
            choice = yield Decision("loot", f"take an Item from {body.name}?",
                                    (PASS, *sorted({c.name for c in items})),
                                    _PLAYER, name, state=table)
            if choice == PASS:
                continue
            index = next(i for i, c in enumerate(items) if c.name == choice)
            dead = table.player(body.name)
            table = table.with_player(evolve(dead, items=items[:index] + items[index + 1:]))
            looter = table.player(name)
            table = table.with_player(evolve(looter, items=(*looter.items, items[index])),
                                      f"{name} loots {choice} from {body.name}")
    return table


def refill(table: Caverns, name: str) -> Resolution[Caverns]:
    """Discard any number of cards, then draw to the maximum hand size."""
    player = table.player(name)
    while player.hand:
        choice = yield Decision("discard", "discard a card before you draw up to "
                                f"{hand_limit(table, name)}?",
                                (PASS, *sorted({c.name for c in player.hand})),
                                _PLAYER, name, state=table)
        if choice == PASS:
            break
        table, player = discard_from_hand(table, player, choice)
    # draw until the hand is full (Items drawn do not count), going through the cards at
    # most once: with "Bring the chest" in force, cards other than Attack cards are discarded
    return (yield from draw(table, name, len(table.deck) + len(table.discard) + 1,
                            full=hand_limit(table, name)))


def winners(table: Caverns) -> tuple[str, ...]:
    """The living players with the most Prestige."""
    living = table.living()
    if not living:
        return ()
    best = max(p.score for p in living)
    return tuple(p.name for p in living if p.score == best)


def wereboar(table: Caverns) -> Resolution[Caverns]:
    """Wereboar (003): "A player turned into a Wereboar at the end of the game does become
    a creature; he is no longer a player ... can win the game by killing the rest of the
    party." After the last Encounter each turned player still alive becomes the creature
    of one more fight: its Life Points are his, its Attack Matrix the Wereboar's. If the
    party dies, he wins; his Items can be neither used nor taken."""
    card = table.wereboar
    names = [p.name for p in table.living() if p.wereboar]
    if card is None or not names:
        return table
    for name in names:
        beast = table.player(name)  # as the earlier fights left him
        if beast.dead:
            continue
        table = table.with_player(evolve(beast, beast=True))
        if not table.living():
            if table.edition < 2:
                break
            # "can win the game by killing the rest of the party": none of it is left
            return evolve(table, winners=(beast.name,)).note(
                f"{beast.name} the Wereboar outlives the rest of the party and wins")
        fight_card = evolve(card, name=f"{beast.name} the Wereboar",
                            life=((table.started, beast.life),), special=Special.NONE,
                            tokens=(), creature=False,
                            matrix=tuple(evolve(r, turns=False) for r in card.matrix))
        table = table.note(f"{beast.name} becomes a Wereboar")
        table = yield from encounter(table, fight_card, beast=beast.name)
        if not table.living():
            return evolve(table, winners=(beast.name,)).note(
                f"{beast.name} the Wereboar has killed the party and wins")
        table = table.with_player(evolve(table.player(beast.name), dead=True, beast=False))
        if table.edition >= 2:  # "He cannot have his Items taken"
            table = evolve(table, flags=(*table.flags, ("looted", beast.name)))
    return table


def fulfil_quests(table: Caverns) -> Caverns:
    """At the end of the game each living player whose Quest is done scores its
    Prestige."""
    for player in table.living():
        quest = player.quest
        if quest is None:
            continue
        done = {Goal.KILLS: player.kills, Goal.SURVIVE: player.life,
                Goal.ITEMS: len(player.items)}[quest.goal] >= quest.at_least
        if done:
            table = table.with_player(evolve(player, prestige=(*player.prestige,
                                                                (quest.name, quest.prestige))))
            table = table.note(f"{player.name} fulfils the Quest {quest.name}: "
                               f"{quest.prestige} Prestige")
    return table


def play_game(names: Sequence[str], cards: Sequence[Card], encounters: Sequence[Encounter],
              events: Sequence[Event] = (), relics: Sequence[Card] = (),
              characters: Sequence[str] = (), abilities: Sequence[tuple[str, Card]] = (),
              quests: Sequence[Quest] = (), module: Module | None = None,
              veterans: Sequence[str] = (), edition: int = EDITION) -> Resolution[Caverns]:
    """A whole game: nine Encounters (or an Adventure Module's scenes), then the most
    Prestige wins; a tie plays Encounters drawn at random from those set aside until it is
    broken at the end of one."""
    # "Without an adventure module, Quest cards can add to the winnning conditions"
    table = yield from set_up(names, cards, encounters, events, relics, characters,
                              abilities, quests if module is None else (), edition, module)
    if module is not None:  # the module's scenes replace the Encounter deck
        table = evolve(table, set_aside=(*table.set_aside, *table.encounters), encounters=())
        table = yield from adventure(table, module, encounters, veterans)
    while table.encounters and table.living():
        card = table.encounters[-1]
        table = evolve(table, encounters=table.encounters[:-1])
        table = yield from encounter(table, card)
    table = yield from wereboar(table)
    if table.winners is not None:
        return table
    table = fulfil_quests(table)
    best = winners(table)
    while len(best) > 1 and table.set_aside:
        card = yield from pick(table.set_aside, "a set-aside Encounter")
        index = table.set_aside.index(card)
        table = evolve(table, set_aside=table.set_aside[:index] + table.set_aside[index + 1:])
        table = table.note(f"a tie between {', '.join(best)}: a set-aside Encounter")
        table = yield from encounter(table, card, tiebreak=True)
        best = winners(table)
    if not best:
        return evolve(table, winners=()).note("the whole party is dead: nobody wins")
    label = "wins" if len(best) == 1 else "tie"
    return evolve(table, winners=best).note(f"{' and '.join(best)} {label} with "
                                             f"{table.player(best[0]).score} Prestige")
