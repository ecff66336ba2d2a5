"""CircuitPython's own mpy-cross and 32-bit unix VM, built once into a cache folder outside the clone.

    python tools/board/circuitpython.py [--print] [--rebuild]

Builds, offline, from ``../shared/circuitpython-kit/`` beside the project
(CircuitPython 10.3's source, packed), or from a CircuitPython source tree
named by ``SPIT_CIRCUITPYTHON_SRC`` (a clone of adafruit/circuitpython at the
commit the kit's README names, with ``tools/huffman`` checked out):

- ``mpy-cross``: CircuitPython's compiler (mpy v6.3; files start with ``C``);
- ``micropython``: the unix port as a 32-bit VM (pointers and small ints as
  on a board) with the real collector and ``-X heapsize=...``;
- ``micropython-pystack`` and ``micropython-pystack1536``: the same with
  CircuitPython's pystack of 2048 bytes (the CircuitPython 10 default) and
  1536 bytes (SAMD21 boards);
- ``micropython-board``: the kit's board model: the unix port with
  CircuitPython's real C ``displayio``, ``fontio``, ``terminalio.FONT``,
  ``bitmaptools`` and ``vectorio``, ``displayio.HeadlessDisplay``, a
  2048-byte pystack and a GC heap that grows in areas taken from a TLSF pool
  of ``BOARD_PORT_HEAP`` bytes, as on a board. The hardware stand-ins of
  tools/board/standins/ that a board has in C (not displayio, terminalio,
  bitmaptools: those are real here; not the libraries the bundle ships) are
  frozen into it (``BOARD_FROZEN_DIR``), so that their code is in ROM as a
  board's C modules are, and only the objects they make take heap. So is
  the harness that drives a run (tools/board/vmplay.py, ``frozen()``): it is
  not the game, and frozen its code and names are not in the heap or the
  interned names a run reports.

The unix VMs are built without threads and without position-independent
code (``VM_MAKE_ARGS``), which makes them faster (docs/performance.md).

The binaries go to ``~/.cache/spit/circuitpython/<version>/vm-<key>/bin/``
(under ``$XDG_CACHE_HOME`` when set, or ``$SPIT_CIRCUITPYTHON_CACHE``),
outside the clone, so that every clone on the machine shares one build; the
key is ``build_key()``, a short hash of ``VM_MAKE_ARGS``, so that a change of
them builds afresh rather than finding the old binaries. The board VM goes to
``board-<hash of the frozen files>/`` beside ``bin/``. A second call finds
them there. The build needs
``gcc -m32`` (Debian's ``gcc-multilib``): without it, or without a source,
``binaries()`` raises ``Unavailable`` with one line saying what to install,
and this command prints that line and exits with status 2.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

import _path
from desktop.cli import Parser  # argparse with one-line errors

ROOT = _path.ROOT
KIT = os.path.join(os.path.dirname(ROOT), "shared", "circuitpython-kit")
VARIANTS = os.path.join(ROOT, "tools", "board", "cp-variants")
NAMES = ("mpy-cross", "micropython", "micropython-pystack", "micropython-pystack1536")
BOARD_VM = "micropython-board"
STANDINS = os.path.join(ROOT, "tools", "board", "standins")
HARNESS = os.path.join(ROOT, "tools", "board", "vmplay.py")
# stand-ins the board VM does not freeze: what it has in C itself, and what a bundle ships as a library
NOT_FROZEN = ("displayio.py", "terminalio.py", "bitmaptools.py", "vectorio.py", "neopixel.py", "adafruit_st7789.py")
MPY_HEADER = b"C\x06"  # CircuitPython's .mpy: 'C', mpy version 6 (MicroPython's start with 'M')
STEP_TIMEOUT = 900  # seconds for each make
# make's arguments for every unix VM (mpy-cross is built as the kit builds it). A board has no threads: the
# unix port's (MICROPY_PY_THREAD) only cost time, a pthread_getspecific in each mp_thread_get_state. And
# position-independent code (Debian's gcc makes it by default) costs i386 a register, the GOT pointer in
# ebx, and a __x86.get_pc_thunk call in most functions. The two were about 10% of the board VM's time. Other
# code leaves other stale words on the C stack, which the collector scans conservatively: heap figures move
# by a few blocks either way, and no test's figure or budget changed (compared: docs/performance.md).
# CFLAGS_EXTRA is free: the pystack variants' size is set in their header, not with it (_build).
VM_MAKE_ARGS = ("MICROPY_PY_THREAD=0", "CFLAGS_EXTRA=-fno-pie", "LDFLAGS_EXTRA=-no-pie")


class Unavailable(Exception):
    """The VM cannot be had here; str() is one line saying why and what to do."""


def _kit():
    return os.environ.get("SPIT_CIRCUITPYTHON_KIT") or KIT


def user_cache(*parts):
    """A folder of ``~/.cache/spit/`` (under ``$XDG_CACHE_HOME`` when set): outside the clone, shared by every
    clone of this machine."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "spit", *parts)


