"""The Red Dragon Inn rulings issue 43 found carried out wrong, as a table of cases quoting
the passage each follows (one a reading: ``docs/rules-decisions.md``). The cards are the
sample decks' (``decks/characters/``) and test fixtures."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi import model
from tales.tavern.rdi.characters import lich_king, natyli
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import WHOLE, drink_phase
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import EDITION, Card, CardKind, Drink, DrinkEvent, Player, Tavern
from tales.tavern.rdi.rules import settle
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, check_character, plays, seat
from ._seeds import row
from .test_characters_000_wrench_cases import OVERCHARGE, with_gizmos, wrench_seat, zap

Step, Target, Verb, Who = model.Step, model.Target, model.Verb, model.Who

def sample(deck: str, title: str) -> Any:
    """A card of a bundled sample deck, by its name's start."""
    return next(c for c in load_character(DECKS / "characters" / f"{deck}.toml").cards
                if c.name.startswith(title))


BODYGUARD = sample("torglesnarf", "A bodyguard steps in")  # redirect a Fortitude loss


def torg(*hand: Any) -> Player:
    return Player("torg", "Torglesnarf (test)", 10, hand=hand, mechanics="torglesnarf")


DRAGON = Drink("Dragon Breath Ale", 4)
CONTEST = Drink("Drinking Contest", event=DrinkEvent.DRINKING_CONTEST)
MEAD = Drink("Mead", 3, splits=True)


def drinks(name: str, *deck: Drink) -> Start:
    """``name``'s Drink Phase, with ``deck`` the Drink Deck (top last) if given."""
    return lambda tavern: drink_phase(replace(tavern, drink_deck=deck or tavern.drink_deck),
                                      name)


IM_IN = Card("Gambling? I'm in!", CardKind.GAMBLING, starts_round=True)


def gambles(name: str) -> Start:
    """``name`` plays "Gambling? I'm in!" as their Action, with the Debuff supply."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        for debuff in natyli.DEBUFFS:
            tavern = tavern.with_supply(debuff, 1)
        return (yield from start_round(tavern, name, IM_IN))
    return start


def settled(start: Start, number: int = EDITION) -> Start:
    """``start``, then the losses settled as after any card, by the rules' edition
    ``number``."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = yield from start(tavern)
        return (yield from settle(tavern))
    return edition(begin, number)


