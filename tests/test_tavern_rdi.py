"""The Red Dragon Inn's base rules built so far, as a table of cases (one row per ruling,
each quoting the rulebook, seed 001), and invariants over random bot games (Gold conserved,
Fortitude and Alcohol within 0-20, no card lost or duplicated)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.game import Game, random_policy
from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import (
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
from tales.tavern.rdi.rules import (
    drink_phase,
    pay,
    play_game,
    resolve_losses,
    split_gold,
    starting_gold,
)

RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_b7c6e6860d142f67.txt"
DRINKS = load_drinks("decks/drinks-sample.toml")
BERTHA = load_character("decks/characters/bertha.toml")
QUILL = load_character("decks/characters/quill.toml")

LIGHT = Drink("Light Ale", 1)
WINE_CHASER = Drink("Wine with a Chaser", 2, chaser=True)
DRAGON = Drink("Dragon Breath Ale", 4)
LIGHT_CHASER = Drink("Light Ale with a Chaser", 1, chaser=True)
ROUND = Drink("Round on the House", event=DrinkEvent.ROUND_ON_THE_HOUSE)
CONTEST = Drink("Drinking Contest", event=DrinkEvent.DRINKING_CONTEST)
TEA = Drink("Pot of Tea", -1)
MEAD = Drink("Mead", 3, splits=True)

QUOTES: list[str] = []


def row(case_id: str, quote: str, *values: Any) -> Any:
    """A row: its id, the rulebook sentence it checks (verbatim from seed 001), values."""
    QUOTES.append(quote)
    return pytest.param(quote, *values, id=case_id)


def table(players: list[Player], deck: tuple[Drink, ...] = (LIGHT,) * 10, inn: int = 50
          ) -> Tavern:
    return Tavern(tuple(players), deck, inn=inn)


def run(resolution: Resolution[Tavern], answers: dict[str, list[Any]] | None = None
        ) -> Tavern:
    """Answer shuffles with the first option, scripted kinds from ``answers``."""
    queue = {k: list(v) for k, v in (answers or {}).items()}
    game = Game(lambda: resolution)
    while game.pending is not None:
        decision: Decision[Any] = game.pending
        wanted = queue.get(decision.kind)
        game.answer(wanted.pop(0) if wanted else decision.options[0])
    assert game.result is not None
    return game.result


def test_every_quote_is_in_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"the seed {RULEBOOK} is not beside this checkout")
    text = " ".join(RULEBOOK.read_text(encoding="utf-8").split())
    missing = [q for q in QUOTES if " ".join(q.split()) not in text]
    assert not missing, missing


# --- setup -----------------------------------------------------------------------------------

GOLD = [
    row("two-players-8-gold", "For games with 2 players, take 8 Gold instead.", 2, 8),
    row("three-players-10-gold", "Take 10 Gold and place it near your player mat", 3, 10),
    row("six-players-10-gold", "Take 10 Gold and place it near your player mat", 6, 10),
    row("seven-players-12-gold", "For games with 7 or more players, take 12 Gold instead.",
        7, 12),
]


@pytest.mark.parametrize(("quote", "players", "gold"), GOLD)
def test_starting_gold(quote: str, players: int, gold: int) -> None:
    assert starting_gold(players) == gold, quote


def test_setup_deals_seven_cards_a_drink_and_the_rest_of_the_gold_to_the_inn() -> None:
    """"Draw the top seven cards from your Character Deck." (001)"""
    tavern = run(play_setup(3))
    assert [len(p.hand) for p in tavern.players] == [7, 7, 7]
    assert [len(p.drink_me) for p in tavern.players] == [1, 1, 1]
    assert [(p.fortitude, p.alcohol, p.gold) for p in tavern.players] == [(20, 0, 10)] * 3
    assert tavern.inn == 200 - 30 and len(tavern.drink_deck) == 30 - 3


def play_setup(count: int) -> Resolution[Tavern]:
    from tales.tavern.rdi.rules import set_up

    names = ["ann", "bob", "cid", "dee"][:count]
    return set_up(names, [BERTHA, QUILL, BERTHA, QUILL][:count], DRINKS)


# --- drinking --------------------------------------------------------------------------------

DRINKING = [
    row("empty-pile-sobers-up",
        "If you don’t have any cards in your Drink Me! Pile when you have to drink, you "
        "start to sober up; reduce your Alcohol Content by one.",
        (), 3, {}, 2, 20),
    row("sober-up-not-below-zero",
        "Your Fortitude and Alcohol Content can never go below 0 or above 20.",
        (), 0, {}, 0, 20),
    row("chaser-adds-the-next-drink",
        "He adds the effects of both Drinks, for a total Alcohol Content of 6.",
        (DRAGON, WINE_CHASER), 0, {}, 6, 20),
    row("chaser-from-an-empty-pile-stops-without-sobering",
        "You do not sober up if your Drink Me! Pile runs out while revealing Chasers.",
        (LIGHT_CHASER,), 2, {}, 3, 20),
    row("chaser-event-is-discarded",
        "if you revealed a Drink Event, discard it without taking its effects.",
        (ROUND, LIGHT_CHASER), 0, {}, 1, 20),
    row("alcohol-capped-at-20",
        "Your Fortitude and Alcohol Content can never go below 0 or above 20.",
        (DRAGON,), 18, {}, 20, 20),
    row("pot-of-tea-lowers-alcohol",
        "Your Fortitude and Alcohol Content can never go below 0 or above 20.",
        (TEA,), 0, {}, 0, 20),
]


@pytest.mark.parametrize(("quote", "pile", "alcohol", "answers", "after", "fortitude"),
                         DRINKING)
def test_drinking(quote: str, pile: tuple[Drink, ...], alcohol: int,
                  answers: dict[str, list[Any]], after: int, fortitude: int) -> None:
    ann = Player("ann", "x", 10, alcohol=alcohol, drink_me=pile)
    tavern = run(drink_phase(table([ann, Player("bob", "x", 10)]), "ann"), answers)
    assert (tavern.player("ann").alcohol, tavern.player("ann").fortitude) == (
        after, fortitude), quote


def test_running_out_of_drinks_costs_each_player_one_gold() -> None:
    """"When you reach the end of the Drink Deck, each player must pay one Gold to the Inn"
    and the discards become a new deck at once (001, Running Out of Drinks)."""
    ann = Player("ann", "x", 10, drink_me=(ROUND,))
    bob = Player("bob", "x", 10)
    tavern = replace(table([ann, bob], deck=(LIGHT,), inn=50),
                     drink_discard=(DRAGON, DRAGON))
    after = run(drink_phase(tavern, "ann"))
    assert (after.player("ann").gold, after.player("bob").gold, after.inn) == (9, 9, 52)
    assert after.total_gold == tavern.total_gold and after.drink_deck


def test_round_on_the_house_gives_everyone_a_copy() -> None:
    ann = Player("ann", "x", 10, drink_me=(ROUND,))
    tavern = table([ann, Player("bob", "x", 10), Player("cid", "x", 10)], deck=(DRAGON,) * 5)
    after = run(drink_phase(tavern, "ann"))
    assert [p.alcohol for p in after.players] == [4, 4, 4]


CONTESTS = [
    row("contest-highest-wins-a-gold-from-each",
        "the player who revealed the Drink with the highest total Alcohol Content receives "
        "one Gold from each other player.",
        (LIGHT, LIGHT, DRAGON), ("ann", 12, 9, 9)),
    row("contest-event-counts-zero",
        "If that card is a Drink Event, it has no effect and counts as having no Alcohol "
        "Content.",
        (LIGHT, ROUND, TEA), ("cid", 9, 9, 12)),
]


@pytest.mark.parametrize(("quote", "deck", "expected"), CONTESTS)
def test_drinking_contest(quote: str, deck: tuple[Drink, ...],
                          expected: tuple[str, int, int, int]) -> None:
    """Drinks are taken from the top (the end of the tuple): ann first, then bob, then cid."""
    ann = Player("ann", "x", 10, drink_me=(CONTEST,))
    tavern = table([ann, Player("bob", "x", 10), Player("cid", "x", 10)],
                   deck=(LIGHT,) * 6 + deck)
    after = run(drink_phase(tavern, "ann"))
    winner, *gold = expected
    assert [p.gold for p in after.players] == gold, quote
    assert f"Drinking Contest: {winner} wins" in after.log[-1]


def test_mead_is_split_with_a_partner_rounded_up() -> None:
    ann = Player("ann", "x", 10, drink_me=(MEAD,))
    tavern = table([ann, Player("bob", "x", 10), Player("cid", "x", 10)])
    after = run(drink_phase(tavern, "ann"), {"split-partner": ["cid"]})
    assert [p.alcohol for p in after.players] == [2, 0, 2]


# --- Gold and losing -------------------------------------------------------------------------

SPLITS = [
    row("split-half-rounded-up-to-the-inn",
        "Split your Gold in half. One half, rounded up, goes to the Inn.", 9, 2, (2, 5)),
    row("split-remainder-to-the-inn",
        "What's left gets split evenly among the remaining players, with any remainder "
        "going to the Inn.", 10, 3, (1, 7)),
    row("split-nothing-for-one-gold", "One half, rounded up, goes to the Inn.", 1, 4, (0, 1)),
]


@pytest.mark.parametrize(("quote", "gold", "remaining", "expected"), SPLITS)
def test_gold_split(quote: str, gold: int, remaining: int, expected: tuple[int, int]) -> None:
    assert split_gold(gold, remaining) == expected, quote


def test_paying_more_than_you_have_pays_what_you_have() -> None:
    tavern = table([Player("ann", "x", 1), Player("bob", "x", 3)])
    after = pay(tavern, "ann", 2, "bob")
    assert (after.player("ann").gold, after.player("bob").gold) == (0, 4)


LOSSES: list[Any] = [
    row("passing-out-splits-gold",
        "If your Alcohol Content is ever greater than or equal to your Fortitude, you fall "
        "unconscious and the party continues without you.",
        [("ann", 9, 20, 20), ("bob", 5, 0, 20), ("cid", 5, 0, 20)],
        {"ann"}, None, [0, 7, 7]),
    row("out-of-gold-is-out",
        "If you run out of Gold, the Wench kicks you out of the Inn",
        [("ann", 0, 0, 20), ("bob", 5, 0, 20), ("cid", 5, 0, 20)],
        {"ann"}, None, [0, 5, 5]),
    row("a-share-saves-a-broke-player",
        "the player who is running out of Gold could be saved by getting a share of the "
        "Gold from the other player!",
        [("ann", 8, 20, 20), ("bob", 0, 0, 20), ("cid", 5, 0, 20)],
        {"ann"}, None, [0, 2, 7]),
    row("last-player-standing-wins",
        "Your Gold is divided between the Inn and any players still in the game.",
        [("ann", 4, 20, 20), ("bob", 5, 0, 20)], {"ann"}, ("bob",), [0, 7]),
    row("all-lose-at-once-is-a-tie",
        "If all remaining players would lose the game simultaneously, the game is a tie "
        "between those players.",
        [("ann", 4, 20, 20), ("bob", 5, 20, 20)], {"ann", "bob"}, ("ann", "bob"), [0, 0]),
]


@pytest.mark.parametrize(("quote", "players", "out", "winners", "gold"), LOSSES)
def test_losing(quote: str, players: list[tuple[str, int, int, int]], out: set[str],
                winners: tuple[str, ...] | None, gold: list[int]) -> None:
    tavern = table([Player(n, "x", g, alcohol=a, fortitude=f) for n, g, a, f in players])
    after = resolve_losses(tavern)
    assert {p.name for p in after.players if p.out} == out, quote
    assert after.winners == winners, quote
    assert [p.gold for p in after.players] == gold, quote
    assert after.total_gold == tavern.total_gold


def test_ordering_a_drink_never_targets_yourself() -> None:
    from tales.tavern.rdi.rules import order_drink

    tavern = table([Player("ann", "x", 5), Player("bob", "x", 5)])
    game = Game(lambda: order_drink(tavern, "ann"))
    assert game.log == ["bob"]  # the only legal option was taken: never "ann"
    assert game.result is not None and game.result.player("bob").drink_me == (LIGHT,)


# --- whole games ---------------------------------------------------------------------------


def _cards(tavern: Tavern) -> Counter[tuple[str, str]]:
    return Counter((p.name, c.name) for p in tavern.players
                   for c in (*p.hand, *p.deck, *p.discard))


def _drinks(tavern: Tavern) -> Counter[str]:
    return Counter(d.name for d in (*tavern.drink_deck, *tavern.drink_discard,
                                    *(d for p in tavern.players for d in p.drink_me)))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_random_games_keep_gold_limits_and_cards(seed: int, count: int) -> None:
    names = ["ann", "bob", "cid", "dee", "eve"][:count]
    decks = [BERTHA, QUILL] * 3
    game = Game(lambda: play_game(names, decks[:count], DRINKS))
    final = game.play(random_policy(np.random.default_rng(seed)))
    assert final.total_gold == 200
    assert all(0 <= p.fortitude <= 20 and 0 <= p.alcohol <= 20 for p in final.players)
    assert all(p.gold >= 0 for p in final.players)
    expected = Counter((n, c.name) for n, deck in zip(names, decks, strict=False)
                       for c in deck.cards)
    assert _cards(final) == expected
    assert _drinks(final) == Counter(d.name for d in DRINKS)
    assert final.winners
    again = Game(lambda: play_game(names, decks[:count], DRINKS), choices=game.choices)
    assert again.result == final


def test_sample_decks_load() -> None:
    assert len(DRINKS) == 30
    assert {d.name for d in DRINKS} >= {"Light Ale", "Dark Ale", "Wine", "Elven Wine",
                                        "Dragon Breath Ale", "Mead", "Pot of Tea",
                                        "Round on the House", "Drinking Contest"}
    assert all(isinstance(c, Card) for c in BERTHA.cards)
    assert BERTHA.cards[0].kind is CardKind.ACTION


def test_the_simulator_is_deterministic_by_seed(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tales.cli import main

    args = ["tavern", "simulate", "--players", "3", "--games", "5", "--seed", "4", "--json",
            "--character", "bertha", "--character", "quill"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["games"] == 5 and set(first["win_rate_per_seat"]) == {
        "Bertha the Bouncer (sample)", "Quill the Card Sharp (sample)"}
    assert main(["tavern", "simulate", "--players", "1"]) == 2


# --- responses ------------------------------------------------------------------------------

HAYMAKER = Card("Haymaker", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
SHARP_WIT = Card("Sharp wit", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.EACH_OTHER),))
NO = Card("I don't think so!", CardKind.SOMETIMES,
          (Step(Verb.NEGATE, 0, target=Target.SOMETIMES),))
WENCH = Card("Wench, take that back!", CardKind.ANYTIME,
             (Step(Verb.NEGATE, 0, target=Target.ACTION),))
NOT_TODAY = Card("Not today", CardKind.SOMETIMES,
                 (Step(Verb.IGNORE, 0, target=Target.ACTION),))
SLEIGHT = Card("Sleight of drink", CardKind.SOMETIMES,
               (Step(Verb.IGNORE, 0, target=Target.DRINK),))

RESPONSES = [
    row("negate-prevents-the-card",
        "When you Negate a card, you completely prevent it from resolving.",
        ((HAYMAKER,), (WENCH,), ()), {"respond": ["Wench, take that back!"]},
        [20, 20, 20], ["bob"]),
    row("ignore-spares-only-you",
        "When you Ignore a card, the card resolves normally, but it has no effect on you. "
        "It still affects other players as usual.",
        ((SHARP_WIT,), (NOT_TODAY,), ()), {"action": ["Sharp wit"], "respond": ["Not today"]},
        [20, 20, 19], ["bob"]),
    row("negating-the-response-lets-the-card-resolve",
        "Karl’s card is Negated, so it has no effect.",
        ((HAYMAKER, NO), (WENCH,), ()),
        {"respond": ["Wench, take that back!", "I don't think so!"]},
        [20, 18, 20], ["bob", "ann"]),
    row("cannot-ignore-what-does-not-affect-you",
        "You may only play a card of this type on a Drink that would affect you in some way.",
        ((HAYMAKER,), (), (NOT_TODAY,)), {"target": ["bob"]}, [20, 18, 20], []),
]


@pytest.mark.parametrize(("quote", "hands", "answers", "fortitude", "asked"), RESPONSES)
def test_responses(quote: str, hands: tuple[tuple[Card, ...], ...],
                   answers: dict[str, list[Any]], fortitude: list[int],
                   asked: list[str]) -> None:
    from tales.tavern.rdi.rules import action

    players = [Player(n, "x", 5, hand=h) for n, h in zip(("ann", "bob", "cid"), hands,
                                                         strict=True)]
    queue = {k: list(v) for k, v in answers.items()}
    seen: list[str] = []
    game = Game(lambda: action(table(players), "ann"))
    while game.pending is not None:
        decision = game.pending
        if decision.kind == "respond":
            seen.append(str(decision.figure))
        wanted = queue.get(decision.kind)
        default = {"respond": "pass", "action": decision.options[-1]}
        game.answer(wanted.pop(0) if wanted else
                    default.get(decision.kind, decision.options[0]))
    assert game.result is not None
    assert [p.fortitude for p in game.result.players] == fortitude, quote
    assert seen[: len(asked)] == asked, quote


def test_a_drink_can_be_ignored_by_its_drinker_only() -> None:
    """"You may not Ignore someone else’s Drink unless that player first passes it to you"."""
    ann = Player("ann", "x", 5, drink_me=(DRAGON,), hand=(SLEIGHT,))
    bob = Player("bob", "x", 5, hand=(SLEIGHT,))
    game = Game(lambda: drink_phase(table([ann, bob]), "ann"))
    assert game.pending is not None and game.pending.figure == "ann"
    game.answer("Sleight of drink")
    assert game.result is not None and game.result.player("ann").alcohol == 0
    assert game.result.player("bob").hand == (SLEIGHT,)


# --- gambling --------------------------------------------------------------------------------

IM_IN = Card("Gambling? I'm in!", CardKind.GAMBLING, starts_round=True)
RAISE = Card("I raise", CardKind.GAMBLING, (Step(Verb.ANTE, 1),))
WINNING = Card("Winning Hand!", CardKind.GAMBLING, winning_hand=True)
CHEAT = Card("Are you saying rogues can't play fair?", CardKind.CHEATING)


def gamble(hands: dict[str, tuple[Card, ...]], plays: list[str], gold: int = 5
           ) -> tuple[Tavern, list[tuple[str, tuple[str, ...]]]]:
    """Karl starts a Round as his Action; ``plays`` answer the gamble Decisions in order
    (card names or "pass"); returns the table and every gamble Decision asked."""
    from tales.tavern.rdi.rules import action

    players = [Player(n, "x", gold if n == "karl" else 5, hand=hands.get(n, ())) for n in
               ("karl", "alaric", "eisinder")]
    queue = list(plays)
    asked: list[tuple[str, tuple[str, ...]]] = []
    game = Game(lambda: action(table(players), "karl"))
    while game.pending is not None:
        decision = game.pending
        if decision.kind == "gamble":
            asked.append((str(decision.figure), tuple(decision.options)))
            game.answer(queue.pop(0))
        elif decision.kind == "action":
            game.answer("Gambling? I'm in!")
        else:
            game.answer("pass")
    assert game.result is not None and not queue
    return game.result, asked


def test_the_rulebooks_gambling_example() -> None:
    """001, Gambling Example (without Dominique, who leaves): Alaric passes, Eisinder
    raises (pot 6), Karl plays Winning Hand!, Alaric cheats, Eisinder passes, Karl plays
    Gambling? I'm in!, Alaric and Eisinder pass: "Karl wins the 6 Gold in the pot.\""""
    hands = {"karl": (IM_IN, WINNING, IM_IN), "alaric": (CHEAT,), "eisinder": (RAISE, IM_IN)}
    after, asked = gamble(hands, ["pass", "I raise", "Winning Hand!",
                                  "Are you saying rogues can't play fair?", "pass",
                                  "Gambling? I'm in!", "pass"])  # Alaric, out of cards,
    # passes without being asked
    assert [(p.name, p.gold) for p in after.players] == [
        ("karl", 9), ("alaric", 3), ("eisinder", 3)]
    assert after.pot == 0
    # after Winning Hand! only Cheating cards take control: Eisinder is offered none
    assert asked[3] == ("alaric", ("pass", "Are you saying rogues can't play fair?"))


