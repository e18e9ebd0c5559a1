"""Playing a scenario many times with bots and reporting what happened.

Each game's random generator is spawned from the sweep's seed by its game number
(:class:`numpy.random.SeedSequence`), so the report depends only on the seed and the number
of games, never on how many workers played them or in which order they finished. The games
run on any :class:`concurrent.futures.Executor`: local processes by default, or a Dask
cluster's executor (``tales simulate --dask ADDRESS``, with the ``dask`` extra installed).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from tales.board.figures import Role
from tales.board.position import Position
from tales.engine.bots import policy
from tales.engine.conditions import all_hold
from tales.engine.content import find_file, load_context
from tales.engine.game import Game
from tales.engine.keep import Keep
from tales.engine.rounds import STUCK_ROUNDS, play_scenario
from tales.engine.state import Result, Setup
from tales.errors import TalesError
from tales.rules.decisions import Chooser, Decision
from tales.rules.health import LeastFortitude, fortitude_left


@dataclass(frozen=True)
class GameReport:
    """One game's outcome."""

    game: int
    result: str
    reason: str
    rounds: int
    fallen: tuple[tuple[str, str, int], ...]  # (hero, space, round)
    dealt: dict[str, int]  # group -> Fortitude the Heroes lost on its turns
    taken: dict[str, int]  # group -> Fortitude it lost
    decisions: int
    objectives: tuple[str, ...] = ()  # the objectives completed
    hero_damage: dict[str, int] = field(default_factory=dict)  # Hero -> Fortitude lost
    wounded: tuple[str, ...] = ()  # Heroes Wounded
    defeat_met: tuple[str, ...] = ()  # the defeat conditions that held at the end
    damage_at: dict[str, int] = field(default_factory=dict)  # space -> Fortitude Heroes
    # lost there
    every_objective: bool = False  # every objective of the scenario was met (won or not)
    stuck: int = 0  # the round the game was stuck in (no Hero did anything for two rounds
    # with an objective still to do), 0: never
    choices: tuple[int, ...] = ()  # every option number chosen, for a game kept to replay
    # (engine.keep); empty for the others
    sources: dict[str, int] = field(default_factory=dict)  # source -> Fortitude the Heroes
    # lost to it (tales.engine.sources: a group, Traps, the Doom Die, ...)
    met_in: dict[str, int] = field(default_factory=dict)  # objective -> the round met
    damage_at_by_hero: dict[str, dict[str, int]] = field(default_factory=dict)  # Hero ->
    # space -> Fortitude it lost there


class DamageWatch:
    """Where Heroes take damage: a chooser's wrapper that looks at every Decision's board
    and puts each Fortitude a Hero (or Companion) lost since the last look on the space it
    stands on now. A Move's Trap counts where the Move ended, the next board shown."""

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose
        self.left: dict[str, int] = {}
        self.at: Counter[str] = Counter()
        self.by_hero: dict[str, Counter[str]] = {}  # Hero -> space -> Fortitude lost

    def __call__(self, decision: Decision[Any]) -> Any:
        if decision.position is not None:
            self.look(decision.position)
        return self.choose(decision)

    def look(self, position: Position) -> None:
        """Count what the Heroes on ``position`` lost since the last look."""
        for figure in position.figures:
            if figure.kind not in (Role.HERO, Role.COMPANION):
                continue
            left = fortitude_left(figure, LeastFortitude.BOTH_SIDES) or 0
            before = self.left.get(figure.id, left)
            if left < before:
                space = position.board.names[figure.at]
                self.at[space] += before - left
                self.by_hero.setdefault(figure.id, Counter())[space] += before - left
            self.left[figure.id] = left


