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
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from tales.content.campaigns import CampaignFile, CampaignScenario, load_campaign_file
from tales.engine.content import ROOTS, find_file, hero_kit, load_context
from tales.engine.saves import SavedGame, game_from_payload, game_payload
from tales.engine.state import GameState, Loadout, Setup
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
    def from_dict(cls, data: Mapping[str, Any], source: str) -> Campaign:
        """A campaign from :meth:`to_dict`'s values; ValueError or TypeError if malformed."""
        def strings(key: str) -> tuple[str, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"{key} is a list of names")
            return tuple(value)

        def whole(key: str, least: int | None = 0) -> int:
            value = data.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or (
                    least is not None and value < least):
                raise ValueError(f"{key} is a whole number")
            return value

        name, file = data["name"], data["campaign_file"]
        companion = data.get("companion")
        if not isinstance(name, str) or not isinstance(file, str) or not (
                companion is None or isinstance(companion, str)):
            raise ValueError("name, campaign_file and companion are text")
        results = data.get("results", [])
        if not isinstance(results, list) or not all(_result_ok(r) for r in results):
            raise ValueError("results is a list of scenario results")
        legend = data.get("legend", False)
        if not isinstance(legend, bool):
            raise ValueError("legend is true or false")
        game = data.get("game")
        return cls(
            name, file, strings("heroes"), companion, legend,
            whole("steps_change", None), whole("seed"), whole("next"), whole("attempt"),
            strings("unlocked"), strings("archived"),
            tuple(ScenarioResult(**r) for r in results), strings("notes"),
            None if game is None else game_from_payload(game, source))


def check_name(name: str) -> str:
    """A campaign's name, if it can name a file in the saves folder (and nothing else)."""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", name):
        raise TalesError(f"campaign name {name!r}: use letters, digits, - and _ (64 at most)")
    return name


def _result_ok(result: Any) -> bool:
    fields = {"number": int, "title": str, "result": str, "reason": str, "rounds": int,
              "attempt": int}
    return isinstance(result, dict) and set(result) == set(fields) and all(
        isinstance(result[k], t) and not isinstance(result[k], bool)
        for k, t in fields.items())


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
    campaign = Campaign(name, portable(str(find_file(file_name, "scenarios"))), heroes,
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
