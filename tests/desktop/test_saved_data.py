"""Nothing saved is lost (issue 9, classes 1 and 2): desktop/files.py, the settings and statistics files, every writer.

A full disk is a stand-in (``FullDisk``): a file opened for writing takes a
few bytes, then its write fails with ENOSPC, as on a disk that fills up part
way. Every writer is run under it; the old file must stay whole, no temporary
file may be left, and the failure must be one line (exit status 2 for tools).
"""

import contextlib
import errno
import io
import json
import os
import signal
import stat
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"  # the desktop Hal in a dummy window
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["BLINKA_OS_AGNOSTIC"] = "1"

import pytest  # noqa: E402
from hypothesis import given, strategies as st  # noqa: E402

from engine.spit.buttons import DOWN, RIGHT  # noqa: E402
from desktop import files  # noqa: E402
from desktop import settings as store  # noqa: E402
from hal.nvmstore import Store  # noqa: E402
from conftest import ROOT  # noqa: E402
from ui.menu import DEFAULTS, clean  # noqa: E402

FIRST = dict(DEFAULTS, mode="1p")  # a start with no mode stored: one person against the CPU (desktop/headless.py, ui/app.py)


class FullDisk:
    """While active, a file opened for writing through os.fdopen takes `room` bytes, then raises ENOSPC."""

    def __init__(self, room=16):
        self.room = room
        self.real = os.fdopen

    def __enter__(self):
        real, room = self.real, self.room

        def fdopen(fd, mode="r", *args, **kwargs):
            f = real(fd, mode, *args, **kwargs)
            return _Filling(f, room) if "w" in mode or "a" in mode else f

        os.fdopen = fdopen
        return self

    def __exit__(self, *exc):
        os.fdopen = self.real


class _Filling:
    """A file object on a disk with `room` bytes left."""

    def __init__(self, f, room):
        self._f = f
        self._room = room

    def write(self, data):
        if len(data) > self._room:
            self._f.write(data[:self._room])
            self._f.flush()
            self._room = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._room -= len(data)
        return self._f.write(data)

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()


pytestmark = pytest.mark.usefixtures("released_displays")  # Blinka: one display at a time


@pytest.fixture
def no_hang():
    """A read that blocks fails the test after 10 s instead of hanging it."""
    def blocked(*_):
        raise TimeoutError("blocked")

    old = signal.signal(signal.SIGALRM, blocked)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def names(folder):
    return sorted(p.name for p in folder.iterdir())


def lines(text):
    return text.splitlines()


def change_stocks(app):
    """In the title menu, go down to Stocks and change it: the app saves the settings."""
    while app.menu.items[app.menu.selected][0] != "stocks":
        app.press(0, DOWN, 0, 0)
    app.press(0, RIGHT, 0, 0)


# ---- desktop/files.py -------------------------------------------------------------------------------

def test_write_atomic_makes_folders_and_replaces_whole(tmp_path):
    path = tmp_path / "a" / "b" / "out.json"
    files.write_atomic(str(path), "one\n")
    files.write_atomic(str(path), b"two\n")
    assert path.read_bytes() == b"two\n"
    assert names(path.parent) == ["out.json"]


