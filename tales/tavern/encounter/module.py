"""Adventure Modules (Tombs & Tomes): a one-shot, self-guided story of scenes played in
place of the nine random Encounters; "basic game play has not changed" (003).

A scene tells its story, may hold an Encounter (from the game's box, by name), and goes on
to its next scene or offers the party a choice. A player who has played the module before
(a veteran) leaves the decisions to those who have not: "allow other players who have not
played it to make all the decisions. If you must make a decision, do so at random." So a
choice is made by the first player in Initiative order who is not a veteran, and at random
when every player left is one.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from tales.board.mapfile import LineFinder, labelled_entries, read_text, read_toml
from tales.errors import ContentError
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import pick
from tales.tavern.encounter.model import Caverns, Encounter

#: A guard against a story that loops for ever (not a rule).
MAX_SCENES = 200


@dataclass(frozen=True)
class Choice:
    text: str
    next: str


@dataclass(frozen=True)
class Scene:
    name: str
    text: str = ""
    encounter: str = ""  # the Encounter fought in it, by name
    next: str = ""  # the scene that follows ("": the end of the module)
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Module:
    name: str
    scenes: tuple[Scene, ...]  # the first is where the story starts

    def scene(self, name: str) -> Scene | None:
        return next((s for s in self.scenes if s.name == name), None)


def load_module(path: str | Path, encounters: Collection[Encounter]) -> Module:
    """A module file; its Encounters must be in the game's box."""
    source = str(path)
    text = read_text(path)
    data = read_toml(text, source)
    lines = LineFinder(text)
    for key in data:
        if key not in ("sample", "name", "scenes"):
            raise ContentError(source, f"unknown key {key!r} (keys: name, sample, scenes)",
                               lines.of_key(key))
    entries = data.get("scenes")
    if not isinstance(data.get("name"), str) or not isinstance(entries, list) or not entries:
        raise ContentError(source, "a module needs a 'name' and [[scenes]]")
    known = {e.name for e in encounters}
    scenes: list[Scene] = []
    places: list[tuple[str, int | None]] = []
    for _, spec, where, line in labelled_entries(entries, lines, "scenes", "scene"):
        def fail(message: str, where: str = where, line: int | None = line) -> ContentError:
            return ContentError(source, f"{where}: {message}", line)

        if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
            raise fail("needs a 'name'")
        extra = set(spec) - {"name", "text", "encounter", "next", "choices"}
        if extra:
            raise fail(f"unknown key {sorted(extra)[0]!r} (keys: choices, encounter, name, "
                       "next, text)")
        fight = spec.get("encounter", "")
        if not isinstance(fight, str):
            raise fail("'encounter' is the name of one Encounter")
        if fight and fight not in known:
            raise fail(f"no Encounter {fight!r} in the game's box")
        raw = spec.get("choices", [])
        if not isinstance(raw, list) or not all(
                isinstance(c, dict) and set(c) == {"text", "next"} for c in raw):
            raise fail("'choices' is a list of { text = \"...\", next = \"scene\" }")
        if raw and spec.get("next"):
            raise fail("a scene has 'next' or 'choices', not both")
        scenes.append(Scene(spec["name"], str(spec.get("text", "")), str(fight),
                            str(spec.get("next", "")),
                            tuple(Choice(str(c["text"]), str(c["next"])) for c in raw)))
        places.append((where, line))
    names = {s.name for s in scenes}
    for scene, (where, line) in zip(scenes, places, strict=True):
        for target in [scene.next, *(c.next for c in scene.choices)]:
            if target and target not in names:
                raise ContentError(source, f"{where}: no scene {target!r}", line)
    return Module(str(data["name"]), tuple(scenes))


def adventure(table: Caverns, module: Module, encounters: Collection[Encounter],
              veterans: Collection[str] = ()) -> Resolution[Caverns]:
    """Play the module's scenes from the first to its end (or the party's)."""
    from tales.tavern.encounter.rules import encounter

    by_name = {e.name: e for e in encounters}
    scene: Scene | None = module.scenes[0]
    table = table.note(f"Adventure Module: {module.name}")
    for _ in range(MAX_SCENES):
        if scene is None or not table.living():
            break
        table = table.note(f"{scene.name}: {scene.text}" if scene.text else scene.name)
        if scene.encounter:
            table = yield from encounter(table, by_name[scene.encounter])
        if not scene.choices:
            scene = module.scene(scene.next) if scene.next else None
            continue
        deciders = [n for n in table.in_initiative() if n not in veterans]
        options = tuple(c.text for c in scene.choices)
        if deciders:
            said = yield Decision("story", f"{scene.name}: what does the party "
                                  "do?", options, Decider.PLAYER, deciders[0], state=table)
        else:  # "If you must make a decision, do so at random."
            said = yield from pick(options, "a story choice")
        table = table.note(f"the party chooses: {said}")
        scene = module.scene(next(c.next for c in scene.choices if c.text == said))
    return table
