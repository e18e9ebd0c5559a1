"""Playing Action cards, Items and abilities, and carrying out effect steps (003, "Action
Cards", "Item Cards"; the checklist's CC-17 to CC-19).

Action cards are played from the hand at a window: on your own turn, after an Attack card
is revealed, when the creature attacks, or at any of these. When several players want to
play at once, the Initiative card closest to 1 goes first (003), so every window asks the
players in Initiative order, and starts over after each card played. Items lie face up
beside their player and are used by declaring them; Potions are tipped to drink and, like
Alchemist Fire and other one-use Items, leave play once used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import shuffle
from tales.tavern.encounter.model import (
    GLUTTONY_HAND,
    LIFE,
    UNDEAD_KEEP,
    Adventurer,
    Blow,
    Card,
    Caverns,
    Kind,
    Op,
    Rule,
    Special,
    Step,
    Strike,
    When,
    Whom,
    value,
)

# The members the play windows, draws and hands compare, read once: in Python 3.11 a member
# read on its enum goes through the enum class's attribute hook (~80 ns a read;
# thousands a game, issue 19)
_PLAYER = Decider.PLAYER
_ITEM, _ACTION = Kind.ITEM, Kind.ACTION
_ANY_TIME, _REVEAL = When.ANY, When.REVEAL
_HEAL, _REDIRECT, _STEAL = Op.HEAL, Op.REDIRECT, Op.STEAL
_YOU, _OTHER, _ANYONE, _EACH = Whom.YOU, Whom.OTHER, Whom.ANY, Whom.EACH
_CHEST, _DAYLIGHT, _FOG = Rule.CHEST, Rule.DAYLIGHT, Rule.FOG
_GLUTTONY = Special.GLUTTONY


PASS = "pass"
#: Ops that answer a creature's attack on the card's player.
DEFENCES = frozenset({Op.DODGE, Op.REDIRECT, Op.COUNTER})
#: Ops that change an Attack card already revealed.
ON_BLOWS = frozenset({Op.HALVE, Op.DOUBLE, Op.MISS})


@dataclass(frozen=True)
class Incoming:
    """A creature's attack about to land on ``victim``."""

    victim: str
    damage: int
    poison: int = 0
    dodged: bool = False
    row: Strike | None = None
    token: int | None = None  # the token that attacks (the Emperor Lich's returned dead)
    by: str = ""  # who attacks, if not "the creature" (a returned dead player, a token)


def top_card(table: Caverns) -> Resolution[tuple[Caverns, Card | None]]:
    """Take the top card of the draw deck, the discards shuffled into a new deck when it
    is empty; None when there are no cards left at all."""
    if not table.deck:
        table = yield from restock(table)
        if not table.deck:
            return table, None
    return evolve(table, deck=table.deck[:-1]), table.deck[-1]


def restock(table: Caverns) -> Resolution[Caverns]:
    """An empty draw deck: the discards shuffled into a new one (none: it stays empty)."""
    if table.deck or not table.discard:
        return table
    deck = yield from shuffle(table.discard, "the discards")
    return evolve(table, deck=tuple(deck), discard=())


def hand_limit(table: Caverns, name: str) -> int:
    """``name``'s maximum hand size ("A blessing of daylight": one more)."""
    return table.player(name).hand_size + (1 if _DAYLIGHT in table.rules else 0)


def limit(table: Caverns, name: str) -> int:
    """The most cards ``name`` may hold now: the maximum hand size, or while Gluttony lives
    14 ("you may still draw up to 14 cards"; 15 with "A blessing of daylight")."""
    card = table.encounter
    if card is not None and card.special is _GLUTTONY and not table.killed():
        return max(hand_limit(table, name),
                   GLUTTONY_HAND + (1 if _DAYLIGHT in table.rules else 0))
    return hand_limit(table, name)


def die(table: Caverns, name: str) -> Caverns:
    """003: "If a player dies they are out of the game. Remove the highest Initiative card
    from the game." Their hand and Riders are discarded; their Items stay to be looted."""
    player = table.player(name)
    if player.dead or player.beast:
        return table
    table = table.with_player(evolve(player, dead=True, hand=(), initiative=0, riders=()))
    table = evolve(table, initiative=table.initiative[:-1],
                   discard=(*table.discard, *player.hand, *player.riders))
    table = evolve(table, set_cards=tuple(e for e in table.set_cards if e[0] != name),
                   discard=(*table.discard,
                             *(c for n, c in table.set_cards if n == name)))
    return table.note(f"{name} dies")


def hurt(table: Caverns, name: str, amount: int, *lines: str, **changes: object) -> Caverns:
    """``name`` loses ``amount`` Life Points (``lines`` noted first, and ``changes`` made to
    them: one copy); at 0 or less they are dead at once (003: "If a player dies they are
    out of the game")."""
    player = table.player(name)
    life = player.life - amount
    table = table.with_player(evolve(player, life=life, **changes), *lines)
    return die(table, name) if life <= 0 else table


