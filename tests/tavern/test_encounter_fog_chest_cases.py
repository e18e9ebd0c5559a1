"""The encounter game of seed 003, issue 42 items 7 and 8 (the rules' edition 3): "Bring the
chest"'s matches in the red burst, and lies about Action cards under the fog of war, as case
tables in the manner of :mod:`.test_encounter_cases` (its fixtures and :func:`check`), one row
per ruling, each quoting its seed passage; then the bots' rules of thumb, the terminal's
menus, and games of edition 2 replaying as they were played."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tales.engine.game import Game
from tales.errors import IllegalChoice
from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision
from tales.tavern.encounter import attacks, bots, fog
from tales.tavern.encounter.cards import load
from tales.tavern.encounter.effects import Incoming
from tales.tavern.encounter.fog import Bluff, Claim
from tales.tavern.encounter.model import Blow, Card, Event, Kind, Op, Rule, Step, When
from tales.tavern.encounter.simulate import SAMPLE, game
from tales.tavern.encounter.terminal import option_text

from ._seeds import row
from .test_encounter_cases import (
    CASES,
    DUCK,
    FIRE,
    FURY,
    MISS,
    SLIP,
    STATUE,
    SWORD,
    TRIP,
    Case,
    adv,
    attack_card,
    cave,
    chain,
    check,
    hit,
    on_stack,
    reveal,
    window,
)

# --- item 7: "Bring the chest" ------------------------------------------------------------

CHEST_TEXT = ("Only Attack cards with Attack values in the red burst are used; discard any "
              "other cards.")
MATCH = ("To count as a match, only the Attack value of played Attack cards is considered, "
         "not the name of the card.")
#: A test chest: 10 and 20 in its red burst; a match earns 1 Prestige.
CHEST = Event("Bring the chest (test)", (1,), rule=Rule.CHEST.value, burst=(10, 20),
              match=(Step(Op.PRESTIGE, 1),))
#: An enhanced Attack card that heals its player.
MENDING = Card("Mending Blow (test)", Kind.ENHANCED, (5, 10, 20), 1, steps=(Step(Op.HEAL, 5),))
#: Another card that shows 10, by another name.
CLUB = attack_card("Club (test)", (10, 20), 0)
IN_FORCE = {"rules": (Rule.CHEST,), "event": CHEST, "encounter": STATUE}

# --- item 8: the fog of war -------------------------------------------------------------

HIDDEN = "All cards are played hidden; tell other players what it is without actually showing it."
COUNTERED = ("If you lie and are challenged, the card is countered and you lose 3 Prestige (if "
             "you didn't lie, they lose 1 Prestige).")
#: The game's Action cards a player may name.
FOG = {"rules": (Rule.FOG,), "actions": (MISS, TRIP, FURY, DUCK)}
#: bob's Sword on the damage stack (10)
BOBS = on_stack(Blow("bob", SWORD, 1))

RULINGS = [
    row("I42-7-a-match-earns-what-the-card-says", "003", MATCH,
        Case(cave(adv("ann", 1), adv("bob", 2), **IN_FORCE), reveal("ann", SWORD)),
        {"score": [1, 0], "said:ann's Sword (test) matches 10 in the red burst": True}),
    row("I42-7-the-value-not-the-name", "003", MATCH,
        Case(cave(adv("ann", 1), adv("bob", 2), **IN_FORCE),
             chain(reveal("ann", SWORD), reveal("bob", CLUB))),
        {"score": [1, 0], "said:bob's Club (test) matches": False}),
    row("I42-7-each-burst-value-matched-by-any-card-of-it", "003", MATCH,
        Case(cave(adv("ann", 1), adv("bob", 2), rules=(Rule.CHEST,), encounter=STATUE,
                  event=Event("Two tens (test)", (1,), rule=Rule.CHEST.value, burst=(10, 10),
                              match=(Step(Op.PRESTIGE, 1),))),
             chain(reveal("ann", SWORD), reveal("bob", CLUB))),
        {"score": [1, 1]}),
    row("I42-7-a-value-off-the-burst-is-no-match", "003", CHEST_TEXT,
        Case(cave(adv("ann", 1), adv("bob", 2), **IN_FORCE),
             reveal("ann", attack_card("Dagger (test)", (5, 10), 0))),
        {"score": [0, 0], "said:matches": False}),
    row("I42-7-the-value-shown-not-with-its-rider", "003", MATCH,
        Case(cave(adv("ann", 1, riders=(SLIP,)), adv("bob", 2), **IN_FORCE,
                  matched=(10,)), reveal("ann", SWORD)),
        {"stack": (("ann", SWORD.name, 20),), "score": [0, 0]}),
    row("I42-7-edition-2-matches-nothing", "003", MATCH,
        Case(cave(adv("ann", 1), adv("bob", 2), edition=2, **IN_FORCE), reveal("ann", SWORD)),
        {"score": [0, 0]}),
    # a countered Attack card does nothing more (edition 3)
    row("I42-8-a-countered-attack-card-does-nothing-more", "003", COUNTERED,
        Case(cave(adv("ann", 1, life=80), adv("bob", 2), rules=(Rule.FOG,)),
             reveal("ann", MENDING), {"announce": [20], "challenge": ["yes"]}),
        {"life": [80, 100], "score": [-3, 0], "stack": (("ann", MENDING.name, 0),)}),
    row("I42-8-edition-2-a-countered-card-still-heals", "003", COUNTERED,
        Case(cave(adv("ann", 1, life=80), adv("bob", 2), rules=(Rule.FOG,), edition=2),
             reveal("ann", MENDING), {"announce": [20], "challenge": ["yes"]}),
        {"life": [85, 100], "score": [-3, 0]}),
    # Action cards played hidden
    row("I42-8-a-card-not-held-may-be-named", "003", HIDDEN,
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2), **FOG), chain(BOBS, window(When.REVEAL))),
        {"options:play": ("pass", Bluff(MISS), Bluff(TRIP), Bluff(FURY))}),
    row("I42-8-a-bluff-not-challenged-takes-effect", "003", HIDDEN,
        Case(cave(adv("ann", 1, SWORD, CLUB), adv("bob", 2), **FOG),
             chain(BOBS, window(When.REVEAL)),
             {"play": [Bluff(TRIP)], "lay": [CLUB.name],
              "challenge": ["no"]}),
        {"stack": (("bob", SWORD.name, 5),), "hand": [(SWORD.name,), ()],
         "discard": (CLUB.name,), "said:ann plays Trip (test) face down": True,
         "figures:challenge": ["bob"], "score": [0, 0]}),
    row("I42-8-a-bluff-caught-is-undone", "003", COUNTERED,
        Case(cave(adv("ann", 1, SWORD, CLUB), adv("bob", 2), **FOG),
             chain(BOBS, window(When.REVEAL)),
             {"play": [Bluff(TRIP)], "lay": [CLUB.name],
              "challenge": ["yes"]}),
        {"stack": (("bob", SWORD.name, 10),), "hand": [(SWORD.name,), ()],
         "discard": (CLUB.name,), "score": [-3, 0],
         "said:bob catches ann lying: Trip (test) is countered (Club (test) was played)": True}),
    row("I42-8-the-truth-challenged-costs-the-challenger", "003", COUNTERED,
        Case(cave(adv("ann", 1, TRIP), adv("bob", 2), **FOG), chain(BOBS, window(When.REVEAL)),
             {"play": [TRIP.name],
              "challenge": ["yes"]}),
        {"stack": (("bob", SWORD.name, 5),), "score": [0, -1], "discard": (TRIP.name,),
         "said:ann plays Trip (test) face down": True, "said:bob challenges wrongly": True}),
    row("I42-8-a-bluffed-dodge-not-challenged", "003", HIDDEN,
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2), **FOG), hit("ann", 10),
             {"play": [Bluff(DUCK)], "challenge": ["no"]}),
        {"life": [100, 100], "said:ann dodges": True, "hand": [(), ()]}),
    row("I42-8-a-bluffed-dodge-caught-the-attack-lands", "003", COUNTERED,
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2), **FOG), hit("ann", 10),
             {"play": [Bluff(DUCK)], "challenge": ["yes"]}),
        {"life": [90, 100], "score": [-3, 0], "discard": (SWORD.name,)}),
    row("I42-8-an-empty-hand-lays-nothing-so-names-nothing", "003", HIDDEN,
        Case(cave(adv("ann", 1), adv("bob", 2), **FOG), chain(BOBS, window(When.REVEAL))),
        {"count:play": 0}),
    row("I42-8-items-are-used-openly", "003",
        "When you draw an Item card, immediately place it faceup beside your character sheet.",
        Case(cave(adv("ann", 1, items=(FIRE,)), adv("bob", 2), **FOG), window(),
             {"play": [FIRE.name]}),
        {"count:challenge": 0, "creature": 25}),
    row("I42-8-edition-2-action-cards-played-openly", "003", HIDDEN,
        Case(cave(adv("ann", 1, TRIP), adv("bob", 2), edition=2, **FOG),
             chain(BOBS, window(When.REVEAL)), {"play": [TRIP.name]}),
        {"options:play": ("pass", TRIP.name), "count:challenge": 0,
         "said:ann plays Trip (test)": True, "said:face down": False}),
]


@pytest.mark.parametrize(CASES, RULINGS)
def test_rulings(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


def test_the_log_says_the_same_of_a_bluff_and_of_the_truth() -> None:
    """Until a challenge, the others read the same line whichever card was laid."""
    from .test_encounter_cases import run

    lines = []
    for hand, answers in (((TRIP,), {"play": [TRIP.name]}),
                          ((SWORD,), {"play": [Bluff(TRIP)]})):
        table = BOBS(cave(adv("ann", 1, *hand), adv("bob", 2), **FOG))
        answers = {**answers, "challenge": ["no"]}
        final = run(window(When.REVEAL)(table), answers)
        lines.append(final.log[len(table.log):])
    assert lines[0] == lines[1] == ("ann plays Trip (test) face down",
                                    "Trip (test): Sword (test) now deals 5",
                                    "nobody challenges"), lines


def test_a_new_game_knows_the_action_cards_a_player_may_name() -> None:
    from tales.tavern.encounter import rules

    from .test_encounter_cases import run

    box = load(SAMPLE)
    names = [c.name for c in run(rules.set_up(["ann", "bob"], box.cards, box.encounters))
             .actions]
    assert len(names) == len(set(names))  # one of each
    assert set(names) == {c.name for c in box.cards if c.kind is Kind.ACTION}
    assert run(rules.set_up(["ann", "bob"], box.cards, box.encounters, edition=2)).actions \
        == ()


# --- the bots' rules of thumb -------------------------------------------------------------

def _announce(true: int, life: int, prestige: int) -> Decision[Any]:
    table = cave(adv("ann", 1), adv("bob", 2), rules=(Rule.FOG,), life=life,
                 encounter=evolve(STATUE, prestige=prestige))
    return Decision("announce", "announce", (5, 10, 20, 40), Decider.PLAYER, "ann",
                    state=table, detail=true)


@pytest.mark.parametrize(("true", "life", "prestige", "said"), [
    (10, 50, 4, 10),   # no value kills: the truth
    (10, 15, 4, 20),   # 20 lands the killing blow the truth does not: worth 4 > 3
    (10, 15, 3, 10),   # worth only what a caught lie costs: the truth
    (20, 15, 5, 20),   # the truth kills already
])
def test_a_bot_lies_about_damage_only_to_land_a_killing_blow_worth_it(
        true: int, life: int, prestige: int, said: int) -> None:
    assert bots.announce(_announce(true, life, prestige)) == said


def test_a_bot_challenges_a_high_announcement_that_takes_the_kill() -> None:
    blow = Blow("ann", SWORD, 1, announced=40)  # Sword shows 10 when played
    taken = cave(adv("ann", 1), adv("bob", 2), life=30, stack=(blow,), slayer="ann")
    ask = Decision("challenge", "?", ("no", "yes"), Decider.PLAYER, "bob", state=taken,
                   detail=Claim("ann", SWORD, blow))
    assert bots.challenges(ask)
    alive = cave(adv("ann", 1), adv("bob", 2), life=100, stack=(blow,))
    assert not bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER,
                                        "bob", state=alive, detail=Claim("ann", SWORD, blow)))
    truth = Blow("ann", SWORD, 1, announced=10)
    small = cave(adv("ann", 1), adv("bob", 2), life=10, stack=(truth,), slayer="ann")
    assert not bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER,
                                        "bob", state=small, detail=Claim("ann", SWORD, truth)))


def test_a_bot_challenges_an_action_card_that_worked_against_it() -> None:
    before = BOBS(cave(adv("ann", 1), adv("bob", 2)))
    after = on_stack(Blow("bob", SWORD, 0, shift=-1))(before)  # bob's Sword tripped
    claim = Claim("ann", TRIP, None, before)
    assert bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER, "bob",
                                    state=after, detail=claim))
    third = cave(adv("ann", 1), adv("bob", 2), adv("cid", 3), stack=after.stack)
    assert not bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER,
                                        "cid", state=third, detail=Claim("ann", TRIP, None,
                                                                         third)))
    sent = Claim("ann", TRIP, None, before, Incoming("ann", 10), Incoming("bob", 10))
    assert bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER, "bob",
                                    state=before, detail=sent))


def test_a_bot_bluffs_a_defence_only_against_an_attack_it_fears() -> None:
    options = ("pass", Bluff(DUCK))
    for life, damage, wanted in ((100, 10, "pass"), (25, 10, Bluff(DUCK)),
                                 (10, 10, Bluff(DUCK))):
        table = cave(adv("ann", 1, SWORD, life=life), adv("bob", 2), **FOG)
        ask = Decision("play", "?", options, Decider.PLAYER, "ann", state=table,
                       detail=Incoming("ann", damage))
        import numpy as np

        assert bots.policy(np.random.default_rng(0))(ask) == wanted, (life, damage)


# --- the terminal's menus ---------------------------------------------------------------

def test_the_play_menu_marks_the_true_card_and_each_bluff() -> None:
    table = cave(adv("ann", 1, TRIP), adv("bob", 2), **FOG)
    ask = Decision("play", "play a card?", ("pass", TRIP.name, Bluff(FURY)), Decider.PLAYER,
                   "ann", state=table)
    words = [option_text(ask, o) for o in ask.options]
    assert words[1].startswith("Trip (test) - the true card: you hold it - halve")
    assert words[2].startswith("say Battle Fury (test) - a bluff: you lay another card face "
                               "down")
    assert "you lose 3 Prestige" in words[2]
    open_ask = Decision("play", "play a card?", ("pass", TRIP.name), Decider.PLAYER, "ann",
                        state=table)
    assert "true card" not in option_text(open_ask, TRIP.name)


def test_fog_reexports_the_prices_of_a_lie() -> None:
    assert (attacks.LIAR, attacks.WRONG) == (fog.LIAR, fog.WRONG) == (3, 1)


# --- old saves replay as they were played --------------------------------------------------

EDITION_2 = Path(__file__).resolve().parents[1] / "data" / "encounter-edition-2.json"


GAMES_2 = json.loads(EDITION_2.read_text())["games"]


def _digest(saved: dict[str, Any], edition: int) -> str:
    """The sha256 of the log of ``saved``'s choices replayed by ``edition``."""
    played: Game[Any] = Game(game(load(SAMPLE), saved["players"], edition=edition).start,
                             choices=saved["choices"])
    final = played.result if played.pending is None else played.pending.state
    return hashlib.sha256("\n".join(final.log).encode()).hexdigest()