def test_write_atomic_keeps_the_file_mode(tmp_path):
    path = tmp_path / "out"
    path.write_bytes(b"old")
    os.chmod(path, 0o640)
    files.write_atomic(str(path), b"new")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_write_atomic_writes_through_a_symlink(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "data.json"
    target.write_bytes(b"old")
    link = tmp_path / "data.json"
    link.symlink_to(target)
    files.write_atomic(str(link), b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == b"new"
    assert names(tmp_path / "real") == ["data.json"]


def test_write_atomic_refuses_a_read_only_file_even_as_root(tmp_path):
    path = tmp_path / "ro.json"
    path.write_bytes(b"keep")
    os.chmod(path, 0o444)
    with pytest.raises(files.WriteError, match="read-only"):
        files.check_writable(str(path))
    with pytest.raises(files.WriteError, match="read-only"):
        files.write_atomic(str(path), b"new")
    assert path.read_bytes() == b"keep" and stat.S_IMODE(os.stat(path).st_mode) == 0o444


@pytest.mark.parametrize("where", ["folder", "under a file", "device"])
def test_check_writable_refuses_what_is_not_a_file(tmp_path, where):
    (tmp_path / "file").write_bytes(b"x")
    path = {"folder": str(tmp_path), "under a file": str(tmp_path / "file" / "x.png"),
            "device": "/dev/full"}[where]
    with pytest.raises(files.WriteError) as e:
        files.check_writable(path)
    assert "\n" not in str(e.value) and path in str(e.value)


def test_a_full_disk_leaves_the_old_file_and_no_temporary_file(tmp_path):
    path = tmp_path / "replay.json"
    path.write_bytes(b"old game " * 2000)
    with FullDisk(room=100), pytest.raises(files.WriteError) as e:
        files.write_atomic(str(path), b"new game " * 4000, "replay")
    assert path.read_bytes() == b"old game " * 2000
    assert names(tmp_path) == ["replay.json"]
    assert "No space left" in str(e.value) and "\n" not in str(e.value)


def test_read_regular_refuses_a_fifo_without_blocking(tmp_path, no_hang):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        files.read_regular(str(fifo))


def test_read_regular_names_a_folder_a_missing_file_and_a_large_one(tmp_path):
    with pytest.raises(OSError, match="is a folder"):
        files.read_regular(str(tmp_path))
    with pytest.raises(OSError, match="cannot read"):
        files.read_regular(str(tmp_path / "none"))
    (tmp_path / "big").write_bytes(b"x" * 100)
    with pytest.raises(OSError, match="too large"):
        files.read_regular(str(tmp_path / "big"), limit=10)
    assert files.read_regular(str(tmp_path / "big")) == b"x" * 100


# ---- class 1: the settings file -----------------------------------------------------------------

GOOD = {"stocks": 4, "sound": False, "mode": "1p", "cpu": "level3"}


def test_a_byte_order_mark_is_accepted(headless_app, tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert {k: app.settings[k] for k in GOOD} == GOOD
    assert capsys.readouterr().err == ""
    change_stocks(app)
    # every other choice kept; the file's one CPU is every game's (a file before issue 34: ui.menu's clean)
    from engine import games

    assert json.loads(path.read_text()) == dict(DEFAULTS, **dict({name: "level3" for name in games.NAMES},
                                                                 **dict(GOOD, stocks=5)))


UNREADABLE = [
    ("not UTF-8", b"\xff\xfe{\x00}"),
    ("bad JSON", b'{"stocks": 4, "sound": fal'),
    ("a list", b"[1, 2]"),
    ("a string", b'"stocks"'),
    ("nested too deep", b"[" * 100000 + b"]" * 100000),
    ("a NUL byte", b'{"stocks": 4}\x00'),
]


@pytest.mark.parametrize("content", [c for _, c in UNREADABLE], ids=[n for n, _ in UNREADABLE])
def test_a_settings_file_it_cannot_understand_is_never_written_over(headless_app, tmp_path, capsys, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert {k: app.settings[k] for k in DEFAULTS} == FIRST
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and str(path) in err[0] and "kept" in err[0]
    change_stocks(app)
    change_stocks(app)
    assert path.read_bytes() == content
    assert names(tmp_path) == ["settings.json"]
    assert capsys.readouterr().err == ""  # said once, at start


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_settings_path_that_is_no_file_is_left_alone(headless_app, tmp_path, capsys, no_hang, kind):
    path = tmp_path / "settings.json"
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert len(lines(capsys.readouterr().err)) == 1
    change_stocks(app)
    assert path.is_dir() if kind == "folder" else stat.S_ISFIFO(os.stat(path).st_mode)
    assert capsys.readouterr().err == ""


def test_an_empty_settings_file_holds_nothing_to_lose(headless_app, tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_bytes(b"")
    hal, app = headless_app(settings=None, settings_path=str(path))
    assert len(lines(capsys.readouterr().err)) == 1
    change_stocks(app)
    assert json.loads(path.read_text())["stocks"] == 4


def test_unknown_keys_are_kept_on_save(headless_app, tmp_path):
    path = tmp_path / "settings.json"
    saved = {"stocks": 5, "names": ["Ann", "Bo"], "future": {"speed": 3}, "volume": 0.5}
    path.write_text(json.dumps(saved))
    hal, app = headless_app(settings=None, settings_path=str(path))
    change_stocks(app)
    got = json.loads(path.read_text())
    assert got["stocks"] == 4 and {k: got[k] for k in ("names", "future", "volume")} == {
        "names": ["Ann", "Bo"], "future": {"speed": 3}, "volume": 0.5}


def test_one_notice_for_each_value_replaced(headless_app, tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"stocks": 7, "sound": "loud", "mode": "1p", "scoring": 1}))
    hal, app = headless_app(settings=None, settings_path=str(path))
    err = lines(capsys.readouterr().err)
    assert len(err) == 3, err
    assert [w.split(":")[1].split()[-1] for w in err] == ["stocks", "scoring", "sound"]
    assert "7" in err[0] and "5 used instead" in err[0]
    assert app.settings["mode"] == "1p" and app.settings["stocks"] == 5 and app.settings["sound"] is True
    assert json.loads(path.read_text())["stocks"] == 7  # nothing written until a change


def test_clean_reports_each_value_it_sets_aside():
    seen = []
    out = clean({"stocks": "5", "game": "tennis", "unknown": 1, "sound": False},
                lambda *a: seen.append(a))
    assert seen == [("game", "tennis", "spit"), ("stocks", "5", 5)]
    assert out["sound"] is False and "unknown" not in out


def test_a_symlinked_settings_file_stays_a_link(headless_app, tmp_path):
    (tmp_path / "dotfiles").mkdir()
    real = tmp_path / "dotfiles" / "spit.json"
    real.write_text(json.dumps({"stocks": 5}))
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    hal, app = headless_app(settings=None, settings_path=str(link))
    change_stocks(app)
    assert link.is_symlink() and json.loads(real.read_text())["stocks"] == 4
    assert names(tmp_path / "dotfiles") == ["spit.json"]


def test_a_read_only_settings_file_is_respected_with_one_notice(headless_app, tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"stocks": 5}))
    os.chmod(path, 0o444)
    before = path.read_bytes()
    hal, app = headless_app(settings=None, settings_path=str(path))
    change_stocks(app)
    change_stocks(app)
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and "read-only" in err[0]
    assert path.read_bytes() == before and stat.S_IMODE(os.stat(path).st_mode) == 0o444
    assert app.settings["stocks"] == 5  # changed twice, in memory


def test_a_full_disk_keeps_the_old_settings(headless_app, tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"stocks": 5, "mine": "x" * 200}))
    before = path.read_bytes()
    hal, app = headless_app(settings=None, settings_path=str(path))
    with FullDisk(room=10):
        change_stocks(app)
    assert path.read_bytes() == before and names(tmp_path) == ["settings.json"]
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and "No space left" in err[0]
    change_stocks(app)  # room again: the next change is saved
    assert json.loads(path.read_text())["stocks"] == 5 and json.loads(path.read_text())["mine"] == "x" * 200


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.sampled_from(["1p", "spit", "level3"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(sorted(DEFAULTS) + ["other"]), inner, max_size=4), max_leaves=8)
GOOD_TEXT = json.dumps(dict(GOOD, names=["Ann"], extra={"a": [1, 2]}), indent=1).encode()


