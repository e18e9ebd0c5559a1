"""A campaign in progress: who plays, where they are, what they have unlocked, and the
scenario being played.

The campaign goes through its scenarios in order (glossary: Chapter, Scenario). A Victory
unlocks what the scenario's rewards name from the Vault (Hero cards to the Heroes, Items
to the Armory) and retires what they name to the Archive, then moves on; a defeat means the
scenario is played again ("replay after a loss"). Power Tree steps per scenario can be
moved up or down to change the difficulty (glossary: Power Tree, "Adjusting Game
Difficulty"), and Legend difficulty rolls the Doom Die on every Attack (Appendix C).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from tales.content.campaigns import CampaignFile, CampaignScenario, load_campaign_file
from tales.engine.content import ROOTS, find_file, hero_kit, load_context
from tales.engine.saves import (
    MAX_NAME,
    MAX_STEPS,
    UNSIGNED_64,
    Malformed,
    SavedGame,
    game_fields,
    game_payload,
    maybe_text,
    names,
    table,
    text,
    truth,
    whole,
)
from tales.engine.state import GameRules, GameState, Loadout, Setup, earlier_defaults
from tales.errors import TalesError
from tales.rules.items import Allowance, solo_allowance
from tales.solo.setup import solo_hero_cards


@dataclass(frozen=True)
class ScenarioResult:
    """How one play of a scenario ended."""

    number: int
    title: str
    result: str
    reason: str
    rounds: int
    attempt: int


@dataclass(frozen=True)
class Campaign:
    """The campaign's state: everything a campaign save holds."""

    name: str
    campaign_file: str
    heroes: tuple[str, ...]
    companion: str | None = None
    legend: bool = False
    steps_change: int = 0  # Power Tree steps above (or below) each scenario's number
    seed: int = 0
    next: int = 0  # index of the scenario to play next
    attempt: int = 0  # plays of that scenario so far
    unlocked: tuple[str, ...] = ()
    archived: tuple[str, ...] = ()
    results: tuple[ScenarioResult, ...] = ()
    notes: tuple[str, ...] = ()
    game: SavedGame | None = None  # the scenario being played: setup, seed, choices

    def finished(self, file: CampaignFile) -> bool:
        """Every scenario has been won."""
        return self.next >= len(file.scenarios)

    def current(self, file: CampaignFile) -> CampaignScenario:
        """The scenario to play now."""
        if self.finished(file):
            raise TalesError(f"campaign {self.name!r} is finished: every scenario is won")
        return file.scenarios[self.next]

    def to_dict(self) -> dict[str, Any]:
        """Plain values for a save."""
        return {
            "name": self.name, "campaign_file": self.campaign_file,
            "heroes": list(self.heroes), "companion": self.companion, "legend": self.legend,
            "steps_change": self.steps_change, "seed": self.seed, "next": self.next,
            "attempt": self.attempt, "unlocked": list(self.unlocked),
            "archived": list(self.archived),
            "results": [r.__dict__ for r in self.results], "notes": list(self.notes),
            "game": None if self.game is None else game_payload(self.game),
        }

    @classmethod
    def from_dict(cls, data: Any, source: str) -> Campaign:
        """A campaign from :meth:`to_dict`'s values, every field checked (its type, its
        range, the keys of each table): :class:`~tales.engine.saves.Malformed` naming the
        first bad one (``campaign.legend``). ``source`` is not used: it is kept for
        callers."""
        here = "campaign"
        data = table(data, here, FIELDS)
        name = text(data["name"], f"{here}.name", 64)
        if not NAME.fullmatch(name):
            raise Malformed(f"{here}.name", f"{name!r} is not a campaign name")
        results = data["results"]
        if not isinstance(results, list):
            raise Malformed(f"{here}.results", "a list of scenario results")
        return cls(
            name, text(data["campaign_file"], f"{here}.campaign_file"),
            names(data["heroes"], f"{here}.heroes", 8, least=1),
            maybe_text(data["companion"], f"{here}.companion", MAX_NAME),
            truth(data["legend"], f"{here}.legend"),
            whole(data["steps_change"], f"{here}.steps_change", -MAX_STEPS, MAX_STEPS),
            whole(data["seed"], f"{here}.seed", 0, UNSIGNED_64 - 1),
            whole(data["next"], f"{here}.next", 0, MAX_SCENARIOS),
            whole(data["attempt"], f"{here}.attempt", 0, MAX_PLAYS),
            names(data["unlocked"], f"{here}.unlocked", MAX_PLAYS),
            names(data["archived"], f"{here}.archived", MAX_PLAYS),
            tuple(_result(r, f"{here}.results[{n}]") for n, r in enumerate(results)),
            _notes(data["notes"], f"{here}.notes"),
            None if data["game"] is None else game_fields(data["game"], f"{here}.game"))


NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
FIELDS = ("name", "campaign_file", "heroes", "companion", "legend", "steps_change", "seed",
          "next", "attempt", "unlocked", "archived", "results", "notes", "game")