def play_game(setup: dict[str, Any], bot: str, seed: int, game: int,
              budget: int | None = None, keep: Keep | None = None) -> GameReport:
    """Play game number ``game`` of a sweep (a plain function, so it can be shipped to a
    worker process or a cluster); ``budget`` is the planner's; a game ``keep`` wants
    comes back with its choices."""
    ctx = load_context(Setup.from_dict(setup))
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(game,)))
    run = Game(lambda: play_scenario(ctx))
    watch = DamageWatch(policy(bot, ctx, rng, budget))
    state = run.play(watch)
    watch.look(state.position)
    assert state.result is not None
    scenario = ctx.scenario
    won = state.result is Result.VICTORY
    kept = keep is not None and keep.wants(game, state.result.value, state.stuck)
    return GameReport(game, state.result.value, state.reason, state.round,
                      tuple((f.hero, f.space, f.round) for f in state.fallen),
                      dict(state.dealt), dict(state.taken), len(run.log),
                      tuple(scenario.objectives[i].text for i in sorted(state.completed)),
                      dict(state.hero_damage), tuple(sorted(state.heroes_wounded)),
                      # a round limit is met only by a game it lost (not won in time)
                      tuple(d.text for d in scenario.defeat if all_hold(ctx, state, d.when)
                            and not (won and d.limit is not None)),
                      dict(watch.at), len(state.completed) == len(scenario.objectives),
                      state.stuck, tuple(run.choices) if kept else (), dict(state.sources),
                      {scenario.objectives[i].text: r for i, r in sorted(state.met_in.items())},
                      {h: dict(c) for h, c in sorted(watch.by_hero.items())})