@pytest.mark.parametrize("saved", GAMES_2, ids=lambda g: f"seed-{g['seed']}")
def test_a_game_of_edition_2_replays_as_it_was_played(saved: dict[str, Any]) -> None:
    """Games played before edition 3 (by random bots, with the fog of war and "Bring the
    chest" in them) replay from their choices by edition 2 to the very log they made."""
    assert _digest(saved, 2) == saved["log"]


def test_edition_3_plays_those_choices_otherwise() -> None:
    """The same choices by edition 3 play another game (a chest's matches score): the
    edition kept in a save is what keeps it replaying."""
    differ = 0
    for saved in GAMES_2:
        try:
            differ += _digest(saved, 3) != saved["log"]
        except IllegalChoice:
            differ += 1  # a choice of edition 2 is no option of edition 3's question
    assert differ >= 1


def test_a_bot_challenges_an_action_card_that_takes_the_kill() -> None:
    before = cave(adv("ann", 1), adv("bob", 2), life=5)
    after = cave(adv("ann", 1), adv("bob", 2), life=-5, slayer="ann")
    claim = Claim("ann", TRIP, None, before)
    assert bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER, "bob",
                                    state=after, detail=claim))
    assert not bots.challenges(Decision("challenge", "?", ("no", "yes"), Decider.PLAYER,
                                        "bob", state=before, detail=claim))