@st.composite
def mutated(draw, good):
    """A good file with a few bytes changed, cut, inserted or dropped."""
    data = bytearray(good)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(("set", "cut", "insert", "delete")))
        if kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=3))
        elif data and at < len(data):
            if kind == "set":
                data[at] = draw(st.integers(0, 255))
            else:
                del data[at]
    return bytes(data)


SETTINGS_BYTES = st.one_of(
    st.binary(max_size=200),
    mutated(GOOD_TEXT),
    mutated(b"\xef\xbb\xbf" + GOOD_TEXT),
    JSON.map(lambda v: json.dumps(v).encode()),
)


def _as_json(value):
    return json.dumps(value, sort_keys=True)


@given(SETTINGS_BYTES)
def test_property_the_settings_reader_never_fails_and_never_loses_a_file(data):
    """Any bytes: a dict or the defaults, at most one notice; saving writes only over a file it understood."""
    with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stderr(io.StringIO()) as err:
        path = os.path.join(tmp, "settings.json")
        with open(path, "wb") as f:
            f.write(data)
        file = store.SettingsFile(path)
        loaded = file.load()
        assert isinstance(loaded, dict) and len(lines(err.getvalue())) <= 1
        settings = clean(loaded, lambda *a: None)
        with open(path, "rb") as f:
            assert f.read() == data  # reading changes nothing
        settings["stocks"] = 9 - settings["stocks"]  # the user changes a setting
        if file.save(settings):
            with open(path, "rb") as f:
                got = json.loads(f.read().decode("utf-8"))
            for key, value in loaded.items():  # every key kept; the known ones as chosen
                assert _as_json(got[key]) == _as_json(settings.get(key, value))
            assert {k: got[k] for k in settings} == settings
        else:
            assert file.kept
            with open(path, "rb") as f:
                assert f.read() == data
        assert sorted(os.listdir(tmp)) == ["settings.json"]