GAMBLING = [
    row("starter-wins-when-all-pass",
        "If you play a Gambling or Cheating Card and everyone else passes, the Round of "
        "Gambling ends, and you win.",
        {"karl": (IM_IN,), "alaric": (IM_IN,)}, ["pass"], [7, 4, 4]),
    row("gambling-card-takes-control",
        "Playing either of these two types of card gives you control of the Round of "
        "Gambling.",
        {"karl": (IM_IN,), "alaric": (IM_IN,)}, ["Gambling? I'm in!"], [4, 7, 4]),
    row("winning-hand-only-cheating-beats-it",
        "A Gambling Card can be played after anything except a \"Winning Hand!\"",
        {"karl": (IM_IN,), "alaric": (WINNING,), "eisinder": (IM_IN,)},
        ["Winning Hand!"], [4, 7, 4]),
    row("cheating-beats-winning-hand",
        "A Cheating Card can be played after anything.",
        {"karl": (IM_IN,), "alaric": (WINNING,), "eisinder": (CHEAT,)},
        ["Winning Hand!", "Are you saying rogues can't play fair?"], [4, 4, 7]),
    row("ante-as-completely-as-able",
        "each player must ante 1 Gold, putting it in the middle of the table",
        {"karl": (IM_IN,)}, [], [7, 4, 4]),
]