def _no_ctrl_c() -> None:
    """A worker process leaves Ctrl-C to the command (no traceback from each worker): the
    command stops the workers and reports the games already played."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_many(args: tuple[dict[str, Any], str, int, range, int | None, Keep | None]
               ) -> list[GameReport]:
    setup, bot, seed, games, budget, keep = args
    try:
        return [play_game(setup, bot, seed, n, budget, keep) for n in games]
    except TalesError as error:  # sent back whole, as one line, from any worker
        raise TalesError(str(error)) from None


def stream_games(setup: Setup, bot: str, games: int, seed: int, workers: int = 1,
                 executor: Executor | None = None, budget: int | None = None,
                 keep: Keep | None = None) -> Iterator[GameReport]:
    """Play ``games`` games and yield each report as it is done (in no set order). Memory
    does not grow with ``games``: at most a few batches per worker are in flight.
    ``budget``: the planner's rollouts of its closer look (None: its default); the games
    ``keep`` wants come with their choices."""
    load_context(setup)  # a bad setup fails here, once, with its one-line error
    data = (for_workers(setup) if executor is not None else setup).to_dict()
    if executor is None and workers <= 1:
        for n in range(games):
            yield play_game(data, bot, seed, n, budget, keep)
        return
    # batches of games: few enough that a batch ends within a second or two (the
    # planner's games take a second each: one a batch), so Ctrl-C and the progress line
    # are never far behind
    most = 1 if bot == "planner" else 25
    chunk = max(1, min(most, games // (4 * max(workers, 1)) or 1))
    starts = iter(range(0, games, chunk))
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers, initializer=_no_ctrl_c)
    pending: set[Future[list[GameReport]]] = set()

    def submit() -> bool:
        start = next(starts, None)
        if start is None:
            return False
        batch = range(start, min(start + chunk, games))
        pending.add(pool.submit(_play_many, (data, bot, seed, batch, budget, keep)))
        return True

    try:
        for _ in range(4 * max(workers, 1)):
            if not submit():
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                pending.discard(future)
                try:
                    batch_reports = future.result()
                except BrokenProcessPool:
                    raise TalesError("a simulation worker process died (out of memory?); "
                                     "try fewer --workers") from None
                except TalesError as bad:
                    if own:
                        raise
                    raise TalesError(f"on the cluster's workers: {bad} (the files are "
                                     "read there, by their paths here: give the workers "
                                     "the same folders)") from None
                yield from batch_reports
                submit()
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(cancel_futures=True)


def for_workers(setup: Setup) -> Setup:
    """``setup`` with every file it names (the scenario, kit files, the dice, a Companion
    file) as the absolute path found here, so that a cluster's workers, whose working
    folder is their own, read the same files (``tales simulate --dask``); a bundled
    name (``gerki``, ``cellar-door``) stays a name."""
    def found(name: str | None, folder: str) -> str | None:
        if name is None or not (name.endswith(".toml") or Path(name).is_file()):
            return name  # a bundled name (gerki): every worker finds its own
        path = find_file(name, folder)
        return str(path.resolve()) if path.is_file() else name

    return replace(setup, scenario=found(setup.scenario, "scenarios") or setup.scenario,
                   heroes=tuple(found(h, "heroes") or h for h in setup.heroes),
                   dice=found(setup.dice, "dice"), companion=found(setup.companion,
                                                                   "companions"))


def run_games(setup: Setup, bot: str, games: int, seed: int, workers: int = 1,
              executor: Executor | None = None,
              progress: Callable[[int, int], None] | None = None,
              budget: int | None = None) -> list[GameReport]:
    """Play ``games`` games; the reports in game order. ``workers`` local processes (1: in
    this process), or the given ``executor``."""
    reports = []
    for report in stream_games(setup, bot, games, seed, workers, executor, budget):
        reports.append(report)
        if progress:
            progress(len(reports), games)
    return sorted(reports, key=lambda r: r.game)


@dataclass
class Tally:
    """A sweep's report built one game at a time (counts and sums only, so a million
    games take no more memory than ten). The order games arrive in does not matter."""

    games: int = 0
    wins: int = 0
    rounds: Counter[int] = field(default_factory=Counter)
    defeats: Counter[str] = field(default_factory=Counter)
    fell: Counter[str] = field(default_factory=Counter)
    where: Counter[str] = field(default_factory=Counter)
    dealt: Counter[str] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    won_in: Counter[int] = field(default_factory=Counter)  # round -> games won in it
    objectives: Counter[str] = field(default_factory=Counter)
    hero_damage: Counter[str] = field(default_factory=Counter)
    wounded: Counter[str] = field(default_factory=Counter)
    defeat_met: Counter[str] = field(default_factory=Counter)
    damage_at: Counter[str] = field(default_factory=Counter)  # space -> Fortitude lost
    fell_at: Counter[str] = field(default_factory=Counter)  # space -> Heroes Defeated
    lost_all_met: int = 0  # games lost with every objective met
    stuck: int = 0  # games stuck (no Hero did anything for two rounds, an objective to do)
    first_stuck: tuple[int, int] | None = None  # the lowest such game number, its round
    sources: Counter[str] = field(default_factory=Counter)  # source -> Fortitude lost
    met_in: dict[str, Counter[int]] = field(default_factory=dict)  # objective -> round ->
    # games it was met in that round
    damage_at_by_hero: dict[str, Counter[str]] = field(default_factory=dict)
    fell_at_by_hero: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, report: GameReport) -> None:
        """Count one game."""
        self.games += 1
        self.wins += report.result == Result.VICTORY.value
        self.rounds[report.rounds] += 1
        if report.result == Result.VICTORY.value:
            self.won_in[report.rounds] += 1
        self.objectives.update(report.objectives)
        self.hero_damage.update(report.hero_damage)
        self.wounded.update(report.wounded)
        self.defeat_met.update(report.defeat_met)
        self.damage_at.update(report.damage_at)
        self.sources.update(report.sources)
        for text, number in report.met_in.items():
            self.met_in.setdefault(text, Counter())[number] += 1
        for hero, spaces in report.damage_at_by_hero.items():
            self.damage_at_by_hero.setdefault(hero, Counter()).update(spaces)
        if report.result == Result.DEFEAT.value:
            self.defeats[report.reason] += 1
            self.lost_all_met += report.every_objective
        for hero, space, _ in report.fallen:
            self.fell[hero] += 1
            self.where[f"{hero} on {space}"] += 1
            self.fell_at[space] += 1
            self.fell_at_by_hero.setdefault(hero, Counter())[space] += 1
        self.dealt.update(report.dealt)
        self.taken.update(report.taken)
        for group in (*report.dealt, *report.taken):
            self.dealt[group] += 0
            self.taken[group] += 0
        self.decisions += report.decisions
        if report.stuck:
            self.stuck += 1
            if self.first_stuck is None or report.game < self.first_stuck[0]:
                self.first_stuck = (report.game, report.stuck)

    def median_rounds(self) -> float | int:
        """The median of the rounds played, from their counts."""
        if not self.games:
            return 0
        ordered = sorted(self.rounds.items())

        def nth(k: int) -> int:
            seen = 0
            for value, count in ordered:
                seen += count
                if k < seen:
                    return value
            return ordered[-1][0]

        middle = self.games // 2
        if self.games % 2:
            return nth(middle)
        return (nth(middle - 1) + nth(middle)) / 2

    def summary(self, setup: Setup, bot: str, seed: int, budget: int | None = None
                ) -> dict[str, Any]:
        """The sweep's report: win rate with a 95% interval, rounds, who fell where, damage
        per Schemer Group, why games were lost, how often each objective and defeat
        condition of the scenario was met, where Heroes took damage and fell."""
        games = self.games
        scenario = load_context(setup).scenario
        low, high = wilson(self.wins, games)
        total_rounds = sum(r * n for r, n in self.rounds.items())
        return {
            "scenario": setup.scenario, "heroes": list(setup.heroes), "bot": bot,
            "seed": seed, "games": games,
            "settings": {"companion": setup.companion, "legend": setup.legend,
                         "budget": _budget(bot, budget),
                         "power_tree_steps": ("scenario's" if setup.power_tree_steps is None
                                              else setup.power_tree_steps),
                         "dice": setup.dice or "bundled", "rules": setup.rules.to_dict()},
            "wins": self.wins,
            "win_rate": round(self.wins / games, 4) if games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "rounds": {"mean": round(total_rounds / games, 2) if games else 0.0,
                       "median": self.median_rounds(),
                       "min": min(self.rounds, default=0), "max": max(self.rounds, default=0)},
            "defeats": _most_common(self.defeats),
            # lost although every objective was met: a defeat checked first (a Hero
            # Defeated, a defeat condition) in the round they were met
            "lost_with_every_objective_met": self.lost_all_met,
            # stuck: no Hero did anything for two rounds with an objective still to do
            "stuck": self.stuck_summary(seed),
            "heroes_fallen": _most_common(self.fell),
            "where_heroes_fell": _most_common(self.where, 10),
            "damage_per_game": {g: {"dealt_to_heroes": round(self.dealt[g] / games, 2),
                                    "taken": round(self.taken[g] / games, 2)}
                                for g in sorted(self.dealt)} if games else {},
            "decisions_per_game": round(self.decisions / games, 1) if games else 0.0,
            "survival": self.survival(),
            "objectives_met": _shares(self.objectives, [o.text for o in scenario.objectives],
                                      games),
            "defeat_conditions_met": _shares(self.defeat_met,
                                             [d.text for d in scenario.defeat], games),
            # every Fortitude the Heroes lost, by what dealt it (tales.engine.sources)
            "damage_per_source": {s: round(n / games, 2) for s, n in
                                  _most_common(self.sources).items()} if games else {},
            # for each objective, the rounds it was met in: round -> games
            "objective_rounds": {text: {str(r): n for r, n in sorted(
                self.met_in.get(text, Counter()).items())}
                for text in _shares(self.objectives, [o.text for o in scenario.objectives],
                                    games)},
            "damage_taken_per_hero": {h: round(n / games, 2) for h, n in
                                      sorted(self.hero_damage.items())} if games else {},
            "heroes_wounded": _most_common(self.wounded),
            "damage_by_space": _most_common(self.damage_at),
            "defeated_by_space": _most_common(self.fell_at),
            # the same, Hero by Hero (a heatmap of one Hero: --heatmap-hero)
            "damage_by_space_per_hero": {h: _most_common(c) for h, c in
                                         sorted(self.damage_at_by_hero.items())},
            "defeated_by_space_per_hero": {h: _most_common(c) for h, c in
                                           sorted(self.fell_at_by_hero.items())},
        }

    def stuck_summary(self, seed: int) -> dict[str, Any]:
        """How many games stuck, and the first of them (its seed, game number and the
        round it was stuck in; None when none was)."""
        first = self.first_stuck
        return {"games": self.stuck, "first": None if first is None else
                {"seed": seed, "game": first[0], "round": first[1]}}

    def survival(self) -> list[dict[str, float]]:
        """For each round: the share of games still going at its end, and of games won by
        then."""
        games, rows = self.games, []
        ended = won = 0
        for number in range(1, max(self.rounds, default=0) + 1):
            ended += self.rounds.get(number, 0)
            won += self.won_in.get(number, 0)
            rows.append({"round": number, "still_going": fraction(games - ended, games),
                         "won_by_then": fraction(won, games),
                         "games_going": games - ended, "games_won": won})
        return rows


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _budget(bot: str, budget: int | None) -> int | None:
    """The planner's budget as played (its default when none was given); None for the
    other bots, which do not look ahead."""
    if bot != "planner":
        return None
    from tales.engine.planner import DEFAULT_BUDGET

    return DEFAULT_BUDGET if budget is None else budget


def _shares(counts: Counter[str], every: list[str], games: int) -> dict[str, float]:
    """Each of ``every`` (and anything else counted) with the share of games it was met
    in, most often first; one never met shows 0."""
    if not games:
        return {}
    counted = Counter({text: 0 for text in every})
    counted.update(counts)
    return {text: fraction(n, games) for text, n in _most_common(counted).items()}


def fraction(count: int, games: int) -> float:
    """``count / games`` to 4 places, never 1.0 unless all nor 0.0 unless none (9999.6 of
    10000 is 0.9999, not 1.0)."""
    if games <= 0:
        return 0.0
    value = round(count / games, 4)
    if value >= 1 and count < games:
        return 0.9999
    if value <= 0 < count:
        return 0.0001
    return value


def _most_common(counts: Counter[str], n: int | None = None) -> dict[str, int]:
    """Most common first, ties by name (so the report does not depend on arrival order)."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return dict(ordered[:n] if n is not None else ordered)