def trim_all(table: Caverns) -> Resolution[Caverns]:
    """Every living player's hand held to what it may be now (Gluttony dead: at once)."""
    # (every seat, whether alive asked only of a hand over its size: asked after every card
    # played, :meth:`Caverns.living` would be worked out again for the changed players,
    # issue 19; within the hand size the limit, never below it, need not be worked out)
    for player in table.players:
        if len(player.hand) > player.hand_size and not player.dead and not player.beast \
                and len(player.hand) > limit(table, player.name):
            table = yield from trim(table, player.name)
    return table


def checked(table: Caverns, name: str) -> Resolution[Caverns]:
    """The kill check after ``name``'s card (:func:`credit`), and the hands held to their
    limits at once (a dead Gluttony's feast is over): :func:`trim_all`'s own generator (one
    generator fewer made a card played, issue 19)."""
    return trim_all(credit(table, name))


def credit(table: Caverns, name: str) -> Caverns:
    """The kill check after a card played (or an attack made) by ``name``: a token brought
    to 0 is destroyed by ``name``; the creature brought down is ``name``'s killing blow.
    A card that only keeps it down takes no credit; one that lifts it back up (a Trip on
    the killing card) takes the credit away: the killing blow is the play or change that
    brought the total to the creature's Life Points (``docs/rules-decisions.md``)."""
    if table.encounter is None:
        return table
    fallen: list[tuple[int, str]] = []
    if table.tokens:  # (no tokens, none fallen: most creatures)
        fallen = [(i, who) for i, who in table.fallen if table.token_left(i) <= 0]
        down = {i for i, _ in fallen}
        if name:
            fallen += [(i, name) for i in range(len(table.tokens))
                       if i not in down and table.token_left(i) <= 0]
    killed = table.killed()
    slayer = table.slayer if killed else None
    if slayer is None and killed and name:
        slayer = name
    if slayer == table.slayer and len(fallen) == len(table.fallen) and \
            tuple(fallen) == table.fallen:
        return table  # nothing changed
    return evolve(table, fallen=tuple(fallen), slayer=slayer)


def draw(table: Caverns, name: str, count: int, full: int | None = None
         ) -> Resolution[Caverns]:
    """Draw ``count`` cards (the discards shuffled into a new deck when it runs out), or
    fewer once the hand holds ``full`` cards. An Item drawn goes face up beside the player
    (it is not in the hand). Holding more than the hand allows (:func:`limit`), the player
    discards the excess at once."""
    player = table.player(name)
    hand, items, deck, discard = player.hand, player.items, table.deck, table.discard
    lines: list[str] = []
    chest = _CHEST in table.rules
    for _ in range(count):
        if full is not None and len(hand) >= full:
            break
        if not deck:
            table = _drawn(table, player, hand, items, deck, discard, lines)
            table = yield from restock(table)
            player, deck, discard, lines = table.player(name), table.deck, table.discard, []
            if not deck:
                break
        card, deck = deck[-1], deck[:-1]
        if chest and not card.kind.attack:
            # "Only Attack cards ... are used; discard any other cards. If an item is
            # discarded in this way, it is not removed from the game."
            lines.append(f"{name} discards {card.name} (only Attack cards are used)")
            discard = (*discard, card)
        elif card.kind is _ITEM:
            items = (*items, card)
            lines.append(f"{name} draws the Item {card.name}")
        else:
            hand = (*hand, card)
    table = _drawn(table, player, hand, items, deck, discard, lines)
    if len(hand) <= player.hand_size:  # within the hand size: nothing to trim (:func:`trim`
        return table  # asks no more, issue 19: most draws are of a card or two)
    return (yield from trim(table, name))


def _drawn(table: Caverns, player: Adventurer, hand: tuple[Card, ...],
           items: tuple[Card, ...], deck: tuple[Card, ...], discard: tuple[Card, ...],
           lines: list[str]) -> Caverns:
    """:func:`draw`'s cards drawn so far put on the table in one copy (issue 19: a copy
    a card was most of a refill's cost)."""
    if deck is table.deck:
        return table  # nothing drawn
    if hand is player.hand and items is player.items:
        return table.note(*lines, deck=deck, discard=discard)
    drawn = evolve(player, hand=hand, items=items)
    if items is player.items:
        for card in hand[len(player.hand):]:  # (a loop: quicker than all() over a generator)
            if not card.kind.attack:
                break
        else:  # Attack cards alone drawn
            _same_moments(player, drawn)
    return table.with_player(drawn, *lines, deck=deck, discard=discard)


