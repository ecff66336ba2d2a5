"""The board modules (hal/pybadge.py, hal/pygamer.py, hal/pico.py) on CPython, with CircuitPython stood in for.

tests/boardsim.py puts the stand-ins of tools/board/standins/ in place of
CircuitPython's modules for the length of a test; the same board code runs on
the MicroPython VM in tests/hal/test_selftest.py.
"""

from conftest import ROOT
import os
import sys
import types

import pytest

import hal
from boardsim import board_modules

BUTTONS = ("up", "down", "left", "right")


def make(module_name, env=None, **options):
    """A board module's Hal (inside board_modules), its scanner queue and the stand-in modules."""
    mods = sys.modules
    module = hal.choose(module_name)
    h = module.Hal(**options)
    return module, h, mods


def drain(h):
    """Every (key_number, pressed) event the hal has now."""
    ev = h.Event()
    out = []
    while h.events.get_into(ev):
        out.append((ev.key_number, ev.pressed))
    return out


def test_pybadge_buttons_are_renumbered_player_by_player():
    """D-pad: player 1 up/down/left/right; Select, Start, B, A: player 2's."""
    with board_modules():
        module, h, mods = make("pybadge")
        queue = h.events.queue
        # the shift register's bits: 0 B, 1 A, 2 Start, 3 Select, 4 right, 5 down, 6 up, 7 left
        for bit in range(8):
            queue.put(bit, True)
        assert drain(h) == [(6, True), (7, True), (5, True), (4, True), (3, True), (1, True), (0, True),
                            (2, True)]
        names = [module.KEY_NAMES[k] for k in range(8)]
        assert names == ["up", "down", "left", "right", "Select", "Start", "B", "A"]
        assert h.events.scanner.key_count == 8 and h.events.scanner.value_when_pressed is True


def test_pybadge_event_keeps_the_scanners_timestamp():
    with board_modules():
        _, h, mods = make("pybadge")
        h.events.queue.put(6, True, 123456)
        ev = h.Event()
        assert h.events.get_into(ev) and (ev.key_number, ev.pressed, ev.timestamp) == (0, True, 123456)
        assert not h.events.get_into(ev)


def test_a_tone_plays_until_its_time_is_up_and_only_then_stops():
    with board_modules():
        _, h, mods = make("pybadge")
        speaker = h.speaker
        h.tone(880, 40)
        assert speaker.out.playing and speaker.enable.value
        assert speaker.out.rate == 880 * 16  # one period is 16 samples
        h.poll()
        assert speaker.out.playing  # not yet
        h._tone_until = h.ticks_ms() - 1  # as if 40 ms had passed
        h.poll()
        assert not speaker.out.playing and not speaker.enable.value
        h.sound = False
        h.tone(440, 40)
        assert not speaker.out.playing


def test_board_display_refreshes_only_when_presented():
    with board_modules():
        _, h, mods = make("pybadge")
        assert h.display.auto_refresh is False and (h.display.width, h.display.height) == (160, 128)
        h.present()
        h.present()
        assert h.display.refreshes == 2
        with pytest.raises(ValueError, match="160x128"):
            hal.choose("pybadge").Hal(240, 240)


def test_board_settings_and_statistics_live_in_nvm():
    with board_modules():
        _, h, mods = make("pybadge")
        nvm = mods["microcontroller"].nvm
        assert h.load_settings() == {}
        assert h.save_settings({"stocks": 4, "sound": False})
        assert h.record_game("spit", "cpu", 3, True, 91000)
        again = hal.choose("pybadge").Hal()
        assert again.load_settings() == {"stocks": 4, "sound": False}
        assert again.stats() == {("spit", "cpu", 3): (1, 1, 91000)}
        assert nvm[0] == ord("S")


def test_board_settings_that_do_not_fit_are_refused_with_a_notice(capsys):
    with board_modules():
        _, h, _ = make("pybadge")
        assert not h.save_settings({"name": "x" * 300})
        assert "not saved" in capsys.readouterr().out


def test_pixel_brightness_comes_from_settings_toml():
    with board_modules(env={"SPIT_PIXEL_BRIGHTNESS": "40"}):
        _, h, _ = make("pybadge")
        assert h.pixels.brightness == pytest.approx(0.4) and len(h.pixels) == 5


# ---- PyGamer: the joystick ----------------------------------------------------------------

def stick(mods, x, y):
    mods["_sim"].ANALOG.update(JOYSTICK_X=x, JOYSTICK_Y=y)


def test_pygamer_joystick_gives_player_1_presses_and_releases():
    with board_modules():
        _, h, mods = make("pygamer")
        seen = []
        for x, y in ((32768, 32768), (32768, 1000), (32768, 1000), (32768, 32768), (64000, 30000),
                     (32768, 32768), (2000, 34000), (32768, 64000), (32768, 32768)):
            stick(mods, x, y)
            h.poll()
            seen += drain(h)
        assert seen == [(0, True), (0, False), (3, True), (3, False), (2, True), (2, False), (1, True),
                        (1, False)]


