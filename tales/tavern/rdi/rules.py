"""The Red Dragon Inn's game: setup, the turn's four phases, losing and winning (001 and
002; the checklist's section A). Chance (shuffles) is a Decision too, so a game replays
from its answers.

The parts live in their own modules: :mod:`.effects` (playing a card), :mod:`.timing`
(response windows), :mod:`.drinks`, :mod:`.gambling`, :mod:`.variants` (teams and the
Boss), :mod:`.characters` (characters' own rules), :mod:`.zones` and :mod:`.stats`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi import characters, dungeon, events, otto, pubcrawl, variants
from tales.tavern.rdi.drinks import drink_phase, order_drink
from tales.tavern.rdi.effects import POTION, anytime, play_card
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import (
    EDITION,
    Card,
    CardKind,
    CharacterDeck,
    Drink,
    Mode,
    Phase,
    Player,
    Tavern,
    Variant,
)
from tales.tavern.rdi.ottodata import OTTO, TEAM, is_otto
from tales.tavern.rdi.stats import gold, move_tokens, passed_out, pay
from tales.tavern.rdi.timing import ANOTHER_ACTION, ANOTHER_DRINK, PASS, another
from tales.tavern.rdi.zones import (
    DRINK_DECK,
    PRIZES,
    discard_card,
    discard_drinks,
    draw,
    playable,
    take_card,
    take_drink,
)

__all__ = ["CharacterDeck", "action", "drink_phase", "order_drink", "pay", "play_game",
           "resolve_losses", "set_up", "split_gold", "starting_gold", "turn"]


INDIVIDUAL = Variant()


def starting_gold(players: int) -> int:
    """A-07: 10 Gold each; 8 with 2 players; 12 with 7 or more."""
    return 8 if players == 2 else 12 if players >= 7 else 10


def _deck(entry: CharacterDeck | tuple[str, tuple[Card, ...]]) -> CharacterDeck:
    return entry if isinstance(entry, CharacterDeck) else CharacterDeck(*entry)


def _owned(deck: CharacterDeck, name: str, boss: bool, edition: int = EDITION
           ) -> tuple[Card, ...]:
    """The cards of ``deck`` that ``name`` shuffles into their own Character Deck (its Boss
    cards only for a Boss; no card of a shared pile), each marked as theirs. Made once per
    deck, name and Boss seat (kept beside the deck with the very cards they were made
    from): the same cards every game of a sweep, about 3% of a game (issue 19). A card of
    a later rules' ``edition`` than the table's is left out."""
    kept = deck._owned
    if kept is None:
        kept = {}
        object.__setattr__(deck, "_owned", kept)
    made = kept.get((name, boss, edition))
    if made is None or made[0] is not deck.cards:
        made = kept[name, boss, edition] = (deck.cards, tuple(
            evolve(c, owner=name) for c in deck.cards
            if (boss or not c.boss) and not c.pile and c.edition <= edition))
    owned: tuple[Card, ...] = made[1]
    return owned


def set_up(names: Sequence[str], decks: Sequence[CharacterDeck | tuple[str, tuple[Card, ...]]],
           drinks: tuple[Drink, ...], gold_in_box: int = 200,
           variant: Variant = INDIVIDUAL) -> Resolution[Tavern]:
    """Shuffle the Drink Deck (dealing 30 from the Bar Deck in that variant) and each
    Character Deck (Boss cards only for the Boss), give each team its starting Gold (the
    rest is the Inn) and Potion Tokens, one Drink on each Drink Me! pile, a hand each;
    then the characters' own setup."""
    mode = variant.mode
    if mode is Mode.BOSS_OTTO:  # the names and decks are the Challengers'
        if variant.otto is None:
            raise ValueError("Boss Otto needs his decks (a Boss Otto file)")
        names, decks = [OTTO, *names], [CharacterDeck(OTTO, ()), *decks]
    team_names = variants.teams(mode, list(names))
    if mode is Mode.BOSS_BATTLE:
        variant = evolve(variant, boss=names[0])
    for seat, entry in enumerate(decks):
        if variants.boss_deck(mode, seat) and not _deck(entry).villain:
            raise ValueError(f"{_deck(entry).character} is not a villain: only a villain "
                             "can play a Boss deck")
    individual = mode is Mode.INDIVIDUAL
    each = starting_gold(len(names)) if individual else variants.team_gold(mode, len(names))
    bar: tuple[Drink, ...] = ()
    deck = yield from shuffle(drinks, "the Drink Deck" if not variant.bar_deck
                              else "the Bar Deck")
    if variant.bar_deck:
        bar, deck = deck[:-DRINK_DECK], deck[-DRINK_DECK:]
    players = []
    seen_teams: set[str] = set()
    piles: dict[str, tuple[Card, ...]] = {}
    drink_piles: dict[str, tuple[Drink, ...]] = {}
    for seat, (name, team, entry) in enumerate(zip(names, team_names, decks, strict=True)):
        spec = _deck(entry)
        boss = variants.boss_deck(mode, seat)
        cards = _owned(spec, name, boss, variant.edition)
        for pile in sorted({c.pile for c in spec.cards if c.pile}):
            shared = yield from shuffle([c for c in spec.cards if c.pile == pile
                                         and (boss or not c.boss)], f"the {pile}")
            piles[pile] = (*piles.get(pile, ()), *shared)
        for pile in sorted({d.pile for d in spec.drinks}):  # "Shuffle your Special Reserve"
            shuffled = yield from shuffle([d for d in spec.drinks if d.pile == pile],
                                          f"the {pile}")
            drink_piles[pile] = (*drink_piles.get(pile, ()), *shuffled)
        own = yield from shuffle(cards, f"{name}'s Character Deck")
        mat = (team or name) not in seen_teams
        seen_teams.add(team or name)
        player = Player(name, spec.character, each if mat else 0, deck=tuple(own),
                        team=team, mechanics=spec.mechanics,
                        villain=spec.villain and not spec.hero, track=spec.track)
        count = variants.potions(mode, len(names), boss and mode is Mode.BOSS_BATTLE)
        if mat and count:
            player = player.with_count(POTION, count)
        players.append(player)
    inn = gold_in_box - sum(p.gold for p in players)
    tavern = Tavern(tuple(players), tuple(deck), inn=inn, variant=variant, bar=tuple(bar),
                    piles=tuple(sorted(piles.items())),
                    drink_piles=tuple(sorted(drink_piles.items())))
    for resource in {r for p, rules in characters.every(tavern) for r in rules.resources}:
        if resource.supply is not None:
            tavern = tavern.with_supply(resource.name, resource.supply)
    for player in tavern.players:
        tavern, drink = yield from take_drink(tavern)
        if drink is None:
            raise ValueError("the Drink Deck has fewer Drinks than there are players")
        tavern = tavern.with_player(evolve(tavern.player(player.name), drink_me=(drink,)))
    for player in tavern.players:
        tavern = yield from draw(tavern, player.name, variants.hand_size(tavern, player.name))
    for player, rules in characters.every(tavern, "set_up"):
        tavern = rules.set_up(tavern, player.name)
    if variant.prizes:  # "add any number of unique Prize Cards to the Inn"
        tavern = tavern.with_pile(PRIZES, variant.prizes)
    tavern = yield from dungeon.set_up(tavern)
    tavern = yield from events.set_up(tavern)
    tavern = yield from pubcrawl.set_up(tavern)
    if mode is Mode.BOSS_OTTO:
        tavern = yield from otto.set_up(tavern)
    if individual:
        return tavern.note(f"{len(names)} players, {each} Gold each; the Inn has {tavern.inn}")
    return tavern.note(f"{mode.printed}: {each} Gold a team; the Inn has {tavern.inn}")


