"""Petra the Devious (seed 000): Plotted Cards, Schemes and Hellfire, as a table of cases
quoting the Compendium. The cards are her sample deck's (``decks/characters/petra.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import petra
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.effects import discard_cards
from tales.tavern.rdi.model import Card, CardKind, Mode, Player, Step, Tavern, Variant, Verb
from tales.tavern.rdi.rules import CharacterDeck, set_up, turn
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.zones import playable

from ._play import Start, bot_games, check_character, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "petra.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


KNIFE = named("A knife in the dark (sample)")  # lose 2; plotted: also pay 1, 1 Hellfire
PLAN = named("Everything is going according to plan (sample)")  # draw 1; plotted: instead 2
STOKE = named("Stoke the flames (sample)")  # 2 Hellfire
PATIENCE = named("Patience is a virtue (sample)")  # draw 1, then Plot
TWIST = named("A twist of the blade (sample)")  # not a Scheme
TRACKER = named("Hellfire Tracker (sample)")
BOSS_TRACKER = named("Hellfire Tracker, Boss Battle side (sample)")
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=named(
    "I saw that coming (sample)").steps[0].target),))
BLESSING = Card("Blessing (test)", CardKind.ANYTIME, (Step(Verb.FORTITUDE, 1),),
                pile="blessings")
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def plotted(card: Card) -> Card:
    return replace(card, owner="petra", plotted=True)


def schemer(*hand: Card, plot: tuple[Card, ...] = (), hellfire: int = 0) -> Player:
    player = seat("petra", *(replace(c, owner="petra") for c in hand), mechanics="petra",
                  deck=(FILLER,) * 10, tokens={"hellfire": hellfire})
    return replace(player, kept=tuple(plotted(c) for c in plot))


def with_tracker(start: Start) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(petra.HELLFIRE, (TRACKER,)))
    return go


def from_plot(card: Card, target: str | None = None) -> Start:
    return with_tracker(plays("petra", plotted(card), target))


def setting_up(mode: Mode) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        other = CharacterDeck("Other", (FILLER,) * 40)
        tavern = yield from set_up(["petra", "ann", "bob"], [DECK, other, other],
                                   load_drinks(DECKS / "drinks-sample.toml"),
                                   variant=Variant(mode))
        fire = petra.tracker_card(tavern, "petra")
        return tavern.note(f"tracker: {fire.name if fire else None}")
    return start


def starting_turn(tavern: Tavern) -> Resolution[Tavern]:
    return turn(tavern.with_pile(petra.HELLFIRE, (TRACKER,)))


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard_cards(tavern, "petra", 1)


CASES = [
    row("petra-hellfire-starts-lowest", "000",
        "Place the Hellfire Tracker Card next to your player mat with the Hellfire Token on "
        "the lowest-numbered space.",
        [seat("x")], setting_up(Mode.INDIVIDUAL), {},
        {"tokens": (0,), "pile:hellfire": 1, "said:tracker: " + TRACKER.name: True}),
    row("petra-boss-battle-side", "000",
        "In the latter case, in addition to shuffling the 15-card Boss Deck (with dragon "
        "heads in the corners) into your character deck, you will use the “Boss Battle” side "
        "of her Hellfire Tracker Card, which has a more powerful ability when it fires!",
        [seat("x")], setting_up(Mode.BOSS_BATTLE), {},
        {"said:tracker: " + BOSS_TRACKER.name: True, "cards": 55}),
    row("petra-scheme-added", "000",
        "Otherwise, the Scheme effect is added to the base effect.",
        [schemer(), seat("bob")], from_plot(KNIFE, "bob"), {},
        {"fortitude": {"bob": 18}, "gold": {"bob": 9}, "tokens": (1,)}),
    row("petra-scheme-from-hand", "000",
        "These cards have a different effect if they are played from the Plotted Cards area "
        "than they would have if played from your hand.",
        [schemer(), seat("bob")], plays("petra", replace(KNIFE, owner="petra"), "bob"), {},
        {"fortitude": {"bob": 18}, "gold": {"bob": 10}, "tokens": (0,)}),
    row("petra-scheme-instead", "000",
        "If a Scheme effect uses the word “instead”, it replaces the base effect.",
        [schemer(), seat("bob")], from_plot(PLAN), {}, {"hand": 2, "tokens": (1,)}),
    row("petra-scheme-answered", "000",
        "A Scheme played from the Plotted Cards area may be responded to just like a card "
        "played from your hand.",
        [schemer(), seat("bob", DUCK)], from_plot(KNIFE, "bob"), {"respond": [DUCK.name]},
        {"fortitude": {"bob": 20}, "gold": {"bob": 10}, "tokens": (1,)}),
    row("petra-plot-one", "000",
        "To do this, put a card from your hand face down into the Plotted Cards area above "
        "your player mat.",
        [schemer(TWIST), seat("bob")], plays("petra", PATIENCE), {"plot": [TWIST.name]},
        {"hand": 1, "kept": 1}),
    row("petra-no-limit", "000",
        "There is no limit to the number of cards that can be in your Plotted Cards area.",
        [schemer(TWIST, plot=(KNIFE, PLAN, TWIST)), seat("bob")], plays("petra", PATIENCE),
        {"plot": [TWIST.name]}, {"kept": 4}),
    row("petra-plot-only-her-own", "000",
        "Petra may Plot only her own Character Cards.",
        [schemer(TWIST, BLESSING), seat("bob")], plays("petra", PATIENCE), {},
        {"options:plot": ("pass", TWIST.name, FILLER.name)}),
    row("petra-gain-hellfire", "000",
        "When you gain Hellfire, move the Hellfire Token up on the circular Hellfire track.",
        [schemer(), seat("bob")], with_tracker(plays("petra", STOKE)), {}, {"tokens": (2,)}),
    row("petra-hellfire-fires", "000",
        "If the Hellfire Token gets to the “fire” spot, resolve the effect at the bottom of "
        "the Hellfire card, then move the Hellfire Token back to the first spot.",
        [schemer(hellfire=2), seat("bob")], from_plot(KNIFE, "bob"), {},
        {"fortitude": {"bob": 17}, "tokens": (0,)}),
    row("petra-hellfire-past-the-fire", "000",
        "If you would gain Hellfire that would move you past the fire spot, first move to the "
        "fire spot, then resolve the Hellfire effect, then continue gaining Hellfire.",
        [schemer(hellfire=2), seat("bob")], with_tracker(plays("petra", STOKE)), {},
        {"fortitude": {"bob": 19}, "tokens": (1,)}),
    row("petra-discard-plotted-for-hellfire", "000",
        "Before your Discard and Draw Phase, first discard all Plotted Cards and gain 1 "
        "Hellfire for each card discarded in this way.",
        [schemer(plot=(KNIFE, TWIST)), seat("bob")], starting_turn, {},
        {"said:petra discards 2 Plotted Cards": True, "tokens": (2,), "kept": 0}),
    row("petra-plot-after-discard-and-draw", "000",
        "Then Discard and Draw as normal. After this, you may Plot one card from your hand.",
        [schemer(TWIST), seat("bob")], starting_turn, {"plot": [TWIST.name]},
        {"order": ("discard", "plot"), "count:plot": 1}),
    row("petra-plotted-not-in-hand", "000",
        "This means, for example, that you may not discard them to effects that cause you to "
        "discard cards from your hand.",
        [schemer(plot=(KNIFE,)), seat("bob")], discarding, {}, {"kept": 1, "discard": 0}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_petra(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    said = {k: v for k, v in expected.items() if k.startswith(("said:", "gold", "cards"))}
    rest = {k: v for k, v in expected.items() if k not in said}
    check_character(quote, players, start, answers, rest, "petra", (petra.HELLFIRE,))
    if said:
        final = run(start(table(players)), answers)
        for key, value in said.items():
            if key == "gold":
                assert {n: final.player(n).gold for n in value} == value, quote
            elif key == "cards":
                me = final.player("petra")
                assert len(me.hand) + len(me.deck) == value, quote
            else:
                assert any(key[5:] in line for line in final.log) == value, quote


ONLY_SCHEMES = [
    row("petra-only-schemes-from-the-plot", "000",
        "You may put any card face down in this way, but you may only play Schemes from the "
        "Plotted Cards area (other cards are discarded at the beginning of your next turn in "
        "return for Hellfire)."),
]


@pytest.mark.parametrize("quote", ONLY_SCHEMES)
def test_only_schemes_are_played_from_the_plot(quote: str) -> None:
    tavern = table([schemer(plot=(KNIFE, TWIST)), seat("bob")])
    assert [c.name for c in playable(tavern, "petra")] == [KNIFE.name], quote


def test_petra_sample_deck() -> None:
    """40 cards and 15 Boss cards, a sample; Schemes with added and "instead" effects;
    the Tracker's two sides."""
    assert DECK.mechanics == "petra" and DECK.character.endswith("(sample deck)")
    own = [c for c in DECK.cards if not c.pile]
    assert len([c for c in own if not c.boss]) == 40 and sum(c.boss for c in own) == 15
    conditions = {s.condition.resource for c in own for s in c.steps if s.condition}
    assert conditions == {petra.PLOTTED, petra.UNPLOTTED}
    handlers = {s.handler for c in own for s in c.steps if s.handler}
    assert handlers == petra.HANDLERS
    assert [c.boss for c in DECK.cards if c.pile == petra.HELLFIRE] == [False, True]


def test_bots_plot_and_fire_hellfire() -> None:
    """Bots at a table of Petras Plot cards, play Schemes from the plot and fire Hellfire."""
    _, log = bot_games("petra", 3, 2)
    assert any("Plots a card" in line for line in log)
    assert any("Hellfire Tracker (sample) fires" in line for line in log)
