"""Pooky the Vicious (seed 000, "Pooky the Vicious"; seed 002's team rules; the checklist's
C row 36): a mood that gets worse, Calm -> Manic -> Crazy -> Psychotic.

The mood is held as ``mood`` tokens, one more than the steps below Calm: Calm 1, Manic 2,
Crazy 3, Psychotic 4 (the cap). So a card reads it at resolution with
``if = { resource = "mood", at_least = 3 }`` (Crazy or worse) or scales with it,
``{ fortitude = -1, who = "target", per = "mood" }`` (1 when Calm ... 4 when Psychotic).

His mood gets worse (each happening once, after everything else it belongs to):

* when a card played by another player (an opponent, in a team game) makes him lose
  Fortitude (:meth:`Pooky.after_loss`): once per card, however many of its steps hurt him;
  never from his own card, even turned on him;
* when a Drink gives him 3 or more Alcohol Content, right after he drinks it
  (:meth:`Pooky.after_drink`; only his own Drinks);
* when he took part in a Round of Gambling and did not win it (:meth:`Pooky.after_round`):
  as his team's Champion, and not when he left the Round before the ante;
* when a card says so: ``{ handler = "pooky's mood gets worse" }``; and
  ``{ handler = "pooky is now calm" }`` sets it to Calm. Put these last on a card: the mood
  changes after the card's other effects.

Epic Pooky (the Boss, with Epic cards) is not modelled.
"""

from __future__ import annotations

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern

MOOD = "mood"
MOODS = ("Calm", "Manic", "Crazy", "Psychotic")
CALM, PSYCHOTIC = 1, len(MOODS)
WORSE = "pooky's mood gets worse"
NOW_CALM = "pooky is now calm"
_MARK = "'s mood gets worse ("  # in every note of a worsening: what it was, then the mood
_ANTE = "Round of Gambling: "  # gambling.gambling_round's note of the ante


class Pooky(Mechanics):
    name = "pooky"
    resources = (Resource(MOOD, limit=PSYCHOTIC, owner="pooky"),)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        return tavern.player(name).mechanics == self.name

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        return set_mood(tavern, name, CALM)

    def after_loss(self, tavern: Tavern, owner: str, victim: str, source: str, amount: int
                   ) -> Tavern:
        """Another player's card hurt Pooky (or, in a team, a teammate of his: "any
        teammate hit by an opponent", 002)."""
        name = owner
        side = tavern.player(owner).side
        if tavern.player(victim).side != side or tavern.player(source).side == side:
            return tavern
        reason = f"a card of {source} hurt him"
        if _worsened_just_now(tavern, name, reason):  # one card, several of its steps
            return tavern
        return worsen(tavern, name, reason)

    def after_drink(self, tavern: Tavern, name: str, alcohol: int) -> Resolution[Tavern]:
        if alcohol >= 3 and not tavern.player(name).out:
            tavern = worsen(tavern, name, f"a Drink gave him {alcohol} Alcohol Content")
        return tavern
        yield  # pragma: no cover

    def after_round(self, tavern: Tavern, name: str, players: tuple[str, ...],
                    winner: str | None) -> Tavern:
        if name not in players or winner == name or not took_part(tavern, name):
            return tavern
        return worsen(tavern, name, "he lost a Round of Gambling")

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        who = target or name
        if tavern.player(who).mechanics == self.name:
            if step.handler == WORSE:
                tavern = worsen(tavern, who, "a card says so")
            elif step.handler == NOW_CALM:
                tavern = set_mood(tavern, who, CALM).note(f"{who} is now Calm")
        return tavern
        yield  # pragma: no cover


def mood(tavern: Tavern, name: str) -> str:
    return MOODS[max(tavern.player(name).count(MOOD), CALM) - 1]


def set_mood(tavern: Tavern, name: str, level: int) -> Tavern:
    return tavern.with_player(tavern.player(name).with_count(MOOD, level))


def worsen(tavern: Tavern, name: str, reason: str) -> Tavern:
    """One step down the Mood Card; Psychotic stays Psychotic."""
    level = min(max(tavern.player(name).count(MOOD), CALM) + 1, PSYCHOTIC)
    tavern = set_mood(tavern, name, level)
    return tavern.note(f"{name}{_MARK}{reason}): {MOODS[level - 1]}")


def _worsened_just_now(tavern: Tavern, name: str, reason: str) -> bool:
    """Whether the last notes (mood changes only, as a card's losses are settled together)
    already worsened ``name``'s mood for ``reason``."""
    for line in reversed(tavern.log):
        if _MARK not in line:
            return False
        if line.startswith(f"{name}{_MARK}{reason})"):
            return True
    return False


def took_part(tavern: Tavern, name: str) -> bool:
    """Whether ``name`` was still in the Round of Gambling that just ended when its ante was
    made: a player who left it before the ante did not take part."""
    log = tavern.log
    ante = next((i for i in range(len(log) - 1, -1, -1) if log[i].startswith(_ANTE)), None)
    if ante is None:
        return True
    for line in reversed(log[:ante]):
        if line.startswith("Turn ") or "wins the Round of Gambling" in line or \
                "ends with no winner" in line:
            break
        if line == f"{name} leaves the Round of Gambling":
            return False
    return True


register(Pooky())