# --- a turn --------------------------------------------------------------------------------


def turn(tavern: Tavern) -> Resolution[Tavern]:
    """The active team's turn: Discard and Draw, Action, Order a Drink, Drink, each phase
    taken together (001, "Shared Turn Structure"); losses are settled after every card and
    Drink, and the next team to the left goes next (A-14 to A-21). Anytime cards may be
    played at the start of the turn and before the Drink phase."""
    name = tavern.players[tavern.active].name
    if is_otto(tavern, name):  # the mechanical Boss has his own four phases
        tavern = yield from otto.turn(tavern)
        return (yield from end_turn(tavern, name))
    members = [p.name for p in tavern.team(name) if not p.out]
    tavern = tavern.note(f"Turn {tavern.turn}: {' and '.join(members)}")
    for player, rules in characters.every(tavern, "start_of_turn"):
        tavern = yield from rules.start_of_turn(tavern, player.name, name)
    tavern = yield from anytime(tavern, name, potions_now=True)
    tavern = yield from anytime(tavern, name, phase=Phase.DISCARD)
    for member in members:
        tavern = yield from discard(tavern, member)
    for member in members:  # "then they refill to their hand size simultaneously"
        tavern = yield from draw_up(tavern, member)
    for member in members:
        if member in tavern.resting:
            continue
        tavern = yield from action_phase(tavern, member)
        for player, rules in characters.every(tavern, "after_action_phase"):
            tavern = rules.after_action_phase(tavern, player.name, member)
        if tavern.winners is not None or tavern.player(member).out:
            break
    orderer = next((m for m in members if m not in tavern.resting), None)
    if tavern.winners is None and not tavern.player(name).out and orderer is not None:
        before = tavern
        tavern = yield from anytime(tavern, name, phase=Phase.ORDER)
        if tavern is not before:
            tavern = yield from settle(tavern)
        for _ in range(variants.drinks_ordered(tavern, name)):
            tavern = yield from order_drink(tavern, orderer)
        tavern = yield from anytime(tavern, name)
        tavern = yield from anytime(tavern, name, phase=Phase.DRINK)
        for member in members:
            if tavern.winners is not None or tavern.player(member).out:
                break
            if member in tavern.resting:  # "the remaining phases are skipped"
                continue
            tavern = yield from drink_phase(tavern, member)
            tavern = yield from settle(tavern)
        if tavern.winners is None and not tavern.player(name).out:
            tavern = yield from dungeon.stumble(tavern, name)
            tavern = yield from settle(tavern)
    return (yield from end_turn(tavern, name))