def trim(table: Caverns, name: str, cap: int | None = None) -> Resolution[Caverns]:
    """003: "If at any time you have more than your maximum hand size, immediately discard
    cards of your choice that exceed that number" (``cap``: else :func:`limit`)."""
    player = table.player(name)
    if cap is None and len(player.hand) <= player.hand_size:
        return table  # within the hand size: within the limit (never below it)
    most = limit(table, name) if cap is None else cap
    while len(player.hand) > most:
        choice = yield Decision("excess", f"too many cards: discard one (keep {most})",
                                tuple(sorted({c.name for c in player.hand})),
                                _PLAYER, name, state=table)
        table, player = discard_from_hand(table, player, choice)
    return table


def from_hand(table: Caverns, name: str, card_name: str) -> tuple[Caverns, Card]:
    """Take the first card called ``card_name`` out of ``name``'s hand."""
    player, card = out_of_hand(table.player(name), card_name)
    return table.with_player(player), card


def out_of_hand(player: Adventurer, card_name: str) -> tuple[Adventurer, Card]:
    """``player`` without the first card called ``card_name`` in their hand, and that
    card."""
    hand = player.hand
    for index, card in enumerate(hand):  # (a loop: quicker than next() over a generator)
        if card.name == card_name:
            held = evolve(player, hand=hand[:index] + hand[index + 1:])
            if card.kind.attack:
                _same_moments(player, held)
            return held, card
    raise StopIteration(card_name)  # (what next() raised)


def discard_from_hand(table: Caverns, player: Adventurer, card_name: str, *lines: str
                      ) -> tuple[Caverns, Adventurer]:
    """``player`` (of this table) discards the first card called ``card_name`` from their
    hand (``lines`` noted): the table, and the player as they are now (issue 19: not
    looked up by name before and after each of ~170 cards discarded a game)."""
    held, card = out_of_hand(player, card_name)
    return table.with_player(held, *lines, discard=(*table.discard, card)), held


def usable(table: Caverns, name: str, when: When, incoming: Incoming | None = None
           ) -> list[Card]:
    """The Action cards in ``name``'s hand and Items beside them they may use now."""
    player = table.player(name)
    if player.undead:  # the returned dead play only the Critical Miss and Trip they keep
        return [c for c in player.hand if c.name.startswith(UNDEAD_KEEP)
                and c.when in (when, _ANY_TIME) and targets(table, name)]
    cards = _of_the_moment(player, when)
    ability = table.ability_of(player)
    if ability is not None:
        profile = _profile(ability)
        if when in profile.moments:
            cards = (*cards, (ability, profile))
    aimed: dict[bool, bool] = {}  # whether there is an Attack card to change (asked once;
    # by whether the card doubles)
    return [card for card, play in cards if _offered(table, player, play, incoming, aimed)]


def bluffs(table: Caverns, name: str, when: When, incoming: Incoming | None = None
           ) -> list[Card]:
    """Under the fog of war (edition 3), the Action cards of the game ``name`` does not hold
    that they may say they play now, laying another card of their hand face down: those
    :func:`usable` would offer if they held them. None with an empty hand."""
    player = table.player(name)
    if not player.hand or player.undead:
        return []
    held = {c.name for c in player.hand}
    aimed: dict[bool, bool] = {}
    found: list[Card] = []
    for card in table.actions:
        play = _profile(card)
        if card.name not in held and when in play.moments and \
                _offered(table, player, play, incoming, aimed):
            found.append(card)
    return found


def _offered(table: Caverns, player: Adventurer, play: _Play, incoming: Incoming | None,
             aimed: dict[bool, bool]) -> bool:
    """Could ``player`` play a card of ``play``'s profile now (:func:`usable`)? ``aimed``
    keeps whether there is an Attack card to change, by whether the card doubles."""
    name = player.name
    if play.defence and (incoming is None or incoming.victim != name):
        return False
    if play.on_blows:
        if play.doubles not in aimed:
            aimed[play.doubles] = _aimed(table, name, play.doubles)
        if not aimed[play.doubles]:
            return False
    if play.edge_out and not [n for n, _ in table.set_cards if n != name]:
        return False
    if play.checks:  # (loops here: quicker than any() over a generator, issue 19)
        for step in play.checks:
            if worthwhile(table, player, step):
                break
        else:  # no step worth it
            return False
    return True


def _fits(card: Card, when: When) -> bool:
    """Whether ``card`` is an Action card, Item or ability that does something and may be
    played at a window of the moment ``when`` (what :func:`usable` checks first)."""
    return (card.kind is Kind.ACTION or card.kind is Kind.ITEM) and bool(
        card.steps or card.either or (card.ability and card.values)) and (
        card.when is when or card.when is When.ANY or (card.potion and when is When.ANY))