def _cache():
    """Where the binaries are kept: user_cache("circuitpython"), or $SPIT_CIRCUITPYTHON_CACHE."""
    return os.environ.get("SPIT_CIRCUITPYTHON_CACHE") or user_cache("circuitpython")


def build_key():
    """A short hash of VM_MAKE_ARGS, in the cache folder's name: other make arguments build afresh."""
    return "vm-" + hashlib.sha256("\0".join(VM_MAKE_ARGS).encode()).hexdigest()[:8]


def _home(version):
    """The folder of the binaries built from version with VM_MAKE_ARGS."""
    return os.path.join(_cache(), version.replace(os.sep, "_"), build_key())


def frozen_standins():
    """{file name: bytes} of the stand-ins frozen into the board VM."""
    out = {}
    for name in sorted(os.listdir(STANDINS)):
        if name.endswith(".py") and name not in NOT_FROZEN:
            with open(os.path.join(STANDINS, name), "rb") as f:
                out[name] = f.read()
    return out


def frozen():
    """{file name: bytes} of all that is frozen into the board VM: the stand-ins, and the harness that drives a
    run (tools/board/vmplay.py), which is not the game: frozen, its code and names are in ROM, so the heap and
    the interned names a run reports are the App's own."""
    out = frozen_standins()
    with open(HARNESS, "rb") as f:
        out["vmplay.py"] = f.read()
    return out


def source():
    """(kind, path, version): the kit or the source tree the binaries are built from; Unavailable if none."""
    tree = os.environ.get("SPIT_CIRCUITPYTHON_SRC")
    if tree:
        if not os.path.isfile(os.path.join(tree, "py", "persistentcode.c")):
            raise Unavailable("SPIT_CIRCUITPYTHON_SRC=%s is not a CircuitPython source tree" % tree)
        done = subprocess.run(["git", "-C", tree, "describe", "--tags", "--always", "--dirty"],
                              capture_output=True, text=True)
        version = done.stdout.strip() if done.returncode == 0 else "source"
        return "tree", os.path.abspath(tree), version
    kit = _kit()
    packed = os.path.join(kit, "circuitpython-src.tar.xz")
    if not os.path.isfile(packed):
        raise Unavailable("no CircuitPython source: neither %s nor SPIT_CIRCUITPYTHON_SRC "
                          "(see the kit's README for the upstream commit)" % packed)
    with open(os.path.join(kit, "VERSION"), encoding="utf-8") as f:
        version = f.readline().strip()
    with open(packed, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:12]
    return "kit", kit, version + "-" + digest