MAX_SCENARIOS = 10_000  # scenarios in a campaign file
MAX_PLAYS = 100_000  # plays of a campaign's scenarios, names unlocked or archived
MAX_ROUNDS = 100_000


def _result(value: Any, field: str) -> ScenarioResult:
    data = table(value, field, ("number", "title", "result", "reason", "rounds", "attempt"))
    if data["result"] not in ("victory", "defeat"):
        raise Malformed(f"{field}.result", f"victory or defeat, not {data['result']!r:.40}")
    return ScenarioResult(
        whole(data["number"], f"{field}.number", 0, MAX_SCENARIOS),
        text(data["title"], f"{field}.title", empty=True), data["result"],
        text(data["reason"], f"{field}.reason", empty=True),
        whole(data["rounds"], f"{field}.rounds", 0, MAX_ROUNDS),
        whole(data["attempt"], f"{field}.attempt", 1, MAX_PLAYS + 1))


def _notes(value: Any, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_PLAYS:
        raise Malformed(field, "a list of notes")
    return tuple(text(note, f"{field}[{n}]", 1 << 16, empty=True)
                 for n, note in enumerate(value))


def check_name(name: str) -> str:
    """A campaign's name, if it can name a file in the saves folder (and nothing else)."""
    if not NAME.fullmatch(name):
        raise TalesError(f"campaign name {name!r}: use letters, digits, - and _ (64 at most)")
    return name


def campaign_file(campaign: Campaign) -> CampaignFile:
    """The campaign file a campaign follows (found as ``tales`` finds bundled content)."""
    return load_campaign_file(find_file(campaign.campaign_file, "scenarios"))


def portable(path: str) -> str:
    """``path`` relative to the working directory or the checkout when it is inside one,
    so a save names its files the same way on another machine."""
    resolved = Path(path).resolve()
    for root in ROOTS:
        try:
            return str(resolved.relative_to(root.resolve()))
        except ValueError:
            continue
    return path


def new_campaign(name: str, file_name: str, heroes: tuple[str, ...],
                 companion: str | None = None, legend: bool = False, steps_change: int = 0,
                 seed: int = 0) -> Campaign:
    """A new campaign, checked: the Heroes (and Companion) can play its first scenario."""
    check_name(name)
    found = find_file(file_name, "scenarios")
    load_campaign_file(found)  # read first: a FIFO or a loop of links is one line
    campaign = Campaign(name, portable(str(found)), heroes,
                        companion, legend, steps_change, seed)
    file = campaign_file(campaign)
    load_context(setup_for(campaign, file))  # a one-line error now, not mid-campaign
    return campaign


def available(campaign: Campaign, file: CampaignFile, names: tuple[str, ...]
              ) -> tuple[str, ...]:
    """The names (Hero cards or Items) a Hero may take: not in the Vault (still locked, not
    unlocked yet) and not in the Archive."""
    locked = set(file.vault) - set(campaign.unlocked)
    return tuple(n for n in names if n not in locked and n not in campaign.archived)


def setup_for(campaign: Campaign, file: CampaignFile) -> Setup:
    """The setup of the scenario to play now: its Power Tree steps (with the campaign's
    difficulty change), each Hero's unlocked cards and Items, Solo Mode's extras."""
    entry = campaign.current(file)
    kits = [hero_kit(h) for h in campaign.heroes]
    solo = campaign.companion is not None
    cards = {k.id: available(campaign, file, k.card_titles()) for k in kits}
    items = {k.id: available(campaign, file, tuple(i.name for i in k.item_specs()))
             for k in kits}
    hero_cards = solo_hero_cards(file.hero_cards, entry.number) if solo else file.hero_cards
    allowance = file.allowance
    if solo:
        more = solo_allowance(Allowance(*allowance))
        allowance = (more.support, more.major, more.masterwork)
    steps = max(entry.power_tree_steps + campaign.steps_change, 0)
    return Setup(portable(entry.file), campaign.heroes, campaign.legend, None, steps,
                 companion=campaign.companion,
                 loadout=Loadout(cards, items, hero_cards, allowance))


def check_progress(campaign: Campaign, file: CampaignFile) -> None:
    """Refuse, with :class:`~tales.engine.saves.Malformed` naming the field, a campaign that
    does not follow its campaign file: the next scenario past the last, results that are not
    the plays :func:`record` makes (one Victory per scenario won, in order, and the defeats
    since the last one counted in ``attempt``), or a game in progress that is not the current
    scenario's setup (its scenario, Heroes, Companion, Legend, Power Tree steps, rules)."""
    here = "campaign"
    if campaign.next > len(file.scenarios):
        raise Malformed(f"{here}.next", f"{campaign.next} is past the last scenario "
                        f"({len(file.scenarios)} in {file.source})")
    if campaign.game is not None and campaign.finished(file):
        raise Malformed(f"{here}.game", "a scenario in progress after the last one")
    numbers = {entry.number for entry in file.scenarios}
    for n, result in enumerate(campaign.results):
        if result.number not in numbers:
            raise Malformed(f"{here}.results[{n}].number",
                            f"no scenario {result.number} in {file.source}")
    won = [r.number for r in campaign.results if r.result == "victory"]
    if won != [entry.number for entry in file.scenarios[:campaign.next]]:
        raise Malformed(f"{here}.results", f"the Victories ({won}) are not those of the "
                        f"{campaign.next} scenarios won")
    won_rewards = file.scenarios[:campaign.next]
    for key, kept in (("unlocked", campaign.unlocked), ("archived", campaign.archived)):
        given = {n for entry in won_rewards
                 for n in (entry.unlock if key == "unlocked" else entry.archive)}
        for n, name in enumerate(kept):
            if name not in given:
                raise Malformed(f"{here}.{key}[{n}]", f"{name!r:.40} is not a reward of the "
                                f"{campaign.next} scenarios won")
    since = len(campaign.results) - max(
        (n + 1 for n, r in enumerate(campaign.results) if r.result == "victory"), default=0)
    if campaign.attempt != since:
        raise Malformed(f"{here}.attempt", f"{campaign.attempt}, but the results show {since} "
                        "defeats since the last Victory")
    game = campaign.game
    if game is None:
        return
    field = f"{here}.game.setup"
    entry = file.scenarios[campaign.next]
    setup = game.setup
    steps = max(entry.power_tree_steps + campaign.steps_change, 0)
    expected = [("heroes", campaign.heroes), ("companion", campaign.companion),
                ("legend", campaign.legend), ("power_tree_steps", steps), ("dice", None),
                ("rules", GameRules())]
    for key, value in expected:
        if key == "rules" and setup.rules == earlier_defaults():
            continue  # begun before a default changed: it goes on as it was begun
        if getattr(setup, key) != value:
            raise Malformed(f"{field}.{key}", f"{getattr(setup, key)!r:.40}, but the campaign "
                            f"plays {value!r:.40}")
    try:
        same = find_file(setup.scenario, "scenarios").resolve() == Path(entry.file).resolve()
    except TalesError:
        same = False
    if not same:
        raise Malformed(f"{field}.scenario", f"{setup.scenario!r:.60} is not scenario "
                        f"{entry.number} of the campaign ({portable(entry.file)})")
    if setup.loadout is None:
        raise Malformed(f"{field}.loadout", "missing (a campaign's game has one)")
    _check_loadout(campaign, file, setup.loadout, f"{field}.loadout")


def _check_loadout(campaign: Campaign, file: CampaignFile, loadout: Loadout,
                   field: str) -> None:
    """Refuse a loadout naming a Hero the campaign does not play, or a card or Item that
    Hero's kit does not have or that the campaign has not made available (still in the
    Vault, or in the Archive): the Hero would play without it, silently."""
    for part, chosen in (("cards", loadout.cards), ("items", loadout.items)):
        for hero, taken in chosen.items():
            if hero not in campaign.heroes:
                raise Malformed(f"{field}.{part}", f"{hero!r:.40} is not a Hero of the "
                                "campaign")
            try:
                kit = hero_kit(hero)
            except TalesError:
                continue  # a kit that cannot be read: the game says so when it loads
            own = kit.card_titles() if part == "cards" else tuple(
                i.name for i in kit.item_specs())
            free = available(campaign, file, own)
            for n, name in enumerate(taken):
                if name not in free:
                    why = "not in the kit" if name not in own else "not available (in the " \
                        "Vault or the Archive)"
                    raise Malformed(f"{field}.{part}.{hero}[{n}]", f"{name!r:.40}: {why}")


def game_seed(campaign: Campaign) -> int:
    """The dice seed of the current scenario's current attempt (from the campaign's seed)."""
    sequence = np.random.SeedSequence(campaign.seed, spawn_key=(campaign.next,
                                                                campaign.attempt))
    return int(sequence.generate_state(1, dtype=np.uint64)[0])


def start_game(campaign: Campaign, file: CampaignFile) -> Campaign:
    """Begin (or keep) the current scenario's game."""
    if campaign.game is not None:
        return campaign
    return replace(campaign, game=SavedGame(setup_for(campaign, file), game_seed(campaign), ()))


def record(campaign: Campaign, file: CampaignFile, state: GameState) -> Campaign:
    """The campaign after the current scenario ended with ``state``."""
    entry = campaign.current(file)
    assert state.result is not None
    result = ScenarioResult(entry.number, entry.title, state.result.value, state.reason,
                            state.round, campaign.attempt + 1)
    campaign = replace(campaign, results=(*campaign.results, result), game=None)
    if result.result != "victory":
        return replace(campaign, attempt=campaign.attempt + 1)
    unlocked = tuple(dict.fromkeys((*campaign.unlocked, *entry.unlock)))
    archived = tuple(dict.fromkeys((*campaign.archived, *entry.archive)))
    return replace(campaign, next=campaign.next + 1, attempt=0, unlocked=unlocked,
                   archived=archived)
