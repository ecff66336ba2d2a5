"""Copy the game onto a board's CIRCUITPY drive: only the files that changed.

    python tools/board/deploy.py BOARD [--drive PATH] [--mpy-cross PATH] [--dry-run] [--force]

BOARD is as for tools/board/bundle.py (pybadge, pygamer, pico...). The drive is
found by itself (a mounted volume named CIRCUITPY that holds boot_out.txt, on
Linux, macOS or Windows) or given with --drive. The bundle is built in a
temporary folder and compared file by file with the drive: new and changed
files are written (code.py last, so the board restarts once everything is
there), files of engine/, ui/ and hal/ that the bundle no longer has are
deleted, as is a lib/ .py that a new .mpy replaces. A settings.toml already on
the drive is kept. boot_out.txt must name a board this bundle is for, and a
CircuitPython 9 or 10 (--force to go on anyway).

Nothing is changed unless the drive has room for the whole copy (each file
rounded up to the drive's blocks, a file and its temporary copy counted both,
and a margin). Each file is written beside its old one and renamed over it;
when more than code.py changes, code.py first becomes a notice and is written
last, so a board never starts a half-copied game. Errors are one line on
standard error, exit status 2.

Copying goes through the drive, not ``mpremote fs cp``, which is unreliable
with CircuitPython.
"""

import os
import re
import shutil
import stat
import sys
import tempfile

import _path
from desktop.cli import Parser  # argparse with one-line errors
import boardinfo
import bundle
from desktop import files

OURS = ("engine/", "ui/", "hal/")  # folders the game owns on the drive
FIRMWARE = (9, 10)  # CircuitPython major versions supported
NOTICE = ('print("Spit is being copied onto this board. If this stays, the copy stopped half-way: "\n'
          '      "run tools/board/deploy.py again.")\n').encode("ascii")  # code.py while the other files are copied
MARGIN_BLOCKS = 8  # spare blocks on top of what the copy takes


def find_drives(system=None, mounts=None, volumes="/Volumes", letters="DEFGHIJKLMNOPQRSTUVWXYZ"):
    """Mount points of CircuitPython drives (a volume named CIRCUITPY* holding boot_out.txt)."""
    system = system or sys.platform
    found = []
    if system.startswith("win"):
        for letter in letters:
            root = "%s:\\" % letter
            if _volume_label(root).upper().startswith("CIRCUITPY"):
                found.append(root)
    elif system == "darwin":
        if os.path.isdir(volumes):
            found = [os.path.join(volumes, n) for n in sorted(os.listdir(volumes)) if n.startswith("CIRCUITPY")]
    else:
        if mounts is None:
            try:
                with open("/proc/mounts", encoding="utf-8") as f:
                    mounts = f.read()
            except OSError:
                mounts = ""
        for line in mounts.splitlines():
            fields = line.split()
            if len(fields) > 1:
                point = fields[1].replace("\\040", " ")
                if os.path.basename(point).startswith("CIRCUITPY"):
                    found.append(point)
    return [d for d in found if os.path.isfile(os.path.join(d, "boot_out.txt"))]


def _volume_label(root):
    """A Windows drive's volume label ('' when there is no such drive)."""
    try:
        import ctypes

        name = ctypes.create_unicode_buffer(261)
        ok = ctypes.windll.kernel32.GetVolumeInformationW(  # type: ignore[attr-defined]
            ctypes.c_wchar_p(root), name, 261, None, None, None, None, 0)
        return name.value if ok else ""
    except (AttributeError, OSError):
        return ""


def boot_out(drive):
    """(CircuitPython version tuple or None, board id or None) from the drive's boot_out.txt."""
    try:  # a regular file of at most 64 KB (CircuitPython writes a few lines): never a FIFO or a device
        text = files.read_regular(os.path.join(drive, "boot_out.txt"), 64 * 1024, "boot_out.txt")
    except OSError:
        return None, None
    text = text.decode("utf-8", "replace")
    version = re.search(r"CircuitPython (\d+)\.(\d+)\.(\d+)", text)
    board = re.search(r"Board ID:\s*(\S+)", text)
    return (tuple(int(n) for n in version.groups()) if version else None,
            board.group(1) if board else None)


