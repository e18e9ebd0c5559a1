"""A campaign's window settings, kept beside its save (``NAME.settings.json`` in the saves
folder): text size, whether a question with one option waits to be confirmed, how fast
moves are drawn. They change nothing in the game: a campaign plays the same with any."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from tales.campaign.saves import path_for
from tales.engine.saves import write_atomic

#: Text sizes, as the settings say them, and how much larger each draws the panel.
TEXT_SIZES = {"normal": 1.0, "large": 1.25, "larger": 1.5}
#: Animation speeds, and the seconds a turn's paths take to be drawn.
ANIMATIONS = {"off": 0.0, "normal": 1.2, "fast": 0.5}
SUFFIX = ".settings.json"
MAX_BYTES = 4096  # a settings file is a few dozen bytes: anything larger is not one


@dataclass(frozen=True)
class Settings:
    """What the window's settings screen (F2) changes."""

    text_size: str = "normal"
    confirm_single: bool = False  # a question with one option waits for a key press
    animation: str = "normal"

    @property
    def text_scale(self) -> float:
        return TEXT_SIZES[self.text_size]

    @property
    def animation_seconds(self) -> float:
        return ANIMATIONS[self.animation]

    def lines(self) -> list[str]:
        """Each setting as its button says it."""
        return [f"Text size: {self.text_size}",
                "Confirm a question with one option: " + ("yes" if self.confirm_single
                                                          else "no (taken at once)"),
                f"Moves drawn: {self.animation}"]

    def changed(self, index: int) -> Settings:
        """The settings with setting ``index`` (as :meth:`lines` lists them) on to its
        next value."""
        if index == 0:
            return replace(self, text_size=_after(list(TEXT_SIZES), self.text_size))
        if index == 1:
            return replace(self, confirm_single=not self.confirm_single)
        return replace(self, animation=_after(list(ANIMATIONS), self.animation))


def _after(values: list[str], value: str) -> str:
    return values[(values.index(value) + 1) % len(values)]


def settings_path(name: str, folder: Path) -> Path:
    """Where campaign ``name``'s settings are kept: beside its save."""
    save = path_for(name, folder)
    return save.with_name(save.name.rsplit(".", 1)[0] + SUFFIX)


def load_settings(name: str, folder: Path) -> tuple[Settings, str]:
    """Campaign ``name``'s settings, and a line saying why the defaults are used instead
    when its file cannot be read as settings ("" when it was read, or is not there)."""
    path = settings_path(name, folder)
    try:
        if not path.is_file():
            return Settings(), ""
        if path.stat().st_size > MAX_BYTES:
            return Settings(), f"{path}: not a settings file (too large): defaults used"
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as bad:
        return Settings(), f"{path}: cannot be read ({bad}): defaults used"
    if not isinstance(data, dict) or set(data) - {"text_size", "confirm_single",
                                                  "animation"}:
        return Settings(), f"{path}: not a settings file: defaults used"
    size, confirm, animation = (data.get("text_size", "normal"),
                                data.get("confirm_single", False),
                                data.get("animation", "normal"))
    if not (isinstance(size, str) and size in TEXT_SIZES and isinstance(confirm, bool)
            and isinstance(animation, str) and animation in ANIMATIONS):
        return Settings(), (f"{path}: text_size is one of {', '.join(TEXT_SIZES)}, "
                            f"confirm_single true or false, animation one of "
                            f"{', '.join(ANIMATIONS)}: defaults used")
    return Settings(size, confirm, animation), ""


def save_settings(name: str, folder: Path, settings: Settings) -> None:
    """Keep ``settings`` beside campaign ``name``'s save (written whole or not at all)."""
    write_atomic(settings_path(name, folder),
                 (json.dumps(asdict(settings), indent=1) + "\n").encode())