@dataclass(frozen=True)
class _Play:
    """What :func:`usable` asks of a card, whatever the table: the moments it
    :func:`_fits`, whether it defends, changes a revealed Attack card or edges out, and the
    steps to check with :func:`worthwhile` (none: one of its steps is always worth it)."""

    moments: frozenset[When]
    defence: bool
    on_blows: bool
    edge_out: bool
    checks: tuple[Step, ...]
    doubles: bool  # it doubles an Attack card (a change its player may want)


#: Ops whose steps :func:`worthwhile` checks against the table; any other step is worth it.
_CHECKED = frozenset({Op.HEAL, Op.CURE, Op.REDIRECT, Op.STEAL})


def _profile(card: Card) -> _Play:
    """:class:`_Play` of ``card``, worked out once per card (issue 19: every window asks
    it of every card in every hand), kept beside its fields with the card it was worked
    out for (a copy of the card, made with other fields, never reads a stale one)."""
    kept = card._play
    if kept is None or kept[0] is not card:
        ops = frozenset(s.op for s in card.steps)
        kept = (card, _Play(frozenset(w for w in When if _fits(card, w)),
                            bool(ops & DEFENCES), bool(ops & ON_BLOWS), Op.EDGE_OUT in ops,
                            card.steps if ops and ops <= _CHECKED else (), Op.DOUBLE in ops))
        object.__setattr__(card, "_play", kept)
    play: _Play = kept[1]
    return play


def _of_the_moment(player: Adventurer, when: When) -> tuple[tuple[Card, _Play], ...]:
    """The cards in ``player``'s hand and Items beside them that :func:`_fits` the moment
    ``when``, in that order, each with its :func:`_profile`: worked out for every moment at
    once, once per hand and Items (kept beside the player's fields, checked against those
    very tuples; issue 19: a hand was gone through again for each moment asked)."""
    hand, items = player.hand, player.items
    kept = player._moments
    if kept is None or kept[0] is not hand or kept[1] is not items:
        moments: dict[When, list[tuple[Card, _Play]]] = {}
        for card in (*hand, *items):
            if not card.kind.attack:  # (an Attack card fits no moment, :func:`_fits`: its
                play = _profile(card)  # kind is quicker to ask)
                for moment in play.moments:
                    if moment in moments:
                        moments[moment].append((card, play))
                    else:
                        moments[moment] = [(card, play)]
        kept = (hand, items, {moment: tuple(cards) for moment, cards in moments.items()})
        object.__setattr__(player, "_moments", kept)
    found: tuple[tuple[Card, _Play], ...] = kept[2].get(when, ())
    return found


def _same_moments(before: Adventurer, after: Adventurer) -> None:
    """``after``, who is ``before`` with Attack cards alone taken from or added to the hand
    (the same Items), keeps what :func:`_of_the_moment` worked out for ``before``: an
    Attack card fits no moment, so every moment's cards are the same (issue 19: most
    hands change by an Attack card set, discarded or drawn)."""
    kept = before._moments
    if kept is not None and kept[0] is before.hand and kept[1] is before.items:
        object.__setattr__(after, "_moments", (after.hand, after.items, kept[2]))


def _holds(cards: tuple[Card, ...], card: Card) -> bool:
    """``card in cards``, looking for that very card first, then comparing field by field
    only the cards of its name (slow for two different cards: an Item used was compared
    with every card in the hand, issue 19; a loop and a list: quicker than generators)."""
    for held in cards:
        if held is card:
            return True
    name = card.name
    return any([held == card for held in cards if held.name == name])


def worthwhile(table: Caverns, player: Adventurer, step: Step) -> bool:
    """Could ``step`` of a card ``player`` (of this table) plays change anything now? Not a
    heal with everyone it may heal at full health (no Potion offered at full health), a cure
    with nobody it may cure poisoned, a redirection with nobody else alive, a theft with no
    Item to take."""
    op = step.op  # (an Enum member looked up by name is slow: each is looked up once)
    if op not in _CHECKED:
        return True
    name = player.name
    if op is _REDIRECT:
        return any(p.name != name for p in table.living())
    if op is _STEAL:
        return any([helps(op, p) for p in table.living() if p.name != name])
    whom = step.whom
    if whom is _YOU:  # (the party not worked out for a card of one's own, issue 19)
        chosen: Sequence[Adventurer] = (player,)
    else:
        living = table.living()
        chosen = ([p for p in living if p.name != name] if whom is _OTHER
                  else living if whom is _ANYONE or whom is _EACH else ())
    # (lists: quicker than generators for a few players, issue 19)
    if op is _HEAL:
        return any([p.life < LIFE for p in chosen])
    return any([p.poison for p in chosen])  # (Op.CURE)


