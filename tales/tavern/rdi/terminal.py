"""The Red Dragon Inn at the terminal: people and bots at one table, hands hidden.

Each person sees the table (everyone's Fortitude, Alcohol, Gold and Drink Me! pile size,
the Inn, the pot, the Drinks being poured), the log, and only their own hand (shown again
after discarding and drawing); every choice is a numbered menu, a card offered with its
text, ``?`` shows the text of every card in hand, and discards take several numbers at
once. Bots (greedy or random) and the shuffles are seeded, so a game replays from its seed
and the people's answers.

``q`` (or the end of input) saves the game, when a save file is given: the table's options
and the option numbers chosen so far (a msgpack file written atomically by
:mod:`tales.engine.saves`); ``--resume`` replays them and goes on. A save is never written
over a file that is not an earlier save of the same game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game
from tales.engine.saves import (
    UNSIGNED_64,
    Malformed,
    SaveError,
    first_free,
    names,
    option_numbers,
    pack,
    read_bytes,
    table,
    text,
    truth,
    unpack,
    whole,
    write_atomic,
)
from tales.errors import IllegalChoice, TalesError
from tales.locks import holding_if
from tales.tavern import DECKS
from tales.tavern.at_table import drive
from tales.tavern.rdi.bots import POLICIES, policy
from tales.tavern.rdi.characters import ACTED, natyli
from tales.tavern.rdi.decks import load_drinks
from tales.tavern.rdi.model import EDITION, Card, Mode, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.otto import GAMBLED, WATCHING
from tales.tavern.rdi.ottodata import ACTIONS, GAMBLING, OTTO, SOMETIMES, target, threat
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import ADVANCED, otto_for, variant_for
from tales.tavern.rdi.simulate import table as seats
from tales.tavern.rdi.timing import ANOTHER_ACTION, ANOTHER_DRINK
from tales.tavern.rdi.zones import playable

SAVE_KIND = "tales-tavern"
#: 2: the save says the rules' edition it was played by (a version 1 save: edition 1)
SAVE_VERSION = 2
#: The most choices a save holds: a game makes a few hundred to a thousand (random bots,
#: 2 to 8 players); this many replay in about a second and a half.
MAX_CHOICES = 5_000
#: Decisions a person may answer with several numbers at once.
SEVERAL = ("discard",)


@dataclass(frozen=True)
class Seating:
    """What a game at the terminal was started with (all a save needs besides the
    choices)."""

    players: int
    people: int
    seed: int
    characters: tuple[str, ...] = ()
    mode: str = Mode.INDIVIDUAL.value
    bar_deck: bool = False
    bot: str = "greedy"
    drinks: str = ""
    dungeon: str = ""
    prizes: str = ""
    dungeon_events: str = ""
    sea_events: str = ""
    pub_crawl: str = ""
    hard: bool = False  # Boss Otto - Advanced
    otto: str = ""  # a Boss Otto file
    factions: tuple[str, ...] = ()  # the two factions Boss Otto plays
    advanced: tuple[str, ...] = ()  # some of Boss Otto's Advanced adjustments
    extra_potions: int = 0  # Boss Otto's Potion Token Imbalance
    edition: int = EDITION  # the rules' edition (:data:`.model.EDITION`): replayed by it

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["characters"] = list(self.characters)
        data["factions"] = list(self.factions)
        data["advanced"] = list(self.advanced)
        return data

    @classmethod
    def from_dict(cls, data: Any, field: str = "table") -> Seating:
        """A seating from :meth:`to_dict`'s values, every field checked and none coerced
        (``bar_deck = "no"`` is not true, ``"3"`` and ``4.9`` are not 3 and 4; a key this
        tales does not write is unknown): :class:`Malformed` naming the first bad one. The
        keys added since the first saves (Boss Otto's) may be missing: their defaults."""
        later = ("hard", "otto", "factions", "advanced", "extra_potions", "edition")
        data = table(data, field, SEATING_FIELDS, optional=later)
        got = {**Seating(2, 1, 0).to_dict(), **data}
        mode = text(got["mode"], f"{field}.mode", 40)  # text first: a list is not hashed
        if mode not in {m.value for m in Mode}:
            raise Malformed(f"{field}.mode", f"one of {', '.join(m.value for m in Mode)}, "
                            f"not {mode!r:.40}")
        least, most = (1, 4) if mode == Mode.BOSS_OTTO.value else (2, 8)
        players = whole(got["players"], f"{field}.players", least, most)
        if text(got["bot"], f"{field}.bot", 40) not in POLICIES:
            raise Malformed(f"{field}.bot", f"one of {', '.join(POLICIES)}, not "
                            f"{got['bot']!r:.40}")
        advanced = names(got["advanced"], f"{field}.advanced", len(ADVANCED))
        for n, name in enumerate(advanced):
            if name not in ADVANCED:
                raise Malformed(f"{field}.advanced[{n}]", f"no Boss Otto adjustment "
                                f"{name!r:.40}")
        files = {key: text(got[key], f"{field}.{key}", empty=True) for key in (
            "drinks", "dungeon", "prizes", "dungeon_events", "sea_events", "pub_crawl",
            "otto")}
        return cls(players, whole(got["people"], f"{field}.people", 1, players),
                   whole(got["seed"], f"{field}.seed", 0, UNSIGNED_64 - 1),
                   names(got["characters"], f"{field}.characters", MAX_CHARACTERS,
                         twice=True), mode,
                   truth(got["bar_deck"], f"{field}.bar_deck"), got["bot"],
                   files["drinks"], files["dungeon"], files["prizes"],
                   files["dungeon_events"], files["sea_events"], files["pub_crawl"],
                   truth(got["hard"], f"{field}.hard"), files["otto"],
                   names(got["factions"], f"{field}.factions", 2), advanced,
                   whole(got["extra_potions"], f"{field}.extra_potions", 0, 10),
                   whole(got["edition"], f"{field}.edition", 1, EDITION))


#: The keys of a save's table: every field of :class:`Seating`.
SEATING_FIELDS = tuple(Seating.__dataclass_fields__)
#: The most Character Decks a save names (``--character``, dealt in turn to the seats).
MAX_CHARACTERS = 100


def save_bytes(seating: Seating, choices: list[int]) -> bytes:
    return pack(SAVE_KIND, SAVE_VERSION, {"table": seating.to_dict(), "choices": choices})


def read_game(path: str | Path) -> tuple[Seating, list[int]]:
    """A tavern save: its table and choices, every field checked; one-line
    :class:`SaveError` naming the file and the field otherwise."""
    source = str(path)
    payload = unpack(read_bytes(path), source, SAVE_KIND, SAVE_VERSION, {1: _edition_1},
                     what="tavern game save")
    try:
        data = table(payload, "", ("format", "version", "table", "choices"))
        choices = option_numbers(data["choices"], most=MAX_CHOICES)
        return Seating.from_dict(data["table"]), list(choices)
    except Malformed as bad:
        raise SaveError(f"{source}: malformed tavern save ({bad})") from None


def _edition_1(payload: dict[str, Any]) -> dict[str, Any]:
    """A version 1 save was played by the rules' edition 1 (before issue 43)."""
    seating = payload.get("table")
    if isinstance(seating, dict) and "edition" not in seating:
        return {**payload, "table": {**seating, "edition": 1}}
    return payload


def ours(path: Path, seating: Seating, choices: list[int]) -> bool:
    """Whether ``path`` is free or holds an earlier save of this very game (the same table,
    its choices a beginning of ours): the only files a save may replace."""
    if not path.exists():
        return True
    try:
        theirs, before = read_game(path)
    except SaveError:
        return False
    return theirs == seating and choices[:len(before)] == before


def free_path(path: Path, seating: Seating, choices: list[int]) -> Path:
    """``path`` if a save may go there, else the first ``name-2``, ``name-3``... that may."""
    return first_free(path, lambda target: ours(target, seating, choices))


# --- what a person reads ------------------------------------------------------------------

_VERBS = ("Absorbs", "activates", "adds", "affects", "antes", "becomes", "bites", "breaks",
          "buys", "catches", "challenges", "changes", "Checks", "chooses", "claims", "comes",
          "cooks", "Crawls", "declines", "detaches", "dies", "discards", "dodges", "does",
          "draws", "drinks", "equips", "flips", "fulfils", "gains", "gathers", "gets",
          "gives", "goes", "harvests", "Ignores", "increases", "keeps", "leaves", "looks",
          "loots", "loses", "moves", "orders", "passes", "pays", "Petrifies", "plants",
          "plays", "Plots", "puts", "recombobulates", "redirects", "refuses", "replaces",
          "returns", "reveals", "sacrifices", "smashes", "sobers", "spends", "splits",
          "starts", "summons", "takes", "tithes", "treats", "turns", "uses", "Whiffs", "wins")
_IRREGULAR = {"does": "do", "goes": "go", "Petrifies": "Petrify"}
_YOU = re.compile(r"\byou (" + "|".join(_VERBS) + r")\b")
#: "you check for Traps and reveal": a second verb of the same clause (up to a : or ;)
_AND = re.compile(r"(\byou [^:;]*? and )(" + "|".join(_VERBS) + r")\b")


def _count(n: int, thing: str) -> str:
    """``1 Drink``, ``2 Drinks``, ``0 cards``."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def grammar(line: str) -> str:
    """A line about the one person called "you" in the second person: "you order", "you
    pass out", "your turn"."""
    def base(word: str) -> str:
        if word in _IRREGULAR:
            return _IRREGULAR[word]
        return word[:-2] if word.endswith(("sses", "ches", "shes")) else word[:-1]
    line = _AND.sub(lambda m: m.group(1) + base(m.group(2)), line)
    line = _YOU.sub(lambda m: "you " + base(m.group(1)), line)
    return re.sub(r"\byou's\b", "your", re.sub(r"\byou is\b", "you are",
                                              re.sub(r"\byou has\b", "you have", line)))


def describe(card: Card) -> str:
    """A card's words: its text, or what its steps do."""
    if card.text:
        return card.text
    words = [_step_words(s) for s in card.steps]
    return "; ".join(w for w in words if w) or card.kind.value


def _step_words(step: Step) -> str:
    whom = {Who.YOU: "you", Who.TARGET: "another player", Who.ANY: "a player",
            Who.EACH_OTHER: "each other player", Who.EACH: "each player"}[step.who]
    amount = step.amount
    if step.verb is Verb.FORTITUDE:
        return f"{whom}: {'gain' if amount > 0 else 'lose'} {abs(amount)} Fortitude"
    if step.verb is Verb.ALCOHOL:
        return f"{whom}: {'gain' if amount > 0 else 'lose'} {abs(amount)} Alcohol"
    if step.verb is Verb.PAY:
        return f"{whom}: pay {amount} Gold" + (" to the Inn" if step.to_inn else "")
    if step.verb in (Verb.NEGATE, Verb.IGNORE) and step.target is not None:
        return f"{step.verb.value} {step.target.value}"
    if step.verb in (Verb.REDUCE, Verb.SPIKE, Verb.HIT_BACK, Verb.COLLECT, Verb.DRAW,
                     Verb.DISCARD, Verb.ORDER, Verb.DRINK, Verb.ANTE):
        return f"{step.verb.value.replace('_', ' ')} {amount}" + (
            f" {step.stat.value}" if step.stat is not None else "")
    if step.verb is Verb.GAIN:
        return f"{whom}: gain {amount} {step.resource}"
    return step.verb.value.replace("_", " ")


def _card(tavern: Tavern, viewer: str, name: Any) -> Card | None:
    if viewer not in {p.name for p in tavern.players}:
        return None
    return next((c for c in playable(tavern, viewer) if c.name == name), None)


def explain(tavern: Any, viewer: str, option: Any) -> str:
    """The text of the card an option names, for the person choosing."""
    if not isinstance(tavern, Tavern):
        return ""
    card = _card(tavern, viewer, option)
    return describe(card) if card is not None else ""


def hand_texts(tavern: Any, viewer: str) -> list[str]:
    """Every card ``viewer`` holds, with its text (``?``)."""
    if not isinstance(tavern, Tavern):
        return []
    return [f"  {c.name} ({c.kind.value}): {describe(c)}"
            for c in tavern.player(viewer).hand] or ["  your hand is empty"]


def _kept(tavern: Tavern, player: Player, viewer: str) -> str:
    """The cards ``player`` keeps in front, as ``viewer`` sees them: a card that stays and
    was never played (a Prayer Card) is face down to other teams."""
    mine = viewer in {p.name for p in tavern.team(player.name)}
    shown = [c.name for c in player.kept if mine or not c.stays or c.revealed]
    hidden = len(player.kept) - len(shown)
    return ", ".join([*shown, *([f"{hidden} face down"] if hidden else [])])


def _in_front(tavern: Tavern, player: Player) -> list[tuple[str, tuple[Card, ...]]]:
    """The table's piles in front of ``player`` (named after them: Cormac's Rage Pool,
    Dale's Planter Box, Halden's revealed totems...), by what they are and their size."""
    mine = f"{player.name} "
    return [(pile.removeprefix(mine), cards) for pile, cards in tavern.piles
            if pile.startswith(mine) and cards]


def _pot(tavern: Tavern) -> str:
    """``, pot 3 Gold and 1 Artifact``: the Gold anted and what characters put in the pot
    beside it (Keet's Artifacts, Nitrel's Bombs: the piles ``... in the pot``); "" when
    the pot is empty."""
    parts = [f"{tavern.pot} Gold"] if tavern.pot else []
    for pile, cards in tavern.piles:
        if pile.endswith(" in the pot") and cards:
            thing = pile.removesuffix(" in the pot").removesuffix("s").capitalize()
            parts.append(_count(len(cards), thing))
    return f", pot {' and '.join(parts)}" if parts else ""


#: Marks the rules keep on a player that are not tokens on the table (never shown).
MARKS = frozenset({ACTED, ANOTHER_ACTION, ANOTHER_DRINK, WATCHING, GAMBLED,
                   *natyli.DUE.values()})


def table_lines(tavern: Tavern, viewer: str) -> list[str]:
    """The table as ``viewer`` sees it: public counts for all (teams on their shared mat,
    tokens, Drinks in front), the Drinks being poured, the hand only for them and their
    teammates (001: teammates "can look at each other's hands")."""
    lines = [f"Inn {tavern.inn} Gold" + _pot(tavern)]
    for player in tavern.players:
        mat = tavern.mat(player.name)
        shared = f" [{player.team}]" if player.team else ""
        tokens = ", ".join(f"{n} {r}" for r, n in player.tokens if r not in MARKS)
        # a team's shared Fortitude, Alcohol and Gold once, on its mat's line
        shares = bool(player.team) and mat.name != player.name
        whose = " (the team's)" if player.team else ""
        numbers = "" if shares else (
            f"Fortitude {mat.fortitude}, Alcohol {mat.alcohol}, Gold {mat.gold}{whose}, ")
        status = "out" if player.out else (
            numbers + f"{_count(len(player.drink_me), 'Drink')} waiting, "
            f"{_count(len(player.hand), 'card')}"
            + (f"; {tokens}" if tokens else "")
            + (f"; in front: {', '.join(d.name for d in player.in_front)}"
               if player.in_front else "")
            + (f"; kept: {_kept(tavern, player, viewer)}" if player.kept else "")
            + "".join(f"; {pile} {len(cards)}" for pile, cards in _in_front(tavern, player))
            + (f"; in {tavern.room_of(player.name)}" if tavern.variant.dungeon else ""))
        who = player.name if player.character == player.name else (
            f"{player.name} ({player.character})")
        lines.append(f"  {who}{shared}: {status}")
    if tavern.variant.otto is not None:  # Boss Otto's decks, Threat and Priority Target
        lines.append(f"  {OTTO}: Threat Level {threat(tavern)}; decks " + ", ".join(
            f"{pile.removeprefix('Otto ')} {len(tavern.pile(pile))}"
            for pile in (ACTIONS, SOMETIMES, GAMBLING)) + f"; the Priority Target is "
            f"{target(tavern)}")
    if tavern.minions:
        lines.append("  in play: " + ", ".join(
            m.name + (f" ({m.card.values[m.card.marker]} Fortitude)" if m.card.values else "")
            + (f" +{m.plus}" if m.plus else "")  # a Gizmo's Fortitude and "+" tokens
            for m in tavern.minions))
    for kind, deck, _, counters in tavern.events:
        lines.append(f"  {kind.value.capitalize()} Event Deck: {len(deck)} cards, "
                     f"{_count(counters, 'Progress Counter')}")
    if tavern.party:
        open_pubs = [f"{name} ({len(deck)})" for name, deck, _ in tavern.pub_decks if deck]
        lines.append(f"  the party is at {tavern.party}; open: {', '.join(open_pubs) or 'none'}")
    for drinker, label, alcohol in tavern.pouring:
        lines.append(f"  poured: {label} for {drinker} ({alcohol:+d} Alcohol)")
    for mate in tavern.team(viewer):
        whose = "your hand" if mate.name == viewer else f"{mate.name}'s hand"
        lines.append(f"  {whose}: " + ("; ".join(c.name for c in mate.hand) or "empty"))
    return lines


# --- a game --------------------------------------------------------------------------------

def start(seating: Seating) -> Callable[[], Any]:
    """The game a seating plays (the same every time: a save replays it)."""
    _, decks = seats(seating.players, list(seating.characters) or None, Mode(seating.mode))
    drinks = load_drinks(seating.drinks or Path(DECKS) / "drinks-sample.toml")
    names = _names(seating)
    variant = variant_for(Mode(seating.mode), seating.bar_deck, seating.dungeon or None,
                          seating.prizes or None, seating.dungeon_events or None,
                          seating.sea_events or None, seating.pub_crawl or None,
                          otto_for(Mode(seating.mode), seating.hard, seating.otto or None,
                                   seating.factions, seating.advanced,
                                   seating.extra_potions))
    variant = replace(variant, edition=seating.edition)
    return lambda: play_game(names, decks, drinks, variant=variant)


def _names(seating: Seating) -> list[str]:
    people = seating.people
    names = [f"you{n + 1}" if people > 1 else "you" for n in range(people)]
    return names + [f"bot{n + 1}" for n in range(seating.players - people)]


def play(players: int, people: int, seed: int, read: Callable[[str], str] | None = None,
         write: Callable[[str], None] = print, characters: list[str] | None = None,
         mode: Mode = Mode.INDIVIDUAL, bar_deck: bool = False, bot: str = "greedy",
         drinks: str = "", dungeon: str = "", prizes: str = "", dungeon_events: str = "",
         sea_events: str = "", pub_crawl: str = "", save: Path | None = None,
         resume: Path | None = None, hard: bool = False, otto: str = "",
         factions: tuple[str, ...] = (), advanced: tuple[str, ...] = (),
         extra_potions: int = 0) -> Tavern | None:
    """Play one game (or go on with the one saved in ``resume``); the final table, or None
    if a person quit, which saves the game to ``save`` (or the file resumed) when given."""
    ask = read or (lambda prompt: input(prompt))
    choices: list[int] = []
    if resume is not None:
        seating, choices = read_game(resume)
        save = save or resume
    else:
        seating = Seating(players, people, seed, tuple(characters or ()), mode.value,
                          bar_deck, bot, drinks, dungeon, prizes, dungeon_events,
                          sea_events, pub_crawl, hard, otto, tuple(factions),
                          tuple(advanced), extra_potions)
    if save is not None and not ours(save, seating, choices):
        raise TalesError(f"{save}: holds something other than this game; not written over "
                         "(give another --save FILE)")
    target = free_path(save, seating, choices) if save is not None else None
    with holding_if(target):  # one process at a time on a save
        return _play(seating, choices, resume, target, ask, write)


def _play(seating: Seating, choices: list[int], resume: Path | None, target: Path | None,
          ask: Callable[[str], str], write: Callable[[str], None]) -> Tavern | None:
    try:
        game: Game[Tavern] = Game(start(seating), choices=choices)
    except ValueError as error:  # a table the variant refuses
        raise TalesError(str(error)) from None
    except IllegalChoice as bad:
        raise TalesError(f"{resume}: the save does not replay ({bad})") from None
    humans = set(_names(seating)[:seating.people])
    bots = policy(seating.bot, np.random.default_rng([seating.seed, 1, len(choices)]))
    say: Callable[[str], None] = lambda line: write(grammar(line))  # noqa: E731
    shown = 0
    if game.seen_state is not None:  # resumed: the last few lines of the log again
        shown = max(0, len(game.seen_state.log) - 8)
        say(f"resuming {resume}: turn {game.seen_state.turn}")
    rng = np.random.default_rng([seating.seed, len(choices)]) if choices else None

    def keep(played: Game[Tavern]) -> str:
        """Save after every choice, as the encounter game and ``tales table`` do."""
        assert target is not None
        try:
            write_atomic(target, save_bytes(seating, played.choices))
        except OSError as bad:
            raise TalesError(f"cannot save to {target}: {bad.strerror or bad}") from None
        return f"saved to {target}; go on with: tales tavern play --resume {target}"

    if target is not None:
        keep(game)  # at once: a path that cannot be written is said before any play
    final = drive(game, humans, seating.seed, bots, table_lines, ask, say, explain=explain,
                  detail=hand_texts, several=SEVERAL, rng=rng, shown=shown, say_why=True,
                  keep=keep if target is not None else None)
    if final is None:
        return None
    winners = final.winners or ()
    sides = {final.player(n).side for n in winners}
    write(("Winner: " if len(winners) == 1 else "Winners: " if len(sides) == 1 else
           "A tie: ") + ", ".join(winners))
    return final
