"""Warthorn Redbeard (seed 000): Pipe Cards and the Story Deck, as a table of cases quoting
the Compendium. The cards are his sample deck's (``decks/characters/warthorn.toml``); his
Pipe Cards are card language (``adds``), and his rules module fires the Stories he put in
front of other players (``trigger``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tales.evolve import evolve
from tales.rules.decisions import Resolution
from tales.tavern.rdi import given
from tales.tavern.rdi.characters import warthorn
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "warthorn.toml")
STORIES = "stories"


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


HEY = named("Hey! Pay attention! (sample)")  # lose 2; a Story
YARN = named("Wench! A few drinks while I spin a yarn! (sample)")  # order 2; a Story
TRIALS = named("Did I ever tell ya 'bout Serena's Paladin trials? (sample)")  # any: 2, draw 2
KITCHEN = named("Did I ever tell ya 'bout the time there was an explosion in the kitchen? "
                "(sample)")
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.CARD),))
FEEDING = Card("Not now, it's feeding time! (test)", CardKind.SOMETIMES,
               (Step(Verb.IGNORE, target=Target.CARD),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def stories(start: Start, deck: tuple[Card, ...] = (TRIALS,), used: tuple[Card, ...] = ()
            ) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(STORIES, deck).with_pile(f"{STORIES} discard", used))
    return go


def player(name: str, *hand: Card, mechanics: str = "") -> Player:
    return seat(name, *hand, deck=(FILLER,) * 5, mechanics=mechanics)


Got = Callable[[Tavern], object]


def fortitude(name: str) -> Got:
    return lambda t: t.player(name).fortitude


def cards(name: str) -> Got:
    return lambda t: len(t.player(name).hand)


CASES = [
    row("warthorn-story-added", "000",
        "He picks Jasper for the Story. Molly loses 2 Fortitude. Jasper loses 2 Fortitude and "
        "draw 2 cards.",
        [player("warthorn"), player("molly"), player("jasper")],
        stories(plays("warthorn", HEY, "molly")), {"target": ["jasper"]},
        [(fortitude("molly"), 18), (fortitude("jasper"), 18), (cards("jasper"), 2),
         (lambda t: len(t.pile(f"{STORIES} discard")), 1)]),
    row("warthorn-same-player-for-both", "000",
        "So, in the example above, Warthorn could have chosen to have Molly lose 4 Fortitude "
        "and draw 2 cards.",
        [player("warthorn"), player("molly"), player("jasper")],
        stories(plays("warthorn", HEY, "molly")), {"target": ["molly"]},
        [(fortitude("molly"), 16), (cards("molly"), 2), (fortitude("jasper"), 20)]),
    row("warthorn-negated-all", "000",
        "If a player Negates or Ignores the Pipe Card, they Negate or Ignore everything—the "
        "Pipe Card and its added Story.",
        [player("warthorn"), player("molly"), player("jasper", NOPE)],
        stories(plays("warthorn", HEY, "molly")),
        {"target": ["jasper"], "respond": [NOPE.name]},
        [(fortitude("molly"), 20), (fortitude("jasper"), 20), (cards("jasper"), 0)]),
    row("warthorn-reshuffle", "000",
        "If the Story Deck runs out, immediately reshuffle the Story Deck discard pile and use "
        "that as the new Story Deck.",
        [player("warthorn"), player("molly")],
        stories(plays("warthorn", HEY, "molly"), deck=(), used=(KITCHEN,)),
        {"target": ["molly"]}, [(fortitude("molly"), 16)]),
    row("warthorn-orders-not-ignored", "000",
        "Molly loses no Fortitude, but Warthorn may still order Drinks for her.",
        [player("warthorn"), player("molly", FEEDING), player("jasper")],
        stories(plays("warthorn", YARN), deck=(KITCHEN,)),
        {"target": ["molly"], "respond": [FEEDING.name]},
        [(fortitude("molly"), 20), (lambda t: len(t.player("molly").drink_me), 2)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_warthorn(quote: str, players: list[Player], start: Start,
                  answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    tavern = run(start(table(players)), answers,
                 lambda d: "molly" if d.kind == "order" and "molly" in d.options else
                 ("pass" if "pass" in d.options else d.options[0]))
    for got, value in expected:
        assert got(tavern) == value, quote


FIRST = [
    row("warthorn-no-response-before-the-story", "000",
        "No player may respond to the original card until after the Story Card is revealed "
        "and added to it."),
]


@pytest.mark.parametrize("quote", FIRST)
def test_the_story_is_revealed_before_any_answer(quote: str) -> None:
    asked: list[Any] = []
    tavern = table([player("warthorn"), player("molly", NOPE)]).with_pile(STORIES, (TRIALS,))
    run(plays("warthorn", HEY, "molly")(tavern), {"target": ["molly"]}, asked=asked)
    window = next(d for d in asked if d.kind == "respond")
    assert any("reveals " + TRIALS.name in line for line in window.state.log), quote


DRAGON = named("Did I ever tell ya 'bout the time I drank a dragon under the table? (sample)")
TROLL = named("Did I ever tell ya 'bout the troll who wanted my beard? (sample)")


def in_front(holder: str) -> Got:
    return lambda t: [c.name for c in t.pile(given.before("warthorn", holder, STORIES))]


def resting(name: str, start: Start) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(evolve(tavern, resting=(name,)))
    return go


KEPT = [
    row("warthorn-story-in-front", "000",
        "Some of Warthorn’s Story Cards instruct him to put the card in front of another "
        "player.",
        [player("warthorn"), player("molly"), player("jasper")],
        stories(plays("warthorn", HEY, "molly"), deck=(DRAGON,)), {"in-front": ["jasper"]},
        [(in_front("jasper"), [DRAGON.name]), (fortitude("molly"), 18),
         (lambda t: t.pile(f"{STORIES} discard"), ())]),
    row("warthorn-story-in-front-of-one-who-ignored", "000",
        "Warthorn must do this, and he may put the card in front of any player, even one who "
        "Ignored the original card",
        [player("warthorn"), player("molly", FEEDING), player("jasper")],
        stories(plays("warthorn", HEY, "molly"), deck=(TROLL,)),
        {"respond": [FEEDING.name], "in-front": ["molly"]},
        [(in_front("molly"), [TROLL.name]), (fortitude("molly"), 20), (cards("warthorn"), 1)]),
    row("warthorn-story-in-front-of-one-ignoring-all", "000",
        "or who is Ignoring all effects due to a card like Jasper’s “I think you need some "
        "fresh air”.",
        [player("warthorn"), player("molly"), player("jasper")],
        resting("jasper", stories(plays("warthorn", HEY, "molly"), deck=(DRAGON,))),
        {"in-front": ["jasper"]}, [(in_front("jasper"), [DRAGON.name])]),
    row("warthorn-negated-story-not-kept", "000",
        "If a player Negates or Ignores the Pipe Card, they Negate or Ignore everything—the "
        "Pipe Card and its added Story.",
        [player("warthorn"), player("molly", NOPE)],
        stories(plays("warthorn", HEY, "molly"), deck=(DRAGON,)), {"respond": [NOPE.name]},
        [(in_front("molly"), []), (lambda t: t.pile(f"{STORIES} discard"), (DRAGON,))]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), KEPT)
def test_stories_kept_in_front(quote: str, players: list[Player], start: Start,
                               answers: dict[str, list[Any]],
                               expected: list[tuple[Got, object]]) -> None:
    tavern = run(start(table(players)), answers)
    for got, value in expected:
        assert got(tavern) == value, quote


MUST = [
    row("warthorn-must-put-it", "000",
        "Some of Warthorn’s Story Cards instruct him to put the card in front of another "
        "player. Warthorn must do this",
    ),
]


@pytest.mark.parametrize("quote", MUST)
def test_he_must_put_it_in_front_of_another_player(quote: str) -> None:
    asked: list[Any] = []
    tavern = table([player("warthorn"), player("molly"), player("jasper")])
    run(stories(plays("warthorn", HEY, "molly"), deck=(DRAGON,))(tavern), asked=asked)
    assert next(d.options for d in asked if d.kind == "in-front") == ("molly", "jasper"), quote


def test_a_story_in_front_happens_on_its_holders_turn() -> None:
    """The sample's Stories that stay: at the start (or end) of their holder's turn their
    steps happen to the holder, as Warthorn's, then they go to the Story discard pile."""
    key = given.before("warthorn", "molly", STORIES)
    tavern = table([player("warthorn", mechanics="warthorn"), player("molly")]).with_pile(
        key, (DRAGON, TROLL))

    def both(t: Tavern) -> Resolution[Tavern]:
        t = yield from warthorn.Warthorn().start_of_turn(t, "warthorn", "molly")
        return (yield from warthorn.Warthorn().end_of_turn(t, "warthorn", "molly"))
    final = run(both(tavern))
    assert final.player("molly").fortitude == 18 and final.player("molly").alcohol == 1
    assert final.pile(key) == () and len(final.pile(f"{STORIES} discard")) == 2


def test_warthorn_sample_deck() -> None:
    """40 cards and a 12-card Story Deck; Pipe Cards of each type; Stories that stay."""
    assert DECK.mechanics == "warthorn" and DECK.character.endswith("(sample deck)")
    assert {c.trigger.when for c in DECK.cards if c.trigger} == {"turn starts", "turn ends"}
    own = [c for c in DECK.cards if not c.pile]
    assert len(own) == 40 and len([c for c in DECK.cards if c.pile == STORIES]) == 12
    assert {c.kind for c in own if c.adds == STORIES} == {CardKind.ACTION, CardKind.SOMETIMES,
                                                          CardKind.ANYTIME}


def test_bots_tell_stories() -> None:
    _, log = bot_games("warthorn", 3, 2)
    assert any("Did I ever tell ya" in line and " reveals " in line for line in log)


def test_bots_put_stories_in_front() -> None:
    _, log = bot_games("warthorn", 4, 4)
    assert any(" puts Did I ever tell ya" in line and " in front of " in line for line in log)
