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

Epic Pooky (000, "Epic Pooky") is Pooky as the Boss of a Boss Battle: his deck file's 15
Boss cards (``boss = true``) are shuffled into his Character Deck, and his 5 Epic Cards are a
side deck, ``pile = "epic"`` with ``boss = true`` and ``joins = true`` (drawn, an Epic Card is
one of his Character Cards: played, it goes to his discard pile). When he is Psychotic and
his mood would get worse, he chooses: stay Psychotic, or go back to Calm and draw an Epic
Card (:meth:`Pooky.choices`; a worsening that happens inside a card's losses or at the end
of a Round of Gambling is owed, as the ``epic`` token, until that moment's choices are made,
before anyone may play anything). The deck file says ``villain = true`` (he may be the Boss)
and ``hero = true`` ("Epic Pooky counts as a Hero, not a Villain").
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Mode, Step, Tavern
from tales.tavern.rdi.zones import draw_from_pile

MOOD = "mood"
MOODS = ("Calm", "Manic", "Crazy", "Psychotic")
CALM, PSYCHOTIC = 1, len(MOODS)
WORSE = "pooky's mood gets worse"
NOW_CALM = "pooky is now calm"
EPIC = "epic"  # his Epic Deck (a side deck); the token: worsenings owed an Epic choice
STAY = "stay Psychotic"
EPIC_CARD = "become Calm and draw an Epic Card"
_MARK = "'s mood gets worse ("  # in every note of a worsening: what it was, then the mood
_ANTE = "Round of Gambling: "  # gambling.gambling_round's note of the ante


class Pooky(Mechanics):
    name = "pooky"
    resources = (Resource(MOOD, limit=PSYCHOTIC, owner="pooky"), Resource(EPIC, owner="pooky"))

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
        return (yield from self.choices(tavern, name))

    def choices(self, tavern: Tavern, name: str) -> Resolution[Tavern]:
        """000: "If you are Psychotic and your Mood would get worse, you may *either* leave
        your Mood at Psychotic, *or* you may move your Mood back to Calm and draw a card from
        your Epic Deck" (one choice for each worsening owed)."""
        for _ in range(tavern.player(name).count(EPIC)):
            tavern = tavern.with_player(tavern.player(name).with_count(EPIC, 0))
            if tavern.player(name).out:
                break
            choice = yield Decision("epic", f"{name}: Psychotic, and his mood gets worse",
                                    (STAY, EPIC_CARD), Decider.PLAYER, name, state=tavern)
            if choice == EPIC_CARD:
                tavern = set_mood(tavern, name, CALM)
                tavern = yield from draw_from_pile(tavern, EPIC, name)
                tavern = tavern.note(f"{name} is now Calm and draws an Epic Card")
        return tavern

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
                tavern = yield from self.choices(tavern, who)
            elif step.handler == NOW_CALM:
                tavern = set_mood(tavern, who, CALM).note(f"{who} is now Calm")
        return tavern


def mood(tavern: Tavern, name: str) -> str:
    return MOODS[max(tavern.player(name).count(MOOD), CALM) - 1]


def set_mood(tavern: Tavern, name: str, level: int) -> Tavern:
    return tavern.with_player(tavern.player(name).with_count(MOOD, level))


def epic(tavern: Tavern, name: str) -> bool:
    """Whether ``name`` is Epic Pooky: Pooky as the Boss of a Boss Battle."""
    return tavern.variant.mode is Mode.BOSS_BATTLE and tavern.variant.boss == name


def worsen(tavern: Tavern, name: str, reason: str) -> Tavern:
    """One step down the Mood Card; Psychotic stays Psychotic (Epic Pooky: a choice owed)."""
    if epic(tavern, name) and tavern.player(name).count(MOOD) >= PSYCHOTIC:
        player = tavern.player(name)
        tavern = tavern.with_player(player.with_count(EPIC, player.count(EPIC) + 1))
        return tavern.note(f"{name}{_MARK}{reason}): Psychotic already")
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
