"""The sixteen characters the Compendium (seed 000) lists "without any special mechanics
or rules", each a bundled sample deck in the base card language, and Daareka the
Mindbreaker's rule (seed 002), as a table of cases. The cards are the sample decks'."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tales.errors import TalesError
from tales.rules.decisions import Decision
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.effects import play_card
from tales.tavern.rdi.model import Card, CardKind, Player, Tavern, Verb, Who
from tales.tavern.rdi.simulate import DECKS, deck_file

from ._play import run, table
from ._seeds import FILES, SEEDS, flat, row

#: Bundled name -> the character's name in the Compendium.
PLAIN = {"bryn": "Bryn the Boatswain", "chronos": "Chronos the Time Mage",
         "daareka": "Daareka the Mindbreaker", "deirdre": "Deirdre the Priestess",
         "dimli": "Dimli the Dwarf", "eve": "Eve the Illusionist",
         "fiona": "Fiona the Volatile", "fleck": "Fleck the Bard", "gerki": "Gerki the Sneak",
         "gog": "Gog the Half-Ogre", "jasper": "Jasper the Bouncer",
         "joran": "Joran the Trickster", "sera": "Sera the Fleetfooted",
         "tara": "Tara the Navigator", "whitehawk": "Captain Whitehawk",
         "zot": "Zot the Wizard"}
HEADING = "Characters without any special mechanics or rules"


def listed() -> set[str]:
    """The names under the Compendium's heading, up to the next section."""
    text = (SEEDS / FILES["000"]).read_text(encoding="utf-8")
    section = text.split(f"## {HEADING}", 1)[1].split("\n## ", 1)[0]
    return {n.strip() for n in section.replace("\t", "\n").splitlines() if n.strip()}


DECK_CASES = [row(f"plain-{key}", "000", HEADING, key) for key in PLAIN]


@pytest.mark.parametrize(("quote", "key"), DECK_CASES)
def test_every_listed_character_has_a_sample_deck(quote: str, key: str) -> None:
    """Chosen by bundled name, it is a 40-card sample of the character the Compendium lists,
    with no rules of its own, in the base card language (no handlers, no tokens)."""
    import tomllib

    path = deck_file(key)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    deck = load_character(path)
    assert data["sample"] is True and path == DECKS / "characters" / f"{key}.toml"
    assert deck.character == f"{PLAIN[key]} (sample deck)" and PLAIN[key] in listed(), quote
    assert deck.mechanics == "" and all(c.name.endswith(" (sample)") for c in deck.cards)
    assert sum(not c.boss for c in deck.cards) == 40
    steps = [s for c in deck.cards for s in c.steps]
    assert not any(s.verb in (Verb.HANDLER, Verb.GAIN) for s in steps)
    assert not any(c.boosts or c.trap or c.minion or c.pile for c in deck.cards)
    assert any(c.starts_round for c in deck.cards)
    assert {c.kind for c in deck.cards} >= {CardKind.ACTION, CardKind.SOMETIMES,
                                            CardKind.GAMBLING, CardKind.CHEATING}


def test_the_listing_is_the_compendiums() -> None:
    assert listed() == set(PLAIN.values())


def effects(key: str) -> frozenset[tuple[Any, ...]]:
    """A deck's card effects, titles, Gambling and Cheating cards aside (its flavour)."""
    return frozenset((c.kind, c.steps) for c in load_character(deck_file(key)).cards
                     if c.kind not in (CardKind.GAMBLING, CardKind.CHEATING) and not c.boss)


@pytest.mark.parametrize("key", PLAIN)
def test_each_sample_deck_has_a_flavour_of_its_own(key: str) -> None:
    """At least two of its effects are in no other of the sixteen decks."""
    others = frozenset().union(*(effects(o) for o in PLAIN if o != key))
    assert len(effects(key) - others) >= 2


