"""A scenario's end told to the players: won or lost, the scenario's own story text, what
was gained (Hero cards and Items from the Vault, what went to the Archive, the difficulty
it was won at), what comes next, and a button or key that says exactly what it does. The
window's end screen and the terminal's closing lines both read an :class:`Ending`."""

from __future__ import annotations

from dataclasses import dataclass

from tales.campaign.progress import Campaign
from tales.content.campaigns import CampaignFile
from tales.content.scenarios import load_scenario


@dataclass(frozen=True, slots=True)
class Ending:
    """How a campaign's scenario ended and what follows."""

    victory: bool
    headline: str  # "VICTORY in round 5: every rat is Defeated"
    title: str  # "1. The cellar door (sample)"
    story: str  # the scenario's victory or defeat text ("" when it has none)
    gained: tuple[str, ...]  # one line each: unlocked, archived, the reward's words
    next: str  # what comes next, in words
    go: str  # the button (or key) that goes on: "Play scenario 2: ..."; "" at the end

    def lines(self) -> list[str]:
        """The end in lines, as the terminal prints it and the panel lists it."""
        out = [self.headline]
        if self.story:
            out.append(self.story)
        out.extend(self.gained)
        out.append(self.next)
        return out


def ending(before: Campaign, after: Campaign, file: CampaignFile) -> Ending:
    """The end of the scenario ``before`` was playing; ``after`` is the campaign once the
    result is recorded (:func:`~tales.campaign.progress.record`)."""
    result = after.results[-1]
    entry = file.scenarios[before.next]
    victory = result.result == "victory"
    scenario = load_scenario(entry.file)
    story = scenario.story.get(result.result, "")
    headline = f"{result.result.upper()} in round {result.rounds}: {result.reason}"
    gained: list[str] = []
    if victory:
        reward = str(scenario.rewards.get("text", ""))
        if reward:
            gained.append(reward)
        new = [n for n in after.unlocked if n not in before.unlocked]
        gone = [n for n in after.archived if n not in before.archived]
        gained.append("Unlocked from the Vault: " + (", ".join(new) or "nothing"))
        if gone:
            gained.append("Retired to the Archive: " + ", ".join(gone))
        gained.append("Won at " + ("Legend difficulty" if after.legend
                                   else "normal difficulty (not Legend)"))
    else:
        gained.append("Nothing is gained: a lost scenario is played again")
    if after.finished(file):
        return Ending(victory, headline, f"{entry.number}. {entry.title}", story,
                      tuple(gained), f"Campaign complete: {file.title}", "")
    coming = file.scenarios[after.next]
    if victory:
        what = f"Next: scenario {coming.number}, {coming.title} ({coming.chapter})"
        go = f"Play scenario {coming.number}: {coming.title}"
    else:
        what = (f"Next: {coming.title} again (attempt {after.attempt + 1}), with the same "
                "Heroes and cards")
        go = f"Try scenario {coming.number} again: {coming.title}"
    return Ending(victory, headline, f"{entry.number}. {entry.title}", story, tuple(gained),
                  what, go)