def test_pygamer_joystick_dead_zone_and_hysteresis():
    """Inside the dead zone nothing happens; a held direction lasts until the stick is nearly back."""
    with board_modules():
        module, h, mods = make("pygamer")
        centre = 32768
        stick(mods, centre + module.PRESS - 500, centre)  # not far enough
        h.poll()
        assert drain(h) == []
        stick(mods, centre + module.PRESS + 500, centre)
        h.poll()
        assert drain(h) == [(3, True)]
        stick(mods, centre + module.RELEASE + 500, centre)  # eased off, still held
        h.poll()
        assert drain(h) == []
        stick(mods, centre + module.RELEASE - 500, centre)
        h.poll()
        assert drain(h) == [(3, False)]


def test_pygamer_diagonal_counts_only_the_axis_pushed_furthest():
    with board_modules():
        _, h, mods = make("pygamer")
        stick(mods, 60000, 10000)  # right 27232, up 22768: right
        h.poll()
        assert drain(h) == [(3, True)]


def test_pygamer_buttons_are_player_2():
    with board_modules():
        module, h, _ = make("pygamer")
        for bit in range(4):  # B, A, Start, Select
            h.events.queue.put(bit, True)
        assert drain(h) == [(6, True), (7, True), (5, True), (4, True)]
        assert h.events.scanner.key_count == 4


def test_pygamer_rest_position_is_measured_at_start():
    with board_modules():
        mods = sys.modules
        mods["_sim"].ANALOG.update(JOYSTICK_X=30000, JOYSTICK_Y=35000)
        _, h, _ = make("pygamer")
        assert (h.stick.rest_x, h.stick.rest_y) == (30000, 35000)
        mods["_sim"].ANALOG.update(JOYSTICK_X=60000, JOYSTICK_Y=35000)  # held over at start: the middle
        _, h2, _ = make("pygamer")
        assert h2.stick.rest_x == 32768


def test_a_board_whose_bundle_ships_a_link_transport_offers_the_link():
    """The menu's Link line is there when the hal has open_link: every board whose bundle holds a transport
    (docs/link-transports.md) opens it; the PyGamer and the PyBadge on their TX and RX."""
    import boardinfo
    import bundle

    with board_modules():
        for board_id, (name, _) in sorted(boardinfo.BOARDS.items()):
            transports = [m for m in bundle.entries(board_id) if m.startswith("hal.link.")]
            if not transports or name == "pico":  # the Pico W's opens when its radio is found (below)
                continue
            _, h, mods = make(name)
            assert callable(getattr(h, "open_link", None)), board_id
            link = h.open_link(None)  # as the menu opens it: host (ui/linked.py)
            assert link.port.baudrate == 115200 and link.port.pins == (mods["board"].TX, mods["board"].RX), board_id
            h.deinit()


# ---- the Pico kit: pins and panel from settings.toml ------------------------------------------

def test_pico_default_wiring():
    with board_modules():
        module, h, _ = make("pico")
        keys = h.events.scanner
        assert [p.name for p in keys.pins] == ["GP2", "GP3", "GP4", "GP5", "GP10", "GP11", "GP12", "GP13"]
        assert keys.value_when_pressed is False and keys.pull is True
        display = h.display
        assert (display.width, display.height) == (240, 240)
        assert display.options["rowstart"] == 80 and display.options["rotation"] == 0
        assert display.options["backlight_pin"].name == "GP21"
        assert [p.name for p in display.bus.pins] == ["GP16", "GP17", "GP20"]
        assert h.speaker.pwm.pin.name == "GP15" and h.pixels.pin.name == "GP22"
        h.events.queue.put(5, True)  # keypad.Keys numbers the pins in order: player * 4 + button
        assert drain(h) == [(5, True)]


def test_pico_pins_and_panel_can_be_changed_in_settings_toml():
    env = {"SPIT_PIN_P1_UP": "GP6", "SPIT_PIN_TFT_BL": "", "SPIT_PIN_PIEZO": "", "SPIT_TFT_HEIGHT": "135",
           "SPIT_NEOPIXELS": "0"}
    with board_modules(env=env):
        _, h, _ = make("pico")
        assert h.events.scanner.pins[0].name == "GP6"
        opts = h.display.options
        assert (h.display.width, h.display.height) == (240, 135)
        assert (opts["rotation"], opts["rowstart"], opts["colstart"]) == (270, 40, 53)
        assert opts["backlight_pin"] is None and h.speaker is None and h.pixels is None
        h.tone(440, 50)  # no piezo: nothing happens


@pytest.mark.parametrize("env, words", [
    ({"SPIT_PIN_P2_LEFT": "GP99"}, "SPIT_PIN_P2_LEFT = 'GP99': this board has no pin"),
    ({"SPIT_PIN_P2_LEFT": "GP2"}, "SPIT_PIN_P1_UP and SPIT_PIN_P2_LEFT both use GP2"),
    ({"SPIT_PIN_TFT_DC": ""}, "SPIT_PIN_TFT_DC needs a pin"),
    ({"SPIT_TFT_WIDTH": "wide"}, "SPIT_TFT_WIDTH = 'wide' is not a whole number"),
])
def test_pico_settings_mistakes_are_named(env, words):
    with board_modules(env=env):
        with pytest.raises(ValueError) as e:
            make("pico")
        assert words in str(e.value)


