"""``tales`` commands: campaigns: new, continue, list, show, note, export, import."""

from __future__ import annotations

import argparse
from typing import Any

from tales.cli.common import AT_LEAST_0, COUNT, PHYSICAL, SEED, STEPS_CHANGE, saves_folder
from tales.errors import TalesError


def cmd_campaign_new(args: argparse.Namespace) -> int:
    from tales.campaign.progress import campaign_file, new_campaign
    from tales.campaign.saves import path_for, playing, save, taken

    heroes_text = args.heroes or args.hero
    if not heroes_text or (args.heroes and args.hero):
        raise TalesError("give --hero NAME (with --companion for Solo Mode) or --heroes A,B")
    heroes = tuple(h.strip() for h in heroes_text.split(",") if h.strip())
    folder = saves_folder(args)
    if taken(path_for(args.name, folder)) and not args.force:
        raise TalesError(f"campaign {args.name!r} already exists in {folder} (--force to "
                         "start it again)")
    campaign = new_campaign(args.name, args.campaign, heroes, args.companion, args.legend,
                            args.steps_change, args.seed)
    file = campaign_file(campaign)
    with playing(args.name, folder):  # --force: not over a campaign being played
        path = save(campaign, folder)
    print(f"campaign {args.name!r}: {file.title}, {len(file.scenarios)} scenarios; saved "
          f"to {path}. Play it with: tales campaign continue {args.name}")
    return 0


def cmd_campaign_continue(args: argparse.Namespace) -> int:
    from tales.campaign.play import continue_campaign

    if args.physical_dice and args.bot:
        raise TalesError("--physical-dice is for a person at the table, not with --bot")
    continue_campaign(args.name, saves_folder(args), args.bot, args.backup, args.scenarios,
                      physical=args.physical_dice)
    return 0


def cmd_campaign_list(args: argparse.Namespace) -> int:
    from tales.campaign.saves import describe, list_names, load
    from tales.engine.saves import SaveError

    names = list_names(saves_folder(args))
    if not names:
        print(f"no campaigns in {saves_folder(args)}")
    for name in names:
        try:
            campaign = load(name, saves_folder(args))
        except SaveError as bad:
            print(f"{name}: unreadable ({bad})")
            continue
        who = ", ".join(campaign.heroes) + (f" + {campaign.companion}"
                                            if campaign.companion else "")
        print(f"{name}: {who}; {describe(campaign)}; {len(campaign.results)} played")
    return 0


def cmd_campaign_show(args: argparse.Namespace) -> int:
    from tales.campaign.progress import campaign_file
    from tales.campaign.saves import load
    from tales.present.campaign import campaign_lines

    campaign = load(args.name, saves_folder(args), args.backup)
    for line in campaign_lines(campaign, campaign_file(campaign)):
        print(line)
    return 0