def test_a_hyphen_stands_for_an_underscore_and_errors_list_the_names() -> None:
    assert deck_file("lich-king") == DECKS / "characters" / "lich_king.toml"
    with pytest.raises(TalesError) as error:
        deck_file("nobody")
    message = str(error.value)
    assert "\n" not in message
    assert all(f" {key}," in message or message.endswith(f" {key})") for key in PLAIN)


# --- Daareka the Mindbreaker (seed 002) -------------------------------------------------

DAAREKA = load_character(DECKS / "characters" / "daareka.toml")


def named(title: str) -> Card:
    return next(c for c in DAAREKA.cards if c.name == title)


SHATTER = named("Shatter a thought (sample)")  # lose 2 Fortitude and discard a card
BENEATH = named("Beneath my notice (sample)")  # Ignore an Action card
BREAKING = named("Past my breaking point (sample)")  # hit back 1, and 1 Alcohol Content
COURTESY = named("Calm and collected (sample)")


def seat(name: str, *hand: Card) -> Player:
    return Player(name, "x", 10, hand=hand)


def daareka_plays(tavern: Tavern) -> Any:
    tavern, _ = yield from play_card(tavern, "daareka", SHATTER, "bob")
    return tavern


RULE = [
    row("daareka-lose-fortitude-and-discard", "002",
        "For example, some of Daareka's cards cause a player to lose Fortitude and discard "
        "cards.", (COURTESY, COURTESY), {}, {"fortitude": 18, "hand": 1, "kinds": []}),
    row("daareka-ignored-neither", "002",
        "If a player Ignores such a card, they neither lose Fortitude nor discard cards.",
        (BENEATH, COURTESY), {"respond": [BENEATH.name]},
        {"fortitude": 20, "hand": 1, "kinds": ["respond"]}),
    row("daareka-discard-before-hitting-back", "002",
        "A player affected by such a card must discard before they may play \u201chit-back\u201d "
        "cards against Daareka.", (BREAKING, COURTESY),
        {"discard": [COURTESY.name], "hit-back": [BREAKING.name]},
        {"fortitude": 18, "hand": 0, "kinds": ["discard", "hit-back"],
         "daareka": (19, 1)}),
]


@pytest.mark.parametrize(("quote", "hand", "answers", "expected"), RULE)
def test_daareka(quote: str, hand: tuple[Card, ...], answers: dict[str, list[Any]],
                 expected: dict[str, Any]) -> None:
    asked: list[Decision[Any]] = []
    tavern = run(daareka_plays(table([seat("daareka"), seat("bob", *hand)])), answers,
                 asked=asked)
    bob = tavern.player("bob")
    assert (bob.fortitude, len(bob.hand)) == (expected["fortitude"], expected["hand"]), quote
    kinds = [d.kind for d in asked if d.kind in ("respond", "discard", "hit-back")]
    assert [k for n, k in enumerate(kinds) if k not in kinds[:n]] == expected["kinds"], quote
    if "daareka" in expected:
        daareka = tavern.player("daareka")
        assert (daareka.fortitude, daareka.alcohol) == expected["daareka"], quote


def test_daarekas_sample_deck_says_her_rule_and_is_a_villain() -> None:
    """Her cards that cost Fortitude and cards aim both at the same player; the Boss Deck
    of 15 cards (002: "Daareka: 40-Card Character Deck, 15-Card Boss Deck")."""
    both = [c for c in DAAREKA.cards
            if {(s.verb, s.who) for s in c.steps} >= {(Verb.FORTITUDE, Who.TARGET),
                                                       (Verb.DISCARD, Who.TARGET)}]
    assert both and DAAREKA.villain
    assert sum(c.boss for c in DAAREKA.cards) == 15
    assert flat("Daareka: 40-Card Character Deck, 15-Card Boss Deck") in flat(
        (SEEDS / FILES["002"]).read_text(encoding="utf-8"))


def test_no_listed_character_has_a_rules_module() -> None:
    modules = {p.stem for p in (Path(__file__).resolve().parents[2] / "tales" / "tavern" /
                                "rdi" / "characters").glob("*.py")}
    assert not modules & set(PLAIN)
