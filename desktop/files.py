"""Writing files so that nothing saved is ever lost (desktop and tools; a board uses hal/nvmstore.py).

Every file the project writes on a desktop goes through ``write_atomic``: the
bytes go to a temporary file in the target's own folder, are flushed to disk,
and the temporary file then replaces the target in one rename. An interrupted
or failed write (a full disk, a read-only folder) leaves the old file whole
and raises ``WriteError`` with a one-line message. A symbolic link is written
through (its target is replaced, the link stays), and a read-only file is
refused, never replaced. ``check_writable`` tells before any work starts
whether a path can be written at all.
"""

import os
import stat
import sys
import tempfile


class WriteError(OSError):
    """A file could not be written; str() is one line naming the file and the reason."""


def _reason(error):
    """An OSError's reason on one line."""
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text.splitlines()[0]


def resolve(path):
    """The file a write to path changes: a symbolic link's final target, else path itself."""
    return os.path.realpath(path) if os.path.islink(path) else os.path.abspath(path)


def writable_folder(folder):
    """True when new entries can be made in folder (its mode bits count for root too)."""
    return os.access(folder, os.W_OK | os.X_OK) and bool(os.stat(folder).st_mode & 0o222)


def check_writable(path, what="file"):
    """Raise WriteError unless a file can be written at path (its folder may still have to be made)."""
    target = resolve(path)
    if os.path.isdir(target):
        raise WriteError("%s %s: is a folder, not a file" % (what, path))
    if os.path.exists(target):
        if not stat.S_ISREG(os.stat(target).st_mode):
            raise WriteError("%s %s: is not a regular file" % (what, path))
        if not os.access(target, os.W_OK) or not os.stat(target).st_mode & 0o222:  # root too
            raise WriteError("%s %s: is read-only, left as it is" % (what, path))
    folder = os.path.dirname(target)
    while not os.path.exists(folder):  # the first folder that exists must take new entries
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    if not os.path.isdir(folder):
        raise WriteError("%s %s: %s is not a folder" % (what, path, folder))
    if not writable_folder(folder):
        raise WriteError("%s %s: cannot write in %s" % (what, path, folder))
    return target


def write_atomic(path, data, what="file"):
    """Replace the file at path by data (bytes or str) in one rename; WriteError (old file intact) on failure."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    target = check_writable(path, what)
    folder = os.path.dirname(target)
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(target):
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise WriteError("%s %s: not written (%s)" % (what, path, _reason(e))) from None
    finally:
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
    try:  # the rename itself, on disk
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def read_regular(path, limit=64 * 1024 * 1024, what="file"):
    """The bytes of a regular file (never blocks on a FIFO or device); OSError with one line when not."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise OSError("%s %s: cannot read: %s" % (what, path, _reason(e))) from None
    if stat.S_ISDIR(st.st_mode):
        raise OSError("%s %s: is a folder" % (what, path))
    if not stat.S_ISREG(st.st_mode):
        raise OSError("%s %s: is not a regular file" % (what, path))
    if st.st_size > limit:
        raise OSError("%s %s: too large (%d bytes, at most %d)" % (what, path, st.st_size, limit))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            return f.read(limit + 1)
    except OSError as e:
        raise OSError("%s %s: cannot read: %s" % (what, path, _reason(e))) from None


TEXT_LIMIT = 32 * 1024 * 1024  # the largest replay or script file a reader takes (docs/replay-format.md)


def read_text(path, what="file", limit=TEXT_LIMIT):
    """A UTF-8 text file, or standard input for "-", at most limit bytes; OSError with one line when not.

    A named file must be a regular file (a FIFO or a device would block or
    never end); standard input may be a pipe, read up to the limit.
    """
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise OSError("%s <stdin>: standard input is closed" % what)
        try:
            data = stream.read(limit + 1)
        except OSError as e:
            raise OSError("%s <stdin>: cannot read: %s" % (what, _reason(e))) from None
        if len(data) > limit:
            raise OSError("%s <stdin>: too large (more than %d bytes)" % (what, limit))
        where = "<stdin>"
    else:
        data = read_regular(path, limit, what)
        where = path
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise OSError("%s %s: not UTF-8 text (byte %d)" % (what, where, e.start)) from None