# ---- class 1: the statistics file -----------------------------------------------------------------

def good_stats(games=5):
    """The bytes of a stats.nvm holding `games` recorded games."""
    nvm = bytearray(256)
    s = Store(nvm)
    for i in range(games):
        assert s.record_game("spit", "cpu", 2, i % 2 == 0, 60000 + i)
    return bytes(nvm)


def damaged_record():
    """A record whose checksum is good but whose payload this version cannot decode."""
    from hal.nvmstore import HEADER, MAGIC, VERSION, crc16

    out = bytearray(256)
    payload = bytes([0x90, 0x90, 0x87])  # 0x90: no such token
    out[:HEADER] = bytes([MAGIC, VERSION, 1, 0, len(payload), 0])
    out[HEADER:HEADER + len(payload)] = payload
    crc = crc16(out, HEADER + len(payload))
    out[HEADER + len(payload)] = crc & 255
    out[HEADER + len(payload) + 1] = crc >> 8
    return bytes(out)


STATS_KEPT = [
    ("garbage", bytes(range(256))),
    ("too long", good_stats() + b"more"),
    ("too short", good_stats()[:200]),
    ("damaged payload", damaged_record()),
    ("both slots cut", bytes(b ^ 0x55 if i in (10, 140) else b for i, b in enumerate(good_stats()))),
]


@pytest.mark.parametrize("content", [c for _, c in STATS_KEPT], ids=[n for n, _ in STATS_KEPT])
def test_a_statistics_file_it_cannot_read_is_kept(tmp_path, capsys, content):
    path = tmp_path / "stats.nvm"
    path.write_bytes(content)
    s = Store(bytearray(256))
    file = store.StatsFile(str(path))
    assert file.load(s) is False and s.table() == {}
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and str(path) in err[0] and "kept" in err[0]
    assert s.record_game("spit", "2p", 0, True, 1000) and not file.save(s)  # counted in memory only
    assert s.table() == {("spit", "2p", 0): (1, 1, 1000)}
    assert path.read_bytes() == content and names(tmp_path) == ["stats.nvm"]
    assert capsys.readouterr().err == ""


