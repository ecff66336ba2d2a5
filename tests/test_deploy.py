"""tools/deploy.py: a temporary folder stands in for the CIRCUITPY drive."""

import os

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
    from test_bundle import fake_mpy_cross

    run(drive)
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
    assert deploy.main(["pybadge", "--drive", drive, "--dry-run"]) == 0
    assert "would write" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        deploy.main(["toaster", "--drive", drive])