def plan(src, drive):
    """What syncing src onto drive does: (files to write, files to delete, files unchanged)."""
    wanted = bundle.files_of(src)
    write = []
    same = []
    for rel in wanted:
        there = os.path.join(drive, rel)
        if rel == "settings.toml" and os.path.exists(there):
            same.append(rel)  # the user's own settings stay
        elif _same(os.path.join(src, rel), there):
            same.append(rel)
        else:
            write.append(rel)
    write.sort(key=lambda rel: rel == "code.py")  # code.py last: the board reloads when it lands
    have = set(wanted)
    delete = []
    for rel in bundle.files_of(drive) if os.path.isdir(drive) else ():
        if rel in have:
            continue
        stem, ext = os.path.splitext(rel)
        other = stem + (".mpy" if ext == ".py" else ".py")
        if rel.startswith(OURS) and ext in (".py", ".mpy"):
            delete.append(rel)
        elif rel.startswith("lib/") and ext in (".py", ".mpy") and other in have:
            delete.append(rel)  # a .py would be imported instead of the new .mpy (or a stale .mpy)
    return write, delete, same


def _same(a, b):
    try:
        there = os.stat(b)
        if not stat.S_ISREG(there.st_mode) or os.path.getsize(a) != there.st_size:
            return False
        with open(a, "rb") as f, open(b, "rb") as g:
            return f.read() == g.read()
    except OSError:
        return False