def test_five_recorded_games_survive_a_sixth(window, tmp_path, capsys):
    (tmp_path / "stats.nvm").write_bytes(good_stats(5))
    h = window()
    assert h.stats() == {("spit", "cpu", 2): (5, 3, 60000)}
    assert h.record_game("spit", "cpu", 2, False, 1)
    h.deinit()
    assert window().stats() == {("spit", "cpu", 2): (6, 3, 60000)}
    assert capsys.readouterr().err == ""


def test_two_windows_lose_no_statistics(window, tmp_path, capsys):
    """Window A and window B open on one stats.nvm; A records a win, then B (which read the file before A's
    win) a loss: the file holds both games, not B's store written over A's."""
    path = tmp_path / "stats.nvm"
    path.write_bytes(good_stats(5))
    a = window()
    b = Store(bytearray(256))  # window B, as it read the file at its start (another process: its own store)
    b_file = store.StatsFile(str(path))
    assert b_file.load(b)
    assert a.record_game("spit", "cpu", 2, True, 50000)
    assert b_file.record(b, lambda: b.record_game("spit", "cpu", 2, False, 1))
    assert Store(bytearray(path.read_bytes())).table() == {("spit", "cpu", 2): (7, 4, 50000)}
    assert a.record_game("spit", "2p", 0, False, 1)  # and A counts on top of B's
    assert Store(bytearray(path.read_bytes())).table() == {("spit", "cpu", 2): (7, 4, 50000),
                                                           ("spit", "2p", 0): (1, 0, None)}
    assert capsys.readouterr().err == ""


def test_a_statistics_file_spoilt_during_the_session_keeps_this_session_s_counts(window, tmp_path, capsys):
    """Another program spoils stats.nvm while the window plays: the file is kept as it is (one line), and the
    games this window counted stay counted in memory."""
    path = tmp_path / "stats.nvm"
    path.write_bytes(good_stats(5))
    a = window()
    assert a.record_game("spit", "cpu", 2, True, 50000)
    path.write_bytes(damaged_record())
    assert a.record_game("spit", "cpu", 2, True, 40000) is False
    assert a.stats() == {("spit", "cpu", 2): (7, 5, 40000)}
    assert path.read_bytes() == damaged_record()
    assert len(lines(capsys.readouterr().err)) == 1


def test_a_notice_that_cannot_be_written_is_dropped(monkeypatch):
    """Standard error on a full disk (2>/dev/full): a notice is dropped, never an error out of the game."""
    import io

    class Full(io.TextIOBase):
        def write(self, text):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.sys, "stderr", Full())
    store.notice("no settings file yet")
    monkeypatch.setattr(store.sys, "stderr", None)
    store.notice("and none at all")


def test_the_window_starts_with_standard_error_on_a_full_disk(tmp_path):
    """code.py's window made with 2>/dev/full: its notices (no settings file yet) are dropped, the App runs."""
    import subprocess
    import sys

    program = ("import os, sys; sys.path.insert(0, %r); os.environ['SDL_VIDEODRIVER'] = 'dummy'; "
               "os.environ['SDL_AUDIODRIVER'] = 'dummy'; os.environ['BLINKA_OS_AGNOSTIC'] = '1'\n"
               "from desktop import window\nfrom ui.app import App\n"
               "h = window.Hal(settings_path=%r)\napp = App(h, settings=h.load_settings())\n"
               "app.frame(h.ticks_ms())\nprint('ran')\n" % (ROOT, str(tmp_path / "settings.json")))
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", program], stderr=full, stdout=subprocess.PIPE, text=True,
                              timeout=120)
    assert done.returncode == 0 and done.stdout == "ran\n"