def end_turn(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """The end of ``name``'s team's turn: the characters' end-of-turn rules, the Event decks
    ("the last thing that a player does"), then the next team to the left."""
    if tavern.winners is None:
        for player, rules in characters.every(tavern, "end_of_turn"):
            tavern = yield from rules.end_of_turn(tavern, player.name, name)
        tavern = yield from settle(tavern)
    if tavern.winners is None and tavern.events:  # "the last thing that a player does"
        tavern = yield from events.end_of_turn(tavern, name)
        tavern = yield from settle(tavern)
    for member in tavern.team(name):  # the Action taken some other way is this turn's only
        if member.count(characters.ACTED):  # (no copy of the table to clear no mark)
            tavern = tavern.with_player(tavern.player(member.name).with_count(
                characters.ACTED, 0))
        for mark in (ANOTHER_ACTION, ANOTHER_DRINK):  # "play another" is for this turn
            tavern, _ = another(tavern, member.name, mark)
    return _next(tavern)


def _next(tavern: Tavern) -> Tavern:
    """The next team to the left takes its turn (nobody resting any more: A-87's "until
    it ends"), in one copy of the table; the sides and their first seats read from the
    Seating (no generator over the players to find that seat: issue 19)."""
    players, seating = tavern.players, tavern.seating()
    sides, seats = seating.sides, len(players)
    side = sides[tavern.active]
    nxt = (tavern.active + 1) % seats
    while (players[nxt].out or sides[nxt] == side) and nxt != tavern.active:
        nxt = (nxt + 1) % seats
    first = seating.teams[sides[nxt]][0]
    return evolve(tavern, active=first, turn=tavern.turn + 1, resting=())


def discard(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Discard any number of cards, one Decision per card until done (A-15)."""
    count = 0
    while True:
        player = tavern.player(name)
        if not player.hand:
            break
        options = (PASS, *sorted({c.name for c in player.hand}))
        choice = yield Decision("discard", f"{name}: discard a card?", options,
                                Decider.PLAYER, name, state=tavern)
        if choice == PASS:
            break
        tavern, card = yield from take_card(tavern, name, choice)
        tavern, count = discard_card(tavern, card, name), count + 1
    return tavern.note(f"{name} discards {count} card{'s' if count != 1 else ''}") \
        if count else tavern


def draw_up(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Draw up to the hand size; holding it or more, draw nothing (A-15)."""
    missing = variants.hand_size(tavern, name) - len(tavern.player(name).hand)
    tavern, missing = yield from characters.mechanics(tavern.player(name)).first_draws(
        tavern, name, missing)
    if missing > 0:
        tavern = yield from draw(tavern, name, missing)
        tavern = tavern.note(f"{name} draws up to {len(tavern.player(name).hand)} cards")
    return tavern


def discard_and_draw(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Discard, then draw up to the hand size (A-15)."""
    tavern = yield from discard(tavern, name)
    return (yield from draw_up(tavern, name))


def action_phase(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """``name``'s Action Phase: the character's start-of-phase rules, then up to their
    number of Action cards, each settled before the next."""
    rules = characters.mechanics(tavern.player(name))
    if tavern.actions_played:
        tavern = evolve(tavern, actions_played=0)
    tavern, extra = yield from rules.action_phase(tavern, name)
    before = tavern
    tavern = yield from anytime(tavern, name, phase=Phase.ACTION)
    tavern, done = yield from rules.activations(tavern, name, frozenset())
    if tavern is not before:
        tavern = yield from settle(tavern)
    for _ in range(variants.actions(tavern, name) + extra):
        if tavern.winners is not None or tavern.player(name).out or name in tavern.resting:
            return tavern
        tavern, played = yield from _action(tavern, name)
        tavern = yield from settle(tavern)
        if not played:
            break
    # "either before or after you play an Action Card"
    if (done or tavern.minions) and tavern.winners is None and \
            not tavern.player(name).out and name not in tavern.resting:
        before = tavern
        tavern, _ = yield from rules.activations(tavern, name, done)
        if tavern is not before:
            tavern = yield from settle(tavern)
    if characters.changes(rules, "action_phase_ends") and tavern.winners is None and \
            not tavern.player(name).out:
        before = tavern
        tavern = yield from rules.action_phase_ends(tavern, name)
        if tavern is not before:
            tavern = yield from settle(tavern)
    return tavern


def action(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Play one Action card, or none (A-16); "Gambling? I'm in!" played as the Action
    starts a Round of Gambling (A-17)."""
    tavern, _ = yield from _action(tavern, name)
    return tavern


def _action(tavern: Tavern, name: str) -> Resolution[tuple[Tavern, bool]]:
    actions = sorted({c.name for c in playable(tavern, name)
                      if (c.kind is CardKind.ACTION or c.starts_round) and not c.virtual})
    if not actions:
        return tavern, False
    choice = yield Decision("action", f"{name}: play an Action card?", (PASS, *actions),
                            Decider.PLAYER, name, state=tavern)
    if choice == PASS:
        return tavern, False
    tavern, card = yield from take_card(tavern, name, choice)
    tavern, _ = another(tavern, name, ANOTHER_ACTION)  # only this card's Negate counts
    if card.starts_round:
        tavern = yield from start_round(tavern, name, card)
    else:
        tavern, _ = yield from play_card(tavern, name, card)
    tavern, again = another(tavern, name, ANOTHER_ACTION)
    if again and tavern.winners is None and not tavern.player(name).out and \
            name not in tavern.resting:  # Wizgille's "deja vu": "play another"
        tavern = yield from settle(tavern.note(f"{name} may play another Action card"))
        tavern, _ = yield from _action(tavern, name)
    return tavern, True


# --- losing --------------------------------------------------------------------------------


def split_gold(gold: int, remaining: int) -> tuple[int, int]:
    """A-76: half (rounded up) to the Inn, the rest evenly among the ``remaining``
    players, the remainder to the Inn. Returns (each player's share, the Inn's)."""
    if remaining <= 0:
        return 0, gold
    share = (gold // 2) // remaining
    return share, gold - share * remaining


def losing(tavern: Tavern) -> list[str]:
    """The teams (by their mats) that would lose now: passed out or out of Gold. Asked
    after every card (issue 19), so kept beside the table, checked against its very
    players, when no character changes passing out or Gold: then nothing else counts.
    Whether one does is asked again only of a table with other characters' rules (other
    than the very Seating kept with the answer)."""
    kept = tavern._losing
    players, seating = tavern.players, tavern.seating()
    if kept is not None and kept[0] is players:
        return list(kept[1])
    if kept is None or kept[2] is not seating:
        for hook in _LOSING_HOOKS:  # (a plain loop: no generator made after every card)
            if characters.every(tavern, hook):  # a character changes a loss: its rules judge
                return [side for side in tavern.sides()
                        if passed_out(tavern, _mat(tavern, side))
                        or gold(tavern, _mat(tavern, side)) <= 0]
    # no hook: passed_out and gold are the mat's own numbers, read here without asking
    # every character again for each side (issue 19); a side is in while its mat is (a
    # team leaves together: resolve_losses), so the sides in need no list of their own
    found = []
    for side, seats in seating.teams.items():  # (in seat order, as sides())
        mat = players[seats[0]]
        if not mat.out and (mat.passed_out or mat.gold <= 0):
            found.append(side)
    object.__setattr__(tavern, "_losing", (players, tuple(found), seating))
    return found


#: The hooks through which a character's rules make who is losing depend on more than the
#: players' own numbers (:func:`passed_out`, :func:`gold`).
_LOSING_HOOKS = ("passes_out", "gold", "gold_of")


def _mat(tavern: Tavern, side: str) -> str:
    return tavern.players[tavern.seating().teams[side][0]].name


def settle(tavern: Tavern) -> Resolution[Tavern]:
    """Losses are not immediate: each losing player first gets a last chance to play
    Anytime cards (and Sometimes cards made for it), or Potion Tokens (A-77); then the
    losses are resolved."""
    if tavern.winners is not None:
        return tavern
    if tavern.variant.otto is not None:  # (only Boss Otto's table: settle is asked after
        # every card, and his rules' generator is made for nothing elsewhere; issue 19)
        tavern = yield from otto.received(tavern)  # Boss Otto plays what he was given,
        tavern = otto.potions(tavern)  # then his own rule for his Potions
    for player, rules in characters.every(tavern, "pending"):
        tavern = yield from rules.pending(tavern, player.name)
    sides = losing(tavern)
    standing = tavern.sides() if sides else []
    while sides:
        active = tavern.players[tavern.active].name
        for side in sides:
            for member in [p.name for p in tavern.players if p.side == side and not p.out]:
                if tavern.player(active).out:
                    active = member
                tavern = yield from anytime(tavern, active, losing=member)
        tavern, gone = _leave(tavern)
        if not gone:
            break
        # what leaving sets off before the winner is declared (000: a passed-out Keet's
        # Artifacts are dealt "even if a player passing out would cause there to be only
        # one player left in the game"), then who else that makes lose
        for player, rules in characters.every(tavern, "left"):
            tavern = yield from rules.left(tavern, player.name)
        sides = losing(tavern)
    if standing and tavern.sides() != standing:
        tavern = _declare(tavern, standing)
    if tavern.crawlers and tavern.winners is None:  # "after the Drink and any other
        tavern = yield from pubcrawl.crawls(tavern)  # pending effects are finished"
        return (yield from settle(tavern))
    return tavern


def _side_name(side: str) -> tuple[str, bool]:
    """How the log names ``side`` and whether that name is plural: the Challengers of a
    Boss Battle or of Boss Otto share a mat and pass out together ("the Challengers pass
    out"); a team or a player is named as it is."""
    return ("the Challengers", True) if side == TEAM else (side, False)


def resolve_losses(tavern: Tavern) -> Tavern:
    """Teams passing out split their Gold among the teams that are not; then any team
    with no Gold is out too (A-79). If all remaining teams would lose at once, they tie
    (A-80); the last team in wins."""
    standing = tavern.sides()
    tavern, gone = _leave(tavern)
    return _declare(tavern, standing) if gone else tavern


def _leave(tavern: Tavern) -> tuple[Tavern, bool]:
    """The teams passing out split their Gold among the others, then those with no Gold
    are out too (A-79): the table, and whether anyone left."""
    standing = tavern.sides()
    passing = [s for s in standing if passed_out(tavern, _mat(tavern, s))]
    staying = [s for s in standing if s not in passing]
    for side in passing:
        mat = tavern.player(_mat(tavern, side))
        share, inn = split_gold(mat.gold, len(staying))
        tavern = tavern.with_player(evolve(mat, gold=0), inn=tavern.inn + inn)
        for other in staying:
            receiver = tavern.player(_mat(tavern, other))
            tavern = tavern.with_player(evolve(receiver, gold=receiver.gold + share))
        name, plural = _side_name(side)
        tavern = tavern.note(f"{name} {'pass' if plural else 'passes'} out: {inn} Gold to "
                             f"the Inn, {share} to each player still in")
    broke = [s for s in staying if gold(tavern, _mat(tavern, s)) <= 0]
    out = set(passing) | set(broke)
    if not out:
        return tavern, False
    for side in sorted(out):
        for player in [p for p in tavern.players if p.side == side and not p.out]:
            tavern = discard_drinks(tavern, player.drink_me)
            tavern = _return_tokens(tavern, player.name)
            for card in player.kept:  # Prizes to the Prize Bin, rewards to their pile
                tavern = discard_card(tavern, card, player.name, leaving=True)
            for minion in [m for m in tavern.minions if m.controller == player.name]:
                tavern = evolve(tavern, minions=tuple(
                    m for m in tavern.minions if m.name != minion.name))
                tavern = discard_card(tavern, minion.card, player.name)
            tavern = tavern.with_player(evolve(tavern.player(player.name), out=True,
                                                drink_me=(), gold=0, kept=()))
        if side in broke:
            name, plural = _side_name(side)
            tavern = tavern.note(f"{name} {'are' if plural else 'is'} out of Gold: out of "
                                 "the game")
    return tavern, True


def _declare(tavern: Tavern, standing: list[str]) -> Tavern:
    """The winner once teams have left: the last team in, or a tie between the teams of
    ``standing`` (those in before) if none is (A-80)."""
    left = tavern.sides()
    if len(left) == 1:
        winners = tuple(p.name for p in tavern.players if p.side == left[0])
        return evolve(tavern, winners=winners).note(
            f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}")
    if not left:
        tied = tuple(p.name for p in tavern.players if p.side in standing)
        return evolve(tavern, winners=tied).note(f"a tie between {', '.join(tied)}")
    return tavern


def _return_tokens(tavern: Tavern, name: str) -> Tavern:
    """A-81: tokens that go back to their owner when their holder leaves (Corruption)."""
    for resource, _ in tavern.player(name).tokens:
        if characters.resource(resource).returns_on_leaving:
            tavern = move_tokens(tavern, tavern.player(name), resource, 0)
    return tavern


def play_game(names: Sequence[str], decks: Sequence[CharacterDeck | tuple[str, tuple[Card, ...]]],
              drinks: tuple[Drink, ...], max_turns: int = 400,
              variant: Variant = INDIVIDUAL) -> Resolution[Tavern]:
    """A whole game: setup, then turns until one team is left (or a tie); Boss Otto's
    Decisions answered by his rules."""
    if variant.mode is Mode.BOSS_OTTO:
        return (yield from otto.automated(_play(names, decks, drinks, max_turns, variant)))
    return (yield from _play(names, decks, drinks, max_turns, variant))


def _play(names: Sequence[str], decks: Sequence[CharacterDeck | tuple[str, tuple[Card, ...]]],
          drinks: tuple[Drink, ...], max_turns: int, variant: Variant) -> Resolution[Tavern]:
    tavern = yield from set_up(names, decks, drinks, variant=variant)
    while tavern.winners is None and tavern.turn <= max_turns:
        tavern = yield from turn(tavern)
    if tavern.winners is None:  # a guard for bots that never finish: call it a tie
        tavern = evolve(tavern, winners=tuple(p.name for p in tavern.in_game())).note(
            f"stopped after {max_turns} turns")
    return tavern