def helps(op: Op, player: Adventurer) -> bool:
    """Could a step ``op`` chosen for ``player`` change anything for them (a heal below
    full health, a cure when poisoned, a theft with an Item to take)?"""
    if op is _HEAL:
        return player.life < LIFE
    if op is Op.CURE:
        return player.poison > 0
    if op is _STEAL:
        return any(c not in player.tipped for c in player.items)
    return True


def window(table: Caverns, when: When, only: Sequence[str] | None, label: str,
           incoming: Incoming | None = None) -> Resolution[Caverns]:
    """Players (``only`` those, else everyone living) in Initiative order may play a card
    of the moment; after each one, everyone may again."""
    table, _ = yield from answer(table, when, only, label, incoming)
    return table


def answer(table: Caverns, when: When, only: Sequence[str] | None, label: str,
           incoming: Incoming | None) -> Resolution[tuple[Caverns, Incoming | None]]:
    """:func:`window`, returning the creature's attack as the cards changed it."""
    if when is _ANY_TIME and incoming is None:
        table = yield from negotiate(table, only)
    while True:
        played = False
        order = table.in_initiative()
        if when is _REVEAL:  # the Emperor Lich's returned dead answer Attack cards after
            undead = table.risen()  # the party
            if undead:
                order = (*order, *undead)
        fog = _FOG in table.rules and table.edition >= 3  # Action cards played hidden
        for name in order:
            if only is not None and name not in only:
                continue
            cards = usable(table, name, when, incoming)
            told = bluffs(table, name, when, incoming) if fog else []
            if not cards and not told:
                continue
            # (a single card, most often: no set to sort, issue 19)
            offered: tuple[object, ...] = (PASS, cards[0].name) if len(cards) == 1 else \
                (PASS, *sorted({c.name for c in cards}))
            if told:
                from tales.tavern.encounter.fog import Bluff, hidden

                offered = (*offered, *[Bluff(c) for c in told])
            choice = yield Decision("play", f"play a card ({label})?", offered,
                                    _PLAYER, name, state=table, detail=incoming)
            if choice == PASS:
                continue
            if not isinstance(choice, str):  # a Bluff: a card named that is not played
                table, incoming = yield from hidden(table, name, choice.card, incoming, True)
            else:
                for card in cards:  # (a loop: quicker than next() over a generator)
                    if card.name == choice:
                        break
                if fog and card.kind is _ACTION and not card.ability:
                    from tales.tavern.encounter.fog import hidden

                    table, incoming = yield from hidden(table, name, card, incoming, False)
                else:
                    table, incoming = yield from use(table, name, card, incoming)
            table = yield from checked(table, name)
            played = True
            break
        if not played:
            return table, incoming


def negotiate(table: Caverns, only: Sequence[str] | None) -> Resolution[Caverns]:
    """Items "can also be used in negotiations between players": each player in Initiative
    order may give an Item beside them (not a tipped Potion) to another player."""
    for name in table.in_initiative():
        if only is not None and name not in only:
            continue
        player = table.player(name)
        items = [c for c in player.items if c not in player.tipped]
        if not items:  # (the others listed only for a player with an Item to give)
            continue
        others = tuple([p.name for p in table.living() if p.name != name])
        if not others:
            continue
        choice = yield Decision("give", "give an Item to another player?",
                                (PASS, *sorted({c.name for c in items})), _PLAYER,
                                name, state=table)
        if choice == PASS:
            continue
        whom = yield Decision("whom", f"give {choice} to whom?", others,
                              _PLAYER, name, state=table)
        index = next(i for i, c in enumerate(player.items) if c.name == choice)
        table = table.with_player(evolve(player, items=player.items[:index]
                                         + player.items[index + 1:]))
        other = table.player(whom)
        table = table.with_player(evolve(other, items=(*other.items, player.items[index])),
                                  f"{name} gives {choice} to {whom}")
    return table