def test_the_screen_says_what_the_fog_and_the_chest_mean() -> None:
    from tales.tavern.encounter.terminal import encounter_lines

    fogged = cave(adv("ann", 1), adv("bob", 2), rules=(Rule.FOG,))
    assert any("cards are played face down and named, truly or not" in line
               and "costs 3 Prestige" in line for line in encounter_lines(fogged, STATUE))
    chest = cave(adv("ann", 1), adv("bob", 2), matched=(10,), **IN_FORCE)
    words = " ".join(encounter_lines(chest, STATUE))
    assert "red burst 10, 20: an Attack card played showing 20 is a match: 1 Prestige" in words
    done = cave(adv("ann", 1), adv("bob", 2), matched=(10, 20), **IN_FORCE)
    assert "red burst 10, 20: every value matched" in " ".join(encounter_lines(done, STATUE))


@pytest.mark.parametrize(("event", "said"), [
    ('rule = "fog of war"\nburst = [10]\nmatch = [ { prestige = 1 } ]',
     "'burst' and 'match' are a \"bring the chest\" Event's"),
    ('rule = "bring the chest"\nburst = [10]', "go together"),
    ('rule = "bring the chest"\nburst = ["ten"]\nmatch = [ { prestige = 1 } ]',
     "'burst' is a list of whole numbers"),
])
def test_a_chest_event_file_mistake_is_one_line(tmp_path: Path, event: str, said: str) -> None:
    from tales.errors import ContentError

    text = SAMPLE.read_text() + ('\n[[events]]\nname = "Bad chest (test)"\n'
                                 f'activation = [1]\n{event}\n')
    bad = tmp_path / "box.toml"
    bad.write_text(text)
    with pytest.raises(ContentError) as raised:
        load(bad)
    message = str(raised.value)
    assert said in message and "Bad chest (test)" in message and "\n" not in message