def test_pico_piezo_sounds_at_the_frequency_then_stops():
    with board_modules():
        _, h, _ = make("pico")
        pwm = h.speaker.pwm
        h.tone(660, 30)
        assert (pwm.frequency, pwm.duty_cycle) == (660, 0x8000)
        h._tone_until = h.ticks_ms() - 1
        h.poll()
        assert pwm.duty_cycle == 0


# ---- choosing the board module ------------------------------------------------------------

@pytest.mark.parametrize("board_id, module", [
    ("pybadge", "hal.pybadge"), ("edgebadge", "hal.pybadge"), ("pygamer", "hal.pygamer"),
    ("raspberry_pi_pico", "hal.pico"), ("raspberry_pi_pico2_w", "hal.pico")])
def test_the_board_is_chosen_from_board_id(monkeypatch, board_id, module):
    with board_modules():
        monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(
            name="circuitpython", cache_tag=sys.implementation.cache_tag))
        sys.modules["board"].board_id = board_id
        monkeypatch.delenv("SPIT_BOARD", raising=False)
        assert hal.choose().__name__ == module


def test_settings_toml_overrides_the_board(monkeypatch):
    with board_modules(env={"SPIT_BOARD": "pico"}):
        monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(
            name="circuitpython", cache_tag=sys.implementation.cache_tag))
        sys.modules["board"].board_id = "adafruit_feather_rp2040"
        assert hal.choose().__name__ == "hal.pico"


def test_choose_on_an_unknown_board_names_the_board_and_the_setting(monkeypatch):
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(name="circuitpython"))
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(board_id="feather_m4_express"))
    monkeypatch.delenv("SPIT_BOARD", raising=False)
    with pytest.raises(RuntimeError, match="feather_m4_express.*SPIT_BOARD"):
        hal.choose()


def test_choose_knows_only_the_boards_modules():
    """The desktop's targets are desktop/'s (desktop/cli.py chooses one): hal names none of them."""
    assert hal.MODULES == ("pybadge", "pygamer", "pico")
    for target in ("toaster", "desktop", "headless", "browser"):
        with pytest.raises(ValueError, match="pybadge, pygamer, pico"):
            hal.choose(target)
    with pytest.raises(ValueError, match="desktop/"):
        hal.choose()  # CPython: no board to ask


def test_every_board_module_exports_the_same_names():
    from desktop import headless

    api = ("tone", "ticks_ms", "sleep_ms", "poll", "present", "load_settings", "save_settings",
           "record_game", "stats", "deinit")
    with board_modules():
        for name in ("pybadge", "pygamer", "pico"):
            module, h, _ = make(name)
            assert callable(module.Hal) and module.Event is h.Event and module.NAME
            for attr in ("display", "events", "pixels", "sound"):
                assert hasattr(h, attr), (name, attr)
            for attr in api:
                assert callable(getattr(h, attr)), (name, attr)
                assert callable(getattr(headless.Hal, attr)), attr
            assert len(module.KEY_NAMES) == 8
            h.deinit()


def test_a_board_module_imports_only_what_that_board_has():
    """hal/pybadge.py and hal/pygamer.py use audioio (a SAMD51's DAC), never pwmio; pico.py the reverse."""
    root = ROOT

    def imported(name):
        with open(os.path.join(root, "hal", name + ".py"), encoding="utf-8") as f:
            return {line.split()[1] for line in f if line.startswith(("import ", "from "))}

    assert "audioio" in imported("pybadge") and "pwmio" not in imported("pybadge")
    assert "analogio" in imported("pygamer") and "audioio" not in imported("pygamer")
    assert "pwmio" in imported("pico") and "audioio" not in imported("pico")
    assert "adafruit_st7789" in imported("pico") and "adafruit_st7789" not in imported("pybadge")


@pytest.mark.parametrize("module_name", ["pybadge", "pygamer", "pico"])
def test_a_boards_first_start_is_one_person_against_the_cpu_and_a_stored_mode_is_kept(module_name):
    """issue 34.9: with nothing in nvm a board's Mode is 1P vs CPU (the hal's ``mode``, which ui/app.py takes at a
    first start: tests/ui/test_ui_play.py plays it; a person alone is not asked for a P2, D-1); a Mode the player
    chose is stored and read back as it was, and then the hal's is not asked. (No App is made here: its screen
    would mix the stand-ins' displayio with the desktop's, which other tests import.)"""
    from ui.menu import clean

    with board_modules():
        _, h, _ = make(module_name)
        assert h.mode == "1p" and h.load_settings() == {}
        assert h.save_settings(dict(clean({}, lambda *a: None), mode="2p"))
        assert hal.choose(module_name).Hal().load_settings()["mode"] == "2p"