def use(table: Caverns, name: str, card: Card, incoming: Incoming | None = None,
        said: str = "") -> Resolution[tuple[Caverns, Incoming | None]]:
    """``name`` plays ``card`` from their hand, or uses the Item; it takes effect (a card
    they do not hold, named under the fog of war, too: ``said`` is the line noted)."""
    player = table.player(name)
    # (a Potion is tipped: who drinks it, or refuses it, is its own line, :func:`apply`)
    verb = ("tips" if table.edition >= 2 else "drinks") if card.potion else "uses" \
        if card.kind is _ITEM or card.ability else "plays"
    line = said or f"{name} {verb} {card.name}"
    if card.ability:
        table = table.with_player(evolve(player, used=player.used + 1), line)
    elif _holds(player.hand, card):
        table, _ = discard_from_hand(table, player, card.name, line)
    elif _holds(player.items, card) and (card.potion or card.one_use):
        index = player.items.index(card)
        table = table.with_player(evolve(player, items=player.items[:index]
                                         + player.items[index + 1:]), line,
                                  removed=(*table.removed, card))
    else:
        table = table.note(line)
    if card.ability and card.values:  # an ability's attack goes on the damage stack
        token = yield from place(table, name, card)
        blow = Blow(name, card, min(card.start, len(card.values) - 1), token=token,
                    poison=table.player(name).poison)
        table = evolve(table, stack=(*table.stack, blow)).note(
            f"{name}'s {card.name} deals {value(blow, table)}")
    steps = card.steps
    if card.either:  # "may be played for either of its effects"
        labels = tuple(", ".join(f"{s.op.value} {s.amount}" if s.amount else s.op.value
                                 for s in effect) for effect in card.either)
        chosen = yield Decision("either", f"{card.name} for which effect?", labels,
                                _PLAYER, name, state=table, detail=card.either)
        steps = (*steps, *card.either[labels.index(chosen)])
    for step in steps:
        if step.op in DEFENCES and incoming is not None:
            table, incoming = yield from defend(table, name, step, incoming)
    rest = tuple([s for s in steps if s.op not in DEFENCES])
    table = yield from carry_out(table, name, rest, card.name, potion=card)
    return table, incoming


def place(table: Caverns, name: str, card: Card) -> Resolution[int]:
    """003: "have players place their Attack cards on the specific token they wish to
    hit": the token (of those still standing) ``name`` places ``card`` on."""
    return (yield from choose_token(table, name, f"place {card.name} on which token?"))


def choose_token(table: Caverns, name: str, prompt: str) -> Resolution[int]:
    """The token (of those still standing) ``name`` chooses, asked ``prompt``; with one
    left (or none), that one (or the first)."""
    live = [i for i, t in enumerate(table.tokens) if t > 0 and table.token_left(i) > 0]
    if len(live) <= 1:
        return live[0] if live else 0
    labels = tuple(f"token {i + 1} ({table.token_left(i)} left)" for i in live)
    chosen = yield Decision("token", prompt, labels, _PLAYER, name, state=table)
    return live[labels.index(chosen)]


def defend(table: Caverns, name: str, step: Step, incoming: Incoming
           ) -> Resolution[tuple[Caverns, Incoming]]:
    if step.op is Op.DODGE:
        return table.note(f"{name} dodges the attack"), evolve(incoming, dodged=True)
    if step.op is Op.REDIRECT:
        others = tuple(p.name for p in table.living() if p.name != name)
        if not others:
            return table, incoming
        whom = yield Decision("whom", "send the creature's attack at whom?", others,
                              _PLAYER, name, state=table)
        return table.note(f"the attack on {name} goes to {whom}"), evolve(incoming,
                                                                          victim=whom)
    return wound(table, step.amount, incoming.token).note(
        f"{name} strikes back for {step.amount}"), incoming


def wound(table: Caverns, amount: int, token: int | None = None) -> Caverns:
    """The creature loses ``amount`` Life Points (negative: gains them); in a token-based
    Encounter, ``token`` or else the first token still standing (a destroyed token is not
    brought back)."""
    if table.tokens:
        standing = [i for i, t in enumerate(table.tokens) if t > 0]
        index = token if token is not None and table.tokens[token] > 0 else \
            (standing[0] if standing else None)
        if index is None:
            return table
        tokens = list(table.tokens)
        tokens[index] = max(tokens[index] - amount, 0)
        return evolve(table, tokens=tuple(tokens))
    return evolve(table, life=table.life - amount)


def targets(table: Caverns, name: str, doubles: bool = False) -> list[int]:
    """The Attack cards on the damage stack ``name`` may affect: not another player's
    protected Special Attack or ability attack, unless ``doubles`` (a doubling its player
    may want, and is asked about: :func:`change_blow`)."""
    return [i for i, b in enumerate(table.stack) if _affects(table, name, b, doubles)]


def _aimed(table: Caverns, name: str, doubles: bool = False) -> bool:
    """Are there any :func:`targets`? (Found without listing them: the first one will do,
    issue 19: asked at every window of every player holding a card that changes one.)"""
    for blow in table.stack:
        if _affects(table, name, blow, doubles):
            break
    else:
        return False
    return True


def _affects(table: Caverns, name: str, blow: Blow, doubles: bool = False) -> bool:
    """May ``name`` affect ``blow`` (one of :func:`targets`)?"""
    return not blow.missed and (blow.player == name or not protected(table, blow)
                                or (doubles and table.edition >= 2))