def test_the_desktop_keeps_an_unreadable_statistics_file(window, tmp_path, capsys):
    path = tmp_path / "stats.nvm"
    path.write_bytes(bytes(range(256)))
    h = window()
    err = lines(capsys.readouterr().err)
    assert len([e for e in err if "stats.nvm" in e]) == 1
    assert h.record_game("spit", "2p", 0, True, 64000) is False  # not stored: counted in memory only
    assert h.stats() == {("spit", "2p", 0): (1, 1, 64000)}
    assert path.read_bytes() == bytes(range(256))


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_statistics_path_that_is_no_file_is_left_alone(tmp_path, capsys, no_hang, kind):
    path = tmp_path / "stats.nvm"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    s = Store(bytearray(256))
    file = store.StatsFile(str(path))
    assert file.load(s) is False
    assert s.record_game("spit", "2p", 0, True, 1000) and not file.save(s)
    assert len(lines(capsys.readouterr().err)) == 1


def test_a_blank_statistics_file_is_written(tmp_path):
    path = tmp_path / "stats.nvm"
    path.write_bytes(bytes(256))
    s = Store(bytearray(256))
    file = store.StatsFile(str(path))
    assert file.load(s) and s.record_game("spit", "2p", 0, True, 1000) and file.save(s)
    assert Store(bytearray(path.read_bytes())).table() == {("spit", "2p", 0): (1, 1, 1000)}


def test_a_read_only_statistics_file_gets_one_notice(tmp_path, capsys):
    path = tmp_path / "stats.nvm"
    path.write_bytes(good_stats(5))
    os.chmod(path, 0o444)
    s = Store(bytearray(256))
    file = store.StatsFile(str(path))
    assert file.load(s)
    for _ in range(2):
        assert s.record_game("spit", "cpu", 2, True, 1000) and not file.save(s)
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and "read-only" in err[0]
    assert path.read_bytes() == good_stats(5)


def test_a_symlinked_statistics_file_stays_a_link(tmp_path):
    (tmp_path / "sync").mkdir()
    real = tmp_path / "sync" / "stats.nvm"
    real.write_bytes(good_stats(1))
    link = tmp_path / "stats.nvm"
    link.symlink_to(real)
    s = Store(bytearray(256))
    file = store.StatsFile(str(link))
    assert file.load(s) and s.record_game("spit", "cpu", 2, True, 1000) and file.save(s)
    assert link.is_symlink() and Store(bytearray(real.read_bytes())).table()[("spit", "cpu", 2)][0] == 2


def test_a_full_disk_keeps_the_old_statistics(window, tmp_path, capsys):
    path = tmp_path / "stats.nvm"
    path.write_bytes(good_stats(5))
    h = window()
    with FullDisk(room=20):
        assert h.record_game("spit", "cpu", 2, True, 1000) is False
    assert path.read_bytes() == good_stats(5) and "stats.nvm" in names(tmp_path)
    assert [n for n in names(tmp_path) if n.endswith(".tmp")] == []
    assert len(lines(capsys.readouterr().err)) == 1


STATS_BYTES = st.one_of(
    st.binary(max_size=300),
    st.binary(min_size=256, max_size=256),
    mutated(good_stats(5)),
    st.just(damaged_record()),
)


@given(STATS_BYTES)
def test_property_the_statistics_reader_never_fails_and_never_loses_a_file(data):
    """Any bytes: the statistics or none, at most one notice; a game is stored only over a file it read."""
    with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stderr(io.StringIO()) as err:
        path = os.path.join(tmp, "stats.nvm")
        with open(path, "wb") as f:
            f.write(data)
        s = Store(bytearray(256))
        file = store.StatsFile(path)
        understood = file.load(s)
        before = s.table()
        assert len(lines(err.getvalue())) <= 1
        with open(path, "rb") as f:
            assert f.read() == data
        played = before.get(("cpu", 1), (0,))[0]
        if s.record_game("spit", "cpu", 1, True, 5000):
            saved = file.save(s)
            assert saved == understood
            with open(path, "rb") as f:
                got = f.read()
            if saved:
                assert Store(bytearray(got)).table()[("spit", "cpu", 1)][0] == min(played + 1, 0xFFFF)
            else:
                assert got == data
        assert sorted(os.listdir(tmp)) == ["stats.nvm"]


