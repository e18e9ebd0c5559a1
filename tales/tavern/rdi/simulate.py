"""Playing The Red Dragon Inn many times with bots: win rates per character, game length,
how players went out. Each game's generator is spawned from the seed by its number, so the
report depends only on the seed, the table and the number of games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game
from tales.engine.pool import in_order
from tales.errors import TalesError
from tales.evolve import evolve
from tales.tavern import DECKS as DECKS  # where it has always been importable from
from tales.tavern.rdi import events, variants
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.decks import (
    load_character,
    load_drinks,
    load_dungeon,
    load_events,
    load_prizes,
    load_pub_crawl,
)
from tales.tavern.rdi.model import Event, EventKind, Mode, Tavern, Variant
from tales.tavern.rdi.ottodata import OttoRules
from tales.tavern.rdi.ottodecks import load_otto
from tales.tavern.rdi.rules import CharacterDeck, play_game


def deck_file(name: str) -> Path:
    """A Character Deck by file path, or by bundled name (``karl`` is
    ``decks/characters/karl.toml``)."""
    return _bundled(name, "characters", "Character Deck")


def _bundled(name: str, folder: str, what: str) -> Path:
    """A file by path, or by the name of one bundled in ``decks/<folder>/`` (a hyphen
    standing for an underscore: ``lich-king``)."""
    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        return path
    for stem in (name, name.replace("-", "_")):
        bundled = DECKS / folder / f"{stem}.toml"
        if bundled.exists():
            return bundled
    known = ", ".join(sorted(p.stem for p in (DECKS / folder).glob("*.toml")))
    raise TalesError(f"no {what} {name!r} (bundled: {known})")


def table(players: int, characters: Sequence[str] | None, mode: Mode
          ) -> tuple[list[str], list[CharacterDeck]]:
    """Seat names and decks: the given decks dealt in turn, or the bundled ones; the seats
    that play a Boss deck (the Boss of a Boss Battle, every seat of Boss Versus Boss...)
    need a villain (the bundled villains dealt in turn by default)."""
    files = [deck_file(c) for c in characters] if characters else sorted(
        (DECKS / "characters").glob("*.toml"))
    pool = [load_character(f) for f in files]
    bosses = [n for n in range(players) if variants.boss_deck(mode, n)]
    if characters or not bosses:
        decks = [pool[n % len(pool)] for n in range(players)]
    else:
        villains = [d for d in pool if d.villain]
        if bosses and not villains:
            raise TalesError(f"{mode.value} needs a villain's deck (villain = true)")
        heroes = [d for d in pool if not d.villain] or pool
        decks, dealt = [], 0
        for n in range(players):
            if n in bosses:
                decks.append(villains[bosses.index(n) % len(villains)])
            else:
                decks.append(heroes[dealt % len(heroes)])
                dealt += 1
    for n in bosses:
        if not decks[n].villain:
            raise TalesError(f"{decks[n].character} is not a villain: only a villain can play "
                             f"a Boss deck (seat {n + 1} in {mode.value})")
    names = [f"{d.character} #{n + 1}" for n, d in enumerate(decks)]
    return names, decks


def dungeon_file(name: str) -> Path:
    """A Dungeon by file path, or by bundled name (``practice-armory`` is
    ``decks/dungeons/practice-armory.toml``)."""
    return _bundled(name, "dungeons", "Dungeon")


#: The add-ons' bundled sample files.
SAMPLE_DUNGEON = "practice-armory"
SAMPLE_PRIZES = DECKS / "prizes-sample.toml"


SAMPLE_DUNGEON_EVENTS = DECKS / "events" / "dungeon-sample.toml"
SAMPLE_SEA_EVENTS = DECKS / "events" / "sea-sample.toml"
SAMPLE_PUB_CRAWL = DECKS / "pub-crawl-sample.toml"


SAMPLE_OTTO = DECKS / "otto" / "boss-otto-sample.toml"


#: The Boss Otto - Advanced adjustments (001: "try adding any combination"), by the name
#: of their command-line flag, and the rules field each sets.
ADVANCED = {"hard-cards": "hard_cards", "epic-cards": "epic_cards",
            "threat-hard": "threat_hard", "tough-components": "tough_components"}


def otto_for(mode: Mode, hard: bool = False, otto: str | None = None,
             factions: Sequence[str] = (), advanced: Sequence[str] = (),
             extra_potions: int = 0) -> OttoRules | None:
    """Boss Otto's decks (a file, by default the sample) and "Boss Otto - Advanced": with
    ``hard`` the Hard and Epic Mode cards, the Threat Level - Hard side and Tough
    Components, or any of them named in ``advanced`` (:data:`ADVANCED`), and
    ``extra_potions`` more Potion Tokens for Otto ("Potion Token Imbalance");
    ``factions``: the two played (default: two at random)."""
    if mode is not Mode.BOSS_OTTO:
        if hard or otto or factions or advanced or extra_potions:
            raise TalesError("--hard, the Advanced flags, --otto and --faction are for "
                             "--variant boss-otto")
        return None
    unknown_options = [a for a in advanced if a not in ADVANCED]
    if unknown_options:
        raise TalesError(f"no Boss Otto adjustment {unknown_options[0]!r} (there are: "
                         f"{', '.join(ADVANCED)})")
    if not 0 <= extra_potions <= 10:
        raise TalesError("--extra-potions is 0 to 10")
    rules = load_otto(otto or SAMPLE_OTTO)
    unknown = [f for f in factions if f not in rules.names]
    if unknown or (factions and len(set(factions)) != 2):
        raise TalesError(f"--faction names two different factions of: "
                         f"{', '.join(rules.names)}")
    chosen = set(ADVANCED) if hard else set(advanced)
    return evolve(rules, factions=tuple(factions), extra_potions=extra_potions,
                  **{field: name in chosen for name, field in ADVANCED.items()})


def variant_for(mode: Mode, bar_deck: bool = False, dungeon: str | None = None,
                prizes: str | None = None, dungeon_events: str | None = None,
                sea_events: str | None = None, pub_crawl: str | None = None,
                otto: OttoRules | None = None) -> Variant:
    """The variant a table plays: its structure and add-ons (files named or bundled)."""
    decks: list[tuple[EventKind, tuple[Event, ...], int]] = []
    if sea_events:  # 002: only "Playing with Dungeon Events and Sea Events"
        if not dungeon_events:
            raise TalesError("Sea Events are played with Dungeon Events (add "
                             "--dungeon-events)")
        decks.append((EventKind.SEA, load_events(sea_events, (EventKind.SEA,))[1],
                      events.SEA_WITH_DUNGEON))
    if dungeon_events:
        decks.append((EventKind.DUNGEON,
                      load_events(dungeon_events, (EventKind.DUNGEON,))[1],
                      events.DUNGEON_WITH_SEA if sea_events else events.ALONE))
    return Variant(mode, bar_deck=bar_deck,
                   dungeon=load_dungeon(dungeon_file(dungeon)) if dungeon else None,
                   prizes=load_prizes(prizes) if prizes else (), event_decks=tuple(decks),
                   pubs=load_pub_crawl(pub_crawl) if pub_crawl else (), otto=otto)


@dataclass(frozen=True)
class Sweep:
    """What every game of a simulation plays (plain values, so it goes to a worker)."""

    players: int
    seed: int
    characters: tuple[str, ...] | None
    drinks: str | None
    mode: Mode
    bar_deck: bool
    bot: str
    dungeon: str | None
    prizes: str | None
    dungeon_events: str | None
    sea_events: str | None
    pub_crawl: str | None
    hard: bool = False
    otto: str | None = None
    factions: tuple[str, ...] = ()
    advanced: tuple[str, ...] = ()  # some of the Advanced adjustments (ADVANCED)
    extra_potions: int = 0


@dataclass(frozen=True)
class Played:
    """What the report needs of one game."""

    winners: tuple[str, ...]  # their characters
    sides: tuple[str, ...]  # the winners' sides, one each
    team: str  # the first winner's team ("": the Boss)
    characters: tuple[str, ...]  # every seat's character
    turns: int
    decisions: int
    lines: tuple[str, ...]  # the log lines that say how players went out


@lru_cache(maxsize=4)
def _prepared(sweep: Sweep) -> tuple[list[str], list[CharacterDeck], Any, Variant]:
    names, decks = table(sweep.players, list(sweep.characters) if sweep.characters else None,
                         sweep.mode)
    drink_deck = load_drinks(sweep.drinks or DECKS / "drinks-sample.toml")
    variant = variant_for(sweep.mode, sweep.bar_deck, sweep.dungeon, sweep.prizes,
                          sweep.dungeon_events, sweep.sea_events, sweep.pub_crawl,
                          otto_for(sweep.mode, sweep.hard, sweep.otto, sweep.factions,
                                   sweep.advanced, sweep.extra_potions))
    return names, decks, drink_deck, variant


def one_game(sweep: Sweep, number: int) -> Played:
    """Game ``number`` of ``sweep`` (its generator spawned from the seed by the number)."""
    names, decks, drink_deck, variant = _prepared(sweep)
    rng = np.random.default_rng(np.random.SeedSequence(sweep.seed, spawn_key=(number,)))
    try:
        run: Game[Tavern] = Game(lambda: play_game(names, decks, drink_deck,
                                                   variant=variant))
    except ValueError as error:
        raise TalesError(str(error)) from None
    final = run.play(policy(sweep.bot, rng))
    winners = tuple(final.winners or ())
    return Played(tuple(final.player(n).character for n in winners),
                  tuple(final.player(n).side for n in winners),
                  final.player(winners[0]).team if winners else "",
                  tuple(p.character for p in final.players), final.turn - 1,
                  len(run.choices),
                  tuple(line for line in final.log if _went_out(line) is not None))


def _went_out(line: str) -> str | None:
    if line.endswith(("is out of Gold: out of the game", "are out of Gold: out of the game")):
        return "out of Gold"
    if " passes out: " in line or " pass out: " in line:
        return "passed out"
    if line.startswith("a tie between"):
        return "tie"
    if line.startswith("stopped after"):
        return "unfinished (turn limit)"
    return None


def simulate(players: int, games: int, seed: int, characters: list[str] | None = None,
             drinks: str | None = None, mode: Mode = Mode.INDIVIDUAL, bar_deck: bool = False,
             bot: str = "random", dungeon: str | None = None, prizes: str | None = None,
             dungeon_events: str | None = None, sea_events: str | None = None,
             pub_crawl: str | None = None, workers: int = 1, hard: bool = False,
             otto: str | None = None, factions: Sequence[str] = (),
             advanced: Sequence[str] = (), extra_potions: int = 0) -> dict[str, Any]:
    """The report of ``games`` games, the same whatever ``workers`` (local processes)."""
    sweep = Sweep(players, seed, tuple(characters) if characters else None, drinks, mode,
                  bar_deck, bot, dungeon, prizes, dungeon_events, sea_events, pub_crawl,
                  hard, otto, tuple(factions), tuple(advanced), extra_potions)
    _, _, _, variant = _prepared(sweep)  # a bad table or file fails here, once
    wins: dict[str, float] = {}
    side_wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    how: Counter[str] = Counter()
    turns: list[int] = []
    decisions: list[int] = []
    for played in in_order(one_game, sweep, games, workers):
        turns.append(played.turns)
        decisions.append(played.decisions)
        for character in played.winners:
            wins[character] = wins.get(character, 0.0) + 1 / len(played.winners)
        side_wins["tie" if len(set(played.sides)) > 1 else played.team if played.winners
                  else "none"] += 1  # a team's name ("": the Boss)
        seats.update(played.characters)
        how.update(went for line in played.lines if (went := _went_out(line)))
    report: dict[str, Any] = {
        "players": players, "games": games, "seed": seed, "variant": mode.value,
        "bar_deck": bar_deck, "bot": bot,
        "dungeon": variant.dungeon.name if variant.dungeon else None,
        "prizes": len(variant.prizes),
        "event_decks": [kind.value for kind, _, _ in variant.event_decks],
        "pub_crawl": len(variant.pubs),
        **({"boss_otto": {"hard": hard, "advanced": sorted(ADVANCED) if hard
                          else sorted(advanced), "extra_potions": extra_potions,
                          "factions": list(factions) or "two at random"}}
           if variant.otto is not None else {}),
        "win_rate_per_seat": {c: round(wins.get(c, 0.0) / seats[c], 4) for c in sorted(seats)},
        "turns": {"mean": round(float(np.mean(turns)), 1), "min": min(turns),
                  "max": max(turns)},
        "decisions_per_game": round(float(np.mean(decisions)), 1),
        "losses": dict(how.most_common())}
    if mode not in (Mode.INDIVIDUAL, Mode.BOSS_VERSUS_BOSS):  # games of teams
        report["team_wins"] = {s: round(n / games, 4) for s, n in sorted(side_wins.items())}
    return report