def protected(table: Caverns, blow: Blow) -> bool:
    """003: a Special Attack "once revealed, it cannot be affected by unwanted Action
    cards"; an ability's attack, and an attack its player's ability changed ("any
    associated attacks linked to that ability"), likewise "In non-bonus rounds ... From
    Round 7, the attack may be targeted by Action cards as normal"."""
    if blow.special:
        return True
    if blow.card.ability or blow.linked:
        bonus = table.encounter is not None and table.round in table.encounter.bonus_rounds
        return not bonus and table.round < 7
    return False


def choose_players(table: Caverns, name: str, whom: Whom, label: str, killer: str | None,
                   step: Step | None = None) -> Resolution[list[str]]:
    """Whom ``step`` of a card played by ``name`` is for; a chosen player (another, any)
    is one it could change something for (:func:`worthwhile`: no Potion for a player at
    full health, no theft from a player without an Item to take)."""
    living = [p.name for p in table.living()]
    if step is not None and table.edition >= 2 and (whom is _OTHER or whom is _ANYONE):
        living = [p.name for p in table.living() if helps(step.op, p)]
    if whom is Whom.YOU:
        return [name] if name in living else []
    if whom is Whom.EACH:
        return living
    if whom is Whom.KILLER:
        return [killer] if killer in living else []
    options = tuple(n for n in living if whom is Whom.ANY or n != name)
    if not options:
        return []
    chosen = yield Decision("target", f"{label}: whom?", options, _PLAYER,
                            name or options[0], state=table)
    return [chosen]


def carry_out(table: Caverns, name: str, steps: Sequence[Step], label: str,
              killer: str | None = None, potion: Card | None = None) -> Resolution[Caverns]:
    """The steps of a card, Item, ability or Event played by ``name`` ("" for an Event)."""
    for step in steps:
        if step.op in ON_BLOWS:
            table = yield from change_blow(table, name, step, label, linked=bool(
                potion is not None and potion.ability and table.edition >= 2))
            continue
        if step.op is Op.EDGE_OUT:
            table = yield from edge_out(table, name, label)
            continue
        if step.op in (Op.WOUND, Op.TOUGHEN):
            amount = step.amount if step.op is Op.WOUND else -step.amount
            token = None  # an Item or card that hits a token: the one its player chooses
            if table.tokens and name and amount > 0 and table.edition >= 2:
                token = yield from choose_token(table, name, f"{label}: on which token?")
            table = wound(table, amount, token).note(
                f"{label}: the creature {'loses' if amount > 0 else 'gains'} "
                f"{abs(amount)} Life Points")
            continue
        if step.op is Op.RELIC:
            for who in (yield from choose_players(table, name, step.whom, label, killer)):
                if table.relics:
                    relic, table = table.relics[-1], evolve(table, relics=table.relics[:-1])
                    player = table.player(who)
                    table = table.with_player(evolve(player, items=(*player.items, relic)),
                                              f"{who} gains the Relic {relic.name}")
            continue
        for who in (yield from choose_players(table, name, step.whom, label, killer, step)):
            table = yield from apply(table, name, who, step, label, potion)
    return table


def apply(table: Caverns, name: str, who: str, step: Step, label: str,
          potion: Card | None) -> Resolution[Caverns]:
    player = table.player(who)
    if step.op is Op.HEAL:
        if who != name and potion is not None and potion.potion:
            willing = yield Decision("accept", f"accept {label} from {name}?",
                                     ("yes", "no"), _PLAYER, who, state=table)
            if willing == "no":  # the Potion stays with its owner
                giver = table.player(name)
                removed = table.removed  # without the first card equal to the Potion
                if potion in removed:  # (each card compared once, not with every one)
                    at = removed.index(potion)
                    removed = removed[:at] + removed[at + 1:]
                return table.with_player(evolve(giver, items=(*giver.items, potion)),
                                         f"{who} refuses {label}", removed=removed)
            giver = table.player(name)
            table = table.with_player(evolve(giver, prestige=(*giver.prestige,
                                                               (label, potion.prestige))))
            player = table.player(who)
        healed = min(player.life + step.amount, LIFE)
        drank = f"{who} drinks {label}: " if potion is not None and potion.potion \
            and table.edition >= 2 else f"{who} "
        return table.with_player(evolve(player, life=healed),
                                 f"{drank}heals to {healed} Life Points")
    if step.op is Op.HURT:
        return hurt(table, who, step.amount, f"{who} loses {step.amount} Life Points ({label})")
    if step.op is Op.DRAW:
        return (yield from draw(table, who, step.amount))
    if step.op is Op.POISON:
        tokens = player.poison + step.amount
        return table.with_player(evolve(player, poison=tokens), f"{who} is poisoned ({tokens} "
                                 f"token{'s' if tokens != 1 else ''})")
    if step.op is Op.CURE:
        left = max(player.poison - step.amount, 0)
        return table.with_player(evolve(player, poison=left),
                                 f"{who} is cured ({left} poison left)")
    if step.op is Op.PRESTIGE:
        return table.with_player(evolve(player, prestige=(*player.prestige,
                                                           (label, step.amount))))
    if step.op is Op.HAND:
        return table.with_player(evolve(player, hand_size=player.hand_size + step.amount))
    if step.op is Op.STEAL:
        items = [c for c in player.items if c not in player.tipped]
        if not items or who == name:
            return table
        choice = yield Decision("steal", f"take which Item from {who}?",
                                tuple(sorted({c.name for c in items})), _PLAYER, name,
                                state=table)
        index = next(i for i, c in enumerate(player.items) if c.name == choice)
        table = table.with_player(evolve(player, items=player.items[:index]
                                         + player.items[index + 1:]))
        thief = table.player(name)
        return table.with_player(evolve(thief, items=(*thief.items, player.items[index])),
                                 f"{name} takes {choice} from {who}")
    return table


