"""Campaign files: chapters of scenarios in order, and what the campaign starts with locked.

See ``docs/formats.md``, "Campaign files". The printed campaign (25 scenarios in five
chapters) is not in the rules this project has; ``scenarios/sample-campaign.toml`` is an
original sample of one chapter.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.board.mapfile import LineFinder, exists, read_text, read_toml, refuse_unknown_keys
from tales.content.scenarios import Scenario, load_scenario
from tales.errors import ContentError, printable

CAMPAIGN_KEYS = frozenset({"sample", "title", "hero_cards", "items", "vault", "chapters"})
ENTRY_KEYS = frozenset({"number", "file", "power_tree_steps", "unlock", "archive"})


@dataclass(frozen=True)
class CampaignScenario:
    """One scenario of the campaign: its number, its file, and what winning it changes."""

    number: int
    file: str  # as resolved (relative to the working directory or absolute)
    chapter: str
    title: str
    power_tree_steps: int
    unlock: tuple[str, ...]  # from the Vault: Hero cards and Items
    archive: tuple[str, ...]  # retired to the Archive


@dataclass(frozen=True)
class CampaignFile:
    """A campaign: its scenarios in order and its starting Vault."""

    title: str
    source: str
    scenarios: tuple[CampaignScenario, ...]
    vault: tuple[str, ...]
    hero_cards: int | None = None  # Hero cards each Hero equips; None: all it has
    allowance: tuple[int, int, int] = (1, 1, 0)  # Support, Major, Masterwork Items
    sample: bool = False

    def chapters(self) -> list[str]:
        """The chapters' names, in order."""
        return list(dict.fromkeys(s.chapter for s in self.scenarios))


def load_campaign_file(path: str | Path) -> CampaignFile:
    """Read a campaign file and every scenario it names (each must load)."""
    return parse_campaign_file(read_text(path), str(path), Path(path).parent)


def parse_campaign_file(text: str, source: str = "<campaign>", base: Path | None = None
                        ) -> CampaignFile:
    """Build a :class:`CampaignFile` from its text."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    base = base or Path(".")

    def fail(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, message, line)

    refuse_unknown_keys(data, CAMPAIGN_KEYS, source, lines, "a campaign")
    title = data.get("title")
    if not isinstance(title, str) or not title:
        raise fail("needs a 'title'", lines.of_key("title"))
    hero_cards = data.get("hero_cards")
    if hero_cards is not None and (isinstance(hero_cards, bool) or not isinstance(
            hero_cards, int) or hero_cards < 0):
        raise fail("'hero_cards' is how many Hero cards each Hero equips",
                   lines.of_key("hero_cards"))
    items = data.get("items", {"support": 1, "major": 1})
    if not isinstance(items, dict) or set(items) - {"support", "major", "masterwork"} or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in items.values()):
        raise fail("'items' is { support = 1, major = 1, masterwork = 0 }", lines.of_key("items"))
    vault = _names(data.get("vault", []), "vault", fail, lines.of_key("vault"))
    chapters = data.get("chapters")
    if not isinstance(chapters, list) or not chapters:
        raise fail("needs [[chapters]], each with a name and [[chapters.scenarios]]")
    headers = lines.entries("chapters")
    entry_headers = lines.entries("chapters.scenarios")
    scenarios: list[CampaignScenario] = []
    for n, chapter in enumerate(chapters):
        line = headers[n] if n < len(headers) else None
        if not isinstance(chapter, dict) or not isinstance(chapter.get("name"), str):
            raise fail(f"chapter {n + 1}: needs a 'name'", line)
        if set(chapter) - {"name", "scenarios"}:
            raise fail(f"chapter {chapter['name']!r}: keys are name and scenarios", line)
        entries = chapter.get("scenarios")
        if not isinstance(entries, list) or not entries:
            raise fail(f"chapter {chapter['name']!r}: needs [[chapters.scenarios]]", line)
        for entry in entries:
            at = (entry_headers[len(scenarios)] if len(scenarios) < len(entry_headers)
                  else line)
            scenarios.append(_entry(entry, chapter["name"], base, fail, at, scenarios))
    return CampaignFile(title, source, tuple(scenarios), vault,
                        hero_cards, (items.get("support", 0), items.get("major", 0),
                                     items.get("masterwork", 0)),
                        bool(data.get("sample", False)))


def _names(value: Any, key: str, fail: Any, line: int | None) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise fail(f"'{key}' is a list of Hero card and Item names", line)
    return tuple(value)


def _entry(entry: Any, chapter: str, base: Path, fail: Any, line: int | None,
           earlier: list[CampaignScenario]) -> CampaignScenario:
    if not isinstance(entry, dict):
        raise fail("a campaign scenario is a table with number and file", line)
    for key in entry:
        if key not in ENTRY_KEYS:
            raise fail(f"unknown key {key!r} (a campaign scenario has: "
                       f"{', '.join(sorted(ENTRY_KEYS))})", line)
    number = entry.get("number")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise fail("each scenario needs a 'number' (1 or more)", line)
    if earlier and number <= earlier[-1].number:
        raise fail(f"scenario {number}: numbers go up through the campaign (after "
                   f"{earlier[-1].number})", line)
    name = entry.get("file")
    if not isinstance(name, str):
        raise fail(f"scenario {number}: needs a 'file'", line)
    path = Path(name) if Path(name).is_absolute() else base / name
    if not exists(path):
        raise fail(f"scenario {number}: file {name!r} not found (looked for "
                   f"{printable(str(path))})", line)
    scenario: Scenario = load_scenario(path)
    steps = entry.get("power_tree_steps", scenario.power_tree_steps)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise fail(f"scenario {number}: 'power_tree_steps' is a whole number", line)
    rewards = scenario.rewards
    unlock = tuple(rewards.get("unlock", ())) + _names(entry.get("unlock", []), "unlock",
                                                       fail, line)
    archive = tuple(rewards.get("archive", ())) + _names(entry.get("archive", []), "archive",
                                                         fail, line)
    return CampaignScenario(number, str(path), chapter, scenario.title, steps, unlock, archive)