def cmd_campaign_note(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tales.campaign.saves import load, playing, save

    with playing(args.name, saves_folder(args)):  # not lost under a game's next save
        campaign = load(args.name, saves_folder(args))
        save(replace(campaign, notes=(*campaign.notes, args.text)), saves_folder(args))
    return 0


def cmd_campaign_export(args: argparse.Namespace) -> int:
    from tales.campaign.saves import encode, is_campaign_save, load
    from tales.engine.saves import write_atomic
    from tales.files import check_output

    check_output(args.file, ours=is_campaign_save, what="a campaign save")
    campaign = load(args.name, saves_folder(args), args.backup)
    try:
        write_atomic(args.file, encode(campaign))
    except OSError as bad:
        raise TalesError(f"{args.file}: cannot write ({bad.strerror or bad})") from None
    print(f"exported {args.name!r} to {args.file}")
    return 0


def cmd_campaign_import(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tales.campaign.saves import checked, decode, path_for, playing, save, taken
    from tales.engine.saves import read_bytes

    campaign = checked(decode(read_bytes(args.file), args.file), args.file)
    if args.name:
        campaign = replace(campaign, name=args.name)
    folder = saves_folder(args)
    if taken(path_for(campaign.name, folder)) and not args.force:
        raise TalesError(f"campaign {campaign.name!r} already exists in {folder} (--name "
                         "NEW or --force)")
    with playing(campaign.name, folder):
        print(f"imported {campaign.name!r} to {save(campaign, folder)}")
    return 0




def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
    campaign = commands.add_parser("campaign", help="campaigns: new, continue, list, show, "
                                   "note, export, import")
    campaign_commands = campaign.add_subparsers(dest="campaign_command", required=True,
                                                metavar="ACTION")

    def with_saves(sub: argparse.ArgumentParser) -> argparse.ArgumentParser:
        sub.add_argument("--saves", metavar="DIR", help="campaign folder (default "
                         "campaign_saves/)")
        return sub

    cnew = with_saves(campaign_commands.add_parser("new", help="start a campaign"))
    cnew.add_argument("name")
    cnew.add_argument("--campaign", default="sample-campaign", metavar="FILE",
                      help="the campaign file (default: the bundled sample)")
    cnew.add_argument("--hero", metavar="NAME", help="Solo Mode's Hero (with --companion)")
    cnew.add_argument("--heroes", metavar="A,B", help="two to four Heroes")
    cnew.add_argument("--companion", metavar="NAME", help="Solo Mode: otto-guard, "
                      "otto-medic, otto-tinker, otto-scout, pooky, or a card file")
    cnew.add_argument("--legend", action="store_true", help="Legend difficulty")
    cnew.add_argument("--steps-change", type=STEPS_CHANGE, default=0, metavar="N",
                      help="Power Tree steps above (or below, negative) each scenario's")
    cnew.add_argument("--seed", type=SEED, default=0, metavar="S", help="seed for the dice")
    cnew.add_argument("--force", action="store_true", help="replace a campaign of that name")
    cnew.set_defaults(run=cmd_campaign_new)
    ccont = with_saves(campaign_commands.add_parser(
        "continue", help="play on (at the terminal, or --bot)"))
    ccont.add_argument("name")
    ccont.add_argument("--bot", choices=("greedy", "planner", "random"),
                       help="let a bot play the Heroes")
    ccont.add_argument("--scenarios", type=AT_LEAST_0, metavar="N", help="stop after N scenarios")
    ccont.add_argument("--backup", type=COUNT, metavar="N", help="continue from backup N")
    ccont.add_argument("--physical-dice", action="store_true", help=PHYSICAL)
    ccont.set_defaults(run=cmd_campaign_continue)
    clist = with_saves(campaign_commands.add_parser("list", help="the saved campaigns"))
    clist.set_defaults(run=cmd_campaign_list)
    cshow = with_saves(campaign_commands.add_parser(
        "show", help="progress, unlocks, last results"))
    cshow.add_argument("name")
    cshow.add_argument("--backup", type=COUNT, metavar="N", help="show backup N instead")
    cshow.set_defaults(run=cmd_campaign_show)
    cnote = with_saves(campaign_commands.add_parser("note", help="add a note"))
    cnote.add_argument("name")
    cnote.add_argument("text")
    cnote.set_defaults(run=cmd_campaign_note)
    cexport = with_saves(campaign_commands.add_parser("export", help="copy a campaign out"))
    cexport.add_argument("name")
    cexport.add_argument("file")
    cexport.add_argument("--backup", type=COUNT, metavar="N", help="export backup N")
    cexport.set_defaults(run=cmd_campaign_export)
    cimport = with_saves(campaign_commands.add_parser("import", help="bring a campaign in"))
    cimport.add_argument("file")
    cimport.add_argument("--name", help="save it under another name")
    cimport.add_argument("--force", action="store_true", help="replace one of that name")
    cimport.set_defaults(run=cmd_campaign_import)
