"""``tales`` commands: pictures and windows: render, view, solo."""

from __future__ import annotations

import argparse
from typing import Any

from tales.cli.common import PHYSICAL, saves_folder
from tales.errors import TalesError


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or not (
            100 <= int(width) <= 8000 and 100 <= int(height) <= 8000):
        raise TalesError(f"--size {text!r}: give WIDTHxHEIGHT in pixels, each 100 "
                         "to 8000, e.g. 1200x800")
    return int(width), int(height)


def toml_kind(source: str) -> str:
    """What a ``.toml`` file holds, by its keys: ``map`` (a grid), ``scenario`` (parts,
    groups or objectives) or ``position`` (anything else, which its loader then judges,
    with its own errors)."""
    from tales.board.mapfile import read_text, read_toml

    try:
        data = read_toml(read_text(source), source)
    except TalesError:
        return "position"
    if "grid" in data:
        return "map"
    if any(key in data for key in ("parts", "groups", "objectives")):
        return "scenario"
    return "position"


def _view_of(source: str, blocks: str | None) -> Any:
    """The view for ``tales render``: a map, scenario or position file, a game save or a
    campaign."""
    from pathlib import Path

    from tales.board.position import load_position
    from tales.campaign.saves import decode as decode_campaign
    from tales.content.scheme_blocks import load_scheme_blocks
    from tales.engine.content import load_context
    from tales.engine.saves import OtherKindOfFile, decode, read_bytes
    from tales.viewer.control import GameControl
    from tales.viewer.scene import View

    if source.endswith(".toml"):
        colours = {}
        if blocks:
            colours = {g: b.colour for g, b in load_scheme_blocks(blocks).items()}
        kind = toml_kind(source)
        if kind == "map":
            from tales.board.mapfile import load_map
            from tales.viewer.content_views import map_view

            board = load_map(source)
            return map_view(board, board.name)
        if kind == "scenario":
            from tales.content.scenarios import load_scenario
            from tales.viewer.content_views import scenario_view

            return scenario_view(load_scenario(source), colours or None)
        position = load_position(source)
        return View(position, groups=colours)
    data = read_bytes(source)
    try:
        saved = decode(data, source)
    except OtherKindOfFile:
        table = _table_save(data, source)
        if table is not None:  # a game kept at the table: the window's board and panel
            from tales.table.session import resumed
            from tales.viewer.session_control import SessionControl

            return SessionControl(resumed(table, source)).view()
        try:
            campaign = decode_campaign(data, source)
        except OtherKindOfFile:
            raise TalesError(f"{source}: not a position file (.toml), a game save, a "
                             "table save or a campaign save") from None
        if campaign.game is None:
            raise TalesError(f"{source}: campaign {campaign.name!r} has no scenario in "
                             "progress to draw") from None
        saved = campaign.game
    control = GameControl(load_context(saved.setup), saved.seed, saved.choices, roll=False,
                          title=Path(source).name)
    return control.view()


def _table_save(data: bytes, source: str) -> Any:
    """The table save in ``data`` (``tales table``), or None if it is another kind."""
    from tales.engine.saves import OtherKindOfFile
    from tales.table.saves import decode

    try:
        return decode(data, source)
    except OtherKindOfFile:
        return None


def _found(source: str) -> str:
    """A ``.toml`` file or a bundled scenario's name (``cellar-door``), found as ``tales
    play`` finds it (the working directory, then the checkout); a save's path as given."""
    from pathlib import Path

    if Path(source).suffix not in ("", ".toml") or Path(source).is_file():
        return source
    from tales.engine.content import find_file

    return str(find_file(source, "scenarios"))


def cmd_render(args: argparse.Namespace) -> int:
    from tales.files import check_picture
    from tales.viewer.picture import render_png

    width, height = _size(args.size)
    source = _found(args.source)
    check_picture(args.out, reading=(source, args.blocks))  # before anything is drawn
    render_png(_view_of(source, args.blocks), args.out, width, height)
    print(f"wrote {args.out} ({width}x{height})")
    return 0


def _window(control: Any, note: str = "") -> int:
    from tales.viewer import headless

    if headless():
        raise TalesError("no screen to open a window on (DISPLAY is not set); "
                         "tales render draws pictures without one")
    if note:
        print(note)
    from tales.viewer.app import run

    run(control)
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.engine.content import find_file, load_context
    from tales.engine.saves import decode
    from tales.viewer.control import ReplayControl, TableControl

    if args.replay:
        from tales.engine.saves import OtherKindOfFile, read_bytes

        data = read_bytes(args.replay)
        try:
            saved = decode(data, args.replay)
        except OtherKindOfFile:
            table = _table_save(data, args.replay)
            if table is None:
                raise TalesError(f"{args.replay}: not a game save (tales play) or a table "
                                 "save (tales table)") from None
            return _window(ReplayControl(load_context(table.game.setup, table=True),
                                         table.game, table=table, source=args.replay))
        return _window(ReplayControl(load_context(saved.setup), saved))
    if not args.position:
        raise TalesError("give a position file (or --replay SAVE)")
    blocks = args.blocks or str(find_file("sample-schemers", "scenarios"))
    note = "" if args.blocks else (f"Scheme Blocks: {blocks} (the bundled sample; --blocks "
                                   "FILE for others)")
    position = load_position(args.position)
    return _window(TableControl.load(position, blocks, args.position, note), note)