@pytest.fixture
def window(tmp_path):
    """A desktop Hal in an SDL dummy window, settings and statistics in tmp_path."""
    from desktop import window

    made = []

    def make():
        for h in made:
            h.deinit()
        made.append(window.Hal(settings_path=str(tmp_path / "settings.json")))
        return made[-1]

    yield make
    for h in made:
        h.deinit()


# ---- class 2: every writer ------------------------------------------------------------------------

def cli(*args):
    from desktop.cli import main

    return main(list(args))


def test_screenshot_to_a_device_or_a_full_disk_exits_2(tmp_path, capsys):
    assert cli("--headless", "--screenshot", "/dev/full") == 2
    shot = tmp_path / "deal.png"
    shot.write_bytes(b"old picture")
    for zoom in ("1", "3"):
        with FullDisk(room=50):
            assert cli("--headless", "--screenshot", str(shot), "--zoom", zoom) == 2
        assert shot.read_bytes() == b"old picture" and names(tmp_path) == ["deal.png"]
    err = lines(capsys.readouterr().err)
    assert len(err) == 3 and "/dev/full" in err[0] and "No space left" in err[1]


def test_screenshot_writes_a_png_and_its_zoom(tmp_path):
    import pygame

    shot = tmp_path / "deal.png"
    assert cli("--headless", "--screenshot", str(shot), "--zoom", "2") == 0
    assert pygame.image.load(str(shot)).get_size() == (320, 256)


def test_an_empty_png_is_never_a_success(tmp_path, capsys, monkeypatch):
    import pygame

    shot = tmp_path / "deal.png"
    shot.write_bytes(b"old picture")
    monkeypatch.setattr(pygame.image, "save", lambda *a, **k: None)  # writes nothing
    assert cli("--headless", "--screenshot", str(shot)) == 2
    assert shot.read_bytes() == b"old picture"
    assert len(lines(capsys.readouterr().err)) == 1


@pytest.mark.parametrize("name", ["x.txt", "x.tga", "x"])
def test_screenshot_refuses_a_name_that_is_not_png(tmp_path, capsys, name):
    assert cli("--headless", "--screenshot", str(tmp_path / name)) == 2
    assert names(tmp_path) == [] and ".png" in capsys.readouterr().err


def test_frames_at_a_file_path_is_one_line(tmp_path, capsys):
    target = tmp_path / "frames"
    target.write_bytes(b"mine")
    assert cli("--headless", "--frames", str(target)) == 2
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and "not a folder" in err[0]
    assert target.read_bytes() == b"mine"


def test_frames_on_a_full_disk_exit_2_and_keep_old_frames(tmp_path, capsys):
    folder = tmp_path / "frames"
    assert cli("--headless", "--frames", str(folder)) == 0
    first = (folder / "frame00000.png").read_bytes()
    with FullDisk(room=30):
        assert cli("--headless", "--seed", "9", "--frames", str(folder)) == 2
    assert (folder / "frame00000.png").read_bytes() == first and names(folder) == ["frame00000.png"]
    assert len(lines(capsys.readouterr().err)) == 1


def test_save_replay_is_checked_before_anything_runs(tmp_path, capsys):
    (tmp_path / "file").write_bytes(b"x")
    ro = tmp_path / "ro.json"
    ro.write_bytes(b"{}")
    os.chmod(ro, 0o444)
    for bad in ("/dev/full", str(tmp_path / "file" / "game.json"), str(ro)):
        assert cli("--headless", "--screenshot", str(tmp_path / "o.png"), "--save-replay", bad) == 2
        # the window too: the check comes before the window opens
        assert cli("--save-replay", bad) == 2
    assert len(lines(capsys.readouterr().err)) == 6
    assert names(tmp_path) == ["file", "ro.json"]


