"""Playing a campaign: scenario after scenario, at the terminal or by a bot, saved after
every choice so it can be stopped at any point and continued."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from tales.campaign.progress import Campaign, campaign_file, record, start_game
from tales.campaign.saves import DEFAULT_FOLDER, load, playing, save
from tales.engine.bots import policy
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.saves import SavedGame
from tales.engine.state import GameState
from tales.errors import IllegalChoice, TalesError
from tales.present.ending import Ending, ending
from tales.rules.decisions import Decider, Decision
from tales.terminal import TerminalGame, chance_for


def continue_campaign(
    name: str, folder: Path = DEFAULT_FOLDER, bot: str | None = None,
    backup: int | None = None, scenarios: int | None = None,
    write: Callable[[str], None] = print, read: Callable[[str], str] | None = None,
    physical: bool = False,
) -> Campaign:
    """Play the campaign on from where it stands: at most ``scenarios`` scenarios (all, if
    None), by ``bot`` or at the terminal (``physical``: chance asked of the player, who
    rolls real dice). Returns the campaign as last saved. One process at a time: another
    playing it is one line at once (:func:`~tales.campaign.saves.playing`)."""
    with playing(name, folder):
        return _continue(name, folder, bot, backup, scenarios, write, read, physical)


def _continue(name: str, folder: Path, bot: str | None, backup: int | None,
              scenarios: int | None, write: Callable[[str], None],
              read: Callable[[str], str] | None, physical: bool) -> Campaign:
    campaign = load(name, folder, backup)
    if backup is not None:
        save(campaign, folder)  # continuing from a backup makes it the campaign again
    file = campaign_file(campaign)
    played = 0
    while not campaign.finished(file) and (scenarios is None or played < scenarios):
        campaign = start_game(campaign, file)
        save(campaign, folder)
        entry = campaign.current(file)
        write(f"Scenario {entry.number}: {entry.title} ({entry.chapter}; attempt "
              f"{campaign.attempt + 1})")

        def keep(saved: SavedGame) -> None:
            nonlocal campaign
            campaign = replace(campaign, game=saved)
            save(campaign, folder)

        state = _play(campaign, bot, keep, write, read, physical)
        if state is None:  # the player quit; everything is saved
            return campaign
        before = campaign
        campaign = record(campaign, file, state)
        save(campaign, folder)
        played += 1
        if bot is not None:
            result = campaign.results[-1]
            write(f"{result.result.upper()} in round {result.rounds}: {result.reason}")
            continue
        end = ending(before, campaign, file)
        for line in end.lines():
            write(line)
        more = not campaign.finished(file) and (scenarios is None or played < scenarios)
        if more and not _go_on(end, write, read):
            return campaign
    if campaign.finished(file):
        write(f"Campaign {campaign.name!r} complete: {file.title}")
    return campaign


def _go_on(end: Ending, write: Callable[[str], None],
           read: Callable[[str], str] | None) -> bool:
    """Ask before the next scenario starts (keys typed for the last one must not run on
    into the next one's setup): Enter (or "next") goes on, q stops; anything else is
    asked again."""
    ask = read or input
    go = f"{end.go[0].lower()}{end.go[1:]}"
    write(f"Enter: {go}   q: stop here (the campaign is saved)")
    while True:
        try:
            said = ask("next> ").strip().lower()
        except EOFError:
            write("input ended; the campaign is saved")
            return False
        if said in ("", "next", "y", "yes"):
            return True
        if said in ("q", "quit"):
            write("the campaign is saved: tales campaign continue goes on from here")
            return False
        write(f"{said!r}: press Enter to {go}, or q to stop")


def _play(campaign: Campaign, bot: str | None, keep: Callable[[SavedGame], None],
          write: Callable[[str], None], read: Callable[[str], str] | None,
          physical: bool = False) -> GameState | None:
    game = campaign.game
    assert game is not None
    ctx = load_context(game.setup)
    try:
        if bot is None:
            terminal = TerminalGame(ctx, game.seed, game.choices, read=read, write=write,
                                    on_change=keep, physical=physical, closing=False)
            terminal.run()
            return terminal.game.result if terminal.game.done else None
        run: Game[GameState] = Game(lambda: play_scenario(ctx), choices=game.choices)
    except IllegalChoice as bad:
        raise TalesError(f"campaign {campaign.name!r}: the saved game does not replay "
                         f"({bad})") from None
    while run.pending is not None:
        decision: Decision[Any] = run.pending
        step = len(run.choices)
        if decision.decider is Decider.CHANCE:
            run.answer(chance_for(game.seed, step, decision))
        else:  # the bot's own randomness, by step too: a resumed game plays on the same
            rng = np.random.default_rng(np.random.SeedSequence(game.seed, spawn_key=(step, 1)))
            run.answer(policy(bot, ctx, rng, answered=run.choices)(decision))
        keep(SavedGame(game.setup, game.seed, tuple(run.choices)))
    return run.result