def change_blow(table: Caverns, name: str, step: Step, label: str, linked: bool = False
                ) -> Resolution[Caverns]:
    """Halve (rotate to the next lower value), double (next higher; not past the top) or
    miss a revealed Attack card (003, "Attack Cards"); ``linked``: by a character's
    ability, the card is then "linked to that ability" (:func:`protected`). Another
    player's protected card is doubled only if its player wants it ("unwanted Action
    cards"): they are asked, and a card refused does nothing."""
    options = targets(table, name, step.op is Op.DOUBLE)
    if not options:
        return table
    labels = tuple([f"{i + 1}: {table.stack[i].card.name} ({table.stack[i].player}, "
                    f"{value(table.stack[i], table)})"
                    + (" - at its top value: doubling does nothing"
                       if step.op is Op.DOUBLE and at_top(table.stack[i]) else "")
                    for i in options])
    chosen = yield Decision("blow", f"{label} on which Attack card?", labels,
                            _PLAYER, name, state=table)
    index = options[labels.index(chosen)]
    blow = table.stack[index]
    if blow.player != name and protected(table, blow):
        wanted = yield Decision("accept", f"accept {name}'s {label} on your {blow.card.name}?",
                                ("yes", "no"), _PLAYER, blow.player, state=table)
        if wanted == "no":
            return table.note(f"{blow.player} refuses {label} on {blow.card.name}: "
                              "it does nothing")
    if step.op is Op.MISS:
        changed = evolve(blow, missed=True)
    elif step.op is Op.HALVE:
        changed = evolve(blow, index=max(blow.index - 1, 0),
                         shift=blow.shift - (blow.index > 0))
    else:
        top = at_top(blow)  # "it cannot be doubled further"
        changed = evolve(blow, index=min(blow.index + 1, len(blow.ladder) - 1),
                         shift=blow.shift + (not top))
    if blow.announced is not None and step.op is not Op.MISS:
        changed = evolve(changed, announced=reannounce(blow, changed, table))
    if linked:
        changed = evolve(changed, linked=True)
    return table.note(f"{label}: {blow.card.name} now deals {value(changed, table)}",
                      stack=(*table.stack[:index], changed, *table.stack[index + 1:]))


def at_top(blow: Blow) -> bool:
    """003: "If there is no higher value, it cannot be doubled further"."""
    return blow.index >= len(blow.ladder) - 1


def reannounce(blow: Blow, changed: Blow, table: Caverns) -> int:
    """Under the fog of war a halved or doubled card's announced damage turns with it: told
    truly, it is the card's new damage; a lie (one of its values) moves one value along
    the card's values as the card does."""
    assert blow.announced is not None
    if blow.announced == value(evolve(blow, announced=None), table):
        return value(evolve(changed, announced=None), table)
    ladder = blow.ladder
    at = ladder.index(blow.announced) if blow.announced in ladder else blow.index
    moved = at + (changed.index - blow.index)
    return ladder[min(max(moved, 0), len(ladder) - 1)]


def edge_out(table: Caverns, name: str, label: str) -> Resolution[Caverns]:
    """Discard another player's set, face-down Attack card (never a card that replaced a
    Stand In: those are never set; Opportunity Fire's second card is)."""
    options = tuple(f"{n}'s set card" for n, _ in table.set_cards if n != name)
    if not options:
        return table
    chosen = yield Decision("edge-out", f"{label}: which set card?", options,
                            _PLAYER, name, state=table)
    index = [i for i, (n, _) in enumerate(table.set_cards) if n != name][options.index(chosen)]
    whose, card = table.set_cards[index]
    table = evolve(table, set_cards=table.set_cards[:index] + table.set_cards[index + 1:],
                   discard=(*table.discard, card))
    return table.note(f"{label}: {whose}'s set card is discarded")