def check_m32():
    """Unavailable unless gcc can link a 32-bit program."""
    with tempfile.TemporaryDirectory(prefix="spit-m32-") as tmp:
        src = os.path.join(tmp, "t.c")
        with open(src, "w", encoding="utf-8") as f:
            f.write("int main(void) { return 0; }\n")
        try:
            done = subprocess.run(["gcc", "-m32", src, "-o", os.path.join(tmp, "t")], capture_output=True)
        except OSError:
            raise Unavailable("no gcc: install gcc and gcc-multilib (apt-get install gcc-multilib)") from None
        if done.returncode != 0:
            raise Unavailable("gcc -m32 cannot link: install gcc-multilib (apt-get install gcc-multilib)")


def binaries(rebuild=False, log=None, build=True):
    """{name: path} of the four binaries and the board VM, building them first if the cache lacks them
    (unless not build); Unavailable if it cannot."""
    bins = _binaries(rebuild, log, build)
    bins[BOARD_VM] = board_vm(rebuild, log, build)
    return bins


def board_vm(rebuild=False, log=None, build=True):
    """The path of micropython-board with the stand-ins and the harness frozen in, built first if the cache lacks it
    (with the mpy-cross of binaries(), which freezing them needs)."""
    kind, where, version = source()
    frozen_files = frozen()
    digest = hashlib.sha256()
    for name, data in sorted(frozen_files.items()):
        digest.update(name.encode() + b"\0" + data + b"\0")
    home = os.path.join(_home(version), "board-" + digest.hexdigest()[:12])
    binary = os.path.join(home, BOARD_VM)
    stamp = os.path.join(home, "built.json")
    if not rebuild and os.path.isfile(stamp) and os.access(binary, os.X_OK):
        return binary
    if not build:
        raise Unavailable("not built yet in %s: run tools/board/circuitpython.py (or make circuitpython)" % home)
    check_m32()
    try:
        os.makedirs(home, exist_ok=True)
    except OSError as e:
        raise Unavailable("cannot make the cache %s: %s" % (home, e.strerror or e)) from None
    with _Lock(os.path.join(home, ".lock")):
        if not rebuild and os.path.isfile(stamp) and os.access(binary, os.X_OK):
            return binary
        mpy_cross = _binaries(rebuild, log, build)["mpy-cross"]
        _build_board(kind, where, version, home, frozen_files, mpy_cross, log or (lambda line: None))
        with open(stamp + ".tmp", "w", encoding="utf-8") as f:
            json.dump({"source": kind, "from": where, "version": version, "make": list(VM_MAKE_ARGS),
                       "frozen": sorted(frozen_files)}, f)
        os.replace(stamp + ".tmp", stamp)
    return binary


def _binaries(rebuild, log, build):
    kind, where, version = source()
    cache = _cache()
    if os.path.exists(cache) and not os.path.isdir(cache):
        raise Unavailable("the cache %s is not a folder (SPIT_CIRCUITPYTHON_CACHE)" % cache)
    home = _home(version)
    bins = {name: os.path.join(home, "bin", name) for name in NAMES}
    stamp = os.path.join(home, "built.json")
    if not rebuild and os.path.isfile(stamp) and all(os.access(p, os.X_OK) for p in bins.values()):
        return bins
    if not build:
        raise Unavailable("not built yet in %s: run tools/board/circuitpython.py (or make circuitpython)" % home)
    check_m32()
    try:
        os.makedirs(home, exist_ok=True)
    except OSError as e:
        raise Unavailable("cannot make the cache %s: %s" % (home, e.strerror or e)) from None
    with _Lock(os.path.join(home, ".lock")):
        if not rebuild and os.path.isfile(stamp) and all(os.access(p, os.X_OK) for p in bins.values()):
            return bins  # another process built them meanwhile
        _build(kind, where, version, home, log or (lambda line: None))
        with open(stamp + ".tmp", "w", encoding="utf-8") as f:
            json.dump({"source": kind, "from": where, "version": version, "make": list(VM_MAKE_ARGS)}, f)
        os.replace(stamp + ".tmp", stamp)
    return bins