STAB = Card("Stab (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
FINGER = lich_king.IGNORES[0].name  # Detach a finger: Ignore a card affecting Fortitude


def lich() -> Player:
    return seat("lich", mechanics="lich_king", tokens={natyli.PAIN: 1, lich_king.FINGER: 5})


GRUNT = sample("torglesnarf", "Grunt the Brawler")  # a Minion: "pick another player..."
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
NOPE = Card("Nope (test)", CardKind.SOMETIMES, (Step(Verb.NEGATE, target=Target.ACTION),))


READ = Card("Rest (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, 1),))
TOME = Card("Tome (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -3, Who.TARGET),
                                             Step(Verb.FORTITUDE, -1)))
TIP = Card("Tip (test)", CardKind.ANYTIME, (Step(Verb.PAY, 1, Who.ANY, to_inn=True),))


def teamed(player: Player, team: str) -> Player:
    return replace(player, team=team)


def edition(start: Start, number: int) -> Start:
    """``start`` at a table played by the rules' edition ``number``."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = replace(tavern, variant=replace(tavern.variant, edition=number))
        return (yield from start(tavern))
    return begin


CASES = [
    row("I43-1-a-loss-redirected-to-a-sacrificed-gizmo-does-nothing", "000",
        "To do this, move a Gizmo from the play area in front of you to your discard pile.",
        [wrench_seat(), torg(BODYGUARD)],
        with_gizmos(plays("wrench", OVERCHARGE, "torg"), zap(3)),
        {"respond": [BODYGUARD.name], "whom": [zap(3).name]},
        {"fortitude": {"wrench": 20, "torg": 20}, "discard": 2,
         "said:redirected to Sparkcoil Zapper (sample) #1 (wrench) does nothing": True}),
    row("I43-2-a-drink-event-is-discarded-once-it-has-resolved", "001",
        "Reveal the top card of your Drink Me! Pile, follow the instructions on the card and "
        "place it in the Drink Deck discard pile.",
        [replace(seat("ann"), drink_me=(CONTEST,)), seat("bob")], drinks("ann", DRAGON), {},
        {"gold": {"ann": 10, "bob": 8}, "said:bob reveals Drinking Contest": False,
         "said:bob has no Drink to reveal": True}),
    row("I43-3-mead-may-be-drunk-whole", "001",
        "When players are done affecting the Drink, the player who revealed it may choose a "
        "player with whom to split it.",
        [replace(seat("ann"), drink_me=(MEAD,)), seat("bob")], drinks("ann"),
        {"split-partner": [WHOLE]},
        {"alcohol": {"ann": 3, "bob": 0}, "options:split-partner": ("bob", WHOLE),
         "said:ann splits Mead with nobody": True}),
    row("I43-3-mead-split-with-a-player", "001",
        "When players are done affecting the Drink, the player who revealed it may choose a "
        "player with whom to split it.",
        [replace(seat("ann"), drink_me=(MEAD,)), seat("bob")], drinks("ann"),
        {"split-partner": ["bob"]}, {"alcohol": {"ann": 2, "bob": 2}}),
    row("I43-4-a-power-jinx-makes-gambling-ante-0", "000",
        "This includes \u201cGambling, I\u2019m in!\u201d, so if a player has a Power Jinx "
        "and plays \u201cGambling, I\u2019m in!\u201d as their Action, a Round of Gambling "
        "begins, but each player antes 0 Gold!",
        [seat("phrenk", tokens={natyli.JINX: 1}), seat("natyli", mechanics="natyli")],
        gambles("phrenk"), {},
        {"gold": {"phrenk": 10, "natyli": 10}, "said:2 players ante 0 Gold": True}),
    row("I43-4-without-a-jinx-gambling-antes-1", "001",
        "When a Round of Gambling begins, normal play is suspended and each player must ante 1 "
        "Gold, putting it in the middle of the table",
        [seat("phrenk"), seat("natyli", mechanics="natyli")], gambles("phrenk"), {},
        {"gold": {"phrenk": 11, "natyli": 9}, "said:2 players ante 1 Gold": True}),
    row("I43-6-a-finger-ignores-a-pain-curse", "000",
        "A finger may Ignore all card types such as Action, Sometimes, Anytime, Drink, Event, "
        "etc., as well as non-card effects such as Natyli's Debuffs and Amundyr's Scarabs.",
        [seat("bob"), lich(), seat("natyli", mechanics="natyli")],
        settled(plays("bob", STAB, "lich")), {"respond": ["pass", FINGER]},
        {"fortitude": {"lich": 18}, "said:lich Ignores the Pain Curse's extra loss": True,
         "said:lich detaches a finger": True}),
    row("I43-6-the-pain-curse-lands-when-not-ignored", "000",
        "Immediately after you lose Fortitude, lose an additional Fortitude, then return this "
        "Debuff Token to Natyli.",
        [seat("bob"), lich(), seat("natyli", mechanics="natyli")],
        settled(plays("bob", STAB, "lich")), {},
        {"fortitude": {"lich": 17}, "count:respond": 2,
         "said:lich loses 1 more Fortitude from the Pain Curse": True}),
    row("I43-6-edition-1-saves-replay-as-played", "000",
        "Immediately after you lose Fortitude, lose an additional Fortitude, then return this "
        "Debuff Token to Natyli.",
        [seat("bob"), lich(), seat("natyli", mechanics="natyli")],
        settled(plays("bob", STAB, "lich"), 1), {},
        {"fortitude": {"lich": 17}, "count:respond": 1}),
    row("I43-8-a-minion-comes-into-play-aimed-at-nobody", "002",
        "When you play a Minion, play it face-up in front of you.",
        [torg(), seat("bob", DUCK), seat("carol")], plays("torg", GRUNT), {},
        {"count:target": 0, "respond:bob": 0, "fortitude": {"bob": 20},
         "said:comes into play": True}),
    row("I43-8-a-minion-may-still-be-negated", "002",
        "If Torglesnarf plays a Minion from his hand and another player plays an effect that "
        "would Negate an Action, the card is Negated and the Minion does not come into play.",
        [torg(), seat("bob", NOPE)], plays("torg", GRUNT), {"respond": [NOPE.name]},
        {"count:target": 0, "said:comes into play": False, "said:is Negated": True}),
    row("I43-8-edition-1-saves-replay-as-played", "002",
        "When you play a Minion, play it face-up in front of you.",
        [torg(), seat("bob", DUCK), seat("carol")], edition(plays("torg", GRUNT), 1), {},
        {"count:target": 1, "respond:bob": 1}),
    row("I43-log-no-ignoring-your-own-card-that-does-nothing-to-you", "001",
        "When you Ignore a card, the card resolves normally, but it has no effect on you.",
        [seat("ann", DUCK, TIP), seat("bob"), seat("carol")], plays("ann", READ), {},
        {"respond:ann": 0}),
    row("I43-log-ignoring-your-own-card-that-hurts-you", "001",
        "When you Ignore a card, the card resolves normally, but it has no effect on you.",
        [seat("ann", DUCK), seat("bob"), seat("carol")], plays("ann", TOME, "bob"),
        {"respond": [DUCK.name]}, {"fortitude": {"ann": 20, "bob": 17}}),
    row("I43-log-no-negating-your-teammates-card", "001",
        "Some Sometimes Cards allow you to Negate or Ignore another card.",
        [teamed(seat("ann"), "A"), teamed(seat("ned", NOPE), "A"), teamed(seat("bob"), "B"),
         teamed(seat("bea"), "B")], plays("ann", STAB, "bob"), {},
        {"respond:ned": 0, "fortitude": {"bob": 18}}),
    row("I43-log-edition-1-asks-as-before", "001",
        "Some Sometimes Cards allow you to Negate or Ignore another card.",
        [seat("ann", DUCK, TIP), seat("bob"), seat("carol")], edition(plays("ann", READ), 1),
        {}, {"respond:ann": 2}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_issue_43(quote: str, players: list[Player], start: Start,
                  answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, players[0].name, ())


@pytest.mark.parametrize(("deck", "seed"), [("valeria", "001"), ("amundyr", "002"),
                                            ("torglesnarf", "002")])
def test_sample_boss_decks_have_the_rulebooks_count(deck: str, seed: str) -> None:
    """001: "For most Bosses, including Valeria, this will result in a 55-card Character
    Deck"; 002: "For Amundyr, Daareka, and Torglesnarf, this will result in a 55-card
    Character Deck": 40 cards and 15 Boss cards, every one labelled a sample. The Boss cards
    added in issue 43 are of the rules' edition 2: a table of edition 1 (an old save) deals
    the deck as it was."""
    from tales.tavern.rdi.rules import _owned

    cards = load_character(DECKS / "characters" / f"{deck}.toml")
    boss = [c for c in cards.cards if c.boss]
    assert len(boss) == 15 and len(_owned(cards, "x", True)) == 55
    assert all(c.name.endswith("(sample)") for c in boss)
    assert len(_owned(cards, "x", True, 1)) == 40 + sum(c.edition == 1 for c in boss)
    assert len(_owned(cards, "x", False)) == 40


def test_a_negated_card_is_said_negated_once() -> None:
    """Issue 43: "every Negate is printed twice"."""
    from ._play import run, table

    final = run(plays("ann", STAB, "bob")(table([seat("ann"), seat("bob", NOPE)])),
                {"respond": [NOPE.name]})
    assert sum(line.endswith("Stab (test) is Negated") for line in final.log) == 1
    assert final.player("bob").fortitude == 20


def test_the_table_shows_a_teams_numbers_once_and_no_marks() -> None:
    """Issue 43: a team's shared Fortitude, Alcohol and Gold on its mat's line only ("two
    players 'Gold 10' read like 20"); the rules' own marks (Boss Otto's "watching the
    Round", an Action taken another way) are not tokens on the table."""
    from tales.tavern.rdi.characters import ACTED
    from tales.tavern.rdi.otto import WATCHING
    from tales.tavern.rdi.terminal import table_lines

    from ._play import table

    players = [replace(seat("ann", tokens={ACTED: 1, "potion": 1}), team="red"),
               replace(seat("ned"), team="red"),
               replace(seat("bob", tokens={WATCHING: 1}), team="blue"),
               replace(seat("bea"), team="blue")]
    lines = table_lines(table(players), "ann")
    assert sum("Gold 10" in line for line in lines) == 2  # one a team
    assert not any(ACTED in line or WATCHING in line for line in lines)
    assert any("1 potion" in line for line in lines)
