"""tools/board/deploy.py: a temporary folder stands in for the CIRCUITPY drive."""

import errno
import os
import stat

import pytest

import bundle
import deploy

BOOT_OUT = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\r\n"
            "Board ID:{board}\r\nUID:4E5A1E2F3B4C\r\n")


@pytest.fixture
def drive(tmp_path):
    """An empty CIRCUITPY drive of a PyBadge running CircuitPython 9.2.1."""
    path = tmp_path / "CIRCUITPY"
    path.mkdir()
    (path / "boot_out.txt").write_text(BOOT_OUT.format(board="pybadge"))
    (path / "code.py").write_text('print("Hello World!")\n')  # what a fresh board holds
    return str(path)


def run(drive, board="pybadge", **options):
    """deploy() as the tests mostly use it: .py source (the .mpy default has tests of its own)."""
    if "mpy_cross" not in options:
        options.setdefault("source", True)
    lines = []

    class Out:
        def write(self, text):
            lines.append(text)

    result = deploy.deploy(board, drive=drive, out=Out(), **options)
    return result, "".join(lines)


def test_first_deploy_writes_the_whole_bundle_code_py_last(drive):
    result, words = run(drive)
    on_drive = set(bundle.files_of(drive))
    assert {"code.py", "hal/pybadge.py", "lib/neopixel.py", "settings.toml", "ui/app.py"} <= on_drive
    assert result["write"][-1] == "code.py"
    assert "Hello World" not in open(os.path.join(drive, "code.py")).read()
    assert "CircuitPython 9.2.1, board pybadge" in words and "auto-reload" in words
    assert "Wrote %d files" % len(result["write"]) in words


def test_a_second_deploy_copies_nothing(drive):
    run(drive)
    result, words = run(drive)
    assert result["write"] == [] and result["delete"] == []
    assert "Wrote 0 files" in words


def test_only_changed_files_are_copied_and_stale_ones_removed(drive):
    run(drive)
    with open(os.path.join(drive, "ui", "app.py"), "a") as f:
        f.write("# changed on the drive\n")
    os.makedirs(os.path.join(drive, "hal"), exist_ok=True)
    open(os.path.join(drive, "hal", "pygamer.py"), "w").close()  # from an older deploy
    open(os.path.join(drive, "engine", "old.py"), "w").close()
    open(os.path.join(drive, "lib", "mylib.py"), "w").close()  # the user's own library stays
    open(os.path.join(drive, "notes.txt"), "w").close()
    result, _ = run(drive)
    assert result["write"] == ["ui/app.py"]
    assert sorted(result["delete"]) == ["engine/old.py", "hal/pygamer.py"]
    left = set(bundle.files_of(drive))
    assert {"lib/mylib.py", "notes.txt"} <= left and "hal/pygamer.py" not in left


def test_the_users_settings_toml_is_kept(drive):
    with open(os.path.join(drive, "settings.toml"), "w") as f:
        f.write('CIRCUITPY_WIFI_SSID = "classroom"\n')
    result, words = run(drive)
    assert "settings.toml" not in result["write"]
    assert open(os.path.join(drive, "settings.toml")).read() == 'CIRCUITPY_WIFI_SSID = "classroom"\n'
    assert "your settings.toml is kept" in words


def test_a_py_in_lib_that_a_new_mpy_replaces_is_deleted(drive, tmp_path):
    from boardsim import fake_mpy_cross

    run(drive, source=True)
    tool = fake_mpy_cross(tmp_path, "CircuitPython 10.0.0; mpy-cross emitting mpy v6.3")
    result, _ = run(drive, mpy_cross=tool)
    assert "lib/neopixel.py" in result["delete"] and "lib/neopixel.mpy" in result["write"]
    files = bundle.files_of(drive)
    assert [f for f in files if f.endswith(".py")] == ["code.py"]


def test_dry_run_changes_nothing(drive):
    before = bundle.files_of(drive)
    result, words = run(drive, dry_run=True)
    assert bundle.files_of(drive) == before and result["write"]
    assert "would write code.py" in words


@pytest.mark.parametrize("boot_out, words", [
    (BOOT_OUT.format(board="raspberry_pi_pico"), "the drive is a raspberry_pi_pico, the bundle is for pybadge"),
    (BOOT_OUT.format(board="pybadge").replace("9.2.1", "8.2.10"), "CircuitPython 8.2.10; this game supports"),
    ("", "no boot_out.txt naming its board"),
])
def test_the_wrong_board_or_firmware_is_refused_unless_forced(drive, boot_out, words):
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write(boot_out)
    with pytest.raises(SystemExit) as e:
        run(drive)
    assert words in str(e.value)
    assert bundle.files_of(drive) == ["boot_out.txt", "code.py"]
    run(drive, force=True)
    assert "hal/pybadge.py" in bundle.files_of(drive)