class _Lock:
    """An exclusive lock on a file, so two test runs never build into one folder at once."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        import fcntl

        self.f = open(self.path, "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        self.f.close()


def _build(kind, where, version, home, log):
    """Build the four binaries into home/bin from the kit or a source tree."""
    work = os.path.join(home, "src")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if kind == "kit":
        log("unpacking %s" % os.path.join(where, "circuitpython-src.tar.xz"))
    tree, env = _unpack(kind, where, version, work)
    small = os.path.join(work, "variants", "cp32pystack1536")
    shutil.copytree(os.path.join(work, "variants", "cp32pystack"), small)
    # the size goes in the header (build.sh passes it as CFLAGS_EXTRA, which VM_MAKE_ARGS takes)
    with open(os.path.join(small, "mpconfigvariant.h"), "r+", encoding="utf-8") as f:
        text = f.read()
        f.seek(0)
        f.write("#define CIRCUITPY_PYSTACK_SIZE (1536)  // SAMD21 boards\n" + text)
    out = os.path.join(home, "bin")
    os.makedirs(out, exist_ok=True)
    jobs = os.environ.get("JOBS", str(min(4, os.cpu_count() or 1)))
    builds = os.path.join(work, "build")
    _make(log, env, "mpy-cross", "-C", os.path.join(tree, "mpy-cross"), "BUILD=" + builds + "/mpy-cross",
          "-j" + jobs)
    shutil.copy2(os.path.join(builds, "mpy-cross", "mpy-cross"), os.path.join(out, "mpy-cross"))
    for variant, name in (("cp32", "micropython"), ("cp32pystack", "micropython-pystack"),
                          ("cp32pystack1536", "micropython-pystack1536")):
        _make(log, env, name, "-C", os.path.join(tree, "ports", "unix"),
              "VARIANT_DIR=" + os.path.join(work, "variants", variant), "BUILD=" + builds + "/" + variant,
              "-j" + jobs, *VM_MAKE_ARGS)
        shutil.copy2(os.path.join(builds, variant, "micropython"), os.path.join(out, name))


def _unpack(kind, where, version, work):
    """(source tree, make's environment) of a build in work: the kit unpacked there, or the named tree."""
    env = dict(os.environ)
    if kind == "kit":
        with tarfile.open(os.path.join(where, "circuitpython-src.tar.xz")) as tar:
            tar.extractall(work, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(work)
        tree = os.path.join(work, "circuitpython")
        env["CP_VERSION"] = version.rsplit("-", 1)[0]
        env["PATH"] = _git_shim(work, env["CP_VERSION"]) + os.pathsep + env["PATH"]
    else:
        tree = where
        if not os.path.isdir(os.path.join(tree, ".git")):  # a source tree without git's metadata
            # py/version.py wants X.Y.Z at the start, and runs git for the rest
            env["CP_VERSION"] = version if version.split("-")[0].count(".") == 2 else "0.0.0-" + version
            env["PATH"] = _git_shim(work, env["CP_VERSION"]) + os.pathsep + env["PATH"]
    variants = os.path.join(where, "variants") if kind == "kit" else VARIANTS
    shutil.copytree(variants, os.path.join(work, "variants"), ignore=shutil.ignore_patterns("*.md"))
    return tree, env


def _build_board(kind, where, version, home, frozen, mpy_cross, log):
    """Build micropython-board into home, with the frozen files."""
    work = os.path.join(home, "src")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    log("unpacking the source for %s" % BOARD_VM)
    tree, env = _unpack(kind, where, version, work)
    folder = os.path.join(work, "frozen")
    os.makedirs(folder)
    for name, data in frozen.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    env.pop("FROZEN_DIR", None)  # py/mkrules.mk stops a build that has it (the kit's README)
    env["MICROPY_MPYCROSS"] = mpy_cross  # freezing compiles with it (else make builds one into BUILD)
    jobs = os.environ.get("JOBS", str(min(4, os.cpu_count() or 1)))
    _make(log, env, BOARD_VM, "-C", os.path.join(tree, "ports", "unix"),
          "VARIANT_DIR=" + os.path.join(work, "variants", "cp32board"), "BUILD=" + os.path.join(work, "build"),
          "BOARD_FROZEN_DIR=" + folder, "MICROPY_MPYCROSS=" + mpy_cross, "-j" + jobs, *VM_MAKE_ARGS)
    shutil.copy2(os.path.join(work, "build", "micropython"), os.path.join(home, BOARD_VM))
    shutil.rmtree(work, ignore_errors=True)


def _git_shim(work, version):
    """A folder with a stand-in git that answers py/version.py as a clean checkout of the kit's commit."""
    shim = os.path.join(work, "shim")
    os.makedirs(shim, exist_ok=True)
    commit = version.rsplit("-g", 1)[-1] if "-g" in version else "unknown"
    path = os.path.join(shim, "git")
    with open(path, "w", encoding="utf-8") as f:
        f.write('#!/bin/sh\ncase "$1" in rev-parse) echo %s ;; diff|diff-index) exit 0 ;; *) exit 128 ;; esac\n'
                % commit)
    os.chmod(path, 0o755)
    return shim


def _make(log, env, name, *args):
    log("building %s ..." % name)
    try:
        done = subprocess.run(["make"] + list(args), env=env, capture_output=True, text=True,
                              timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Unavailable("building %s took over %d s" % (name, STEP_TIMEOUT)) from None
    except OSError as e:
        raise Unavailable("cannot run make: %s" % e) from None
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
        raise Unavailable("building %s failed: %s" % (name, " | ".join(tail)))


def fixed_addresses():
    """In the VM's process, before it starts: no address-space randomisation (Linux's ADDR_NO_RANDOMIZE).

    A board's heap is always at the same address. On this machine the kernel
    moves it each run, and the collector scans the C stack conservatively (a
    word that looks like a pointer into the heap keeps its block): which
    blocks stay, and so how fragmented a nearly full heap is, changed from run
    to run. A run at the edge of a pool then passed or failed by chance. With
    the addresses fixed, a run is the same each time on this machine.
    """
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.personality(0x0040000)  # ADDR_NO_RANDOMIZE; it takes effect at the exec that follows
    except (OSError, AttributeError):
        pass  # not Linux: randomised as before


def run(binary, program, path=(), heap="40k", timeout=600, cwd=None):
    """Run program (source text) on a VM binary with the folders of path first on sys.path; CompletedProcess.

    MICROPYPATH sets the import path (the unix port's equivalent of a board's
    / and /lib); the program goes in as a file so tracebacks name its lines.
    """
    with tempfile.TemporaryDirectory(prefix="spit-cpvm-") as tmp:
        main = os.path.join(tmp, "main.py")
        with open(main, "w", encoding="utf-8") as f:
            f.write(program)
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(list(path) + [".frozen"]))
        return subprocess.run([binary, "-X", "heapsize=" + heap, main], capture_output=True, text=True,
                              env=env, timeout=timeout, cwd=cwd or tmp, preexec_fn=fixed_addresses)


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--print", action="store_true",
                        help="only print where the binaries are (JSON), building nothing")
    parser.add_argument("--rebuild", action="store_true", help="build again even if the cache has them")
    args = parser.parse_args(argv)
    try:
        bins = binaries(args.rebuild, log=lambda line: print(line, file=sys.stderr), build=not args.print)
    except Unavailable as e:
        print("circuitpython: %s" % e, file=sys.stderr)
        return 2
    if args.print:
        print(json.dumps(bins, indent=1, sort_keys=True))
        return 0
    for name in NAMES + (BOARD_VM,):
        print("%-24s %s" % (name, bins[name]))
    done = subprocess.run([bins["mpy-cross"], "--version"], capture_output=True, text=True)
    print(done.stdout.strip())
    return 0


if __name__ == "__main__":
    _path.run(lambda: main())
