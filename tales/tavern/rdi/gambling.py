"""Rounds of Gambling (001 and 002, "Gambling"; the checklist's A-58 to A-74).

"Gambling? I'm in!" played as an Action starts a Round; everyone in it antes 1 Gold into
the pot (which counts as losing Gold). The starter is in control; clockwise from them each
player in the Round plays a Gambling or Cheating card (taking control), leaves, or passes.
After a Winning Hand! only a Cheating card takes control. The Round ends when everyone
else in it has passed since control last changed, when only one player is left in it, or
when a card says its player wins; the player in control takes the pot (with no one in
control, it goes to the Inn). In a team game only one Champion per team takes part.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.effects import anytime, champions, play_card
from tales.tavern.rdi.members import Kinds, Stats, Verbs
from tales.tavern.rdi.model import Card, Player, Step, Tavern, Verb
from tales.tavern.rdi.otto import gambled
from tales.tavern.rdi.ottodata import claim, is_otto
from tales.tavern.rdi.stats import bonus_gold, change, gold
from tales.tavern.rdi.timing import PASS, Outcome, Played, respond
from tales.tavern.rdi.zones import PRIZE_BIN, PRIZES, discard_card, take_card


def ante(tavern: Tavern, players: Sequence[str], amount: int, starter: str = "",
         opening: bool = False) -> Tavern:
    """Each of ``players`` antes ``amount`` into the pot (as much as they are able); it
    counts as losing Gold (A-58). A character may change what they ante, or have the Inn
    pay it (Erin's forms; ``opening``: the ante that begins the Round ``starter`` started)."""
    for name in players:
        asked, from_inn = characters.mechanics(tavern.player(name)).ante(
            tavern, name, amount, starter, opening)
        if from_inn:
            tavern = evolve(tavern, inn=tavern.inn - asked, pot=tavern.pot + asked).note(
                f"{name} antes {asked} Gold from the Inn")
            continue
        mat = tavern.mat(name)
        paid = min(asked, mat.gold)
        tavern = tavern.with_player(evolve(mat, gold=mat.gold - paid), pot=tavern.pot + paid)
        if paid < asked:  # anted with something else that counts as Gold (Keet's Artifacts)
            tavern = characters.pay_short(tavern, name, None, asked - paid, pot=True)
    return tavern


def cards_with(player: Player, verb: Verb) -> set[str]:
    """The cards in hand with a step of ``verb``."""
    return {c.name for c in player.cards if c.has(verb)}


def start_round(tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
    """``name`` plays ``card`` ("Gambling? I'm in!") to start a Round of Gambling (A-17);
    Negated, "the Round of Gambling never happens" (A-73)."""
    tavern = claim(tavern, name).note(f"{name} plays {card.name}")
    tavern, outcome = yield from respond(tavern, Played(name, card.name, card, round=True))
    tavern = discard_card(tavern, card, name)
    if outcome.negated:
        return tavern.note(f"{card.name} is Negated")
    # its ante, a number a character may change (000, Natyli: with a Power Jinx "each
    # player antes 0 Gold!")
    opening = characters.their_amounts(tavern, name, card, (Step(Verb.ANTE, 1),))
    return (yield from gambling_round(tavern, name, opening[0].amount if opening else 1))


def add_prize(tavern: Tavern, starter: str) -> Resolution[Tavern]:
    """The Prize Variant (001, "The Prize Variant"): the starter adds a Prize from the Inn
    to the pot before the ante; with none in the Inn, the Prize Bin's go back to the Inn;
    with none at all, the Round has no Prize."""
    if not tavern.variant.prizes:
        return tavern
    inn = tavern.pile(PRIZES)
    if not inn:
        inn, tavern = tavern.pile(PRIZE_BIN), tavern.with_pile(PRIZE_BIN, ())
        if not inn:
            return tavern.note("there is no Prize for this Round")
    choice = yield Decision("prize", f"{starter}: which Prize goes in the pot?",
                            tuple(sorted({c.name for c in inn})), Decider.PLAYER, starter,
                            state=tavern)
    index = next(i for i, c in enumerate(inn) if c.name == choice)
    tavern = tavern.with_pile(PRIZES, inn[:index] + inn[index + 1:])
    return evolve(tavern, prize=inn[index]).note(f"{starter} adds {choice} to the pot")


def gambling_round(tavern: Tavern, starter: str, opening: int = 1) -> Resolution[Tavern]:
    """A Round of Gambling (module docstring), everyone anteing ``opening`` Gold to begin
    it. Then the starter goes on to Order a Drink."""
    tavern = yield from add_prize(tavern, starter)
    seats = yield from champions(tavern, starter, "the Round of Gambling")
    seats = [n for n in tavern.order_from(starter) if n in seats]
    in_round = list(seats)
    for name in seats:  # "She does not have to ante" (the rulebook's example)
        tavern, left = yield from leave(tavern, name, "before the ante", in_round)
        if left:
            in_round.remove(name)
    if gold(tavern, starter) > 0:
        payers = [n for n in seats if n in in_round or n == starter]
        # "This counts as 'losing Gold'": cards that reduce a Gold loss answer it
        losing = tuple((n, frozenset({Stats.GOLD})) for n in payers)
        tavern, outcome = yield from respond(tavern, Played(starter, "the ante", None, losing,
                                                            losing, round=True))
        who = _payers(tavern)
        tavern = tavern.note(f"Round of Gambling: {len(payers)} {who} ante {opening} Gold")
        for payer in payers:  # (after the line that says so: a Keet's Artifacts after it)
            tavern = ante(tavern, [payer],
                          max(opening - outcome.reduction(payer, Stats.GOLD), 0), starter,
                          opening=True)
    else:
        tavern = tavern.note("Round of Gambling: the starter cannot ante, so nobody does")
    control: str | None = starter if starter in in_round else None
    winning_hand, passes, seat, won = False, 0, 0, False
    while len(in_round) > 1 and passes < len(in_round) - (control in in_round) and not won:
        if starter in tavern.resting:  # its pot goes to the Inn
            tavern = tavern.note("the turn ended: the Round of Gambling ends")
            return award(tavern, None)
        seat = (seat + 1) % len(seats)
        name = seats[seat]
        if name not in in_round or name == control:
            continue
        # cards played during a Round, by anyone (001, Gambling Examples 2 and 3)
        tavern = yield from anytime(tavern, name, in_round=True)
        if tavern.round_over:
            return award(evolve(tavern, round_over=False), None)
        if not tavern.restarted:  # leaving or forcing out on someone else's turn
            tavern, gone = yield from out_of_turn(tavern, name, in_round)
            for who in gone:
                in_round.remove(who)
                if control == who:
                    control, passes = None, 0
        if tavern.restarted:
            tavern, in_round, control = restart(tavern, seats)
            winning_hand, passes = False, 0
            seat = seats.index(control) if control in seats else seat
            continue
        if name not in in_round or len(in_round) <= 1:
            continue
        his: str | None = None
        if is_otto(tavern, name):  # Boss Otto reveals the top of his Gambling Deck
            from tales.tavern.rdi.otto import gamble

            tavern, his = yield from gamble(tavern, winning_hand)
        player = tavern.player(name)
        gambles = {c.name for c in player.cards if c.kind is Kinds.CHEATING or (
            c.kind is Kinds.GAMBLING and not winning_hand)}
        pushers = {c.name for c in player.cards if c.has(Verbs.FORCE_OUT)
                   and (c.name in gambles or c.kind not in (Kinds.GAMBLING,
                                                             Kinds.CHEATING))}
        leavers = cards_with(player, Verbs.LEAVE)
        playable = sorted(gambles | leavers | pushers)
        choice = PASS if his is None else his
        if playable and his is None:
            choice = yield Decision("gamble", f"{name}: play a Gambling or Cheating card, "
                                    f"leave, or pass? ({control or 'nobody'} is winning)",
                                    (PASS, *playable), Decider.PLAYER, name, state=tavern)
        if choice == PASS:
            passes += 1
            continue
        if choice in leavers:
            tavern, left = yield from leave(tavern, name, "", in_round, choice)
            if left:
                in_round.remove(name)
                if control == name:  # the Round goes on with nobody winning yet
                    control, passes = None, 0
            continue
        if choice in pushers:
            tavern, card, outcome, whom = yield from force_out(tavern, name, choice, in_round)
            if whom is not None:
                in_round.remove(whom)
                if control == whom:  # a reading: nobody is winning and the passes start
                    control, passes = None, 0  # again (docs/rules-decisions.md)
            if outcome.negated and card.kind in (Kinds.GAMBLING, Kinds.CHEATING):
                passes += 1  # a Negated Gambling card counts as a pass
            elif card.kind in (Kinds.GAMBLING, Kinds.CHEATING):
                # 001: "Playing either of these two types of card gives you control"
                control, winning_hand, passes = name, card.winning_hand, 0
                tavern = tavern.note(f"{name} takes control of the Round of Gambling")
            continue
        tavern, card = yield from take_card(tavern, name, choice)
        tavern = gambled(tavern, name, card)
        raises = sum(s.amount for s in card.steps if s.verb is Verbs.ANTE)
        steps: tuple[Step, ...] = tuple(s for s in card.steps
                                        if s.verb not in (Verbs.ANTE, Verbs.WIN_ROUND))
        # an ante affects the Gold of everyone in the Round (A-68: not those who left)
        tavern, outcome = yield from play_card(tavern, name, card, steps=steps,
                                               involved=in_round if raises else ())
        if outcome.negated:  # a Negated Gambling card counts as that player's pass
            passes += 1
            continue
        if raises:
            for other in [n for n in tavern.order_from(name) if n in in_round and n != name]:
                # 000: "In response, Pooky plays 'Not now, Zot needs Pooky' to avoid having
                # to ante": a leave on another player's turn, where it avoids an ante
                tavern, left = yield from leave(tavern, other, "instead of anteing", in_round)
                if left:
                    in_round.remove(other)
            tavern = ante(tavern, [p for p in in_round if p not in outcome.ignored], raises,
                          starter)
            tavern = tavern.note(f"everyone in the Round antes {raises} more Gold")
        control, winning_hand, passes = name, card.winning_hand, 0
        won = card.has(Verbs.WIN_ROUND)
        if tavern.restarted:
            tavern, in_round, control = restart(tavern, seats)
            winning_hand, passes, won = False, 0, False
            seat = seats.index(name)
    if len(in_round) == 1 and not won:  # "the remaining player wins"
        control = in_round[0]
    if control is not None:  # "At the end of the Round, Gerki plays ... to take the pot"
        tavern, outcome = yield from respond(tavern, Played(control, "the pot", None,
                                                            round=True, pot=True))
        if outcome.taker:
            control = outcome.taker
        if outcome.sharer and outcome.sharer != control:
            tavern = yield from share(tavern, control, outcome.sharer)
    tavern = award(tavern, control)
    for player, rules in characters.every(tavern, "after_round"):
        tavern = rules.after_round(tavern, player.name, tuple(seats), control)
    return (yield from characters.owed_choices(tavern))


def force_out(tavern: Tavern, name: str, choice: str, in_round: list[str]
              ) -> Resolution[tuple[Tavern, Card, Outcome, str | None]]:
    """``name`` plays ``choice`` to force another player out of the Round: everyone, the one
    forced out too, may respond (A-70); a card may let its target lose Fortitude to stay
    (Pooky's). Returns the card, its Outcome and who is forced out (None: nobody)."""
    others = tuple(n for n in in_round if n != name)
    whom = yield Decision("force-out", f"{name}: force whom out of the Round?",
                          others, Decider.PLAYER, name, state=tavern)
    tavern, card = yield from take_card(tavern, name, choice)
    tavern = gambled(tavern, name, card)
    tavern, outcome = yield from play_card(tavern, name, card, whom)
    if outcome.negated or whom in outcome.ignored:
        return tavern, card, outcome, None
    cost = max((s.amount for s in card.steps if s.verb is Verbs.FORCE_OUT), default=0)
    if cost:  # Pooky: "the targeted player may choose to lose 2 Fortitude to stay"
        stay = f"lose {cost} Fortitude to stay in the Round"
        answer = yield Decision("stay", f"{whom}: forced out of the Round", (
            stay, "leave the Round"), Decider.PLAYER, whom, state=tavern)
        if answer == stay:
            return change(tavern, whom, fortitude=-cost, lines=(
                f"{whom} loses {cost} Fortitude to stay in the Round",)), card, outcome, None
    return tavern.note(f"{whom} is forced out of the Round of Gambling"), card, outcome, whom


def out_of_turn(tavern: Tavern, name: str, in_round: list[str]
                ) -> Resolution[tuple[Tavern, list[str]]]:
    """Before ``name`` acts in the Round, each other player in it, in turn order, may play a
    card that says it leaves the Round or forces a player out on other players' turns
    (``any_turn``). Returns who is out of the Round now."""
    still = list(in_round)
    gone: list[str] = []
    for other in [n for n in tavern.order_from(name) if n != name and n in in_round]:
        if other not in still or len(still) <= 1:
            continue
        cards = sorted({c.name for c in tavern.player(other).cards if c.any_turn})
        if not cards:
            continue
        choice = yield Decision("out-of-turn", f"{other}: play a card during {name}'s turn "
                                "in the Round of Gambling?", (PASS, *cards), Decider.PLAYER,
                                other, state=tavern)
        if choice == PASS:
            continue
        if choice in cards_with(tavern.player(other), Verbs.LEAVE):
            tavern, left = yield from leave(tavern, other, "", still, choice)
            out = other if left else None
        else:
            tavern, _, _, out = yield from force_out(tavern, other, choice, still)
        if out is not None:
            still.remove(out)
            gone.append(out)
    return tavern, gone


def restart(tavern: Tavern, seats: Sequence[str]) -> tuple[Tavern, list[str], str | None]:
    """A card started the Round over (a reading, docs/rules-decisions.md): every Champion of
    the Round still in the game is in it again, each antes 1 Gold more (the pot stays), and
    the card's player is in control as its starter (nobody, if they are not one of them)."""
    who = tavern.restarted
    back = [n for n in seats if not tavern.player(n).out]
    tavern = ante(evolve(tavern, restarted=""), back, 1)
    control = who if who in back else None
    who = _payers(tavern)
    return tavern.note(f"the Round of Gambling starts over: {len(back)} {who} ante 1 "
                       "Gold"), back, control


def share(tavern: Tavern, winner: str, sharer: str) -> Resolution[Tavern]:
    """``sharer`` takes half the pot (rounded down); with a Prize in it, the winner chooses
    whether to give it to them or keep it (001: "the original winner chooses whether to
    give the Prize to Captain Whitehawk or to keep it for themselves")."""
    half = tavern.pot // 2
    mat = tavern.mat(sharer)
    tavern = tavern.with_player(evolve(mat, gold=mat.gold + half),
                                f"{sharer} takes {half} Gold of the pot", pot=tavern.pot - half)
    if tavern.prize is None:
        return tavern
    keep = f"keep {tavern.prize.name}"
    choice = yield Decision("prize-share", f"{winner}: keep the Prize or give it to "
                            f"{sharer}?", (keep, f"give it to {sharer}"), Decider.PLAYER,
                            winner, state=tavern)
    if choice == keep:
        return tavern
    taker = tavern.player(sharer)
    return tavern.with_player(evolve(taker, kept=(*taker.kept, tavern.prize)),
                              f"{sharer} takes the Prize {tavern.prize.name}", prize=None)


def award(tavern: Tavern, control: str | None) -> Tavern:
    """The pot to the player in control, or to the Inn (A-69); its Prize to the player
    who takes the pot (001: "In a team game, a Prize is won by the individual player who
    takes the pot"), or back to the Inn with it."""
    pot, prize = tavern.pot, tavern.prize
    if control is None:
        if prize is not None:
            tavern = tavern.with_pile(PRIZES, (*tavern.pile(PRIZES), prize))
        return evolve(tavern, inn=tavern.inn + pot, pot=0, prize=None).note(
            f"the Round of Gambling ends with no winner: {pot} Gold to the Inn")
    winner = tavern.mat(control)
    tavern = tavern.with_player(evolve(winner, gold=winner.gold + pot), pot=0, prize=None)
    tavern = bonus_gold(tavern, control) if pot > 0 else tavern
    won = f"{control} wins the Round of Gambling: {pot} Gold"
    if prize is None:
        return tavern.note(won)
    taker = tavern.player(control)  # the Prize and the line in one copy (issue 19)
    return tavern.with_player(evolve(taker, kept=(*taker.kept, prize)),
                              f"{control} takes the Prize {prize.name}", won)


def leave(tavern: Tavern, name: str, when: str, in_round: list[str],
          chosen: str | None = None) -> Resolution[tuple[Tavern, bool]]:
    """``name`` may play a card that leaves the Round (A-68); True if they left."""
    leavers = sorted(cards_with(tavern.player(name), Verbs.LEAVE))
    if chosen is None:
        if not leavers or name not in in_round:
            return tavern, False
        chosen = yield Decision("leave", f"{name}: leave the Round of Gambling {when}?",
                                (PASS, *leavers), Decider.PLAYER, name, state=tavern)
        if chosen == PASS:
            return tavern, False
    tavern, card = yield from take_card(tavern, name, chosen)
    tavern, outcome = yield from play_card(tavern, name, card)
    if outcome.negated:
        return tavern, False
    return tavern.note(f"{name} leaves the Round of Gambling"), True


def _payers(tavern: Tavern) -> str:
    """Who antes, in the log's words: "teams" when every side is a team of two or more (one
    ante a team's mat), else "players"."""
    teams = tavern.seating().teams.values()
    return "teams" if all(len(seats) > 1 for seats in teams) else "players"