def cmd_solo(args: argparse.Namespace) -> int:
    from tales.campaign.saves import playing

    with playing(args.name, saves_folder(args)):  # one process at a time on a campaign
        return _solo(args)


def _solo(args: argparse.Namespace) -> int:
    from tales.campaign.play import continue_campaign
    from tales.campaign.progress import new_campaign
    from tales.campaign.saves import path_for, save, taken
    from tales.viewer import headless

    folder = saves_folder(args)
    exists = taken(path_for(args.name, folder))
    if not exists and (args.hero or headless()):
        if args.hero:
            hero, companion = args.hero, args.companion or "otto-guard"
        else:  # no screen: the same picks as the window's, at the terminal
            from tales.terminal import pick_who_plays

            picked = pick_who_plays()
            if picked is None:
                print("no campaign begun")
                return 0
            hero, companion = picked
        save(new_campaign(args.name, "sample-campaign", (hero,), companion), folder)
        print(f"new solo campaign {args.name!r}: {hero} with {companion} (the bundled "
              "sample campaign)")
    if headless():  # no screen: the same campaign, at the terminal
        print("no screen: playing at the terminal (q saves and stops; "
              f"tales campaign show {args.name} for progress)")
        continue_campaign(args.name, folder, physical=args.physical_dice)
        return 0
    from tales.viewer.control import CampaignControl

    return _window(CampaignControl(args.name, folder, physical=args.physical_dice))




def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
    render_cmd = commands.add_parser(
        "render", help="draw a map, a scenario, a position, a saved game, a table game or a "
        "campaign to a PNG (no screen needed)")
    render_cmd.add_argument("source", help="a map, scenario or position file (.toml), a "
                            "bundled scenario's name (cellar-door), a game save, a table "
                            "save (tales table) or a campaign save")
    render_cmd.add_argument("out", help="the PNG to write")
    render_cmd.add_argument("--size", default="1200x800", metavar="WxH")
    render_cmd.add_argument("--blocks", metavar="FILE",
                            help="Scheme Block file, for the groups' base colours")
    render_cmd.set_defaults(run=cmd_render)
    from tales.present.keys import VIEW_KEYS, keys_help

    view = commands.add_parser(
        "view", help="the table assistant in a window, or a replay",
        description="A position in a window, editable as the table changes it, with the\n"
        "Schemer group turns worked out (pick the group drawn, then its Scheme; ties are\n"
        "buttons and green spaces). Each Attack is dealt before the next Schemer decides, as\n"
        "in `tales table`: a Hero's defence (Toughness, Shield, Evade, Hitback Tokens) is a\n"
        "row of buttons, so is a die's face if a step ever rolls one (none does today);\n"
        "the log says every Harm and token given, and the board after the turn is kept.\n"
        "Without --blocks it says which Scheme Blocks it uses.\n"
        "Between group turns, the keys:\n" + keys_help(
            (*VIEW_KEYS, ("S", "save a picture"), ("Escape", "close"))),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    view.add_argument("position", nargs="?")
    view.add_argument("--blocks", metavar="FILE", help="the Scheme Block file (default: the "
                      "bundled sample, scenarios/sample-schemers.toml)")
    view.add_argument("--replay", metavar="SAVE", help="step through a saved game: a "
                      "tales play save or a tales table save (left/right: one entry)")
    view.set_defaults(run=cmd_view)
    solo = commands.add_parser("solo", help="the solo campaign in a window")
    solo.add_argument("name", nargs="?", default="solo",
                      help="campaign name (new ones start with a choice of Hero)")
    solo.add_argument("--saves", metavar="DIR", help="campaign folder")
    solo.add_argument("--hero", metavar="NAME", help="a new campaign's Hero (default: "
                      "chosen in the window; gerki at a terminal)")
    solo.add_argument("--companion", metavar="NAME", help="a new campaign's Companion "
                      "(default: chosen in the window; otto-guard at a terminal)")
    solo.add_argument("--physical-dice", action="store_true", help=PHYSICAL)
    solo.set_defaults(run=cmd_solo)