def test_an_edgebadge_takes_the_pybadge_bundle(drive):
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write(BOOT_OUT.format(board="edgebadge"))
    result, _ = run(drive, board="edgebadge")
    assert "hal/pybadge.py" in result["write"]


def test_drives_are_found_on_linux_and_macos(tmp_path):
    media = tmp_path / "media" / "ann" / "CIRCUITPY"
    media.mkdir(parents=True)
    (media / "boot_out.txt").write_text(BOOT_OUT.format(board="pygamer"))
    other = tmp_path / "media" / "ann" / "USBSTICK"
    other.mkdir()
    mounts = ("/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 %s vfat rw 0 0\n/dev/sdc1 %s vfat rw 0 0\n"
              % (media, other))
    assert deploy.find_drives("linux", mounts=mounts) == [str(media)]
    spaced = tmp_path / "run media" / "CIRCUITPY1"
    spaced.mkdir(parents=True)
    (spaced / "boot_out.txt").write_text("")
    mounts = "/dev/sdb1 %s vfat rw 0 0\n" % str(spaced).replace(" ", "\\040")
    assert deploy.find_drives("linux", mounts=mounts) == [str(spaced)]
    volumes = tmp_path / "Volumes"
    (volumes / "CIRCUITPY").mkdir(parents=True)
    (volumes / "Macintosh HD").mkdir()
    assert deploy.find_drives("darwin", volumes=str(volumes)) == []  # no boot_out.txt: not a board
    (volumes / "CIRCUITPY" / "boot_out.txt").write_text("")
    assert deploy.find_drives("darwin", volumes=str(volumes)) == [str(volumes / "CIRCUITPY")]


def test_no_drive_found_says_what_to_do(monkeypatch):
    monkeypatch.setattr(deploy, "find_drives", lambda: [])
    with pytest.raises(SystemExit, match="--drive"):
        deploy.deploy("pybadge")
    monkeypatch.setattr(deploy, "find_drives", lambda: ["/a", "/b"])
    with pytest.raises(SystemExit, match="several"):
        deploy.deploy("pybadge")


def test_boot_out_is_read():
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "boot_out.txt"), "w") as f:
            f.write(BOOT_OUT.format(board="pygamer").replace("9.2.1", "10.0.3"))
        assert deploy.boot_out(d) == ((10, 0, 3), "pygamer")
        assert deploy.boot_out(os.path.join(d, "none")) == (None, None)


def test_command_line(drive, capsys):
    assert deploy.main(["pybadge", "--source", "--drive", drive, "--dry-run"]) == 0
    assert "would write" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        deploy.main(["toaster", "--drive", drive])


# ---- room, read-only drives, a full drive part-way: one line, exit status 2, no half-copied game -------

def snapshot(tree):
    """{relative path: bytes} of every file under tree."""
    out = {}
    for base, _, names in os.walk(tree):
        for n in names:
            with open(os.path.join(base, n), "rb") as f:
                out[os.path.relpath(os.path.join(base, n), tree)] = f.read()
    return out


def one_error_line(capsys):
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("deploy: ") and "Traceback" not in err, err
    return err


def test_space_needed_rounds_to_blocks_and_counts_a_file_and_its_copy(tmp_path):
    drive = tmp_path
    (drive / "code.py").write_bytes(b"c" * 700)  # two 512-byte blocks
    (drive / "old.py").write_bytes(b"o" * 100)
    order = [("code.py", b"n" * 10), ("old.py", None), ("ui/deep/x.py", b"x" * 1025), ("code.py", b"g" * 513)]
    # in blocks, from what the drive holds now: the notice beside the old code.py +1 (peak 1), then
    # code.py holds 1 instead of 2 (-1); old.py freed (-2); two new folders (0); x.py (peak 3, then 3);
    # the game's code.py beside the notice: peak 5
    assert deploy.space_needed(order, str(drive), 512) == (5 + deploy.MARGIN_BLOCKS) * 512
    assert deploy.space_needed([], str(drive), 512) == deploy.MARGIN_BLOCKS * 512


def test_a_drive_the_old_check_let_through_is_refused_before_anything_changes(drive, monkeypatch, capsys):
    run(drive)
    with open(os.path.join(drive, "ui", "app.py"), "a") as f:
        f.write("# an older version\n")
    os.remove(os.path.join(drive, "engine", "spit", "rules.py"))
    write, delete, _ = deploy.plan(bundle.build("pybadge", drive + "-src", source=True)["out"], drive)
    raw = sum(os.path.getsize(os.path.join(drive + "-src", rel)) for rel in write)
    monkeypatch.setattr(deploy, "free_space", lambda d: (raw, 4096))  # bytes enough, blocks not
    before = snapshot(drive)
    assert deploy.main(["pybadge", "--source", "--drive", drive]) == 2
    assert "not enough room" in one_error_line(capsys)
    assert snapshot(drive) == before


