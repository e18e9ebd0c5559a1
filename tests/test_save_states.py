"""Saves that load into a state the game cannot produce are refused in one line naming the
field (issue 45, item 7): a tavern save's values are not coerced (``bar_deck = "no"`` is not
on, ``"3"`` and ``4.9`` are not whole numbers) and a key it does not write is unknown; an
encounter save seats 2 to 6 players and 1 to all of them people; a campaign save unlocks
and archives only what the scenarios won gave, and its game's loadout names only cards and
Items of the Heroes' kits that the campaign has made available.

One row per case: the save kind, what is changed, and the field the refusal names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgpack
import pytest

from tales.campaign import saves as campaign_saves
from tales.engine.saves import SavedGame, SaveError
from tales.engine.state import Loadout
from tales.tavern.encounter import saves as encounter_saves
from tales.tavern.rdi.terminal import Seating, read_game, save_bytes
from tests.test_campaign_saves import PLAYING
from tests.test_save_fuzz import packed

ROOT = Path(__file__).resolve().parents[1]
TAVERN = Seating(4, 1, 7, ("karl",), bar_deck=True)
ENCOUNTER = encounter_saves.Saved(encounter_saves.Table(3, 2, 9, veterans=(1,)), (0, 1))


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def payload(data: bytes) -> dict[str, Any]:
    value: dict[str, Any] = msgpack.unpackb(data[12:])
    return value


def tavern(change: Callable[[dict[str, Any]], None]) -> bytes:
    value = payload(save_bytes(TAVERN, [0, 1]))
    change(value)
    data = packed(value)
    assert data is not None
    return data


def encounter(change: Callable[[dict[str, Any]], None]) -> bytes:
    value = payload(encounter_saves.encode(ENCOUNTER))
    change(value)
    data = packed(value)
    assert data is not None
    return data


def seat(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda save: save["table"].__setitem__(key, value)


def at(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda save: save.__setitem__(key, value)


def refusal(read: Callable[[Path], Any], path: Path, data: bytes) -> str:
    path.write_bytes(data)
    with pytest.raises(SaveError) as caught:
        read(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: "), message
    return message


TAVERN_CASES = [
    ("bar_deck 'no' is not on", seat("bar_deck", "no"), "table.bar_deck"),
    ("bar_deck 1 is not true", seat("bar_deck", 1), "table.bar_deck"),
    ("players '3' is not 3", seat("players", "3"), "table.players"),
    ("players 4.9 is not 4", seat("players", 4.9), "table.players"),
    ("players true is not 1", seat("players", True), "table.players"),
    ("9 players: 2 to 8", seat("players", 9), "table.players"),
    ("5 Challengers against Boss Otto: 1 to 4",
     lambda s: s["table"].update(mode="boss otto", players=5), "table.players"),
    ("no person at the table", seat("people", 0), "table.people"),
    ("more people than players", seat("people", 5), "table.people"),
    ("a seed below 0", seat("seed", -1), "table.seed"),
    ("a mode no rulebook has", seat("mode", "chaos"), "table.mode"),
    ("a mode that is a list (the soak's 6 tracebacks)", seat("mode", [[]]), "table.mode"),
    ("a bot that is a list", seat("bot", ["greedy"]), "table.bot"),
    ("a bot that is not one", seat("bot", "clever"), "table.bot"),
    ("a Character Deck that is not a name", seat("characters", [3]), "table.characters[0]"),
    ("an Advanced adjustment that is not one", seat("advanced", ["harder"]),
     "table.advanced[0]"),
    ("three factions", seat("factions", ["a", "b", "c"]), "table.factions"),
    ("11 extra Potions: 0 to 10", seat("extra_potions", 11), "table.extra_potions"),
    ("a file name that is a number", seat("drinks", 5), "table.drinks"),
    ("an unknown key at the table", seat("colour", "red"), "table.colour"),
    ("a key of the table missing", lambda s: s["table"].pop("bot"), "table.bot"),
    ("an unknown key in the save", at("cheats", True), "cheats"),
    ("a choice that is not an option number", at("choices", [0, "1"]), "choices[1]"),
    ("a negative choice", at("choices", [-1]), "choices[0]"),
    ("choices that are not a list", at("choices", 3), "choices"),
]


@pytest.mark.parametrize(("change", "field"), [c[1:] for c in TAVERN_CASES],
                         ids=[c[0] for c in TAVERN_CASES])
def test_a_tavern_save_the_game_cannot_make_is_refused(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], field: str) -> None:
    message = refusal(read_game, tmp_path / "game.sav", tavern(change))
    assert f"malformed tavern save ({field}: " in message, message


def test_a_tavern_save_from_before_boss_otto_still_loads(tmp_path: Path) -> None:
    """The keys added later (hard, otto, factions, advanced, extra_potions) may be missing:
    an older save takes their defaults."""
    path = tmp_path / "old.sav"

    def old(save: dict[str, Any]) -> None:
        for key in ("hard", "otto", "factions", "advanced", "extra_potions"):
            del save["table"][key]
    path.write_bytes(tavern(old))
    assert read_game(path) == (TAVERN, [0, 1])


ENCOUNTER_CASES = [
    ("1 player: 2 to 6", at("players", 1), "players"),
    ("100 players: 2 to 6", at("players", 100), "players"),
    ("'3' players is not 3", at("players", "3"), "players"),
    ("0 people", at("people", 0), "people"),
    ("-2 people", at("people", -2), "people"),
    ("more people than players", at("people", 4), "people"),
    ("a veteran seat past the last", at("veterans", [4]), "veterans[0]"),
    ("a veteran seat twice", at("veterans", [1, 1]), "veterans[1]"),
    ("a seed that is text", at("seed", "9"), "seed"),
    ("a deck that is not a file name", at("deck", None), "deck"),
    ("an unknown key", at("house_rules", 1), "house_rules"),
    ("a key missing", lambda s: s.pop("module"), "module"),
    ("a choice that is not a number", at("choices", [0.5]), "choices[0]"),
]


@pytest.mark.parametrize(("change", "field"), [c[1:] for c in ENCOUNTER_CASES],
                         ids=[c[0] for c in ENCOUNTER_CASES])
def test_an_encounter_save_the_game_cannot_make_is_refused(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], field: str) -> None:
    message = refusal(encounter_saves.read, tmp_path / "game.sav", encounter(change))
    assert f"malformed save ({field}: " in message, message


def test_a_good_encounter_save_loads(tmp_path: Path) -> None:
    path = tmp_path / "game.sav"
    path.write_bytes(encounter_saves.encode(ENCOUNTER))
    assert encounter_saves.read(path) == ENCOUNTER


GAME = PLAYING.game
assert GAME is not None
LOADOUT = GAME.setup.loadout
assert LOADOUT is not None


def playing_with(loadout: Loadout) -> Any:
    assert GAME is not None
    return replace(PLAYING, game=SavedGame(replace(GAME.setup, loadout=loadout), GAME.seed,
                                           GAME.choices))


CAMPAIGN_CASES = [
    ("a Vault card unlocked before anything was won",
     replace(PLAYING, next=0, attempt=1, results=PLAYING.results[1:], game=None),
     "campaign.unlocked[0]"),
    ("a Vault card no scenario won gives", replace(PLAYING, unlocked=("Caltrops", "Duck")),
     "campaign.unlocked[1]"),
    ("a card archived before the scenario that archives it",
     replace(PLAYING, archived=("Cheap shot",)), "campaign.archived[0]"),
    ("a loadout card no kit has",
     playing_with(replace(LOADOUT, cards={"gerki": ("Cheap shot", "Moonbeam")})),
     "campaign.game.setup.loadout.cards.gerki[1]"),
    ("a loadout card still in the Vault",
     playing_with(replace(LOADOUT, cards={"gerki": ("Duck",)})),
     "campaign.game.setup.loadout.cards.gerki[0]"),
    ("a loadout Item no kit has",
     playing_with(replace(LOADOUT, items={"gerki": ("Golden goose",)})),
     "campaign.game.setup.loadout.items.gerki[0]"),
    ("a loadout for a Hero the campaign does not play",
     playing_with(replace(LOADOUT, cards={"deirdre": ()})),
     "campaign.game.setup.loadout.cards"),
]


@pytest.mark.parametrize(("campaign", "field"), [c[1:] for c in CAMPAIGN_CASES],
                         ids=[c[0] for c in CAMPAIGN_CASES])
def test_a_campaign_save_the_game_cannot_make_is_refused(
        tmp_path: Path, campaign: Any, field: str) -> None:
    message = refusal(campaign_saves.read, tmp_path / "trip.tales",
                      campaign_saves.encode(campaign))
    assert f"inconsistent campaign save ({field}: " in message, message


def test_the_campaign_these_cases_change_loads(tmp_path: Path) -> None:
    path = tmp_path / "trip.tales"
    path.write_bytes(campaign_saves.encode(PLAYING))
    assert campaign_saves.read(path) == PLAYING