def summarise(setup: Setup, bot: str, seed: int, reports: list[GameReport],
              budget: int | None = None) -> dict[str, Any]:
    """The sweep's report of ``reports`` (see :class:`Tally`)."""
    tally = Tally()
    for report in sorted(reports, key=lambda r: r.game):
        tally.add(report)
    return tally.summary(setup, bot, seed, budget)


def lost_all_met(count: int, games: int) -> str:
    """The games lost with every objective met, in words: "lost with every objective met:
    11 of 60 games (18%)" (a defeat checked before the objectives, in the round they
    were met)."""
    share = f" ({percent(count, games)})" if games else ""
    return f"lost with every objective met: {count} of {games} games{share}"


def stuck_line(stuck: dict[str, Any], games: int, over: str = "", row: str = "") -> str:
    """The stuck games in words: "stuck: 0 of 60 games" or "stuck: 3 of 60 games (5%; the
    first: seed 0, game 7, round 4): no Hero did anything for 2 rounds with an objective
    still to do, so the win rate measures the bot, not the scenario". ``over``: what the
    games are (", over every row"); ``row``: where the first one is ("bot random, ")."""
    count, first = stuck["games"], stuck["first"]
    if not count:
        return (f"stuck: 0 of {games} games{over} (no Hero idle {STUCK_ROUNDS} rounds with "
                "an objective to do)")
    return (f"stuck: {count} of {games} games{over} ({percent(count, games)}; the first: {row}"
            f"seed {first['seed']}, game {first['game']}, round {first['round']}): no Hero "
            f"did anything for {STUCK_ROUNDS} rounds with an objective still to do, so the "
            "win rate measures the bot, not the scenario")