@pytest.mark.parametrize(("quote", "hands", "plays", "gold"), GAMBLING)
def test_gambling(quote: str, hands: dict[str, tuple[Card, ...]], plays: list[str],
                  gold: list[int]) -> None:
    after, _ = gamble(hands, plays)
    assert [p.gold for p in after.players] == gold, quote
    assert after.pot == 0


def test_nobody_antes_when_the_starter_cannot() -> None:
    """001: "If you play a card that would require players to ante, but you cannot ante
    ... then no player is required to ante.\""""
    after, _ = gamble({"karl": (IM_IN,)}, [], gold=0)
    assert [p.gold for p in after.players] == [0, 5, 5] and after.pot == 0


def test_play_at_the_terminal_shows_only_your_hand() -> None:
    from tales.tavern.rdi.terminal import play

    out: list[str] = []
    answers = iter(["1"] * 2000)
    final = play(3, 1, 5, read=lambda prompt: next(answers), write=out.append)
    assert final is not None and final.winners
    hands = [line for line in out if "hand:" in line]
    assert hands and all(line.startswith("  your hand:") for line in hands)
    assert out[-1].startswith(("Winner: ", "A tie: "))
    quit_early = play(3, 1, 5, read=lambda prompt: "q", write=out.append)
    assert quit_early is None


