"""A Boss Otto file (``docs/formats.md``, "Boss Otto"): the factions' Action, Sometimes and
Gambling cards, each marked with its faction, its skulls, its subtype and its Whiff, and the
two sides of the Threat track. The printed cards and track are not in the seeds; the
bundled file (``decks/otto/boss-otto-sample.toml``) is an original sample.

Every mistake is one :class:`~tales.errors.ContentError` naming the file, line and card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tales.errors import ContentError
from tales.tavern.rdi.decks import _count, _file, _steps, _tables
from tales.tavern.rdi.model import RESPONSES, Card, CardKind, Verb
from tales.tavern.rdi.ottodata import DECKS, MOST_THREAT, OttoCard, OttoRules, Subtype
from tales.tavern.rdi.timing import response_verb

FILE_KEYS = frozenset({"otto", "sample", "threat", "threat_hard", "actions", "sometimes",
                       "gambling"})
CARD_KEYS = frozenset({"name", "faction", "kind", "text", "steps", "count", "skulls",
                       "subtype", "whiff", "starts_round", "winning_hand",
                       "threat_unless_gambled", "passes"})
#: The response steps Otto's revealed Sometimes card may carry out on a Provocation.
OTTO_RESPONSES = frozenset({Verb.NEGATE, Verb.IGNORE, Verb.REDUCE, Verb.SPIKE, Verb.SPLIT,
                            Verb.PASS, Verb.REDIRECT, Verb.SWAP, Verb.REPLACE_DRINK})
#: Each table of the file, the card type its cards are (a Gambling deck may hold Cheating
#: Cards too) and the subtypes allowed there.
TABLES = {"actions": (CardKind.ACTION, (Subtype.NONE, Subtype.ACTIVE, Subtype.PASSIVE)),
          "sometimes": (CardKind.SOMETIMES, tuple(Subtype)),
          "gambling": (CardKind.GAMBLING, (Subtype.NONE,))}


def load_otto(path: str | Path) -> OttoRules:
    """The Boss Otto file at ``path``: every faction's cards and the Threat track."""
    source, data, lines = _file(path, FILE_KEYS)
    tracks = []
    for key in ("threat", "threat_hard"):
        track = data.get(key)
        if not isinstance(track, list) or len(track) != MOST_THREAT or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in track):
            raise ContentError(source, f"'{key}' lists the Actions Otto prepares at each "
                               f"Threat Level, 1 to {MOST_THREAT}: {MOST_THREAT} whole "
                               "numbers, 1 or more", lines.of_key(key))
        tracks.append(tuple(track))
    cards: list[OttoCard] = []
    for table, (kind, subtypes) in TABLES.items():
        entries = data.get(table)
        if not isinstance(entries, list) or not entries:
            raise ContentError(source, f"needs [[{table}]] tables")
        for _, spec, fail in _tables(entries, lines, table, "card", source, CARD_KEYS):
            cards.extend(_card(spec, kind, subtypes, len(cards), fail))
    rules = OttoRules(tuple(cards), tracks[0], tracks[1])
    for faction in rules.names:
        for table, (kind, _) in TABLES.items():
            if not any(c.faction == faction and DECKS[c.card.kind] == DECKS[kind]
                       for c in rules.cards if c.skulls == 0):
                raise ContentError(source, f"faction {faction!r} has no {table} card without "
                                   "skulls")
    if len(rules.names) < 2:
        raise ContentError(source, "needs at least two factions (001: \"pick two Boss Otto "
                           "factions\")")
    return rules


def _card(spec: dict[str, Any], kind: CardKind, subtypes: tuple[Subtype, ...], so_far: int,
          fail: Any) -> list[OttoCard]:
    faction = spec.get("faction")
    if not isinstance(faction, str) or not faction:
        raise fail("needs 'faction', the faction it belongs to")
    if kind is CardKind.GAMBLING and spec.get("kind", "gambling") in ("gambling", "cheating"):
        kind = CardKind(spec.get("kind", "gambling"))
    elif "kind" in spec:
        raise fail("'kind' is only for a Gambling deck's card: \"gambling\" or \"cheating\"")
    skulls = spec.get("skulls", 0)
    if skulls not in (0, 1, 2) or isinstance(skulls, bool):
        raise fail("'skulls' is 0, 1 (a Hard Mode card) or 2 (an Epic Mode card)")
    subtype = spec.get("subtype", "")
    if subtype not in {s.value for s in subtypes}:
        raise fail(f"'subtype' here is one of: {', '.join(repr(s.value) for s in subtypes)}")
    steps = _steps(spec.get("steps", []), fail)
    whiff = _steps(spec.get("whiff", []), fail)
    card = Card(spec["name"], kind, steps, str(spec.get("text", "")),
                starts_round=spec.get("starts_round", False) is True,
                winning_hand=spec.get("winning_hand", False) is True,
                pile=DECKS[kind])
    if (card.starts_round and kind is not CardKind.ACTION) or (
            card.winning_hand and kind is not CardKind.GAMBLING):
        raise fail("only an Action starts a Round; only a Gambling card is a Winning Hand")
    threat = spec.get("threat_unless_gambled", 0)
    if isinstance(threat, bool) or not isinstance(threat, int) or threat < 0 or (
            threat and not card.starts_round):
        raise fail("'threat_unless_gambled' is a whole number for an Action that starts a "
                   "Round of Gambling")
    passes = spec.get("passes", False)
    if not isinstance(passes, bool) or (passes and (kind is not CardKind.GAMBLING or steps
                                                     or card.winning_hand)):
        raise fail("'passes' is true for a Gambling card with no steps whose instruction is "
                   "that Otto passes")
    extra = OttoCard(card, faction, skulls, Subtype(subtype), whiff, threat, passes)
    response = response_verb(card)
    if kind is CardKind.SOMETIMES and not extra.component:
        if response is not None and response.verb not in OTTO_RESPONSES:
            raise fail(f"Otto's response is one of: "
                       f"{', '.join(sorted(v.value for v in OTTO_RESPONSES))}")
        if whiff and extra.subtype not in (Subtype.PLAYER, Subtype.DRINK):
            raise fail("only a Sometimes card with a subtype (player or drink) Whiffs")
    elif whiff:
        raise fail("only a Sometimes card with a subtype (player or drink) Whiffs")
    if extra.subtype is Subtype.PASSIVE and (response is None or response.verb not in
                                             OTTO_RESPONSES or len(steps) != 1):
        raise fail("a Passive Component has one response step: what it does to each "
                   "Provocation")
    if extra.subtype is not Subtype.PASSIVE and kind is not CardKind.SOMETIMES and any(
            s.verb in RESPONSES for s in steps):
        raise fail("response steps are for Sometimes cards and Passive Components")
    if not steps and not card.starts_round and kind not in (CardKind.GAMBLING,
                                                            CardKind.CHEATING):
        raise fail("needs 'steps'")
    return [extra] * _count(spec, so_far, fail)
