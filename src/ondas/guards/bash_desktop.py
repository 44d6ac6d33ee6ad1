"""Desktop applications: windows that show a file, play media or take a screenshot.

In an unattended run such a window has no person at it, so it changes nothing but what its
command line names: the files an editor is given (it may save them), the file a screenshot or a
conversion writes, the URLs it fetches (the network policy's, as for a browser) and the scripts
some of them run (a player's Lua, an editor's speller, an office suite's macros). Those are
judged; the rest is allowed in every mode. A streaming client or a weather panel reaches hosts
the whitelist cannot judge, as a browser's start page does (network policy, unattended).
Control panels, software centres and system settings (``gnome-control-center``,
``gnome-software``, ``nmcli``, ``gsettings``) are not here: they change the machine.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    HANDLERS,
    Ctx,
    Stdin,
    Word,
    block,
    check_write_target,
    option_values,
    positionals,
    register,
    word_set,
)
from ondas.guards.bash_net import network_url
from ondas.guards.verdict import ALLOW, Verdict

VIEWERS = word_set(
    "nautilus nemo thunar dolphin pcmanfm evince okular zathura atril xreader eog feh sxiv "
    "ristretto gwenview shotwell gnome-calculator kcalc gnome-calendar gnome-clocks "
    "gnome-system-monitor gnome-characters baobab"
)
"""File managers, document and image viewers, calculators, clocks, a process monitor."""
EDITORS = word_set("gedit gnome-text-editor kate kwrite mousepad pluma xed nano pico")
"""Editors: each file they are given may be saved (a write)."""
PLAYERS = word_set("vlc mpv totem celluloid rhythmbox audacious clementine")
"""Media players: a URL is fetched; scripts and remote-control interfaces are code."""
OFFICE = word_set("libreoffice soffice lowriter localc loimpress")
"""Office suites: ``--convert-to`` writes into ``--outdir``; a macro URL runs code."""
SCREENSHOTS = word_set("gnome-screenshot scrot spectacle")
"""Screenshot tools: the file they write."""
ONLINE = word_set("spotify gnome-weather gnome-maps")
"""Windows that fetch from their service's hosts as soon as they start."""

EXEC_OPTIONS = {
    "scrot": word_set("-e --exec"),
    "feh": word_set("-A --action --info " + " ".join(f"--action{i}" for i in range(1, 10))),
    "zathura": word_set("-x --synctex-editor-command"),
    "nano": word_set("-s --speller"),
    "pico": word_set("-s --speller"),
}
"""Options whose value the program runs as a shell command (``scrot -e CMD`` after the shot,
``feh --action CMD`` per image, ``nano -s CMD`` as its speller)."""
_PLAYER_CODE = ("--script", "--lua", "--extraintf", "--intf", "-I", "--input-ipc", "--http")
_OFFICE_CODE = ("macro:", "vnd.sun.star.script:", "vnd.sun.star.basic:")
_EDITOR_VALUES = word_set("-s --speller -o --operatingdir -Y --syntax -r --fill -T --tabsize")
_SCREENSHOT_FILES = word_set("-f --file")


def _urls(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    for word in args:
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, f"{name} of a target computed at run time")
        if "://" in v and ctx.unattended:
            verdict = network_url(v, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _desktop(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [w.value or "" for w in args]
    if name in OFFICE and any(v.startswith(_OFFICE_CODE) for v in values):
        return block("dynamic-command", seg, f"{name} is given a macro to run")
    verdict = _urls(name, args, ctx, seg)
    if not verdict.allowed:
        return verdict
    if name in ONLINE and ctx.unattended:
        return block(
            "network-unknown-target",
            seg,
            f"{name} reaches its service's hosts as it starts; the network policy lets an "
            "unattended run without the OS sandbox reach only the whitelist",
        )
    commands = EXEC_OPTIONS.get(name)
    if commands is not None:
        for command in option_values(args, commands, commands):
            if command.value is None:
                return block("dynamic-command", seg, f"{name} runs a command computed at run time")
            verdict = ctx.check_source(command.value, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    if name in PLAYERS and any(v.startswith(_PLAYER_CODE) for v in values):
        return block("dynamic-command", seg, f"{name} is given a script or a remote control")
    if name in OFFICE:
        for outdir in option_values(args, word_set("--outdir")):
            verdict = check_write_target(outdir, ctx, seg)
            if not verdict.allowed:
                return verdict
    if name in SCREENSHOTS:
        for target in option_values(args, _SCREENSHOT_FILES, _SCREENSHOT_FILES):
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    if name in EDITORS:
        for target in positionals(args, _EDITOR_VALUES):
            if target.value is not None and target.value.startswith("+"):
                continue  # ``nano +12 file``: a line to start at
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


register(" ".join(sorted(VIEWERS | EDITORS | PLAYERS | OFFICE | SCREENSHOTS | ONLINE)), _desktop)


def _terminal_editor(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Emacs, emacsclient, micro and Helix: each file they open judged as a write
    (:mod:`ondas.guards.bash_editors`, loaded for their lines only; Kakoune's is
    ``bash_system``'s rule). Emacs's is the runners' (:data:`~ondas.guards.bash_runners.EMACS`,
    its code's rule wrapped with this reading, which wraps this handler when this module loads
    first, as ``bash_base._load_rules`` loads it)."""
    from ondas.guards.bash_editors import editor

    return editor(None, name, args, ctx, depth, seg, s)


register("emacsclient micro hx helix", _terminal_editor)
if "emacs" not in HANDLERS:  # the runners' Emacs rule, when loaded first, reads files already
    register("emacs", _terminal_editor)