def deploy(board, drive=None, mpy_cross=None, dry_run=False, force=False, out=None, source=False):
    """Build the bundle for board (.mpy, or .py with source) and sync it onto the drive; return a summary dict."""
    out = out or sys.stdout
    board = boardinfo.board_id(board)
    if drive is None:
        drives = find_drives()
        if not drives:
            raise SystemExit("no CIRCUITPY drive found: plug the board in (a data USB cable), "
                             "or give its folder with --drive")
        if len(drives) > 1:
            raise SystemExit("several CIRCUITPY drives: %s; choose one with --drive" % ", ".join(drives))
        drive = drives[0]
    if not os.path.isdir(drive):
        raise SystemExit("%s is not a folder" % drive if os.path.exists(drive) else "%s: no such folder" % drive)
    version, board_there = boot_out(drive)
    problems = []
    if board_there is None:
        problems.append("%s has no boot_out.txt naming its board: is it a CIRCUITPY drive?" % drive)
    elif boardinfo.BOARDS.get(board_there, (None,))[0] != boardinfo.BOARDS[board][0]:
        problems.append("the drive is a %s, the bundle is for %s" % (board_there, board))
    if version is not None and version[0] not in FIRMWARE:
        problems.append("the drive runs CircuitPython %s; this game supports %s"
                        % (".".join(map(str, version)), " and ".join("%d.x" % v for v in FIRMWARE)))
    if problems and not force:
        raise SystemExit("; ".join(problems) + " (--force to copy anyway)")
    with tempfile.TemporaryDirectory(prefix="spit-bundle-") as tmp:
        src = os.path.join(tmp, "CIRCUITPY")
        fig = bundle.build(board, src, mpy_cross=mpy_cross, force=force, source=source)
        write, delete, same = plan(src, drive)
        size = sum(os.path.getsize(os.path.join(src, rel)) for rel in write)
        if not dry_run and (write or delete):
            check_drive(drive, write, delete)
            order = steps(src, write, delete)
            free, block = free_space(drive)
            need = space_needed(order, drive, block)
            if need > free:
                raise SystemExit("not enough room on %s: the copy needs %d KB (files rounded up to %d-byte "
                                 "blocks, with a margin), %d KB are free; nothing was changed"
                                 % (drive, -(-need // 1024), block, free // 1024))
            apply(drive, order)
    print("%s: CircuitPython %s, board %s; bundle for %s (%d files, %.1f KB)"
          % (drive, ".".join(map(str, version)) if version else "?", board_there or "?", board,
             fig["files"], fig["bytes"] / 1024), file=out)
    for rel in write:
        print("  %s %s" % ("write " if not dry_run else "would write", rel), file=out)
    for rel in delete:
        print("  %s %s" % ("delete" if not dry_run else "would delete", rel), file=out)
    print("%s %d files (%.1f KB), %s %d, %s %d unchanged%s"
          % ("Would write" if dry_run else "Wrote", len(write), size / 1024,
             "would delete" if dry_run else "deleted", len(delete), "would leave" if dry_run else "left",
             len(same), "; your settings.toml is kept" if "settings.toml" in same else ""), file=out)
    if (write or delete) and not dry_run:
        print("The board restarts the game by itself (auto-reload). Eject the drive before unplugging it.",
              file=out)
    return {"drive": drive, "write": write, "delete": delete, "same": same, "bytes": size}


def _size(drive, rel):
    try:
        return os.path.getsize(os.path.join(drive, rel))
    except OSError:
        return 0


def check_drive(drive, write, delete):
    """SystemExit (one line) unless every file to write or delete can be, before anything changes."""
    if not files.writable_folder(drive):
        raise SystemExit("%s is read-only (a boot.py that remounts CIRCUITPY for the board keeps it so); "
                         "nothing was changed" % drive)
    for rel in write + delete + ["code.py"]:
        try:
            files.check_writable(os.path.join(drive, rel), "file")
        except OSError as e:
            raise SystemExit("%s; nothing was changed" % e) from None


def steps(src, write, delete):
    """The changes in the order they are made: [(path, bytes to write, or None to delete)].

    When more than code.py changes, code.py first becomes NOTICE and is
    written last: a board that restarts meanwhile, or a copy stopped half-way,
    shows the notice instead of starting a mix of two versions.
    """
    def data(rel):
        with open(os.path.join(src, rel), "rb") as f:
            return f.read()

    rest = [rel for rel in write if rel != "code.py"]
    if not rest and not delete:
        return [("code.py", data("code.py"))] if write else []
    return ([("code.py", NOTICE)] + [(rel, None) for rel in delete] + [(rel, data(rel)) for rel in rest]
            + [("code.py", data("code.py"))])


def free_space(drive):
    """(bytes free, block size) of the drive's file system."""
    free = shutil.disk_usage(drive).free
    try:
        block = os.statvfs(drive).f_frsize
    except (AttributeError, OSError):
        block = 0
    return free, block or 4096  # Windows: a board's FAT has clusters of 512 bytes to 4 KB


def space_needed(order, drive, block):
    """The most the drive fills up while order runs, in bytes: files in whole blocks, a folder a block, a margin.

    A file being replaced still holds its blocks while its new copy is
    written; a deleted one frees them.
    """
    def blocks(n):
        return -(-n // block) * block

    held = {}
    made = set()
    now = peak = 0
    for rel, data in order:
        if rel not in held:
            held[rel] = blocks(_size(drive, rel))
        if data is None:
            now -= held[rel]
            held[rel] = 0
            continue
        folder = os.path.dirname(rel)
        while folder and folder not in made and not os.path.isdir(os.path.join(drive, folder)):
            made.add(folder)
            now += block
            folder = os.path.dirname(folder)
        peak = max(peak, now + blocks(len(data)))
        now += blocks(len(data)) - held[rel]
        held[rel] = blocks(len(data))
    return peak + MARGIN_BLOCKS * block


def apply(drive, order):
    """Make the changes on the drive, each file whole (written beside the old one, then renamed over it)."""
    done = 0
    try:
        for rel, data in order:
            target = os.path.join(drive, rel)
            if data is None:
                os.remove(target)
            else:
                files.write_atomic(target, data, "file")
            done += 1
    except OSError as e:
        if done == 0:
            raise SystemExit("%s; nothing was changed" % bundle.os_error(e)) from None
        raise SystemExit("%s; stopped after %d of %d changes: the board shows a notice instead of the game "
                         "until tools/board/deploy.py is run again" % (bundle.os_error(e), done, len(order))) from None
    finally:
        if hasattr(os, "sync"):
            os.sync()  # to the flash before the board is unplugged


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("board", help="board id, or pico / pico2 (tools/board/bundle.py)")
    parser.add_argument("--drive", metavar="PATH", help="the CIRCUITPY folder (default: found by itself)")
    parser.add_argument("--source", action="store_true", help="copy .py source instead of .mpy")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="this CircuitPython mpy-cross instead of the one tools/board/circuitpython.py builds")
    parser.add_argument("--dry-run", action="store_true", help="say what would change, change nothing")
    parser.add_argument("--force", action="store_true", help="copy even to another board or firmware")
    args = parser.parse_args(argv)
    try:
        boardinfo.board_id(args.board)
    except ValueError as e:
        parser.error(str(e))
    try:
        if args.source and args.mpy_cross:
            parser.error("--source and --mpy-cross cannot be used together")
        deploy(args.board, args.drive, args.mpy_cross, args.dry_run, args.force, source=args.source)
    except SystemExit as e:
        if not isinstance(e.code, str):
            raise
        return bundle.fail(e.code, "deploy")
    except OSError as e:
        return bundle.fail(bundle.os_error(e), "deploy")
    return 0


if __name__ == "__main__":
    _path.run(main)
