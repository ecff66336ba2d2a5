"""Settings kept in a small JSON file, for the desktop and headless targets.

Reading never fails: a missing or unreadable file, or one that is not a JSON
object, gives ``{}`` and a one-line notice on standard error. Writing goes to
a temporary file in the same folder that then replaces the old one, so an
interrupted write leaves the previous file whole; a failed write is a notice
too, never an exception.
"""

import json
import os
import sys
import tempfile

from engine.jsontext import loads as parse_json


def default_path():
    """The user's settings file: $XDG_CONFIG_HOME/spit/settings.json, or the platform's config folder."""
    folder = os.environ.get("XDG_CONFIG_HOME")
    if not folder and sys.platform == "win32":
        folder = os.environ.get("APPDATA")
    if not folder:
        folder = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(folder, "spit", "settings.json")


def notice(message):
    """One line on standard error."""
    print("spit: " + message, file=sys.stderr)


def load(path):
    """The settings stored at path, or {} (with a notice) when there are none or they are unreadable."""
    try:
        with open(path, "rb") as f:
            data = parse_json(f.read().decode("utf-8"))  # JSONError (a ValueError) when nested too deeply
    except FileNotFoundError:
        notice("no settings file yet at %s, using the defaults" % path)
        return {}
    except (OSError, ValueError) as e:  # ValueError: bad UTF-8 or bad JSON
        notice("settings file %s unreadable (%s), using the defaults" % (path, _first_line(e)))
        return {}
    if not isinstance(data, dict):
        notice("settings file %s holds a %s, not an object, using the defaults"
               % (path, type(data).__name__))
        return {}
    return data


def save(path, settings):
    """Store settings (a dict of JSON values) at path; True when done, False (with a notice) when not.

    A dict that JSON cannot hold raises TypeError or ValueError before any file is touched.
    """
    text = json.dumps(settings, sort_keys=True, indent=1) + "\n"
    return save_bytes(path, text.encode("utf-8"), "settings")


def load_bytes(path):
    """The bytes of the file at path, or None when it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def save_bytes(path, data, what="data"):
    """Write data to path atomically (a temporary file, then a rename); True, or False with a notice."""
    folder = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        return True
    except OSError as e:
        notice("%s not saved to %s (%s)" % (what, path, _first_line(e)))
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
        return False


def _first_line(error):
    """An exception's message on one line."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__
