"""Running tavern rules with scripted answers, for the case tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tales.engine.game import Game
from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi.model import Card, CardKind, Drink, Minion, Player, Tavern

LIGHT = Drink("Light Ale", 1)


def table(players: list[Player], deck: tuple[Drink, ...] = (LIGHT,) * 10, inn: int = 50,
          **fields: Any) -> Tavern:
    """A table of ``players`` (seat order) with a Drink Deck whose top is its last card."""
    return Tavern(tuple(players), deck, inn=inn, **fields)


def run(resolution: Resolution[Tavern], answers: dict[str, list[Any]] | None = None,
        default: Callable[[Decision[Any]], Any] | None = None,
        asked: list[Decision[Any]] | None = None) -> Tavern:
    """Answer each Decision from ``answers`` (a queue per Decision kind), else with
    ``default`` (by default "pass" when it is an option, or the first option). Every
    Decision asked is appended to ``asked``. Scripted answers left over are an error."""
    queue = {k: list(v) for k, v in (answers or {}).items()}
    game: Game[Tavern] = Game(lambda: resolution)
    while game.pending is not None:
        decision: Decision[Any] = game.pending
        if asked is not None:
            asked.append(decision)
        wanted = queue.get(decision.kind)
        if wanted:
            game.answer(wanted.pop(0))
        elif default is not None:
            game.answer(default(decision))
        else:
            game.answer("pass" if "pass" in decision.options else decision.options[0])
    left = {k: v for k, v in queue.items() if v}
    assert not left, f"scripted answers never asked for: {left}"
    assert game.result is not None
    return game.result


Start = Callable[[Tavern], Resolution[Tavern]]


def plays(name: str, card: Card, target: str | None = None) -> Start:
    """``name`` plays ``card`` (not taken from their hand), at ``target`` if given."""
    from tales.tavern.rdi.effects import play_card

    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern, _ = yield from play_card(tavern, name, card, target)
        return tavern
    return start


def bot_games(deck: str, players: int, seeds: int) -> tuple[set[str], list[str]]:
    """Greedy bots at a table of one bundled deck, one game a seed: the kinds of Decision
    asked and the games' logs."""
    import numpy as np

    from tales.tavern.rdi.bots import policy
    from tales.tavern.rdi.decks import load_drinks
    from tales.tavern.rdi.model import Mode, Variant
    from tales.tavern.rdi.rules import play_game
    from tales.tavern.rdi.simulate import DECKS
    from tales.tavern.rdi.simulate import table as seats

    names, decks = seats(players, [deck], Mode.INDIVIDUAL)
    drinks = load_drinks(DECKS / "drinks-sample.toml")
    kinds: set[str] = set()
    log: list[str] = []
    for seed in range(seeds):
        game = Game(lambda: play_game(names, decks, drinks, variant=Variant(Mode.INDIVIDUAL)))
        bot = policy("greedy", np.random.default_rng(seed))

        def choose(decision: Decision[Any], bot: Any = bot) -> Any:
            kinds.add(decision.kind)
            return bot(decision)
        final = game.play(choose)
        assert final is not None
        log.extend(final.log)
    return kinds, log


def check_character(quote: str, players: list[Player], start: Start,
                    answers: dict[str, list[Any]], expected: dict[str, Any], me: str,
                    tokens: tuple[str, ...]) -> None:
    """Run a character's case and check what it expects of the table: ``tokens`` (``me``'s
    counts of ``tokens``, in order), ``fortitude``, ``alcohol`` and ``gold`` (by player),
    ``resting`` (whose turns ended early), ``pot`` (the pot and the Inn), ``hand``, ``kept``
    and ``discard`` (how many cards ``me`` has there), ``pile:NAME`` (a sub-deck's size),
    ``markers:NAME`` (where the token on each card of that pile points),
    ``options:KIND`` (the first such Decision's), ``count:KIND`` (Decisions of that kind),
    ``asked:NAME`` (Decisions NAME made), ``respond:NAME`` (response windows offered to
    NAME), ``said:TEXT`` (whether a log line holds TEXT) and ``order`` (the order the kinds
    named were first asked in)."""
    asked: list[Decision[Any]] = []
    tavern = run(start(table(players)), answers, asked=asked)
    player = tavern.player(me)
    for key, value in expected.items():
        kind, _, arg = key.partition(":")
        if kind == "tokens":
            assert tuple(player.count(t) for t in tokens) == value, quote
        elif kind == "fortitude":
            assert {n: tavern.player(n).fortitude for n in value} == value, quote
        elif kind == "alcohol":
            assert {n: tavern.player(n).alcohol for n in value} == value, quote
        elif kind == "gold":
            assert {n: tavern.player(n).gold for n in value} == value, quote
        elif kind == "resting":
            assert tavern.resting == value, quote
        elif kind == "pot":
            assert (tavern.pot, tavern.inn) == value, quote
        elif kind == "hand":
            assert len(player.hand) == value, quote
        elif kind == "kept":
            assert len(player.kept) == value, quote
        elif kind == "discard":
            assert len(player.discard) == value, quote
        elif kind == "pile":
            assert len(tavern.pile(arg)) == value, quote
        elif kind == "markers":
            assert tuple(c.marker for c in tavern.pile(arg)) == value, quote
        elif kind == "options":
            assert next(d.options for d in asked if d.kind == arg) == value, quote
        elif kind == "count":
            assert sum(d.kind == arg for d in asked) == value, quote
        elif kind == "asked":
            assert sum(d.figure == arg for d in asked) == value, quote
        elif kind == "respond":
            assert sum(d.kind == "respond" and d.figure == arg for d in asked) == value, quote
        elif kind == "said":
            assert any(arg in line for line in tavern.log) == value, quote
        elif kind == "order":
            kinds = [d.kind for d in asked if d.kind in value]
            assert [k for n, k in enumerate(kinds) if k not in kinds[:n]] == list(value), quote
        else:
            raise AssertionError(key)


def seat(name: str, *hand: Card, mechanics: str = "", deck: tuple[Card, ...] = (),
         tokens: dict[str, int] | None = None) -> Player:
    """A player with 10 Gold, ``hand``, a character's ``mechanics``, ``deck`` and
    ``tokens``."""
    player = Player(name, "x", 10, hand=hand, mechanics=mechanics, deck=deck)
    for token, count in (tokens or {}).items():
        player = player.with_count(token, count)
    return player


#: What a case reads off the final table, and the value it expects.
Got = Callable[[Tavern], object]


def check_got(quote: str, players: list[Player], start: Start, answers: dict[str, list[Any]],
              expected: list[tuple[Got, object]]) -> None:
    """Run a case from a table of ``players`` and check each thing it reads off the end."""
    tavern = run(start(table(players)), answers)
    for got, value in expected:
        assert got(tavern) == value, quote


def fortitude(name: str) -> Got:
    return lambda t: t.player(name).fortitude


#: A Torglesnarf Minion in play for carol, for the characters' rules about Minions.
GRUNT = Card("Grunt (test)", CardKind.ACTION, minion=True, wages=1)


def grunted(start: Start) -> Start:
    """``start`` with carol's Grunt (:data:`GRUNT`) in play."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = replace(tavern, minions=(Minion("Grunt #1 (carol)", "carol", GRUNT),))
        return (yield from start(tavern))
    return begin