def test_tavern_play_refuses_a_table_of_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from tales.cli import main

    assert main(["tavern", "play", "--players", "3", "--bots", "3"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


LEAVE = Card("WHAT? I CAN'T HEAR YOU", CardKind.SOMETIMES, (Step(Verb.LEAVE, 0),))


def gamble4(hands: dict[str, tuple[Card, ...]], answers: list[str]) -> Tavern:
    from tales.tavern.rdi.rules import action

    players = [Player(n, "x", 5, hand=hands.get(n, ())) for n in
               ("karl", "dominique", "alaric", "eisinder")]
    queue = list(answers)
    game = Game(lambda: action(table(players), "karl"))
    while game.pending is not None:
        decision = game.pending
        if decision.kind in ("gamble", "leave"):
            game.answer(queue.pop(0))
        elif decision.kind == "action":
            game.answer("Gambling? I'm in!")
        else:
            game.answer("pass")
    assert game.result is not None and not queue, queue
    return game.result


def test_the_whole_gambling_example_with_dominique_leaving() -> None:
    """001, Gambling Example: Dominique leaves and "does not have to ante"; "Karl wins the
    6 Gold in the pot.\""""
    hands = {"karl": (IM_IN, WINNING, IM_IN), "dominique": (LEAVE,), "alaric": (CHEAT,),
             "eisinder": (RAISE, IM_IN)}
    after = gamble4(hands, ["WHAT? I CAN'T HEAR YOU", "pass", "I raise", "Winning Hand!",
                            "Are you saying rogues can't play fair?", "pass",
                            "Gambling? I'm in!", "pass"])
    assert [p.gold for p in after.players] == [9, 5, 3, 3]


def test_a_round_with_no_one_in_control_goes_to_the_inn() -> None:
    """001: "If the Round ends before any player takes control, all anted Gold goes to the
    Inn.\""""
    after = gamble4({"karl": (IM_IN, LEAVE), "alaric": (IM_IN,)},
                    ["WHAT? I CAN'T HEAR YOU", "pass"])
    assert [p.gold for p in after.players] == [4, 4, 4, 4] and after.inn == 54
    assert after.log[-1].startswith("the Round of Gambling ends with no winner")


def test_the_last_player_in_the_round_wins_it() -> None:
    """001: "If there is ever only one player left in the Round of Gambling, the Round of
    Gambling ends and the remaining player wins.\""""
    after = gamble4({"karl": (IM_IN,), "dominique": (LEAVE,), "alaric": (LEAVE,),
                     "eisinder": (LEAVE,)},
                    ["WHAT? I CAN'T HEAR YOU", "WHAT? I CAN'T HEAR YOU",
                     "WHAT? I CAN'T HEAR YOU"])
    assert [p.gold for p in after.players] == [5, 5, 5, 5] and after.pot == 0
    assert "karl wins the Round of Gambling: 1 Gold" in after.log


PUSH = Card("Go sleep it off", CardKind.SOMETIMES,
            (Step(Verb.FORCE_OUT, 0, Who.TARGET),))


def test_forcing_the_last_rival_out_wins_the_round() -> None:
    """001: "If there is ever only one player left in the Round of Gambling, the Round of
    Gambling ends and the remaining player wins." Alaric forces Eisinder out and then Karl,
    in control, is the other one left: Alaric passes and Karl wins."""
    from tales.tavern.rdi.rules import action

    players = [Player("karl", "x", 5, hand=(IM_IN,)), Player("alaric", "x", 5, hand=(PUSH,)),
               Player("eisinder", "x", 5, hand=(IM_IN,))]
    script = {"action": ["Gambling? I'm in!"], "gamble": ["Go sleep it off"],
              "force-out": ["eisinder"]}
    game = Game(lambda: action(table(players), "karl"))
    while game.pending is not None:
        decision = game.pending
        queue = script.get(decision.kind)
        game.answer(queue.pop(0) if queue else "pass")
    final = game.result
    assert final is not None
    assert "eisinder is forced out of the Round of Gambling" in final.log
    assert [p.gold for p in final.players] == [7, 4, 4]


def test_the_forced_player_may_ignore_it() -> None:
    """001: "each player, including the one being forced out, has a chance to respond"."""
    from tales.tavern.rdi.rules import action

    shrug = Card("Not today", CardKind.SOMETIMES,
                 (Step(Verb.IGNORE, 0, target=Target.CARD),))
    players = [Player("karl", "x", 5, hand=(IM_IN,)), Player("alaric", "x", 5, hand=(PUSH,)),
               Player("eisinder", "x", 5, hand=(shrug,))]
    script = {"action": ["Gambling? I'm in!"], "gamble": ["Go sleep it off"],
              "force-out": ["eisinder"], "respond": ["Not today"]}
    game = Game(lambda: action(table(players), "karl"))
    while game.pending is not None:
        decision = game.pending
        queue = script.get(decision.kind)
        game.answer(queue.pop(0) if queue else "pass")
    assert game.result is not None
    assert "eisinder is forced out of the Round of Gambling" not in game.result.log


def test_what_the_person_at_the_terminal_reads_agrees() -> None:
    from tales.tavern.rdi.model import Mode
    from tales.tavern.rdi.terminal import grammar

    assert grammar("you Checks for Traps and reveals X: no Trap") == (
        "you Check for Traps and reveal X: no Trap")
    assert [m.printed for m in (Mode.TWO_HEADED_DRAGON, Mode.BOSS_OTTO,
                                Mode.LEADERS_AND_LACKEYS)] == [
        "Two-Headed Dragon", "Boss Otto", "Leaders and Lackeys"]
