"""The glossary a player looks up in play: the 004 terms the engine's content uses, each in
a line of this project's own words (not the manual's text), and which of them matter on a
map now (its figures' keywords and tokens, its spaces' kinds)."""

from __future__ import annotations

from tales.board.board import FeatureKind
from tales.board.figures import Keyword, Token
from tales.board.position import Position

#: Term -> what it means in play, in a line.
GLOSSARY: dict[str, str] = {
    # keywords
    "Tiny": "may share a space with another figure and pass through others; a space "
            "with only Tiny figures counts as Unoccupied; figures sharing a space are "
            "adjacent",
    "Avoided": "Schemers ignore it: they cannot target it or interact with it, and Line "
               "of Fire passes through it",
    "Massive": "a Push or Pull moves it 1 space at most; Grab and Place do not move it",
    "Juggernaut": "moved only by its own Scheme: Forced Movement does nothing to it",
    "Immobile": "never moves, whatever would move it",
    "Overrun": "may move into other figures' spaces; they go to the Nearest Unoccupied "
               "space",
    "Big Bad": "gains one Debuff Token fewer each time, and cannot be Stunned",
    "Berserk": "treats every other figure as a Foe",
    "Heroic": "on the Heroes' side: a Friend to Heroes, a Foe to Schemers",
    "Resistant": "while it has a Shield or Toughness Token it does not set off Traps",
    "Doom": "its Attacks roll the red Doom Die as well",
    # tokens
    "Damage Boost Token": "discard it when attacking: 1 more damage each",
    "Evade Token": "when an Attack damages you, discard it: Avert Harm and Leap 2 (several "
                   "at once add up)",
    "Hitback Token": "when an Attack damages you, discard it: Avert Harm and the attacker "
                     "takes damage",
    "Overcharge Token": "discard it to use a Charge Ability with no Charge Token left (still "
                        "on a tile or its trigger)",
    "Reset Token": "discard it to take up to three Cooldown Tokens off an ability",
    "Shield Token": "discard it when damage comes: 2 less damage each; damage brought to 0 "
                    "also stops Harm",
    "Toughness Token": "discard it to stop one instance of damage whole (and its Harm)",
    "Weaken Token": "a Debuff: its next Attack deals 1 less per token, then they are all "
                    "discarded",
    "Stun Token": "a Debuff: a Schemer or Companion skips its next turn; a Hero's full turn "
                  "loses an Action tile, a partial turn is skipped",
    "Repair Token": "Otto in Recovery Mode gains one a turn; with enough he is back, fully "
                    "healed",
    "Pooky Token": "Pooky on break gains one a turn; with enough he returns to his Hero's "
                   "space",
    "Cooldown Token": "an ability with one cannot be used; they come off at the start of "
                      "each round",
    "Charge Token": "spent to use a Charge Ability; it has none left when they are gone",
    # spaces and map features
    "Difficult": "entering costs 2 movement on a Move (not on a Leap or Forced Movement)",
    "Hazard": "a Dangerous space that deals damage to a figure entering it",
    "Trap": "a Dangerous token: a figure moved onto or through it takes its damage (a "
            "Leap only where it lands)",
    "Wizard Fire": "Zot's token: a Foe of his on its space takes its damage and the token "
                   "goes",
    "Impassable": "nothing enters it, nothing is put on it, Line of Fire does not pass",
    "Dangerous": "a Trap or Hazard: Schemers keep off such spaces when they can",
    "Door": "blocks the way until it is opened as the scenario says",
    "Destructible": "a map feature that can be destroyed, as the scenario says",
    # the game's words
    "Foe": "a figure of the other side: Schemers for Heroes and the other way round",
    "Fortitude": "how much damage a figure can take on its current side",
    "Fresh": "a Hero's first side; damage equal to its Fortitude flips it to Wounded",
    "Wounded": "the second side; healing does not flip it back; damage past the flip is "
               "lost",
    "Defeated": "damage equal to its Fortitude on its last side: it leaves the map",
    "Line of Fire": "the shortest path of spaces between two spaces, around corners and "
                    "through figures, never through Impassable spaces",
    "Nearest": "the figure or space the shortest Line of Fire away; a tie: players choose",
    "Farthest": "the Foe whose shortest Line of Fire to the Schemer is longest",
    "Epic Die": "a black die added to an Attack's roll or rolled to defend, from the Epic "
                "Pool",
    "Epic Pool": "the Epic Dice the Heroes share; Inspire adds one",
    "Inspire": "add an Epic Die to the Epic Pool (nothing if it is full)",
    "Backstab": "Gerki's extra damage when every target is distracted: next to a Friend "
                "of his, on a Hazard or Difficult space, or holding a Debuff Token",
    "Illusion": "Eve's Heroic figures; they may spend her Shield Tokens",
}

#: The glossary's name for each token a figure holds.
TOKEN_TERMS = {Token.DAMAGE_BOOST: "Damage Boost Token", Token.EVADE: "Evade Token",
               Token.HITBACK: "Hitback Token", Token.OVERCHARGE: "Overcharge Token",
               Token.RESET: "Reset Token", Token.SHIELD: "Shield Token",
               Token.TOUGHNESS: "Toughness Token", Token.WEAKEN: "Weaken Token",
               Token.STUN: "Stun Token", Token.REPAIR: "Repair Token",
               Token.POOKY: "Pooky Token"}

#: The glossary's name for each kind of space.
SPACE_TERMS = {FeatureKind.DIFFICULT: "Difficult", FeatureKind.HAZARD: "Hazard",
               FeatureKind.TRAP: "Trap", FeatureKind.DOOR: "Door",
               FeatureKind.IMPASSABLE: "Impassable",
               FeatureKind.IMPASSABLE_FEATURE: "Impassable"}

#: Looked up in every game.
ALWAYS = ("Foe", "Fortitude", "Line of Fire", "Nearest", "Epic Pool")


def terms_on(position: Position) -> list[str]:
    """The glossary terms that matter on ``position``: the keywords and tokens of its
    figures, its kinds of space, Traps and Wizard Fire on it, and the words every game
    uses; in the glossary's order."""
    board = position.board
    wanted = set(ALWAYS)
    for figure in position.figures:
        wanted |= {str(k) for k in figure.keywords if isinstance(k, Keyword)}
        wanted |= {TOKEN_TERMS[t] for t, n in figure.tokens if n and t in TOKEN_TERMS}
        if figure.wounded_fortitude is not None:  # a figure with two sides
            wanted |= {"Fresh", "Wounded"}
    for space in range(board.n):
        kind = board.feature_spec(board.glyphs[space]).kind
        if kind in SPACE_TERMS:
            wanted.add(SPACE_TERMS[kind])
    if position.traps:
        wanted.add("Trap")
    if position.wizard_fire:
        wanted.add("Wizard Fire")
    if wanted & {"Trap", "Hazard"}:
        wanted.add("Dangerous")
    return [term for term in GLOSSARY if term in wanted]


def glossary_lines(terms: list[str] | None = None) -> list[str]:
    """``Term: what it means`` for each of ``terms`` (every term when None)."""
    return [f"{term}: {GLOSSARY[term]}" for term in (GLOSSARY if terms is None else terms)]
