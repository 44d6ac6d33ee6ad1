"""Machine emulators: ``qemu-system-ARCH`` boots the disk image or kernel it is given.

A guest runs inside the emulator: it reaches the host's files, devices and sockets only through
what the command line gives it. So ``qemu-system-i386 -fda os-image.bin`` (an OS tutorial's boot
floppy) and ``qemu-system-x86_64 -kernel build/kernel.elf -nographic`` run the project's own
code as ``./app`` runs its program: known in unattended runs when each image, kernel and
firmware is the project's. What the guest may write is judged as a write in every mode (a disk
image, ``-drive file=``, unless read-only, the log ``-D``, a serial port's ``file:``, the
``-pidfile``, a host directory shared with ``-virtfs``/``-fsdev``): ``-hda /dev/sda`` writes a
device, ``-hda ~/x.img`` writes outside the project.
A closed set of options is read (machine, memory, CPUs, display, boot order, logging, the gdb
stub ``-s``); any other option, a network or socket backend (``-netdev``, ``-nic`` but
``none``, ``-vnc``, a ``tcp:`` serial port), a host directory or device given to the guest
(``-virtfs``, ``-fsdev``, ``-device``, ``-chardev``, ``-object``), a plugin, the monitor (which
runs host commands: ``migrate "exec:..."``) or the console fed by standard input is refused
unattended as unknown, naming it.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    Ctx,
    Stdin,
    Word,
    check_write_target,
    unknown_unattended,
    word_set,
)
from ondas.guards.bash_compilers import project_code
from ondas.guards.verdict import ALLOW, Verdict

QEMU_SYSTEMS = word_set(
    "qemu-system-i386 qemu-system-x86_64 qemu-system-aarch64 qemu-system-arm "
    "qemu-system-riscv32 qemu-system-riscv64 qemu-system-mips qemu-system-mipsel "
    "qemu-system-ppc qemu-system-ppc64 qemu-system-m68k qemu-system-avr qemu-system-xtensa"
)
"""The system emulators judged here (one program per guest architecture)."""
QEMU_FLAGS = word_set(
    "-s -S -nographic -no-reboot -no-shutdown -enable-kvm -snapshot -full-screen -nodefaults "
    "-no-hpet -no-acpi -version -h -help -usb"
)
"""Options without a value that change nothing outside the guest (``-s`` is the gdb stub on
a local port, ``-snapshot`` writes the disks' changes to a temporary file)."""
QEMU_SETTINGS = word_set(
    "-m -smp -cpu -M -machine -accel -vga -boot -append -name -rtc -k -d -icount -gdb -global"
)
"""Options whose value sets up the guest (memory, CPUs, machine, boot order, kernel command
line, which events are logged to standard error, the gdb stub's local port)."""
QEMU_DISKS = word_set("-fda -fdb -hda -hdb -hdc -hdd -mtdblock -sd -pflash")
"""Options naming a disk image the guest reads and writes."""
QEMU_CODE = word_set("-kernel -initrd -bios -dtb -cdrom -L")
"""Options naming code or read-only media the guest boots or loads (and the firmware
directory ``-L``)."""
QEMU_WRITTEN = word_set("-D -pidfile")
"""Options naming a file qemu writes (its log, its process id)."""
QEMU_PORTS = word_set("-serial -parallel")
"""Options naming where a guest's port goes: ``stdio``, ``none``, ``null``, ``vc``, ``pty`` or
a file (``file:PATH``) stay on this machine; a socket, a pipe, a device or the monitor do not
pass."""
_LOCAL_PORTS = word_set("stdio none null vc pty")
_DISPLAYS = word_set("none curses gtk sdl cocoa default egl-headless")


def qemu_system(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """A system emulator, by the options it is given (see the module's docstring)."""
    if not args or (len(args) == 1 and args[0].value in ASKS_VERSION_OR_HELP):
        return ALLOW
    code: list[Word] = []
    k = 0
    while k < len(args):
        v = args[k].value
        if v is None:
            return unknown_unattended(name, "is given a word computed at run time", ctx, seg)
        if not v.startswith("-"):
            code.append(args[k])  # ``qemu-system-i386 os-image.bin``: the first disk
            written = check_write_target(args[k], ctx, seg)
            if not written.allowed:
                return written
            k += 1
            continue
        option = "-" + v.lstrip("-")  # qemu spells every option with one dash or two
        if option in QEMU_FLAGS:
            k += 1
            continue
        value = args[k + 1] if k + 1 < len(args) else None
        k += 2
        if value is None or value.value is None:
            return unknown_unattended(name, f"{option} is given no value it can read", ctx, seg)
        verdict = _option(name, option, value, code, ctx, seg)
        if not verdict.allowed:
            return verdict
    if s is not None:
        return unknown_unattended(
            name, "is fed standard input, which its console's monitor reads", ctx, seg
        )
    return project_code(name, code, ctx, seg) if ctx.unattended else ALLOW


def _option(name: str, option: str, value: Word, code: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """One option with its value: a setting, a disk or code, a file written, a port."""
    text = value.value or ""
    if option in QEMU_SETTINGS:
        return ALLOW
    if option in QEMU_DISKS:
        code.append(value)
        return check_write_target(value, ctx, seg)
    if option in QEMU_CODE:
        code.append(value)
        return ALLOW
    if option in QEMU_WRITTEN:
        return check_write_target(value, ctx, seg)
    if option in QEMU_PORTS:
        if text in _LOCAL_PORTS:
            return ALLOW
        if text.startswith("file:"):
            path = text.removeprefix("file:")
            return check_write_target(Word(path, path), ctx, seg)
        return unknown_unattended(name, f"{option} {text} leaves this machine's console", ctx, seg)
    if option == "-display" and text.split(",", 1)[0] in _DISPLAYS:
        return ALLOW
    if option in {"-nic", "-net"} and text == "none":
        return ALLOW
    if option == "-drive":
        return _drive(name, text, code, ctx, seg)
    if option in {"-virtfs", "-fsdev"}:
        keys = dict(part.partition("=")[::2] for part in text.split(","))
        shared = keys.get("path", "")
        if shared and keys.get("readonly") not in {"on", "true", "yes"}:
            verdict = check_write_target(Word(shared, shared), ctx, seg)  # the guest writes it
            if not verdict.allowed:
                return verdict
    return unknown_unattended(name, f"is given {option}, which the guard does not judge", ctx, seg)


def _drive(name: str, text: str, code: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``-drive file=PATH,format=raw,if=floppy[,readonly=on]``: a disk image, judged as a write
    unless read-only; a network protocol's image (``nbd://``, ``http://``) is unknown."""
    keys = dict(part.partition("=")[::2] for part in text.split(","))
    path = keys.get("file", "")
    if not path:
        return ALLOW  # an empty drive (a CD-ROM slot)
    if ":" in path.split("/", 1)[0]:
        return unknown_unattended(name, f"reads the disk image {path} over a protocol", ctx, seg)
    word = Word(path, path)
    code.append(word)
    if keys.get("readonly") in {"on", "true", "yes"} or keys.get("media") == "cdrom":
        return ALLOW
    return check_write_target(word, ctx, seg)
