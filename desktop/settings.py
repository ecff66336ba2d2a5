"""The settings and statistics files of the desktop and headless targets: nothing saved is ever lost.

``settings.json`` is a JSON object (a UTF-8 byte-order mark is accepted);
``stats.nvm`` is hal/nvmstore.py's record. A file that is there but cannot be
read or understood is kept as it is: one line on standard error says so, the
game runs on defaults in memory, and that file is never written in this
session. Saving keeps the keys this version does not know, writes through a
symbolic link and goes through ``desktop.files.write_atomic``, so a failed write
leaves the old file whole. A file that cannot be written at all (read-only, a
folder that cannot take it) is left alone after one notice.
"""

import json
import os
import sys

from desktop import files

LIMIT = 1024 * 1024  # a settings or statistics file larger than this is not ours


def default_path():
    """The user's settings file: $XDG_CONFIG_HOME/spit/settings.json, or the platform's config folder."""
    folder = os.environ.get("XDG_CONFIG_HOME")
    if not folder and sys.platform == "win32":
        folder = os.environ.get("APPDATA")
    if not folder:
        folder = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(folder, "spit", "settings.json")


def notice(message):
    """One line on standard error; a line that cannot be written (a full disk, a closed stream) is dropped."""
    try:
        print("spit: " + " ".join(str(message).split()), file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass  # (AttributeError: no stderr at all, as under pythonw)


class Guarded:
    """A file the game keeps: written only when it was missing, or read and understood."""

    def __init__(self, path, what, meanwhile):
        self.path = path
        self.what = what
        self.meanwhile = meanwhile  # what the game does while the file is kept
        self.kept = False  # True: the file is left as it is for the rest of the session

    def read(self):
        """The file's bytes; None when there is none; raises OSError (one line) when it cannot be read."""
        try:
            os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError:
            pass  # read_regular names the problem
        return files.read_regular(self.path, LIMIT, "%s file" % self.what)

    def keep(self, why, error=None):
        """Leave the file as it is for this session, with one notice (why it is, or the OSError that says)."""
        self.kept = True
        problem = _first_line(error) if error is not None else "%s file %s %s" % (self.what, self.path, why)
        notice("%s: kept as it is, nothing is saved over it; %s" % (problem, self.meanwhile))

    def write(self, data):
        """Replace the file by data atomically; True, or False with one notice."""
        if self.kept:
            return False
        try:
            files.check_writable(self.path, "%s file" % self.what)
        except files.WriteError as e:
            self.kept = True  # read-only, or nowhere to put it: say so once, then leave it alone
            notice("%s; %s are not saved" % (e, self.what))
            return False
        try:
            files.write_atomic(self.path, data, "%s file" % self.what)
        except files.WriteError as e:
            notice(str(e))
            return False
        return True


class SettingsFile(Guarded):
    """settings.json: load() gives the stored dict, save() stores one, keeping keys it does not know."""

    def __init__(self, path):
        super().__init__(path, "settings", "the game runs on its defaults")
        self.held = {}  # what the file holds (or will, once saved)

    def load(self):
        """The stored settings; {} (with one notice) when there are none or the file is kept."""
        if self.kept:
            return dict(self.held)
        try:
            data = self.read()
        except OSError as e:
            self.keep(None, e)
            return {}
        if data is None:
            notice("no settings file yet at %s, using the defaults" % self.path)
            return {}
        try:
            text = data.decode("utf-8-sig")
            if not text.strip():
                notice("settings file %s is empty, using the defaults" % self.path)
                return {}  # nothing in it to lose: the first change is written there
            value = json.loads(text)
        except UnicodeDecodeError:
            self.keep("is not UTF-8 text")
            return {}
        except RecursionError:
            self.keep("is nested too deep")
            return {}
        except ValueError as e:
            self.keep("is not valid JSON (%s)" % _first_line(e))
            return {}
        if not isinstance(value, dict):
            self.keep("holds a %s, not an object" % _json_type(value))
            return {}
        self.held = value
        return dict(value)

    def save(self, settings):
        """Store settings (a dict of JSON values), keeping the file's other keys; True when done.

        A dict that JSON cannot hold raises TypeError or ValueError before any file is touched.
        """
        if self.kept:
            return False
        merged = dict(self.held)
        merged.update(settings)
        text = json.dumps(merged, indent=1) + "\n"
        if not self.write(text.encode("utf-8")):
            return False
        self.held = merged
        return True


class StatsFile(Guarded):
    """stats.nvm: the bytes of a hal/nvmstore.py Store, read into it at start and written back whole."""

    def __init__(self, path):
        super().__init__(path, "statistics", "this session's games are counted in memory only")

    def load(self, store):
        """Fill store.nvm from the file and read it; False (the file kept, one notice) when not understood."""
        size = len(store.nvm)
        try:
            data = self.read()
        except OSError as e:
            self.keep(None, e)
            return False
        if not data or data.strip(b"\0") == b"" or data.strip(b"\xff") == b"":
            return True  # none yet, or blank memory: nothing to lose
        if len(data) != size:
            self.keep("is %d bytes, not %d" % (len(data), size))
            return False
        store.nvm[:] = data
        store.load()
        if store.current < 0 or store.damaged:
            store.nvm[:] = bytes(size)
            store.load()
            self.keep("holds no record this version can read")
            return False
        return True

    def save(self, store):
        """Write the store's bytes; True when done."""
        return self.write(bytes(store.nvm))

    def record(self, store, count):
        """Count a game into the file as it is now: read it again (another window may have counted games since
        this one read it), count(store), write it back, all under a lock of the file's folder so that two
        windows finishing at once both count. True when stored; a file it cannot read is kept as ever, and
        the game counted in memory only."""
        with _FolderLock(os.path.dirname(os.path.abspath(self.path))):
            if not self.kept:
                mine = bytes(store.nvm)
                if not self.load(store):
                    store.nvm[:] = mine  # (kept: this session's counts stay as they were)
                    store.load()
            return count() and self.save(store)


class _FolderLock:
    """An exclusive lock of a folder for a block (flock on the folder itself: no lock file is left behind);
    where the system has no flock, or the folder cannot be opened, no lock (a single window is the usual)."""

    def __init__(self, folder):
        self.folder = folder
        self.fd = None

    def __enter__(self):
        try:
            import fcntl

            self.fd = os.open(self.folder, os.O_RDONLY)
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except (ImportError, OSError, AttributeError):
            if self.fd is not None:
                os.close(self.fd)
            self.fd = None
        return self

    def __exit__(self, *exc):
        if self.fd is not None:
            os.close(self.fd)  # (closing the descriptor releases the lock)
            self.fd = None


def _json_type(value):
    """JSON's name for a parsed value's type."""
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return "number"


def _first_line(error):
    """An exception's message on one line."""
    text = str(error)
    return text.splitlines()[0] if text.strip() else type(error).__name__


def load(path):
    """The settings stored at path, or {} (with a notice); see SettingsFile."""
    return SettingsFile(path).load()


def save(path, settings):
    """Store settings at path, keeping the keys already there; True, or False with a notice.

    A file that cannot be read or understood is not written over.
    """
    file = SettingsFile(path)
    if os.path.lexists(path):
        file.load()
    return file.save(settings)