def fake_games(monkeypatch, count, disk=None):
    """run_headless stands in for `count` games finishing (each hands its replay to on_game_over)."""
    import desktop.script

    def run(hal, app, script=None, frames=None):
        for i in range(count):
            with disk or contextlib.nullcontext():
                app.on_game_over({"game": i + 1})
        return 1

    monkeypatch.setattr(desktop.script, "run_headless", run)


def test_a_second_game_never_overwrites_the_first(tmp_path, monkeypatch, capsys):
    fake_games(monkeypatch, 3)
    (tmp_path / "game-2.json").write_text("someone else's")
    out = tmp_path / "game.json"
    assert cli("--headless", "--screenshot", str(tmp_path / "o.png"), "--save-replay", str(out)) == 0
    assert json.loads(out.read_text()) == {"game": 1}
    assert (tmp_path / "game-2.json").read_text() == "someone else's"
    assert json.loads((tmp_path / "game-3.json").read_text()) == {"game": 2}
    assert json.loads((tmp_path / "game-4.json").read_text()) == {"game": 3}
    assert len(lines(capsys.readouterr().err)) == 3  # "replay saved to ..." each


def test_a_replay_on_a_full_disk_leaves_no_file_and_exits_2(tmp_path, monkeypatch, capsys):
    """(--save-replay names a new file: one that is there is refused before anything is played, issue 19.)"""
    out = tmp_path / "game.json"
    fake_games(monkeypatch, 1, FullDisk(room=5))
    assert cli("--headless", "--screenshot", str(tmp_path / "o.png"), "--save-replay", str(out)) == 2
    assert names(tmp_path) == ["o.png"]
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and "No space left" in err[0]


def test_the_window_saver_names_each_game_apart(tmp_path, monkeypatch):
    from desktop.cli import Saver

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    saver = Saver()
    for i in range(3):
        saver({"game": i})
    folder = tmp_path / "spit" / "replays"
    assert len(names(folder)) == 3 and not saver.failed
    with FullDisk(room=1):
        saver({"game": 9})
    assert saver.failed and len(names(folder)) == 3


def test_demo_save_on_a_full_disk_keeps_the_old_replay(tmp_path, capsys):
    import demo

    out = tmp_path / "game.json"
    out.write_bytes(b"old replay " * 3000)  # 33 KB: a cut write would show
    with FullDisk(room=4096):
        assert demo.main(["--quiet", "--save", str(out)]) == 2
    assert out.read_bytes() == b"old replay " * 3000 and names(tmp_path) == ["game.json"]
    captured = capsys.readouterr()
    assert len(lines(captured.err)) == 1 and "No space left" in captured.err
    assert demo.main(["--quiet", "--save", str(out)]) == 0
    assert json.loads(out.read_text())["seed"] == 1


def test_demo_save_is_checked_before_the_game_is_played(tmp_path, capsys):
    import demo

    assert demo.main(["--save", "/dev/full"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(lines(captured.err)) == 1


def test_typecheck_stub_on_a_full_disk_keeps_the_old_one(tmp_path):
    import typecheck

    typecheck.board_stub("pybadge", str(tmp_path))
    stub = tmp_path / "board" / "__init__.pyi"
    first = stub.read_bytes()
    with FullDisk(room=100), pytest.raises(files.WriteError):
        typecheck.board_stub("pybadge", str(tmp_path))
    assert stub.read_bytes() == first and names(tmp_path / "board") == ["__init__.pyi"]


def test_settings_save_function_on_a_full_disk(tmp_path, capsys):
    path = tmp_path / "settings.json"
    assert store.save(str(path), {"stocks": 5, "mine": 1})
    before = path.read_bytes()
    with FullDisk(room=3):
        assert store.save(str(path), {"stocks": 4}) is False
    assert path.read_bytes() == before and names(tmp_path) == ["settings.json"]
    assert len(lines(capsys.readouterr().err)) == 1
    assert store.save(str(path), {"stocks": 4}) and store.load(str(path)) == {"stocks": 4, "mine": 1}