def percent(count: float, games: int) -> str:
    """``count`` of ``games`` as a percentage that never says all or none when it is not:
    "100%" only when every game, "0%" only when none; 995 of 1000 is "99.5%", not "100%"."""
    if games <= 0:
        return "0%"
    part = count / games
    if part >= 1 or part <= 0:
        return f"{min(max(part, 0.0), 1.0):.0%}"
    whole = f"{part:.0%}"
    if whole not in ("0%", "100%"):
        return whole
    fine = f"{part:.1%}"
    if fine in ("0.0%", "100.0%"):
        return "<0.1%" if part < 0.5 else ">99.9%"
    return fine


def format_report(report: dict[str, Any]) -> Iterator[str]:
    """The report as lines for a terminal."""
    low, high = report["win_rate_95"]
    games = report["games"]
    settings = report["settings"]
    companion = f" and {settings['companion']}" if settings["companion"] else ""
    budget = (f", budget {settings['budget']} rollouts for a closer look"
              if settings.get("budget") is not None else "")
    partial = report.get("partial")
    if partial:
        yield (f"PARTIAL: stopped (Ctrl-C) after {partial['played']} of {partial['asked']} "
               "games; every figure below is of those games only")
    yield (f"{report['scenario']} with {', '.join(report['heroes'])}{companion} "
           f"({report['bot']} bot{budget}, seed {report['seed']}): {report['games']} games")
    flags = ", ".join(f"{k}={v}" for k, v in settings["rules"].items())
    yield (f"  settings: Power Tree steps {settings['power_tree_steps']}, "
           f"{'Legend' if settings['legend'] else 'not Legend'}, dice {settings['dice']}; "
           f"rules {flags}")
    yield (f"  win rate {report['win_rate']:.1%} (95% interval {low:.1%} to {high:.1%}), "
           f"{report['wins']} won")
    r = report["rounds"]
    yield f"  rounds: mean {r['mean']}, median {r['median']}, {r['min']} to {r['max']}"
    for reason, count in report["defeats"].items():
        yield f"  lost {count}x: {reason}"
    if report["games"]:
        yield f"  {lost_all_met(report['lost_with_every_objective_met'], report['games'])}"
        yield f"  {stuck_line(report['stuck'], report['games'])}"
    for hero, count in report["heroes_fallen"].items():
        yield f"  {hero} Defeated in {count} games"
    for place, count in report["where_heroes_fell"].items():
        yield f"    {place}: {count}"
    for group, damage in report["damage_per_game"].items():
        yield (f"  {group}: {damage['dealt_to_heroes']} damage to the Heroes, "
               f"{damage['taken']} taken, per game")
    for hero, damage in report["damage_taken_per_hero"].items():
        wounded = report["heroes_wounded"].get(hero, 0)
        yield f"  {hero}: {damage} Fortitude lost per game, Wounded in {wounded} games"
    for text, share in report["objectives_met"].items():
        yield f"  objective met in {percent(round(share * games), games)} of games: {text}"
    for text, share in report["defeat_conditions_met"].items():
        yield (f"  defeat condition met in {percent(round(share * games), games)} of games: "
               f"{text}")
    sources = report.get("damage_per_source", {})
    if sources:
        yield ("  Fortitude the Heroes lost per game, by source: "
               + ", ".join(f"{source} {amount}" for source, amount in sources.items()))
    for text, rounds in report.get("objective_rounds", {}).items():
        if rounds:
            yield (f"  rounds met in: {text}: "
                   + ", ".join(f"round {r} {n}x" for r, n in rounds.items()))
    survival = ", ".join(
        f"round {row['round']} {percent(row.get('games_going', row['still_going'] * games), games)}"
        f" going ({percent(row.get('games_won', row['won_by_then'] * games), games)} won)"
        for row in report["survival"])
    if survival:
        yield f"  survival: {survival}"
