"""A campaign in lines: who plays, every scenario by chapter with how it stands, what is
unlocked and what waits in the Vault, the Archive, the last results and the notes; as
``tales campaign show`` prints it and the window's campaign view (C) shows it."""

from __future__ import annotations

from tales.campaign.progress import Campaign
from tales.content.campaigns import CampaignFile


def campaign_lines(campaign: Campaign, file: CampaignFile, results: int = 5,
                   attempts: bool = False) -> list[str]:
    """The campaign's state, a line each (the last ``results`` plays; ``attempts``: the
    next scenario's attempt number after a defeat, as the window shows it)."""
    who = ", ".join(campaign.heroes) + (f" with Companion {campaign.companion}"
                                        if campaign.companion else "")
    lines = [f"{campaign.name}: {file.title}",
             f"  Heroes: {who}; {'Legend difficulty; ' if campaign.legend else ''}"
             f"Power Tree steps {campaign.steps_change:+d} per scenario"]
    for n, entry in enumerate(file.scenarios):
        mark = "won" if n < campaign.next else "next" if n == campaign.next else ""
        if attempts and n == campaign.next and campaign.attempt:
            mark += f" (attempt {campaign.attempt + 1})"
        lines.append(f"  {entry.number:>2}. {entry.title} [{entry.chapter}] {mark}")
    if campaign.game is not None:
        lines.append(f"  in progress: {len(campaign.game.choices)} choices made")
    locked = [n for n in file.vault if n not in campaign.unlocked]
    lines.append(f"  unlocked: {', '.join(campaign.unlocked) or 'nothing yet'}")
    lines.append(f"  still in the Vault: {', '.join(locked) or 'nothing'}")
    lines.append(f"  Archive: {', '.join(campaign.archived) or 'empty'}")
    for result in campaign.results[-results:] if results else ():
        lines.append(f"  scenario {result.number} (attempt {result.attempt}): "
                     f"{result.result} in round {result.rounds}: {result.reason}")
    lines.extend(f"  note: {note}" for note in campaign.notes)
    return lines