@pytest.fixture
def full_after(monkeypatch):
    """full_after(n): the drive fills up after n more files (a stand-in: fsync of a file raises ENOSPC)."""
    real = os.fsync

    def arm(n):
        left = [n]

        def fsync(fd):
            if stat.S_ISREG(os.fstat(fd).st_mode):
                if left[0] <= 0:
                    raise OSError(errno.ENOSPC, "No space left on device")
                left[0] -= 1
            real(fd)

        monkeypatch.setattr(os, "fsync", fsync)

    return arm


def test_a_drive_full_at_the_first_file_is_left_as_it_was(drive, full_after, capsys):
    before = snapshot(drive)
    full_after(0)
    assert deploy.main(["pybadge", "--source", "--drive", drive]) == 2
    err = one_error_line(capsys)
    assert "No space left on device" in err and "nothing was changed" in err
    assert snapshot(drive) == before


def test_a_drive_full_half_way_holds_whole_files_and_the_notice_never_a_mix(drive, full_after, capsys):
    run(drive)
    new = snapshot(drive)
    old = {}
    for rel in new:
        if rel.startswith(("engine/", "ui/")):
            old[rel] = new[rel] + b"# the version before\n"
            with open(os.path.join(drive, rel), "wb") as f:
                f.write(old[rel])
    full_after(4)  # the notice and three files
    assert deploy.main(["pybadge", "--source", "--drive", drive]) == 2
    err = one_error_line(capsys)
    assert "No space left on device" in err and "stopped after 4 of" in err and "notice" in err
    after = snapshot(drive)
    assert after["code.py"] == deploy.NOTICE  # what the board starts: no game made of two versions
    compile(deploy.NOTICE, "code.py", "exec")
    assert sorted(after) == sorted(new)  # no temporary file left
    mixed = [rel for rel in old if after[rel] == new[rel]]
    assert len(mixed) == 3 and all(after[rel] in (old[rel], new[rel]) for rel in old)


def test_a_run_after_a_stopped_one_finishes_the_game(drive, full_after, capsys):
    run(drive)
    new = snapshot(drive)
    with open(os.path.join(drive, "ui", "app.py"), "ab") as f:
        f.write(b"# older\n")
    full_after(1)
    assert deploy.main(["pybadge", "--source", "--drive", drive]) == 2
    assert snapshot(drive)["code.py"] == deploy.NOTICE
    full_after(10 ** 6)
    result, _ = run(drive)
    assert result["write"] == ["ui/app.py", "code.py"] and snapshot(drive) == new


def test_a_read_only_drive_or_file_is_refused_before_anything_changes(drive, capsys):
    run(drive)
    with open(os.path.join(drive, "ui", "app.py"), "a") as f:
        f.write("# changed\n")
    before = snapshot(drive)
    os.chmod(drive, 0o555)
    try:
        assert deploy.main(["pybadge", "--source", "--drive", drive]) == 2
        assert "read-only" in one_error_line(capsys)
    finally:
        os.chmod(drive, 0o755)
    os.chmod(os.path.join(drive, "ui", "app.py"), 0o444)
    assert deploy.main(["pybadge", "--source", "--drive", drive]) == 2
    assert "read-only" in one_error_line(capsys)
    assert snapshot(drive) == before


@pytest.mark.parametrize("make, words", [
    (lambda d: open(d + "/file", "w").close() or d + "/file", "is not a folder"),
    (lambda d: d + "/nowhere", "no such folder"),
    (lambda d: open(d + "/boot_out.txt", "w").close() or d, "no boot_out.txt naming its board"),
])
def test_command_line_errors_are_one_line_and_status_2(drive, capsys, make, words):
    assert deploy.main(["pybadge", "--source", "--drive", make(drive)]) == 2
    assert words in one_error_line(capsys)


def test_the_default_deploy_copies_circuitpythons_mpy_files(cpvm, drive):
    """Without --source the drive gets the .mpy bundle: code.py the only .py, each .mpy CircuitPython's."""
    assert deploy.main(["pybadge", "--drive", drive]) == 0
    files = bundle.files_of(drive)
    assert [f for f in files if f.endswith(".py")] == ["code.py"]
    assert {"hal/pybadge.mpy", "engine/spit/rules.mpy", "lib/neopixel.mpy"} <= set(files)
    with open(os.path.join(drive, "engine", "spit", "rules.mpy"), "rb") as f:
        assert f.read(2) == b"C\x06"
